import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

/// `intentd serve --demo`: the real binary serves the ten demo apps from its own process.
/// One daemon at a time (its tests are in DaemonCrashTests.swift and
/// QuestionInterruptionTests.swift too): ten apps starting in each of several daemons at
/// once, beside the rest of the suite, is what starves a 2-core machine.
@Suite(.serialized)
struct ServeDemoTests {
    @Test func demoAppsAnswerOverTheSocketAndStateChangesAreSeen() async throws {
        let binary = try #require(TestPaths.intentdBinary, "intentd is not built")
        let socket = "/tmp/intentd-demo-test-\(getpid())-\(UUID().uuidString.prefix(6)).sock"
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "serve", "--demo", "--socket", socket, "--phrases", TestPaths.phrases, "--log-level", "error",
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let connected = try await waitForDemoApps(socket)
        #expect(connected.count == 10, "connected apps: \(connected)")

        try await DaemonClient.withConnection(socketPath: socket) { client in
            let count = try await client.call(
                Methods.Run.self, .init(utterance: "how many tasks are left in mighty tasks"))
            #expect(count.status == .done)
            #expect(count.result?.dialog == "Number of the opened tasks is 5")

            let added = try await client.call(Methods.Run.self, .init(utterance: "add buy bread to my groceries list"))
            #expect(added.result?.dialog == "Task 'buy bread' added")
            let after = try await client.call(
                Methods.Run.self, .init(utterance: "how many tasks are left in mighty tasks"))
            #expect(after.result?.dialog == "Number of the opened tasks is 6")

            // A question asked by the app itself, answered in the same session.
            let order = try await client.call(Methods.Run.self, .init(utterance: "order tomato soup", session: "demo"))
            #expect(order.status == .question)
            #expect(order.question?.prompt == "Please specify how many soups")
            let answered = try await client.call(Methods.Continue.self, .init(session: "demo", answer: .text("two")))
            #expect(answered.result?.dialog == "Your order for 2 Tomato has been placed")
        }

        // The pipe front end against the same daemon: the task added above is counted.
        let piped = try await runIntentd(["run", "--connect", socket, "--json"], input: "what is left in mighty tasks\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        let outcome = try JSONValue(parsing: piped.stdout.trimmingCharacters(in: .newlines))["outcome"]
        #expect(outcome?["result"]?["dialog"]?.stringValue == "Number of the opened tasks is 6")

        await terminateAndWait(process)
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func frontEndsSayWhenThereIsNoDaemon() async throws {
        let output = try await runIntentd(["run", "--connect", "/tmp/intentd-no-such-daemon.sock"], input: "hello\n")
        #expect(output.status != 0)
        #expect(
            output.stderr.contains(
                "No daemon socket at '/tmp/intentd-no-such-daemon.sock'. Start one with 'intentd serve --socket /tmp/intentd-no-such-daemon.sock'."
            ))
    }

    /// Polls `status` until all ten demo apps are connected (at most three minutes: a loaded machine can be slow to start it).
    func waitForDemoApps(_ socket: String) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(180)
        var connected: [String] = []
        // Asked once more after the deadline: on a machine busy with other tests this task may
        // not run for minutes, and the deadline may pass while it sleeps.
        while true {
            if FileManager.default.fileExists(atPath: socket) {
                let status = try? await DaemonClient.withConnection(socketPath: socket) { client in
                    try await client.call(Methods.Status.self, Empty())
                }
                if case .array(let apps)? = status?["connectedApps"] {
                    connected = apps.compactMap(\.stringValue)
                    if connected.count == 10 { return connected }
                }
            }
            if ContinuousClock.now >= deadline { return connected }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
