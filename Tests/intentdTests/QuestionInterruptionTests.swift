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
            // A value question, then a request that only reads: answered beside it; the
            // question stays, and the next reply answers it.
            let order = try await client.call(Methods.Run.self, .init(utterance: "order tomato soup", session: "q"))
            #expect(order.status == .question)
            let list = try await client.call(Methods.Continue.self, .init(session: "q", answer: .text("how many tasks are left")))
            #expect(list.intent == "tasks.count")
            #expect(list.session == "q")
            #expect(list.result?.dialog == "Number of the opened tasks is 5")
            #expect(list.heldQuestion?.prompt == "Please specify how many soups")
            #expect(list.droppedQuestion == nil)
            let two = try await client.call(Methods.Continue.self, .init(session: "q", answer: .text("two")))
            #expect(two.intent == "soup.order")
            #expect(two.parameters.first { $0.0 == "quantity" }?.1 == .number(2))

            // A confirmation, then a request that changes something: performed, the question dropped.
            let delete = try await client.call(Methods.Run.self, .init(utterance: "delete all my tasks", session: "c"))
            #expect(delete.question?.kind == .confirm)
            let added = try await client.call(Methods.Continue.self, .init(session: "c", answer: .text("add bread to my groceries list")))
            #expect(added.intent == "tasks.add")
            #expect(added.droppedQuestion?.kind == .confirm)
            #expect(added.heldQuestion == nil)
            // The session no longer waits: the dropped question is gone.
            await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.Continue.self, .init(session: "c", answer: .text("yes")))
            }

            // The same request again, or asking for the options: the question again, with its choices.
            let soup = try await client.call(Methods.Run.self, .init(utterance: "order soup", session: "s"))
            #expect(soup.question?.kind == .choice)
            for again in ["what soups do you have", "what are my options", "order soup"] {
                let asked = await #expect(throws: RPCError.self) {
                    _ = try await client.call(Methods.Continue.self, .init(session: "s", answer: .text(again)))
                }
                #expect(asked?.data?["expected"]?.stringValue == "one of: Tomato, Chicken Noodle, Minestrone, Clam Chowder (or its number)", "\(again)")
                #expect(asked?.data?["noAnswer"] == .bool(true), "\(again)")
            }
            let chosen = try await client.call(Methods.Continue.self, .init(session: "s", answer: .text("minestrone")))
            #expect(chosen.parameters.first { $0.0 == "soup" }?.1["id"] == .string("minestrone"))

            // Asked who a person can be: the people of the contacts, as a choice lists its options.
            let transfer = try await client.call(Methods.Run.self, .init(utterance: "transfer 50 dollars", session: "p"))
            #expect(transfer.question?.kind == .value)
            for asking in ["who can i send it to", "what are my options"] {
                let who = await #expect(throws: RPCError.self) {
                    _ = try await client.call(Methods.Continue.self, .init(session: "p", answer: .text(asking)))
                }
                #expect(
                    who?.data?["expected"]?.stringValue
                        == "the recipient, one of your contacts: John Appleseed, Sarah Connor, Alex Kim, Maria Lopez, Jane Doe, Dana Whitfield",
                    "\(asking)")
            }

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
