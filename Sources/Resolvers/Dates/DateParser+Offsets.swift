import IntentModel

extension DateParser {
    /// An amount of time: "20 minutes", "an hour and a half", "1 month, 21 days", "half an hour", "a fortnight".
    func amount(at start: Int) -> (parts: [(Double, DateMath.Unit)], end: Int)? {
        var found: [(Double, DateMath.Unit)] = []
        var index = start
        var end = start
        while index < tokens.count {
            if !found.isEmpty, token(index) == "and" || token(index) == "," {
                if token(index + 1) == "a" || token(index + 1) == "an", ["half", "quarter"].contains(token(index + 2)),
                    let last = found.last
                {
                    found.append((token(index + 2) == "half" ? 0.5 : 0.25, last.1))
                    index += 3
                    end = index
                    continue
                }
                if token(index + 1) == "half", let last = found.last {
                    found.append((0.5, last.1))
                    index += 2
                    end = index
                    continue
                }
                index += 1
                continue
            }
            // "1 hour thirty", "2 hours and 10": the next smaller unit, unsaid.
            if let last = found.last, last.1 == .hour || last.1 == .minute, let number = numbers[index],
                !number.isOrdinal,
                number.value < 60, DateMath.units[token(number.range.upperBound)] == nil,
                !["of", "ago", "from", "before", "after", "later", "hence", "more"].contains(
                    token(number.range.upperBound))
            {
                found.append((number.value, last.1 == .hour ? .minute : .second))
                index = number.range.upperBound
                end = index
                continue
            }
            guard let item = amountItem(at: index) else { break }
            found.append(item.value)
            index = item.end
            end = index
        }
        // An offset no calendar holds ("in 66666666666666661293 years") is no date: its words
        // stay unread rather than the date being left where it was.
        let span = found.reduce(0) { $0 + ($1.0 * $1.1.seconds).magnitude }
        guard !found.isEmpty, span <= DateMath.largestOffset else { return nil }
        return (found, end)
    }

    private func amountItem(at index: Int) -> (value: (Double, DateMath.Unit), end: Int)? {
        let word = token(index)
        if word == "fortnight" { return ((2, .week), index + 1) }
        if word == "half", token(index + 1) == "a" || token(index + 1) == "an",
            let unit = DateMath.units[token(index + 2)]
        {
            return ((0.5, unit), index + 3)
        }
        // "a quarter of an hour", "three quarters of an hour"
        if (1...3).contains(where: { token(index + $0) == "of" }),
            let fraction = NumberReader.number(tokens, from: index),
            fraction.value < 1, token(fraction.range.upperBound) == "of",
            ["a", "an"].contains(token(fraction.range.upperBound + 1)),
            let unit = DateMath.units[token(fraction.range.upperBound + 2)]
        {
            return ((fraction.value, unit), fraction.range.upperBound + 3)
        }
        if word == "a" || word == "an", token(index + 1) == "quarter", token(index + 2) == "of",
            ["a", "an"].contains(token(index + 3)), let unit = DateMath.units[token(index + 4)]
        {
            return ((0.25, unit), index + 5)
        }
        if word == "a" || word == "an", token(index + 1) == "fortnight" { return ((2, .week), index + 2) }
        if word == "a" || word == "an", let unit = DateMath.units[token(index + 1)], token(index + 1).count > 1 {
            return ((1, unit), index + 2)
        }
        // "1/2 hour", "1/4h"
        let pieces = word.utf8.contains(UInt8(ascii: "/")) ? word.split(separator: "/") : []
        if pieces.count == 2, let top = Double(pieces[0]) {
            let bottomText = pieces[1].prefix { $0.isNumber }
            let rest = String(pieces[1].dropFirst(bottomText.count))
            if let bottom = Double(bottomText), bottom > 0 {
                if let unit = DateMath.units[rest] { return ((top / bottom, unit), index + 1) }
                if rest.isEmpty, let unit = DateMath.units[token(index + 1)] {
                    return ((top / bottom, unit), index + 2)
                }
            }
        }
        if let compact = Self.compactAmount(word) { return (compact, index + 1) }
        guard let number = numbers[index], !number.isOrdinal else { return nil }
        var unitIndex = number.range.upperBound
        // "2 more minutes", "two additional minutes", "one and a quarter of hour"
        if ["more", "additional", "extra", "less", "fewer", "full", "whole", "of"].contains(token(unitIndex)) {
            unitIndex += 1
        }
        if token(unitIndex - 1) == "of", ["a", "an"].contains(token(unitIndex)) { unitIndex += 1 }
        guard let unit = DateMath.units[token(unitIndex)], token(unitIndex).count > 1 || number.isDigits else {
            return nil
        }
        var end = unitIndex + 1
        var value = number.value
        if token(end) == "and", token(end + 1) == "a" || token(end + 1) == "an", token(end + 2) == "half" {
            value += 0.5
            end += 3
        }
        return ((value, unit), end)
    }

    /// "2h", "30min", "10m", "3d": a number glued to its unit.
    static func compactAmount(_ word: String) -> (Double, DateMath.Unit)? {
        guard word.startsWithNumber else { return nil }
        let digits = word.prefix { $0.isNumber || $0 == "." }
        let rest = String(word.dropFirst(digits.count))
        guard !rest.isEmpty, let value = Double(digits), let unit = DateMath.units[rest] else { return nil }
        return (value, unit)
    }

    func shifted(_ base: LocalDateTime, by items: [(Double, DateMath.Unit)], sign: Double) -> LocalDateTime {
        items.reduce(base) { math.adding(sign * $1.0, $1.1, to: $0) }
    }

    static func isSubDay(_ items: [(Double, DateMath.Unit)]) -> Bool {
        items.contains { $0.1 == .second || $0.1 == .minute || $0.1 == .hour }
    }

    /// "in 20 minutes", "3 days ago", "a week from today", "two days from tomorrow",
    /// "15 minutes from 1pm", "two sundays from now", "2 thursdays back".
    func matchOffset(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.instant == nil, parts.day == nil || parts.day == today else { return nil }
        if token(index) == "in", let found = amount(at: index + 1 + (token(index + 1) == "another" ? 1 : 0)) {
            apply(
                shifted(now, by: found.parts, sign: 1), subDay: Self.isSubDay(found.parts), &parts, units: found.parts)
            return found.end
        }
        // "upcoming two days", "2 upcoming days"
        if token(index) == "upcoming", let found = amount(at: index + 1) {
            parts.day = DateMath.day(shifted(now, by: found.parts, sign: 1))
            return found.end
        }
        if let number = numbers[index], token(number.range.upperBound) == "upcoming",
            let unit = DateMath.units[token(number.range.upperBound + 1)]
        {
            parts.day = DateMath.day(math.adding(number.value, unit, to: now))
            return number.range.upperBound + 2
        }
        if let weekdays = countedWeekdays(at: index, &parts) { return weekdays }
        if let moved = movedBy(at: index, &parts) { return moved }
        guard let found = amount(at: index) else { return nil }
        let next = token(found.end)
        switch next {
        case "ago", "back", "earlier", "before":
            if next == "before", found.end + 1 < tokens.count, let base = subDate(from: found.end + 1) {
                apply(
                    shifted(base.value, by: found.parts, sign: -1), subDay: base.hasTime || Self.isSubDay(found.parts),
                    &parts)
                return base.end
            }
            apply(
                shifted(now, by: found.parts, sign: -1), subDay: Self.isSubDay(found.parts), &parts, units: found.parts)
            return found.end + 1
        case "from", "after", "since":
            if let base = subDate(from: found.end + 1) {
                apply(
                    shifted(base.value, by: found.parts, sign: 1), subDay: base.hasTime || Self.isSubDay(found.parts),
                    &parts)
                return base.end
            }
            if next == "after" { return nil }
            return nil
        case "hence", "later", "later on":
            apply(
                shifted(now, by: found.parts, sign: 1), subDay: Self.isSubDay(found.parts), &parts, units: found.parts)
            return found.end + 1
        default:
            return nil
        }
    }

    /// How a time is moved, said before the length: "back an hour" and "by 15 minutes" later,
    /// "forward an hour", "up 30 minutes", "earlier by 10 minutes" earlier ("push the standup
    /// back an hour", "bring the dentist forward by half an hour", "delay the standup by 15
    /// minutes"). Read from now here; moving an event reads them again from its own start
    /// (`DateKeeping.offset`).
    private func movedBy(at index: Int, _ parts: inout Parts) -> Int? {
        let sign: Double
        switch token(index) {
        case "back", "later", "by": sign = 1
        case "forward", "up", "earlier": sign = -1
        default: return nil
        }
        let start = token(index) != "by" && token(index + 1) == "by" ? index + 2 : index + 1
        guard let found = amount(at: start), found.end == tokens.count || !Self.movedByEnds.contains(token(found.end)) else { return nil }
        apply(shifted(now, by: found.parts, sign: sign), subDay: Self.isSubDay(found.parts), &parts, units: found.parts)
        return found.end
    }

    /// Words after a length that make it part of another reading ("by 2 hours ago", "up to 3
    /// days from now"), not how far a time is moved.
    static let movedByEnds: Set<String> = ["ago", "back", "earlier", "before", "from", "after", "since", "hence", "later"]

    /// Hours and minutes give an instant; days and weeks keep the hour of now ("in 7 days" at
    /// 04:30 is 04:00 a week later); months and years give the day.
    private func apply(
        _ value: LocalDateTime, subDay: Bool, _ parts: inout Parts, units: [(Double, DateMath.Unit)] = []
    ) {
        if subDay {
            parts.instant = value
        } else if !units.isEmpty, units.allSatisfy({ $0.1 == .day || $0.1 == .week }) {
            var hour = value
            hour.minute = 0
            hour.second = 0
            parts.instant = hour
        } else {
            parts.day = DateMath.day(value)
        }
    }

    /// The date after "from" or "before": "now", "today", "tomorrow", "christmas", "1pm".
    private func subDate(from start: Int) -> (value: LocalDateTime, end: Int, hasTime: Bool)? {
        if token(start) == "now" || (token(start) == "right" && token(start + 1) == "now") {
            return (now, start + (token(start) == "now" ? 1 : 2), true)
        }
        let inner = DateParser(tokens: tokens, context: context, wholeText: true, numbers: Array(numbers.values))
        guard let found = inner.parse(from: start) else { return nil }
        let hasTime = found.value != DateMath.day(found.value)
        return (found.value, found.end, hasTime)
    }

    /// "two sundays from now", "3 fridays ago", "2 thursdays back".
    private func countedWeekdays(at index: Int, _ parts: inout Parts) -> Int? {
        guard let number = numbers[index], let count = number.integer, count > 0, count < 60 else { return nil }
        let end = number.range.upperBound
        guard let weekday = DateWords.weekdays[token(end)] else { return nil }
        var after = end + 1
        var sign = 1
        if token(after) == "from", token(after + 1) == "now" || token(after + 1) == "today" {
            after += 2
        } else if token(after) == "ago" || token(after) == "back" {
            sign = -1
            after += 1
        } else {
            return nil
        }
        var ahead = (weekday - math.weekday(today) + 7) % 7
        if sign > 0 {
            if ahead == 0 { ahead = 7 }
            parts.day = math.addingDays(ahead + 7 * (count - 1), to: today)
        } else {
            var back = (math.weekday(today) - weekday + 7) % 7
            if back == 0 { back = 7 }
            parts.day = math.addingDays(-(back + 7 * (count - 1)), to: today)
        }
        return after
    }
}
