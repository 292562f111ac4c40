import Foundation
import IntentModel

/// Reads spans of time: "from 3 to 5 pm", "july 13-15", "between may 2015 and 2018",
/// "4pm for 30 mins", and whole periods ("next week", "last 2 days", "q3 2016"; see PeriodReader).
///
/// The two ends of a range share what only one of them says: "3 to 5 pm" is 3 pm to 5 pm,
/// "july 13-15" is july 13 to july 15, "next monday 1-3 pm" is both on next monday.
struct DateRangeReader {
    let context: ResolutionContext

    static let separators: Set<String> = ["to", "till", "until", "untill", "til", "through", "thru", "and"]

    func read(_ text: String) -> DateRange? {
        if let month = Self.monthOfYear(text) {
            let start = LocalDateTime(year: month.year, month: month.month, day: 1)
            return DateRange(start: start, end: DateMath(zone: context.timeZone).addingMonths(1, to: start))
        }
        var tokens = TextNormalizer().words(Self.dashesAsTo(text))
        let between = tokens.first == "between" || tokens.contains("between")
        while let first = tokens.first, ["from", "between", "during", "for", "over"].contains(first), tokens.count > 1 {
            if first == "for", !tokens.contains("from"), !tokens.contains("starting") { break }
            tokens.removeFirst()
        }
        guard !tokens.isEmpty else { return nil }
        if let range = explicit(tokens, between: between) { return range }
        if let range = PeriodReader(context: context).read(tokens) { return range }
        return nil
    }

    /// "2015-03-28" keeps its dashes; every other dash between words is "to".
    static func dashesAsTo(_ text: String) -> String {
        if TypedResolver.isoDateLike(text) { return TypedResolver.joiningDateDashes(text) }
        let characters = Array(slashedDates(text))
        var out = ""
        for character in characters {
            out += "-–—~".contains(character) ? " to " : String(character)
        }
        return out
    }

    /// "12-04-2019" becomes "12/04/2019": three groups of digits joined by dashes are a date.
    static func slashedDates(_ text: String) -> String {
        var characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index].isNumber, index == 0 || !characters[index - 1].isNumber else {
                index += 1
                continue
            }
            var groups: [Range<Int>] = []
            var cursor = index
            while groups.count < 3 {
                let start = cursor
                while cursor < characters.count, characters[cursor].isNumber { cursor += 1 }
                guard cursor > start else { break }
                groups.append(start..<cursor)
                guard groups.count < 3, cursor < characters.count, characters[cursor] == "-",
                    cursor + 1 < characters.count, characters[cursor + 1].isNumber
                else { break }
                cursor += 1
            }
            if groups.count == 3, groups[2].count == 4 || groups[2].count == 2, groups[0].count <= 2 {
                characters[groups[0].upperBound] = "/"
                characters[groups[1].upperBound] = "/"
                index = groups[2].upperBound
            } else {
                index = max(cursor, index + 1)
            }
        }
        return String(characters)
    }

    /// "12-2015", "2016/ 11", "2015/3": a month of a year in digits.
    static func monthOfYear(_ text: String) -> (year: Int, month: Int)? {
        let compact = text.filter { !$0.isWhitespace }
        let parts = compact.split(whereSeparator: { $0 == "-" || $0 == "/" })
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), let a = Int(parts[0]),
            let b = Int(parts[1])
        else {
            return nil
        }
        if parts[0].count == 4, (1...12).contains(b), parts[1].count <= 2 { return (a, b) }
        if parts[1].count == 4, (1...12).contains(a), parts[0].count <= 2 { return (b, a) }
        return nil
    }

    /// "X to Y", "X - Y", "between X and Y", "X for <duration>".
    func explicit(_ tokens: [String], between: Bool) -> DateRange? {
        if let range = durationFirst(tokens) { return range }
        if let forIndex = tokens.lastIndex(of: "for"), forIndex > 0 {
            var parser = DateParser(tokens: Array(tokens[..<forIndex]), context: context, wholeText: true)
            parser.literalHours = true
            let durationTokens = Array(tokens[(forIndex + 1)...])
            let durationParser = DateParser(tokens: durationTokens, context: context, wholeText: true)
            if let start = parser.parse(from: 0), start.end == forIndex,
                let duration = durationParser.amount(at: 0), duration.end == durationTokens.count
            {
                let math = DateMath(zone: context.timeZone)
                let end = duration.parts.reduce(start.value) { math.adding($1.0, $1.1, to: $0) }
                let grain = duration.parts.last?.1 ?? .day
                return DateRange(start: start.value, end: math.adding(1, grain, to: end), statedEnd: end)
            }
        }
        for (index, token) in tokens.enumerated()
        where Self.separators.contains(token) && index > 0 && index < tokens.count - 1 {
            if token == "and", !between { continue }
            if let range = split(tokens, at: index) { return range }
        }
        return nil
    }

    func split(_ tokens: [String], at index: Int) -> DateRange? {
        let leftTokens = Array(tokens[..<index])
        let rightTokens = Array(tokens[(index + 1)...])
        var leftParser = DateParser(tokens: leftTokens, context: context, wholeText: true)
        var rightParser = DateParser(tokens: rightTokens, context: context, wholeText: true)
        leftParser.literalHours = true
        rightParser.literalHours = true
        guard var right = rightParser.parseParts(from: 0), right.end == rightTokens.count else { return nil }
        var left: DateParser.Parts
        if leftTokens.count == 1 || (leftTokens.count == 2 && leftTokens[0] == "the"),
            let day = Self.dayNumber(leftTokens.last ?? ""),
            right.parts.month != nil || right.parts.dayOfMonth != nil, right.parts.clock == nil
        {
            // "13 to 15 july", "the 13th to the 15th of july"
            left = DateParser.Parts()
            left.dayOfMonth = day
        } else {
            guard let parsed = leftParser.parseParts(from: 0), parsed.end == leftTokens.count else { return nil }
            left = parsed.parts
        }
        if rightTokens.count <= 2, let day = Self.dayNumber(rightTokens.last ?? ""),
            left.month != nil || left.dayOfMonth != nil,
            left.clock == nil
        {
            // "july 13-15"
            right.parts = DateParser.Parts()
            right.parts.dayOfMonth = day
        }
        Self.share(&left, &right.parts)
        // A range's ends are read as said: "from august to october" is this year's.
        var plain = context
        plain.prefersFuture = false
        leftParser = DateParser(tokens: leftTokens, context: plain, wholeText: true)
        leftParser.literalHours = true
        guard let start = leftParser.compose(left), var end = rightParser.compose(right.parts) else { return nil }
        let math = DateMath(zone: context.timeZone)
        if end < start {
            // "may to march", "from next monday to friday", "11:30-1:30"
            if right.parts.clock != nil, right.parts.clock?.pm == nil, let hour = right.parts.clock?.hour, hour < 12,
                end.hour + 12 >= start.hour, DateMath.day(end) == DateMath.day(start)
            {
                end = math.adding(12, .hour, to: end)
            } else if right.parts.year == nil, right.parts.month != nil {
                end = math.addingMonths(12, to: end)
            } else if right.parts.weekday != nil, right.parts.day == nil {
                end = math.addingDays(7, to: end)
            } else if right.parts.clock != nil, !Self.hasDayPart(right.parts) {
                end = math.addingDays(1, to: end)
            }
        }
        let grain = Self.grain(right.parts)
        return DateRange(start: start, end: math.adding(1, grain, to: end), statedEnd: end)
    }

    static func hasDayPart(_ parts: DateParser.Parts) -> Bool {
        parts.day != nil || parts.weekday != nil || parts.dayOfMonth != nil || parts.month != nil
            || parts.instant != nil
    }

    /// "2 weeks starting may 20th", "for 3 days from today", "a day starting this friday at 5 pm".
    func durationFirst(_ tokens: [String]) -> DateRange? {
        var words = tokens
        if words.first == "for" { words.removeFirst() }
        let parser = DateParser(tokens: words, context: context, wholeText: true)
        guard let duration = parser.amount(at: 0) else { return nil }
        var index = duration.end
        if words[safe: index] == "," { index += 1 }
        guard ["from", "starting", "beginning"].contains(words[safe: index] ?? "") else { return nil }
        index += 1
        if words[safe: index] == "from" || words[safe: index] == "on" || words[safe: index] == "at" { index += 1 }
        let rest = Array(words[index...])
        var startParser = DateParser(tokens: rest, context: context, wholeText: true)
        startParser.literalHours = true
        guard let start = startParser.parse(from: 0), start.end == rest.count else { return nil }
        let math = DateMath(zone: context.timeZone)
        let end = duration.parts.reduce(start.value) { math.adding($1.0, $1.1, to: $0) }
        let grain = duration.parts.last?.1 ?? .day
        return DateRange(start: start.value, end: math.adding(1, grain, to: end), statedEnd: end)
    }

    static func dayNumber(_ word: String) -> Int? {
        // Compared as numbers before any becomes an Int: a day of 1e20 would trap converting.
        guard let digits = CardinalParser.digits(word), digits.value == digits.value.rounded(),
            (1...31).contains(digits.value)
        else {
            let words = CardinalParser(tokens: [word]).parse(from: 0)
            guard let value = words?.value, words?.isOrdinal == true, value == value.rounded(), (1...31).contains(value) else { return nil }
            return Int(value)
        }
        return Int(digits.value)
    }

    /// Each end takes from the other what it does not say: the day, the month, the year, am or pm.
    static func share(_ left: inout DateParser.Parts, _ right: inout DateParser.Parts) {
        func hasDay(_ parts: DateParser.Parts) -> Bool {
            parts.day != nil || parts.weekday != nil || parts.dayOfMonth != nil || parts.month != nil
                || parts.instant != nil
        }
        if left.dayOfMonth != nil, left.month == nil, left.day == nil, let month = right.month { left.month = month }
        if right.dayOfMonth != nil, right.month == nil, right.day == nil, let month = left.month { right.month = month }
        if left.year == nil, left.month != nil, let year = right.year { left.year = year }
        if right.year == nil, right.month != nil, let year = left.year { right.year = year }
        if !hasDay(left), left.clock != nil, hasDay(right) { copyDay(from: right, to: &left) }
        if !hasDay(right), right.clock != nil, hasDay(left) { copyDay(from: left, to: &right) }
        if left.part == nil, let part = right.part, left.clock != nil { left.part = part }
        if right.part == nil, let part = left.part, right.clock != nil { right.part = part }
        // "next week between wednesday and friday": both in next week.
        if right.weekday != nil, right.weekShift == nil, right.day == nil, let shift = left.weekShift {
            right.weekShift = shift
        }
        if var leftClock = left.clock, var rightClock = right.clock {
            let leftMinutes = leftClock.hour % 12 * 60 + leftClock.minute
            let rightMinutes = rightClock.hour % 12 * 60 + rightClock.minute
            if leftClock.pm == nil, let pm = rightClock.pm, leftClock.hour <= 12 {
                leftClock.pm = leftMinutes <= rightMinutes ? pm : !pm
            } else if rightClock.pm == nil, let pm = leftClock.pm, rightClock.hour <= 12 {
                rightClock.pm = rightMinutes >= leftMinutes ? pm : !pm
            }
            // "3:30 to 6 pm" ends at the minute: the finer grain of the two.
            if leftClock.grain.seconds < rightClock.grain.seconds { rightClock.grain = leftClock.grain }
            left.clock = leftClock
            right.clock = rightClock
        }
    }

    static func copyDay(from source: DateParser.Parts, to target: inout DateParser.Parts) {
        target.day = source.day
        target.weekday = source.weekday
        target.weekShift = source.weekShift
        target.dayOfMonth = source.dayOfMonth
        target.month = source.month
        target.year = source.year
        target.monthShift = source.monthShift
        target.instant = source.instant
    }

    /// The smallest unit the parts name.
    static func grain(_ parts: DateParser.Parts) -> DateMath.Unit {
        if let clock = parts.clock { return clock.grain }
        if parts.instant != nil { return .second }
        if parts.day != nil || parts.dayOfMonth != nil || parts.weekday != nil { return .day }
        if parts.month != nil { return .month }
        if parts.year != nil { return .year }
        return .day
    }
}
