// What recording a performed intent in the history costs (issue 14: "recording adds ≤ 1 ms
// to run"): one committed insert into the WAL-mode database, as the daemon does before it
// answers `run`; and the journal lookup "undo" makes. Figures: docs/performance.md.
//
//     cd Benchmarks && swift package --disable-sandbox benchmark --filter 'Memory.*'
import Benchmark
import Foundation
import IntentModel
import Memory

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 20,
        maxDuration: .seconds(5), maxIterations: 20_000)

    let directory = NSTemporaryDirectory() + "intentd-memory-benchmark-\(getpid())"
    // The daemon's default retention: 10,000 entries, pruned every 64 inserts.
    let store = try! MemoryStore(directory: directory)
    let now = LocalDateTime(iso8601: "2026-11-25T08:00:00")!
    let reversible = IntentEffect.reversible(UndoAction(intent: "tasks.delete", parameters: ["task": .string("$result")]))
    func entry(_ n: Int) -> HistoryEntry {
        HistoryEntry(
            time: Date(), localTime: now, uid: 1000, pid: 4242, session: "s-\(n % 16)", utterance: "add eggs to my groceries list",
            intent: "tasks.add", parameters: ["title": .string("eggs \(n)"), "list": .object([("id", .string("groceries")), ("title", .string("Groceries"))])],
            outcome: "done", result: .object([("id", .string("t\(n)")), ("title", .string("eggs \(n)"))]), dialog: "Task 'eggs' added",
            source: .assistant, effect: reversible)
    }

    Benchmark("Memory.record (one performed intent, committed)") { benchmark in
        for n in benchmark.scaledIterations { blackHole(try await store.record(entry(n))) }
    }

    Benchmark("Memory.lastUndoable (the journal lookup of undo)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try await store.lastUndoable(uid: 1000)) }
    }

    Benchmark("Memory.suggestions (5, from a full history)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try await store.suggestions(uid: 1000, now: now)) }
    }
}
