import IntentModel

extension Methods {
    /// `app.register`: serve an app's intents from this connection, for as long as it stays open.
    public enum RegisterApp: Method {
        public static let name = "app.register"
        public typealias Result = JSONValue
        /// The parameters of `app.register`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// The app: its id, intents, entities, enums and phrases.
            public var app: AppDefinition
            /// Registers `app`.
            public init(app: AppDefinition) { self.app = app }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                guard let app = fields.value("app") else { throw JSONFields.mismatch("params.app", expected: "an app definition") }
                if case .string(let id) = app {
                    // Serving an app declared in a phrase file, by id alone.
                    self.app = AppDefinition(id: id, displayName: id)
                } else {
                    self.app = try AppDefinition(json: app)
                }
            }
            public var json: JSONValue { .object([("app", app.json)]) }
        }
    }

    /// `app.unregister`: stop serving an app (closing the connection does the same).
    public enum UnregisterApp: Method {
        public static let name = "app.unregister"
        public typealias Parameters = AppName
        public typealias Result = JSONValue
    }

    /// `entities.changed`, app → daemon: the entities of a type changed (added, renamed,
    /// deleted); with `entities`, these are all of them now, else the daemon asks for them.
    public enum EntitiesChanged: Method {
        public static let name = "entities.changed"
        public typealias Result = JSONValue
        /// The parameters of `entities.changed`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// The qualified entity type whose values changed (`library.Book`).
            public var entityType: String
            /// All the entities of the type now, or nil to let the daemon ask for them.
            public var entities: [EntityRecord]?
            /// Says that the entities of `entityType` changed.
            public init(entityType: String, entities: [EntityRecord]? = nil) {
                self.entityType = entityType
                self.entities = entities
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                try fields.allowOnly(["entityType", "entities"])
                entityType = try fields.string("entityType")
                entities = fields.has("entities") ? try EntityList(json: .object([("entities", fields.value("entities") ?? .array([]))])).entities : nil
            }
            public var json: JSONValue {
                JSONValue.compactObject([("entityType", .string(entityType)), ("entities", entities.map { .array($0.map(\.json)) })])
            }
        }
    }

    /// `intent.perform`, daemon → app: run an intent with these parameter values.
    public enum PerformIntent: Method {
        public static let name = "intent.perform"
        public typealias Result = AppReply
        /// The parameters of `intent.perform`.
        public struct Parameters: Hashable, Sendable, JSONConvertible {
            /// The intent and its parameter values, resolved.
            public var call: IntentCall
            /// The session the call belongs to.
            public var session: String
            /// True once the user said yes to the intent's (or the app's) confirmation.
            public var confirmed: Bool
            /// The uid of the client the call is made for.
            public var clientUID: Int?
            /// The reference time of the request (what "today" and "this week" mean): the time
            /// the client gave with it, else the daemon's clock.
            public var now: LocalDateTime?
            /// A call of `call` in `session`.
            public init(call: IntentCall, session: String, confirmed: Bool = false, clientUID: Int? = nil, now: LocalDateTime? = nil) {
                self.call = call
                self.session = session
                self.confirmed = confirmed
                self.clientUID = clientUID
                self.now = now
            }
            public init(json: JSONValue) throws(RPCError) {
                let fields = try JSONFields(json)
                call = IntentCall(
                    intent: try fields.string("intent"),
                    parameters: Dictionary(try fields.pairs("parameters"), uniquingKeysWith: { _, last in last }))
                session = try fields.string("session")
                confirmed = try fields.optionalBool("confirmed") ?? false
                clientUID = try fields.optionalInt("clientUID")
                if let text = try fields.optionalString("now") {
                    guard let now = LocalDateTime(iso8601: text) else { throw JSONFields.mismatch("params.now", expected: "a local ISO-8601 date-time") }
                    self.now = now
                }
            }
            public var json: JSONValue {
                var pairs: [(String, JSONValue?)] = []
                if case .object(let callPairs) = call.json { pairs = callPairs.map { ($0.0, $0.1) } }
                pairs += [
                    ("session", .string(session)), ("confirmed", .bool(confirmed)),
                    ("clientUID", clientUID.map { .integer($0) }),
                    ("now", now.map { .string($0.iso8601) }),
                ]
                return JSONValue.compactObject(pairs)
            }
        }
    }

    /// `entity.query`, daemon → app: answer a query about the app's entities.
    public enum QueryEntities: Method {
        public static let name = "entity.query"
        public typealias Parameters = EntityQuery
        public typealias Result = EntityList
    }
}
