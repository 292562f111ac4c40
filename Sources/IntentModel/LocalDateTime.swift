import Foundation

/// A wall-clock date and time with no zone attached: what people mean by "tomorrow at 5 pm".
///
/// intentd resolves dates in the zone of `TZ` and writes them as local ISO-8601
/// (`2026-11-19T17:00:00`), so the value keeps the components rather than an instant.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Reads `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`; a trailing zone
    /// (`Z`, `+01:00`) is accepted and dropped, since the value is local by definition.
    public init?(iso8601 text: String) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.hasSuffix("Z") { body = body.dropLast() }
        if let tIndex = body.firstIndex(where: { $0 == "T" || $0 == " " }) {
            let timePart = body[body.index(after: tIndex)...]
            if let zoneStart = timePart.lastIndex(where: { $0 == "+" || $0 == "-" }) {
                body = body[..<zoneStart]
            }
        }
        let pieces = body.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard let datePart = pieces.first else { return nil }
        let dateFields = datePart.split(separator: "-").compactMap { Int($0) }
        guard dateFields.count == 3 else { return nil }
        var timeFields = [0, 0, 0]
        if pieces.count > 1 {
            let parsed = pieces[1].split(separator: ":").map { Double($0) }
            // Each field below 61 before it becomes an Int: "T1e300:00" would trap converting.
            guard (2...3).contains(parsed.count), parsed.allSatisfy({ $0.map { (0..<61).contains($0) } ?? false }) else { return nil }
            for (index, value) in parsed.enumerated() { timeFields[index] = Int(value ?? 0) }
        }
        self.init(
            year: dateFields[0], month: dateFields[1], day: dateFields[2],
            hour: timeFields[0], minute: timeFields[1], second: timeFields[2])
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
    }

    /// `2026-11-19T17:00:00`.
    public var iso8601: String {
        let twoDigits = 0...99
        guard (0...9999).contains(year), twoDigits.contains(month), twoDigits.contains(day), twoDigits.contains(hour),
            twoDigits.contains(minute), twoDigits.contains(second)
        else {
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
        }
        // Digit by digit: every route that answers with a date writes one, and Foundation's
        // formatting cost more than the rest of writing the answer.
        return String(unsafeUninitializedCapacity: 19) { text in
            func put(_ value: Int, digits: Int, at offset: Int) {
                var rest = value
                for place in (0..<digits).reversed() {
                    text[offset + place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            (text[4], text[7], text[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
            (text[13], text[16]) = (UInt8(ascii: ":"), UInt8(ascii: ":"))
            put(year, digits: 4, at: 0)
            put(month, digits: 2, at: 5)
            put(day, digits: 2, at: 8)
            put(hour, digits: 2, at: 11)
            put(minute, digits: 2, at: 14)
            put(second, digits: 2, at: 17)
            return 19
        }
    }

    public var description: String { iso8601 }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }

    /// The instant this wall-clock time names in `zone`.
    public func date(in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    /// The wall-clock time of `date` in `zone`.
    ///
    /// Worked out from the zone's offset with integer arithmetic (days to a civil date as in
    /// Howard Hinnant's `civil_from_days`): the daemon asks it of every request, and a
    /// `Calendar` costs allocations and locks. Dates before 1600, where Foundation's Gregorian
    /// calendar turns Julian, go through `Calendar`.
    public init(_ date: Date, in zone: TimeZone) {
        let local = (date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))).rounded(.down)
        // 1600-01-01 and 9999-12-31, as seconds since 1970.
        if local >= -11_676_096_000, local < 253_402_300_800 {
            let seconds = Int(local)
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let secondOfDay = seconds - days * 86_400
            let shifted = days + 719_468  // days since 0000-03-01
            let era = shifted / 146_097  // non-negative from 1600 on
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthFromMarch = (5 * dayOfYear + 2) / 153
            let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
            self.init(
                year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
                day: dayOfYear - (153 * monthFromMarch + 2) / 5 + 1,
                hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60, second: secondOfDay % 60)
            return
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        self.init(
            year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1,
            hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
    }
}

extension LocalDateTime {
    /// The Gregorian calendar in UTC, for arithmetic on wall-clock dates clear of any zone's
    /// daylight saving; one for every module (``adding(days:)``, ``weekday``, the resolvers').
    package static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }()

    /// The same wall-clock time `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDateTime {
        let calendar = Self.utcCalendar
        let noon = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let moved = calendar.date(from: noon).flatMap({ calendar.date(byAdding: .day, value: days, to: $0) }) else { return self }
        let parts = calendar.dateComponents([.year, .month, .day], from: moved)
        var result = self
        (result.year, result.month, result.day) = (parts.year ?? year, parts.month ?? month, parts.day ?? day)
        return result
    }

    /// The day of the week, 1 for Sunday to 7 for Saturday.
    public var weekday: Int {
        let calendar = Self.utcCalendar
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else { return 1 }
        return calendar.component(.weekday, from: date)
    }
}
