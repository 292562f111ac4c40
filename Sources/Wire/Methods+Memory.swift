import IntentModel

/// The methods of intentd's memory (docs/memory.md): the history, donations and suggestions.
extension Methods {
    /// `history.list`: what was performed and donated, newest first. A client sees its own
    /// user's entries; the daemon's own user sees everyone's.
    public enum ListHistory: Method {
        public static let name = "history.list"
        public typealias Result = JSONValue
        /// The parameters of `history.list`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// Only entries of this app.
            public var app: String?
            /// Only entries of this qualified intent (`tasks.add`).
            public var intent: String?
            /// Only entries recorded at or after this time (ISO 8601, as `now`).
            public var since: LocalDateTime?
            /// At most this many entries.
            public var limit: Int
            /// Lists the newest `limit` entries that pass every filter given.
            public init(app: String? = nil, intent: String? = nil, since: LocalDateTime? = nil, limit: Int = 50) {
                self.app = app
                self.intent = intent
                self.since = since
                self.limit = limit
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["app", "intent", "since", "limit"])
                app = try fields.optionalString("app")
                intent = try fields.optionalString("intent")
                since = try fields.optionalDate("since")
                limit = try fields.optionalInt("limit") ?? 50
                guard limit >= 0 else { throw JSONFields.mismatch("limit", expected: "a number of entries, 0 or more") }
            }
            public var json: JSONValue {
                JSONValue.compactObject([
                    ("app", app.map(JSONValue.string)), ("intent", intent.map(JSONValue.string)), ("since", since.map { .string($0.iso8601) }),
                    ("limit", .integer(limit)),
                ])
            }
        }
    }

    /// `history.forget`: removes one entry (`id`), an app's entries (`app`) or all of them
    /// (`all: true`); exactly one of the three. Answers `{"forgotten": N}`.
    public enum ForgetHistory: Method {
        public static let name = "history.forget"
        public typealias Result = JSONValue
        /// What to forget: one of three.
        public enum Parameters: Hashable, Sendable, JSONConvertible {
            /// The entry with this id.
            case entry(Int)
            /// Every entry of this app.
            case app(String)
            /// The whole history.
            case everything

            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["id", "app", "all"])
                let given = ["id", "app", "all"].filter(fields.has)
                guard given.count == 1 else {
                    throw JSONFields.mismatch("params", expected: "exactly one of \"id\", \"app\" or \"all\": true")
                }
                if let id = try fields.optionalInt("id") {
                    self = .entry(id)
                } else if let app = try fields.optionalString("app") {
                    self = .app(app)
                } else {
                    guard try fields.optionalBool("all") == true else { throw JSONFields.mismatch("all", expected: "true") }
                    self = .everything
                }
            }
            public var json: JSONValue {
                switch self {
                case .entry(let id): .object([("id", .integer(id))])
                case .app(let app): .object([("app", .string(app))])
                case .everything: .object([("all", .bool(true))])
                }
            }
        }
    }

    /// `intent.donate` (from an app): the user did this in the app itself. Recorded in the
    /// history, marked as donated, for suggestions. Only the connection serving the app may
    /// donate its intents.
    public enum DonateIntent: Method {
        public static let name = "intent.donate"
        public typealias Result = JSONValue
        /// The parameters of `intent.donate`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// The intent and the parameter values the user gave in the app.
            public var call: IntentCall
            /// What the intent returned in the app, if anything.
            public var result: JSONValue?
            /// When the user did it (default: now).
            public var now: LocalDateTime?
            /// Donates `call`, done at `now`.
            public init(call: IntentCall, result: JSONValue? = nil, now: LocalDateTime? = nil) {
                self.call = call
                self.result = result
                self.now = now
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["intent", "parameters", "result", "now"])
                call = IntentCall(
                    intent: try fields.string("intent"),
                    parameters: Dictionary(try fields.pairs("parameters"), uniquingKeysWith: { _, last in last }))
                result = fields.value("result")
                now = try fields.optionalDate("now")
            }
            public var json: JSONValue {
                var pairs: [(String, JSONValue?)] = []
                if case .object(let callPairs) = call.json { pairs = callPairs.map { ($0.0, $0.1) } }
                return JSONValue.compactObject(pairs + [("result", result), ("now", now.map { .string($0.iso8601) })])
            }
        }
    }

    /// `suggestions`: intents the user is likely to want now, ranked by how often, how
    /// recently and at what time of day they were performed or donated, each with its
    /// typical parameters and the reason.
    public enum Suggestions: Method {
        public static let name = "suggestions"
        public typealias Result = JSONValue
        /// The parameters of `suggestions`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// The time to suggest for (default: now).
            public var now: LocalDateTime?
            /// At most this many suggestions.
            public var limit: Int
            /// Asks for the `limit` best suggestions at `now`.
            public init(now: LocalDateTime? = nil, limit: Int = 5) {
                self.now = now
                self.limit = limit
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["now", "limit"])
                now = try fields.optionalDate("now")
                limit = try fields.optionalInt("limit") ?? 5
                guard limit >= 0 else { throw JSONFields.mismatch("limit", expected: "a number of suggestions, 0 or more") }
            }
            public var json: JSONValue {
                JSONValue.compactObject([("now", now.map { .string($0.iso8601) }), ("limit", .integer(limit))])
            }
        }
    }
}
