import Foundation
import IntentModel

/// Reads dates and times relative to the context's reference time: "tomorrow at 5 pm",
/// "next friday", "on monday", "march 3rd", "the 3rd of march", "11/25", "tonight",
/// "noon", "half past seven", "in 20 minutes", "a week from today".
///
/// A weekday means the next one ("friday" on a Friday is a week ahead; "next friday" is the
/// same day); a bare hour ("at 5") means the next time the clock shows it, pm before am when
/// both are ahead, because commands schedule what is to come.
struct DateReader {
    let context: ResolutionContext
    let calendar: Calendar

    init(context: ResolutionContext) {
        self.context = context
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        self.calendar = calendar
    }

    struct Day { var range: Range<Int>; var date: LocalDateTime }
    struct Time { var range: Range<Int>; var hour: Int; var minute: Int; var explicitHalf: Bool }

    static let weekdays = ["sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7]
    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5, "june": 6,
        "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "october": 10,
        "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]

    func read(_ tokens: [String], numbers: [NumberSpan]) -> [TaggedSpan] {
        let foundDays = readDays(tokens, numbers: numbers) + readYears(tokens, numbers: numbers)
        let foundTimes = readTimes(tokens, numbers: numbers)
        var spans: [TaggedSpan] = []
        func add(_ range: Range<Int>, _ date: LocalDateTime) {
            spans.append(TaggedSpan(range: range, type: .date, value: .date(date)))
        }
        let days = Self.withoutPrepositions(foundDays, tokens: tokens) { $0.range } set: { $0.range = $1 }
        let times = Self.withoutPrepositions(foundTimes, tokens: tokens) { $0.range } set: { $0.range = $1 }
        for day in days { add(day.range, day.date) }
        for time in times { add(time.range, upcoming(time)) }
        for day in days {
            for time in times {
                if time.range.lowerBound == day.range.upperBound || time.range.upperBound == day.range.lowerBound {
                    var date = day.date
                    date.hour = time.explicitHalf ? time.hour : (time.hour < 12 && isEvening(day) ? time.hour + 12 : time.hour)
                    date.minute = time.minute
                    add(min(day.range.lowerBound, time.range.lowerBound)..<max(day.range.upperBound, time.range.upperBound), date)
                }
            }
        }
        spans += relative(tokens, numbers: numbers)
        return spans
    }

    private func isEvening(_ day: Day) -> Bool { day.date.hour >= 18 }

    static let prepositions: Set<String> = ["on", "at", "by", "from", "around"]

    /// Each span that starts with a preposition ("on friday", "at 5") also without it, so
    /// that a phrase may hold the preposition itself.
    static func withoutPrepositions<T>(
        _ items: [T], tokens: [String], range: (T) -> Range<Int>, set: (inout T, Range<Int>) -> Void
    ) -> [T] {
        var result = items
        for item in items {
            let r = range(item)
            guard r.count > 1, prepositions.contains(tokens[r.lowerBound]) else { continue }
            var copy = item
            set(&copy, r.lowerBound + 1..<r.upperBound)
            result.append(copy)
        }
        return result
    }

    /// "after 2015", "in 1984", "before 2020": the first day of that year.
    func readYears(_ tokens: [String], numbers: [NumberSpan]) -> [Day] {
        numbers.compactMap { number in
            guard let year = number.integer, (1000...2200).contains(year), number.range.count == 1,
                tokens[number.range.lowerBound].count == 4, number.range.lowerBound > 0,
                ["after", "before", "since", "in", "from", "until"].contains(tokens[number.range.lowerBound - 1])
            else { return nil }
            return Day(range: number.range, date: LocalDateTime(year: year, month: 1, day: 1))
        }
    }

    func shifted(_ date: LocalDateTime, days: Int) -> LocalDateTime {
        guard let instant = date.date(in: context.timeZone),
            let moved = calendar.date(byAdding: .day, value: days, to: instant)
        else { return date }
        return LocalDateTime(moved, in: context.timeZone)
    }

    var today: LocalDateTime { LocalDateTime(year: context.now.year, month: context.now.month, day: context.now.day) }

    func readDays(_ tokens: [String], numbers: [NumberSpan]) -> [Day] {
        var days: [Day] = []
        let weekdayNow = context.now.date(in: context.timeZone).map { calendar.component(.weekday, from: $0) } ?? 1
        for (index, token) in tokens.enumerated() {
            let previous = index > 0 ? tokens[index - 1] : ""
            var start = index
            switch token {
            case "today": days.append(Day(range: index..<index + 1, date: today))
            case "tomorrow":
                if previous == "after", index >= 2, tokens[index - 2] == "day" {
                    start = index >= 3 && tokens[index - 3] == "the" ? index - 3 : index - 2
                    days.append(Day(range: start..<index + 1, date: shifted(today, days: 2)))
                } else {
                    days.append(Day(range: index..<index + 1, date: shifted(today, days: 1)))
                }
            case "yesterday": days.append(Day(range: index..<index + 1, date: shifted(today, days: -1)))
            case "tonight":
                var date = today
                date.hour = 20
                days.append(Day(range: index..<index + 1, date: date))
            case "evening" where previous == "this", "morning" where previous == "this",
                "afternoon" where previous == "this":
                var date = today
                date.hour = token == "evening" ? 19 : token == "morning" ? 9 : 15
                days.append(Day(range: index - 1..<index + 1, date: date))
            default:
                if let weekday = Self.weekdays[token] {
                    var ahead = (weekday - weekdayNow + 7) % 7
                    if ahead == 0 { ahead = 7 }
                    if ["on", "next", "this", "coming"].contains(previous) { start = index - 1 }
                    if previous == "last" {
                        start = index - 1
                        ahead = ahead - 7
                    }
                    days.append(Day(range: start..<index + 1, date: shifted(today, days: ahead)))
                } else if let month = Self.months[token] {
                    days += monthDay(tokens, monthIndex: index, month: month, numbers: numbers)
                } else if let slash = monthSlashDay(token) {
                    let start = previous == "on" ? index - 1 : index
                    days.append(Day(range: start..<index + 1, date: future(month: slash.0, day: slash.1)))
                }
            }
        }
        return days
    }

    /// "march 3rd", "march the 3rd", "the 3rd of march", "3 march".
    func monthDay(_ tokens: [String], monthIndex: Int, month: Int, numbers: [NumberSpan]) -> [Day] {
        var result: [Day] = []
        var after = monthIndex + 1
        if after < tokens.count, tokens[after] == "the" { after += 1 }
        if let number = numbers.first(where: { $0.range.lowerBound == after && $0.confidence > 0.5 }), let day = number.integer, (1...31).contains(day) {
            result.append(Day(range: monthIndex..<number.range.upperBound, date: future(month: month, day: day)))
        }
        var before = monthIndex
        if before > 0, tokens[before - 1] == "of" { before -= 1 }
        if let number = numbers.first(where: { $0.range.upperBound == before && $0.confidence > 0.5 }), let day = number.integer, (1...31).contains(day) {
            var start = number.range.lowerBound
            if start > 0, tokens[start - 1] == "the" { start -= 1 }
            result.append(Day(range: start..<monthIndex + 1, date: future(month: month, day: day)))
        }
        return result
    }

    func monthSlashDay(_ token: String) -> (Int, Int)? {
        let parts = token.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, (1...12).contains(parts[0]), (1...31).contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    /// The next such day from today (this year, or next year when it has passed).
    func future(month: Int, day: Int) -> LocalDateTime {
        let candidate = LocalDateTime(year: context.now.year, month: month, day: day)
        if context.prefersFuture, candidate < today { return LocalDateTime(year: context.now.year + 1, month: month, day: day) }
        return candidate
    }

    func readTimes(_ tokens: [String], numbers: [NumberSpan]) -> [Time] {
        var times: [Time] = []
        for (index, token) in tokens.enumerated() {
            var start = index > 0 && ["at", "by", "around", "from"].contains(tokens[index - 1]) ? index - 1 : index
            if token == "noon" || token == "midday" || token == "midnight" {
                times.append(Time(range: start..<index + 1, hour: token == "midnight" ? 0 : 12, minute: 0, explicitHalf: true))
                continue
            }
            if token == "half" || token == "quarter", index + 2 < tokens.count, ["past", "to"].contains(tokens[index + 1]),
                let hour = numbers.first(where: { $0.range.lowerBound == index + 2 })?.integer, (1...12).contains(hour)
            {
                let minutes = token == "half" ? 30 : 15
                let past = tokens[index + 1] == "past"
                times.append(Time(range: start..<index + 3, hour: past ? hour : hour - 1, minute: past ? minutes : 60 - minutes, explicitHalf: false))
                continue
            }
            // "5pm", "5:30", "5:30pm", "17:00"
            if let compact = Self.compactTime(token) {
                var end = index + 1
                var hour = compact.hour
                var half = compact.half
                if let meridiem = meridiem(tokens, at: end) {
                    hour = hour % 12 + (meridiem.pm ? 12 : 0)
                    half = true
                    end = meridiem.end
                }
                if compact.half || compact.minute > 0 || half || start < index {
                    times.append(Time(range: start..<end, hour: hour, minute: compact.minute, explicitHalf: half || hour >= 13))
                }
                continue
            }
            guard let number = numbers.first(where: { $0.range.lowerBound == index && $0.confidence > 0.5 }), !number.isOrdinal,
                let hour = number.integer, (0...23).contains(hour)
            else { continue }
            var end = number.range.upperBound
            var minute = 0
            if let next = numbers.first(where: { $0.range.lowerBound == end && $0.confidence > 0.5 }), let m = next.integer, (10...59).contains(m) {
                minute = m
                end = next.range.upperBound
            }
            if end < tokens.count, tokens[end] == "oclock" { end += 1 }
            if let meridiem = meridiem(tokens, at: end) {
                times.append(Time(range: start..<meridiem.end, hour: hour % 12 + (meridiem.pm ? 12 : 0), minute: minute, explicitHalf: true))
            } else if start < index || end > number.range.upperBound {
                start = min(start, index)
                times.append(Time(range: start..<end, hour: hour, minute: minute, explicitHalf: hour >= 13 || hour == 0))
            }
        }
        return times
    }

    func meridiem(_ tokens: [String], at index: Int) -> (pm: Bool, end: Int)? {
        guard index < tokens.count else { return nil }
        let token = tokens[index]
        if token == "pm" || token == "am" { return (token == "pm", index + 1) }
        if (token == "p" || token == "a"), index + 1 < tokens.count, tokens[index + 1] == "m" { return (token == "p", index + 2) }
        if token == "in", index + 2 < tokens.count, tokens[index + 1] == "the" {
            switch tokens[index + 2] {
            case "morning": return (false, index + 3)
            case "afternoon", "evening": return (true, index + 3)
            default: return nil
            }
        }
        if token == "tonight" { return nil }
        return nil
    }

    static func compactTime(_ token: String) -> (hour: Int, minute: Int, half: Bool)? {
        var text = token
        var pm: Bool? = nil
        if text.hasSuffix("pm") || text.hasSuffix("am") {
            pm = text.hasSuffix("pm")
            text.removeLast(2)
        }
        let parts = text.split(separator: ":")
        guard (1...2).contains(parts.count), let hour = Int(parts[0]), (0...23).contains(hour) else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) ?? -1 : 0
        guard (0...59).contains(minute), parts.count == 2 || pm != nil else { return nil }
        if let pm { return (hour % 12 + (pm ? 12 : 0), minute, true) }
        return (hour, minute, hour >= 13)
    }

    /// A time of day with no day: today if still ahead, else tomorrow; a bare hour takes pm when that is the next one.
    func upcoming(_ time: Time) -> LocalDateTime {
        var date = today
        date.hour = time.hour
        date.minute = time.minute
        if !time.explicitHalf, time.hour < 12 {
            var pm = date
            pm.hour += 12
            if date < context.now, pm >= context.now { return pm }
        }
        if context.prefersFuture, date < context.now { return shifted(date, days: 1) }
        return date
    }

    /// "in 20 minutes", "in two hours", "in 3 days", "a week from today".
    func relative(_ tokens: [String], numbers: [NumberSpan]) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        guard let now = context.now.date(in: context.timeZone) else { return [] }
        for duration in DurationReader.read(tokens, numbers: numbers) {
            guard case .duration(let seconds) = duration.value else { continue }
            let start = duration.range.lowerBound
            let end = duration.range.upperBound
            if start > 0, tokens[start - 1] == "in" {
                let date = LocalDateTime(now.addingTimeInterval(seconds), in: context.timeZone)
                spans.append(TaggedSpan(range: start - 1..<end, type: .date, value: .date(date)))
            }
            if end + 1 < tokens.count, ["from", "after"].contains(tokens[end]), ["today", "now"].contains(tokens[end + 1]) {
                let base = tokens[end + 1] == "today" ? today.date(in: context.timeZone) ?? now : now
                let date = LocalDateTime(base.addingTimeInterval(seconds), in: context.timeZone)
                spans.append(TaggedSpan(range: start..<end + 2, type: .date, value: .date(date)))
            }
        }
        return spans
    }
}
