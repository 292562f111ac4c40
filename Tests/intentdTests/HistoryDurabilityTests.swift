import Daemon
import Foundation
import IntentModel
import IntentTesting
import Memory
import Synchronization
import Testing
import Wire

/// The history survives the worst end of the daemon (issue 14): killed with SIGKILL in the
/// middle of a burst of writes, it loses no answered request's row, and the database opens
/// cleanly and passes SQLite's integrity check.
extension ServeDemoTests {
    @Test func aKilledDaemonLosesNoCommittedHistory() async throws {
        let binary = try #require(TestPaths.intentdBinary, "intentd is not built")
        let state = NSTemporaryDirectory() + "intentd-kill-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let socket = "/tmp/intentd-kill-test-\(getpid())-\(UUID().uuidString.prefix(6)).sock"
        defer { try? FileManager.default.removeItem(atPath: socket) }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--demo", "--socket", socket, "--phrases", TestPaths.phrases, "--state-dir", state, "--log-level", "error"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        #expect(try await waitForDemoApps(socket).count == 10)

        // Four clients ask as fast as they are answered; each answered request is committed.
        // (A request that changes entities, such as adding an expense, recompiles the
        // vocabulary and is much slower: this one is recorded all the same.)
        let answered = AnsweredCount()
        let clients = Task {
            await withTaskGroup(of: Void.self) { group in
                for client in 0..<4 {
                    group.addTask {
                        try? await DaemonClient.withConnection(socketPath: socket) { connection in
                            for n in 0..<100_000 {
                                let outcome = try await connection.call(Methods.Run.self, .init(
                                    utterance: "how many tasks are left", session: "c\(client)-\(n)"))
                                if outcome.status == .done { answered.add() }
                            }
                        }
                    }
                }
            }
        }
        // Killed once the burst is well under way.
        let deadline = ContinuousClock.now + .seconds(60)
        while answered.value < 200, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        kill(process.processIdentifier, SIGKILL)
        await terminateAndWait(process)
        await clients.value
        let acknowledged = answered.value
        #expect(acknowledged >= 200)

        let store = try MemoryStore(directory: state)
        #expect(try await store.integrityCheck() == "ok")
        let recorded = try await store.list(.init(intent: "tasks.count", limit: 1_000_000)).count
        #expect(recorded >= acknowledged, "answered \(acknowledged), recorded \(recorded)")
        // At most the requests in flight at the kill were recorded without their answer.
        #expect(recorded <= acknowledged + 4)
    }
}

/// A count shared by the test's client tasks.
final class AnsweredCount: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
