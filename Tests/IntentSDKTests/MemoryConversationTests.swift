import Daemon
@testable import DemoApps
import Foundation
import IntentModel
import IntentSDK
import IntentTesting
import Logging
import ServiceLifecycle
import Testing
import Wire

/// The memory through a real daemon (docs/memory.md): the demo apps, served by an SDK
/// connection whose state outlives the daemon, so that a restarted daemon undoes what the
/// one before it did.
@Suite struct MemoryConversationTests {
    let stateDirectory = NSTemporaryDirectory() + "intentd-undo-test-\(UUID().uuidString)"

    /// A daemon on a fresh socket recording in `stateDirectory` (nil: --no-history), the demo
    /// apps of `host` connected to it, and a client; stopped when `body` returns.
    func withDaemon(
        host: IntentHost, history: Bool = true, _ body: @Sendable (DaemonClient, AppConnection) async throws -> Void
    ) async throws {
        let socket = "/tmp/idt-undo-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        var configuration = DaemonConfiguration(socketPath: socket, phrasePaths: [TestPaths.phrases])
        configuration.stateDirectory = history ? stateDirectory : nil
        configuration.appTimeout = .seconds(30)
        var logger = Logger(label: "undo-test")
        logger.logLevel = .critical
        let daemon = Daemon(configuration: configuration, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [daemon], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await daemon.waitUntilListening()
            let apps = AppConnection(host: host, socketPath: socket, logger: logger)
            let serving = Task { try await apps.run() }
            await apps.waitUntilRegistered()
            do {
                try await DaemonClient.withConnection(socketPath: socket) { client in try await body(client, apps) }
            } catch {
                serving.cancel()
                await group.triggerGracefulShutdown()
                throw error
            }
            serving.cancel()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    static let now = LocalDateTime(iso8601: "2026-11-25T09:00:00")!

    func say(_ client: DaemonClient, _ utterance: String, _ assertions: ClientAssertions = .init()) async throws -> RunOutcome {
        try await client.call(Methods.Run.self, .init(utterance: utterance, session: "u", now: Self.now, assertions: assertions))
    }

    func text(_ outcome: RunOutcome) -> String {
        switch outcome.status {
        case .done: outcome.result?.dialog ?? ""
        case .question: "? " + (outcome.question?.prompt ?? "")
        default: "\(outcome.status.rawValue): \(outcome.message ?? "")"
        }
    }

    @Test func eachReversibleDemoIntentIsUndoneAndRedoneAfterARestart() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        let host = await IntentHost(apps: DemoApps.all)
        try await withDaemon(host: host) { client, _ in
            #expect(text(try await say(client, "undo")) == "failed: There is nothing to undo.")
            #expect(text(try await say(client, "add eggs to my groceries list")) == "Task 'eggs' added")
            #expect(text(try await say(client, "delete the task buy milk")) == "? Are you sure you want to delete 'Buy milk'?")
            let deleted = try await client.call(Methods.Continue.self, .init(session: "u", answer: .text("yes")))
            #expect(text(deleted) == "Task deleted")
            #expect(text(try await say(client, "complete call mom")) == "Marked 'Call mom' as done")
            #expect(text(try await say(client, "add an expense of twelve dollars for lunch")) == "Successfully added your lunch expense!")
            #expect(text(try await say(client, "show my tasks")) == "You have 4 open tasks")
            let history = try await client.call(Methods.ListHistory.self, .init())
            let intents = history["entries"]?.arrayValue?.compactMap { $0["intent"]?.stringValue }
            #expect(intents == ["tasks.list", "expenses.add", "tasks.complete", "tasks.delete", "tasks.add"])
            #expect(history["entries"]?.arrayValue?.last?["utterance"] == .string("add eggs to my groceries list"))
        }
        // A new daemon on the same state: the journal is read from the database.
        try await withDaemon(host: host) { client, _ in
            #expect(text(try await say(client, "undo")) == "Undone: Add lunch expense of 12. (Removed your lunch expense)")
            #expect(text(try await say(client, "what is my total expense in harcama")) == "Your total expense is $89.80")
            #expect(text(try await say(client, "undo that")) == "Undone: Complete Call mom. ('Call mom' is open again)")
            #expect(text(try await say(client, "never mind undo it")) == "Undone: Delete Buy milk. (Task 'Buy milk' is back)")
            #expect(text(try await say(client, "undo")) == "Undone: Add eggs to Groceries. (Task deleted)")
            #expect(text(try await say(client, "show my tasks")) == "You have 5 open tasks")
            #expect(text(try await say(client, "undo")) == "failed: There is nothing to undo.")
            // Redo goes on through what was undone, the last undone first.
            #expect(text(try await say(client, "redo")) == "Redone: Add eggs to Groceries. (Task 'eggs' added)")
            #expect(text(try await say(client, "redo")) == "Redone: Delete Buy milk. (Task deleted)")
            #expect(text(try await say(client, "undo")) == "Undone: Delete Buy milk. (Task 'Buy milk' is back)")
            let history = try await client.call(Methods.ListHistory.self, .init(limit: 3))
            let sources = history["entries"]?.arrayValue?.compactMap { $0["source"]?.stringValue }
            #expect(sources == ["undo", "redo", "redo"], "the undo of the second redo, the two redos")
            // A new action ends the redos.
            #expect(text(try await say(client, "add bread to my groceries list")) == "Task 'bread' added")
            #expect(text(try await say(client, "redo")) == "failed: There is nothing to redo.")
        }
    }

    /// Moving a book to another shelf is undone by putting it back on the shelf it was on
    /// (`$book.shelf`, recorded before the move); said with the shelves' titles, not their ids.
    @Test func aMovedBookGoesBackToItsShelfByUndo() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            let moved = text(try await say(client, "move the martian to want to read"))
            #expect(moved == "Moved The Martian to Want to Read")
            let undone = text(try await say(client, "undo"))
            #expect(undone == "Undone: Move The Martian to Want to Read. (Moved The Martian to Read)")
            let redone = text(try await say(client, "redo"))
            #expect(redone == "Redone: Move The Martian to Want to Read. (Moved The Martian to Want to Read)")
        }
    }

    /// Moving an event is undone by moving it back to the start it had, and redone by moving
    /// it again: the inverse is the same intent, fed from the moved event and the one before.
    @Test func aMovedEventIsMovedBackByUndoAndAgainByRedo() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "move the dentist to friday")) == "Moved Dentist to 3:00 PM on November 27", "a day alone keeps the time")
            let said1 = text(try await say(client, "what's on my calendar on friday"))
            #expect(said1.hasPrefix("You have 1 event on Friday, November 27: Dentist"), "\(said1)")
            #expect(text(try await say(client, "undo")) == "Undone: Move Dentist to Friday, November 27. (Moved Dentist to 3:00 PM on November 25)")
            let said2 = text(try await say(client, "redo"))
            #expect(said2.hasSuffix("(Moved Dentist to 3:00 PM on November 27)"), "\(said2)")
            let said3 = text(try await say(client, "undo"))
            #expect(said3.hasSuffix("(Moved Dentist to 3:00 PM on November 25)"), "\(said3)")
            #expect(text(try await say(client, "reschedule the team standup to tomorrow at 10 am")) == "Moved Team standup to 10:00 AM on November 26")
        }
    }

    /// A deletion's inverse rebuilds what it took from the properties recorded with the entity:
    /// the expense comes back at its price.
    @Test func aRemovedExpenseComesBackAtItsPrice() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "delete the coffee expense")) == "Removed your Coffee expense")
            #expect(text(try await say(client, "what is my total expense in harcama")) == "Your total expense is $85.30")
            let history = try await client.call(Methods.ListHistory.self, .init(app: "expenses"))
            let removal = history["entries"]?.arrayValue?.first { $0["intent"] == .string("expenses.remove") }
            let expense = removal?["parameters"]?["expense"]
            #expect(expense?["id"] == .string("coffee"))
            #expect(expense?["properties"]?["price"] == .number(4.5), "\(expense?.serialized ?? "")")
            #expect(text(try await say(client, "undo")) == "Undone: Remove an expense. (Successfully added your Coffee expense!)")
            #expect(text(try await say(client, "what is my total expense in harcama")) == "Your total expense is $89.80")
            // The expense the undo added is a new one: redo removes that one, and so on.
            #expect(text(try await say(client, "redo")) == "Redone: Remove an expense. (Removed your Coffee expense)")
            #expect(text(try await say(client, "what is my total expense in harcama")) == "Your total expense is $85.30")
            #expect(text(try await say(client, "undo")) == "Undone: Remove an expense. (Successfully added your Coffee expense!)")
            #expect(text(try await say(client, "redo")) == "Redone: Remove an expense. (Removed your Coffee expense)")
            #expect(text(try await say(client, "what is my total expense in harcama")) == "Your total expense is $85.30")
        }
    }

    /// "undo" reverses the last change or says why it cannot; it never reaches past it to an
    /// older one (it undid the task added before a book was added).
    @Test func undoStopsAtAChangeItCannotReverse() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            let task = try await say(client, "add eggs to my groceries list")
            #expect(task.status == .done)
            #expect(text(try await say(client, "add the book neuromancer")) == "Added Neuromancer to Library!")
            let undo = text(try await say(client, "undo"))
            #expect(undo == "failed: I can't undo add Book: Library doesn't say how to undo it.", "\(undo)")
        }
    }

    /// An amount said outside its range is asked for again with the reason; an answer outside
    /// it is refused and the question stays; `perform` with one is an error.
    @Test func anAmountOutsideItsRangeIsAskedForAgain() async throws {
        try await withDaemon(host: await IntentHost(apps: DemoApps.all), history: false) { client, _ in
            #expect(
                text(try await say(client, "send -5 dollars to john"))
                    == "? The amount must be between 0.01 and 10000. How much would you like to transfer?")
            let refused = await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.Continue.self, .init(session: "u", answer: .text("20000 dollars")))
            }
            #expect(refused?.code == .invalidAnswer)
            #expect(refused?.data?["expected"] == .string("an amount between 0.01 and 10000"))
            let asked = try await client.call(Methods.Continue.self, .init(session: "u", answer: .text("20 dollars")))
            #expect(text(asked) == "? Do you want to transfer $20 to John Appleseed?")
            let wrong = await #expect(throws: RPCError.self) {
                _ = try await client.call(
                    Methods.Perform.self,
                    .init(call: IntentCall(intent: "bank.transferMoney", parameters: [
                        "amount": .object([("amount", .number(-5)), ("currency", .string("USD"))]),
                        "recipient": .object([("id", .string("john")), ("name", .string("John Appleseed")), ("email", .string("john@example.com"))]),
                    ])))
            }
            #expect(wrong?.code == .invalidParams)
            #expect(wrong?.data?["expected"] == .string("The amount must be between 0.01 and 10000."))
        }
    }

    @Test func aDestructiveIntentIsConfirmedUnlessTheClientSaysItWas() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "delete all my tasks")) == "? Are you sure you want to delete all your tasks?")
            #expect(text(try await say(client, "transfer 20 dollars to john")) == "? Do you want to transfer $20 to John Appleseed?")
            let confirmed = ClientAssertions(confirmed: true)
            #expect(text(try await say(client, "delete all my tasks", confirmed)) == "All of your tasks have been deleted.")
            let transfer = try await say(client, "transfer 20 dollars to john", confirmed)
            #expect(transfer.status == .done, "\(transfer.json.serialized)")
            // A destructive action is not reversible: undo says so, and does not reach past it.
            #expect(text(try await say(client, "undo")) == "failed: I can't undo transfer $20 to John Appleseed: it can't be undone.")
        }
    }

    @Test func donationsAreRecordedForgottenAndSuggested() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, apps in
            let order = OrderSoup()
            order.quantity = 2
            let recorded = [try await apps.donate(order), try await apps.donate(order)]
            #expect(recorded == [true, true])
            #expect(text(try await say(client, "show my tasks")) == "You have 5 open tasks")
            let history = try await client.call(Methods.ListHistory.self, .init(app: "soup"))
            let entries = history["entries"]?.arrayValue ?? []
            #expect(entries.count == 2)
            #expect(entries.first?["source"] == .string("donated"))
            #expect(entries.first?["parameters"]?["quantity"] == .integer(2))
            // At the time of the donations (the clock's): they were done at this time of day.
            let suggestions = try await client.call(Methods.Suggestions.self, .init())
            let first = suggestions["suggestions"]?.arrayValue?.first
            #expect(first?["intent"] == .string("soup.order"), "\(suggestions.serialized)")
            #expect(first?["reason"]?.stringValue?.hasPrefix("done 2 times") == true)
            // A client may not donate another app's intent.
            let refused = await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.DonateIntent.self, .init(call: IntentCall(intent: "soup.order")))
            }
            #expect(refused?.code == .notAuthorized)
        }
        // A new daemon on the same state still has them.
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            let kept = try await client.call(Methods.ListHistory.self, .init(app: "soup"))["entries"]?.arrayValue ?? []
            #expect(kept.map { $0["source"] } == [.string("donated"), .string("donated")])
            let forgotten = try await client.call(Methods.ForgetHistory.self, .app("soup"))
            #expect(forgotten["forgotten"] == .integer(2))
            #expect(try await client.call(Methods.ListHistory.self, .init(app: "soup"))["entries"] == .array([]))
            #expect(try await client.call(Methods.ForgetHistory.self, .everything)["forgotten"] == .integer(1))
            let bad = await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.ForgetHistory.name, .object([("app", .string("soup")), ("all", .bool(true))]))
            }
            #expect(bad?.code == .invalidParams)
        }
    }

    @Test func withNoHistoryNothingIsRecordedAndUndoSaysWhy() async throws {
        try await withDaemon(host: await IntentHost(apps: DemoApps.all), history: false) { client, apps in
            #expect(text(try await say(client, "add eggs to my groceries list")) == "Task 'eggs' added")
            let undo = text(try await say(client, "undo"))
            #expect(undo.hasPrefix("failed: I can't undo anything: the history is off"), "\(undo)")
            let error = await #expect(throws: RPCError.self) { _ = try await client.call(Methods.ListHistory.self, .init()) }
            #expect(error?.code == .historyOff)
            let recorded = try await apps.donate(OrderSoup())
            #expect(!recorded)
        }
        #expect(!FileManager.default.fileExists(atPath: stateDirectory))
    }

    @Test func compoundCommandsRunInOrderAndPointBack() async throws {
        try await withDaemon(host: await IntentHost(apps: DemoApps.all), history: false) { client, _ in
            let both = try await say(client, "add milk to my groceries list and open it")
            #expect(both.parts.map(text) == ["Task 'milk' added", "Opening your task"])
            #expect(both.parts.map(\.intent) == ["tasks.add", "tasks.open"])
            // "it" is the task the first part made, not "Buy milk".
            #expect(both.parts.last?.parameters.first { $0.0 == "task" }?.1["id"] == .string("t6"), "\(both.json.serialized)")
            #expect(both.status == .done)

            let whole = try await say(client, "remind me to call mom and dad")
            #expect(whole.parts.isEmpty)
            #expect(text(whole) == "Task 'call mom and dad' added")
        }
    }

    @Test func aCompoundOfTwoAppsPerformsBothAndEitherCanBeCorrected() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            let both = try await say(client, "order two tomato soups and then show my workouts")
            #expect(both.parts.map(text) == [
                "Your order for 2 Tomato has been placed",
                "You have 2 workouts: Running for 30 minutes on Sunday, November 22; Yoga for 45 minutes on Monday, November 23",
            ])
            #expect(both.parts.map(\.intent) == ["soup.order", "fitness.listWorkouts"])
            #expect(both.status == .done)
            // "three" fits the soup, not the workouts shown after it.
            let three = try await say(client, "actually make it three")
            #expect(text(three) == "Your order for 3 Tomato has been placed")
            #expect(three.correction?.parameter == "quantity")
            #expect(three.correction?.undid == true)
            // The running workouts instead of the yoga ones: the listing, read-only, asked again.
            let listed = try await say(client, "order one chicken noodle soup and then show my yoga workouts")
            #expect(listed.parts.map(\.intent) == ["soup.order", "fitness.listWorkouts"])
            let running = try await say(client, "no, running instead")
            #expect(running.intent == "fitness.listWorkouts")
            #expect(running.correction?.undid == false)
            #expect(text(running) == "You have 1 running workout: Running for 30 minutes on Sunday, November 22")
        }
    }

    @Test func aQuestionInTheMiddleWaitsAndTheRestFollowsTheAnswer() async throws {
        try await withDaemon(host: await IntentHost(apps: DemoApps.all), history: false) { client, _ in
            let asked = try await say(client, "add eggs to groceries and delete the task buy milk and then show my tasks")
            #expect(asked.parts.map(text) == ["Task 'eggs' added", "? Are you sure you want to delete 'Buy milk'?"])
            #expect(asked.status == .question)
            let answered = try await client.call(Methods.Continue.self, .init(session: "u", answer: .text("yes")))
            #expect(answered.parts.map(text) == ["Task deleted", "You have 5 open tasks"])
            #expect(answered.status == .done)

            // Refused: the sequence ends there.
            let refused = try await say(client, "delete the task buy eggs and then show my tasks")
            #expect(refused.status == .question)
            let no = try await client.call(Methods.Continue.self, .init(session: "u", answer: .text("no")))
            #expect(no.status == .cancelled)
            #expect(no.parts.map(\.status) == [.cancelled])
            #expect(text(try await say(client, "how many tasks are left")) == "Number of the opened tasks is 5")
        }
    }

    @Test func aCorrectionRightAfterAnActionUndoesItAndPerformsItAgain() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "add eggs to my groceries list")) == "Task 'eggs' added")
            let moved = try await say(client, "no, to my work list instead")
            #expect(text(moved) == "Task 'eggs' added")
            #expect(moved.correction?.parameter == "list")
            #expect(moved.correction?.from?["id"] == .string("groceries"))
            #expect(moved.correction?.to["id"] == .string("work"))
            #expect(moved.correction?.undid == true)
            #expect(text(try await say(client, "show my tasks")) == "You have 6 open tasks", "one eggs, on Work")

            #expect(text(try await say(client, "add an expense of 12 dollars for lunch")) == "Successfully added your lunch expense!")
            let fifteen = try await say(client, "actually make it 15")
            #expect(fifteen.correction?.to == .number(15))
            #expect(fifteen.correction?.undid == true)
            #expect(text(try await say(client, "what is my total expense in harcama")) == "Your total expense is $104.80", "89.80 + 15, not + 27")

            // Read-only: performed again, nothing to undo.
            _ = try await say(client, "how much did i spend this week")
            let month = try await say(client, "no, this month instead")
            #expect(month.correction?.parameter == "period")
            #expect(month.correction?.undid == false)
            #expect(month.parameters.first { $0.0 == "period" }?.1 == .string("thisMonth"))

            // A request of its own after an opener is not a correction.
            _ = try await say(client, "add bread to my groceries list")
            let own = try await say(client, "actually, how many tasks are left")
            #expect(own.intent == "tasks.count")
            #expect(own.correction == nil)

            // "actually make it three": the order of two is cancelled, one of three placed.
            #expect(text(try await say(client, "order two tomato soups")) == "Your order for 2 Tomato has been placed")
            let three = try await say(client, "actually make it three")
            #expect(text(three) == "Your order for 3 Tomato has been placed")
            #expect(three.correction?.parameter == "quantity")
            #expect(three.correction?.from == .number(2))
            #expect(three.correction?.to == .number(3))
            #expect(three.correction?.undid == true)

            // "no, tomorrow instead": the event moves to tomorrow and keeps its time; the event it
            // opened (a read-only call with no words) is not what is corrected.
            let lunch = try await say(client, "create an event called lunch on friday at noon")
            #expect(text(lunch) == "Created lunch at 12:00 PM on November 27")
            if let opens = lunch.result?.opensIntent {
                _ = try await client.call(Methods.Perform.self, .init(call: opens, session: "u"))
            }
            let tomorrow = try await say(client, "no, tomorrow instead")
            #expect(text(tomorrow) == "Created lunch at 12:00 PM on November 26")
            #expect(tomorrow.correction?.parameter == "startDate")
            #expect(tomorrow.correction?.to == .string("2026-11-26T12:00:00"))
            #expect(tomorrow.correction?.undid == true)
            #expect(text(try await say(client, "what is on my calendar on friday")) == "You have nothing on your calendar on Friday, November 27")

            // "I meant Sarah": the draft to John is discarded, one to Sarah composed.
            #expect(text(try await say(client, "email john about lunch")) == "Your draft is ready")
            let redrafted = try await say(client, "i meant sarah")
            #expect(text(redrafted) == "Your draft is ready")
            #expect(redrafted.correction?.parameter == "to")
            #expect(redrafted.correction?.to.arrayValue?.first?["name"] == .string("Sarah Connor"))
            #expect(redrafted.correction?.undid == true)
            let names = redrafted.parameters.first { $0.0 == "to" }?.1.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(names == ["Sarah Connor"])
            // Read-only, with a person: asked again.
            _ = try await say(client, "show my meetings with john")
            let meetings = try await say(client, "i meant sarah")
            #expect(text(meetings) == "You have nothing on your calendar with Sarah")
            #expect(meetings.correction?.undid == false)

            let undone = try await client.call(Methods.ListHistory.self, .init())
            let inverses = undone["entries"]?.arrayValue?.filter { $0["source"] == .string("undo") }.compactMap { $0["intent"]?.stringValue }
            #expect(inverses == ["mail.discardDraft", "calendar.deleteEvent", "soup.cancelOrder", "expenses.remove", "tasks.delete"])

            // What cannot be undone cannot be corrected.
            _ = try await say(client, "transfer 20 dollars to john", ClientAssertions(confirmed: true))
            let sarah = try await say(client, "i meant sarah")
            #expect(text(sarah) == "failed: I can't change transfer $20 to John Appleseed: it can't be undone.")
        }
    }

    /// "make it 1 pm" for lunch at noon on Friday keeps Friday (it moved the lunch to today);
    /// "tomorrow at 2" names its own day.
    @Test func aTimeSaidAloneToCorrectADateKeepsItsDay() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            let lunch = try await say(client, "create an event called lunch on friday at noon")
            let friday = try #require(lunch.parameters.first { $0.0 == "startDate" }?.1.stringValue)
            #expect(friday.hasSuffix("T12:00:00"), "\(friday)")
            let one = try await say(client, "make it 1 pm")
            #expect(one.correction?.to == .string(friday.replacingOccurrences(of: "T12:", with: "T13:")), "\(String(describing: one.correction))")
            let tomorrow = try await say(client, "actually make it tomorrow at 2")
            #expect(tomorrow.correction?.to == .string("2026-11-26T14:00:00"), "\(String(describing: tomorrow.correction))")
        }
    }

    /// "make it 4", "no, 4:30" for an event at 3 PM: a bare number is the hour, on the event's
    /// day (it was not understood: a bare number is no time without "at").
    @Test func aBareHourCorrectsATime() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            let cleaning = try await say(client, "create an event called dentist cleaning next friday at 3")
            let friday = try #require(cleaning.parameters.first { $0.0 == "startDate" }?.1.stringValue)
            #expect(friday.hasSuffix("T15:00:00"), "\(friday)")
            let four = try await say(client, "make it 4")
            #expect(four.correction?.to == .string(friday.replacingOccurrences(of: "T15:", with: "T16:")), "\(String(describing: four.correction))")
            let half = try await say(client, "no, 4:30")
            #expect(half.correction?.to == .string(friday.replacingOccurrences(of: "T15:00", with: "T16:30")), "\(String(describing: half.correction))")
            // A quantity is still a quantity.
            _ = try await say(client, "order 2 tomato soups")
            let three = try await say(client, "actually make it 3")
            #expect(three.correction?.to == .number(3))
        }
    }

    /// "and by frank herbert" after "find books by andy weir" looks for Frank Herbert: the
    /// link said before the first value is no part of the new one (it searched for an author
    /// "by frank herbert" and found nothing).
    @Test func aLinkSaidAgainIsNoPartOfTheNewText() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "find books by andy weir")) == "I found 3 books")
            let herbert = try await say(client, "and by frank herbert")
            #expect(herbert.followUp?.value == .string("frank herbert"))
            #expect(text(herbert) == "I found 1 book")
        }
    }

    /// A count said with the new value is its count ("and three minestrone" ordered two, the
    /// count of the first order); "a" is one. A number that is no count of the value (a
    /// workout's minutes) is kept. A price said with a new text is its price.
    @Test func aCountSaidWithTheNewValueIsTaken() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "order two tomato soups")) == "Your order for 2 Tomato has been placed")
            #expect(text(try await say(client, "and three minestrone")) == "Your order for 3 Minestrone has been placed")
            let one = try await say(client, "and a clam chowder")
            #expect(text(one) == "Your order for 1 Clam Chowder has been placed")
            #expect(one.followUp?.parameter == "soup")
            // A price and what it was for, both new: "and 8 on coffee" was an expense called
            // "8 on coffee" at the first one's price.
            _ = try await say(client, "i spent 15 euros on a taxi yesterday")
            let coffee = try await say(client, "and 8 on coffee")
            #expect(coffee.parameters.first { $0.0 == "title" }?.1 == .string("coffee"), "\(coffee.parameters)")
            #expect(coffee.parameters.first { $0.0 == "price" }?.1 == .number(8), "\(coffee.parameters)")
            _ = try await say(client, "start a 30 minute run")
            let yoga = try await say(client, "and a yoga one")
            #expect(yoga.parameters.first { $0.0 == "workoutType" }?.1 == .string("yoga"))
            #expect(yoga.parameters.first { $0.0 == "duration" }?.1 == .number(30), "\(yoga.parameters)")
        }
    }

    @Test func andAfterARequestMakesItAgainWithOneValueChanged() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "add eggs to my groceries list")) == "Task 'eggs' added")
            let milk = try await say(client, "and milk")
            #expect(text(milk) == "Task 'milk' added")
            #expect(milk.followUp?.parameter == "title")
            #expect(milk.followUp?.before == .string("eggs"))
            #expect(milk.followUp?.value == .string("milk"))
            #expect(milk.parameters.first { $0.0 == "list" }?.1["id"] == .string("groceries"), "the list is kept")
            #expect(text(try await say(client, "and bread too")) == "Task 'bread' added")
            let said4 = text(try await say(client, "show my groceries list"))
            #expect(said4.hasPrefix("You have 5 open tasks on your Groceries list"), "\(said4)")
            // Each is an action of its own: undo takes back the last only.
            let said5 = text(try await say(client, "undo"))
            #expect(said5.hasPrefix("Undone: Add bread to Groceries"), "\(said5)")

            // A typed value: the person, and the confirmation the transfer asks for again.
            _ = try await say(client, "transfer 20 dollars to john", ClientAssertions(confirmed: true))
            let sarah = try await say(client, "and to sarah")
            #expect(text(sarah) == "? Do you want to transfer $20 to Sarah Connor?")
            #expect(sarah.followUp?.parameter == "recipient")
            let yes = try await client.call(Methods.Continue.self, .init(session: "u", answer: .text("yes")))
            #expect(text(yes) == "Transferred $20 to Sarah Connor")

            // "what about" looks again after a lookup.
            _ = try await say(client, "how much did i spend this week")
            let month = try await say(client, "what about this month")
            #expect(month.followUp?.parameter == "period")
            #expect(month.parameters.first { $0.0 == "period" }?.1 == .string("thisMonth"))
            // ...but after an action it adds nothing.
            _ = try await say(client, "create an event called lunch on friday at noon")
            #expect(try await say(client, "how about saturday").status == .notUnderstood)

            // A request of its own after "and" is performed as a request, not a title.
            _ = try await say(client, "add eggs to my groceries list")
            let own = try await say(client, "and then show my workouts")
            #expect(own.intent == "fitness.listWorkouts")
            #expect(own.followUp == nil)
            _ = try await say(client, "add eggs to my groceries list")
            let balance = try await say(client, "and what's my balance")
            #expect(balance.intent == "bank.viewBalance")
            #expect(balance.followUp == nil)
            // Nothing new said: no follow-up.
            _ = try await say(client, "add eggs to my groceries list")
            #expect(try await say(client, "and eggs").followUp == nil)
        }
    }

    @Test func aDetailSaidAloneAfterAnActionIsAddedToIt() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "remind me to call the plumber")) == "Task 'call the plumber' added")
            let five = try await say(client, "at 5 pm")
            #expect(text(five) == "Task 'call the plumber' added")
            #expect(five.correction?.parameter == "dueDate")
            #expect(five.correction?.from == nil)
            #expect(five.correction?.to == .string("2026-11-25T17:00:00"))
            #expect(five.correction?.undid == true)
            #expect(text(try await say(client, "how many tasks are left")) == "Number of the opened tasks is 6", "replaced, not added twice")

            // Read-only: looked up again.
            _ = try await say(client, "how much did i spend")
            let month = try await say(client, "this month")
            #expect(month.correction?.parameter == "period")
            #expect(month.correction?.undid == false)

            // Words that are a request of their own, or no value of a parameter left out, are not a detail.
            _ = try await say(client, "add eggs to my list")
            #expect(try await say(client, "what's my balance").intent == "bank.viewBalance")
            _ = try await say(client, "add eggs to my list")
            #expect(try await say(client, "purple").status == .notUnderstood)
            _ = try await say(client, "add eggs to my list")
            #expect(try await say(client, "yes").correction == nil)
        }
    }

    /// Free text said after an action, linked as the intent's phrases link it: "about the
    /// budget" after "email john" remakes the draft with that subject (it was not understood),
    /// and "saying see you at 5" then adds the body. Words that would change a value said are
    /// no detail, nor is a question.
    @Test func aTextSaidAfterAnActionIsAddedToIt() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "email john")) == "Your draft is ready")
            let subject = try await say(client, "about the budget")
            #expect(subject.intent == "mail.sendDraft")
            #expect(subject.correction?.parameter == "subject")
            #expect(subject.correction?.to == .string("the budget"))
            #expect(subject.correction?.undid == true, "the first draft is discarded")
            let body = try await say(client, "saying see you at 5")
            #expect(body.correction?.parameter == "body")
            #expect(body.parameters.first { $0.0 == "subject" }?.1 == .string("the budget"), "the subject stays")

            _ = try await say(client, "remind me to call mom")
            #expect(try await say(client, "about the party").status == .notUnderstood, "the title would change")

            // A reply makes a draft as a new email does: "say ..." after it is its body.
            _ = try await say(client, "reply to the invoice email")
            let reply = try await say(client, "say thanks, will pay friday")
            #expect(reply.correction?.parameter == "body" && reply.correction?.undid == true, "\(reply)")

            // A value the phrases say after the request's words ("for {duration} minutes") is a
            // detail too; a workout started cannot be changed, and says so.
            _ = try await say(client, "start a run")
            let length = try await say(client, "for 30 minutes")
            #expect(length.status == .failed && length.message?.contains("can't be undone") == true, "\(length)")

            // A question is no detail: "what" was heard as "that", and the question the body.
            _ = try await say(client, "send an email to dana")
            let question = try await say(client, "what was the subject of her last email")
            #expect(question.correction == nil && question.status == .notUnderstood, "\(question)")
        }
    }

    @Test func whatDidIDoListsTheDaysActionsInOrder() async throws {
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        try await withDaemon(host: await IntentHost(apps: DemoApps.all)) { client, _ in
            #expect(text(try await say(client, "what did i do today")) == "You did nothing with me today.")
            _ = try await say(client, "add eggs to my groceries list")
            _ = try await say(client, "order two tomato soups")
            _ = try await say(client, "undo")
            let today = try await say(client, "what did i do today")
            #expect(text(today) == "You did 3 things today:")
            #expect(today.result?.snippet == "- 9:00 AM  Add eggs to Groceries\n- 9:00 AM  Order 2 Tomato\n- 9:00 AM  Cancel the order of 2 Tomato (undo)")
            #expect(text(try await say(client, "what did i do yesterday")) == "You did nothing with me on Tuesday, November 24.")
            let undo = try await say(client, "undo")
            #expect(text(undo).hasPrefix("Undone: Add eggs to Groceries"), "asking what was done is no action: undo still reaches the add")
        }
    }
}
