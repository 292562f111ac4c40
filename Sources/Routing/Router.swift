import Foundation
import IntentModel
import Phrases
import Resolvers

/// Routes utterances to intents: normalize, tag typed values, match every phrase at once,
/// resolve the captured parameters, and decide.
///
/// ```swift
/// let router = try Router(phrasesAt: ["Phrases"])
/// let result = router.route("add milk to my groceries list")
/// result.intent?.id  // "tasks.add"
/// ```
public struct Router: Sendable {
    public let library: PhraseLibrary
    public let matcher: Matcher
    /// Problems found in the phrase files; the router runs with whatever compiled.
    public let diagnostics: [Diagnostic]
    let contacts: [Contact]
    let tagger = ValueTagger()
    let normalizer = TextNormalizer()
    /// Below this confidence the answer is "not understood".
    public var threshold: Double

    public static let defaultThreshold = 0.6

    public init(library: PhraseLibrary, threshold: Double = Router.defaultThreshold) {
        self.library = library
        let (matcher, diagnostics) = PhraseCompiler.compile(library)
        self.matcher = matcher
        self.diagnostics = diagnostics
        self.threshold = threshold
        contacts = library.contacts.map { Contact(person: $0.person, aliases: $0.aliases) }
    }

    /// Loads and compiles the phrase files at `paths`.
    public init(phrasesAt paths: [String], threshold: Double = Router.defaultThreshold) {
        self.init(library: PhraseLibraryLoader.load(paths: paths), threshold: threshold)
    }

    public func context(now: LocalDateTime? = nil, timeZone: TimeZone = .current, language: String = "en") -> ResolutionContext {
        ResolutionContext(now: now ?? LocalDateTime(Date(), in: timeZone), timeZone: timeZone, language: language, contacts: contacts)
    }

    /// Routes one utterance. `now` is the reference time for relative dates (default: the clock).
    public func route(_ utterance: String, now: LocalDateTime? = nil, timeZone: TimeZone = .current) -> RouteResult {
        let tokens = normalizer.tokens(utterance)
        let words = tokens.map(\.text)
        let language = tokens.contains(where: \.isCJK) ? "zh" : "en"
        let context = context(now: now, timeZone: timeZone, language: language)
        let spans = tagger.tag(words, context: context).map {
            SlotSpan(range: $0.range, type: $0.type, value: $0.value, confidence: $0.confidence)
        }
        let parses = matcher.match(words, spans: spans, limit: 5)
        var explanation = Explanation(tokens: words, taggedValues: spans, parses: parses)
        var result = RouteResult(
            utterance: utterance, status: .notUnderstood, intent: nil, parameters: [], missing: [], ambiguities: [],
            confidence: parses.first?.confidence ?? 0, alternatives: [], explanation: explanation)
        guard let best = parses.first, best.confidence >= threshold else {
            result.alternatives = parses.map { ($0.intent.id, $0.confidence) }
            return result
        }
        var extraction = ParameterExtraction(
            utterance: utterance, tokens: tokens, parse: best, matcher: matcher, context: context)
        extraction.run()
        explanation.resolverSteps = extraction.steps
        result.explanation = explanation
        result.intent = best.intent
        result.parameters = extraction.parameters
        result.ambiguities = extraction.ambiguities
        result.missing = extraction.missing
        result.alternatives = parses.dropFirst().filter { $0.confidence >= threshold / 2 }.map { ($0.intent.id, $0.confidence) }
        let tied = parses.dropFirst().first { abs($0.score - best.score) < 0.01 && abs($0.confidence - best.confidence) < 0.01 }
        if !extraction.ambiguities.isEmpty || tied != nil {
            result.status = .ambiguous
        } else if !extraction.missing.isEmpty {
            result.status = .incomplete
        } else {
            result.status = .complete
        }
        return result
    }
}
