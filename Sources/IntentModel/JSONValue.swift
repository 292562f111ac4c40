import Foundation

/// A JSON document as a plain value: what intentd reads from phrase files and the socket,
/// and what it writes for `--json` output.
///
/// Objects keep their keys in insertion order so that output is stable and readable. Not
/// `indirect`: arrays and objects hold their members in arrays, so a scalar allocates nothing.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    /// An integer literal beyond ±2^53, which a Double cannot hold exactly (9007199254740993),
    /// kept as its digits so that it passes through unchanged; the parser makes it.
    case largeInteger(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.largeInteger(let a), .largeInteger(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .largeInteger(let digits): hasher.combine(digits)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (key, value) in o {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The value under `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, as near as a Double holds it (a ``largeInteger`` rounded).
    public var numberValue: Double? {
        switch self {
        case .number(let n): return n
        case .largeInteger(let digits): return Double(digits)
        default: return nil
        }
    }

    /// The number when it is an integer an `Int` holds exactly; nil for a fraction, a number
    /// beyond `Int`'s range, and anything not a number.
    public var intValue: Int? {
        switch self {
        case .number(let n): return Int(exactly: n)
        case .largeInteger(let digits): return Int(digits)
        default: return nil
        }
    }

    /// `n` as JSON, exactly: beyond ±2^53 as a ``largeInteger``.
    public static func integer(_ n: Int) -> JSONValue {
        n.magnitude <= JSONValue.exactIntegerLimit ? .number(Double(n)) : .largeInteger(String(n))
    }

    /// 2^53: up to it a Double holds every integer.
    static let exactIntegerLimit: UInt = 9_007_199_254_740_992

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}

extension JSONValue {
    /// Parses UTF-8 JSON text, keeping the order of object keys. Bytes in contiguous storage
    /// (an array, a `String`'s UTF-8, a NIO `ByteBuffer`'s view) are read in place.
    @inlinable
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try JSONParser.parse(buffer) }
        }
        if let parsed {
            self = try parsed.get()
        } else {
            self = try Array(bytes).withUnsafeBufferPointer { buffer throws(JSONParseError) in try JSONParser.parse(buffer) }
        }
    }

    public init(parsing text: String) throws(JSONParseError) {
        var text = text
        text.makeContiguousUTF8()
        try self.init(parsing: text.utf8)
    }

    /// Compact JSON text on one line, keys in their stored order.
    public var serialized: String { String(decoding: serializedUTF8, as: UTF8.self) }

    /// ``serialized`` as UTF-8 bytes, what a socket writes: no `String` made in between.
    public var serializedUTF8: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out)
        return out
    }

    /// Written as UTF-8 bytes: a string's runs without escapes are copied whole.
    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: JSONValue.format(number: n).utf8)
        case .largeInteger(let digits): out.append(contentsOf: digits.utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func format(number: Double) -> String {
        if number.isNaN || number.isInfinite { return "null" }
        // -0 stays -0: a value passing through is written back as it was read.
        if number == 0, number.sign == .minus { return "-0" }
        // Integers are written in full up to 2^53, beyond which a double cannot hold each one.
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    private static func writeString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                // Bytes of multi-byte characters are all 0x80 or above: never escaped.
                guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "u00".utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
