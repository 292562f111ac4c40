import IntentModel

/// A resolver an app adds for its own types, tried before the built-in ones.
///
/// Apps use it for what the chain cannot know: a synonym table for a domain word, or a
/// query against their own data.
///
/// ```swift
/// let sizes = SynonymResolver(type: .enumeration("coffee.Size"), synonyms: ["tall": .enumCase("small")])
/// let chain = ResolverChain(customResolvers: [sizes])
/// ```
public protocol CustomResolver: Sendable {
    /// True when this resolver reads values of `type`.
    func handles(_ type: ValueType) -> Bool
    /// The readings of `text` as `type`; empty when it has none.
    func resolve(_ text: String, as type: ValueType, context: ResolutionContext) -> [ResolvedCandidate]
}

/// A custom resolver backed by a table of phrases, matched after normalization.
///
/// The simplest way for an app to teach the chain its words ("venti" is the large size).
public struct SynonymResolver: CustomResolver {
    public let type: ValueType
    let table: [String: Value]

    /// `synonyms` maps each phrase (any case and punctuation) to the value it means.
    public init(type: ValueType, synonyms: [String: Value]) {
        self.type = type
        let normalizer = TextNormalizer()
        var table: [String: Value] = [:]
        for (phrase, value) in synonyms { table[normalizer.words(phrase).joined(separator: " ")] = value }
        self.table = table
    }

    public func handles(_ type: ValueType) -> Bool { type == self.type }

    public func resolve(_ text: String, as type: ValueType, context: ResolutionContext) -> [ResolvedCandidate] {
        let key = TextNormalizer().words(text).joined(separator: " ")
        return table[key].map { [ResolvedCandidate(value: $0, confidence: 1)] } ?? []
    }
}
