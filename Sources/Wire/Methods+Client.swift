import IntentModel

extension Methods {
    /// `route`: what an utterance would do, without doing it (as `intentd route --json`).
    public enum Route: Method {
        public static let name = "route"
        public typealias Result = JSONValue
        /// The parameters of `route`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// What was said or typed.
            public var utterance: String
            /// The reference time for relative dates; default the daemon's clock.
            public var now: LocalDateTime?
            /// Adds `"explanation"` to the result: each stage as `intentd route --explain` prints it.
            public var explain: Bool
            /// The utterance is what a speech recognizer heard: words may stand for phrase words
            /// that sound alike ("my detox" for "mighty tasks").
            public var spoken: Bool
            /// Adds `"readings"` to the result: this many phrase readings closest to the
            /// utterance, for a recognizer to check against the audio (0 to ``maximumReadings``).
            public var readings: Int
            /// The most readings one request may ask for.
            public static let maximumReadings = 20
            /// Routes `utterance`, typed unless `spoken`.
            public init(utterance: String, now: LocalDateTime? = nil, explain: Bool = false, spoken: Bool = false, readings: Int = 0) {
                self.utterance = utterance
                self.now = now
                self.explain = explain
                self.spoken = spoken
                self.readings = readings
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["utterance", "now", "explain", "spoken", "readings"])
                utterance = try fields.string("utterance")
                now = try fields.optionalDate("now")
                explain = try fields.optionalBool("explain") ?? false
                spoken = try fields.optionalBool("spoken") ?? false
                readings = try fields.optionalInt("readings") ?? 0
                guard (0...Self.maximumReadings).contains(readings) else {
                    throw JSONFields.mismatch("params.readings", expected: "a count from 0 to \(Self.maximumReadings)")
                }
            }
            public var json: JSONValue {
                JSONValue.compactObject([
                    ("utterance", .string(utterance)), ("now", now.map { .string($0.iso8601) }), ("explain", explain ? .bool(true) : nil),
                    ("spoken", spoken ? .bool(true) : nil), ("readings", readings > 0 ? .integer(readings) : nil),
                ])
            }
        }
    }

    /// `run`: route an utterance and perform it, or return the daemon's question.
    public enum Run: Method {
        public static let name = "run"
        public typealias Result = RunOutcome
        /// The parameters of `run`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// What was said or typed.
            public var utterance: String
            /// The session to continue or start; the daemon issues one when absent.
            public var session: String?
            /// The reference time for relative dates; default the daemon's clock.
            public var now: LocalDateTime?
            /// What the client asserts about its user (see ClientAssertions).
            public var assertions: ClientAssertions
            /// The utterance is what a speech recognizer heard (see ``Route/Parameters/spoken``).
            public var spoken: Bool
            /// Runs `utterance` in `session` (a new one when nil).
            public init(
                utterance: String, session: String? = nil, now: LocalDateTime? = nil, assertions: ClientAssertions = .init(),
                spoken: Bool = false
            ) {
                self.utterance = utterance
                self.session = session
                self.now = now
                self.assertions = assertions
                self.spoken = spoken
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["utterance", "session", "now", "spoken"] + ClientAssertions.fieldNames)
                utterance = try fields.string("utterance")
                session = try fields.optionalString("session")
                now = try fields.optionalDate("now")
                assertions = try ClientAssertions(fields)
                spoken = try fields.optionalBool("spoken") ?? false
            }
            public var json: JSONValue {
                JSONValue.compactObject([
                    ("utterance", .string(utterance)), ("session", session.map(JSONValue.string)), ("now", now.map { .string($0.iso8601) }),
                    ("spoken", spoken ? .bool(true) : nil),
                ] + assertions.jsonPairs)
            }
        }
    }

    /// `continue`: answer the session's pending question.
    public enum Continue: Method {
        public static let name = "continue"
        public typealias Result = RunOutcome
        /// An answer to the pending question.
        public enum Answer: Hashable, Sendable {
            /// Words, read by the question's kind: a value, a choice ("the second one", a title), yes or no.
            case text(String)
            /// A value in its JSON form, for `value` questions.
            case value(JSONValue)
            /// A 1-based choice index.
            case choice(Int)
            /// Yes or no, for `confirm` questions.
            case confirm(Bool)
            /// Drop the question and the request it belongs to.
            case cancel
        }
        /// The parameters of `continue`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            static let answerKeys = ["text", "value", "choice", "confirm", "cancel"]
            /// The session whose question is answered.
            public var session: String
            /// The answer.
            public var answer: Answer
            /// What the client asserts about its user (see ClientAssertions).
            public var assertions: ClientAssertions
            /// Answers the question `session` waits on.
            public init(session: String, answer: Answer, assertions: ClientAssertions = .init()) {
                self.session = session
                self.answer = answer
                self.assertions = assertions
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["session", "deviceAuthenticated"] + Self.answerKeys)
                session = try fields.string("session")
                assertions = try ClientAssertions(fields)
                // Exactly one form of answer: `{"text": "two", "choice": 1}` would leave one unread.
                let given = Self.answerKeys.filter(fields.has)
                if given.count > 1 {
                    throw RPCError(.invalidParams, "Invalid params", data: .object([
                        ("field", .string("params")), ("reason", .string("more than one answer: " + given.joined(separator: ", "))),
                        ("expected", .string("exactly one of \"text\", \"value\", \"choice\", \"confirm\" or \"cancel\"")),
                    ]))
                }
                if try fields.optionalBool("cancel") == true {
                    answer = .cancel
                } else if let text = try fields.optionalString("text") {
                    answer = .text(text)
                } else if let choice = try fields.optionalInt("choice") {
                    answer = .choice(choice)
                } else if let confirm = try fields.optionalBool("confirm") {
                    answer = .confirm(confirm)
                } else if let value = fields.value("value") {
                    answer = .value(value)
                } else {
                    throw JSONFields.mismatch("params", expected: "one of \"text\", \"value\", \"choice\", \"confirm\" or \"cancel\"")
                }
            }
            public var json: JSONValue {
                let answerPair: (String, JSONValue) =
                    switch answer {
                    case .text(let text): ("text", .string(text))
                    case .value(let value): ("value", value)
                    case .choice(let index): ("choice", .integer(index))
                    case .confirm(let yes): ("confirm", .bool(yes))
                    case .cancel: ("cancel", .bool(true))
                    }
                return JSONValue.compactObject([
                    ("session", .string(session)), (answerPair.0, answerPair.1),
                    ("deviceAuthenticated", assertions.deviceAuthenticated ? .bool(true) : nil),
                ])
            }
        }
    }

    /// `perform`: run a named intent with explicit parameter values, as Shortcuts does.
    public enum Perform: Method {
        public static let name = "perform"
        public typealias Result = RunOutcome
        /// The parameters of `perform`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// The intent and its parameter values; missing ones are asked for.
            public var call: IntentCall
            /// The session to perform it in; the daemon issues one when absent.
            public var session: String?
            /// What the client asserts about its user (see ClientAssertions).
            public var assertions: ClientAssertions
            /// Performs `call` as if its utterance had been routed to it.
            public init(call: IntentCall, session: String? = nil, assertions: ClientAssertions = .init()) {
                self.call = call
                self.session = session
                self.assertions = assertions
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["intent", "parameters", "session"] + ClientAssertions.fieldNames)
                call = IntentCall(
                    intent: try fields.string("intent"),
                    parameters: Dictionary(try fields.pairs("parameters"), uniquingKeysWith: { _, last in last }))
                session = try fields.optionalString("session")
                assertions = try ClientAssertions(fields)
            }
            public var json: JSONValue {
                var pairs: [(String, JSONValue?)] = []
                if case .object(let callPairs) = call.json { pairs = callPairs.map { ($0.0, $0.1) } }
                pairs += [("session", session.map(JSONValue.string))] + assertions.jsonPairs
                return JSONValue.compactObject(pairs)
            }
        }
    }

    /// `apps.list`: every app, with its intents and whether it can serve now.
    public enum ListApps: Method {
        public static let name = "apps.list"
        public typealias Parameters = Empty
        public typealias Result = JSONValue
    }

    /// `apps.describe`: one app's whole definition, in the form `app.register` takes.
    public enum DescribeApp: Method {
        public static let name = "apps.describe"
        public typealias Parameters = AppName
        public typealias Result = AppDefinition
    }

    /// `entities.query`: ask the app that owns an entity type (see ``EntityQuery``).
    public enum QueryEntitiesForClient: Method {
        public static let name = "entities.query"
        public typealias Parameters = EntityQuery
        public typealias Result = EntityList
    }

    /// `search`: intents whose phrases, titles and descriptions fit some words.
    public enum Search: Method {
        public static let name = "search"
        public typealias Result = JSONValue
        /// The parameters of `search`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// The words to look for.
            public var text: String
            /// At most this many intents in the answer.
            public var limit: Int
            /// Searches for intents that fit `text`.
            public init(text: String, limit: Int = 10) {
                self.text = text
                self.limit = limit
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["text", "limit"])
                text = try fields.string("text")
                limit = try fields.optionalInt("limit") ?? 10
            }
            public var json: JSONValue { .object([("text", .string(text)), ("limit", .integer(limit))]) }
        }
    }

    /// `initialize`: an optional handshake. The client says which protocol version it speaks;
    /// the daemon answers with its own, its name and version, its limits and what it offers.
    public enum Initialize: Method {
        public static let name = "initialize"
        public typealias Result = JSONValue
        /// The parameters of `initialize`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// `"1.0"`; any 1.x is accepted, another major version is refused.
            public var protocolVersion: String?
            /// `{"name": ..., "version": ...}` of the client, for the daemon's log.
            public var clientInfo: JSONValue?
            /// A handshake in this protocol version.
            public init(protocolVersion: String? = Methods.protocolVersion, clientInfo: JSONValue? = nil) {
                self.protocolVersion = protocolVersion
                self.clientInfo = clientInfo
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["protocolVersion", "clientInfo"])
                protocolVersion = try fields.optionalString("protocolVersion")
                clientInfo = fields.value("clientInfo")
                if let protocolVersion, protocolVersion.split(separator: ".").first != "1" {
                    throw RPCError(.invalidParams, "Unsupported protocol version", data: .object([
                        ("field", .string("params.protocolVersion")), ("expected", .string("1.x")),
                        ("supported", .array([.string(Methods.protocolVersion)])),
                    ]))
                }
            }
            public var json: JSONValue {
                JSONValue.compactObject([("protocolVersion", protocolVersion.map(JSONValue.string)), ("clientInfo", clientInfo)])
            }
        }
    }

    /// `status`: the daemon's version, uptime, and what it is serving.
    public enum Status: Method {
        public static let name = "status"
        public typealias Parameters = Empty
        public typealias Result = JSONValue
    }
}

/// `{"app": "tasks"}`.
public struct AppName: Hashable, Sendable, JSONConvertible {
    /// The app id: `tasks`.
    public var app: String
    /// Names the app `app`.
    public init(_ app: String) { self.app = app }
    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json)
        try fields.allowOnly(["app"])
        app = try fields.string("app")
    }
    public var json: JSONValue { .object([("app", .string(app))]) }
}
