import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

/// A File parameter asked for and answered: a name is looked up in the parameter's folder,
/// of the kinds it accepts, as in an utterance.
@Suite struct FileAnswerTests {
    static func viewer(folder: String) throws -> AppDefinition {
        try AppDefinition(json: try JSONValue(parsing: """
            {"id": "viewer", "name": "Viewer", "intents": [
              {"id": "show", "title": "Show picture",
               "parameters": [{"name": "picture", "type": "File", "requestValueDialog": "Which picture?",
                               "fileTypes": ["image"], "directory": "\(folder)"}],
               "phrases": ["show a picture", "show the picture {picture}"]}]}
            """))
    }

    @Test func aNameInTheFolderAnswersAndAFileOfTheWrongKindDoesNot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intentd-answer-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["Sunset.jpg", "notes.txt"] { #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())) }
        let definition = try Self.viewer(folder: folder)
        #expect(definition.intents.first?.parameters.first?.fileTypes == ["image"])
        try await withDaemon { _, socket in
            try await withApp(definition, socket: socket, handler: { request, _ in
                let call = try? Methods.PerformIntent.Parameters(json: request.params ?? .null)
                let path = call?.call.parameters["picture"]?["path"]?.stringValue ?? "?"
                return Response(id: request.id, result: AppReply.result(IntentResult(dialog: "Showing \(path)")).json)
            }) {
                try await DaemonClient.withConnection(socketPath: socket) { client in
                    let ask = try await client.call(Methods.Run.self, .init(utterance: "show a picture"))
                    #expect(ask.question?.prompt == "Which picture?")
                    // The text file has the name, not the kind: asked again, saying what is wanted.
                    await #expect(throws: RPCError.self) {
                        _ = try await client.call(Methods.Continue.self, .init(session: ask.session, answer: .text("notes")))
                    }
                    let done = try await client.call(Methods.Continue.self, .init(session: ask.session, answer: .text("the sunset")))
                    #expect(done.result?.dialog == "Showing \(folder)/Sunset.jpg")
                }
            }
        }
    }
}
