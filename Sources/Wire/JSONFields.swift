import IntentModel

/// A value with a JSON form on the wire.
public protocol JSONConvertible: Sendable {
    /// Reads the value; throws `invalidParams` naming the field that does not fit.
    init(json: JSONValue) throws(RPCError)
    var json: JSONValue { get }
}

/// Reads the fields of a JSON object, with errors that name the field and what was expected.
public struct JSONFields: Sendable {
    /// The object read.
    public let object: JSONValue
    /// Where this object is, for errors: `params`, `params.app.intents[2]`.
    public let path: String

    public init(_ json: JSONValue?, path: String = "params") throws(RPCError) {
        let value = json ?? .object([])
        guard case .object = value else { throw Self.mismatch(path, expected: "an object") }
        self.object = value
        self.path = path
    }

    /// The `invalidParams` error for a field at `path` that is not what was expected.
    public static func mismatch(_ path: String, expected: String) -> RPCError {
        RPCError(
            .invalidParams, "Invalid params",
            data: .object([("field", .string(path)), ("expected", .string(expected))]))
    }

    /// Refuses a key this object does not define (a misspelt `"explian"` would otherwise be
    /// ignored without a word), naming it and the nearest defined key.
    public func allowOnly(_ keys: [String]) throws(RPCError) {
        guard case .object(let pairs) = object else { return }
        for (key, _) in pairs where !keys.contains(key) {
            var data: [(String, JSONValue)] = [
                ("field", .string("\(path).\(key)")), ("reason", .string("unknown field")),
                ("expected", .string("one of " + keys.map { "\"\($0)\"" }.joined(separator: ", "))),
            ]
            if let near = Spelling.suggestion(for: key, among: keys) { data.append(("didYouMean", .string(near))) }
            throw RPCError(.invalidParams, "Invalid params", data: .object(data))
        }
    }

    /// Whether the object has `key` (with any value, `null` included).
    public func has(_ key: String) -> Bool {
        guard let value = object[key] else { return false }
        return value != .null
    }

    /// The value at `key`, nil when absent or `null`.
    public func value(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    /// The string at `key`; throws when absent or not a string.
    public func string(_ key: String) throws(RPCError) -> String {
        guard let value = try optionalString(key) else { throw Self.mismatch("\(path).\(key)", expected: "a string") }
        return value
    }

    /// The string at `key`, nil when absent; throws when it is another type.
    public func optionalString(_ key: String) throws(RPCError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let s) = value else { throw Self.mismatch("\(path).\(key)", expected: "a string") }
        return s
    }

    /// The Boolean at `key`, nil when absent; throws when it is another type.
    public func optionalBool(_ key: String) throws(RPCError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let b) = value else { throw Self.mismatch("\(path).\(key)", expected: "true or false") }
        return b
    }

    /// The integer at `key`, nil when absent; throws when it is not a whole number in `Int`'s range.
    public func optionalInt(_ key: String) throws(RPCError) -> Int? {
        guard let value = value(key) else { return nil }
        guard let n = value.intValue else {
            throw Self.mismatch("\(path).\(key)", expected: "an integer within ±\(Int.max)")
        }
        return n
    }

    /// The number at `key`, nil when absent; throws when it is another type.
    public func optionalNumber(_ key: String) throws(RPCError) -> Double? {
        guard let value = value(key) else { return nil }
        guard let n = value.numberValue else { throw Self.mismatch("\(path).\(key)", expected: "a number") }
        return n
    }

    /// The array of strings at `key` (empty when absent); throws naming the first item that is no string.
    public func strings(_ key: String) throws(RPCError) -> [String] {
        guard let value = value(key) else { return [] }
        guard case .array(let items) = value else { throw Self.mismatch("\(path).\(key)", expected: "an array of strings") }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item else { throw Self.mismatch("\(path).\(key)", expected: "an array of strings") }
            out.append(s)
        }
        return out
    }

    /// The array at `key` (empty when absent); throws when it is another type.
    public func array(_ key: String) throws(RPCError) -> [JSONValue] {
        guard let value = value(key) else { return [] }
        guard case .array(let items) = value else { throw Self.mismatch("\(path).\(key)", expected: "an array") }
        return items
    }

    /// The pairs of an object field, in order (empty when absent).
    public func pairs(_ key: String) throws(RPCError) -> [(String, JSONValue)] {
        guard let value = value(key) else { return [] }
        guard case .object(let pairs) = value else { throw Self.mismatch("\(path).\(key)", expected: "an object") }
        return pairs
    }

    /// The object at `key`, to read its own fields; errors name it as `path.key`.
    public func nested(_ key: String) throws(RPCError) -> JSONFields {
        try JSONFields(value(key), path: "\(path).\(key)")
    }

    /// An optional `LocalDateTime` written as local ISO-8601.
    public func optionalDate(_ key: String) throws(RPCError) -> LocalDateTime? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = LocalDateTime(iso8601: text) else {
            throw Self.mismatch("\(path).\(key)", expected: "a local ISO-8601 date such as 2026-11-19T09:00:00")
        }
        return date
    }
}

extension JSONValue {
    /// An object without its null members: optional fields are left out when absent.
    static func compactObject(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }
}
