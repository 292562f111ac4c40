import IntentModel

/// Reads one date, time or date-time from tokens, relative to the context's reference time:
/// "tomorrow at 5 pm", "next friday", "march 3rd 2015", "in 20 minutes", "half past seven",
/// "two days from tomorrow", "7:00 on next sunday afternoon".
///
/// The words are read left to right into parts (a day, a clock time, a part of the day, an
/// offset) and the parts are then put together, so the order people say them in is free.
/// Decisions, also in docs/resolvers.md:
/// - a bare weekday is the next one after today; "next friday" is the Friday of next week
///   (Monday to Sunday); "this friday" the one of this week; "last friday" of last week.
/// - a clock time with no am or pm is the next time the clock shows it ("at 5" at 10:00 is
///   17:00); a time already past today is tomorrow when the context prefers the future.
/// - a day and month with no year is the next such day.
struct DateParser {
    let context: ResolutionContext
    let tokens: [String]
    /// True when the whole text is known to be a date, so a bare "7" may be read as 7 o'clock.
    let wholeText: Bool
    /// True to keep a clock's hour as said ("from 1:30 to 3" in a range), not the next one.
    var literalHours = false
    let math: DateMath
    let numbers: NumberStarts

    init(tokens: [String], context: ResolutionContext, wholeText: Bool, numbers: [NumberSpan]? = nil) {
        self.tokens = tokens
        self.context = context
        self.wholeText = wholeText
        self.math = DateMath(zone: context.timeZone)
        self.numbers = NumberStarts((numbers ?? NumberReader.read(tokens)).filter { $0.confidence > 0.5 })
    }

    /// Numbers by the token they start at, the last one given for a token winning. An array,
    /// not a dictionary: the readers look a number up at nearly every word they try, and a
    /// parser is made for every utterance.
    struct NumberStarts {
        private var byStart: [NumberSpan?] = []

        init(_ spans: [NumberSpan]) {
            for span in spans where span.range.lowerBound >= 0 {
                let start = span.range.lowerBound
                if start >= byStart.count { byStart += repeatElement(nil, count: start + 1 - byStart.count) }
                byStart[start] = span
            }
        }

        subscript(index: Int) -> NumberSpan? { index >= 0 && index < byStart.count ? byStart[index] : nil }

        /// Every number, in the order of their starts.
        var values: [NumberSpan] { byStart.compactMap { $0 } }
    }

    /// What has been read so far.
    struct Parts {
        var day: LocalDateTime?
        var month: Int?
        var dayOfMonth: Int?
        var year: Int?
        var weekday: Int?
        /// nil: the next one; 0 this week; 1 next week; -1 last week.
        var weekShift: Int?
        var clock: Clock?
        var part: DateWords.Part?
        var instant: LocalDateTime?
        var monthShift: Int?
        /// Seconds east of UTC of a zone said with the time ("8:00 GMT"), to convert into the context's zone.
        var zoneOffset: Int?
        var matched = 0
    }

    struct Clock {
        var hour: Int
        var minute: Int
        var second = 0
        /// true pm, false am, nil not said.
        var pm: Bool?
        /// The smallest unit said: hour for "5 pm", minute for "5:30", second for "5:30:10".
        var grain: DateMath.Unit = .hour
    }

    static let fillers: Set<String> = [
        "at", "on", "the", "of", "@", "by", "for", "around", "about", "approximately", "approx", "and", "from", "in",
        "this", "ca", "circa", "exactly", "sharp", "to", "till", "until", "due", "between",
    ]

    var now: LocalDateTime { context.now }
    var today: LocalDateTime { DateMath.day(context.now) }

    /// The longest date read from `start`: its end and value, or nil when no date starts there.
    func parse(from start: Int) -> (end: Int, value: LocalDateTime)? {
        guard let (end, final) = parseParts(from: start), let value = compose(final) else { return nil }
        return (end, value)
    }

    /// The parts read from `start`, before they are put together, for ranges that share them.
    func parseParts(from start: Int) -> (end: Int, parts: Parts)? {
        var parts = Parts()
        var index = start
        var lastGood: (Int, Parts)?
        while index < tokens.count {
            if let next = matchAny(at: index, &parts) {
                index = next
                parts.matched += 1
                lastGood = (index, parts)
            } else if lastGood != nil, Self.rangeJoins.contains(tokens[index]) {
                // "today at 2 to wednesday at 3": a word joining the ends of a range ends the
                // date read so far; the other end is a date of its own.
                break
            } else if Self.fillers.contains(tokens[index]) || tokens[index] == "," {
                index += 1
            } else {
                break
            }
        }
        return lastGood
    }

    private func matchAny(at index: Int, _ parts: inout Parts) -> Int? {
        if let end = matchNow(at: index, &parts) { return end }
        if let end = matchOffset(at: index, &parts) { return end }
        if let end = matchEndOfDay(at: index, &parts) { return end }
        if let end = matchRelativeDay(at: index, &parts) { return end }
        if let end = matchHoliday(at: index, &parts) { return end }
        if let end = matchWeekday(at: index, &parts) { return end }
        if let end = matchPeriod(at: index, &parts) { return end }
        if let end = matchNumericDate(at: index, &parts) { return end }
        if let end = matchMonthDay(at: index, &parts) { return end }
        if let end = matchTime(at: index, &parts) { return end }
        if let end = matchPart(at: index, &parts) { return end }
        if let end = matchYear(at: index, &parts) { return end }
        if parts.zoneOffset == nil, parts.clock != nil, let offset = DateWords.zones[tokens[index]] {
            parts.zoneOffset = offset
            return index + 1
        }
        return nil
    }

    /// Puts the parts together into one wall-clock value.
    func compose(_ parts: Parts) -> LocalDateTime? {
        if let instant = parts.instant, parts.clock == nil, parts.part == nil, parts.weekday == nil { return instant }
        let (day, explicitDay) = self.day(of: parts)
        if parts.weekday != nil, parts.day != nil || parts.month != nil, day == nil { return nil }
        guard var result = day ?? (parts.clock != nil || parts.part != nil ? today : nil) else { return nil }
        if let clock = parts.clock {
            result.hour = hour(of: clock, part: parts.part, on: result, explicitDay: explicitDay)
            result.minute = clock.minute
            result.second = clock.second
            // A time earlier in the current hour is still now-ish ("at 4:23" said at 4:30); earlier
            // than that, it is tomorrow's.
            if !explicitDay, !literalHours, context.prefersFuture, result < hourStart {
                result = math.addingDays(1, to: result)
            }
        } else if let part = parts.part, parts.instant == nil {
            result.hour = part.defaultHour
        }
        if let zoneOffset = parts.zoneOffset, let instant = result.date(in: context.timeZone) {
            let here = context.timeZone.secondsFromGMT(for: instant)
            result = math.adding(Double(here - zoneOffset), .second, to: result)
        }
        return result
    }

    /// Whether the utterance asks to be woken ("wake me up", "alarm"): its hours are mornings.
    private var speaksOfWaking: Bool { tokens.contains(where: DateWords.wakingWords.contains) }

    /// The part of the day of a meal the utterance names, which places its bare hours ("dinner
    /// on saturday at 7" is 19:00).
    private var mealPart: DateWords.Part? { tokens.lazy.compactMap { DateWords.meals[$0] }.first }

    /// The start of the current hour.
    private var hourStart: LocalDateTime {
        var start = now
        (start.minute, start.second) = (0, 0)
        return start
    }

    /// The day the parts name, and whether they name one (a time alone is today's).
    private func day(of parts: Parts) -> (day: LocalDateTime?, explicit: Bool) {
        var day: LocalDateTime?
        var explicitDay = true
        if let instant = parts.instant {
            day = DateMath.day(instant)
            if let weekday = parts.weekday { day = math.addingDays((weekday + 5) % 7, to: math.monday(of: instant)) }
        } else if let fixed = parts.day {
            day = fixed
            if let weekday = parts.weekday {
                // "in 3 days on friday": the Friday of that week.
                day = math.addingDays((weekday + 5) % 7, to: math.monday(of: fixed))
            }
        } else if let month = parts.month, let dom = parts.dayOfMonth {
            day = calendarDay(month: month, day: dom, year: parts.year)
            if let weekday = parts.weekday, parts.year == nil {
                // "Fri, Jul 18": the year in which that day is a Friday.
                day =
                    (0..<12).lazy.compactMap { self.calendarDay(month: month, day: dom, year: self.now.year + $0) }
                    .first { self.math.weekday($0) == weekday } ?? day
            }
        } else if let dom = parts.dayOfMonth {
            day = ordinalDay(dom, monthShift: parts.monthShift)
            if let weekday = parts.weekday, parts.monthShift == nil {
                // "Thursday the 21st": the nearest month, from this one on, where the 21st is a Thursday.
                let first = LocalDateTime(year: now.year, month: now.month, day: 1)
                day =
                    (0..<24).lazy.map { self.math.addingMonths($0, to: first) }
                    .filter { DateMath.isValid(year: $0.year, month: $0.month, day: dom) }
                    .map { LocalDateTime(year: $0.year, month: $0.month, day: dom) }
                    .first { self.math.weekday($0) == weekday } ?? day
            }
        } else if let month = parts.month {
            day = calendarDay(month: month, day: 1, year: parts.year)
        } else if let weekday = parts.weekday {
            day = weekdayDate(weekday, shift: parts.weekShift)
        } else if let year = parts.year {
            day = LocalDateTime(year: year, month: 1, day: 1)
        } else {
            explicitDay = false
        }
        return (day, explicitDay)
    }

    /// The hour on 24 hours a clock time means on `day`: as said with am or pm, placed by a
    /// part of the day ("7 in the evening") or a meal the utterance names ("dinner at 7"), or, with
    /// none of them, the next time the clock shows it.
    private func hour(of clock: Clock, part: DateWords.Part?, on day: LocalDateTime, explicitDay: Bool) -> Int {
        let hour = clock.hour
        if let pm = clock.pm { return hour % 12 + (pm ? 12 : 0) }
        if let part = part ?? mealPart, hour <= 12 { return part.place(hour) }
        // Another day named ("on friday at 4", "tomorrow at 3"): an hour from 1 to 6 without am
        // or pm is the afternoon's, as people book and are reminded in waking hours; 7 to 11
        // stay the morning's ("tomorrow at 9"), and so does a time to wake by ("wake me up at 6
        // tomorrow").
        if explicitDay, day != today, !literalHours, (1...6).contains(hour), context.prefersFuture, !speaksOfWaking {
            return hour + 12
        }
        guard hour < 12, hour > 0, !literalHours, !explicitDay || day == today else { return hour }
        // No am or pm: the next time the clock shows it (a time in the current hour still counts).
        var morning = day
        (morning.hour, morning.minute) = (hour, clock.minute)
        guard morning < hourStart, hour + 12 < 24 else { return hour }
        var evening = morning
        evening.hour += 12
        return evening >= now ? hour + 12 : hour
    }

    func calendarDay(month: Int, day: Int, year: Int?) -> LocalDateTime? {
        if let year {
            guard DateMath.isValid(year: year, month: month, day: day) else { return nil }
            return LocalDateTime(year: year, month: month, day: day)
        }
        var candidate = LocalDateTime(year: now.year, month: month, day: day)
        if context.prefersFuture, candidate < today || !DateMath.isValid(year: now.year, month: month, day: day) {
            candidate.year += 1
        }
        guard DateMath.isValid(year: candidate.year, month: month, day: day) else { return nil }
        return candidate
    }

    /// "the 3rd": this month's, or next month's when it has passed.
    func ordinalDay(_ day: Int, monthShift: Int?) -> LocalDateTime? {
        var base = math.addingMonths(monthShift ?? 0, to: LocalDateTime(year: now.year, month: now.month, day: 1))
        if monthShift == nil, day < now.day, context.prefersFuture { base = math.addingMonths(1, to: base) }
        guard DateMath.isValid(year: base.year, month: base.month, day: day) else { return nil }
        base.day = day
        return base
    }

    func weekdayDate(_ weekday: Int, shift: Int?) -> LocalDateTime {
        guard let shift else {
            // A bare weekday is the next one, or, in a request about the past, the last one.
            guard context.prefersFuture else {
                var back = (math.weekday(today) - weekday + 7) % 7
                if back == 0 { back = 7 }
                return math.addingDays(-back, to: today)
            }
            var ahead = (weekday - math.weekday(today) + 7) % 7
            if ahead == 0 { ahead = 7 }
            return math.addingDays(ahead, to: today)
        }
        let monday = math.addingDays(7 * shift, to: math.monday(of: today))
        return math.addingDays((weekday + 5) % 7, to: monday)
    }
}
