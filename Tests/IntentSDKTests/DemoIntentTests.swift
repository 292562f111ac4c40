import DemoApps
import IntentModel
import IntentSDK
import IntentTesting
import Testing
import Wire

/// Every demo intent, from an utterance through the Phrases/ router to the app's reply,
/// in-process.
@Suite struct DemoIntentTests {
    struct Case: Sendable, CustomStringConvertible {
        var utterance: String
        var intent: String
        var reply: String
        var description: String { utterance }
    }

    static let cases: [Case] = [
        Case(utterance: "how many tasks are left", intent: "tasks.count", reply: "Number of the opened tasks is 5"),
        Case(utterance: "add buy bread to my groceries list", intent: "tasks.add", reply: "Task 'buy bread' added"),
        Case(utterance: "show my tasks", intent: "tasks.list", reply: "You have 5 open tasks"),
        Case(utterance: "what's on my groceries list", intent: "tasks.list", reply: "You have 2 open tasks on your Groceries list"),
        Case(utterance: "delete all my tasks", intent: "tasks.deleteAll", reply: "confirm: Are you sure you want to delete all your tasks?"),
        Case(utterance: "open a task", intent: "tasks.open",
             reply: "choose task: What task would like to open? [Buy milk, Call mom, Prepare slides, Book dentist appointment, Buy eggs]"),
        Case(utterance: "open the task buy milk", intent: "tasks.open", reply: "Opening your task"),
        Case(utterance: "delete the task buy eggs", intent: "tasks.delete", reply: "confirm: Are you sure you want to delete 'Buy eggs'?"),
        Case(utterance: "complete prepare slides", intent: "tasks.complete", reply: "Marked 'Prepare slides' as done"),
        Case(utterance: "open currently reading in library", intent: "library.openCurrentlyReading", reply: "Opening Currently Reading"),
        Case(utterance: "open my want to read shelf", intent: "library.openShelf", reply: "Opening Want to Read"),
        Case(utterance: "open the book dune", intent: "library.openBook", reply: "Opening Dune"),
        Case(utterance: "add the book neuromancer", intent: "library.addBook", reply: "Added Neuromancer to Library!"),
        Case(utterance: "add the book the lost world", intent: "library.addBook", reply: "needsValue authorName: Who wrote the book?"),
        Case(utterance: "buy 2 copies of the martian", intent: "library.buyBook", reply: "confirm: Are you ready to order? (2 × The Martian by Andy Weir)"),
        Case(utterance: "find books by andy weir", intent: "library.findBooks", reply: "I found 3 books"),
        Case(utterance: "is dune science fiction", intent: "library.getBookInfo", reply: "Yes, Dune by Frank Herbert is science fiction."),
        Case(utterance: "put artemis on my currently reading shelf", intent: "library.moveBook", reply: "Moved Artemis to Currently Reading"),
        Case(utterance: "mark dune as read", intent: "library.moveBook", reply: "Dune is already on Read"),
        Case(utterance: "show me the 2 oldest books", intent: "library.findBooks", reply: "I found 2 books"),
        Case(utterance: "what is my total expense in harcama", intent: "expenses.showTotal", reply: "Your total expense is $89.80"),
        Case(utterance: "how much did i spend in november", intent: "expenses.showTotal", reply: "You spent $89.80 in November"),
        Case(utterance: "total expenses for october", intent: "expenses.showTotal", reply: "You spent nothing in October"),
        Case(utterance: "how much did i spend on coffee in november", intent: "expenses.showTotal", reply: "You spent $4.50 on coffee in November"),
        Case(utterance: "add an expense of twelve dollars for lunch", intent: "expenses.add", reply: "Successfully added your lunch expense!"),
        Case(utterance: "email john about lunch", intent: "mail.sendDraft", reply: "Your draft is ready"),
        Case(utterance: "add sarah to the lunch draft", intent: "mail.updateDraft", reply: "Updated 'Lunch plans'"),
        Case(utterance: "save the lunch draft", intent: "mail.saveDraft", reply: "Saved 'Lunch plans' for later"),
        Case(utterance: "send the agenda tomorrow at 9 pm", intent: "mail.send", reply: "confirm: Send 'Offsite agenda'?"),
        Case(utterance: "delete the lunch draft", intent: "mail.deleteDraft", reply: "confirm: Delete 'Lunch plans'?"),
        Case(utterance: "open the draft to john", intent: "mail.openDraft", reply: "Opening 'Lunch plans'"),
        Case(utterance: "open the email about team offsite instructions", intent: "mail.openMessage", reply: "Opening 'Team offsite instructions'"),
        Case(utterance: "reply all to the offsite instructions", intent: "mail.reply", reply: "Your reply to everyone is ready"),
        Case(utterance: "forward the invoice to my boss", intent: "mail.forward", reply: "Your forward is ready"),
        Case(utterance: "mark the invoice as read", intent: "mail.updateMail", reply: "Updated 'Invoice 1042'"),
        Case(utterance: "archive the book club picks", intent: "mail.archive", reply: "Archived"),
        Case(utterance: "delete the store email", intent: "mail.deleteMail", reply: "confirm: Delete 'Weekend sale at Example Store'?"),
        Case(utterance: "order two tomato soups", intent: "soup.order", reply: "Your order for 2 Tomato has been placed"),
        Case(utterance: "order a tomato soup", intent: "soup.order", reply: "needsValue quantity: Please specify how many soups"),
        Case(utterance: "start a running workout", intent: "fitness.startWorkout", reply: "Starting running workout"),
        Case(utterance: "show my workouts", intent: "fitness.listWorkouts",
             reply: "You have 2 workouts: Running for 30 minutes on Sunday, November 22; Yoga for 45 minutes on Monday, November 23"),
        Case(utterance: "show my swimming workouts", intent: "fitness.listWorkouts", reply: "You have no swimming workouts yet"),
        Case(utterance: "create an event called lunch with sam tomorrow at noon", intent: "calendar.createEvent",
             reply: "Created lunch with sam at 12:00 PM on November 23"),
        Case(utterance: "open the dentist event", intent: "calendar.openEvent", reply: "Opening Dentist"),
        Case(utterance: "book a haircut at downtown", intent: "calendar.bookAppointment", reply: "needsValue preferredDate: When would you like it?"),
        Case(
            utterance: "book a haircut at downtown tomorrow at 3 pm", intent: "calendar.bookAppointment",
            reply: "Booked a 60-minute Haircut at Downtown at 3:00 PM on November 23"),
        Case(utterance: "what is my balance", intent: "bank.viewBalance", reply: "Your balance is $1250.00"),
        Case(utterance: "transfer 20 dollars to john", intent: "bank.transferMoney", reply: "confirm: Do you want to transfer $20 to John Appleseed?"),
        Case(utterance: "send 50 to john", intent: "bank.transferMoney", reply: "confirm: Do you want to transfer $50 to John Appleseed?"),
        Case(utterance: "unlock the vault", intent: "bank.unlockVault", reply: "The vault is unlocked"),
        Case(utterance: "play the mp3", intent: "player.togglePlayback", reply: "Playing"),
        Case(utterance: "play some jazz", intent: "player.playSong", reply: "Playing Take Five by Dave Brubeck"),
        Case(utterance: "show me the harbour photo", intent: "photos.showPhoto", reply: "Showing Harbour at dawn, taken 6:15 AM on October 3"),
        Case(utterance: "next song", intent: "player.nextTrack", reply: "Playing Take Five by Dave Brubeck"),
        Case(utterance: "previous track", intent: "player.previousTrack", reply: "Playing So What by Miles Davis"),
        Case(
            utterance: "what's on my calendar on wednesday", intent: "calendar.listEvents",
            reply: "You have 1 event on Wednesday, November 25: Dentist at 3:00 PM on November 25"),
        Case(utterance: "display the photo sunset", intent: "photos.display", reply: "needsValue imageFile: Which image file?"),
        Case(utterance: "move the dentist to friday", intent: "calendar.moveEvent", reply: "Moved Dentist to 3:00 PM on November 27"),
    ]

    @Test(arguments: cases)
    func utteranceReachesTheAppAndItAnswers(_ c: Case) async {
        let chat = await Chat.demo()
        let reply = await chat.say(c.utterance)
        #expect(chat.call.intent == c.intent)
        #expect(reply.text == c.reply)
    }

    /// Money keeps its currency: never booked as dollars, never added to dollars (issue 16).
    @Test func anExpenseKeepsTheCurrencySaid() async {
        let chat = await Chat.demo()
        #expect(await chat.say("add an expense of forty euros for a taxi").text == "Successfully added your taxi expense of €40.00!")
        #expect(chat.call.parameters["currency"] == .string("eur"))
        #expect(await chat.say("i spent £30 on train tickets").text == "Successfully added your train tickets expense of £30.00!")
        #expect(await chat.say("what is my total expense in harcama").text == "Your total expense is $89.80 and €40.00 and £30.00")
    }

    /// A book moved is on its new shelf for what comes after; the oldest come first when asked.
    @Test func aBookMovesBetweenShelves() async {
        let chat = await Chat.demo()
        #expect(await chat.say("what books are on my currently reading shelf").text == "Opening Currently Reading")
        #expect(await chat.say("i finished project hail mary").text == "Moved Project Hail Mary to Read")
        #expect(await chat.say("mark project hail mary as read").text == "Project Hail Mary is already on Read")
        #expect(await chat.say("move the hobbit to my currently reading shelf").text == "Moved The Hobbit to Currently Reading")
        #expect(await chat.say("move the hobbit to my currently reading shelf").text == "The Hobbit is already on Currently Reading")
        guard case .result(let found) = await chat.say("show me the 2 oldest books"), case .array(let books)? = found.value else {
            Issue.record("no books found")
            return
        }
        #expect(books.compactMap { $0["title"]?.stringValue } == ["The Hobbit", "Dune"])
    }

    /// The hidden inverses "undo" performs (docs/memory.md) put back what their intent changed.
    @Test func inversesPutBackWhatTheirIntentChanged() async throws {
        let chat = await Chat.demo()
        #expect(await chat.say("delete the task buy eggs").text == "confirm: Are you sure you want to delete 'Buy eggs'?")
        #expect(await chat.confirm().text == "Task deleted")
        #expect(await chat.perform("tasks.restore", ["id": .string("t5")]).text == "Task 'Buy eggs' is back")
        #expect(await chat.say("show my tasks").text == "You have 5 open tasks")
        #expect(await chat.perform("tasks.restore", ["id": .string("t5")]).text == "error: Sorry, that task is gone for good")
        #expect(await chat.say("complete prepare slides").text == "Marked 'Prepare slides' as done")
        #expect(await chat.say("show my tasks").text == "You have 4 open tasks")
        #expect(await chat.perform("tasks.reopen", ["task": .object([("id", .string("t3")), ("title", .string("Prepare slides"))])]).text
            == "'Prepare slides' is open again")
        #expect(await chat.say("show my tasks").text == "You have 5 open tasks")
        guard case .result(let added) = await chat.say("add an expense of twelve dollars for lunch"), let expense = added.value else {
            Issue.record("the expense was not added")
            return
        }
        #expect(await chat.say("what is my total expense in harcama").text == "Your total expense is $101.80")
        #expect(await chat.perform("expenses.remove", ["expense": expense]).text == "Removed your lunch expense")
        #expect(await chat.say("what is my total expense in harcama").text == "Your total expense is $89.80")
        #expect(await chat.perform("expenses.remove", ["expense": expense]).text.hasPrefix("error: "))
    }

    /// The inverses of ordering soup, creating an event and composing a draft remove exactly
    /// what was made, once.
    @Test func cancelDeleteAndDiscardRemoveWhatWasMade() async throws {
        let chat = await Chat.demo()
        guard case .result(let ordered) = await chat.say("order two tomato soups"), let order = ordered.value else {
            Issue.record("no order was placed")
            return
        }
        #expect(order["id"] == .string("order-1"))
        #expect(await chat.perform("soup.cancelOrder", ["order": order]).text == "Cancelled your order for 2 Tomato")
        #expect(await chat.perform("soup.cancelOrder", ["order": order]).text == "error: Sorry, I couldn't find that order.")

        guard case .result(let created) = await chat.say("create an event called lunch with sam tomorrow at noon"), let event = created.value
        else {
            Issue.record("no event was created")
            return
        }
        #expect(await chat.say("what is on my calendar tomorrow").text.contains("lunch with sam"))
        #expect(await chat.perform("calendar.deleteEvent", ["event": event]).text == "Deleted lunch with sam")
        #expect(await chat.say("what is on my calendar tomorrow").text.contains("lunch with sam") == false)
        #expect(await chat.perform("calendar.deleteEvent", ["event": event]).text.hasPrefix("error: Sorry, I couldn't find that"))
        guard case .result(let again) = await chat.say("create an event called tea tomorrow at four pm"), let second = again.value else {
            Issue.record("no second event was created")
            return
        }
        #expect(second["id"] != event["id"], "an id is never reused after a delete")

        guard case .result(let drafted) = await chat.say("email john about lunch"), let draft = drafted.value else {
            Issue.record("no draft was composed")
            return
        }
        #expect(await chat.perform("mail.discardDraft", ["draft": draft]).text == "Discarded the draft")
        #expect(await chat.perform("mail.discardDraft", ["draft": draft]).text.hasPrefix("error: Sorry, I couldn't find that"))
    }

    @Test func everyDemoIntentIsCovered() async {
        let host = await IntentHost(apps: DemoApps.all)
        let covered = Set(Self.cases.map(\.intent) + ["calendar.nextEvent", "tasks.restore", "tasks.reopen", "expenses.remove",
            "soup.cancelOrder", "calendar.deleteEvent", "mail.discardDraft"])
        let all = Set(host.definitions.flatMap(\.intents).map(\.id))
        #expect(all.subtracting(covered).sorted() == [])
    }

    /// The word said is the state set: "pause" pauses whatever the player was doing, and only
    /// a request that says neither ("toggle the music") toggles (issue 16).
    @Test func explicitWordsSetExplicitState() async {
        let chat = await Chat.demo()
        var said: [String] = []
        for utterance in ["pause the music", "pause the music", "resume playback", "play some music", "toggle the music", "stop the music"] {
            said.append(await chat.say(utterance).text)
        }
        #expect(said == ["Paused", "Paused", "Playing", "Playing", "Paused", "Paused"])
    }

    @Test func nextEventSaysItsTitleAndTime() async {
        let chat = await Chat.demo()
        let reply = await chat.perform("calendar.nextEvent")
        #expect(reply.text.hasPrefix("Your next event is "))
        #expect(reply.result?.value?["id"] != nil)
    }
}
