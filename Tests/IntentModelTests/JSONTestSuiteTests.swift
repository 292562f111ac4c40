import Foundation
import IntentModel
import IntentTesting
import Testing

/// JSONTestSuite (github.com/nst/JSONTestSuite, MIT; its files in Tests/Fixtures/JSONTestSuite
/// with the licence), the field's reference for JSON parsers: every `y_` text must be read,
/// every `n_` text refused with an error, and no text at all, `i_` ones included, may crash.
struct JSONTestSuiteTests {
    static let folder = TestPaths.root.appendingPathComponent("Tests/Fixtures/JSONTestSuite/test_parsing")

    static func cases(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func theSuiteIsThere() {
        #expect(Self.cases("y_").count == 95)
        #expect(Self.cases("n_").count == 188)
        #expect(Self.cases("i_").count == 35)
    }

    /// A deliberate difference: an object with the same key twice is refused (`duplicate key
    /// "id" at byte 21`), so that two readers of one message can never see two values.
    static let refusedOnPurpose: Set<String> = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]

    @Test(arguments: cases("y_").filter { !refusedOnPurpose.contains($0) })
    func mustBeRead(name: String) throws {
        #expect(throws: Never.self, "\(name)") { try JSONValue(parsing: try Self.bytes(name)) }
    }

    @Test(arguments: cases("n_") + refusedOnPurpose.sorted())
    func mustBeRefused(name: String) throws {
        let bytes = try Self.bytes(name)
        #expect(throws: JSONParseError.self, "\(name)") { try JSONValue(parsing: bytes) }
    }

    /// Implementation-defined: read or refused, as long as nothing traps. What intentd does
    /// with each is pinned, so that a change is seen.
    @Test(arguments: cases("i_"))
    func mayGoEitherWay(name: String) throws {
        let read = (try? JSONValue(parsing: try Self.bytes(name))) != nil
        #expect(read == Self.readImplementationDefined.contains(name), "\(name) read: \(read)")
    }

    /// Numbers beyond a double's range or precision: underflow reads as 0, integers too large
    /// keep their digits (``JSONValue/largeInteger(_:)``); an exponent too large is refused.
    static let readImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json", "i_number_real_underflow.json", "i_number_too_big_neg_int.json",
        "i_number_too_big_pos_int.json", "i_number_very_big_negative_int.json",
    ]
}
