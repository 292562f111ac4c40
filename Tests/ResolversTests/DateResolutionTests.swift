import Foundation
import IntentModel
import Testing

@testable import Resolvers

/// Dates relative to Thursday 2026-11-19 09:00.
@Suite struct DateResolutionTests {
    @Test(arguments: [
        ("tomorrow at 5 pm", "2026-11-20T17:00:00"), ("five p m", "2026-11-19T17:00:00"),
        ("next friday", "2026-11-27T00:00:00"), ("friday", "2026-11-20T00:00:00"), ("on monday", "2026-11-23T00:00:00"),
        ("in 20 minutes", "2026-11-19T09:20:00"), ("the 3rd of march", "2027-03-03T00:00:00"),
        ("march 3rd", "2027-03-03T00:00:00"), ("11/25", "2026-11-25T00:00:00"), ("tonight", "2026-11-19T20:00:00"),
        ("this evening", "2026-11-19T19:00:00"), ("noon", "2026-11-19T12:00:00"),
        ("half past seven", "2026-11-19T19:30:00"),
        ("a week from today", "2026-11-26T00:00:00"), ("yesterday", "2026-11-18T00:00:00"),
        ("at 5", "2026-11-19T17:00:00"),
        ("at 8", "2026-11-19T20:00:00"), ("at 10", "2026-11-19T10:00:00"), ("7:30 am", "2026-11-20T07:30:00"),
        ("quarter to 8 tomorrow morning", "2026-11-20T07:45:00"), ("the day after tomorrow", "2026-11-21T00:00:00"),
        ("last friday", "2026-11-13T00:00:00"), ("christmas", "2026-12-25T00:00:00"),
        ("thanksgiving", "2026-11-26T00:00:00"),
        ("2027-01-05", "2027-01-05T00:00:00"), ("in 3 days", "2026-11-22T09:00:00"),
        ("two weeks ago", "2026-11-05T09:00:00"),
        // "of the month" alone is the next such day, as "on the first" is ("pay rent on the
        // first of the month" was November 1, gone); "of this month" is this month's.
        ("the first of the month", "2026-12-01T00:00:00"), ("the 25th of the month", "2026-11-25T00:00:00"),
        ("the 1st of this month", "2026-11-01T00:00:00"),
    ])
    func englishDates(text: String, expected: String) {
        #expect(Fixtures.resolve(text, as: .date) == Fixtures.date(expected).map(Value.date))
    }

    /// How far a time is moved, said before the length ("push it back an hour", "bring it
    /// forward by 30 minutes"): back, later and "by" are later, forward, up and earlier
    /// earlier. A number before a unit is a length, never an hour: "by 15 minutes" was 3 PM.
    @Test(arguments: [
        ("back an hour", "2026-11-19T10:00:00"), ("back by 2 hours", "2026-11-19T11:00:00"),
        ("by 15 minutes", "2026-11-19T09:15:00"), ("later by 10 minutes", "2026-11-19T09:10:00"),
        ("forward an hour", "2026-11-19T08:00:00"), ("up 30 minutes", "2026-11-19T08:30:00"),
        ("earlier by half an hour", "2026-11-19T08:30:00"), ("an hour back", "2026-11-19T08:00:00"),
        ("by 5 pm", "2026-11-19T17:00:00"), ("by 3", "2026-11-19T15:00:00"),
    ])
    func aLengthSaidWithItsDirectionMovesTheTime(text: String, expected: String) {
        #expect(Fixtures.resolve(text, as: .date) == Fixtures.date(expected).map(Value.date))
    }

    @Test(arguments: ["at 15 minutes", "back", "up", "forward by"])
    func aLengthIsNoHour(text: String) {
        #expect(Fixtures.resolve(text, as: .date) == nil)
    }

    /// On another day named, an hour from 1 to 6 said without am or pm is the afternoon's
    /// ("tomorrow at 3" was 3 in the morning); 7 to 11 stay the morning's, and am, pm or a
    /// part of the day still decide.
    @Test(arguments: [
        ("tomorrow at 3", "2026-11-20T15:00:00"), ("on monday at 4", "2026-11-23T16:00:00"),
        ("the 23rd at three thirty", "2026-11-23T15:30:00"), ("friday at 6", "2026-11-20T18:00:00"),
        ("tomorrow at 9", "2026-11-20T09:00:00"), ("tomorrow at 7", "2026-11-20T07:00:00"),
        ("tomorrow at 3 am", "2026-11-20T03:00:00"), ("tomorrow morning at 5", "2026-11-20T05:00:00"),
        ("tomorrow at 12", "2026-11-20T12:00:00"),
    ])
    func anHourOnAnotherDayIsInWakingHours(text: String, expected: String) {
        #expect(Fixtures.resolve(text, as: .date) == Fixtures.date(expected).map(Value.date))
    }

    /// A week, month, year or weekend named where one day is wanted is its first day (a
    /// weekend its Saturday), "the end of" one its last (a week's Friday); one under way is today.
    @Test(arguments: [
        ("next week", "2026-11-23T00:00:00"), ("next month", "2026-12-01T00:00:00"), ("next year", "2027-01-01T00:00:00"),
        ("this weekend", "2026-11-21T00:00:00"), ("on the weekend", "2026-11-21T00:00:00"),
        ("next weekend", "2026-11-28T00:00:00"), ("the end of the month", "2026-11-30T00:00:00"),
        ("by the end of the week", "2026-11-20T00:00:00"), ("end of next month", "2026-12-31T00:00:00"),
        ("this week", "2026-11-19T00:00:00"), ("this month", "2026-11-19T00:00:00"),
        ("the beginning of next year", "2027-01-01T00:00:00"), ("last week", "2026-11-09T00:00:00"),
        ("the week after next", "2026-11-30T00:00:00"),
    ])
    func aPeriodNamedAsADayIsItsFirstDay(text: String, expected: String) {
        #expect(Fixtures.resolve(text, as: .date) == Fixtures.date(expected).map(Value.date))
    }

    /// "by end of day", "eod tomorrow", "close of business friday": five in the afternoon, of
    /// today when no day is said.
    @Test(arguments: [
        ("end of day", "2026-11-19T17:00:00"), ("by the end of the day", "2026-11-19T17:00:00"),
        ("eod tomorrow", "2026-11-20T17:00:00"), ("close of business on friday", "2026-11-20T17:00:00"),
        ("the end of today", "2026-11-19T17:00:00"),
    ])
    func theEndOfTheDayIsFiveInTheAfternoon(text: String, expected: String) {
        #expect(Fixtures.resolve(text, as: .date) == Fixtures.date(expected).map(Value.date))
    }

    @Test(arguments: ["week", "month", "the week", "a year", "the start", "end of it"])
    func aPeriodWithoutWhichOneIsNoDate(text: String) {
        #expect(Fixtures.resolve(text, as: .date) == nil)
    }

    /// A word joining two ends ends the date: "today at 2 to wednesday" is no date of its own.
    @Test func aRangeWordEndsTheDate() {
        let tagged = ValueTagger().tag(TextNormalizer().words("from today at 2 to wednesday at 3"), context: Fixtures.context)
        let dates = tagged.filter { $0.type == .date }
        #expect(dates.contains { $0.range == 1..<4 && $0.value == Fixtures.date("2026-11-19T14:00:00").map(Value.date) })
        #expect(dates.contains { $0.range == 5..<8 && $0.value == Fixtures.date("2026-11-25T15:00:00").map(Value.date) })
        #expect(!dates.contains { $0.range.contains(4) })
    }

    /// A time to wake by stays the morning's.
    @Test func aTimeToWakeByIsTheMorning() {
        let tagged = ValueTagger().tag(TextNormalizer().words("wake me up at 6 tomorrow"), context: Fixtures.context)
        #expect(tagged.contains { $0.value == Fixtures.date("2026-11-20T06:00:00").map(Value.date) })
        #expect(!tagged.contains { $0.value == Fixtures.date("2026-11-20T18:00:00").map(Value.date) })
    }

    @Test(arguments: [
        ("明天", "2026-11-20T00:00:00"), ("下午五点", "2026-11-19T17:00:00"), ("明天下午三点半", "2026-11-20T15:30:00"),
        ("下周三", "2026-11-25T00:00:00"), ("三月五号", "2027-03-05T00:00:00"), ("十分钟后", "2026-11-19T09:10:00"),
        ("晚上八点", "2026-11-19T20:00:00"),
    ])
    func chineseDates(text: String, expected: String) {
        #expect(
            Fixtures.resolve(text, as: .date, context: Fixtures.chineseContext)
                == Fixtures.date(expected).map(Value.date))
    }

    @Test(arguments: [("三", 3), ("十二", 12), ("两百零五", 205), ("三十五", 35), ("一万二千", 12_000), ("一百五", 150)])
    func chineseNumbers(text: String, expected: Int) {
        #expect(Fixtures.resolve(text, as: .int, context: Fixtures.chineseContext) == .int(expected))
    }

    @Test func chineseMoneyAndDuration() {
        let context = Fixtures.chineseContext
        #expect(
            Fixtures.resolve("三十块", as: .currencyAmount, context: context)
                == .currencyAmount(CurrencyAmount(amount: 30, currency: "CNY")))
        #expect(Fixtures.resolve("半小时", as: .duration, context: context) == .duration(1800))
        #expect(Fixtures.resolve("二十分钟", as: .duration, context: context) == .duration(1200))
    }
}
