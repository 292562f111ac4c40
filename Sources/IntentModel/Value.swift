/// A typed value: a resolved parameter, an entity property, an intent's result.
///
/// Its JSON form is the same wherever intentd writes JSON (`route --json`, the socket);
/// see ``json`` and docs/protocol.md.
///
/// Not `indirect`: payloads are held in place, so making a value allocates nothing (a list's
/// values are in its array); routing makes several for every utterance.
public enum Value: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(LocalDateTime)
    /// A length of time in seconds.
    case duration(Double)
    case url(String)
    case email(String)
    case phoneNumber(String)
    case currencyAmount(CurrencyAmount)
    case measurement(Measurement)
    /// An enum case, by its id.
    case enumCase(String)
    case entity(EntityReference)
    case person(Person)
    case file(path: String)
    case list([Value])

    /// The value's JSON form.
    public var json: JSONValue {
        switch self {
        case .string(let s), .url(let s), .email(let s), .phoneNumber(let s), .enumCase(let s): .string(s)
        case .int(let i): .integer(i)
        case .double(let d), .duration(let d): .number(d)
        case .bool(let b): .bool(b)
        case .date(let d): .string(d.iso8601)
        case .currencyAmount(let c): .object([("amount", .number(c.amount)), ("currency", .string(c.currency))])
        case .measurement(let m): .object([("value", .number(m.value)), ("unit", .string(m.unit))])
        case .entity(let e): .object([("id", .string(e.id)), ("title", .string(e.title))])
        case .person(let p):
            .object([("id", .string(p.id)), ("name", .string(p.name)), ("email", p.email.map(JSONValue.string) ?? .null)])
        case .file(let path): .object([("path", .string(path))])
        case .list(let items): .array(items.map(\.json))
        }
    }

    /// Reads a value of `type` from its JSON form; nil when the JSON does not fit the type.
    public init?(json: JSONValue, as type: ValueType) {
        switch (type, json) {
        case (.list(let element), .array(let items)):
            let values = items.compactMap { Value(json: $0, as: element) }
            guard values.count == items.count else { return nil }
            self = .list(values)
        case (.string, .string(let s)): self = .string(s)
        case (.url, .string(let s)): self = .url(s)
        case (.email, .string(let s)): self = .email(s)
        case (.phoneNumber, .string(let s)): self = .phoneNumber(s)
        case (.enumeration, .string(let s)): self = .enumCase(s)
        // Int(exactly:) is nil for a fraction, for infinity and beyond Int's range (1e19), which
        // Int(_:) would trap on: a client's or an app's number must never crash the daemon.
        case (.int, .number), (.int, .largeInteger):
            guard let exact = json.intValue else { return nil }
            self = .int(exact)
        case (.double, .number(let n)): self = .double(n)
        case (.double, .largeInteger(let digits)): self = .double(Double(digits) ?? .nan)
        case (.duration, .number(let n)): self = .duration(n)
        case (.bool, .bool(let b)): self = .bool(b)
        case (.date, .string(let s)):
            guard let date = LocalDateTime(iso8601: s) else { return nil }
            self = .date(date)
        case (.currencyAmount, .object):
            guard let amount = json["amount"]?.numberValue, let currency = json["currency"]?.stringValue else { return nil }
            self = .currencyAmount(CurrencyAmount(amount: amount, currency: currency))
        case (.measurement(let dimension), .object):
            guard let value = json["value"]?.numberValue, let unit = json["unit"]?.stringValue,
                Measurement.isKnown(unit, dimension: dimension)
            else { return nil }
            self = .measurement(Measurement(value: value, unit: unit))
        case (.entity, .object):
            guard let id = json["id"]?.stringValue else { return nil }
            self = .entity(EntityReference(id: id, title: json["title"]?.stringValue ?? id))
        case (.entity, .string(let id)): self = .entity(EntityReference(id: id, title: id))
        case (.person, .object):
            guard let id = json["id"]?.stringValue else { return nil }
            self = .person(Person(id: id, name: json["name"]?.stringValue ?? id, email: json["email"]?.stringValue))
        case (.file, .object):
            guard let path = json["path"]?.stringValue else { return nil }
            self = .file(path: path)
        case (.file, .string(let path)): self = .file(path: path)
        default: return nil
        }
    }

    /// The plain text of a value, for matching and comparing: "Groceries",
    /// "2026-11-19T17:00:00", "12.5 USD". People see ``printed`` or ``spoken`` (ValueText.swift).
    public var displayText: String {
        switch self {
        case .string(let s), .url(let s), .email(let s), .phoneNumber(let s), .enumCase(let s): s
        case .int(let i): String(i)
        case .double(let d): JSONValue.format(number: d)
        case .bool(let b): b ? "yes" : "no"
        case .date(let d): d.iso8601
        case .duration(let seconds): "\(JSONValue.format(number: seconds)) s"
        case .currencyAmount(let c): "\(JSONValue.format(number: c.amount)) \(c.currency)"
        case .measurement(let m): "\(JSONValue.format(number: m.value)) \(m.unit)"
        case .entity(let e): e.title
        case .person(let p): p.name
        case .file(let path): path
        case .list(let items): items.map(\.displayText).joined(separator: ", ")
        }
    }
}

/// An amount of money with its ISO 4217 currency code.
public struct CurrencyAmount: Hashable, Sendable {
    public var amount: Double
    public var currency: String
    public init(amount: Double, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}

/// A quantity with a unit (`celsius`, `fahrenheit`, `meters`, ...).
public struct Measurement: Hashable, Sendable {
    public var value: Double
    public var unit: String
    public init(value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }
}

extension Measurement {
    /// The units a measurement may have, by dimension (docs/protocol.md lists them): a unit
    /// outside them ("parsecs") is not a measurement intentd passes on.
    public static let units: [String: [String]] = [
        "temperature": ["celsius", "fahrenheit", "kelvin"],
        "length": ["millimeters", "centimeters", "meters", "kilometers", "inches", "feet", "yards", "miles"],
        "mass": ["milligrams", "grams", "kilograms", "ounces", "pounds", "stones"],
        "volume": ["milliliters", "liters", "teaspoons", "tablespoons", "cups", "pints", "quarts", "gallons", "fluidOunces"],
        "speed": ["metersPerSecond", "kilometersPerHour", "milesPerHour", "knots"],
    ]

    /// Whether `unit` is a unit of `dimension` (any dimension when nil).
    public static func isKnown(_ unit: String, dimension: String?) -> Bool {
        if let dimension { return units[dimension]?.contains(unit) ?? false }
        return units.values.contains { $0.contains(unit) }
    }
}

/// An entity as a parameter value: its stable id and its display title.
public struct EntityReference: Hashable, Sendable {
    public var id: String
    public var title: String
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

/// A person from the contacts source.
public struct Person: Hashable, Sendable {
    public var id: String
    public var name: String
    public var email: String?
    public init(id: String, name: String, email: String? = nil) {
        self.id = id
        self.name = name
        self.email = email
    }
}

extension Value {
    /// A value a phrase's words imply (a phrase group's `values:`, docs/phrases.md): read as
    /// by ``init(json:as:)``, and a single value stands for a list of one.
    public init?(implied json: JSONValue, as type: ValueType) {
        if let value = Value(json: json, as: type) {
            self = value
            return
        }
        guard case .list(let element) = type, let single = Value(json: json, as: element) else { return nil }
        self = .list([single])
    }
}
