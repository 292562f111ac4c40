import Foundation
import IntentModel
import Routing

/// One labeled line of a Corpus/ file.
public typealias CorpusCase = CorpusLine

/// Reads the JSON Lines corpora of Corpus/ (``CorpusLine/read(jsonLines:file:)``).
public enum CorpusLoader {
    public static func load(_ name: String) throws -> [CorpusCase] {
        let url = TestPaths.corpus.appendingPathComponent(name)
        return try CorpusLine.read(jsonLines: try String(contentsOf: url, encoding: .utf8), file: name)
    }
}
