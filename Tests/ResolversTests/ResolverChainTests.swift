import Foundation
import IntentModel
import Testing

@testable import Resolvers

@Suite struct ResolverChainTests {
    @Test(arguments: [
        ("twenty five", 25), ("a dozen", 12), ("one hundred and three", 103), ("3rd", 3), ("third", 3),
        ("1,200", 1200), ("-5", -5), ("minus five", -5), ("a couple", 2), ("twenty-one thousand eleven", 21011),
        ("three million two hundred thousand", 3_200_000), ("0033", 33), ("100k", 100_000), ("two dozen", 24),
    ])
    func integers(text: String, expected: Int) {
        #expect(Fixtures.resolve(text, as: .int) == .int(expected))
    }

    @Test(arguments: [
        ("2.5", 2.5), ("two point five", 2.5), ("half", 0.5), ("three quarters", 0.75), ("one and a half", 1.5),
        ("1/4", 0.25), ("minus five point five", -5.5), ("1.3e6", 1_300_000), ("two thirds of a million", 2e6 / 3),
    ])
    func doubles(text: String, expected: Double) throws {
        let value = try #require(Fixtures.resolve(text, as: .double))
        guard case .double(let number) = value else {
            Issue.record("\(text) gave \(value)")
            return
        }
        #expect(abs(number - expected) < 1e-9 * max(1, abs(expected)))
    }

    @Test(arguments: [
        ("yes", true), ("Sure!", true), ("on", true), ("true", true), ("yeah", true), ("no", false), ("nope", false),
        ("off", false), ("false", false), ("not ok", false), ("one", true), ("0", false),
    ])
    func booleans(text: String, expected: Bool) {
        #expect(Fixtures.resolve(text, as: .bool) == .bool(expected))
    }

    @Test func stringIsTrimmedText() {
        #expect(Fixtures.resolve("  Buy milk ", as: .string) == .string("Buy milk"))
    }

    @Test(arguments: [
        ("20 minutes", 1200.0), ("an hour and a half", 5400), ("90 seconds", 90), ("half an hour", 1800),
        ("2h30", 9000), ("1 year, 2 days, 3 hours and 4 seconds", 31_719_604), ("a fortnight", 1_209_600),
    ])
    func durations(text: String, seconds: Double) {
        #expect(Fixtures.resolve(text, as: .duration) == .duration(seconds))
    }

    @Test(arguments: [
        ("$12.50", 12.5, "USD"), ("twelve dollars fifty", 12.5, "USD"), ("12 bucks", 12, "USD"), ("€5", 5, "EUR"),
        ("thirty five dollars and twenty cents", 35.2, "USD"), ("£10", 10, "GBP"), ("USD3.14", 3.14, "USD"),
        ("a grand", 1000, "USD"), ("5 lakh rupees", 500_000, "INR"), ("42 RM", 42, "MYR"),
        ("a fiver", 5, "USD"), ("two tenners", 20, "USD"),
        // Half of one of the unit.
        ("half a dollar", 0.5, "USD"), ("half a euro", 0.5, "EUR"),
    ])
    func money(text: String, amount: Double, currency: String) {
        #expect(
            Fixtures.resolve(text, as: .currencyAmount)
                == .currencyAmount(CurrencyAmount(amount: amount, currency: currency)))
    }

    @Test(arguments: [
        ("twenty one degrees", 21.0, "degrees"), ("70°F", 70, "fahrenheit"), ("37 degrees Celsius", 37, "celsius"),
        ("2 below zero", -2, "degrees"), ("-5 degree fahrenheit", -5, "fahrenheit"),
    ])
    func temperatures(text: String, value: Double, unit: String) {
        let expected = Value.measurement(Measurement(value: value, unit: unit))
        #expect(Fixtures.resolve(text, as: .measurement(dimension: "temperature")) == expected)
    }

    @Test(arguments: [
        ("John@Example.com", ValueType.email, Value.email("john@example.com")),
        ("john at example dot com", .email, .email("john@example.com")),
        ("https://example.com/a?b=1", .url, .url("https://example.com/a?b=1")),
        ("www.abc.com", .url, .url("www.abc.com")),
        ("+1 (541) 754-3010", .phoneNumber, .phoneNumber("+1 (541) 754-3010")),
        ("five five five one two one two", .phoneNumber, .phoneNumber("5551212")),
    ])
    func sequences(text: String, type: ValueType, expected: Value) {
        #expect(Fixtures.resolve(text, as: type) == expected)
    }

    @Test(arguments: [
        ("john", "john"), ("my wife", "sarah"), ("mom", "mary"), ("Alex Kim", "alex"), ("mum", "mary"), ("jon", "john"),
        ("sara appleseed", "sarah"),
    ])
    func people(text: String, id: String) {
        guard case .person(let person)? = Fixtures.resolve(text, as: .person) else {
            Issue.record("\(text) is not a person")
            return
        }
        #expect(person.id == id)
    }

    @Test func twoPeopleWithOneFirstNameAreBothOffered() {
        let context = ResolutionContext(
            now: Fixtures.now, timeZone: Fixtures.utc,
            contacts: Fixtures.contacts + [Contact(person: Person(id: "john2", name: "John Smith"))])
        guard case .resolved(let candidates) = Fixtures.chain.resolve("john", as: .person, context: context) else {
            Issue.record("not resolved")
            return
        }
        #expect(
            Set(candidates.compactMap { if case .person(let p) = $0.value { p.id } else { nil } }) == ["john", "john2"])
    }

    @Test func listOfPeople() {
        guard case .list(let items)? = Fixtures.resolve("john, sarah and alex", as: .list(.person)) else {
            Issue.record("not a list")
            return
        }
        let ids = items.compactMap { item -> String? in
            if case .person(let person) = item { return person.id }
            return nil
        }
        #expect(ids == ["john", "sarah", "alex"])
    }

    @Test(arguments: [("high", "high"), ("urgent", "high"), ("hgih", "high"), ("Low", "low"), ("minor", "low")])
    func enumCases(text: String, id: String) {
        #expect(Fixtures.resolve(text, as: .enumeration("tasks.Priority")) == .enumCase(id))
    }

    @Test func twoBooksWithOneTitleAreBothOffered() throws {
        guard
            case .resolved(let candidates) = Fixtures.chain.resolve(
                "the lost world", as: .entity("library.Book"), context: Fixtures.context)
        else {
            Issue.record("not resolved")
            return
        }
        #expect(
            Set(candidates.map(\.value)) == [
                .entity(EntityReference(id: "lost-world-doyle", title: "The Lost World")),
                .entity(EntityReference(id: "lost-world-crichton", title: "The Lost World")),
            ])
        let crichton = Fixtures.resolve("the lost world by michael crichton", as: .entity("library.Book"))
        #expect(crichton == .entity(EntityReference(id: "lost-world-crichton", title: "The Lost World")))
    }

    @Test(arguments: [
        ("next blursday", ValueType.date, "'next blursday' is not a date I understand."),
        ("", .date, "There is nothing to read as a date."),
        ("maybe", .bool, "'maybe' is neither yes nor no."),
        ("2.5", .int, "'2.5' is not a whole number I understand."),
        ("🙂🙂", .int, "'🙂🙂' is not a whole number I understand."),
        ("zorro", .person, "'zorro' is not one of your contacts."),
        ("medium", .enumeration("tasks.Priority"), "'medium' is not a priority; try 'Low' or 'High'."),
        ("dune", .entity("library.Book"), "No book matches 'dune'."),
    ])
    func failuresSayWhy(text: String, type: ValueType, reason: String) {
        #expect(Fixtures.reason(text, as: type) == reason)
    }

    @Test func hugeInputFailsQuickly() {
        let text = String(repeating: "twenty five ", count: 1_000)
        #expect(Fixtures.reason(text, as: .int) == "The text is too long to read as a whole number.")
    }

    @Test func customResolverIsTriedFirst() {
        let sizes = SynonymResolver(type: .enumeration("coffee.Size"), synonyms: ["venti": .enumCase("large")])
        let chain = ResolverChain(customResolvers: [sizes])
        #expect(
            chain.resolve("Venti", as: .enumeration("coffee.Size"), context: Fixtures.context).best?.value
                == .enumCase("large"))
    }

    @Test func periodsHaveBothEnds() throws {
        let range = try #require(Fixtures.chain.resolvePeriod("from 3 to 5 pm", context: Fixtures.context))
        #expect(range.start == LocalDateTime(year: 2026, month: 11, day: 19, hour: 15))
        #expect(range.statedEnd == LocalDateTime(year: 2026, month: 11, day: 19, hour: 17))
        let weekend = try #require(Fixtures.chain.resolvePeriod("next weekend", context: Fixtures.context))
        #expect(weekend.start == LocalDateTime(year: 2026, month: 11, day: 28))
        #expect(weekend.end == LocalDateTime(year: 2026, month: 11, day: 30))
    }
}
