import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

/// A question never traps (issue 16): a reply that is a request of its own drops the question
/// and is performed; a wrong answer is explained in the user's words.
extension ServeDemoTests {
    @Test func aNewRequestDropsThePendingQuestion() async throws {
        let binary = try #require(TestPaths.intentdBinary, "intentd is not built")
        let socket = "/tmp/intentd-interrupt-test-\(getpid())-\(UUID().uuidString.prefix(6)).sock"
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--demo", "--socket", socket, "--phrases", TestPaths.phrases, "--log-level", "error"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let connected = try await waitForDemoApps(socket)
        #expect(connected.count == 10, "connected apps: \(connected)")

        try await DaemonClient.withConnection(socketPath: socket) { client in
            // A value question, then a request: the request is performed, the question dropped.
            let order = try await client.call(Methods.Run.self, .init(utterance: "order tomato soup", session: "q"))
            #expect(order.status == .question)
            let list = try await client.call(Methods.Continue.self, .init(session: "q", answer: .text("how many tasks are left")))
            #expect(list.intent == "tasks.count")
            #expect(list.result?.dialog == "Number of the opened tasks is 5")
            #expect(list.droppedQuestion?.prompt == "Please specify how many soups")
            // The session no longer waits: the dropped question is gone.
            await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.Continue.self, .init(session: "q", answer: .text("two")))
            }

            // A confirmation, then a request.
            let delete = try await client.call(Methods.Run.self, .init(utterance: "delete all my tasks", session: "c"))
            #expect(delete.question?.kind == .confirm)
            let count = try await client.call(Methods.Continue.self, .init(session: "c", answer: .text("show my tasks")))
            #expect(count.intent == "tasks.list")
            #expect(count.droppedQuestion?.kind == .confirm)

            // A wrong answer that is no request: explained in the user's words.
            let confirm = try await client.call(Methods.Run.self, .init(utterance: "delete all my tasks", session: "w"))
            #expect(confirm.question?.kind == .confirm)
            let wrong = await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.Continue.self, .init(session: "w", answer: .text("purple")))
            }
            #expect(wrong?.code == .invalidAnswer)
            #expect(wrong?.data?["expected"]?.stringValue == "yes or no")
        }
    }
}
