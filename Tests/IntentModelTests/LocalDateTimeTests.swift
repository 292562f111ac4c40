import Foundation
import IntentModel
import Testing

/// `LocalDateTime(_:in:)` works the wall-clock time out with integer arithmetic; Foundation's
/// Gregorian calendar is the reference it must agree with, to the second, in every zone.
struct LocalDateTimeTests {
    /// What `Calendar` says `date` is in `zone`.
    static func byCalendar(_ date: Date, in zone: TimeZone) -> LocalDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return LocalDateTime(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!, second: c.second!)
    }

    static let zones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati", "America/St_Johns"]
        .compactMap(TimeZone.init(identifier:))

    @Test func agreesWithTheCalendarOnDatesSpreadOverFourCenturies() {
        #expect(Self.zones.count == 7)
        // 1600 to 2400 in 3,000 steps of about 97 days, each an odd number of seconds and a
        // fraction, so that every time of day, day of the month and month is met.
        for step in 0..<3_000 {
            let seconds = -11_676_000_000 + Double(step) * 8_414_999.371
            let date = Date(timeIntervalSince1970: seconds)
            for zone in Self.zones {
                #expect(LocalDateTime(date, in: zone) == Self.byCalendar(date, in: zone), "\(date) in \(zone.identifier)")
            }
        }
    }

    @Test(arguments: [
        // Days around the edges: the epoch, leap days, a century that is not a leap year, the
        // second before midnight, and a negative time before 1970 with a fraction.
        0, -1, -0.5, 951_782_399, 951_782_400, 951_868_800, 4_107_542_399, 4_107_542_400, -2_203_891_200, 1_795_651_199.999,
    ])
    func agreesWithTheCalendarAtTheEdges(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        for zone in Self.zones {
            #expect(LocalDateTime(date, in: zone) == Self.byCalendar(date, in: zone), "\(seconds) in \(zone.identifier)")
        }
    }

    @Test func datesBeforeSixteenHundredAndAfterTenThousandGoThroughTheCalendar() {
        for seconds in [-12_000_000_000.0, -62_135_596_800, 253_402_300_800, 260_000_000_000] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(LocalDateTime(date, in: Self.zones[1]) == Self.byCalendar(date, in: Self.zones[1]))
        }
    }
}
