import Foundation
import IntentModel

/// Turns the words a slot captured into a typed value: normalizers, then typed resolvers,
/// then converters between types (Int → String → Bool, as App Intents does).
///
/// Ambiguity comes back as several candidates so the router can ask; failure comes back as
/// one sentence naming the text ("'next blursday' is not a date I understand").
///
/// ```swift
/// let chain = ResolverChain(enums: app.enums, entityTypes: app.entityTypes)
/// chain.resolve("tomorrow at 5 pm", as: .date, context: context)
/// ```
public struct ResolverChain: Sendable {
    let enums: [String: EnumDefinition]
    let entityTypes: [String: EntityTypeDefinition]
    let customResolvers: [any CustomResolver]
    let choices: ChoiceIndex

    /// `enums` and `entityTypes` are the app definitions enum and entity slots resolve against;
    /// `customResolvers` are tried first, in order.
    public init(
        enums: [EnumDefinition] = [], entityTypes: [EntityTypeDefinition] = [],
        customResolvers: [any CustomResolver] = []
    ) {
        self.enums = Dictionary(enums.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        self.entityTypes = Dictionary(entityTypes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        self.customResolvers = customResolvers
        self.choices = ChoiceIndex(enums: enums, entityTypes: entityTypes)
    }

    /// Resolve a text span (the words a slot captured) as `type`.
    public func resolve(_ text: String, as type: ValueType, context: ResolutionContext) -> Resolution {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty else { return .failed(reason: "There is nothing to read as \(Self.noun(type)).") }
        guard trimmed.count <= 2_000 else {
            return .failed(reason: "The text is too long to read as \(Self.noun(type)).")
        }
        if case .list(let element) = type { return resolveList(trimmed, of: element, context: context) }
        let candidates = candidates(trimmed, as: type, context: context, depth: 0)
        guard !candidates.isEmpty else { return .failed(reason: failure(trimmed, as: type)) }
        return .resolved(candidates)
    }

    /// Resolve a File parameter's text: a path, or a bare name looked up in `directory`, of the
    /// kinds `types` accepts ("image", "pdf", extensions); see `ParameterDefinition.fileTypes`.
    public static func resolveFile(_ text: String, types: [String], directory: String?) -> Resolution {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty else { return .failed(reason: "There is nothing to read as \(FileTypes.noun(types)).") }
        let found = FileResolver.resolve(trimmed, types: types, directory: directory)
        guard !found.isEmpty else { return .failed(reason: FileResolver.failure(trimmed, types: types, directory: directory)) }
        return .resolved(found)
    }

    /// Resolve a text as a span of time: "from 3 to 5 pm", "next week", "july 13-15".
    ///
    /// Periods are not a parameter type of their own; a router uses this for a pair of Date
    /// parameters (start and end) or to bound a query.
    public func resolvePeriod(_ text: String, context: ResolutionContext) -> DateRange? {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty, trimmed.count <= 2_000 else { return nil }
        return DateRangeReader(context: context).read(trimmed)
    }

    /// All readings of `text` as `type`: custom resolvers, the typed resolver, then conversions.
    func candidates(_ text: String, as type: ValueType, context: ResolutionContext, depth: Int) -> [ResolvedCandidate] {
        for resolver in customResolvers where resolver.handles(type) {
            let found = resolver.resolve(text, as: type, context: context)
            if !found.isEmpty { return found }
        }
        let direct = TypedResolver(chain: self, context: context).resolve(text, as: type)
        if !direct.isEmpty || depth >= 2 { return Self.ranked(direct) }
        // No direct reading: read the text as another type and convert (Int → String → Bool).
        for source in Converters.sources(for: type) {
            let readings = candidates(text, as: source, context: context, depth: depth + 1)
            let converted = readings.compactMap { reading in
                Converters.convert(reading.value, to: type).map {
                    ResolvedCandidate(value: $0, confidence: reading.confidence * 0.9)
                }
            }
            if !converted.isEmpty { return Self.ranked(converted) }
        }
        return []
    }

    /// "john, sarah and alex": each item resolved alone; one failure fails the list.
    func resolveList(_ text: String, of element: ValueType, context: ResolutionContext) -> Resolution {
        let items = ListSplitter.split(text)
        if items.count <= 1 {
            guard let best = candidates(text, as: element, context: context, depth: 0).first else {
                return .failed(reason: failure(text, as: element))
            }
            return .resolved([ResolvedCandidate(value: .list([best.value]), confidence: best.confidence)])
        }
        var values: [Value] = []
        var confidence = 1.0
        for item in items {
            guard let best = candidates(item, as: element, context: context, depth: 0).first else {
                // "salt and pepper" may be one name: the whole text, read only when the items fail.
                if let single = candidates(text, as: element, context: context, depth: 0).first {
                    return .resolved([ResolvedCandidate(value: .list([single.value]), confidence: single.confidence)])
                }
                return .failed(reason: failure(item, as: element))
            }
            values.append(best.value)
            confidence = min(confidence, best.confidence)
        }
        return .resolved([ResolvedCandidate(value: .list(values), confidence: confidence)])
    }

    /// `text` without leading and trailing white space (Foundation's trimming is slow on Linux).
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// Best first; equal values merged.
    static func ranked(_ candidates: [ResolvedCandidate]) -> [ResolvedCandidate] {
        var seen: Set<Value> = []
        return candidates.sorted { $0.confidence > $1.confidence }.filter { seen.insert($0.value).inserted }
    }

    func failure(_ text: String, as type: ValueType) -> String {
        switch type {
        case .bool: return "'\(text)' is neither yes nor no."
        case .person: return "'\(text)' is not one of your contacts."
        case .enumeration(let name):
            guard let definition = enums[name] else { return "'\(text)' is not a \(name) I know." }
            let titles = definition.cases.prefix(5).map { "'\($0.title)'" }
            let hint =
                titles.count > 1
                ? titles.dropLast().joined(separator: ", ") + " or " + (titles.last ?? "") : titles.joined()
            return "'\(text)' is not a \(definition.displayName.lowercased()); try \(hint)."
        case .entity(let name):
            let display = entityTypes[name]?.displayName.lowercased() ?? name
            return "No \(display) matches '\(text)'."
        default: return "'\(text)' is not \(Self.noun(type)) I understand."
        }
    }

    /// The type as people say it, with its article: "a date", "an amount of money".
    static func noun(_ type: ValueType) -> String {
        switch type {
        case .string: "a text"
        case .int: "a whole number"
        case .double: "a number"
        case .bool: "a yes or no"
        case .date: "a date"
        case .duration: "a length of time"
        case .url: "a URL"
        case .email: "an e-mail address"
        case .phoneNumber: "a phone number"
        case .currencyAmount: "an amount of money"
        case .measurement(let dimension): dimension.map { "a \($0)" } ?? "a measurement"
        case .person: "a person"
        case .file: "a file"
        case .enumeration(let name), .entity(let name): "a \(name)"
        case .list(let element): "a list of \(noun(element).split(separator: " ").dropFirst().joined(separator: " "))"
        }
    }
}
