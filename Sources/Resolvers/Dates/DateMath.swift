import Foundation
import IntentModel

/// Calendar arithmetic on wall-clock values: days, months and years move the calendar date
/// and keep the time; seconds move the instant in the context's zone.
struct DateMath {
    let zone: TimeZone
    static let utc = LocalDateTime.utcCalendar

    enum Unit: Hashable {
        case second, minute, hour, day, week, month, quarter, year, decade

        /// The length used where a calendar unit becomes seconds (a 30-day month, a 365-day year).
        var seconds: Double {
            switch self {
            case .second: 1
            case .minute: 60
            case .hour: 3600
            case .day: 86_400
            case .week: 604_800
            case .month: 2_592_000
            case .quarter: 7_776_000
            case .year: 31_536_000
            case .decade: 315_360_000
            }
        }
    }

    static let units: [String: Unit] = [
        "second": .second, "seconds": .second, "sec": .second, "secs": .second, "s": .second,
        "minute": .minute, "minutes": .minute, "min": .minute, "mins": .minute, "m": .minute,
        "hour": .hour, "hours": .hour, "hr": .hour, "hrs": .hour, "h": .hour,
        "day": .day, "days": .day, "d": .day, "night": .day, "nights": .day, "w": .week, "week": .week, "weeks": .week,
        "wk": .week, "wks": .week,
        "month": .month, "months": .month, "mo": .month, "mos": .month, "quarter": .quarter, "quarters": .quarter,
        "year": .year, "years": .year, "yr": .year, "yrs": .year, "y": .year, "decade": .decade, "decades": .decade,
    ]

    /// The farthest an offset may move a date: ten thousand years. Calendars hold no date
    /// beyond it, and a number that large ("in 66666666666666661293 years", a fuzzer's) is
    /// not a date anyone means.
    static let largestOffset: Double = 10_000 * Unit.year.seconds

    /// `date` moved by `count` units; `date` itself when the offset is beyond
    /// ``largestOffset`` or is no number.
    func adding(_ count: Double, _ unit: Unit, to date: LocalDateTime) -> LocalDateTime {
        // Also false for NaN. Converting a larger count to Int would trap.
        guard (count * unit.seconds).magnitude <= Self.largestOffset else { return date }
        switch unit {
        case .second, .minute, .hour:
            guard let instant = date.date(in: zone) else { return date }
            return LocalDateTime(instant.addingTimeInterval(count * unit.seconds), in: zone)
        case .day, .week:
            let days = count * (unit == .week ? 7 : 1)
            if days != days.rounded() { return adding(days * 24, .hour, to: date) }
            return addingDays(Int(days), to: date)
        case .month, .quarter, .year, .decade:
            let months = count * (unit == .month ? 1 : unit == .quarter ? 3 : unit == .year ? 12 : 120)
            if months != months.rounded() { return adding(months * 30, .day, to: date) }
            return addingMonths(Int(months), to: date)
        }
    }

    func addingDays(_ days: Int, to date: LocalDateTime) -> LocalDateTime {
        guard let instant = Self.utc.date(from: components(date)),
            let moved = Self.utc.date(byAdding: .day, value: days, to: instant)
        else { return date }
        return LocalDateTime(moved, in: Self.utc.timeZone)
    }

    func addingMonths(_ months: Int, to date: LocalDateTime) -> LocalDateTime {
        let total = date.year * 12 + (date.month - 1) + months
        var moved = date
        moved.year = total / 12
        moved.month = total % 12 + 1
        moved.day = min(date.day, Self.daysIn(month: moved.month, year: moved.year))
        return moved
    }

    func components(_ date: LocalDateTime) -> DateComponents {
        DateComponents(
            year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute, second: date.second
        )
    }

    /// 1 = Sunday ... 7 = Saturday.
    func weekday(_ date: LocalDateTime) -> Int {
        guard let instant = Self.utc.date(from: components(date)) else { return 1 }
        return Self.utc.component(.weekday, from: instant)
    }

    /// The Monday of the week holding `date` (weeks run Monday to Sunday).
    func monday(of date: LocalDateTime) -> LocalDateTime {
        let back = (weekday(date) + 5) % 7
        return addingDays(-back, to: Self.day(date))
    }

    static func day(_ date: LocalDateTime) -> LocalDateTime {
        LocalDateTime(year: date.year, month: date.month, day: date.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysIn(month: month, year: year)
    }
}
