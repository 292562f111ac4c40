import IntentModel

/// An app's answer to `intent.perform`: a result, an error with a user-facing message, or
/// a question the daemon asks the user before calling `intent.perform` again.
public enum AppReply: Hashable, Sendable, JSONConvertible {
    case result(IntentResult)
    /// The intent cannot run: `message` is shown as is ("Book Not Found").
    case failure(message: String)
    /// "Needs a value for `parameter`": the daemon asks `prompt` and performs again with it.
    case needsValue(parameter: String, prompt: String?)
    /// The user picks one of `choices` (parameter values in JSON form, with titles).
    case disambiguate(parameter: String, prompt: String?, choices: [Choice])
    /// Ask yes or no; on yes the daemon performs again with `"confirmed": true`.
    case confirm(prompt: String, preview: String?)

    /// The result, when the intent ran to the end.
    public var result: IntentResult? {
        if case .result(let result) = self { return result }
        return nil
    }

    public var json: JSONValue {
        switch self {
        case .result(let result):
            var pairs: [(String, JSONValue)] = [("kind", .string("result"))]
            if case .object(let rest) = result.json { pairs += rest }
            return .object(pairs)
        case .failure(let message):
            return .object([("kind", .string("error")), ("message", .string(message))])
        case .needsValue(let parameter, let prompt):
            return JSONValue.compactObject([
                ("kind", .string("needsValue")), ("parameter", .string(parameter)), ("prompt", prompt.map(JSONValue.string)),
            ])
        case .disambiguate(let parameter, let prompt, let choices):
            return JSONValue.compactObject([
                ("kind", .string("disambiguate")), ("parameter", .string(parameter)), ("prompt", prompt.map(JSONValue.string)),
                ("choices", .array(choices.map(\.json))),
            ])
        case .confirm(let prompt, let preview):
            return JSONValue.compactObject([
                ("kind", .string("confirm")), ("prompt", .string(prompt)), ("preview", preview.map(JSONValue.string)),
            ])
        }
    }

    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json, path: "result")
        switch try fields.string("kind") {
        case "result": self = .result(try IntentResult(json: json))
        case "error": self = .failure(message: try fields.string("message"))
        case "needsValue": self = .needsValue(parameter: try fields.string("parameter"), prompt: try fields.optionalString("prompt"))
        case "disambiguate":
            var choices: [Choice] = []
            for (index, item) in try fields.array("choices").enumerated() {
                var choice = try Choice(json: item)
                if choice.index == 0 { choice.index = index + 1 }
                choices.append(choice)
            }
            self = .disambiguate(parameter: try fields.string("parameter"), prompt: try fields.optionalString("prompt"), choices: choices)
        case "confirm": self = .confirm(prompt: try fields.string("prompt"), preview: try fields.optionalString("preview"))
        default: throw JSONFields.mismatch("result.kind", expected: "result, error, needsValue, disambiguate or confirm")
        }
    }
}

/// A question about an app's entities, answered by the app (`entity.query`).
public struct EntityQuery: Hashable, Sendable, JSONConvertible {
    /// What the app is asked for.
    public enum Kind: Hashable, Sendable {
        /// The entities with these ids (how a saved id becomes an entity again).
        case identifiers([String])
        /// A search inside the app (`entities(matching:)`).
        case string(String)
        /// A short list for a picker: recent, favourites.
        case suggested
        /// Every entity (small, bounded sets).
        case all
        /// Filters on properties, combined with `all` or `any`, then sorted and limited.
        case property(filters: [PropertyFilter], matchAll: Bool, sort: [SortKey])
    }

    /// One condition on a property: "pages greater than 300".
    public struct PropertyFilter: Hashable, Sendable {
        /// The property's name, as the entity type defines it.
        public var property: String
        /// equal, notEqual, contains, hasPrefix, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual.
        public var comparator: String
        /// The value to compare with, in its JSON form.
        public var value: JSONValue
        /// A filter on `property` with one of the comparators above.
        public init(property: String, comparator: String, value: JSONValue) {
            self.property = property
            self.comparator = comparator
            self.value = value
        }
    }

    /// One key to sort the answer by.
    public struct SortKey: Hashable, Sendable {
        /// The property's name, as the entity type defines it.
        public var property: String
        /// Smallest first when true.
        public var ascending: Bool
        /// A sort key, ascending unless said otherwise.
        public init(property: String, ascending: Bool = true) {
            self.property = property
            self.ascending = ascending
        }
    }

    /// The qualified entity type name (`library.Book`).
    public var entityType: String
    /// What is asked.
    public var kind: Kind
    /// At most this many entities in the answer; nil for the app's own limit.
    public var limit: Int?

    /// A query about entities of `entityType` (qualified: `library.Book`).
    public init(entityType: String, kind: Kind, limit: Int? = nil) {
        self.entityType = entityType
        self.kind = kind
        self.limit = limit
    }

    public var json: JSONValue {
        var pairs: [(String, JSONValue?)] = [("entityType", .string(entityType))]
        switch kind {
        case .identifiers(let ids): pairs += [("kind", .string("identifiers")), ("identifiers", .array(ids.map(JSONValue.string)))]
        case .string(let text): pairs += [("kind", .string("string")), ("text", .string(text))]
        case .suggested: pairs.append(("kind", .string("suggested")))
        case .all: pairs.append(("kind", .string("all")))
        case .property(let filters, let matchAll, let sort):
            pairs += [
                ("kind", .string("property")),
                (
                    "filters",
                    .array(
                        filters.map {
                            .object([("property", .string($0.property)), ("comparator", .string($0.comparator)), ("value", $0.value)])
                        })
                ),
                ("mode", .string(matchAll ? "all" : "any")),
                ("sort", .array(sort.map { .object([("property", .string($0.property)), ("ascending", .bool($0.ascending))]) })),
            ]
        }
        pairs.append(("limit", limit.map { .number(Double($0)) }))
        return JSONValue.compactObject(pairs)
    }

    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json)
        entityType = try fields.string("entityType")
        limit = try fields.optionalInt("limit")
        if let limit, limit < 0 {
            throw JSONFields.mismatch("\(fields.path).limit", expected: "a count of 0 or more")
        }
        switch try fields.string("kind") {
        case "identifiers": kind = .identifiers(try fields.strings("identifiers"))
        case "string": kind = .string(try fields.string("text"))
        case "suggested": kind = .suggested
        case "all": kind = .all
        case "property":
            var filters: [PropertyFilter] = []
            for (index, item) in try fields.array("filters").enumerated() {
                let f = try JSONFields(item, path: "params.filters[\(index)]")
                filters.append(PropertyFilter(property: try f.string("property"), comparator: try f.string("comparator"), value: f.value("value") ?? .null))
            }
            var sort: [SortKey] = []
            for (index, item) in try fields.array("sort").enumerated() {
                let s = try JSONFields(item, path: "params.sort[\(index)]")
                sort.append(SortKey(property: try s.string("property"), ascending: try s.optionalBool("ascending") ?? true))
            }
            let mode = try fields.optionalString("mode") ?? "all"
            kind = .property(filters: filters, matchAll: mode != "any", sort: sort)
        default:
            throw JSONFields.mismatch("params.kind", expected: "identifiers, string, suggested, all or property")
        }
    }
}

/// Entities in their JSON form, as an app answers a query.
public struct EntityList: Hashable, Sendable, JSONConvertible {
    /// The entities, in the order the app chose.
    public var entities: [EntityRecord]
    /// A list of these entities.
    public init(_ entities: [EntityRecord]) { self.entities = entities }
    public var json: JSONValue { .object([("entities", .array(entities.map(\.json)))]) }
    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json, path: "result")
        var entities: [EntityRecord] = []
        for (index, item) in try fields.array("entities").enumerated() {
            entities.append(try EntityRecord(json: item, path: "result.entities[\(index)]", properties: []))
        }
        self.entities = entities
    }
}
