import IntentModel
import IntentTesting
import Routing
import Testing

/// How people talk and how speech-to-text writes: the router copes.
struct RobustnessTests {
    func route(_ utterance: String) -> RouteResult { DemoRouter.shared.route(utterance, now: DemoRouter.now) }

    @Test func homophonesOfSmallNumbersWhereANumberIsExpected() {
        let result = route("Order to tomato soups.")
        #expect(result.intent?.id == "soup.order")
        #expect(result.parameter("quantity") == .int(2))
    }

    /// "free" for three and "fore" for four, as recognizers write them.
    @Test(arguments: [("purchase free copies of the hobbit", 3), ("order fore copies of dune", 4), ("buy too copies of dune", 2)])
    func homophonesCountCopies(_ utterance: String, _ count: Int) {
        let result = route(utterance)
        #expect(result.intent?.id == "library.buyBook")
        #expect(result.parameter("count") == .int(count))
    }

    @Test func toStaysAWordWhereNoNumberIsExpected() {
        let result = route("add eggs to the groceries list")
        #expect(result.parameter("title") == .string("eggs"))
        #expect(route("add free range eggs to the groceries list").parameter("title") == .string("free range eggs"))
    }

    @Test func fillerAndPolitenessCostNothing() {
        let plain = route("add eggs to the groceries list")
        let polite = route("um could you please add eggs to the groceries list thanks")
        #expect(polite.intent?.id == "tasks.add")
        #expect(polite.parameter("title") == .string("eggs"))
        #expect(polite.confidence >= plain.confidence - 0.01)
    }

    @Test func nearMissEntityNames() {
        let result = route("open the book the marshan")
        #expect(result.parameter("book") == .entity(EntityReference(id: "the-martian", title: "The Martian")))
    }

    /// A short name spelt as it sounds: "doon" is Dune (same letters but the vowels). Short
    /// words that merely share a sound key do not: "turn it down" stays not understood.
    @Test func shortNamesSpeltAsTheySound() {
        for heard in ["open the book doon", "read doon"] {
            let result = route(heard)
            #expect(result.intent?.id == "library.openBook", "\(heard)")
            #expect(result.parameter("book") == .entity(EntityReference(id: "dune", title: "Dune")), "\(heard)")
        }
        #expect(route("turn it down").intent == nil)
    }

    @Test func sentenceCaseAndPunctuationOfRecognizers() {
        let result = route("Open the book, the Martian.")
        #expect(result.intent?.id == "library.openBook")
        #expect(result.parameter("book") == .entity(EntityReference(id: "the-martian", title: "The Martian")))
    }

    @Test func spokenNumbersAndMoney() {
        let result = route("transfer fifty dollars to john")
        #expect(result.intent?.id == "bank.transferMoney")
        #expect(result.parameter("amount") == .currencyAmount(CurrencyAmount(amount: 50, currency: "USD")))
        #expect(result.parameter("recipient") == .person(Person(id: "john", name: "John Appleseed", email: "john@example.com")))
    }

    @Test func ambiguousTitleAsksWhichOne() {
        let result = route("add the lost world to my library")
        #expect(result.intent?.id == "library.addBook")
    }

    @Test func missingRequiredValueIsIncomplete() {
        let result = route("delete a task")
        #expect(result.intent?.id == "tasks.delete")
        #expect(result.status == .incomplete)
        #expect(result.missing == ["task"])
    }

    @Test func partialNameThatFitsTwoTasksIsAmbiguous() {
        let result = route("complete the buy task")
        #expect(result.status == .ambiguous)
        #expect(result.ambiguities.first?.name == "task")
        #expect(result.ambiguities.first?.candidates.count == 2)
    }
}
