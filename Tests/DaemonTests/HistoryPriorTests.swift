import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

/// The history breaks a tie between equally good intents, and nothing else (docs/memory.md).
@Suite struct HistoryPriorTests {
    /// Two intents that "open my notes" reaches equally well.
    static let notes = """
        {"id": "jot", "name": "Jot", "intents": [
          {"id": "open", "title": "Open notes", "phrases": ["open my notes", "open the notes app"]},
          {"id": "show", "title": "Show notes", "phrases": ["open my notes", "show my notes"]}]}
        """

    @Test func theIntentDoneClearlyMostOftenBreaksATieAndExplainSaysSo() async throws {
        let state = NSTemporaryDirectory() + "intentd-prior-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let definition = try AppDefinition(json: try JSONValue(parsing: Self.notes))
        try await withDaemon(configure: { $0.stateDirectory = state }) { _, socket in
            try await withApp(definition, socket: socket, handler: { request, _ in
                let call = try? Methods.PerformIntent.Parameters(json: request.params ?? .null)
                return Response(id: request.id, result: AppReply.result(IntentResult(dialog: "did \(call?.call.intent ?? "?")")).json)
            }) {
                try await DaemonClient.withConnection(socketPath: socket) { client in
                    // No history: a tie is asked about.
                    let asked = try await client.call(Methods.Run.self, .init(utterance: "open my notes", session: "a"))
                    #expect(asked.status == .question, "\(asked.json.serialized)")
                    #expect(asked.question?.choices.compactMap(\.intent).sorted() == ["jot.open", "jot.show"])

                    // Once is not a habit.
                    _ = try await client.call(Methods.Run.self, .init(utterance: "show my notes", session: "b"))
                    #expect(try await client.call(Methods.Run.self, .init(utterance: "open my notes", session: "c")).status == .question)

                    // Twice, and never the other: the history decides, and says so.
                    _ = try await client.call(Methods.Run.self, .init(utterance: "show my notes", session: "b"))
                    let decided = try await client.call(Methods.Run.self, .init(utterance: "open my notes", session: "d"))
                    #expect(decided.status == .done, "\(decided.json.serialized)")
                    #expect(decided.intent == "jot.show")
                    let explained = try await client.call(Methods.Route.self, .init(utterance: "open my notes", explain: true))
                    #expect(explained["historyPrior"] == .string("jot.show"))
                    #expect(explained["explanation"]?.stringValue?.contains("history prior: jot.show, done 3 times, over the equally good jot.open (0)") == true,
                        "\(explained["explanation"]?.stringValue ?? "")")

                    // A clear parse is never overridden: "open the notes app" is jot.open alone.
                    let clear = try await client.call(Methods.Run.self, .init(utterance: "open the notes app", session: "e"))
                    #expect(clear.intent == "jot.open")
                    #expect(try await client.call(Methods.Route.self, .init(utterance: "open the notes app"))["historyPrior"] == nil)

                    // Done about as often as each other: a tie again.
                    for _ in 0..<3 { _ = try await client.call(Methods.Perform.self, .init(call: IntentCall(intent: "jot.open"), session: "f")) }
                    #expect(try await client.call(Methods.Run.self, .init(utterance: "open my notes", session: "g")).status == .question)
                }
            }
        }
    }
}
