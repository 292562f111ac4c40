import IntentModel
import Phrases

/// What the router understood of one utterance. Routing never performs anything.
public struct RouteResult: Sendable {
    /// How far the router got.
    public enum Status: String, Sendable {
        /// An intent with every required parameter.
        case complete
        /// An intent, but required parameters are missing (listed in `missing`).
        case incomplete
        /// Two readings are equally good: two intents, or a name that fits several values.
        case ambiguous
        /// Nothing matched well enough to act on.
        case notUnderstood
    }

    /// The utterance as given.
    public var utterance: String
    /// Whether an intent was found, with all it needs.
    public var status: Status
    /// The best intent; nil when nothing was understood.
    public var intent: IntentDefinition?
    /// Resolved parameters, in the intent's parameter order.
    public var parameters: [(name: String, value: Value)]
    /// Required parameters with no value.
    public var missing: [String]
    /// Parameters whose words fit several values, with the candidates.
    public var ambiguities: [(name: String, candidates: [Value])]
    /// Entity parameters named by words that fit no known value ("open the task buy bread"
    /// when "Buy bread" was added at run time), with the name as said. Each is also in
    /// `missing`, so the status is `incomplete`: the daemon asks the app for the name with its
    /// string query before it asks the user.
    public var unresolved: [(name: String, text: String)] = []
    /// Values said outside their parameter's `inclusiveRange` ("send -5 dollars"), each with
    /// why ("The amount must be between 0.01 and 10000."). They are not taken: a required one
    /// is in `missing`, and the daemon says why when it asks for it again.
    public var outOfRange: [(name: String, problem: String)] = []
    /// How well the best reading explains the words, 0...1; below the router's threshold is `notUnderstood`.
    public var confidence: Double
    /// Other intents that matched, with their confidence.
    public var alternatives: [(intent: String, confidence: Double)]
    /// What each stage produced, for `--explain`.
    public var explanation: Explanation
    /// When several apps adopt the schema the utterance reached, parse it alike and none is
    /// preferred: each app's reading, `intent`'s first. The status is then `ambiguous`, and
    /// the conversation asks which app.
    public var appChoices: [AppChoice] = []
    /// When the speaker corrected themselves ("add eggs to groceries no wait to my work
    /// list"): the words as understood, the repair in place of what it repairs.
    public var repaired: String?
    /// For an utterance of several commands ("add milk to my groceries list and open it"):
    /// each part's own result, in order; the result's other fields are the first part's.
    /// Empty for a single command.
    public var parts: [RouteResult] = []
    /// When the user's history broke a tie between equally good intents: the intent it chose
    /// (set by the daemon, which keeps the history; docs/memory.md).
    public var historyPrior: String?
    /// Words of the utterance the reading acted on leaves unused, as said ("on monday" in
    /// "transfer 30 dollars to john on monday" when the intent takes no date): nothing said
    /// is dropped without saying so.
    public var ignored: [String] = []

    /// One app's reading of an utterance, when several apps could take it.
    public struct AppChoice: Sendable {
        /// The app's intent.
        public var intent: IntentDefinition
        /// The app's display name.
        public var appName: String
        /// Its resolved parameters.
        public var parameters: [(name: String, value: Value)]
        /// Its required parameters with no value.
        public var missing: [String]
        /// Its parameters whose words fit several values.
        public var ambiguities: [(name: String, candidates: [Value])]
    }

    /// The value of parameter `name`, if it has one.
    public func parameter(_ name: String) -> Value? { parameters.first { $0.name == name }?.value }

    /// The JSON form of `intentd route --json` and the socket's route method.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("utterance", .string(utterance)),
            ("status", .string(status.rawValue)),
            ("intent", intent.map { .string($0.id) } ?? .null),
            ("parameters", .object(parameters.map { ($0.name, $0.value.json) })),
            ("missing", .array(missing.map(JSONValue.string))),
            ("confidence", .number(Self.round(confidence))),
            (
                "alternatives",
                .array(alternatives.map { .object([("intent", .string($0.intent)), ("confidence", .number(Self.round($0.confidence)))]) })
            ),
        ]
        if !ambiguities.isEmpty {
            pairs.append(("candidates", .object(ambiguities.map { ($0.name, .array($0.candidates.map(\.json))) })))
        }
        if let repaired { pairs.append(("repaired", .string(repaired))) }
        if !parts.isEmpty { pairs.append(("parts", .array(parts.map(\.json)))) }
        if let historyPrior { pairs.append(("historyPrior", .string(historyPrior))) }
        if !ignored.isEmpty { pairs.append(("ignored", .array(ignored.map(JSONValue.string)))) }
        if !unresolved.isEmpty {
            pairs.append(("unresolved", .object(unresolved.map { ($0.name, .string($0.text)) })))
        }
        if !outOfRange.isEmpty {
            pairs.append(("outOfRange", .object(outOfRange.map { ($0.name, .string($0.problem)) })))
        }
        if !appChoices.isEmpty {
            let apps = appChoices.map { choice in
                JSONValue.object([
                    ("app", .string(choice.intent.appID)), ("name", .string(choice.appName)), ("intent", .string(choice.intent.id)),
                    ("parameters", .object(choice.parameters.map { ($0.name, $0.value.json) })),
                ])
            }
            pairs.append(("apps", .array(apps)))
        }
        return .object(pairs)
    }

    /// Rounds to two decimals, as confidences are written.
    package static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

/// The output of each stage of routing one utterance.
public struct Explanation: Sendable {
    /// The normalized words.
    public var tokens: [String] = []
    /// Typed values found in the words (numbers, dates, money), with where.
    public var taggedValues: [SlotSpan] = []
    /// The matcher's readings, best first.
    public var parses: [Parse] = []
    /// How each parameter value was resolved, in words.
    public var resolverSteps: [String] {
        get { steps.map(\.description) }
        set { steps = newValue.map(ResolverStep.text) }
    }
    /// The resolver steps as recorded: written out only when read (every route records them,
    /// `--explain` alone reads them).
    var steps: [ResolverStep] = []
    /// The parameters that took their default value (a date of "now"), none having been said.
    public var defaultedParameters: [String] {
        steps.compactMap { step in
            if case .defaulted(let name) = step { name } else { nil }
        }
    }

    /// A readable account of every stage, for `--explain`.
    public var text: String {
        var lines = ["tokens: " + tokens.enumerated().map { "\($0.offset):\($0.element)" }.joined(separator: " ")]
        lines.append("tagged values:" + (taggedValues.isEmpty ? " none" : ""))
        for span in taggedValues {
            let words = tokens[span.range].joined(separator: " ")
            lines.append("  [\(span.range.lowerBound)..<\(span.range.upperBound)] '\(words)' \(span.type) = \(span.value.json.serialized) (\(RouteResult.round(span.confidence)))")
        }
        lines.append("parses:" + (parses.isEmpty ? " none" : ""))
        for (rank, parse) in parses.enumerated() {
            let origin = parse.schema.map { " via schema \($0)" } ?? ""
            lines.append("  \(rank + 1). \(parse.intent.id) score \(RouteResult.round(parse.score)) confidence \(RouteResult.round(parse.confidence))\(origin)")
            lines.append("     phrase \"\(parse.phrase)\"" + (parse.phraseLocation.map { " (\($0))" } ?? ""))
            for step in parse.steps { lines.append("     \(step)") }
        }
        lines.append("resolver steps:" + (resolverSteps.isEmpty ? " none" : ""))
        lines += resolverSteps.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}

/// One step of resolving a parse's parameters, kept as its parts and written when read.
enum ResolverStep: Sendable, CustomStringConvertible {
    case text(String)
    /// A value the phrase's words imply ("reply all" sets `isReplyAll`).
    case implied(parameter: String, value: Value)
    /// A typed value the taggers found.
    case tagged(parameter: String, value: Value)
    /// A known name.
    case name(parameter: String, type: String, name: NameMatch)
    /// Several known names too close to tell apart.
    case names(parameter: String, type: String, names: [NameMatch])
    case freeText(parameter: String, text: String)
    case defaulted(parameter: String)

    var description: String {
        switch self {
        case .text(let text): text
        case .implied(let parameter, let value): "\(parameter): \(value.json.serialized), implied by the phrase"
        case .tagged(let parameter, let value): "\(parameter): tagged value \(value.json.serialized)"
        case .name(let parameter, let type, let name): "\(parameter): \(type) '\(name.title)' (\(RouteResult.round(name.quality)))"
        case .names(let parameter, let type, let names):
            "\(parameter): \(type) ambiguous among " + names.map { "'\($0.title)'" }.joined(separator: ", ")
        case .freeText(let parameter, let text): "\(parameter): free text '\(text)'"
        case .defaulted(let parameter): "\(parameter): default"
        }
    }
}
