import ArgumentParser
import Foundation
import IntentModel
import Phrases
import Routing

/// Where the phrase files are: `--phrases`, else `$INTENTD_PHRASES`, else the `Phrases/`
/// folder of the current directory or of the checkout the executable was built in.
struct PhraseOptions: ParsableArguments {
    @Option(name: .customLong("phrases"), help: "A phrase folder or file (repeatable). Default: the demo apps in Phrases/.")
    var paths: [String] = []

    func resolvedPaths() throws -> [String] {
        if !paths.isEmpty { return paths }
        if let env = ProcessInfo.processInfo.environment["INTENTD_PHRASES"], !env.isEmpty {
            return env.split(separator: ":").map(String.init)
        }
        if let found = Self.defaultPhrasesFolder() { return [found] }
        throw ValidationError("No phrase files found: pass --phrases DIR or run from the intentd checkout.")
    }

    static func defaultPhrasesFolder() -> String? {
        let manager = FileManager.default
        if manager.fileExists(atPath: "Phrases") { return "Phrases" }
        // .build/<triple>/debug/intentd → the checkout root.
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = url.appendingPathComponent("Phrases").path
            if manager.fileExists(atPath: candidate) { return candidate }
            url = url.deletingLastPathComponent()
        }
        return nil
    }
}

/// `--prefer DOMAIN=APP`, else `$INTENTD_PREFER`: the app that takes a schema several
/// apps adopt (docs/schemas.md).
struct PreferenceOptions: ParsableArguments {
    @Option(
        name: .customLong("prefer"),
        help: ArgumentHelp(
            "DOMAIN=APP or SCHEMA=APP (repeatable): the app that takes requests of a schema several apps adopt, e.g. mail=mail.",
            valueName: "domain=app"))
    var entries: [String] = []

    /// The preferences, checked against the library's catalogue and apps; `strictApps` also
    /// refuses apps no phrase file declares (the daemon lets them register later).
    func resolved(for library: PhraseLibrary, strictApps: Bool = true) throws -> SchemaPreferences {
        var given = entries
        if given.isEmpty, let env = ProcessInfo.processInfo.environment["INTENTD_PREFER"] {
            given = env.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        }
        let preferences: SchemaPreferences
        do {
            preferences = try SchemaPreferences(parsing: given)
        } catch {
            throw ValidationError("--prefer: \(error)")
        }
        let problems = preferences.problems(in: library).filter { strictApps || !$0.hasPrefix("Unknown app") }
        if !problems.isEmpty { throw ValidationError("--prefer: " + problems.joined(separator: " ")) }
        return preferences
    }
}

/// Parses `--now` values.
struct ReferenceTime: ExpressibleByArgument {
    var value: LocalDateTime
    init?(argument: String) {
        guard let value = LocalDateTime(iso8601: argument) else { return nil }
        self.value = value
    }
    static var defaultValueDescription: String { "the current time" }
}

/// Writes a line to standard output and flushes it, so pipes see each result at once.
func emitLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func emitError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
