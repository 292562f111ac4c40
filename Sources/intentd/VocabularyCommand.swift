import ArgumentParser
import Phrases

/// `intentd vocabulary`: the words and names a recognizer should expect.
struct VocabularyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocabulary",
        abstract: "Print the words and names a speech recognizer should expect.",
        discussion: """
            --format names prints app, entity, enum and contact names one per line (hot words); \
            --format words adds every word of the phrases; --format prompt prints one line to pass \
            as a recognizer's initial prompt (Whisper's --initial_prompt).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case names, words, prompt
    }

    @OptionGroup var phrases: PhraseOptions

    @Option(help: "names, words or prompt.")
    var format: Format = .names

    func run() throws {
        let library = PhraseLibraryLoader.load(paths: try phrases.resolvedPaths())
        let export = VocabularyExport(library: library)
        switch format {
        case .names: export.names.forEach(emitLine)
        case .words: (export.names + export.phraseWords).forEach(emitLine)
        case .prompt: emitLine(export.prompt)
        }
    }
}
