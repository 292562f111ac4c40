import Foundation
import IntentModel

/// A Swift type an intent parameter, an entity property or a result value can have.
///
/// The SDK ships conformances for `String`, `Int`, `Double`, `Bool`, `Date`, `URL`,
/// `Duration`, ``IntentPerson``, ``IntentFile``, ``IntentCurrencyAmount``, optionals and
/// arrays of these, and every ``AppEnum`` and ``AppEntity``. You rarely conform to it yourself.
///
/// ```swift
/// @Parameter(title: "Due Date") var dueDate: Date?      // Date? is an IntentValue
/// @Parameter(title: "To") var to: [IntentPerson]        // so is [IntentPerson]
/// ```
public protocol IntentValue: Sendable {
    /// The type as phrase files write it; app enums and entities by their short name.
    static var intentValueType: ValueType { get }
    /// Reads the value from its model form; nil when it does not fit. Entities are looked
    /// up with their default query, hence `async`.
    static func fromIntentValue(_ value: Value) async throws -> Self?
    /// The value's model form (its JSON form on the socket).
    var intentValue: Value { get }
    /// The value of a parameter nobody gave: nil for most types, `.none` for optionals,
    /// `[]` for lists.
    static var absentValue: Self? { get }
    /// True for `Optional`.
    static var isOptionalValue: Bool { get }
    /// Adds the enums and entities this type mentions to `types`.
    static func collectTypes(into types: inout TypeCollector)
}

extension IntentValue {
    public static var absentValue: Self? { nil }
    public static var isOptionalValue: Bool { false }
    public static func collectTypes(into types: inout TypeCollector) {}
}

/// The app enums and entity types an app's intents mention, gathered while its definition is extracted.
public struct TypeCollector: Sendable {
    var enums: [any AppEnum.Type] = []
    var entities: [any AppEntity.Type] = []
    /// An empty collector.
    public init() {}

    /// Adds an enum type, once.
    public mutating func add(_ type: any AppEnum.Type) {
        guard !enums.contains(where: { $0 == type }) else { return }
        enums.append(type)
    }

    /// Adds an entity type, once.
    public mutating func add(_ type: any AppEntity.Type) {
        guard !entities.contains(where: { $0 == type }) else { return }
        entities.append(type)
    }
}

extension String: IntentValue {
    public static var intentValueType: ValueType { .string }
    public static func fromIntentValue(_ value: Value) async throws -> String? {
        switch value {
        case .string(let s), .url(let s), .email(let s), .phoneNumber(let s), .enumCase(let s): s
        case .file(let path): path
        default: value.displayText
        }
    }
    public var intentValue: Value { .string(self) }
}

extension Int: IntentValue {
    public static var intentValueType: ValueType { .int }
    public static func fromIntentValue(_ value: Value) async throws -> Int? {
        switch value {
        case .int(let i): i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: Int(d)
        default: nil
        }
    }
    public var intentValue: Value { .int(self) }
}

extension Double: IntentValue {
    public static var intentValueType: ValueType { .double }
    public static func fromIntentValue(_ value: Value) async throws -> Double? {
        switch value {
        case .double(let d): d
        case .int(let i): Double(i)
        case .currencyAmount(let c): c.amount
        default: nil
        }
    }
    public var intentValue: Value { .double(self) }
}

extension Bool: IntentValue {
    public static var intentValueType: ValueType { .bool }
    public static func fromIntentValue(_ value: Value) async throws -> Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }
    public var intentValue: Value { .bool(self) }
}

/// Dates travel as wall-clock times (docs/protocol.md); they are read and written in the
/// process's time zone (`TZ`).
extension Date: IntentValue {
    public static var intentValueType: ValueType { .date }
    public static func fromIntentValue(_ value: Value) async throws -> Date? {
        guard case .date(let local) = value else { return nil }
        return local.date(in: .current)
    }
    public var intentValue: Value { .date(LocalDateTime(self, in: .current)) }
}

extension URL: IntentValue {
    public static var intentValueType: ValueType { .url }
    public static func fromIntentValue(_ value: Value) async throws -> URL? {
        switch value {
        case .url(let s), .string(let s): URL(string: s)
        case .file(let path): URL(fileURLWithPath: path)
        default: nil
        }
    }
    public var intentValue: Value { .url(absoluteString) }
}

extension Duration: IntentValue {
    public static var intentValueType: ValueType { .duration }
    public static func fromIntentValue(_ value: Value) async throws -> Duration? {
        switch value {
        case .duration(let seconds), .double(let seconds): .milliseconds(Int64((seconds * 1000).rounded()))
        case .int(let seconds): .seconds(seconds)
        default: nil
        }
    }
    public var intentValue: Value {
        .duration(Double(components.seconds) + Double(components.attoseconds) / 1e18)
    }
}

extension Optional: IntentValue where Wrapped: IntentValue {
    public static var intentValueType: ValueType { Wrapped.intentValueType }
    public static func fromIntentValue(_ value: Value) async throws -> Wrapped?? {
        guard let wrapped = try await Wrapped.fromIntentValue(value) else { return nil }
        return .some(wrapped)
    }
    public var intentValue: Value {
        // An absent optional is never encoded: callers leave it out. A list keeps its shape.
        self?.intentValue ?? .list([])
    }
    public static var absentValue: Wrapped?? { .some(nil) }
    public static var isOptionalValue: Bool { true }
    public static func collectTypes(into types: inout TypeCollector) { Wrapped.collectTypes(into: &types) }
}

extension Array: IntentValue where Element: IntentValue {
    public static var intentValueType: ValueType { .list(Element.intentValueType) }
    public static func fromIntentValue(_ value: Value) async throws -> [Element]? {
        let items: [Value]
        if case .list(let list) = value { items = list } else { items = [value] }
        var out: [Element] = []
        for item in items {
            guard let element = try await Element.fromIntentValue(item) else { return nil }
            out.append(element)
        }
        return out
    }
    public var intentValue: Value { .list(map(\.intentValue)) }
    public static var absentValue: [Element]? { [] }
    public static func collectTypes(into types: inout TypeCollector) { Element.collectTypes(into: &types) }
}

extension IntentValue {
    /// The value encoded, or nil for an absent optional.
    var encodedIfPresent: Value? {
        if let optional = self as? any OptionalProtocol, optional.isNone { return nil }
        return intentValue
    }
}

protocol OptionalProtocol {
    var isNone: Bool { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
}
