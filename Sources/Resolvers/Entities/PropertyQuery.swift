import IntentModel

/// A question about entities by their properties: filters, a sort order and a limit, as in
/// "the three most recent books by andy weir published after 2015".
///
/// It has the shape of the socket's `entities.query` property kind (same comparator names),
/// so the router can send it to an app, and `run(on:)` answers it from in-process records
/// until apps run out of process.
public struct PropertyQuery: Hashable, Sendable {
    public enum Comparator: String, Hashable, Sendable {
        case equal, notEqual, contains, hasPrefix, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual
    }

    /// One condition on one property.
    public struct Filter: Hashable, Sendable {
        public var property: String
        public var comparator: Comparator
        public var value: Value
        public init(property: String, comparator: Comparator, value: Value) {
            self.property = property
            self.comparator = comparator
            self.value = value
        }
    }

    public struct SortKey: Hashable, Sendable {
        public var property: String
        public var ascending: Bool
        public init(property: String, ascending: Bool) {
            self.property = property
            self.ascending = ascending
        }
    }

    /// Words that sort by a date property ("most recent", "newest"; "oldest" and "earliest"
    /// ascending), as the description reader takes them; the router uses them too.
    public static let sortWords: Set<String> = ["recent", "newest", "latest", "oldest", "earliest"]

    public var filters: [Filter]
    public var sort: [SortKey]
    public var limit: Int?

    public init(filters: [Filter] = [], sort: [SortKey] = [], limit: Int? = nil) {
        self.filters = filters
        self.sort = sort
        self.limit = limit
    }

    /// The records that pass every filter, sorted and limited.
    public func run(on records: [EntityRecord]) -> [EntityRecord] {
        var found = records.filter { record in
            filters.allSatisfy { filter in Self.passes(record.properties[filter.property], filter) }
        }
        for key in sort.reversed() {
            found = found.enumerated().sorted { left, right in
                let order = Self.compare(left.element.properties[key.property], right.element.properties[key.property])
                if order == 0 { return left.offset < right.offset }
                return key.ascending ? order < 0 : order > 0
            }.map(\.element)
        }
        if let limit { found = Array(found.prefix(limit)) }
        return found
    }

    static func passes(_ value: Value?, _ filter: Filter) -> Bool {
        guard let value else { return filter.comparator == .notEqual }
        let order = compare(value, filter.value)
        switch filter.comparator {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .contains: return text(value).contains(text(filter.value))
        case .hasPrefix: return text(value).hasPrefix(text(filter.value))
        case .lessThan: return order < 0
        case .lessThanOrEqual: return order <= 0
        case .greaterThan: return order > 0
        case .greaterThanOrEqual: return order >= 0
        }
    }

    static func text(_ value: Value) -> String {
        TextNormalizer().words(value.displayText).joined(separator: " ")
    }

    /// -1, 0 or 1; numbers and dates by value, everything else by normalized text; missing last.
    static func compare(_ left: Value?, _ right: Value?) -> Int {
        guard let left else { return right == nil ? 0 : 1 }
        guard let right else { return -1 }
        switch (left, right) {
        case (.date(let a), .date(let b)): return a < b ? -1 : a == b ? 0 : 1
        case (.int, _), (.double, _):
            guard let a = number(left), let b = number(right) else { break }
            return a < b ? -1 : a == b ? 0 : 1
        default: break
        }
        let a = text(left)
        let b = text(right)
        return a < b ? -1 : a == b ? 0 : 1
    }

    static func number(_ value: Value) -> Double? {
        switch value {
        case .int(let n): Double(n)
        case .double(let d), .duration(let d): d
        case .currencyAmount(let money): money.amount
        default: nil
        }
    }
}
