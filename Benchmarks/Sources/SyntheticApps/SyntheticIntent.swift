/// One generated intent and its templates.
public struct SyntheticIntent: Sendable {
    /// What the intent does decides its parameters and the shape of its phrases.
    public enum Kind: String, CaseIterable, Sendable {
        /// A free-text title and an optional entity: "add a new brantel called buy milk".
        case create
        /// An entity: "show me my vosk tala brantel".
        case show
        /// An enum: "switch the brantel mode to plim".
        case mode
        /// An Int and an optional entity: "order 3 brantel from vosk".
        case count
        /// No parameter: "how many brantel do i have".
        case query
    }

    public let app: String
    public let name: String
    public let kind: Kind
    /// The first word of some phrases: a common verb ("add", "show") or one of the app's own.
    public let verb: String
    /// The thing the intent is about, a pseudo-word of the app.
    public let noun: String

    public var id: String { "\(app).\(name)" }

    var parameters: [String] {
        switch kind {
        case .create: return ["title: {type: String, title: Title}", "item: Item?"]
        case .show: return ["item: Item"]
        case .mode: return ["mode: Mode"]
        case .count: return ["count: {type: Int, title: Count}", "item: Item?"]
        case .query: return []
        }
    }

    /// Five templates; all but the last of each kind use alternatives and optionals.
    public var templates: [String] {
        let noun = noun, verb = verb
        switch kind {
        case .create:
            return [
                "(add|create|make) [a|an|the] [new] \(noun) [called|named] {title} [(in|with) ${app}]",
                "\(verb) {title} (to|into|onto) [my|the] {item} [<thing>]",
                "new \(noun) {title} [in ${app}]",
                "[please] put {title} on [my|the] \(noun) [list]",
                "(i want|i need) to \(verb) {title} [with ${app}]",
            ]
        case .show:
            return [
                "(show|open|display) [me] [my|the] {item} \(noun)",
                "what is (in|on) [my|the] {item} \(noun)",
                "\(verb) [the] {item} [\(noun)] [(in|on) ${app}]",
                "(open|launch) ${app} [and] (show|open) [the] {item}",
                "take me to [the] {item} \(noun)",
            ]
        case .mode:
            return [
                "(set|switch|change) [the] \(noun) [mode] to {mode} [in ${app}]",
                "\(verb) {mode} \(noun)",
                "make [the] \(noun) {mode}",
                "use {mode} \(noun) [(in|on) ${app}]",
                "turn [the] \(noun) to {mode}",
            ]
        case .count:
            return [
                "\(verb) {count} \(noun) [(to|for) [the] {item}]",
                "(add|give) {count} \(noun) [to {item}]",
                "set [the] \(noun) (to|at) {count} [in ${app}]",
                "i (want|need) {count} \(noun)",
                "order {count} \(noun) [from ${app}]",
            ]
        case .query:
            return [
                "how many \(noun) (are there|do i have) [in ${app}]",
                "what is [my|the] \(noun) [in ${app}]",
                "(show|list|read) [me] [all] [my] \(noun) [in ${app}]",
                "\(verb) [all] [my] \(noun)",
                "ask ${app} (about|for) [my|the] \(noun)",
            ]
        }
    }

    var yamlLines: [String] {
        var lines = ["\(name):", "  title: \(kind.rawValue.capitalized) \(noun)"]
        if !parameters.isEmpty {
            lines.append("  parameters:")
            lines += parameters.map { "    " + $0 }
        }
        lines.append("  phrases:")
        lines += templates.map { "    - " + quoted($0) }
        return lines
    }
}
