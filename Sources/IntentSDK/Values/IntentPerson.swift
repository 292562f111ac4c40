import IntentModel

/// A person from the contacts intentd resolves names against ("john", "my wife").
public struct IntentPerson: IntentValue, Hashable {
    /// The contact's id (`john`).
    public var identifier: String
    /// The name shown and said: "John Appleseed".
    public var displayName: String
    /// The contact's e-mail address, when known.
    public var emailAddress: String?

    /// A person with this id and name.
    public init(identifier: String, displayName: String, emailAddress: String? = nil) {
        self.identifier = identifier
        self.displayName = displayName
        self.emailAddress = emailAddress
    }

    public static var intentValueType: ValueType { .person }
    public static func fromIntentValue(_ value: Value) async throws -> IntentPerson? {
        switch value {
        case .person(let p): IntentPerson(identifier: p.id, displayName: p.name, emailAddress: p.email)
        case .email(let address): IntentPerson(identifier: address, displayName: address, emailAddress: address)
        case .string(let name): IntentPerson(identifier: name, displayName: name)
        default: nil
        }
    }
    public var intentValue: Value { .person(Person(id: identifier, name: displayName, email: emailAddress)) }
}

/// A file the user named, by path.
public struct IntentFile: IntentValue, Hashable {
    /// The file's path, as the user gave it or the resolver found it.
    public var path: String
    /// A file at `path`.
    public init(path: String) { self.path = path }
    /// The last component of the path: `photo.jpg`.
    public var filename: String { String(path.split(separator: "/").last ?? Substring(path)) }
    /// The lowercased extension: `jpg`.
    public var fileExtension: String {
        guard let dot = filename.lastIndex(of: ".") else { return "" }
        return filename[filename.index(after: dot)...].lowercased()
    }

    public static var intentValueType: ValueType { .file }
    public static func fromIntentValue(_ value: Value) async throws -> IntentFile? {
        switch value {
        case .file(let path), .string(let path), .url(let path): IntentFile(path: path)
        default: nil
        }
    }
    public var intentValue: Value { .file(path: path) }
}

/// An amount of money with its ISO 4217 currency code.
public struct IntentCurrencyAmount: IntentValue, Hashable, CustomStringConvertible {
    /// The amount: 12.5.
    public var amount: Double
    /// The ISO 4217 code: `USD`.
    public var currencyCode: String
    /// An amount in a currency.
    public init(amount: Double, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
    }

    public static var intentValueType: ValueType { .currencyAmount }
    public static func fromIntentValue(_ value: Value) async throws -> IntentCurrencyAmount? {
        guard case .currencyAmount(let c) = value else { return nil }
        return IntentCurrencyAmount(amount: c.amount, currencyCode: c.currency)
    }
    public var intentValue: Value { .currencyAmount(CurrencyAmount(amount: amount, currency: currencyCode)) }
    /// As said in a dialog (`"Sent \(amount)"`): `$12.50`, `$20`, `12.50 EUR`.
    public var description: String { intentValue.spoken }
}

/// An e-mail address.
public struct EmailAddress: IntentValue, Hashable, CustomStringConvertible {
    /// The address: `sarah@example.com`.
    public var address: String
    /// An address.
    public init(_ address: String) { self.address = address }
    public static var intentValueType: ValueType { .email }
    public static func fromIntentValue(_ value: Value) async throws -> EmailAddress? {
        switch value {
        case .email(let s), .string(let s): EmailAddress(s)
        case .person(let p): p.email.map(EmailAddress.init)
        default: nil
        }
    }
    public var intentValue: Value { .email(address) }
    public var description: String { address }
}
