import ArgumentParser
import Daemon
import Foundation
import IntentModel
import Logging
import Phrases
import Routing
import Synchronization

/// Where the phrase files are: `--phrases`, else `$INTENTD_PHRASES`, else the XDG way, as
/// D-Bus finds service files: apps installed by the user in `$XDG_DATA_HOME/intentd/apps`
/// (`~/.local/share/intentd/apps`), by packages in each `$XDG_DATA_DIRS/intentd/apps`
/// (`/usr/local/share`, `/usr/share`), and the demo apps: `Phrases/` of the current
/// directory or of the checkout the executable was built in, else `share/intentd/phrases`
/// beside the executable's prefix (`make install`). A file name found in several folders is
/// taken from the first.
struct PhraseOptions: ParsableArguments {
    @Option(name: .customLong("phrases"), help: "A phrase folder or file (repeatable). Default: the installed apps and the demo apps (intentd doctor lists them).")
    var paths: [String] = []

    func resolvedPaths() throws -> [String] {
        if !paths.isEmpty { return paths }
        if let env = ProcessInfo.processInfo.environment["INTENTD_PHRASES"], !env.isEmpty {
            return env.split(separator: ":").map(String.init)
        }
        let files = PhraseSearch().files
        guard !files.isEmpty else {
            throw ValidationError("No phrase files found: pass --phrases DIR, or install them (make install); `intentd doctor` lists the folders searched.")
        }
        return files
    }

    /// The phrase files loaded and compiled, through the user's cache (``PhraseCache/intentd``).
    func compiled() throws -> CompiledPhrases {
        CompiledPhrases.load(paths: try resolvedPaths(), cache: .intentd).phrases
    }
}

extension PhraseCache {
    /// The cache of this intentd, in `$XDG_CACHE_HOME/intentd`; nil when `INTENTD_CACHE=off`.
    static var intentd: PhraseCache? { .standard(version: Daemon.version) }
}

/// The folders phrase files are looked for in, in order of precedence, and the files found.
struct PhraseSearch {
    struct Folder {
        var path: String
        var role: String
        var files: [String]
        var exists: Bool
    }

    let folders: [Folder]

    init(environment: [String: String] = ProcessInfo.processInfo.environment, executable: String = CommandLine.arguments[0]) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        var candidates = [(dataHome + "/intentd/apps", "apps installed by the user ($XDG_DATA_HOME)")]
        candidates += dataDirs.map { ($0 + "/intentd/apps", "apps installed by packages ($XDG_DATA_DIRS)") }
        if let demo = Self.demoFolder(executable: executable) { candidates.append((demo, "the demo apps")) }
        var seen: Set<String> = []
        var folders: [Folder] = []
        for (path, role) in candidates where !folders.contains(where: { $0.path == path }) {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            var files: [String] = []
            if exists {
                var ignored: [Diagnostic] = []
                for file in PhraseLibraryLoader.phraseFiles(at: path, diagnostics: &ignored) {
                    let relative = String(file.dropFirst(path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                    if seen.insert(relative).inserted { files.append(file) }
                }
            }
            folders.append(Folder(path: path, role: role, files: files, exists: exists))
        }
        self.folders = folders
    }

    /// Every file to load, the first folder's copy of a name winning.
    var files: [String] { folders.flatMap(\.files) }

    /// `Phrases/` here or in the checkout the executable was built in (`.build/<triple>/debug/intentd`),
    /// else `share/intentd/phrases` of the prefix it is installed in (`PREFIX/bin/intentd`).
    static func demoFolder(executable: String) -> String? {
        let manager = FileManager.default
        if manager.fileExists(atPath: "Phrases") { return URL(fileURLWithPath: "Phrases").standardizedFileURL.path }
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = binary.deletingLastPathComponent().appendingPathComponent("share/intentd/phrases").path
        if manager.fileExists(atPath: installed) { return installed }
        var url = binary
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
