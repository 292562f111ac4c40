import IntentModel

/// A fixed set of values (shelves, sizes, workout types), with a title per case and the
/// other words people use for it.
///
/// ```swift
/// enum SoupSize: String, AppEnum {
///     case small, medium, large
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Size"
///     static let caseDisplayRepresentations: [SoupSize: DisplayRepresentation] = [
///         .small: DisplayRepresentation(title: "Small (8 oz)", synonyms: ["small", "cup"]),
///         .medium: "Medium (12 oz)",
///         .large: "Large (16 oz)",
///     ]
/// }
/// ```
public protocol AppEnum: IntentValue, RawRepresentable<String>, CaseIterable, Hashable where AllCases: Sendable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
    /// The name in phrase files (`SoupSize`); by default the Swift type's name.
    static var enumTypeName: String { get }
    static var assistantSchema: AssistantSchema? { get }
}

extension AppEnum {
    public static var enumTypeName: String { defaultIdentifier(for: Self.self, droppingSuffix: "Enum", lowercaseFirst: false) }
    public static var assistantSchema: AssistantSchema? { nil }
    public static var intentValueType: ValueType { .enumeration(enumTypeName) }
    public static func fromIntentValue(_ value: Value) async throws -> Self? {
        switch value {
        case .enumCase(let id), .string(let id): Self(rawValue: id)
        default: nil
        }
    }
    public var intentValue: Value { .enumCase(rawValue) }
    public static func collectTypes(into types: inout TypeCollector) { types.add(Self.self) }

    /// This case's display representation (its raw value when none is given).
    public var displayRepresentation: DisplayRepresentation {
        Self.caseDisplayRepresentations[self] ?? DisplayRepresentation(title: LocalizedStringResource(rawValue))
    }
}
