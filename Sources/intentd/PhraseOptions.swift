import ArgumentParser
import Foundation
import IntentModel
import Logging
import Phrases
import Routing
import Synchronization

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

/// `--prefer DOMAIN=APP`, else `$INTENTD_PREFER`, else the lines of
/// `$XDG_CONFIG_HOME/intentd/prefer` (default `~/.config/intentd/prefer`): the app that takes
/// a schema several apps adopt (docs/schemas.md).
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
        let environment = ProcessInfo.processInfo.environment
        var given = entries
        var source = "--prefer"
        if given.isEmpty, let env = environment["INTENTD_PREFER"] {
            given = env.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            source = "INTENTD_PREFER"
        }
        if given.isEmpty, let file = Self.file(environment), let text = try? String(contentsOfFile: file, encoding: .utf8) {
            // One DOMAIN=APP or SCHEMA=APP per line; '#' starts a comment.
            given = text.split(separator: "\n").compactMap { line in
                let entry = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let trimmed = entry.trimmingCharacters(in: .whitespaces)
                return trimmed.isEmpty ? nil : trimmed
            }
            source = file
        }
        let preferences: SchemaPreferences
        do {
            preferences = try SchemaPreferences(parsing: given)
        } catch {
            throw ValidationError("\(source): \(error)")
        }
        let problems = preferences.problems(in: library).filter { strictApps || !$0.hasPrefix("Unknown app") }
        if !problems.isEmpty { throw ValidationError("\(source): " + problems.joined(separator: " ")) }
        return preferences
    }

    /// `$XDG_CONFIG_HOME/intentd/prefer`, else `~/.config/intentd/prefer`.
    static func file(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/intentd/prefer" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/intentd/prefer"
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

/// Writes a line to standard output at once, so pipes see each result as it comes. When
/// the reader has gone (`intentd run | head -3`), the line is dropped and
/// ``standardOutputClosed`` is set, so a command can stop and clean up instead of crashing.
func emitLine(_ line: String) {
    if !write(line + "\n", to: STDOUT_FILENO) { standardOutputClosed.store(true, ordering: .relaxed) }
}

func emitError(_ line: String) {
    _ = write(line + "\n", to: STDERR_FILENO)
}

/// True once a write to standard output failed (a closed pipe).
let standardOutputClosed = Atomic<Bool>(false)

/// Writes all of `text`; false when the file refuses (EPIPE, a closed pipe).
private func write(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        bytes = bytes.dropFirst(written)
    }
    return true
}

/// `--log-level`: argument-parser checks it and lists the values in `--help`.
extension Logger.Level: @retroactive ExpressibleByArgument {}

/// Sends swift-log to standard error at `level` (trace ... critical); once per process.
func bootstrapLogging(level: Logger.Level) {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#else
    private let systemWrite = Darwin.write
#endif
