import Foundation
import GRDB
import IntentModel
import Memory
import Testing

/// The memory database on its own: what is recorded is read back, survives reopening,
/// is forgotten on request, stays private, and is bounded.
@Suite struct MemoryStoreTests {
    let directory = NSTemporaryDirectory() + "intentd-memory-test-\(UUID().uuidString)"

    func entry(
        _ intent: String, _ parameters: [String: JSONValue] = [:], uid: UInt32? = 1000, at time: Date = Date(),
        local: String = "2026-11-25T08:00:00", source: HistoryEntry.Source = .assistant, effect: IntentEffect? = nil,
        outcome: String = "done", result: JSONValue? = nil
    ) -> HistoryEntry {
        HistoryEntry(
            time: time, localTime: LocalDateTime(iso8601: local)!, uid: uid, pid: 42, session: "s", utterance: "words for \(intent)",
            intent: intent, parameters: parameters, outcome: outcome, result: result, dialog: "said", source: source, effect: effect)
    }

    @Test func entriesAreReadBackNewestFirstAndSurviveReopening() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = try MemoryStore(directory: directory)
            try await store.record(entry("tasks.add", ["title": .string("eggs"), "limit": .integer(9_007_199_254_740_993)], result: .object([("id", .string("t6"))])))
            try await store.record(entry("soup.order", ["quantity": .integer(2)]))
        }
        let reopened = try MemoryStore(directory: directory)
        let all = try await reopened.list(.init())
        #expect(all.map(\.intent) == ["soup.order", "tasks.add"])
        let added = try #require(all.last)
        #expect(added.parameterValues["title"] == .string("eggs"))
        #expect(added.parameterValues["limit"]?.intValue == 9_007_199_254_740_993)
        #expect(added.resultValue?["id"] == .string("t6"))
        #expect(added.utterance == "words for tasks.add")
        #expect(added.app == "tasks")
        #expect(added.json["source"] == .string("assistant"))
        #expect(try await reopened.list(.init(app: "soup")).map(\.intent) == ["soup.order"])
        #expect(try await reopened.list(.init(intent: "tasks.add")).count == 1)
        #expect(try await reopened.list(.init(limit: 1)).map(\.intent) == ["soup.order"])
        #expect(try await reopened.list(.init(uid: 1001)).isEmpty)
        #expect(try await reopened.list(.init(since: Date().addingTimeInterval(60))).isEmpty)
    }

    @Test func theDatabaseIsPrivateAndInWALMode() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try MemoryStore(directory: directory)
        try await store.record(entry("tasks.list"))
        for path in [store.path, store.path + "-wal"] {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "\(path) has mode \(String(mode, radix: 8))")
        }
        let folderMode = try #require(FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int)
        #expect(folderMode == 0o700)
        let journal = try await DatabaseQueue(path: store.path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
    }

    @Test func forgettingRemovesAnEntryAnAppOrEverythingOfOneUser() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try MemoryStore(directory: directory)
        let first = try await store.record(entry("tasks.add"))
        try await store.record(entry("tasks.list"))
        try await store.record(entry("soup.order"))
        try await store.record(entry("soup.order", uid: 2000))
        #expect(try await store.forget(.entry(try #require(first.id)), uid: 2000) == 0, "another user's entry stays")
        #expect(try await store.forget(.entry(try #require(first.id)), uid: 1000) == 1)
        #expect(try await store.forget(.app("soup"), uid: 1000) == 1)
        #expect(try await store.list(.init()).map(\.intent) == ["soup.order", "tasks.list"])
        #expect(try await store.forget(.everything) == 2)
        #expect(try await store.count() == 0)
    }

    @Test func retentionKeepsTheNewestEntriesAndNoneTooOld() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = try MemoryStore(directory: directory, retention: .init(maximumEntries: 1_000, maximumAge: .seconds(3_600)))
            try await store.record(entry("tasks.old", at: Date().addingTimeInterval(-7_200)))
            for n in 0..<200 { try await store.record(entry("tasks.n\(n)")) }
        }
        // Reopened with smaller limits: the retention applies at once.
        let store = try MemoryStore(directory: directory, retention: .init(maximumEntries: 50, maximumAge: .seconds(3_600)))
        let kept = try await store.list(.init(limit: 1_000))
        #expect(kept.count == 50)
        #expect(kept.first?.intent == "tasks.n199")
        #expect(kept.last?.intent == "tasks.n150")
        // While running, whenever an id is a multiple of 64: ids 202...265 are added, the
        // limit is applied at 256 (50 left), and 9 more follow.
        for n in 0..<64 { try await store.record(entry("tasks.m\(n)")) }
        #expect(try await store.count() == 59)
        #expect(try await store.list(.init(limit: 1_000)).last?.intent == "tasks.m5")
    }

    @Test func theJournalUndoesTheLastReversibleActionAndRedoesOnlyRightAfter() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try MemoryStore(directory: directory)
        let reversible = IntentEffect.reversible(UndoAction(intent: "tasks.delete", parameters: ["task": .string("$result")]))
        #expect(try await store.lastChange(uid: 1000) == nil)
        let add = try await store.record(entry("tasks.add", effect: reversible))
        try await store.record(entry("tasks.list", effect: .readOnly))
        try await store.record(entry("tasks.add", effect: reversible, outcome: "failed"))
        try await store.record(entry("tasks.add", uid: 2000, effect: reversible))
        try await store.record(entry("tasks.add", source: .donated, effect: reversible))
        // Read-only, failed, donated and other users' actions are not undone.
        #expect(try await store.lastChange(uid: 1000)?.id == add.id)
        #expect(try await store.lastRedoable(uid: 1000) == nil)
        var undo = entry("tasks.delete", source: .undo, effect: reversible)
        undo.undoes = add.id
        try await store.record(undo, reversing: try #require(add.id))
        #expect(try await store.lastChange(uid: 1000) == nil)
        #expect(try await store.lastRedoable(uid: 1000)?.id == add.id)
        // A read-only action between keeps the redo; a new change drops it.
        try await store.record(entry("tasks.count", effect: .readOnly))
        #expect(try await store.lastRedoable(uid: 1000)?.id == add.id)
        var redo = entry("tasks.add", source: .redo, effect: reversible)
        redo.redoes = add.id
        let redone = try await store.record(redo, reversing: try #require(add.id))
        #expect(try await store.lastRedoable(uid: 1000) == nil)
        #expect(try await store.lastChange(uid: 1000)?.id == redone.id)
        try await store.record(entry("expenses.add", effect: reversible))
        let newest = try await store.lastChange(uid: 1000)
        #expect(newest?.intent == "expenses.add")
        // An action that cannot be undone is the last change all the same: undo stops there.
        try await store.record(entry("tasks.deleteAll", effect: .destructive))
        #expect(try await store.lastChange(uid: 1000)?.intent == "tasks.deleteAll")
    }

    @Test func suggestionsRankByFrequencyRecencyAndTimeOfDay() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try MemoryStore(directory: directory)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let day = 86_400.0
        // Coffee every morning at 8 for a week; the task list three times in the evening;
        // the balance once, long ago; a soup order undone (a mistake, not a habit).
        for n in 1...7 {
            try await store.record(entry("expenses.add", ["title": .string("coffee"), "price": .number(4.5)], at: now - Double(n) * day, local: "2026-11-1\(n)T08:05:00"))
        }
        try await store.record(entry("expenses.add", ["title": .string("lunch"), "price": .number(12)], at: now - day, local: "2026-11-24T12:30:00"))
        for n in 1...3 { try await store.record(entry("tasks.list", at: now - Double(n) * day, local: "2026-11-2\(n)T19:00:00")) }
        try await store.record(entry("bank.viewBalance", at: now - 60 * day, local: "2026-09-26T08:00:00"))
        try await store.record(entry("tasks.add", ["title": .string("x")], at: now - 3600, local: "2026-11-25T07:00:00", source: .donated))
        var undone = self.entry("soup.order", at: now - 60, local: "2026-11-25T08:00:00")
        undone.undoneBy = 99
        try await store.record(undone)

        let morning = try await store.suggestions(uid: 1000, now: LocalDateTime(iso8601: "2026-11-25T08:00:00")!, at: now)
        #expect(morning.first?.intent == "expenses.add")
        #expect(morning.first?.parameters["title"] == .string("coffee"), "the usual parameters, not the one-off lunch")
        #expect(morning.first?.count == 8)
        #expect(morning.first?.reason.contains("usually around this time of day") == true)
        #expect(!morning.contains { $0.intent == "soup.order" })
        #expect(morning.contains { $0.intent == "tasks.add" }, "donations count")

        let evening = try await store.suggestions(uid: 1000, now: LocalDateTime(iso8601: "2026-11-25T19:00:00")!, at: now)
        let list = try #require(evening.firstIndex { $0.intent == "tasks.list" })
        let coffee = try #require(evening.firstIndex { $0.intent == "expenses.add" })
        #expect(list < coffee, "in the evening the evening habit comes first: \(evening.map(\.intent))")
        #expect(evening.last?.intent == "bank.viewBalance", "two months old counts least")
        #expect(try await store.suggestions(uid: 2000, now: LocalDateTime(iso8601: "2026-11-25T19:00:00")!, at: now).isEmpty)
    }

    /// Redo goes on through what was undone, newest first, until a new action.
    @Test func redoWalksBackThroughTheUndos() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try MemoryStore(directory: directory)
        let reversible = IntentEffect.reversible(UndoAction(intent: "tasks.delete", parameters: ["task": .string("$result")]))
        func undo(_ original: HistoryEntry) async throws {
            var entry = self.entry("tasks.delete", source: .undo, effect: reversible)
            entry.undoes = original.id
            try await store.record(entry, reversing: try #require(original.id))
        }
        func redo(_ original: HistoryEntry) async throws -> HistoryEntry {
            var entry = self.entry(original.intent, source: .redo, effect: reversible)
            entry.redoes = original.id
            return try await store.record(entry, reversing: try #require(original.id))
        }
        let a = try await store.record(entry("tasks.add", ["title": .string("a")], effect: reversible))
        let b = try await store.record(entry("tasks.add", ["title": .string("b")], effect: reversible))
        try await undo(try #require(try await store.lastChange(uid: 1000)))
        try await undo(try #require(try await store.lastChange(uid: 1000)))
        #expect(try await store.lastChange(uid: 1000) == nil)
        #expect(try await store.lastRedoable(uid: 1000)?.id == a.id, "the last undone first")
        _ = try await redo(a)
        #expect(try await store.lastRedoable(uid: 1000)?.id == b.id, "then the one undone before it")
        let redoneB = try await redo(b)
        #expect(try await store.lastRedoable(uid: 1000) == nil)
        // Undo the redo, and redo it again.
        try await undo(redoneB)
        #expect(try await store.lastRedoable(uid: 1000)?.id == redoneB.id)
        // A new action ends the redos.
        try await store.record(entry("expenses.add", effect: reversible))
        #expect(try await store.lastRedoable(uid: 1000) == nil)
    }
}
