import IntentModel
import Testing

@testable import Resolvers

/// Years said aloud, and hour ranges that look like "minutes to the hour".
@Suite struct SpokenYearTests {
    func dates(_ text: String) -> [TaggedSpan] {
        ValueTagger().tag(TextNormalizer().words(text), context: Fixtures.context).filter { $0.type == .date }
    }

    @Test(arguments: [
        ("books published before nineteen seventy", 3..<5, 1970),
        ("published after nineteen eighty four", 2..<5, 1984),
        ("released in twenty fifteen", 2..<4, 2015),
        ("written in nineteen oh five", 2..<5, 1905),
        ("published after two thousand and nine", 2..<6, 2009),
    ])
    func aYearSaidAloudIsItsFirstDay(text: String, range: Range<Int>, year: Int) {
        // "twenty fifteen" is also 20:15, a reading of its own: the phrase decides.
        let found = dates(text).filter { $0.range == range }
        #expect(found.contains { $0.value == .date(LocalDateTime(year: year, month: 1, day: 1)) && $0.confidence == 0.6 }, "\(found)")
    }

    @Test func digitsAndClockTimesAreNotSpokenYears() {
        // "1970" is read by the bare-year rule, not twice; "eleven thirty" is a time, not 1130.
        #expect(dates("before 1970").filter { $0.value == .date(LocalDateTime(year: 1970, month: 1, day: 1)) }.count == 1)
        #expect(!dates("at eleven thirty").contains { $0.value == .date(LocalDateTime(year: 1130, month: 1, day: 1)) })
        #expect(!dates("seventeen apples").contains { $0.range.count == 2 })
    }

    @Test func fromTwoToThreeIsARangeNotTwoMinutesToThree() {
        let found = dates("from 2 to 3 pm").map(\.value)
        #expect(!found.contains(.date(LocalDateTime(year: 2026, month: 11, day: 19, hour: 14, minute: 58))), "\(found)")
        // Minutes before the hour are said in fives.
        let tenTo = dates("at ten to three pm").map(\.value)
        #expect(tenTo.contains(.date(LocalDateTime(year: 2026, month: 11, day: 19, hour: 14, minute: 50))), "\(tenTo)")
        #expect(!dates("at 2 to 3 pm").map(\.value).contains(.date(LocalDateTime(year: 2026, month: 11, day: 19, hour: 14, minute: 58))))
    }
}
