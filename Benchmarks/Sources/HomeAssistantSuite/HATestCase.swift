import Foundation
import IntentModel

/// One line of en_tests.jsonl, as far as routing needs it. The expected intent and slots are
/// not read: the harness never sees the answers; run_hassil.py --score compares.
public struct HATestCase: Sendable {
    public var id: String
    public var sentence: String
    /// The speaker's context hassil recognizes with (`{"area": ...}`).
    public var intentContext: [String: JSONValue]
    public var fixtures: Fixtures
    /// The fixtures as written, which identifies the fixture set.
    public var fixturesKey: String

    public struct Entity: Sendable {
        public var name: String
        public var domain: String
    }

    /// The home a test runs in: its entities, areas and floors.
    public struct Fixtures: Sendable {
        public var entities: [Entity]
        public var areas: [String]
        public var floors: [String]
    }

    public static func load(_ path: String) throws -> [HATestCase] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw YardstickFailure(description: "cannot read the tests at \(path)")
        }
        var cases: [HATestCase] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let place = "\(path):\(number + 1)"
            let record: JSONValue
            do { record = try JSONValue(parsing: String(line)) } catch { throw YardstickFailure(description: "\(place): \(error)") }
            guard let id = record["id"]?.stringValue, let sentence = record["sentence"]?.stringValue else {
                throw YardstickFailure(description: "\(place): a test needs 'id' and 'sentence'")
            }
            let fixturesJSON = record["fixtures"] ?? .object([])
            var context: [String: JSONValue] = [:]
            if case .object(let pairs)? = record["intent_context"] {
                for (key, value) in pairs { context[key] = value }
            }
            cases.append(
                HATestCase(
                    id: id, sentence: sentence, intentContext: context, fixtures: try Fixtures(fixturesJSON, at: place),
                    fixturesKey: fixturesJSON.serialized))
        }
        return cases
    }
}

extension HATestCase.Fixtures {
    init(_ json: JSONValue, at place: String) throws {
        entities = try (json["entities"]?.arrayValue ?? []).map { entity in
            guard let name = entity["name"]?.stringValue, let domain = entity["domain"]?.stringValue else {
                throw YardstickFailure(description: "\(place): a fixture entity needs 'name' and 'domain'")
            }
            return HATestCase.Entity(name: name, domain: domain)
        }
        areas = (json["areas"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        floors = (json["floors"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }
}
