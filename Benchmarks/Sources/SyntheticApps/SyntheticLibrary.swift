import Foundation
import IntentModel
import Phrases

/// Generated phrase sets of a given number of intents, and the utterances the benchmarks
/// send them, both the same on every run.
public enum SyntheticLibrary {
    /// The sizes the issue asks for: 100, 1,000 and 10,000 intents.
    public static let sizes = [100, 1_000, 10_000]

    /// The apps of a set of `intentCount` intents (rounded up to whole apps of ten).
    public static func apps(intentCount: Int) -> [SyntheticApp] {
        let count = (intentCount + SyntheticApp.intentsPerApp - 1) / SyntheticApp.intentsPerApp
        return (0..<count).map(SyntheticApp.init(index:))
    }

    /// The phrase files of `intentCount` intents, plus the repository's shared English file
    /// (rules and filler words), as ``PhraseLibraryLoader/load(files:)`` takes them.
    public static func files(intentCount: Int) -> [(path: String, text: String)] {
        var files = apps(intentCount: intentCount).map { (path: "Synthetic/\($0.id).yaml", text: $0.yaml) }
        files.insert((path: commonEnglishPath, text: commonEnglish), at: 0)
        return files
    }

    /// The loaded library of `intentCount` intents; stops the program if a generated file
    /// has an error, since the figures would then be of a smaller set.
    public static func library(intentCount: Int) -> PhraseLibrary {
        let library = PhraseLibraryLoader.load(files: files(intentCount: intentCount))
        if let error = library.errors.first {
            fatalError("generated phrase files do not load: \(error)")
        }
        return library
    }

    /// The repository root, found from this file's place in Benchmarks/Sources/SyntheticApps.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The demo apps' phrase folder, for the full-pipeline benchmark.
    public static var demoPhrasesPath: String { repositoryRoot + "/Phrases" }

    static var commonEnglishPath: String { demoPhrasesPath + "/common.en.yaml" }

    static let commonEnglish: String = {
        guard let text = try? String(contentsOfFile: commonEnglishPath, encoding: .utf8) else {
            fatalError("cannot read \(commonEnglishPath)")
        }
        return text
    }()
}

/// Typed values for the matcher when it runs without the router's value taggers: every
/// token that is a whole number becomes an Int span, as the Int tagger would make it.
public enum DigitTagger {
    public static func spans(_ tokens: [String]) -> [SlotSpan] {
        tokens.enumerated().compactMap { index, token in
            Int(token).map { SlotSpan(range: index..<index + 1, type: .int, value: .int($0), confidence: 1) }
        }
    }
}
