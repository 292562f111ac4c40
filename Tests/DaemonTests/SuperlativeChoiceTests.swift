@testable import Daemon
import IntentModel
import Testing
import Wire

/// "the newest one", "the cheapest": a choice picked by a date or a price every choice has.
struct SuperlativeChoiceTests {
    private func choice(_ index: Int, _ id: String) -> Choice {
        Choice(index: index, title: id, value: .object([("id", .string(id)), ("title", .string(id))]))
    }

    private let books = [
        EntityRecord(id: "old", title: "Old", properties: ["datePublished": .string("1937-09-21"), "price": .double(9)]),
        EntityRecord(id: "new", title: "New", properties: ["datePublished": .date(LocalDateTime(year: 2021, month: 5, day: 4)), "price": .double(12)]),
        EntityRecord(id: "mid", title: "Mid", properties: ["datePublished": .string("2011-02-11T00:00:00"), "price": .double(9)]),
    ]

    private func pick(_ words: [String], _ records: [EntityRecord]? = nil) -> String? {
        let choices = [choice(1, "old"), choice(2, "new"), choice(3, "mid")]
        return Conversation.choiceBySuperlative(words, among: choices, records: records ?? books)?.value?["id"]?.stringValue
    }

    @Test func datesAndPricesPickOne() {
        #expect(pick(["newest"]) == "new")
        #expect(pick(["most", "recent"]) == "new")
        #expect(pick(["oldest"]) == "old", "a date given as text counts")
        #expect(pick(["most", "expensive"]) == "new")
    }

    @Test func aTieOrAMissingPropertyPicksNone() {
        #expect(pick(["cheapest"]) == nil, "two at 9: neither is the cheapest")
        let withoutDate = books.map { record in
            var record = record
            if record.id == "mid" { record.properties["datePublished"] = nil }
            return record
        }
        #expect(pick(["newest"], withoutDate) == nil, "one choice has no date")
        #expect(pick(["newest", "book", "by", "weir"]) == nil, "more than the superlative is said")
        #expect(pick(["second"]) == nil)
    }
}
