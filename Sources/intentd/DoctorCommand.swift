import ArgumentParser
import Daemon
import Foundation
import Memory
import Phrases
import Routing
import Wire

/// `intentd doctor`: where intentd looks for things, what it found there, and what is wrong.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Say which folders are searched for phrase files, what was found, and any problem.",
        discussion: """
            Lists the phrase folders in order of precedence (--phrases and $INTENTD_PHRASES \
            replace them), the apps they define and their errors, the compiled-phrase cache, the history database and the \
            daemon's socket. Exits 1 when a phrase file has an error.
            """)

    @OptionGroup var phrases: PhraseOptions

    @Option(help: ArgumentHelp("The folder of the history database.", valueName: "dir"))
    var stateDir: String?

    @Option(help: "The daemon's socket. Default: $XDG_RUNTIME_DIR/intentd.sock, else /tmp/intentd-$UID.sock.")
    var socket: String?

    func run() async throws {
        print("intentd \(Daemon.version)")
        let environment = ProcessInfo.processInfo.environment
        if !phrases.paths.isEmpty {
            print("phrase files: given with --phrases: \(phrases.paths.joined(separator: ", "))")
        } else if let given = environment["INTENTD_PHRASES"], !given.isEmpty {
            print("phrase files: given in $INTENTD_PHRASES: \(given)")
        } else {
            print("phrase folders, the first copy of a file name winning:")
            for folder in PhraseSearch().folders {
                let state = folder.exists ? "\(folder.files.count) file\(folder.files.count == 1 ? "" : "s")" : "not there"
                print("  \(folder.exists ? "✓" : "-") \(folder.path)  (\(folder.role)): \(state)")
            }
        }
        var failed = false
        do {
            let paths = try phrases.resolvedPaths()
            let (loaded, source) = CompiledPhrases.load(paths: paths, cache: .intentd)
            if let cache = PhraseCache.intentd {
                let file = cache.file(for: paths)
                let written = FileManager.default.fileExists(atPath: file) ? "written anew" : "could not be written"
                print("phrase cache: \(file): \(source == .cache ? "up to date" : "\(source); \(written)")")
            } else {
                print("phrase cache: off (INTENTD_CACHE=off, or no $XDG_CACHE_HOME or $HOME)")
            }
            let library = loaded.library
            let compiled = Router(compiled: loaded)
            let errors = compiled.diagnostics.filter { $0.severity == .error }
            let warnings = compiled.diagnostics.count - errors.count
            let apps = library.apps.map { "\($0.id) (\($0.intents.count))" }.joined(separator: ", ")
            print("apps: \(library.apps.count), intents: \(library.intents.count): \(apps)")
            print("problems: \(errors.count) error\(errors.count == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
            for diagnostic in compiled.diagnostics { print("  \(diagnostic)") }
            failed = !errors.isEmpty
        } catch {
            print("apps: none: \(error)")
            failed = true
        }
        let state = stateDir ?? DaemonConfiguration.defaultStateDirectory()
        let database = (state as NSString).appendingPathComponent(MemoryStore.fileName)
        if FileManager.default.fileExists(atPath: database) {
            do {
                let store = try MemoryStore(directory: state, retention: .init(maximumEntries: .max, maximumAge: .seconds(Int64.max / 2)))
                print("history: \(database): \(try await store.count()) entries, integrity \(try await store.integrityCheck())")
            } catch {
                print("history: \(database): cannot be read: \(error)")
                failed = true
            }
        } else {
            print("history: \(database): not created yet (`intentd serve` makes it)")
        }
        let path = socket ?? DaemonConfiguration.defaultSocketPath
        if FileManager.default.fileExists(atPath: path),
            let status = try? await DaemonClient.withConnection(socketPath: path, { client in try await client.call(Methods.Status.self, Empty()) })
        {
            let connected = status["connectedApps"]?.arrayValue?.count ?? 0
            print("daemon: \(path): answering (version \(status["version"]?.stringValue ?? "?"), \(connected) app\(connected == 1 ? "" : "s") connected)")
        } else {
            print("daemon: \(path): none listening (start one with `intentd serve`)")
        }
        if failed { throw ExitCode(1) }
    }
}
