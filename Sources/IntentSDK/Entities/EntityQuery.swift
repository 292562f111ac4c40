import IntentModel

/// How intentd finds an app's entities: by id (always), and the suggestions for a picker.
///
/// ```swift
/// struct TaskQuery: EntityQuery {
///     @Dependency var store: TaskStore
///     func entities(for identifiers: [String]) async throws -> [TaskEntity] {
///         await store.tasks.filter { identifiers.contains($0.id) }.map(TaskEntity.init)
///     }
///     func suggestedEntities() async throws -> [TaskEntity] { await store.openTasks.map(TaskEntity.init) }
/// }
/// ```
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    init()
    /// The entities with these ids, in any order; unknown ids are left out.
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// A short list for a picker (recent, favourites): not thousands.
    func suggestedEntities() async throws -> [Entity]
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

/// A query that searches inside the app: "find the task about slides".
///
/// ```swift
/// func entities(matching string: String) async throws -> [TaskEntity] {
///     try await suggestedEntities().filter { $0.title.localizedCaseInsensitiveContains(string) }
/// }
/// ```
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> [Entity]
}

/// A query for small, bounded sets that can all be listed (lists, accounts, services).
///
/// ```swift
/// struct TaskListQuery: EnumerableEntityQuery {
///     func allEntities() async throws -> [TaskListEntity] { TaskListEntity.all }
///     func entities(for identifiers: [String]) async throws -> [TaskListEntity] {
///         TaskListEntity.all.filter { identifiers.contains($0.id) }
///     }
/// }
/// ```
public protocol EnumerableEntityQuery: EntityQuery {
    func allEntities() async throws -> [Entity]
}

extension EnumerableEntityQuery {
    public func suggestedEntities() async throws -> [Entity] { try await allEntities() }
}

/// A query by properties: filters combined with all/any, sorted and limited ("books by
/// Andy Weir published after 2015, newest three").
///
/// The SDK hands `entities(matching:mode:sortedBy:limit:)` the filters as
/// ``EntityPropertyComparator`` values; ``EntityPropertyComparator/matches(_:)`` and
/// ``EntityQuerySort/areInIncreasingOrder(_:_:)`` evaluate them against `@Property`
/// values, so a small app can simply filter its list.
///
/// ```swift
/// struct BookQuery: EntityPropertyQuery {
///     static let properties: [QueryProperty] = [
///         QueryProperty("author", [.equal, .contains]),
///         QueryProperty("datePublished", [.lessThan, .greaterThan]),
///     ]
///     static let sortingOptions = ["title", "datePublished", "dateRead"]
///     func entities(matching comparators: [EntityPropertyComparator], mode: ComparatorMode,
///                   sortedBy: [EntityQuerySort], limit: Int?) async throws -> [BookEntity] {
///         let books = await store.books.filter { mode.combine(comparators, $0) }
///         return Array(books.sorted(by: sortedBy).prefix(limit ?? .max))
///     }
/// }
/// ```
public protocol EntityPropertyQuery: EntityQuery {
    /// The properties people can filter by, with the comparators each supports.
    static var properties: [QueryProperty] { get }
    /// The properties results can be sorted by.
    static var sortingOptions: [String] { get }
    func entities(
        matching comparators: [EntityPropertyComparator], mode: ComparatorMode, sortedBy: [EntityQuerySort], limit: Int?
    ) async throws -> [Entity]
}

/// A filterable property of an entity and its comparators.
public struct QueryProperty: Sendable, Hashable {
    /// The property's name (the Swift property's name: `datePublished`).
    public var name: String
    /// The comparators people may use on it.
    public var comparators: [EntityPropertyComparator.Kind]
    /// A property `name` that can be filtered with `comparators`.
    public init(_ name: String, _ comparators: [EntityPropertyComparator.Kind]) {
        self.name = name
        self.comparators = comparators
    }
}

/// How a property query's filters combine.
public enum ComparatorMode: String, Sendable {
    case and
    case or

    /// True when `entity` passes the filters in this mode.
    public func combine<E: AppEntity>(_ comparators: [EntityPropertyComparator], _ entity: E) -> Bool {
        switch self {
        case .and: comparators.allSatisfy { $0.matches(entity) }
        case .or: comparators.isEmpty || comparators.contains { $0.matches(entity) }
        }
    }
}

/// One filter of a property query: property, comparator, value.
public struct EntityPropertyComparator: Sendable, Hashable {
    /// How a property's value is compared with the filter's.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case equal, notEqual, contains, hasPrefix, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual
    }

    /// The property's name.
    public var property: String
    /// How its value is compared.
    public var kind: Kind
    /// The value to compare with.
    public var value: Value

    /// A filter: `property` compared by `kind` with `value`.
    public init(property: String, kind: Kind, value: Value) {
        self.property = property
        self.kind = kind
        self.value = value
    }

    /// True when the entity's `@Property` of this name passes the filter. Text compares
    /// without regard to case; dates and numbers by order.
    public func matches<E: AppEntity>(_ entity: E) -> Bool {
        guard let found = EntityIntrospection.properties(of: entity).first(where: { $0.name == property }) else { return false }
        guard let actual = found.value else { return kind == .notEqual }
        switch kind {
        case .equal: return ValueOrder.compare(actual, value) == 0
        case .notEqual: return ValueOrder.compare(actual, value) != 0
        case .contains: return actual.displayText.lowercased().contains(value.displayText.lowercased())
        case .hasPrefix: return actual.displayText.lowercased().hasPrefix(value.displayText.lowercased())
        case .lessThan: return ValueOrder.compare(actual, value).map { $0 < 0 } ?? false
        case .lessThanOrEqual: return ValueOrder.compare(actual, value).map { $0 <= 0 } ?? false
        case .greaterThan: return ValueOrder.compare(actual, value).map { $0 > 0 } ?? false
        case .greaterThanOrEqual: return ValueOrder.compare(actual, value).map { $0 >= 0 } ?? false
        }
    }
}

/// One sort key of a property query.
public struct EntityQuerySort: Sendable, Hashable {
    /// The property's name.
    public var property: String
    /// Smallest first when true.
    public var ascending: Bool
    /// A sort key, ascending unless said otherwise.
    public init(_ property: String, ascending: Bool = true) {
        self.property = property
        self.ascending = ascending
    }

    /// Orders two entities by this key; entities without the property go last.
    public func areInIncreasingOrder<E: AppEntity>(_ a: E, _ b: E) -> Bool? {
        let x = EntityIntrospection.properties(of: a).first { $0.name == property }?.value
        let y = EntityIntrospection.properties(of: b).first { $0.name == property }?.value
        switch (x, y) {
        case (nil, nil): return nil
        case (nil, _): return false
        case (_, nil): return true
        case (let x?, let y?):
            guard let order = ValueOrder.compare(x, y), order != 0 else { return nil }
            return ascending ? order < 0 : order > 0
        }
    }
}

extension Sequence {
    /// Sorted by the keys in turn.
    public func sorted<E: AppEntity>(by keys: [EntityQuerySort]) -> [E] where Element == E {
        sorted { a, b in
            for key in keys {
                if let ordered = key.areInIncreasingOrder(a, b) { return ordered }
            }
            return false
        }
    }
}

/// Compares values of the same kind: numbers, dates, text (case-insensitive), entities by id.
enum ValueOrder {
    static func compare(_ a: Value, _ b: Value) -> Int? {
        switch (a, b) {
        case (.date(let x), .date(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        case (.entity(let x), .entity(let y)): return x.id == y.id ? 0 : (x.id < y.id ? -1 : 1)
        case (.entity(let x), _): return compareText(x.id, b.displayText) == 0 ? 0 : compareText(x.title, b.displayText)
        default: break
        }
        if let x = number(a), let y = number(b) { return x == y ? 0 : (x < y ? -1 : 1) }
        return compareText(a.displayText, b.displayText)
    }

    static func number(_ v: Value) -> Double? {
        switch v {
        case .int(let i): Double(i)
        case .double(let d), .duration(let d): d
        case .currencyAmount(let c): c.amount
        default: nil
        }
    }

    static func compareText(_ a: String, _ b: String) -> Int {
        let x = a.lowercased()
        let y = b.lowercased()
        return x == y ? 0 : (x < y ? -1 : 1)
    }
}
