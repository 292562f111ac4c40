import ArgumentParser
import Foundation
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

    @Argument(help: "Phrase folders or files. Default: the folders intentd loads (intentd doctor lists them).")
    var paths: [String] = []

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let found = PhraseSearch().folders.filter { !$0.files.isEmpty }.map(\.path)
        let given = paths.isEmpty ? (found.isEmpty ? ["Phrases"] : found) : paths
        // A file is checked with its folder, as the loader reads it: its rules, filler words
        // and contacts live in the shared files beside it (common.en.yaml). Only the named
        // files' own problems are reported.
        let files = given.filter { !Self.isFolder($0) }
        let folders = given.map { Self.isFolder($0) ? $0 : ($0 as NSString).deletingLastPathComponent }
        var seen = Set<String>()
        let unique = folders.map { $0.isEmpty ? "." : $0 }.filter { seen.insert(Self.standardized($0)).inserted }
        // A folder is searched for .yaml files only: a file of another name (Home Assistant's
        // merged en_templates.json) is read as it is named.
        let unlisted = files.filter { !$0.hasSuffix(".yaml") && !$0.hasSuffix(".yml") }
        let router = Router(phrasesAt: unique + unlisted)
        var diagnostics = PhraseChecker(router: router).diagnostics()
        if !files.isEmpty, files.count == given.count {
            let wanted = Set(files.map(Self.standardized))
            diagnostics = diagnostics.filter { diagnostic in
                diagnostic.location.map { wanted.contains(Self.standardized($0.file)) } ?? true
            }
        }
        for diagnostic in diagnostics { emitLine("\(diagnostic)") }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let stats = router.matcher.statistics
        let apps = router.library.apps.count
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        emitError(
            "\(count(apps, "app")), \(count(router.matcher.intents.count, "intent")), \(count(stats.phrases, "phrase")) compiled: "
                + "\(count(errors, "error")), \(count(warnings, "warning"))")
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
