import IntentModel

/// Reads whole periods: "this week", "next month", "last 2 days", "within 3 years",
/// "october 2014", "2007", "the 1990s", "h1 2016", "q3 of 2017", "week 31", and any single
/// date or time as the span of its smallest unit ("tomorrow" is the whole day).
///
/// Weeks run Monday to Sunday; "last 2 days" is the two whole days before today; "next 3
/// days" the three after it; "within 3 days" from now.
struct PeriodReader {
    let context: ResolutionContext
    var math: DateMath { DateMath(zone: context.timeZone) }
    var now: LocalDateTime { context.now }

    static let periodUnits: [String: DateMath.Unit] = [
        "week": .week, "weeks": .week, "wk": .week, "month": .month, "months": .month, "year": .year, "years": .year,
        "yr": .year, "yrs": .year, "quarter": .quarter, "quarters": .quarter, "qtr": .quarter, "qtrs": .quarter,
        "decade": .decade, "decades": .decade, "day": .day, "days": .day, "hour": .hour, "hours": .hour, "hrs": .hour,
        "hr": .hour, "minute": .minute, "minutes": .minute, "mins": .minute, "min": .minute, "second": .second,
        "seconds": .second, "secs": .second, "sec": .second,
    ]
    static let shifts: [String: Int] = [
        "this": 0, "current": 0, "the": 0, "coming": 1, "next": 1, "following": 1, "upcoming": 1, "last": -1,
        "previous": -1, "past": -1, "prior": -1, "preceding": -1,
    ]

    func read(_ tokens: [String]) -> DateRange? {
        var words = tokens
        while let first = words.first, ["in", "during", "of", "for", "all", "whole", "entire"].contains(first),
            words.count > 1
        {
            words.removeFirst()
        }
        if words.first == "the", words.count > 2, Self.shifts[words[1]] != nil || words[2] == "after" {
            words.removeFirst()
        }
        // "by 2pm": from now until then.
        if words.first == "by", words.count > 1 {
            let rest = Array(words.dropFirst())
            let parser = DateParser(tokens: rest, context: context, wholeText: true)
            if let found = parser.parse(from: 0), found.end == rest.count {
                return DateRange(start: now, end: found.value)
            }
        }
        if let range = relativeUnits(words) ?? named(words) { return range }
        // A single date or time: the span of its smallest unit.
        var parser = DateParser(tokens: words, context: context, wholeText: true)
        parser.literalHours = false
        guard let found = parser.parseParts(from: 0), found.end == words.count, let start = parser.compose(found.parts)
        else {
            return nil
        }
        let grain = DateRangeReader.grain(found.parts)
        return DateRange(start: start, end: math.adding(1, grain, to: start))
    }

    /// The start of the `unit` holding `date`.
    func floor(_ date: LocalDateTime, _ unit: DateMath.Unit) -> LocalDateTime {
        var value = date
        switch unit {
        case .second: break
        case .minute: value.second = 0
        case .hour: (value.minute, value.second) = (0, 0)
        case .day: value = DateMath.day(date)
        case .week: value = math.monday(of: date)
        case .month: value = LocalDateTime(year: date.year, month: date.month, day: 1)
        case .quarter: value = LocalDateTime(year: date.year, month: (date.month - 1) / 3 * 3 + 1, day: 1)
        case .year: value = LocalDateTime(year: date.year, month: 1, day: 1)
        case .decade: value = LocalDateTime(year: date.year / 10 * 10, month: 1, day: 1)
        }
        return value
    }

    /// "this week", "next month", "last 2 days", "past three quarters", "within 3 years", "next 5 hrs".
    func relativeUnits(_ words: [String]) -> DateRange? {
        var index = 0
        var within = false
        if words.first == "within" {
            within = true
            index += 1
            if words[safe: index] == "the" { index += 1 }
            if ["next", "upcoming", "coming", "following"].contains(words[safe: index] ?? "") { index += 1 }
            // "within 1 day and 5 hours", "within 2h", "within 2 weeks after today"
            let parser = DateParser(tokens: words, context: context, wholeText: true)
            if let amount = parser.amount(at: index),
                amount.end == words.count
                    || (words[safe: amount.end] == "after" || words[safe: amount.end] == "from")
                        && ["today", "now"].contains(words[safe: amount.end + 1] ?? "") && amount.end + 2 == words.count
            {
                let dayLevel = amount.parts.allSatisfy { $0.1.seconds >= 86_400 }
                let start = dayLevel ? DateMath.day(now) : now
                return DateRange(start: start, end: amount.parts.reduce(start) { math.adding($1.0, $1.1, to: $0) })
            }
        }
        // "the week after next"
        if words.count == 3, words[1] == "after", words[2] == "next", let unit = Self.periodUnits[words[0]] {
            return relative(unit, count: nil, shift: 2, within: false)
        }
        var shift: Int?
        if let named = Self.shifts[words[safe: index] ?? ""] {
            shift = named
            index += 1
        }
        var count: Double?
        var upcoming = words[safe: index - 1] == "upcoming"
        if let number = CardinalParser(tokens: words).parse(from: index), !number.isOrdinal, number.end < words.count {
            count = number.value
            index = number.end
        }
        if shift == nil, let named = Self.shifts[words[safe: index] ?? ""], named != 0 {
            shift = named  // "2 upcoming days"
            upcoming = words[index] == "upcoming"
            index += 1
        }
        guard index == words.count - 1, let word = words.last else { return nil }
        if word == "weekend" || word == "weekends" { return weekend(shift ?? 0) }
        if word == "fortnight" { return relative(.week, count: 2 * (count ?? 1), shift: shift ?? 0, within: within) }
        guard let unit = Self.periodUnits[word] else { return nil }
        if count == nil, shift == nil, !within { return nil }
        if upcoming, let count, unit.seconds >= DateMath.Unit.week.seconds {
            // "upcoming 2 weeks": the second week from this one.
            let start = math.adding(count, unit, to: floor(now, unit))
            return DateRange(start: start, end: math.adding(1, unit, to: start))
        }
        return relative(unit, count: count, shift: shift ?? (within ? 1 : 0), within: within)
    }

    func relative(_ unit: DateMath.Unit, count: Double?, shift: Int, within: Bool) -> DateRange {
        let subDay = unit == .second || unit == .minute || unit == .hour
        if within {
            let start = subDay ? now : DateMath.day(now)
            return DateRange(start: start, end: math.adding(count ?? 1, unit, to: start))
        }
        guard let count else {
            let start = math.adding(Double(shift), unit, to: floor(now, unit))
            return DateRange(start: start, end: math.adding(1, unit, to: start))
        }
        if subDay {
            let anchor = floor(now, unit)
            if shift < 0 { return DateRange(start: math.adding(-count, unit, to: anchor), end: anchor) }
            return DateRange(start: now, end: math.adding(count, unit, to: now))
        }
        let anchor = floor(now, unit)
        if shift < 0 { return DateRange(start: math.adding(-count, unit, to: anchor), end: anchor) }
        let start = math.adding(1, unit, to: anchor)
        return DateRange(start: start, end: math.adding(count, unit, to: start))
    }

    /// Saturday and Sunday of this (0), next (1) or last (-1) week.
    func weekend(_ shift: Int) -> DateRange {
        let saturday = math.addingDays(5 + 7 * shift, to: math.monday(of: now))
        return DateRange(start: saturday, end: math.addingDays(2, to: saturday))
    }

    /// "october 2014", "2007", "the 1990s", "h1 2016", "2019 h2", "q3 of 2017", "4th qtr 2018", "week 31".
    func named(_ words: [String]) -> DateRange? {
        var list = words.filter { $0 != "the" && $0 != "of" && $0 != "in" && $0 != "ad" && $0 != "year" && $0 != "cy" }
        guard !list.isEmpty else { return nil }
        if list.count == 1, words.first == "year", let value = Int(list[0]), value > 0 {
            return DateRange(
                start: LocalDateTime(year: value, month: 1, day: 1),
                end: LocalDateTime(year: value + 1, month: 1, day: 1))
        }
        // "next june", "june next year", "this march"
        if list.count == 2, let month = DateWords.months[list[0]] ?? DateWords.months[list[1]] {
            let other = DateWords.months[list[0]] != nil ? list[1] : list[0]
            var year = now.year
            if other == "next", DateWords.months[list[0]] == nil {
                if month <= now.month { year += 1 }
            } else if other == "last", DateWords.months[list[0]] == nil {
                year -= 1
            } else if other == "next" {
                year += 1
            } else if other == "last" {
                year -= 1
            } else if other != "this" {
                return nil
            }
            let start = LocalDateTime(year: year, month: month, day: 1)
            return DateRange(start: start, end: math.addingMonths(1, to: start))
        }
        // Years: a number of four digits somewhere in the list.
        var year = now.year
        if let found = list.lastIndex(where: { $0.count == 4 && Int($0).map { (1000...2999).contains($0) } ?? false }),
            let value = Int(list[found])
        {
            year = value
            list.remove(at: found)
        }
        if list.isEmpty {
            return DateRange(
                start: LocalDateTime(year: year, month: 1, day: 1), end: LocalDateTime(year: year + 1, month: 1, day: 1)
            )
        }
        let key = list.joined(separator: " ")
        // A year said in words: "two thousand and twenty", "one thousand seven hundred and eighty nine".
        if list.count > 1, let spoken = CardinalParser(tokens: list).parse(from: 0), spoken.end == list.count,
            !spoken.isOrdinal,
            (1000...2999).contains(spoken.value)
        {
            let value = Int(spoken.value)
            return DateRange(
                start: LocalDateTime(year: value, month: 1, day: 1),
                end: LocalDateTime(year: value + 1, month: 1, day: 1))
        }
        // Decades: "1990s", "the 2000s", "the noughties"
        if list.count == 1, key.hasSuffix("s"), let decade = Int(key.dropLast()), decade % 10 == 0, decade >= 1000 {
            return DateRange(
                start: LocalDateTime(year: decade, month: 1, day: 1),
                end: LocalDateTime(year: decade + 10, month: 1, day: 1))
        }
        if key == "noughties" || key == "aughts" {
            return DateRange(
                start: LocalDateTime(year: 2000, month: 1, day: 1), end: LocalDateTime(year: 2010, month: 1, day: 1))
        }
        if let half = ["h1": 1, "h2": 2, "first half": 1, "second half": 2][key] {
            let start = LocalDateTime(year: year, month: half == 1 ? 1 : 7, day: 1)
            return DateRange(start: start, end: math.addingMonths(6, to: start))
        }
        let quarters = [
            "q1": 1, "q2": 2, "q3": 3, "q4": 4, "first quarter": 1, "second quarter": 2, "third quarter": 3,
            "fourth quarter": 4, "1st qtr": 1, "2nd qtr": 2, "3rd qtr": 3, "4th qtr": 4, "1st quarter": 1,
            "2nd quarter": 2, "3rd quarter": 3, "4th quarter": 4, "last quarter": 4,
        ]
        if let quarter = quarters[key] {
            let start = LocalDateTime(year: year, month: (quarter - 1) * 3 + 1, day: 1)
            return DateRange(start: start, end: math.addingMonths(3, to: start))
        }
        if list.count == 1, let month = DateWords.months[key], words.count > 1 || true {
            let start = LocalDateTime(year: year, month: month, day: 1)
            return DateRange(start: start, end: math.addingMonths(1, to: start))
        }
        if list.count == 2, list[0] == "week", let number = Int(list[1]), (1...53).contains(number) {
            // ISO week: the week holding January 4th is week 1.
            let first = math.monday(of: LocalDateTime(year: year, month: 1, day: 4))
            let start = math.addingDays(7 * (number - 1), to: first)
            return DateRange(start: start, end: math.addingDays(7, to: start))
        }
        return nil
    }
}
