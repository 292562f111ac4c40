import Daemon
import Foundation
import IntentModel
import IntentTesting
import Routing
import Testing
import Wire

/// Two apps register over the socket, both adopting phone.startCall: the conversation asks
/// which app, and the answer performs the request in that app; a preferred app, or one the
/// user names, takes it at once. A registration whose adoption is wrong is refused.
@Suite(.serialized) struct SchemaChoiceTests {
    static let phrases = [
        TestPaths.phrases + "/schemas", TestPaths.phrases + "/common.en.yaml", TestPaths.phrases + "/contacts.yaml",
    ]

    /// A calling app: `call` adopts phone.startCall.
    static func caller(_ id: String, _ name: String) -> AppDefinition {
        let mode = EnumDefinition(
            name: "\(id).Mode", displayName: "Mode",
            cases: [EnumCase(id: "audio", title: "Audio"), EnumCase(id: "video", title: "Video")],
            adoptedSchema: "phone.audioVisualMode")
        let call = IntentDefinition(
            id: "\(id).call", title: "Call",
            parameters: [
                ParameterDefinition(name: "destination", type: .person),
                ParameterDefinition(name: "audioVisualMode", type: .enumeration(mode.name)),
            ],
            adoptedSchema: "phone.startCall")
        return AppDefinition(id: id, displayName: name, intents: [call], enums: [mode])
    }

    /// Answers `intent.perform` with the intent, the person and the mode it was given.
    static func answer(_ request: Request, _ control: AppControl) async -> Response {
        guard let call = try? Methods.PerformIntent.Parameters(json: request.params ?? .null) else {
            return Response(id: request.id, error: RPCError(.methodNotFound, "unknown"))
        }
        let person = call.call.parameters["destination"]?["name"]?.stringValue ?? "?"
        let mode = call.call.parameters["audioVisualMode"]?.stringValue ?? "?"
        return result(
            request, AppReply.result(IntentResult(dialog: "\(call.call.intent): \(mode) call to \(person)")).json)
    }

    func withCallers(
        preferences: [String: String] = [:], _ body: @Sendable @escaping (DaemonClient) async throws -> Void
    ) async throws {
        try await withDaemon(phrases: Self.phrases, configure: { $0.preferences = SchemaPreferences(preferences) }) {
            _, socket in
            try await withApp(Self.caller("chatter", "Chatter"), socket: socket, handler: Self.answer) {
                try await withApp(Self.caller("ringo", "Ringo"), socket: socket, handler: Self.answer) {
                    try await DaemonClient.withConnection(socketPath: socket) { client in try await body(client) }
                }
            }
        }
    }

    @Test func withoutAPreferenceTheDaemonAsksWhichAppThenPerformsThere() async throws {
        try await withCallers { client in
            let question = try await client.call(Methods.Run.self, .init(utterance: "call mom"))
            #expect(question.status == .question)
            #expect(question.question?.prompt == "Which app should I use?")
            #expect(question.question?.choices.map(\.title) == ["Chatter", "Ringo"])
            #expect(question.question?.choices.map(\.intent) == ["chatter.call", "ringo.call"])
            let done = try await client.call(
                Methods.Continue.self, .init(session: question.session, answer: .text("ringo")))
            #expect(done.status == .done)
            #expect(done.result?.dialog == "ringo.call: audio call to Jane Doe")
            let again = try await client.call(Methods.Run.self, .init(utterance: "video call my wife"))
            let second = try await client.call(Methods.Continue.self, .init(session: again.session, answer: .choice(1)))
            #expect(second.result?.dialog == "chatter.call: video call to Maria Lopez")
        }
    }

    @Test func thePreferredAppIsUsedWithoutAsking() async throws {
        try await withCallers(preferences: ["phone": "ringo"]) { client in
            let done = try await client.call(Methods.Run.self, .init(utterance: "call mom"))
            #expect(done.status == .done)
            #expect(done.result?.dialog == "ringo.call: audio call to Jane Doe")
        }
    }

    @Test func namingTheAppPicksIt() async throws {
        try await withCallers(preferences: ["phone": "ringo"]) { client in
            let done = try await client.call(Methods.Run.self, .init(utterance: "call mom using chatter"))
            #expect(done.result?.dialog == "chatter.call: audio call to Jane Doe")
        }
    }

    @Test func aRegistrationThatAdoptsWronglyIsRefusedWithEveryReason() async throws {
        var broken = Self.caller("broken", "Broken")
        broken.intents[0].parameters.removeLast()
        broken.enums[0].cases.removeLast()
        let definition = broken
        _ = try await withDaemon(phrases: Self.phrases) { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { app in
                await #expect(
                    throws: RPCError(
                        .invalidDefinition, "Invalid app definition",
                        data: .parse(
                            """
                            {"app":"broken","diagnostics":["error: broken.call adopts phone.startCall but lacks parameter 'audioVisualMode' (phone.audioVisualMode)",\
                            "error: broken.Mode adopts phone.audioVisualMode but lacks case 'video'"]}
                            """))
                ) {
                    _ = try await app.call(Methods.RegisterApp.self, .init(app: definition))
                }
            }
        }
    }
}
