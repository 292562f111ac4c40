import Foundation
import IntentModel
import Testing

@testable import Resolvers

@Suite struct ValueTaggerTests {
    let tagger = ValueTagger()

    func spans(_ text: String, context: ResolutionContext = Fixtures.context) -> [TaggedSpan] {
        tagger.tag(TextNormalizer().words(text), context: context)
    }

    @Test func fivePMIsADateAndFiveAnInt() {
        let found = spans("remind me at 5 pm tomorrow")
        #expect(found.contains { $0.type == .int && $0.value == .int(5) && $0.range == 3..<4 })
        #expect(
            found.contains {
                $0.type == .date && $0.value == .date(LocalDateTime(year: 2026, month: 11, day: 20, hour: 17))
            })
    }

    /// An offset no calendar holds is no crash (a fuzzer's "in 66666666666666661293 3y" trapped
    /// converting the count to Int) and no date: its words stay unread, rather than read as a
    /// date left where it was ("remind me in 9999999999999 months" was due today).
    @Test(arguments: [
        "in 66666666666666661293 3y", "in 66666666666666661293 years", "99999999999999999999 days ago",
        "in 1e308 weeks", "in 10001 years", "remind me in 9999999999999 months",
    ])
    func hugeOffsetsAreNoDate(_ text: String) {
        let words = TextNormalizer().words(text)
        let number = words.firstIndex { $0.first?.isNumber == true }!
        let dates = spans(text).filter { $0.type == .date }
        #expect(!dates.contains { $0.range.contains(number) }, "\(text): \(dates)")
    }

    /// An hour after "to", said last or just before its day, is where something is moved to
    /// ("push my standup to 11 tomorrow" left 11 unread); a number before a day is not an
    /// hour without it ("buy 2 tomorrow").
    @Test(arguments: [
        ("push my standup to 11 tomorrow", 4..<6, "2026-11-20T11:00:00"),
        ("move the dentist to 4 on friday", 4..<7, "2026-11-20T16:00:00"),
        ("reschedule the review to 11", 4..<5, "2026-11-19T11:00:00"),
    ])
    func anHourMovedToIsATime(text: String, range: Range<Int>, expected: String) {
        let dates = spans(text).filter { $0.type == .date }
        #expect(dates.contains { $0.range == range && $0.value == Fixtures.date(expected).map(Value.date) }, "\(dates)")
    }

    /// "on" goes before a day, not before a part of the day alone: "spent 20 dollars on lunch"
    /// is what was spent on, no date at noon ("i spent 20 dollars on lunch" was read as a noon
    /// expense with no title); "on friday evening" is still a date, and "at lunch" a time.
    @Test func onBeforeAPartOfTheDayAloneIsNoDate() {
        #expect(!spans("i spent 20 dollars on lunch").contains { $0.type == .date && $0.range.lowerBound == 4 })
        #expect(spans("meet on friday evening").contains { $0.type == .date && $0.range == 1..<4 })
        #expect(spans("see you at lunch").contains { $0.type == .date && $0.range == 2..<4 })
    }

    /// A meal alone after "for" is what something is for: "send 30 dollars to sarah for lunch"
    /// scheduled the transfer at noon. With a day ("for lunch tomorrow") it is still a date.
    @Test func forBeforeAMealAloneIsNoDate() {
        #expect(!spans("send 30 dollars to sarah for lunch").contains { $0.type == .date })
        #expect(!spans("buy bread for breakfast").contains { $0.type == .date })
        #expect(spans("a call for lunch tomorrow").contains { $0.type == .date && $0.range.upperBound == 5 })
    }

    /// A day of the month said alone needs the words before it: "for the twenty third" was no
    /// date ("book a massage for the twenty third" was not understood), where "on the 23rd"
    /// was one. After "for", a date that reads alone keeps its own span ("for friday at noon"
    /// is "friday at noon", as before).
    @Test func forLeadsInADayOfTheMonth() {
        let day = LocalDateTime(year: 2026, month: 11, day: 23)
        #expect(spans("book a massage for the twenty third").contains { $0.type == .date && $0.range == 3..<7 && $0.value == .date(day) })
        #expect(spans("pay rent for the 23rd").contains { $0.type == .date && $0.range == 2..<5 && $0.value == .date(day) })
        let friday = spans("schedule the agenda for friday at noon").filter { $0.type == .date }
        #expect(!friday.contains { $0.range.lowerBound == 3 }, "\(friday)")
        #expect(friday.contains { $0.range == 4..<7 })
    }

    @Test(arguments: ["remind me to buy 2 tomorrow", "add 3 to 11 items", "turn the oven to 11 degrees"])
    func aNumberNotMovedToIsNoHour(text: String) {
        let words = TextNormalizer().words(text)
        let dates = spans(text).filter { $0.type == .date }
        let wrongHour = dates.contains { span in
            guard case .date(let date) = span.value else { return false }
            return span.range.contains(where: { words[$0] == "2" || words[$0] == "11" }) && date.hour != 0
        }
        #expect(!wrongHour, "\(dates)")
    }

    @Test func aDayNumberTooLargeForAnIntIsNoDay() {
        #expect(DateRangeReader.dayNumber("99999999999999999999") == nil)
        #expect(DateRangeReader.dayNumber("1e300") == nil)
        #expect(DateRangeReader.dayNumber("31") == 31)
        #expect(DateRangeReader.dayNumber("third") == 3)
    }

    @Test func anOffsetOfCenturiesStillMovesTheDate() {
        let dates = spans("in 300 years").compactMap { span -> LocalDateTime? in
            if case .date(let date) = span.value { return date } else { return nil }
        }
        #expect(dates.contains { $0.year == 2326 }, "\(dates)")
    }

    @Test func andAHalfAlsoOffersTheWholePart() {
        let found = spans("set a timer for 1 and a half hours")
        #expect(found.contains { $0.type == .double && $0.value == .double(1.5) && $0.range == 4..<8 })
        #expect(found.contains { $0.type == .int && $0.value == .int(1) && $0.range == 4..<5 && $0.confidence == 1 })
        let words = spans("five and three quarters")
        #expect(words.contains { $0.type == .int && $0.value == .int(5) && $0.range == 0..<1 })
        // "and" inside a whole number is no fraction: one hundred and three is not also 100.
        #expect(!spans("one hundred and three").contains { $0.value == .int(100) })
    }

    @Test func aBarePartOfTheDayBeforeADateBelongsToTheTitle() {
        let dates = spans("create an event called movie night tonight at 8 pm").filter { $0.type == .date }
        #expect(!dates.contains { $0.range.lowerBound == 5 })  // not "night tonight at 8 pm"
        #expect(dates.contains { $0.range == 6..<10 && $0.value == .date(LocalDateTime(year: 2026, month: 11, day: 19, hour: 20)) })
        // After "at" the part of the day is the time: "at lunch tomorrow" is tomorrow at noon.
        let atLunch = spans("remind me at lunch tomorrow").filter { $0.type == .date }
        #expect(atLunch.contains { $0.value == .date(LocalDateTime(year: 2026, month: 11, day: 20, hour: 12)) })
    }

    @Test func aBareYearIsAlsoALowConfidenceDate() {
        let found = spans("books published after 2015")
        #expect(found.contains { $0.type == .int && $0.value == .int(2015) })
        let year = found.first { $0.type == .date && $0.range == 3..<4 }
        #expect(year?.value == .date(LocalDateTime(year: 2015, month: 1, day: 1)))
        #expect((year?.confidence ?? 1) < 0.95)
        #expect(!spans("order 250 soups").contains { $0.type == .date })
    }

    @Test(arguments: ["to", "too", "for"])
    func guessesAreLowConfidence(word: String) {
        let found = spans("add \(word) list").filter { $0.type == .int }
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.confidence <= 0.4 })
    }

    /// An article alone is no quantity ("create an expense for groceries" has no price; the
    /// app asks), though it counts inside a number: "a hundred", "a dozen", "a dollar".
    @Test func anArticleAloneIsNoNumber() {
        #expect(spans("create an expense for groceries").allSatisfy { $0.range != 1..<2 })
        #expect(spans("a hundred").contains { $0.value == .int(100) })
        #expect(spans("a dozen eggs").contains { $0.value == .int(12) })
        #expect(spans("add an expense of a dollar").contains { $0.type == .currencyAmount && $0.range == 4..<6 })
    }

    @Test func spokenNumbersAndMoney() {
        let found = spans("log twenty five dollars for lunch")
        #expect(found.contains { $0.value == .int(25) && $0.range == 1..<3 })
        #expect(
            found.contains {
                $0.value == .currencyAmount(CurrencyAmount(amount: 25, currency: "USD")) && $0.range == 1..<4
            })
    }

    /// A number said without a currency is also an amount of money in the default currency,
    /// with a confidence low enough that it only fills a slot that wants money.
    /// "twelve fifty" read off a price tag is 12.50, as a Double and as money, below the two
    /// numbers' own readings; digits, ordinals and cents under ten are no price.
    @Test func aPriceSaidAsTwoNumbersIsOneAmount() {
        let found = spans("an expense of twelve fifty for lunch")
        let price = found.first { $0.type == .double && $0.range == 3..<5 }
        #expect(price?.value == .double(12.5))
        #expect(price?.confidence == 0.6)
        #expect(found.contains { $0.value == .currencyAmount(CurrencyAmount(amount: 12.5, currency: "USD")) && $0.range == 3..<5 })
        #expect(found.contains { $0.value == .int(12) && $0.confidence == 1 })
        #expect(spans("four ninety nine").contains { $0.value == .double(4.99) && $0.range == 0..<3 })
        #expect(!spans("12 50").contains { $0.value == .double(12.5) })
        #expect(!spans("twelve five").contains { $0.value == .double(12.05) || $0.value == .double(12.5) })
        #expect(!spans("the twelfth fifty").contains { $0.value == .double(12.5) })
    }

    @Test func aNumberWithoutACurrencyIsAlsoAnAmountInTheDefaultCurrency() {
        let found = spans("send 50 to john")
        let bare = found.first { $0.type == .currencyAmount && $0.range == 1..<2 }
        #expect(bare?.value == .currencyAmount(CurrencyAmount(amount: 50, currency: "USD")))
        #expect((bare?.confidence ?? 1) < 0.95)
        #expect(found.contains { $0.value == .int(50) && $0.confidence == 1 })
        var euros = Fixtures.context
        euros.defaultCurrency = "EUR"
        #expect(spans("pay alex 35", context: euros).contains { $0.value == .currencyAmount(CurrencyAmount(amount: 35, currency: "EUR")) })
        // A number that names its currency is read once, with it; guesses, ordinals and zero are no money.
        let dollars = spans("send 20 dollars to sarah").filter { $0.type == .currencyAmount }
        #expect(dollars.count == 1 && dollars.first?.range == 1..<3 && dollars.first?.confidence == 1)
        #expect(!spans("send it to the 2nd floor").contains { $0.type == .currencyAmount })
        #expect(!spans("add to list").contains { $0.type == .currencyAmount })
        #expect(!spans("send 0 to john").contains { $0.type == .currencyAmount })
    }

    @Test func peopleAndListsOfPeople() {
        let found = spans("send it to john and my wife")
        #expect(found.contains { $0.type == .person && $0.range == 3..<4 })
        #expect(found.contains { $0.type == .list(.person) && $0.range == 3..<7 })
    }

    /// A first name one letter off, as recognizers spell it, is the contact at a lower
    /// confidence; an exact name stays certain, and short words are not read as names.
    @Test func firstNamesOneLetterOff() {
        let people = spans("email jon and sara").filter { $0.type == .person }
        #expect(people.map(\.range) == [1..<2, 3..<4])
        #expect(people.allSatisfy { $0.confidence == 0.8 })
        if case .person(let john)? = people.first?.value { #expect(john.id == "john") } else { Issue.record("no person") }
        #expect(spans("email john").first { $0.type == .person }?.confidence == 1)
        #expect(spans("email jo about it").allSatisfy { $0.type != .person })
        #expect(spans("send it to jon and sara").contains { $0.type == .list(.person) && $0.range == 3..<6 })
    }

    @Test func durationsEmailsAndTemperatures() {
        let found = spans("set the oven to 180 degrees for 20 minutes and mail bob@example.com")
        #expect(found.contains { $0.value == .duration(1200) })
        #expect(found.contains { $0.value == .measurement(Measurement(value: 180, unit: "degrees")) })
        #expect(found.contains { $0.value == .email("bob@example.com") })
    }

    @Test func chineseUtterance() {
        let found = spans("打车花了三十块", context: Fixtures.chineseContext)
        #expect(found.contains { $0.value == .int(30) })
        #expect(found.contains { $0.value == .currencyAmount(CurrencyAmount(amount: 30, currency: "CNY")) })
    }

    @Test func emptyAndGarbageGiveNothingOrNoCrash() {
        #expect(tagger.tag([], context: Fixtures.context).isEmpty)
        _ = spans("🙂 ¿¿ ∑∑ zzz ---- 99999999999999999999999 ..,,")
        _ = spans(String(repeating: "five ", count: 500))
    }
}
