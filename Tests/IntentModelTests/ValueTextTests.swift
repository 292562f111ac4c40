import IntentModel
import Testing

/// Each type's printed form (the CLI's listings) and spoken form (in sentences), pinned:
/// there is one formatter (ValueText.swift) and these are its answers.
struct ValueTextTests {
    static let noon = LocalDateTime(year: 2026, month: 11, day: 27, hour: 12)

    @Test(arguments: [
        (Value.string("lunch"), "\"lunch\"", "lunch"),
        (.int(3), "3", "3"),
        (.double(2.5), "2.5", "2.5"),
        (.bool(true), "yes", "yes"),
        (.date(noon), "2026-11-27T12:00:00", "12:00 PM on Friday, November 27"),
        (.date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 9, minute: 5)), "2026-11-23T09:05:00", "9:05 AM on Monday, November 23"),
        (.date(LocalDateTime(year: 2026, month: 11, day: 22)), "2026-11-22T00:00:00", "Sunday, November 22"),
        (.duration(90 * 60), "5400 s", "1 hour 30 minutes"),
        (.duration(45), "45 s", "45 seconds"),
        (.currencyAmount(CurrencyAmount(amount: 12.5, currency: "USD")), "12.50 USD", "$12.50"),
        (.currencyAmount(CurrencyAmount(amount: 20, currency: "USD")), "20.00 USD", "$20"),
        (.currencyAmount(CurrencyAmount(amount: 20, currency: "EUR")), "20.00 EUR", "20 EUR"),
        (.measurement(Measurement(value: 21.5, unit: "celsius")), "21.5 celsius", "21.5 celsius"),
        (.enumCase("thisWeek"), "thisWeek", "thisWeek"),
        (.entity(EntityReference(id: "groceries", title: "Groceries")), "Groceries", "Groceries"),
        (.person(Person(id: "sarah", name: "Sarah Connor")), "Sarah Connor", "Sarah Connor"),
        (.file(path: "/tmp/a.jpg"), "/tmp/a.jpg", "/tmp/a.jpg"),
        (.list([.person(Person(id: "john", name: "John Appleseed")), .person(Person(id: "sarah", name: "Sarah Connor"))]),
         "[John Appleseed, Sarah Connor]", "John Appleseed and Sarah Connor"),
        (.list([.string("eggs"), .string("milk"), .string("bread")]), "[\"eggs\", \"milk\", \"bread\"]", "eggs, milk and bread"),
    ])
    func printedAndSpoken(value: Value, printed: String, spoken: String) {
        #expect(value.printed == printed)
        #expect(value.spoken == spoken)
    }

    /// A duration no one says is still said, not trapped on converting it to whole seconds.
    @Test func hugeDurationsAreSaidWithoutCrashing() {
        #expect(Value.duration(1e300).spoken == "876000 hours")
        #expect(Value.duration(.nan).spoken == "0 seconds")
        #expect(Value.duration(.infinity).spoken == "0 seconds")
        #expect(!Value.duration(-1e300).spoken.isEmpty)
    }

    /// A value known only by its JSON prints as the typed value does.
    @Test(arguments: [
        Value.string("lunch"), .int(3), .date(noon), .currencyAmount(CurrencyAmount(amount: 12.5, currency: "USD")),
        .entity(EntityReference(id: "groceries", title: "Groceries")), .person(Person(id: "sarah", name: "Sarah Connor")),
        .list([.person(Person(id: "john", name: "John Appleseed"))]), .measurement(Measurement(value: 3, unit: "meters")),
    ])
    func jsonPrintsAsTheValue(value: Value) {
        #expect(Value.printed(json: value.json) == value.printed)
    }
}
