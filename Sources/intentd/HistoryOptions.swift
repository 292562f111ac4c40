import ArgumentParser
import Daemon
import Foundation
import Memory

/// Where the daemon keeps its memory (docs/memory.md) and how much: shared by `serve`,
/// `repl`, `run` and `history`.
struct HistoryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder of the history database.", discussion: "Default for serve and history: $XDG_STATE_HOME/intentd (~/.local/state/intentd). The private daemon of repl and run keeps a history of its own, removed on exit, unless this is given.", valueName: "dir"))
    var stateDir: String?

    @Flag(help: "Record nothing: no history, no undo, no suggestions.")
    var noHistory = false

    @Option(help: "The most history entries kept; older ones are removed.")
    var historyLimit = 10_000

    @Option(help: "Days of history kept.")
    var historyDays = 365

    func validate() throws {
        guard historyLimit >= 0 else { throw ValidationError("--history-limit must be 0 or more, not \(historyLimit).") }
        guard historyDays >= 0 else { throw ValidationError("--history-days must be 0 or more, not \(historyDays).") }
    }

    var retention: MemoryStore.Retention {
        MemoryStore.Retention(maximumEntries: historyLimit, maximumAge: .seconds(historyDays * 86_400))
    }

    /// The folder the daemon records in: nil with --no-history, the given or the default one otherwise.
    var persistentDirectory: String? { noHistory ? nil : (stateDir ?? DaemonConfiguration.defaultStateDirectory()) }
}
