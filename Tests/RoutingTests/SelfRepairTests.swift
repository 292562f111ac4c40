import IntentModel
import IntentTesting
import Routing
import Testing

/// Self-repairs in one utterance, as speech has them ("no wait", "i mean", "sorry"): the
/// repair replaces what it repairs (the `self_repair` words of Phrases/common.en.yaml).
struct SelfRepairTests {
    private func route(_ utterance: String) -> RouteResult { DemoRouter.shared.route(utterance, now: DemoRouter.now) }

    private func text(_ result: RouteResult, _ name: String) -> String? {
        if case .string(let text)? = result.parameter(name) { return text }
        return nil
    }

    private func entityID(_ result: RouteResult, _ name: String) -> String? {
        switch result.parameter(name) {
        case .entity(let reference)?: return reference.id
        case .person(let person)?: return person.id
        default: return nil
        }
    }

    @Test func theRepairReplacesWhatItRepairs() {
        let result = route("add eggs to groceries no wait to my work list")
        #expect(result.intent?.id == "tasks.add")
        #expect(text(result, "title") == "eggs", "\(result.json.serialized)")
        #expect(entityID(result, "list") == "work", "\(result.json.serialized)")
        #expect(result.repaired == "add eggs to my work list")
        #expect(result.json["repaired"] == .string("add eggs to my work list"))
        #expect(result.json["utterance"] == .string("add eggs to groceries no wait to my work list"))
        #expect(result.explanation.resolverSteps.first?.hasPrefix("self-repair: 'no wait'") == true)
    }

    @Test func aRepairedValueReplacesTheValueOfItsType() {
        let soup = route("order two tomato soups no wait three")
        #expect(soup.parameter("quantity") == .int(3), "\(soup.json.serialized)")
        #expect(entityID(soup, "soup") == "tomato")
        let money = route("transfer 30 dollars to john i mean 40")
        #expect(money.parameter("amount") == .currencyAmount(CurrencyAmount(amount: 40, currency: "USD")), "\(money.json.serialized)")
        #expect(entityID(money, "recipient") == "john")
    }

    @Test(arguments: [
        ("transfer 50 dollars to john no wait to sarah", "recipient", "sarah"),
        ("order a tomato soup no wait minestrone", "soup", "minestrone"),
        ("order a tomato soup sorry i mean minestrone", "soup", "minestrone"),
    ])
    func aRepairedNameReplacesTheName(utterance: String, parameter: String, id: String) {
        let result = route(utterance)
        #expect(entityID(result, parameter) == id, "\(result.json.serialized)")
    }

    /// A time corrected keeps the day said before it.
    @Test func aRepairedTimeKeepsTheDay() {
        let result = route("create an event called standup tomorrow at 3 pm no wait at 4 pm")
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 16)), "\(result.json.serialized)")
    }

    @Test func aMarkerAtEitherEndIsDropped() {
        #expect(route("no wait show my tasks").intent?.id == "tasks.list")
        let result = route("delete buy milk sorry")
        #expect(entityID(result, "task") == "t1", "\(result.json.serialized)")
    }

    /// Marker words that belong to the request change nothing.
    @Test func markerWordsInsideARequestStay() {
        let result = route("send an email to john saying sorry i mean it")
        #expect(text(result, "body") == "sorry i mean it", "\(result.json.serialized)")
        #expect(result.repaired == nil)
        #expect(route("add buy milk to groceries").repaired == nil)
    }

    @Test func outOfDomainStaysOut() {
        #expect(route("what's the weather no wait").status == .notUnderstood)
        #expect(route("no wait").status == .notUnderstood)
        #expect(route("i mean").status == .notUnderstood)
    }
}
