import ArgumentParser
import Phrases
import Routing

/// `intentd check`: validate phrase files like a compiler, all problems in one run.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate phrase files and report every error and warning.",
        discussion: """
            Reports syntax errors, unknown slots and rules, required parameters no phrase can fill, \
            duplicate phrases, and phrases of two intents that match the same utterance. Exits \
            non-zero when there are errors.
            """)

    @Argument(help: "Phrase folders or files. Default: Phrases/.")
    var paths: [String] = []

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let folders = paths.isEmpty ? [PhraseOptions.defaultPhrasesFolder() ?? "Phrases"] : paths
        let router = Router(phrasesAt: folders)
        let diagnostics = PhraseChecker(router: router).diagnostics()
        for diagnostic in diagnostics { emitLine("\(diagnostic)") }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let stats = router.matcher.statistics
        let apps = router.library.apps.count
        emitError(
            "\(apps) apps, \(router.matcher.intents.count) intents, \(stats.phrases) phrases compiled: "
                + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }
}
