import ArgumentParser
import Daemon
import Foundation
import IntentModel
import Memory

/// `intentd history`: what was performed and donated, read from the memory database
/// (docs/memory.md). Works whether or not the daemon runs: SQLite in WAL mode lets both read.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List what intentd performed and what apps donated, newest first.",
        discussion: """
            Reads the history database of `intentd serve` ($XDG_STATE_HOME/intentd/memory.sqlite, \
            else ~/.local/state/intentd/memory.sqlite; --state-dir for another). Each line: the \
            entry's id, its local time, the intent and its values, and how it went; "donated" \
            marks what an app said the user did in it, "undo"/"redo" what those commands performed.
            """)

    @Option(help: ArgumentHelp("The folder of the history database (as given to serve).", valueName: "dir"))
    var stateDir: String?

    @Option(help: "Only this app's entries.")
    var app: String?

    @Option(help: "Only this intent's entries (tasks.add).")
    var intent: String?

    @Option(help: "The most entries listed.")
    var limit = 20

    @Flag(help: "One JSON object per entry, as history.list returns them.")
    var json = false

    @Flag(help: "Forget the entries selected by --app (or all of them) instead of listing them.")
    var forget = false

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more, not \(limit).") }
        if forget, intent != nil { throw ValidationError("--forget takes --app or nothing (everything), not --intent.") }
    }

    func run() async throws {
        let directory = stateDir ?? DaemonConfiguration.defaultStateDirectory()
        let file = (directory as NSString).appendingPathComponent(MemoryStore.fileName)
        guard FileManager.default.fileExists(atPath: file) else {
            print("No history yet: there is no database at \(file). `intentd serve` records one (unless --no-history).")
            return
        }
        let store = try MemoryStore(directory: directory, retention: .init(maximumEntries: .max, maximumAge: .seconds(Int64.max / 2)))
        if forget {
            let count = try await store.forget(app.map { .app($0) } ?? .everything)
            print("Forgot \(count) entr\(count == 1 ? "y" : "ies").")
            return
        }
        let entries = try await store.list(.init(app: app, intent: intent, limit: limit))
        if json {
            for entry in entries { print(entry.json.serialized) }
            return
        }
        guard !entries.isEmpty else {
            print("Nothing recorded" + (app.map { " for \($0)" } ?? "") + ".")
            return
        }
        for entry in entries { print(Self.line(entry)) }
    }

    /// `  12  2026-11-25 09:00  tasks.add  title = "eggs", list = Groceries  (undone)  "add eggs to my groceries list"`
    static func line(_ entry: HistoryEntry) -> String {
        let time = entry.localTime.replacingOccurrences(of: "T", with: " ").prefix(16)
        let values = entry.parameterValues.sorted { $0.key < $1.key }.map { "\($0.key) = \(Value.printed(json: $0.value))" }.joined(separator: ", ")
        var marks: [String] = []
        if entry.source != .assistant { marks.append(entry.source.rawValue) }
        if entry.outcome != "done" { marks.append(entry.outcome + (entry.dialog.map { ": \($0)" } ?? "")) }
        if entry.undoneBy != nil { marks.append("undone") }
        var line = String(format: "%5lld  ", entry.id ?? 0) + time + "  " + entry.intent
        if !values.isEmpty { line += "  " + values }
        if !marks.isEmpty { line += "  (" + marks.joined(separator: ", ") + ")" }
        if let utterance = entry.utterance { line += "  \"\(utterance)\"" }
        return line
    }
}
