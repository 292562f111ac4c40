import Foundation

/// The type of an intent parameter, an entity property or a resolved value.
///
/// Written in phrase files and on the socket as a short name: `String`, `Int`, `Double`,
/// `Bool`, `Date`, `Duration`, `URL`, `Email`, `PhoneNumber`, `CurrencyAmount`,
/// `Measurement` (or `Temperature`, `Length`, ... for one dimension), `Person`, `File`,
/// the name of an app enum or entity type, and `[T]` for a list of `T`.
public enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case string
    case int
    case double
    case bool
    case date
    case duration
    case url
    case email
    case phoneNumber
    case currencyAmount
    /// A measurement; `dimension` is `temperature`, `length`, ... or nil for any.
    case measurement(dimension: String?)
    case person
    case file
    /// An app enum, by its qualified name `app.Name`.
    case enumeration(String)
    /// An app entity type, by its qualified name `app.Name`.
    case entity(String)
    indirect case list(ValueType)

    static let builtinNames: [String: ValueType] = [
        "String": .string, "Int": .int, "Integer": .int, "Double": .double, "Number": .double,
        "Bool": .bool, "Boolean": .bool, "Date": .date, "Duration": .duration, "URL": .url,
        "Email": .email, "PhoneNumber": .phoneNumber, "CurrencyAmount": .currencyAmount,
        "Measurement": .measurement(dimension: nil), "Temperature": .measurement(dimension: "temperature"),
        "Length": .measurement(dimension: "length"), "Mass": .measurement(dimension: "mass"),
        "Volume": .measurement(dimension: "volume"), "Speed": .measurement(dimension: "speed"),
        "Person": .person, "File": .file,
    ]

    /// The names of the built-in types ("String", "Date", ...), for near-miss suggestions.
    public static var builtinTypeNames: [String] { builtinNames.keys.sorted() }

    /// A type as files write it, split from its optional mark: `Soup?` is (`Soup`, true),
    /// `[Person]` is (`[Person]`, false). The one reader of the trailing `?`.
    public static func optionality(of text: String) -> (name: String, isOptional: Bool) {
        text.hasSuffix("?") ? (String(text.dropLast()), true) : (text, false)
    }

    /// Other names people type for the built-in types (`intentd resolve --type money`), by
    /// lower-case name.
    static let looseNames: [String: String] = [
        "text": "String", "integer": "Int", "number": "Double", "boolean": "Bool", "time": "Date", "datetime": "Date",
        "phone": "PhoneNumber", "currency": "CurrencyAmount", "money": "CurrencyAmount",
    ]

    /// ``parse(_:resolveCustom:)`` for names people type: any case (`date`, `[person]`) and
    /// the common other names (`money`, `integer`, `phone`).
    public static func parse(loosely text: String, resolveCustom: (String) -> ValueType?) -> ValueType? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            return parse(loosely: String(trimmed.dropFirst().dropLast()), resolveCustom: resolveCustom).map { .list($0) }
        }
        let lower = trimmed.lowercased()
        let builtin = looseNames[lower] ?? builtinNames.keys.first { $0.lowercased() == lower }
        return parse(builtin ?? trimmed, resolveCustom: resolveCustom)
    }

    /// Parses a type name. `resolveCustom` maps a bare enum or entity name to its
    /// qualified type, or returns nil when there is no such type.
    public static func parse(_ text: String, resolveCustom: (String) -> ValueType?) -> ValueType? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            return parse(String(trimmed.dropFirst().dropLast()), resolveCustom: resolveCustom).map { .list($0) }
        }
        if let builtin = builtinNames[trimmed] { return builtin }
        if trimmed.hasPrefix("Measurement<"), trimmed.hasSuffix(">") {
            return .measurement(dimension: String(trimmed.dropFirst("Measurement<".count).dropLast()))
        }
        return resolveCustom(trimmed)
    }

    public var description: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .duration: "Duration"
        case .url: "URL"
        case .email: "Email"
        case .phoneNumber: "PhoneNumber"
        case .currencyAmount: "CurrencyAmount"
        // As phrase files and docs/protocol.md write them: "Temperature", not "Measurement<temperature>".
        case .measurement(let dimension?):
            Self.builtinNames.first { $0.value == self && $0.key != "Measurement" }?.key ?? "Measurement<\(dimension)>"
        case .measurement(nil): "Measurement"
        case .person: "Person"
        case .file: "File"
        case .enumeration(let name), .entity(let name): name
        case .list(let element): "[\(element)]"
        }
    }

    /// The element type of a list, or the type itself.
    public var elementType: ValueType {
        if case .list(let element) = self { return element }
        return self
    }

    public var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
