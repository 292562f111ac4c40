import IntentModel
import Synchronization

/// An app concept whose values change (a book, a task): a stable id, how it is shown,
/// `@Property` attributes people can filter by, and the query that finds it.
///
/// Keep entities thin values made from your storage model. The type's name in phrase
/// files is ``entityTypeName`` (the Swift name with `Entity` dropped).
///
/// ```swift
/// struct BookEntity: AppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Book"
///     static let defaultQuery = BookQuery()
///     let id: String
///     @Property(title: "Title") var title: String
///     @Property(title: "Author") var author: String
///     var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)", subtitle: "\(author)") }
/// }
/// ```
public protocol AppEntity: IntentValue, Identifiable where ID: LosslessStringConvertible & Sendable {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// The name in phrase files and on the wire (`Book`, qualified `library.Book`).
    static var entityTypeName: String { get }
    static var defaultQuery: DefaultQuery { get }
    /// The assistant schema the entity adopts (`.mail.account`).
    static var assistantSchema: AssistantSchema? { get }
    var displayRepresentation: DisplayRepresentation { get }
    /// An instance the SDK reads `@Property` types from when the default query lists no
    /// entities at start (a store that begins empty). Default nil.
    static var metadataPrototype: Self? { get }
}

extension AppEntity {
    public static var entityTypeName: String { defaultIdentifier(for: Self.self, droppingSuffix: "Entity", lowercaseFirst: false) }
    public static var assistantSchema: AssistantSchema? { nil }
    public static var metadataPrototype: Self? { nil }

    public static var intentValueType: ValueType { .entity(entityTypeName) }
    public static func fromIntentValue(_ value: Value) async throws -> Self? {
        let id: String
        switch value {
        case .entity(let reference): id = reference.id
        case .string(let s): id = s
        default: return nil
        }
        guard let typed = ID(id) else { return nil }
        return try await defaultQuery.entities(for: [typed]).first
    }
    public var intentValue: Value {
        .entity(EntityReference(id: String(describing: id), title: displayRepresentation.title.text))
    }
    public static func collectTypes(into types: inout TypeCollector) { types.add(Self.self) }

    /// The entity as a record: id, title, subtitle, synonyms and its `@Property` values.
    public var entityRecord: EntityRecord {
        let display = displayRepresentation
        var properties: [String: Value] = [:]
        for property in EntityIntrospection.properties(of: self) {
            if let value = property.value { properties[property.name] = value }
        }
        return EntityRecord(
            id: String(describing: id), title: display.title.text, subtitle: display.subtitle?.text, synonyms: display.synonyms.map(\.text),
            properties: properties)
    }
}

/// How a value is shown: a title, an optional subtitle, an image name, and other names
/// people call it (compiled into the matcher).
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The name shown and said: "Dune".
    public var title: LocalizedStringResource
    /// A second line: "Frank Herbert".
    public var subtitle: LocalizedStringResource?
    /// The name of an image a front end may show.
    public var image: String?
    /// Other names people use for the value ("the offsite agenda"); the matcher knows them too.
    public var synonyms: [LocalizedStringResource]

    /// A representation with a title and, optionally, the rest.
    public init(
        title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: String? = nil,
        synonyms: [LocalizedStringResource] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.synonyms = synonyms
    }

    public init(stringLiteral value: String) { self.init(title: LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(title: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}

/// How a type is named to people: "Book", "Task List".
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public var name: LocalizedStringResource
    /// The type's name, singular: "Book".
    public init(name: LocalizedStringResource) { self.name = name }
    /// A type named `name`.
    public init(stringLiteral value: String) { name = LocalizedStringResource(value) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        name = LocalizedStringResource(String(stringInterpolation: stringInterpolation))
    }
}

/// An attribute of an ``AppEntity`` that people can filter and sort by (property queries).
///
/// ```swift
/// @Property(title: "Published") var datePublished: Date
/// ```
@propertyWrapper
public struct Property<Value: IntentValue>: Sendable {
    let title: String
    private let box: PropertyBox<Value>

    /// A property with a value, titled for people ("Published").
    public init(wrappedValue: Value, title: LocalizedStringResource) {
        self.title = title.text
        box = PropertyBox(wrappedValue)
    }

    /// An optional property, without a value until one is set.
    public init(title: LocalizedStringResource) where Value: ExpressibleByNilLiteral {
        self.title = title.text
        box = PropertyBox(nil)
    }

    /// The property's value.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// The property itself (`$datePublished`).
    public var projectedValue: Property<Value> { self }
}

final class PropertyBox<Value: IntentValue>: Sendable {
    private let state: Mutex<Value>
    init(_ value: Value) { state = Mutex(value) }
    var value: Value {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

/// What the SDK reads from a property without knowing its type.
protocol AnyEntityProperty {
    var propertyTitle: String { get }
    var propertyValue: Value? { get }
    static var valueType: ValueType { get }
    static var isOptional: Bool { get }
    static func collectTypes(into types: inout TypeCollector)
}

extension Property: AnyEntityProperty {
    var propertyTitle: String { title }
    var propertyValue: IntentModel.Value? { wrappedValue.encodedIfPresent }
    static var valueType: ValueType { Value.intentValueType }
    static var isOptional: Bool { Value.isOptionalValue }
    static func collectTypes(into types: inout TypeCollector) { Value.collectTypes(into: &types) }
}

/// Reads an entity's `@Property` values with `Mirror`.
enum EntityIntrospection {
    struct Found {
        var name: String
        var title: String
        var value: Value?
        var type: ValueType
        var isOptional: Bool
        var property: any AnyEntityProperty
    }

    static func properties(of entity: some AppEntity) -> [Found] {
        Mirror(reflecting: entity).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), let property = child.value as? any AnyEntityProperty else { return nil }
            let kind = type(of: property)
            return Found(
                name: String(label.dropFirst()), title: property.propertyTitle, value: property.propertyValue, type: kind.valueType,
                isOptional: kind.isOptional, property: property)
        }
    }
}
