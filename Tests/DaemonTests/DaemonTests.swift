import Daemon
import Foundation
import IntentModel
import IntentTesting
import NIOCore
import Testing
import Wire

@Suite(.serialized) struct DaemonTests {
    @Test func routeOverTheSocketIsTheInProcessJSON() async throws {
        try await withDaemon(phrases: [TestPaths.phrases]) { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                for utterance in ["order two tomato soups", "add buy bread to my groceries list", "what's the weather"] {
                    let answer = try await client.call(Methods.Route.self, .init(utterance: utterance, now: DemoRouter.now))
                    #expect(answer == DemoRouter.shared.route(utterance, now: DemoRouter.now).json)
                }
            }
        }
    }

    /// `"readings": N` adds the phrase readings a recognizer can check against the audio
    /// (docs/voice.md); a count out of range is refused, naming the field.
    @Test func routeGivesReadingsForARecognizer() async throws {
        try await withDaemon(phrases: [TestPaths.phrases]) { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                let answer = try await client.call(
                    Methods.Route.self, .init(utterance: "take me back to my work", now: DemoRouter.now, spoken: true, readings: 3))
                #expect(answer["status"] == .string("notUnderstood"))
                let readings = answer["readings"]?.arrayValue ?? []
                #expect(readings.count == 3)
                #expect(readings.first?["text"] == .string("take me back to my book"))
                #expect(readings.first?["intent"] == .string("library.openCurrentlyReading"))
                #expect(try await client.call(Methods.Route.self, .init(utterance: "take me back to my work"))["readings"] == nil)
                await #expect(throws: RPCError.self) {
                    _ = try await client.call(Methods.Route.name, .parse(#"{"utterance":"take me back","readings":21}"#))
                }
            }
        }
    }

    @Test func socketFileIsPrivateAndRemovedOnShutdown() async throws {
        let path = try await withDaemon { _, socket in
            let attributes = try FileManager.default.attributesOfItem(atPath: socket)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            return socket
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func runWithADialogResult() async throws {
        try await withNotes { client in
            let outcome = try await client.call(Methods.Run.self, .init(utterance: "how many notes do i have", session: "s1"))
            #expect(outcome.json == .parse("""
                {"session":"s1","status":"done","intent":"notes.count","parameters":{},"result":{"dialog":"You have 2 notes","value":2,"snippet":"- Shopping list\\n- Ideas"}}
                """))
        }
    }

    @Test func missingValueIsAskedThenAnswered() async throws {
        try await withNotes { client in
            let question = try await client.call(Methods.Run.self, .init(utterance: "add a note"))
            #expect(question.status == .question)
            #expect(question.question == Question(kind: .value, parameter: "text", prompt: "What should the note say?", type: "String"))
            let done = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .text("buy milk")))
            #expect(done.result?.dialog == "Added 'buy milk'")
            #expect(done.parameters.first?.1 == .string("buy milk"))
        }
    }

    @Test func missingValueCancelled() async throws {
        try await withNotes { client in
            let question = try await client.call(Methods.Run.self, .init(utterance: "add a note"))
            let cancelled = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .cancel))
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.message == "Cancelled.")
            await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .text("again")))
            }
        }
    }

    /// "cancel" and "never mind" call a question off, even a question for free text.
    @Test(arguments: ["cancel", "Never mind.", "ok forget it", "cancel that please", "I changed my mind", "don't bother", "skip it"])
    func cancelInWordsEndsAnyQuestion(_ words: String) async throws {
        try await withNotes { client in
            let question = try await client.call(Methods.Run.self, .init(utterance: "add a note"))
            let cancelled = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .text(words)))
            #expect(cancelled.status == .cancelled)
            let choice = try await client.call(Methods.Run.self, .init(utterance: "make a colored note"))
            #expect(try await client.call(Methods.Continue.self, .init(session: choice.session, answer: .text(words))).status == .cancelled)
        }
    }

    @Test func cancelInsideAnAnswerIsText() async throws {
        try await withNotes { client in
            let question = try await client.call(Methods.Run.self, .init(utterance: "add a note"))
            let done = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .text("cancel the dentist")))
            #expect(done.result?.dialog == "Added 'cancel the dentist'")
        }
    }

    @Test func missingEntityIsAChoiceAmongTheAppsSuggestions() async throws {
        try await withNotes { client in
            let question = try await client.call(Methods.Run.self, .init(utterance: "make a colored note"))
            #expect(question.question?.kind == .choice)
            #expect(question.question?.prompt == "What is the note?")
            #expect(question.question?.choices.map(\.title) == ["Shopping list", "Ideas", "Travel plans"])
            let color = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .text("the third one")))
            // An enum's options are listed (issue 16); a synonym ("navy") is still an answer.
            #expect(color.question?.kind == .choice)
            #expect(color.question?.prompt == "What is the color?")
            #expect(color.question?.choices.map(\.title) == ["Red", "Blue"])
            #expect(color.question?.choices.map(\.value) == [.string("red"), .string("blue")])
            let done = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .text("navy")))
            #expect(done.result?.dialog == "Colored n3 blue")
        }
    }

    @Test func entityAnsweredByNameIsSearchedInTheApp() async throws {
        try await withNotes { client in
            let question = try await client.call(Methods.Run.self, .init(utterance: "make a colored note"))
            // Not among the suggestions: the app searches its notes.
            let next = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .text("budget")))
            #expect(next.parameters.first { $0.0 == "note" }?.1["id"] == .string("n4"))
            #expect(next.question?.parameter == "color")
            // Several fit: a choice among what the app found.
            let again = try await client.call(Methods.Run.self, .init(utterance: "make a colored note"))
            let choice = try await client.call(Methods.Continue.self, .init(session: again.session, answer: .text("budget or plans for travel")))
            #expect(choice.question?.kind == .choice)
        }
    }

    @Test func confirmationAnsweredYesAndNo() async throws {
        try await withNotes { client in
            let ask = try await client.call(Methods.Run.self, .init(utterance: "delete the note ideas"))
            #expect(ask.question == Question(kind: .confirm, prompt: "Delete 'Ideas'?"))
            let done = try await client.call(Methods.Continue.self, .init(session: ask.session, answer: .text("yes")))
            #expect(done.result?.dialog == "Deleted Ideas")
            let again = try await client.call(Methods.Run.self, .init(utterance: "delete the note ideas"))
            let no = try await client.call(Methods.Continue.self, .init(session: again.session, answer: .confirm(false)))
            #expect(no.status == .cancelled)
        }
    }

    @Test func appAsksForAValue() async throws {
        try await withNotes { client in
            let ask = try await client.call(Methods.Run.self, .init(utterance: "share the note shopping list"))
            #expect(ask.question == Question(kind: .value, parameter: "person", prompt: "Who should I share it with?", type: "String"))
            let done = try await client.call(Methods.Continue.self, .init(session: ask.session, answer: .text("Dana")))
            #expect(done.result?.dialog == "Shared with Dana")
        }
    }

    @Test func appDisambiguatesAnsweredAndCancelled() async throws {
        try await withNotes { client in
            let ask = try await client.call(Methods.Run.self, .init(utterance: "pin a note"))
            #expect(ask.question?.prompt == "Which note should I pin?")
            #expect(ask.question?.choices.map(\.title) == ["Shopping list", "Ideas"])
            let done = try await client.call(Methods.Continue.self, .init(session: ask.session, answer: .text("ideas")))
            #expect(done.result?.dialog == "Pinned Ideas")
            let again = try await client.call(Methods.Run.self, .init(utterance: "pin a note"))
            let cancelled = try await client.call(Methods.Continue.self, .init(session: again.session, answer: .cancel))
            #expect(cancelled.status == .cancelled)
        }
    }

    @Test func appAsksToConfirmWithAPreview() async throws {
        try await withNotes { client in
            let ask = try await client.call(Methods.Run.self, .init(utterance: "publish my notes"))
            #expect(ask.question == Question(kind: .confirm, prompt: "Publish 2 notes?", preview: "Shopping list, Ideas"))
            let done = try await client.call(Methods.Continue.self, .init(session: ask.session, answer: .text("sure")))
            #expect(done.result?.dialog == "Published")
            let again = try await client.call(Methods.Run.self, .init(utterance: "publish my notes"))
            let no = try await client.call(Methods.Continue.self, .init(session: again.session, answer: .text("no")))
            #expect(no.status == .cancelled)
        }
    }

    @Test func performWithExplicitParameters() async throws {
        try await withNotes { client in
            let call = IntentCall(intent: "notes.color", parameters: [
                "note": .object([("id", .string("n2")), ("title", .string("Ideas"))]), "color": .string("red"),
            ])
            let done = try await client.call(Methods.Perform.self, .init(call: call))
            #expect(done.result?.dialog == "Colored n2 red")
            let wrong = IntentCall(intent: "notes.color", parameters: ["color": .number(3)])
            await #expect(throws: RPCError(.invalidParams, "Invalid parameter value", data: .parse("""
                {"intent":"notes.color","parameter":"color","expected":"notes.Color"}
                """))) {
                _ = try await client.call(Methods.Perform.self, .init(call: wrong))
            }
        }
    }

    @Test func entityQueryAnsweredByTheApp() async throws {
        try await withNotes { client in
            let found = try await client.call(Methods.QueryEntitiesForClient.self, EntityQuery(entityType: "notes.Note", kind: .string("travel")))
            #expect(found.entities.map(\.id) == ["n3", "n4"])
            let byID = try await client.call(Methods.QueryEntitiesForClient.self, EntityQuery(entityType: "notes.Note", kind: .identifiers(["n2"])))
            #expect(byID.entities.map(\.title) == ["Ideas"])
        }
    }

    @Test func appCrashingMidPerformIsAClearError() async throws {
        try await withNotes { client in
            await #expect(throws: RPCError(.appDisconnected, "The app disconnected before answering", data: .parse("{\"app\":\"notes\"}"))) {
                _ = try await client.call(Methods.Run.self, .init(utterance: "crash the notes app"))
            }
            // Its intents are unavailable until it returns.
            await #expect(throws: RPCError(.appUnavailable, "App unavailable", data: .parse("{\"app\":\"notes\",\"reason\":\"not connected\"}"))) {
                _ = try await client.call(Methods.Perform.self, .init(call: IntentCall(intent: "notes.count")))
            }
        }
    }

    @Test func appThatNeverAnswersTimesOut() async throws {
        // Two seconds: the call after the time-out must be answered within it on a loaded machine too.
        try await withNotes(appTimeout: .seconds(2)) { client in
            await #expect(throws: RPCError(.appTimeout, "The app did not answer in time", data: .parse("""
                {"app":"notes","method":"intent.perform","timeoutSeconds":2}
                """))) {
                _ = try await client.call(Methods.Run.self, .init(utterance: "hang the notes app"))
            }
            let still = try await client.call(Methods.Run.self, .init(utterance: "how many notes"))
            #expect(still.status == .done)
        }
    }

    @Test func invalidJSONUnknownMethodAndOverlongLine() async throws {
        try await withDaemon { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                var errors = client.unmatchedResponses.makeAsyncIterator()
                client.sendRaw("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": ")
                let parse = await errors.next()
                #expect(parse?.json == .parse("""
                    {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error","data":{"reason":"unexpected end of input at byte 38"}}}
                    """))
                await #expect(throws: RPCError(.methodNotFound, "Method not found", data: .parse("{\"method\":\"tasks.fly\"}"))) {
                    _ = try await client.call("tasks.fly")
                }
                client.sendRaw(String(repeating: "x", count: Framing.maximumLineLength + 10))
                let tooLong = await errors.next()
                #expect(tooLong?.id == nil)
                if case .failure(let error)? = tooLong?.outcome {
                    #expect(error.code == .invalidRequest)
                    #expect(error.message == "Line too long")
                    #expect(error.data?["limit"] == .number(1_048_576))
                    // The whole line's length, not what had been read when the limit was passed.
                    #expect(error.data?["length"] == .number(Double(Framing.maximumLineLength + 10)))
                } else {
                    Issue.record("expected an error for the over-long line")
                }
                // The connection keeps working.
                let status = try await client.call(Methods.Status.name)
                #expect(status["version"] == .string(Daemon.version))
            }
        }
    }

    @Test func twoHundredConcurrentClients() async throws {
        try await withDaemon(phrases: [TestPaths.phrases]) { _, socket in
            let expected = DemoRouter.shared.route("order two tomato soups", now: DemoRouter.now).json
            try await withThrowingTaskGroup(of: JSONValue.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        try await DaemonClient.withConnection(socketPath: socket) { client in
                            try await client.call(Methods.Route.self, .init(utterance: "order two tomato soups", now: DemoRouter.now))
                        }
                    }
                }
                var count = 0
                for try await answer in group {
                    #expect(answer == expected)
                    count += 1
                }
                #expect(count == 200)
            }
        }
    }

    @Test func appIDHijackIsRefused() async throws {
        try await withNotesSocket { socket in
            let definition = try NotesApp.definition
            _ = try await DaemonClient.withConnection(socketPath: socket) { thief in
                await #expect(throws: RPCError(.appIDTaken, "App id taken", data: .parse("""
                    {"app":"notes","reason":"another connection serves it"}
                    """))) {
                    _ = try await thief.call(Methods.RegisterApp.self, Methods.RegisterApp.Parameters(app: definition))
                }
            }
        }
    }

    @Test func authenticationPolicies() async throws {
        try await withNotes { client in
            await #expect(throws: RPCError(.notAuthorized, "Not authorized", data: .parse("""
                {"intent":"notes.wipe","title":"Wipe notes","policy":"requiresLocalDeviceAuthentication","reason":"the client did not state that the user authenticated on this device (deviceAuthenticated)","needsDeviceAuthentication":true}
                """))) {
                _ = try await client.call(Methods.Run.self, .init(utterance: "wipe all notes"))
            }
            let allowed = try await client.call(
                Methods.Run.self, .init(utterance: "wipe all notes", assertions: ClientAssertions(deviceAuthenticated: true)))
            #expect(allowed.status == .done)
        }
        // A daemon owned by another user: this client is not authenticated.
        try await withDaemon(configure: { $0.ownerUID = getuid() &+ 1 }) { _, socket in
            try await withApp(try NotesApp.definition, socket: socket, handler: NotesApp.handle) {
                try await DaemonClient.withConnection(socketPath: socket) { client in
                    // Proving who is at the device would not help: no needsDeviceAuthentication.
                    let refusal = await #expect(throws: RPCError.self) {
                        _ = try await client.call(Methods.Run.self, .init(utterance: "show the secret note"))
                    }
                    #expect(refusal?.code == .notAuthorized)
                    #expect(refusal?.data?["needsDeviceAuthentication"] == nil)
                    let open = try await client.call(Methods.Run.self, .init(utterance: "how many notes"))
                    #expect(open.status == .done)
                }
            }
        }
    }

    @Test func notUnderstoodCarriesTheRoute() async throws {
        try await withNotes { client in
            let outcome = try await client.call(Methods.Run.self, .init(utterance: "fly me to the moon"))
            #expect(outcome.status == .notUnderstood)
            #expect(outcome.message == "Sorry, I didn't understand that.")
            #expect(outcome.route?["status"] == .string("notUnderstood"))
        }
    }

    @Test func listDescribeSearchAndStatus() async throws {
        try await withNotes { client in
            let apps = try await client.call(Methods.ListApps.name)
            #expect(apps["apps"] == .array([]) || apps["apps"] != nil)
            let described = try await client.call(Methods.DescribeApp.self, AppName("notes"))
            #expect(described == (try NotesApp.definition))
            let found = try await client.call(Methods.Search.self, .init(text: "what can I say about notes?", limit: 3))
            if case .array(let actions)? = found["actions"] { #expect(actions.count == 3) }
            let status = try await client.call(Methods.Status.name)
            #expect(status["connectedApps"] == .array([.string("notes")]))
        }
    }
}

/// A daemon with no phrase files and the notes app registered; `body` gets a client connection.
func withNotes(
    appTimeout: TimeAmount = .seconds(30), _ body: @Sendable @escaping (DaemonClient) async throws -> Void
) async throws {
    try await withNotesSocket(appTimeout: appTimeout) { socket in
        try await DaemonClient.withConnection(socketPath: socket) { client in try await body(client) }
    }
}

/// The same, with the socket path, for tests that open their own connections.
/// `appTimeout` is long, so a loaded machine does not fail the tests; the time-out test sets it short.
func withNotesSocket(
    appTimeout: TimeAmount = .seconds(30), control: AppControl = AppControl(),
    _ body: @Sendable @escaping (String) async throws -> Void
) async throws {
    try await withDaemon(configure: { $0.appTimeout = appTimeout }) { _, socket in
        try await withApp(try NotesApp.definition, socket: socket, control: control, handler: NotesApp.handle) {
            try await body(socket)
        }
    }
}

/// A daemon routes a request only to an app it can reach (issue 18): connected, started by
/// the daemon itself, or connected once and gone (then "app unavailable").
struct ReachableAppsTests {
    @Test func runReachesOnlyAppsThatCanAnswer() async throws {
        try await withDaemon(phrases: [TestPaths.phrases]) { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                // The phrase file declares SoupChef, but nothing serves it: not understood,
                // never "app unavailable"; the `route` method still shows the parse.
                let unserved = try await client.call(Methods.Run.self, .init(utterance: "order two tomato soups"))
                #expect(unserved.status == .notUnderstood, "\(unserved.json.serialized)")
                #expect(unserved.message == "That is for SoupChef, which is not running.", "\(unserved.json.serialized)")
                let nonsense = try await client.call(Methods.Run.self, .init(utterance: "sing me a song about the sea"))
                #expect(nonsense.message == "Sorry, I didn't understand that.", "\(nonsense.json.serialized)")
                let parsed = try await client.call(Methods.Route.self, .init(utterance: "order two tomato soups"))
                #expect(parsed["intent"]?.stringValue == "soup.order")
                // The assistant is answered by the daemon, and offers only what can be done.
                let help = try await client.call(Methods.Run.self, .init(utterance: "what can you do"))
                #expect(help.result?.dialog?.hasPrefix("No app is connected yet") == true, "\(help.json.serialized)")

                // Once SoupChef registers (with its phrase file's definition), run reaches it.
                let soup = AppDefinition(id: "soup", displayName: "SoupChef")
                try await withApp(soup, socket: socket, handler: { request, control in
                    control.hangUp()
                    return Response(id: request.id, result: AppReply.result(IntentResult(dialog: "Ordered")).json)
                }) {
                    let served = try await client.call(Methods.Run.self, .init(utterance: "what can you do"))
                    #expect(served.result?.dialog?.contains("(SoupChef)") == true, "\(served.json.serialized)")
                    #expect(served.result?.dialog?.contains("(Mighty Tasks)") == false)
                    _ = try? await client.call(Methods.Run.self, .init(utterance: "order two tomato soups"))
                }
                // It left: its requests say so, rather than "not understood".
                await #expect(throws: RPCError(.appUnavailable, "App unavailable", data: .parse("{\"app\":\"soup\",\"reason\":\"not connected\"}"))) {
                    _ = try await client.call(Methods.Run.self, .init(utterance: "order two tomato soups"))
                }
            }
        }
    }

    @Test func aRestrictedRouterParsesOnlyTheAppsItReaches() {
        let all = DemoRouter.shared
        #expect(all.route("order two tomato soups", now: DemoRouter.now).intent?.id == "soup.order")
        let tasksOnly = all.restricted(to: ["tasks"])
        #expect(tasksOnly.route("order two tomato soups", now: DemoRouter.now).intent == nil)
        #expect(tasksOnly.route("add milk to my groceries list", now: DemoRouter.now).intent?.id == "tasks.add")
        #expect(tasksOnly.routedApps.map(\.id) == ["tasks"])
        #expect(all.restricted(to: Set(all.library.apps.map(\.id))).reachableApps == nil)
    }
}
