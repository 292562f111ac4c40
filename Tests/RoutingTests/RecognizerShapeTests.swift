import IntentModel
import IntentTesting
import Routing
import Testing

/// What speech recognizers really write routes like what people type: sentence case and
/// final punctuation, commas inside commands, digits in every shape, British spellings,
/// split compounds and near homophones.
struct RecognizerShapeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var utterance: String
        var intent: String
        /// Parameter name and the JSON form expected.
        var expected: [(String, String)]
        var testDescription: String { utterance }
    }

    static let cases: [Case] = [
        Case(
            utterance: "Open the book, the Martian.", intent: "library.openBook",
            expected: [("book", #"{"id":"the-martian","title":"The Martian"}"#)]),
        Case(utterance: "What is left in Mighty Tasks?", intent: "tasks.count", expected: []),
        Case(
            utterance: "Remind me to call the bank tomorrow at 5pm.", intent: "tasks.add",
            expected: [("title", #""call the bank""#), ("dueDate", #""2026-11-23T17:00:00""#)]),
        Case(
            utterance: "Remind me to call the bank at 7.30 tomorrow.", intent: "tasks.add",
            expected: [("title", #""call the bank""#), ("dueDate", #""2026-11-23T07:30:00""#)]),
        Case(
            utterance: "Remind me to call the bank tomorrow at 730.", intent: "tasks.add",
            expected: [("title", #""call the bank""#), ("dueDate", #""2026-11-23T07:30:00""#)]),
        Case(
            utterance: "Add an expense of $12 for lunch.", intent: "expenses.add",
            expected: [("title", #""lunch""#), ("price", "12")]),
        Case(
            utterance: "Start a 20 minute running work out.", intent: "fitness.startWorkout",
            expected: [("workoutType", #""running""#), ("duration", "20")]),
        Case(
            utterance: "Email Mum about dinner.", intent: "mail.sendDraft",
            expected: [
                ("to", #"[{"id":"jane","name":"Jane Doe","email":"mom@example.com"}]"#), ("subject", #""dinner""#),
            ]),
        Case(
            utterance: "Complete the task, Call Mum.", intent: "tasks.complete",
            expected: [("task", #"{"id":"t2","title":"Call mom"}"#)]),
        Case(
            utterance: "Remind me to stretch at free o'clock.", intent: "tasks.add",
            expected: [("title", #""stretch""#), ("dueDate", #""2026-11-22T15:00:00""#)]),
        Case(utterance: "Order 2 tomato soups.", intent: "soup.order", expected: [("quantity", "2")]),
    ]

    @Test(arguments: cases)
    func routesLikeTypedText(_ test: Case) throws {
        let result = DemoRouter.shared.route(test.utterance, now: DemoRouter.now)
        #expect(result.intent?.id == test.intent)
        #expect(result.status == .complete)
        for (name, json) in test.expected {
            #expect(result.parameter(name)?.json.serialized == json, "\(name)")
        }
    }

    /// "7.30" is a time only where a time is cued; elsewhere it stays a number.
    @Test func dottedNumberWithoutACueStaysANumber() {
        let result = DemoRouter.shared.route("Add an expense of 7.30 for lunch", now: DemoRouter.now)
        #expect(result.intent?.id == "expenses.add")
        #expect(result.parameter("price") == .double(7.3))
    }

    /// "free" is three only before "o'clock", "am" or "pm".
    @Test func soundAlikeHourNeedsOClock() {
        let result = DemoRouter.shared.route("remind me to pick up the free samples", now: DemoRouter.now)
        #expect(result.parameter("title") == .string("pick up the free samples"))
        #expect(result.parameter("dueDate") == nil)
    }
}
