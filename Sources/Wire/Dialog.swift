import IntentModel

/// What an app returns when an intent has run: any of dialog text, a value, a snippet and
/// a follow-up intent to open.
public struct IntentResult: Hashable, Sendable, JSONConvertible {
    /// Text shown (and spoken) to the user: "Task 'buy bread' added".
    public var dialog: String?
    /// The intent's value in its JSON form (a typed value or an entity).
    public var value: JSONValue?
    /// A text block a front end shows (intentd's snippet view).
    public var snippet: String?
    /// A foreground intent that opens the value (App Intents' `opensIntent`).
    public var opensIntent: IntentCall?
    /// The entities the result lists, in the order shown, when its value is not them (a count
    /// beside a list of tasks): "the second one" in the next request is the second of these.
    public var shows: [JSONValue]?

    /// A result with any of its parts; an empty one says only that the intent ran.
    public init(
        dialog: String? = nil, value: JSONValue? = nil, snippet: String? = nil, opensIntent: IntentCall? = nil, shows: [JSONValue]? = nil
    ) {
        self.dialog = dialog
        self.value = value
        self.snippet = snippet
        self.opensIntent = opensIntent
        self.shows = shows
    }

    public var json: JSONValue {
        JSONValue.compactObject([
            ("dialog", dialog.map(JSONValue.string)), ("value", value), ("snippet", snippet.map(JSONValue.string)),
            ("opensIntent", opensIntent?.json), ("shows", shows.map(JSONValue.array)),
        ])
    }

    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json, path: "result")
        dialog = try fields.optionalString("dialog")
        value = fields.value("value")
        snippet = try fields.optionalString("snippet")
        opensIntent = try fields.value("opensIntent").map { (v) throws(RPCError) in try IntentCall(json: v) }
        shows = fields.has("shows") ? try fields.array("shows") : nil
    }
}

/// An intent id with parameter values in their JSON form.
public struct IntentCall: Hashable, Sendable, JSONConvertible {
    /// The qualified intent id: `tasks.add`.
    public var intent: String
    /// Parameter values by parameter name, each in its JSON form.
    public var parameters: [String: JSONValue]

    /// A call of `intent` with these values (the others are asked for or take their defaults).
    public init(intent: String, parameters: [String: JSONValue] = [:]) {
        self.intent = intent
        self.parameters = parameters
    }

    public var json: JSONValue {
        .object([("intent", .string(intent)), ("parameters", .object(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))])
    }

    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json, path: "opensIntent")
        intent = try fields.string("intent")
        parameters = Dictionary(try fields.pairs("parameters"), uniquingKeysWith: { _, last in last })
    }
}

/// One option of a disambiguation question: a value of the parameter, or an intent.
public struct Choice: Hashable, Sendable, JSONConvertible {
    /// 1-based; the user may answer with it ("the second one" is 2).
    public var index: Int
    /// What the user sees and may say to pick it.
    public var title: String
    /// The parameter value, in its JSON form (nil when the choice is an intent).
    public var value: JSONValue?
    /// The intent, when the question is which intent was meant.
    public var intent: String?

    /// A choice of a value (`value`) or of an intent (`intent`); give one of them.
    public init(index: Int, title: String, value: JSONValue? = nil, intent: String? = nil) {
        self.index = index
        self.title = title
        self.value = value
        self.intent = intent
    }

    public var json: JSONValue {
        JSONValue.compactObject([
            ("index", .number(Double(index))), ("title", .string(title)), ("value", value), ("intent", intent.map(JSONValue.string)),
        ])
    }

    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json, path: "choice")
        index = try fields.optionalInt("index") ?? 0
        title = try fields.string("title")
        value = fields.value("value")
        intent = try fields.optionalString("intent")
    }
}

/// The question a session is waiting on.
public struct Question: Hashable, Sendable, JSONConvertible {
    /// What kind of answer a question wants.
    public enum Kind: String, Hashable, Sendable {
        /// Give a value for `parameter`.
        case value
        /// Pick one of `choices`.
        case choice
        /// Yes or no, before the intent runs.
        case confirm
    }

    /// What kind of answer is wanted.
    public var kind: Kind
    /// The parameter asked about (nil for confirm, and for a choice between intents).
    public var parameter: String?
    /// What to show and say: "Which soup would you like?".
    public var prompt: String
    /// The parameter's type, for `value` questions (`Int`, `soup.Soup`).
    public var type: String?
    /// For `choice`: the options, numbered from 1.
    public var choices: [Choice]
    /// For confirm: a text preview of what will happen.
    public var preview: String?

    /// A question of `kind`; pass the fields that kind uses.
    public init(kind: Kind, parameter: String? = nil, prompt: String, type: String? = nil, choices: [Choice] = [], preview: String? = nil) {
        self.kind = kind
        self.parameter = parameter
        self.prompt = prompt
        self.type = type
        self.choices = choices
        self.preview = preview
    }

    public var json: JSONValue {
        JSONValue.compactObject([
            ("kind", .string(kind.rawValue)), ("parameter", parameter.map(JSONValue.string)), ("prompt", .string(prompt)),
            ("type", type.map(JSONValue.string)), ("choices", kind == .choice ? .array(choices.map(\.json)) : nil),
            ("preview", preview.map(JSONValue.string)),
        ])
    }

    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json, path: "question")
        guard let kind = Kind(rawValue: try fields.string("kind")) else {
            throw JSONFields.mismatch("question.kind", expected: "value, choice or confirm")
        }
        self.kind = kind
        parameter = try fields.optionalString("parameter")
        prompt = try fields.string("prompt")
        type = try fields.optionalString("type")
        var choices: [Choice] = []
        for item in try fields.array("choices") { choices.append(try Choice(json: item)) }
        self.choices = choices
        preview = try fields.optionalString("preview")
    }
}

/// Where a conversation stands after `run`, `continue` or `perform`.
public struct RunOutcome: Hashable, Sendable, JSONConvertible {
    /// How a turn of the conversation ended.
    public enum Status: String, Hashable, Sendable {
        /// The intent ran; `result` holds what the app returned.
        case done
        /// The session waits for an answer to `question` (send it with `continue`).
        case question
        /// The app refused with a user-facing message (`error`), e.g. "Book Not Found".
        case failed
        /// The user cancelled or said no.
        case cancelled
        /// The utterance matched no intent well enough; `route` tells what the router saw.
        case notUnderstood
    }

    /// The session id: send it back with `continue`, or with the next `run` of the same conversation.
    public var session: String
    /// How the turn ended.
    public var status: Status
    /// The intent routed to, once one is known.
    public var intent: String?
    /// The parameter values known so far, in their JSON form.
    public var parameters: [(String, JSONValue)]
    /// For `question`: what the session waits on.
    public var question: Question?
    /// For `done`: what the app returned.
    public var result: IntentResult?
    /// For `failed`: the app's user-facing message. For `cancelled` and `notUnderstood`: what to say.
    public var message: String?
    /// For `notUnderstood`: the router's answer, as `route` returns it.
    public var route: JSONValue?
    /// For `continue`: the question the session was waiting on, dropped because the reply was
    /// no answer to it but a request of its own, which this outcome performed.
    public var droppedQuestion: Question?
    /// For `continue`: the question the session still waits on. The reply was no answer to it
    /// but a request that only reads ("what's my balance" while a transfer waits for its
    /// amount), which this outcome performed; the next reply answers the question.
    public var heldQuestion: Question?
    /// Words of the utterance that were not used (the route result's `ignored`), as said.
    public var ignored: [String] = []
    /// For an utterance of several commands: the outcome of each command reached so far, in
    /// order, this one last. The sequence stops at a question (it goes on once answered) or
    /// at a failure.
    public var parts: [RunOutcome] = []
    /// When the request corrected the one just performed ("no, tomorrow instead"): what changed.
    public var correction: Correction?

    /// When the request was the one just performed again with one value changed ("and milk"
    /// after "add eggs to my groceries list"): which.
    public var followUp: FollowUp?

    /// The request just performed, made again: the parameter said anew, its value before and now.
    public struct FollowUp: Hashable, Sendable {
        /// The parameter said anew.
        public var parameter: String
        /// Its value in the request before (nil when it had none).
        public var before: JSONValue?
        /// Its value now.
        public var value: JSONValue
        /// The request before, again with `parameter` set to `value`.
        public init(parameter: String, before: JSONValue?, value: JSONValue) {
            self.parameter = parameter
            self.before = before
            self.value = value
        }
        public var json: JSONValue {
            JSONValue.compactObject([("parameter", .string(parameter)), ("before", before), ("value", value)])
        }
    }

    /// A correction of the request just performed: one parameter's old and new value, and
    /// whether the first action was undone before this one was performed.
    public struct Correction: Hashable, Sendable {
        /// The parameter whose value changed.
        public var parameter: String
        /// Its value in the corrected request (nil when it had none).
        public var from: JSONValue?
        /// Its value now.
        public var to: JSONValue
        /// Whether the first action was undone (a reversible intent) before this one.
        public var undid: Bool
        /// A correction of `parameter` from one value to another.
        public init(parameter: String, from: JSONValue?, to: JSONValue, undid: Bool) {
            self.parameter = parameter
            self.from = from
            self.to = to
            self.undid = undid
        }
        public var json: JSONValue {
            JSONValue.compactObject([("parameter", .string(parameter)), ("from", from), ("to", to), ("undid", .bool(undid))])
        }
    }

    /// An outcome; the fields a status does not use stay nil or empty.
    public init(
        session: String, status: Status, intent: String? = nil, parameters: [(String, JSONValue)] = [], question: Question? = nil,
        result: IntentResult? = nil, message: String? = nil, route: JSONValue? = nil
    ) {
        self.session = session
        self.status = status
        self.intent = intent
        self.parameters = parameters
        self.question = question
        self.result = result
        self.message = message
        self.route = route
    }

    public static func == (lhs: RunOutcome, rhs: RunOutcome) -> Bool { lhs.json == rhs.json }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    public var json: JSONValue {
        JSONValue.compactObject([
            ("session", .string(session)), ("status", .string(status.rawValue)), ("intent", intent.map(JSONValue.string)),
            ("parameters", .object(parameters)), ("question", question?.json), ("result", result?.json),
            ("message", message.map(JSONValue.string)), ("route", route), ("droppedQuestion", droppedQuestion?.json),
            ("heldQuestion", heldQuestion?.json),
            ("ignored", ignored.isEmpty ? nil : .array(ignored.map(JSONValue.string))),
            ("parts", parts.isEmpty ? nil : .array(parts.map(\.json))),
            ("correction", correction?.json), ("followUp", followUp?.json),
        ])
    }

    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json, path: "result")
        session = try fields.string("session")
        guard let status = Status(rawValue: try fields.string("status")) else {
            throw JSONFields.mismatch("result.status", expected: "done, question, failed, cancelled or notUnderstood")
        }
        self.status = status
        intent = try fields.optionalString("intent")
        parameters = try fields.pairs("parameters")
        question = try fields.value("question").map { (v) throws(RPCError) in try Question(json: v) }
        result = try fields.value("result").map { (v) throws(RPCError) in try IntentResult(json: v) }
        message = try fields.optionalString("message")
        route = fields.value("route")
        droppedQuestion = try fields.value("droppedQuestion").map { (v) throws(RPCError) in try Question(json: v) }
        heldQuestion = try fields.value("heldQuestion").map { (v) throws(RPCError) in try Question(json: v) }
        ignored = (fields.value("ignored")?.arrayValue ?? []).compactMap(\.stringValue)
        if let fix = fields.value("correction"), let parameter = fix["parameter"]?.stringValue, let to = fix["to"] {
            correction = Correction(parameter: parameter, from: fix["from"], to: to, undid: fix["undid"] == .bool(true))
        }
        if let again = fields.value("followUp"), let parameter = again["parameter"]?.stringValue, let value = again["value"] {
            followUp = FollowUp(parameter: parameter, before: again["before"], value: value)
        }
        for (index, part) in (fields.value("parts")?.arrayValue ?? []).enumerated() {
            do { parts.append(try RunOutcome(json: part)) } catch { throw JSONFields.mismatch("result.parts[\(index)]", expected: "an outcome") }
        }
    }
}
