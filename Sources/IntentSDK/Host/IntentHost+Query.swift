import IntentModel
import Wire

extension IntentHost {
    /// Runs one kind of query against the entity's default query.
    static func answer<E: AppEntity>(_ query: Wire.EntityQuery, _ type: E.Type) async throws -> [EntityRecord] {
        let source = E.defaultQuery
        switch query.kind {
        case .identifiers(let ids):
            return try await source.entities(for: ids.compactMap(E.ID.init)).map(\.entityRecord)
        case .suggested:
            return try await source.suggestedEntities().map(\.entityRecord)
        case .all:
            if let enumerable = source as? any EnumerableEntityQuery {
                return try await all(enumerable, as: E.self)
            }
            return try await source.suggestedEntities().map(\.entityRecord)
        case .string(let text):
            if let searchable = source as? any EntityStringQuery {
                return try await search(searchable, text, as: E.self)
            }
            let words = text.lowercased()
            return try await source.suggestedEntities().map(\.entityRecord).filter {
                ([$0.title] + $0.synonyms).contains { $0.lowercased().contains(words) }
            }
        case .property(let filters, let matchAll, let sort):
            guard let propertyQuery = source as? any EntityPropertyQuery else {
                throw RPCError(.invalidParams, "Invalid params", data: .object([
                    ("field", .string("params.kind")), ("expected", .string("a query kind \(E.entityTypeName) answers")),
                ]))
            }
            let comparators = try filters.map { filter throws(RPCError) -> EntityPropertyComparator in
                guard let kind = EntityPropertyComparator.Kind(rawValue: filter.comparator) else {
                    throw RPCError(.invalidParams, "Invalid params", data: .object([
                        ("field", .string("params.filters.comparator")), ("expected", .string("equal, notEqual, contains, ...")),
                    ]))
                }
                return EntityPropertyComparator(property: filter.property, kind: kind, value: Self.value(of: filter.value))
            }
            return try await properties(
                propertyQuery, comparators, mode: matchAll ? .and : .or, sort: sort.map { EntityQuerySort($0.property, ascending: $0.ascending) },
                limit: query.limit, as: E.self)
        }
    }

    private static func all<Q: EnumerableEntityQuery, E: AppEntity>(_ query: Q, as: E.Type) async throws -> [EntityRecord] {
        try await query.allEntities().map(\.entityRecord)
    }

    private static func search<Q: EntityStringQuery, E: AppEntity>(_ query: Q, _ text: String, as: E.Type) async throws -> [EntityRecord] {
        try await query.entities(matching: text).map(\.entityRecord)
    }

    private static func properties<Q: EntityPropertyQuery, E: AppEntity>(
        _ query: Q, _ comparators: [EntityPropertyComparator], mode: ComparatorMode, sort: [EntityQuerySort], limit: Int?, as: E.Type
    ) async throws -> [EntityRecord] {
        try await query.entities(matching: comparators, mode: mode, sortedBy: sort, limit: limit).map(\.entityRecord)
    }

    /// A filter's JSON value as a model value: dates from ISO strings, numbers, text.
    static func value(of json: JSONValue) -> Value {
        switch json {
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? .int(Int(n)) : .double(n)
        case .largeInteger: return json.intValue.map(Value.int) ?? .double(json.numberValue ?? .nan)
        case .bool(let b): return .bool(b)
        case .string(let s):
            if s.count >= 10, let date = LocalDateTime(iso8601: s) { return .date(date) }
            return .string(s)
        case .object:
            if let id = json["id"]?.stringValue { return .entity(EntityReference(id: id, title: json["title"]?.stringValue ?? id)) }
            return .string(json.serialized)
        default: return .string(json.serialized)
        }
    }
}
