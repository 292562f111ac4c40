import ArgumentParser
import Phrases

/// `intentd grammar`: the phrases as a grammar for grammar-constrained recognizers.
struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Export the phrases as a recognizer grammar (JSGF).",
        discussion: """
            Finite slots (entity and enum names, contacts, numbers, common dates) are expanded; \
            free-text slots become a bounded loop over the phrase words, the weak spot of a grammar.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsgf
    }

    @OptionGroup var phrases: PhraseOptions

    @Option(help: "The grammar format: jsgf.")
    var format: Format = .jsgf

    @Option(help: "How many words a free-text slot may take.")
    var freeTextWords = 5

    func run() throws {
        var export = GrammarExport(library: PhraseLibraryLoader.load(paths: try phrases.resolvedPaths()))
        export.freeTextWords = max(1, freeTextWords)
        FileOutput.write(export.jsgf())
    }
}

enum FileOutput {
    static func write(_ text: String) {
        emitLine(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
}
