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
        #expect(result.parameter("title") == .string("call with the client"))
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 15)))
        #expect(result.parameter("endDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 16)))
    }

    /// Bare hours at both ends of a range are times, on the day named before them: "from 2 to
    /// 3 pm" was a title, "on friday from 1 pm to 3 pm" today's hours under a title "on friday".
    @Test(arguments: [
        ("create an event called review tomorrow from 2 to 3 pm", "review", 23, 14, 15),
        ("book a meeting with alex for tomorrow from 2 to 3 pm", "meeting with alex", 23, 14, 15),
        ("create an event called review on friday from 1 pm to 3 pm", "review", 27, 13, 15),
        ("create an event called standup tomorrow from 9 to 10", "standup", 23, 9, 10),
        ("schedule a meeting on friday from 1 to 3", nil, 27, 13, 15),
        // The day said after the range is the start's too (the start was today's).
        ("schedule a meeting from 1 pm to 3 pm on friday", "meeting", 27, 13, 15),
        ("set up a meeting from 2 to 3 pm on wednesday called planning", "planning", 25, 14, 15),
        ("book a meeting called sync from 9 to 10 on monday", "sync", 23, 9, 10),
    ] as [(String, String?, Int, Int, Int)])
    func aRangeOfBareHoursOnADay(utterance: String, title: String?, day: Int, from: Int, to: Int) {
        let result = router.route(utterance, now: now)
        #expect(result.intent?.id == "calendar.createEvent")
        #expect(result.parameter("title") == title.map(Value.string))
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: day, hour: from)))
        #expect(result.parameter("endDate") == .date(LocalDateTime(year: 2026, month: 11, day: day, hour: to)))
    }

    /// Two ends that each name their day: the title was "review from today at 2 to" and the
    /// start Wednesday's, since "today at 2 to wednesday" was read as one date.
    @Test(arguments: [
        ("create an event called review from today at 2 to wednesday at 3", "review", 22, 14, 25, 15),
        ("schedule the offsite from monday at 9 am until tuesday at 5 pm", "the offsite", 23, 9, 24, 17),
    ] as [(String, String, Int, Int, Int, Int)])
    func aRangeBetweenTwoDays(utterance: String, title: String, startDay: Int, from: Int, endDay: Int, to: Int) {
        let result = router.route(utterance, now: now)
        #expect(result.intent?.id == "calendar.createEvent")
        #expect(result.parameter("title") == .string(title))
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: startDay, hour: from)))
        #expect(result.parameter("endDate") == .date(LocalDateTime(year: 2026, month: 11, day: endDay, hour: to)))
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

    /// "add a meeting with john": the title is the meeting with john, not "with john".
    @Test(arguments: [
        ("add a meeting with john on monday at 10 am", "meeting with john"),
        ("schedule a meeting with the team on monday from 9 to 10", "meeting with the team"),
        ("schedule lunch with dana tomorrow at noon", "lunch with dana"),
    ])
    func aTitleWithSomeoneKeepsItsGathering(utterance: String, title: String) {
        #expect(router.route(utterance, now: now).parameter("title") == .string(title))
    }

    /// "new event tomorrow 9am standup": the date said first is the start, the rest the title.
    @Test func aDateBeforeTheTitleIsTheStart() {
        let result = router.route("new event tomorrow 9am standup", now: now)
        #expect(result.parameter("title") == .string("standup"))
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 9)))
        #expect(router.route("new meeting friday 3pm budget review", now: now).parameter("title") == .string("budget review"))
    }

    /// A time said alone to move an event goes on the event's day: "move the dentist to 4 pm"
    /// moved it to 4 PM today (the dentist is on November 25 at 3 PM). An offset is one from
    /// the event's time: "move the standup an hour later" was not understood, and read from
    /// now it would be 10 AM today. "push my standup back an hour" was not understood, and
    /// "delay the standup by 15 minutes" moved it to 3 PM ("minutes" left over). Whole days
    /// keep the event's time of day ("a day later" read from 10:00 is 10:00, not 9:30).
    @Test(arguments: [
        ("move my dentist appointment to 4 pm", 25, 16, 0),
        ("push the standup to 10", 23, 10, 0),
        ("reschedule the dentist to 2:30", 25, 14, 30),
        ("move the standup an hour later", 23, 10, 30),
        ("push the dentist 30 minutes earlier", 25, 14, 30),
        ("move the dentist two hours later", 25, 17, 0),
        ("push my standup back an hour", 23, 10, 30),
        ("push the standup back by an hour", 23, 10, 30),
        ("delay the standup by 15 minutes", 23, 9, 45),
        ("bring the standup forward an hour", 23, 8, 30),
        ("move the standup up 30 minutes", 23, 9, 0),
        ("bring my dentist appointment forward by half an hour", 25, 14, 30),
        ("move the standup a day later", 24, 9, 30),
        ("postpone the dentist by a day", 26, 15, 0),
        ("move the dentist a week earlier", 18, 15, 0),
    ])
    func aTimeAloneOrAnOffsetMovesAnEventFromItsOwnDay(utterance: String, day: Int, hour: Int, minute: Int) {
        let result = router.route(utterance, now: now)
        #expect(result.intent?.id == "calendar.moveEvent")
        #expect(result.parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: day, hour: hour, minute: minute)))
    }

    /// "tomorrow" is no offset though it moves with the time it is said from: at the event's
    /// own time of day it would move the standup by a day from its date.
    @Test func aDayIsNoOffsetAtTheEventsTimeOfDay() {
        let sameTime = LocalDateTime(year: 2026, month: 11, day: 22, hour: 9, minute: 30)
        #expect(router.route("move the standup to tomorrow", now: sameTime).parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23)))
    }

    /// A day said names its own day, and a day alone stays a day (the app keeps the time).
    @Test func aDaySaidToMoveAnEventIsKept() {
        #expect(router.route("move the dentist to tomorrow at 9", now: now).parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 9)))
        #expect(router.route("move the dentist to friday", now: now).parameter("startDate") == .date(LocalDateTime(year: 2026, month: 11, day: 27)))
    }

    /// An hour said without am or pm, to change a time, is the nearer of its two: "actually at
    /// 8" for dinner at 7 PM was 8 AM. A half of the day said, or the 24-hour clock, decides.
    /// (`read` is the hour as read on the day.)
    @Test(arguments: [
        (19, "at 8", 8, 20), (14, "at 11", 11, 11), (19, "at 6:30", 6, 18), (9, "at 10", 10, 10), (19, "at 8 am", 8, 8),
        (19, "at 08:00", 8, 8), (10, "at 8 in the evening", 20, 20), (15, "at 3", 15, 15), (10, "at 3", 15, 15),
    ])
    func anHourAloneIsTheNearerOfItsTwo(before: Int, said: String, read: Int, hour: Int) {
        let day = LocalDateTime(year: 2026, month: 11, day: 23, hour: before)
        let kept = DateKeeping.keepingDay(of: day, in: LocalDateTime(year: 2026, month: 11, day: 23, hour: read), said: said) { _ in nil }
        #expect(kept.hour == hour, "\(said) after \(before):00: \(kept)")
    }
}
