import Foundation

/// The assistant schemas intentd knows: domains (`mail`), each with intent schemas
/// (`mail.createDraft`), entity schemas (`mail.account`) and enum schemas, every one with
/// fixed parameter names and types.
///
/// An intent that adopts a schema must declare the schema's parameters with the same names
/// and types; intentd's own phrases for the schema (Phrases/schemas/) then reach it without
/// the app writing phrases of its own. The catalogue is data: `catalog:` files among the
/// phrase files (Phrases/schemas/catalog.yaml), read by the Phrases module. docs/schemas.md
/// describes the format.
public struct SchemaCatalog: Hashable, Sendable {
    public var domains: [SchemaDomain]

    public init(domains: [SchemaDomain] = []) { self.domains = domains }

    public var isEmpty: Bool { domains.isEmpty }

    public func domain(_ id: String) -> SchemaDomain? { domains.first { $0.id == id } }

    public var intentSchemas: [IntentSchema] { domains.flatMap(\.intents) }
    public var entitySchemas: [EntitySchema] { domains.flatMap(\.entities) }
    public var enumSchemas: [EnumSchema] { domains.flatMap(\.enums) }

    public func intentSchema(_ id: String) -> IntentSchema? {
        domain(Self.domainID(of: id))?.intents.first { $0.id == id }
    }
    public func entitySchema(_ id: String) -> EntitySchema? {
        domain(Self.domainID(of: id))?.entities.first { $0.id == id }
    }
    public func enumSchema(_ id: String) -> EnumSchema? { domain(Self.domainID(of: id))?.enums.first { $0.id == id } }

    /// Every schema id of every kind, for "did you mean" hints.
    public var allIDs: [String] {
        domains.flatMap { $0.intents.map(\.id) + $0.entities.map(\.id) + $0.enums.map(\.id) }
    }

    /// `mail` of `mail.createDraft`.
    public static func domainID(of schemaID: String) -> String { String(schemaID.prefix { $0 != "." }) }
}

/// A group of schemas for one kind of app (mail, calendar, ...).
public struct SchemaDomain: Hashable, Sendable {
    /// `mail`.
    public var id: String
    public var title: String
    /// Apple's category: `primary` (reached by the assistant), `shortcuts-only`,
    /// `single-purpose`, `unlisted`; `intentd` for domains intentd defines itself.
    public var category: String
    /// True when an app that adopts one of the domain's intent schemas must adopt them all
    /// (mail, messages, clock): the domain's phrases assume every action is there.
    public var adoptWhole: Bool
    /// Where the domain is documented.
    public var source: String?
    public var intents: [IntentSchema]
    public var entities: [EntitySchema]
    public var enums: [EnumSchema]
    public var location: SourceLocation?

    public init(
        id: String, title: String, category: String = "primary", adoptWhole: Bool = false, source: String? = nil,
        intents: [IntentSchema] = [], entities: [EntitySchema] = [], enums: [EnumSchema] = [],
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.title = title
        self.category = category
        self.adoptWhole = adoptWhole
        self.source = source
        self.intents = intents
        self.entities = entities
        self.enums = enums
        self.location = location
    }
}

/// How sure the catalogue is of an entry, as marked in the research snapshot it was built from.
public enum SchemaConfidence: String, Hashable, Sendable, CaseIterable {
    /// Parameters copied from the example on Apple's current documentation page.
    case confirmedDoc = "confirmed-doc"
    /// Parameters from Apple's older (iOS 18) documentation page.
    case confirmedDocIOS18 = "confirmed-doc-ios18"
    /// Seen in compiled third-party code or its build diagnostics.
    case confirmedThirdPartyCode = "confirmed-3rd-party-code"
    /// Not confirmed: shipped only where a protocol or confirmed siblings fix the parameters.
    case inferred
    /// Only the name is known; nothing about its shape is enforced.
    case listed
    /// Defined by intentd or a catalogue extension, not by Apple (a domain Apple has no
    /// schemas for); the default of an entry without a marker.
    case intentd

    /// Whether adopters are held to the entry's properties or cases.
    public var isEnforced: Bool {
        switch self {
        case .confirmedDoc, .confirmedDocIOS18, .confirmedThirdPartyCode, .intentd: true
        case .inferred, .listed: false
        }
    }
}

/// The type of a schema parameter or property.
public indirect enum SchemaType: Hashable, Sendable, CustomStringConvertible {
    /// A built-in type (`String`, `[Person]` is `.list(.value(.person))`).
    case value(ValueType)
    /// An app entity or enum that adopts the named entity or enum schema (`mail.account`).
    case schema(String)
    /// Whatever type the app chooses (Apple's app-defined placeholders, places, recurrence rules).
    case any
    case list(SchemaType)

    public var description: String {
        switch self {
        case .value(let type): type.description
        case .schema(let id): id
        case .any: "Any"
        case .list(let element): "[\(element)]"
        }
    }

    public var isList: Bool {
        if case .list = self { return true }
        return false
    }

    /// The element type of a list, or the type itself.
    public var elementType: SchemaType {
        if case .list(let element) = self { return element }
        return self
    }

    /// Parses `String`, `[Person]`, `mail.account`, `Any` (without a trailing `?`).
    public static func parse(_ text: String) -> SchemaType? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            return parse(String(trimmed.dropFirst().dropLast())).map { .list($0) }
        }
        if trimmed == "Any" { return .any }
        if let builtin = ValueType.parse(trimmed, resolveCustom: { _ in nil }) { return .value(builtin) }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }) else {
            return nil
        }
        return .schema(trimmed)
    }
}

/// One parameter of an intent schema, or one property of an entity schema.
public struct SchemaParameter: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var type: SchemaType
    public var isOptional: Bool
    public var location: SourceLocation?

    public init(name: String, type: SchemaType, isOptional: Bool = false, location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.location = location
    }

    /// The type as written in the catalogue: `String?`, `[Person]`.
    public var typeText: String { "\(type)\(isOptional ? "?" : "")" }

    public var description: String { "\(name): \(typeText)" }
}

/// An intent schema: the fixed shape of one action (`mail.createDraft`).
public struct IntentSchema: Hashable, Sendable {
    /// What the base protocol of the schema fixes.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Opens one thing: its entity parameter is named `target`.
        case open
        /// Deletes things: its list parameter is named `entities`.
        case delete
        /// Searches inside the app: its text parameter is named `criteria`.
        case search

        /// The parameter the kind fixes.
        public var fixedParameter: String {
            switch self {
            case .open: "target"
            case .delete: "entities"
            case .search: "criteria"
            }
        }
    }

    /// `mail.createDraft`.
    public var id: String
    /// What the action does, in our own words.
    public var purpose: String
    public var kind: Kind?
    public var parameters: [SchemaParameter]
    /// What an adopting intent returns, when the schema says.
    public var returns: String?
    public var confidence: SchemaConfidence
    public var location: SourceLocation?

    public init(
        id: String, purpose: String = "", kind: Kind? = nil, parameters: [SchemaParameter] = [], returns: String? = nil,
        confidence: SchemaConfidence = .confirmedDoc, location: SourceLocation? = nil
    ) {
        self.id = id
        self.purpose = purpose
        self.kind = kind
        self.parameters = parameters
        self.returns = returns
        self.confidence = confidence
        self.location = location
    }

    public var domainID: String { SchemaCatalog.domainID(of: id) }

    public func parameter(_ name: String) -> SchemaParameter? { parameters.first { $0.name == name } }
}

/// An entity schema: the properties an app entity must have to stand for, say, a mail account.
public struct EntitySchema: Hashable, Sendable {
    /// `mail.account`.
    public var id: String
    public var purpose: String
    public var properties: [SchemaParameter]
    public var confidence: SchemaConfidence
    public var location: SourceLocation?

    public init(
        id: String, purpose: String = "", properties: [SchemaParameter] = [],
        confidence: SchemaConfidence = .confirmedDoc,
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.purpose = purpose
        self.properties = properties
        self.confidence = confidence
        self.location = location
    }
}

/// An enum schema: the cases an app enum must have.
public struct EnumSchema: Hashable, Sendable {
    /// `phone.audioVisualMode`.
    public var id: String
    public var purpose: String
    /// Cases an adopting enum must have (it may have more).
    public var cases: [String]
    public var confidence: SchemaConfidence
    public var location: SourceLocation?

    public init(
        id: String, purpose: String = "", cases: [String] = [], confidence: SchemaConfidence = .confirmedDoc,
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.purpose = purpose
        self.cases = cases
        self.confidence = confidence
        self.location = location
    }
}
