import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

/// The ten demo apps as a separate process (`demo-apps --socket PATH`, written with the
/// IntentSDK) behind a real daemon with the demo phrase files: a representative set of
/// conversations end to end, each follow-up kind, each result kind, chaining, errors and an
/// authentication refusal. Every intent is also driven in-process by IntentSDKTests.
@Suite(.serialized) struct DemoAppsProcessTests {
    @Test func dialogValueAndSnippetResults() async throws {
        try await withDemoApps { client in
            let count = try await client.run("how many tasks are left")
            #expect(count.status == .done)
            #expect(count.result?.dialog == "Number of the opened tasks is 5")
            let list = try await client.run("show my tasks")
            #expect(list.result?.dialog == "You have 5 open tasks")
            #expect(list.result?.snippet?.contains("Buy milk") == true)
            let found = try await client.run("find books by andy weir")
            #expect(found.result?.dialog == "I found 3 books")
            guard case .array(let books)? = found.result?.value else {
                Issue.record("findBooks returns the books as its value: \(found.json)")
                return
            }
            #expect(books.count == 3)
        }
    }

    /// "it", "that one", "the second one" name what the session's last request showed or made
    /// (issue 16); in another session they name nothing.
    @Test func referencesToWhatWasJustShownOrMade() async throws {
        try await withDemoApps { client in
            let draft = try await client.run("email john about lunch", session: "refs")
            #expect(draft.result?.dialog == "Your draft is ready")
            let draftTitle = draft.result?.value?["title"]?.stringValue
            let send = try await client.run("send it", session: "refs")
            #expect(send.intent == "mail.send")
            #expect(send.parameters.first { $0.0 == "target" }?.1["title"]?.stringValue == draftTitle)
            let elsewhere = try await client.run("send it", session: "another")
            #expect(elsewhere.status == .notUnderstood)

            let found = try await client.run("find books by andy weir", session: "books")
            guard case .array(let books)? = found.result?.value, books.count == 3 else {
                Issue.record("findBooks returns three books: \(found.json)")
                return
            }
            let opened = try await client.run("open the second one", session: "books")
            #expect(opened.intent == "library.openBook")
            #expect(opened.result?.dialog == "Opening \(books[1]["title"]?.stringValue ?? "?")")

            let event = try await client.run("open the dentist event", session: "event")
            #expect(event.result?.dialog == "Opening Dentist")
            let moved = try await client.run("open it", session: "event")
            #expect(moved.result?.dialog == "Opening Dentist")
        }
    }

    /// `perform` checks what a client names: an enum value must be a case, an entity id is
    /// looked up in the app and comes back with its title (issue 18).
    @Test func performChecksValuesAgainstTheirTypes() async throws {
        try await withDemoApps { demo in
            func perform(_ parameters: [String: JSONValue]) async throws -> RunOutcome {
                try await demo.client.call(Methods.Perform.self, .init(call: IntentCall(intent: "soup.order", parameters: parameters)))
            }
            let done = try await perform(["soup": .string("tomato"), "quantity": .number(2)])
            #expect(done.parameters.first { $0.0 == "soup" }?.1 == .parse(#"{"id":"tomato","title":"Tomato"}"#))
            #expect(done.result?.dialog == "Your order for 2 Tomato has been placed")
            let unknownSoup = await #expect(throws: RPCError.self) { _ = try await perform(["soup": .string("gazpacho"), "quantity": .number(1)]) }
            #expect(unknownSoup?.code == .invalidParams)
            #expect(unknownSoup?.data?["expected"]?.stringValue?.contains("'gazpacho'") == true, "\(String(describing: unknownSoup))")
            let unknownSize = await #expect(throws: RPCError.self) {
                _ = try await perform(["soup": .string("tomato"), "quantity": .number(1), "size": .string("gigantic")])
            }
            #expect(unknownSize?.data?["parameter"] == .string("size"), "\(String(describing: unknownSize))")
        }
    }

    @Test func missingValueAskedByTheAppThenAnswered() async throws {
        try await withDemoApps { client in
            let ask = try await client.run("order a tomato soup")
            #expect(ask.status == .question)
            #expect(ask.question?.prompt == "Please specify how many soups")
            let done = try await client.answer(ask, .text("three"))
            #expect(done.result?.dialog == "Your order for 3 Tomato has been placed")
        }
    }

    @Test func disambiguationAnsweredAndCancelled() async throws {
        try await withDemoApps { client in
            let ask = try await client.run("open a task")
            #expect(ask.question?.kind == .choice)
            #expect(ask.question?.choices.map(\.title).first == "Buy milk")
            let done = try await client.answer(ask, .text("the second one"))
            #expect(done.result?.dialog == "Opening your task")
            #expect(done.parameters.first { $0.0 == "task" }?.1["id"] == .string("t2"))
            let again = try await client.run("open a task")
            let cancelled = try await client.answer(again, .cancel)
            #expect(cancelled.status == .cancelled)
        }
    }

    /// A task added at run time is not among the names compiled from the phrase files: the
    /// daemon hands the name as said to the app's string query, and one match is the value.
    @Test func aTaskAddedAtRunTimeIsOpenedByNameInOneStep() async throws {
        try await withDemoApps { client in
            _ = try await client.run("add buy bread to my groceries list")
            let done = try await client.run("open the task buy bread")
            #expect(done.status == .done, "\(done.json)")
            #expect(done.result?.dialog == "Opening your task")
            #expect(done.parameters.first { $0.0 == "task" }?.1["title"] == .string("buy bread"))
        }
    }

    /// A name no task has is asked for, saying what was not found; naming a task in the answer
    /// settles the question. A near miss of a task added a moment ago is that task: names are
    /// re-read from the app after each intent it performs.
    @Test func aNameNoTaskHasIsAskedFor() async throws {
        try await withDemoApps { client in
            _ = try await client.run("add buy bread to my groceries list")
            let ask = try await client.run("open the task walk the dog")
            #expect(ask.status == .question, "\(ask.json)")
            #expect(ask.question?.prompt == "I couldn't find a task called 'walk the dog'. What task would like to open?")
            let done = try await client.answer(ask, .text("buy bread"))
            #expect(done.status == .done, "\(done.json)")
            #expect(done.parameters.first { $0.0 == "task" }?.1["title"] == .string("buy bread"))
            let nearMiss = try await client.run("open the task buy bred")
            #expect(nearMiss.status == .done, "\(nearMiss.json)")
            #expect(nearMiss.parameters.first { $0.0 == "task" }?.1["title"] == .string("buy bread"))
        }
    }

    /// A book described by its properties, added while the app ran (so the router knows no
    /// such book): the description goes to the app's property query, which finds it.
    @Test func aBookDescribedByItsAuthorIsFoundByTheAppsPropertyQuery() async throws {
        try await withDemoApps { client in
            let before = try await client.run("open the book by william gibson")
            #expect(before.status == .question, "no book by him yet: \(before.json)")
            _ = try await client.answer(before, .cancel)
            _ = try await client.run("add the book neuromancer")
            let done = try await client.run("open the book by william gibson")
            #expect(done.status == .done, "\(done.json)")
            #expect(done.result?.dialog == "Opening Neuromancer")
        }
    }

    /// Two tasks with the name said: a choice between them, not a guess.
    @Test func aNameTwoTasksFitIsAChoice() async throws {
        try await withDemoApps { client in
            _ = try await client.run("add buy bread to my groceries list")
            _ = try await client.run("add buy bread to my work list")
            let ask = try await client.run("delete the task buy bread")
            #expect(ask.question?.kind == .choice, "\(ask.json)")
            #expect(ask.question?.choices.map(\.title) == ["buy bread", "buy bread"], "\(ask.json)")
            let confirm = try await client.answer(ask, .text("the second one"))
            #expect(confirm.question?.prompt == "Are you sure you want to delete 'buy bread'?", "\(confirm.json)")
        }
    }

    @Test func confirmationChangesStateForTheLifeOfTheProcess() async throws {
        try await withDemoApps { client in
            let added = try await client.run("add buy bread to my groceries list")
            #expect(added.result?.dialog == "Task 'buy bread' added")
            #expect(try await client.run("how many tasks are left").result?.dialog == "Number of the opened tasks is 6")
            let ask = try await client.run("delete all my tasks")
            #expect(ask.question?.kind == .confirm)
            #expect(ask.question?.prompt == "Are you sure you want to delete all your tasks?")
            let no = try await client.answer(ask, .text("no"))
            #expect(no.status == .cancelled)
            #expect(try await client.run("how many tasks are left").result?.dialog == "Number of the opened tasks is 6")
            let again = try await client.run("delete all my tasks")
            _ = try await client.answer(again, .text("yes"))
            #expect(try await client.run("how many tasks are left").result?.dialog == "Number of the opened tasks is 0")
        }
    }

    @Test func resultConfirmationWithAPreview() async throws {
        try await withDemoApps { client in
            let ask = try await client.run("buy 2 copies of the martian")
            #expect(ask.question?.kind == .confirm)
            #expect(ask.question?.prompt == "Are you ready to order?")
            #expect(ask.question?.preview == "2 × The Martian by Andy Weir")
            let done = try await client.answer(ask, .text("yes"))
            #expect(done.result?.dialog == "Thank you for your order!")
        }
    }

    @Test func opensIntentChainsToTheNextIntent() async throws {
        try await withDemoApps { client in
            let added = try await client.run("add the book neuromancer")
            #expect(added.status == .done)
            #expect(added.result?.dialog == "Added Neuromancer to Library!")
            #expect(added.result?.opensIntent?.intent == "library.openBook")
            // The app asks for the author when two books share the title, in its own words.
            let ask = try await client.run("add the book the lost world")
            #expect(ask.question?.prompt == "Who wrote the book?")
            let done = try await client.answer(ask, .text("michael crichton"))
            #expect(done.result?.dialog == "Added The Lost World to Library!")
        }
    }

    @Test func appErrorReachesTheUserAsItsMessage() async throws {
        try await withDemoApps { client in
            let failed = try await client.run("add the book gardens of the moon")
            #expect(failed.status == .failed)
            #expect(failed.message == "Book Not Found")
        }
    }

    @Test func authenticationRefusedUntilTheDeviceIsUnlocked() async throws {
        try await withDemoApps { client in
            await #expect(throws: RPCError.self) { _ = try await client.run("unlock the vault") }
            let allowed = try await client.client.call(
                Methods.Run.self, .init(utterance: "unlock the vault", assertions: ClientAssertions(deviceAuthenticated: true)))
            #expect(allowed.result?.dialog == "The vault is unlocked")
            #expect(try await client.run("what is my balance").result?.dialog == "Your balance is $1250.00")
        }
    }

    @Test func appsRegisterFromTheirOwnProcess() async throws {
        try await withDemoApps { client in
            let status = try await client.client.call(Methods.Status.name)
            let connected = Set((status["connectedApps"]?.arrayValue ?? []).compactMap(\.stringValue))
            #expect(connected == Set(["bank", "calendar", "expenses", "fitness", "library", "mail", "photos", "player", "soup", "tasks"]))
        }
    }
}

/// An app written with the SDK and not running: the daemon routes to it from the manifest
/// the app printed (`--manifest`) and starts it on demand with the manifest's `exec`.
@Suite struct DemoAppStartedOnDemandTests {
    @Test func theManifestLetsTheDaemonStartTheApp() async throws {
        let binary = try #require(TestPaths.demoAppsBinary, "build the demo-apps product first (swift build)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intentd-ondemand-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let printer = Process()
        printer.executableURL = binary
        printer.arguments = ["--manifest", "soup"]
        let output = Pipe()
        printer.standardOutput = output
        try printer.run()
        let manifest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        printer.waitUntilExit()
        #expect(manifest.contains("id: \"soup\""))
        let withExec = manifest.replacingOccurrences(
            of: "  name: \"SoupChef\"\n", with: "  name: \"SoupChef\"\n  exec: [\"\(binary.path)\", --log-level, error]\n")
        try withExec.write(to: folder.appendingPathComponent("soup.yaml"), atomically: true, encoding: .utf8)
        try await withDaemon(phrases: [folder.path]) { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                let status = try await client.call(Methods.Status.name)
                #expect(status["connectedApps"] == .array([]))
                let done = try await client.call(Methods.Run.self, .init(utterance: "order two tomato soups"))
                #expect(done.result?.dialog == "Your order for 2 Tomato has been placed")
                let after = try await client.call(Methods.Status.name)
                #expect(after["connectedApps"] == .array([.string("soup")]))
            }
        }
    }
}

/// A client of a daemon whose demo apps run in their own process.
struct DemoClient: Sendable {
    let client: DaemonClient

    func run(_ utterance: String) async throws -> RunOutcome {
        try await client.call(Methods.Run.self, .init(utterance: utterance, now: DemoRouter.now))
    }

    /// A request in a session of the caller's choosing, so that it can refer to the last one.
    func run(_ utterance: String, session: String) async throws -> RunOutcome {
        try await client.call(Methods.Run.self, .init(utterance: utterance, session: session, now: DemoRouter.now))
    }

    func answer(_ question: RunOutcome, _ answer: Methods.Continue.Answer) async throws -> RunOutcome {
        try await client.call(Methods.Continue.self, .init(session: question.session, answer: answer))
    }
}

/// A daemon with the demo phrase files, the `demo-apps` executable connected to it as its own
/// process (fresh fixtures each time), and a client; the process is stopped afterwards.
func withDemoApps(_ body: @Sendable @escaping (DemoClient) async throws -> Void) async throws {
    let binary = try #require(TestPaths.demoAppsBinary, "build the demo-apps product first (swift build)")
    try await withDaemon(phrases: [TestPaths.phrases]) { _, socket in
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--socket", socket, "--log-level", "error"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        do {
            try await serve(process, socket)
        } catch {
            await terminateAndWait(process)
            throw error
        }
        await terminateAndWait(process)
    }

    @Sendable func serve(_ process: Process, _ socket: String) async throws {
        try await DaemonClient.withConnection(socketPath: socket) { client in
            // The apps register when their process has started and connected: on a machine
            // busy with the rest of the tests, that can take a while.
            // Asked once more after the deadline, which may pass while this task waits to run.
            let deadline = ContinuousClock.now + .seconds(90)
            while true {
                let status = try await client.call(Methods.Status.name)
                if status["connectedApps"]?.arrayValue?.count == 10 || ContinuousClock.now >= deadline { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            try await body(DemoClient(client: client))
        }
    }
}
