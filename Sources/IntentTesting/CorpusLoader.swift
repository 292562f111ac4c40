import Foundation
import IntentModel

/// One labeled line of a Corpus/ file.
public struct CorpusCase: Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var utterance: String
    /// nil for an out-of-domain line.
    public var intent: String?
    public var parameters: [(String, JSONValue)]
    /// The line's other fields (a voice corpus line's `split`, `voice`, `spoken`).
    public var fields: JSONValue = .null

    public var description: String { "\(file):\(line) \"\(utterance)\"" }
}

/// Reads JSON Lines corpora: `{"utterance": ..., "intent": ... | null, "parameters": {...}}`.
public enum CorpusLoader {
    public static func load(_ name: String) throws -> [CorpusCase] {
        let url = TestPaths.corpus.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        var cases: [CorpusCase] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            let json = try JSONValue(parsing: trimmed)
            guard let utterance = json["utterance"]?.stringValue else { continue }
            var parameters: [(String, JSONValue)] = []
            if case .object(let pairs)? = json["parameters"] { parameters = pairs }
            cases.append(
                CorpusCase(
                    file: name, line: index + 1, utterance: utterance, intent: json["intent"]?.stringValue,
                    parameters: parameters, fields: json))
        }
        return cases
    }
}
