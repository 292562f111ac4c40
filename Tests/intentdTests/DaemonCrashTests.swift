import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

/// Requests that used to kill `intentd serve --demo` (issue 18): each is answered, and the
/// daemon goes on serving.
extension ServeDemoTests {
    @Test func oneLineCrashesAreAnsweredAndTheDaemonLives() async throws {
        let binary = try #require(TestPaths.intentdBinary, "intentd is not built")
        let socket = "/tmp/intentd-crash-test-\(getpid())-\(UUID().uuidString.prefix(6)).sock"
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--demo", "--socket", socket, "--phrases", TestPaths.phrases, "--log-level", "error"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let connected = try await waitForDemoApps(socket)
        #expect(connected.count == 10, "connected apps: \(connected)")

        try await DaemonClient.withConnection(socketPath: socket) { client in
            // A choice among no tasks, answered "2": AnswerReader.choice made the range 1...0.
            _ = try await client.call(Methods.Run.self, .init(utterance: "delete all my tasks", session: "c"))
            _ = try? await client.call(Methods.Continue.self, .init(session: "c", answer: .text("yes")))
            let open = try await client.call(Methods.Run.self, .init(utterance: "open a task", session: "c"))
            // No tasks to choose from: said so, not offered as an empty choice (issue 16).
            #expect(open.status == .failed, "\(open.json.serialized)")
            #expect(open.message == "There are no tasks to choose from.")
            if open.status == .question {
                for answer in ["2", "the first one"] {
                    _ = try? await client.call(Methods.Continue.self, .init(session: "c", answer: .text(answer)))
                }
            }
            // An Int parameter beyond Int's range: Int(Double) trapped in Value.init(json:as:).
            for quantity in [1e19, 9.5e18, -1e19] {
                let error = await #expect(throws: RPCError.self) {
                    _ = try await client.call(
                        Methods.Perform.self,
                        .init(call: IntentCall(intent: "soup.order", parameters: ["quantity": .number(quantity)]), session: "p"))
                }
                #expect(error?.code == .invalidParams, "\(String(describing: error))")
            }
            // Still serving.
            let count = try await client.call(Methods.Route.self, .init(utterance: "how many tasks are left"))
            #expect(count["intent"]?.stringValue == "tasks.count")
        }
        #expect(process.isRunning)
    }
}
