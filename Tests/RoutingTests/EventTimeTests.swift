import IntentModel
import IntentTesting
import Routing
import Testing

/// Start and end times said together: the end keeps the start's day.
struct EventTimeTests {
    let router = DemoRouter.shared
    let now = LocalDateTime(year: 2026, month: 11, day: 22, hour: 9)

    @Test func dayBeforeATimeRangeAppliesToBothEnds() {
        let result = router.route("schedule a call with the client tomorrow from 3 pm to 4 pm", now: now)
        #expect(result.intent?.id == "calendar.createEvent")
        #expect(result.parameter("title") == .string("a call with the client"))
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 15)))
        #expect(result.parameter("endDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 16)))
    }

    @Test func anEndBeforeTheStartsTimeIsTheNextDay() {
        let result = router.route("create an event called party from 11 pm to 1 am", now: now)
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 22, hour: 23)))
        #expect(result.parameter("endDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 1)))
    }

    @Test func aPartOfTheDayInTheTitleStaysThere() {
        let result = router.route("make an event called movie night tonight at 8 pm", now: now)
        #expect(result.parameter("title") == .string("movie night"))
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 22, hour: 20)))
    }
}
