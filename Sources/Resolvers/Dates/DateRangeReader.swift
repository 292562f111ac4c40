import Foundation
import IntentModel

/// Reads spans of time: "from 3 to 5 pm", "july 13-15", "between may 2015 and 2018",
/// "4pm for 30 mins", and whole periods ("next week", "last 2 days", "q3 2016"; see PeriodReader).
///
/// The two ends of a range share what only one of them says: "3 to 5 pm" is 3 pm to 5 pm,
/// "july 13-15" is july 13 to july 15, "next monday 1-3 pm" is both on next monday.
struct DateRangeReader {
    let context: ResolutionContext

    static let separators: Set<String> = ["to", "till", "until", "til", "through", "thru", "and"]

    func read(_ text: String) -> DateRange? {
        var tokens = TextNormalizer().words(Self.dashesAsTo(text))
        while let first = tokens.first, ["from", "between", "during", "for", "within", "over"].contains(first), tokens.count > 1 {
            if first == "within" { break }
            tokens.removeFirst()
        }
        guard !tokens.isEmpty else { return nil }
        if let range = explicit(tokens) { return range }
        if let range = PeriodReader(context: context).read(tokens) { return range }
        return nil
    }

    /// "2015-03-28" keeps its dashes; every other dash between words is "to".
    static func dashesAsTo(_ text: String) -> String {
        let joined = TypedResolver.joiningDateDashes(text)
        var out = ""
        for character in joined {
            out += character == "-" || character == "–" || character == "—" ? " to " : String(character)
        }
        return TypedResolver.isoDateLike(text) ? joined : out
    }

    /// "X to Y", "X - Y", "between X and Y", "X for <duration>".
    func explicit(_ tokens: [String]) -> DateRange? {
        if let forIndex = tokens.lastIndex(of: "for"), forIndex > 0 {
            let parser = DateParser(tokens: Array(tokens[..<forIndex]), context: context, wholeText: true)
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
        for (index, token) in tokens.enumerated() where Self.separators.contains(token) && index > 0 && index < tokens.count - 1 {
            if token == "and", !(tokens.first == "between" || index > 0) { continue }
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
        if leftTokens.count == 1 || (leftTokens.count == 2 && leftTokens[0] == "the"), let day = Self.dayNumber(leftTokens.last ?? ""),
            right.parts.month != nil || right.parts.dayOfMonth != nil
        {
            // "13 to 15 july", "the 13th to the 15th of july"
            left = DateParser.Parts()
            left.dayOfMonth = day
        } else {
            guard let parsed = leftParser.parseParts(from: 0), parsed.end == leftTokens.count else { return nil }
            left = parsed.parts
        }
        if rightTokens.count <= 2, let day = Self.dayNumber(rightTokens.last ?? ""), left.month != nil || left.dayOfMonth != nil,
            left.clock == nil
        {
            // "july 13-15"
            right.parts = DateParser.Parts()
            right.parts.dayOfMonth = day
        }
        Self.share(&left, &right.parts)
        guard let start = leftParser.compose(left), let end = rightParser.compose(right.parts) else { return nil }
        let math = DateMath(zone: context.timeZone)
        let grain = Self.grain(right.parts)
        return DateRange(start: start, end: math.adding(1, grain, to: end), statedEnd: end)
    }

    static func dayNumber(_ word: String) -> Int? {
        guard let digits = CardinalParser.digits(word), digits.value == digits.value.rounded(), (1...31).contains(Int(digits.value))
        else {
            let words = CardinalParser(tokens: [word]).parse(from: 0)
            guard let value = words?.value, words?.isOrdinal == true, (1...31).contains(Int(value)) else { return nil }
            return Int(value)
        }
        return Int(digits.value)
    }

    /// Each end takes from the other what it does not say: the day, the month, the year, am or pm.
    static func share(_ left: inout DateParser.Parts, _ right: inout DateParser.Parts) {
        func hasDay(_ parts: DateParser.Parts) -> Bool {
            parts.day != nil || parts.weekday != nil || parts.dayOfMonth != nil || parts.month != nil || parts.instant != nil
        }
        if left.dayOfMonth != nil, left.month == nil, left.day == nil, let month = right.month { left.month = month }
        if right.dayOfMonth != nil, right.month == nil, right.day == nil, let month = left.month { right.month = month }
        if left.year == nil, left.month != nil, let year = right.year { left.year = year }
        if right.year == nil, right.month != nil, let year = left.year { right.year = year }
        if !hasDay(left), left.clock != nil, hasDay(right) { copyDay(from: right, to: &left) }
        if !hasDay(right), right.clock != nil, hasDay(left) { copyDay(from: left, to: &right) }
        if left.part == nil, let part = right.part, left.clock != nil { left.part = part }
        if right.part == nil, let part = left.part, right.clock != nil { right.part = part }
        if var leftClock = left.clock, var rightClock = right.clock {
            if leftClock.pm == nil, let pm = rightClock.pm, leftClock.hour <= 12 {
                leftClock.pm = leftClock.hour % 12 <= rightClock.hour % 12 ? pm : !pm
            } else if rightClock.pm == nil, let pm = leftClock.pm, rightClock.hour <= 12 {
                rightClock.pm = rightClock.hour % 12 >= leftClock.hour % 12 ? pm : !pm
            }
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
