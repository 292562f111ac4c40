import Foundation
import IntentModel
import Testing

/// RFC 8259 edge cases, in the manner of JSONTestSuite (y_: must be read, n_: must be refused):
/// what a client or an app sends is read strictly, and refused with the offset of the fault.
struct JSONParserTests {
    @Test(arguments: [
        ("[-0]", JSONValue.array([.number(0)])),
        ("[1E22]", .array([.number(1e22)])),
        ("[1e-400]", .array([.number(0)])),
        ("[123.456e-789]", .array([.number(0)])),
        ("[0.5, 0e1, -0.0e+0]", .array([.number(0.5), .number(0), .number(0)])),
        (#"{"a":{"a":1}}"#, .object([("a", .object([("a", .number(1))]))])),
        (#"["\u0000\ud83d\ude00"]"#, .array([.string("\u{0}😀")])),
        (" \t\r\n[]\n", .array([])),
        ("9007199254740992", .number(9_007_199_254_740_992)),
        ("-9007199254740992", .number(-9_007_199_254_740_992)),
        // Integers a Double would round keep their digits (issue 18).
        ("9007199254740993", .largeInteger("9007199254740993")),
        ("[-9223372036854775808]", .array([.largeInteger("-9223372036854775808")])),
        ("99999999999999999999999", .largeInteger("99999999999999999999999")),
        ("1e19", .number(1e19)),
        ("9007199254740993.0", .number(9_007_199_254_740_992)),
    ])
    func accepted(text: String, value: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == value)
    }

    /// What passes through from an app comes back as it was read, digit for digit.
    @Test(arguments: ["9007199254740993", "-9223372036854775809", "123456789012345678901234567890", "-0", "[1,2.5,-3]"])
    func integersPassThroughUnrounded(text: String) throws {
        #expect(try JSONValue(parsing: text).serialized == text)
    }

    @Test func largeIntegersAsNumbers() throws {
        #expect(try JSONValue(parsing: "9223372036854775807").intValue == Int.max)
        #expect(try JSONValue(parsing: "9223372036854775808").intValue == nil)
        #expect(try JSONValue(parsing: "2.5").intValue == nil)
        #expect(try JSONValue(parsing: "9007199254740993").numberValue == 9_007_199_254_740_992)
        #expect(JSONValue.integer(9_007_199_254_740_993) == .largeInteger("9007199254740993"))
        #expect(JSONValue.integer(-5) == .number(-5))
    }

    @Test(arguments: [
        ("[01]", 1, "may not start with 0"),
        ("[-01]", 2, "may not start with 0"),
        ("00", 0, "may not start with 0"),
        ("[1e400]", 1, "out of range"),
        ("[-1e400]", 1, "out of range"),
        (#"{"a":1,"a":2}"#, 7, "duplicate key \"a\""),
        (#"{"id":1,"method":"x","id":"two"}"#, 21, "duplicate key \"id\""),
        ("[1.]", 3, "expected digits after '.'"),
        ("[.5]", 1, "expected a JSON value"),
        ("[+1]", 1, "expected a JSON value"),
        ("[NaN]", 1, "expected a JSON value"),
        ("[Infinity]", 1, "expected a JSON value"),
        ("[1e]", 3, "expected digits in exponent"),
        ("[\"a\u{1}\"]", 3, "control character in string"),
        ("[\"plain then \u{1}\"]", 13, "control character in string"),
        ("[\"ab\\q\"]", 6, "invalid escape in string"),
        ("[1] x", 4, "unexpected text after the JSON value"),
    ])
    func refused(text: String, offset: Int, message: String) {
        #expect {
            _ = try JSONValue(parsing: text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.offset == offset && error.message.contains(message)
        }
    }

    /// A repeated key is found in a small object (searched in order) and in a large one (a set
    /// of the keys read so far), at the offset of the repeated key.
    @Test(arguments: [3, 15, 16, 17, 40])
    func repeatedKeysAreRefusedWhateverTheObjectsSize(keys: Int) {
        let pairs = (0..<keys).map { #""k\#($0)":\#($0)"# }
        let prefix = "{" + pairs.joined(separator: ",") + ","
        let text = prefix + #""k\#(keys / 2)":0}"#
        #expect {
            _ = try JSONValue(parsing: text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.offset == prefix.utf8.count && error.message == "duplicate key \"k\(keys / 2)\""
        }
        #expect(throws: Never.self) { try JSONValue(parsing: prefix + #""last":0}"#) }
    }

    /// Strings are read in place up to an escape, then byte by byte: both ways give the same text.
    @Test(arguments: [
        (#"["plain"]"#, "plain"), (#"["tab\there"]"#, "tab\there"), (#"["caf\u00e9 au lait"]"#, "café au lait"),
        (#"["naïve \"quoted\""]"#, "naïve \"quoted\""), (#"[""]"#, ""),
    ])
    func stringsWithAndWithoutEscapes(text: String, string: String) throws {
        #expect(try JSONValue(parsing: text) == .array([.string(string)]))
    }

    /// Bytes that are not UTF-8 inside a string are refused, however the string is read.
    @Test func invalidUTF8InAStringIsRefused() {
        for bytes in [[0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0x5C, 0x6E, 0xC3, 0x22, 0x5D]] as [[UInt8]] {
            #expect {
                _ = try JSONValue(parsing: bytes)
            } throws: { error in
                (error as? JSONParseError)?.message == "invalid UTF-8 in string"
            }
        }
    }

    /// Integers are written in full up to 2^53, so a large request id comes back as sent.
    @Test(arguments: [1_000_000_000_000_000.0, 9_007_199_254_740_991, -9_007_199_254_740_991])
    func integersAreWrittenInFull(number: Double) throws {
        let text = JSONValue.number(number).serialized
        #expect(!text.contains("e"), "\(text)")
        #expect(try JSONValue(parsing: text) == .number(number))
    }
}

/// What is read is written back as it was (issue 18).
@Test func negativeZeroIsWrittenBack() throws {
    #expect(try JSONValue(parsing: "[-0, 0, -0.0]").serialized == "[-0,0,-0]")
}

/// Strings are written with only what JSON requires escaped, every other character as it is
/// (quotes, backslash, control characters escaped; accents, CJK and emoji left whole), and
/// read back the same.
@Test func stringsAreEscapedExactlyAsJSONRequires() throws {
    let value = JSONValue.object([
        ("say \"hi\"", .string("a\\b\nc\rd\te\u{1}f\u{1f}g")),
        ("café", .string("晚上八点 😀 – ok")),
        ("", .string("")),
    ])
    let text = value.serialized
    #expect(text == #"{"say \"hi\"":"a\\b\nc\rd\te\u0001f\u001fg","café":"晚上八点 😀 – ok","":""}"#)
    #expect(try JSONValue(parsing: text) == value)
}
