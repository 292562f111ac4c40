import IntentModel

extension DateParser {
    /// A clock time: "5pm", "5:30", "17h00", "five thirty p m", "half past seven",
    /// "quarter to 8", "20 minutes past five", "noon", "midnight", "at 5", "7 o'clock".
    /// The matchers below are tried in order; the first that reads a time wins.
    func matchTime(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.clock == nil else { return nil }
        let found =
            namedTime(at: index) ?? britishHalf(at: index) ?? relativeClock(at: index) ?? dottedTime(at: index)
            ?? soundAlikeHour(at: index) ?? dottedTimeWithMeridiem(at: index) ?? compactTime(at: index)
            ?? spokenOrBareTime(at: index, parts)
        guard let (clock, end) = found else { return nil }
        parts.clock = clock
        return end
    }

    /// "noon", "midnight", "mid day", "midmorning".
    private func namedTime(at index: Int) -> (clock: Clock, end: Int)? {
        let word = token(index)
        if word == "noon" || word == "midday" || word == "midnight" {
            return (Clock(hour: word == "midnight" ? 0 : 12, minute: 0, pm: nil), index + 1)
        }
        if word == "mid", token(index + 1) == "day" || token(index + 1) == "night" {
            return (Clock(hour: token(index + 1) == "night" ? 0 : 12, minute: 0, pm: nil), index + 2)
        }
        if word == "midmorning" || word == "midafternoon" {
            return (Clock(hour: word == "midmorning" ? 10 : 14, minute: 0, pm: nil), index + 1)
        }
        return nil
    }

    /// British "half three": half past.
    private func britishHalf(at index: Int) -> (clock: Clock, end: Int)? {
        guard token(index) == "half", let number = numbers[index + 1], let hour = number.integer, (1...12).contains(hour),
            !number.isOrdinal, DateMath.units[token(number.range.upperBound)] == nil
        else { return nil }
        return (Clock(hour: hour, minute: 30, pm: nil), number.range.upperBound)
    }

    /// "at 7.30": how recognizers write a spoken "seven thirty"; only after a cue ("7.30"
    /// alone is a number), or when the whole text is a date.
    private func dottedTime(at index: Int) -> (clock: Clock, end: Int)? {
        let word = token(index)
        guard word.contains(Character(".")), wholeText || Self.clockCues.contains(token(index - 1)),
            let dotted = Self.compactClock(word.replacingOccurrences(of: ".", with: ":")), dotted.grain == .minute
        else { return nil }
        return (dotted, index + 1)
    }

    /// Near homophones recognizers write for an hour (``NumberWords/homophones``), read as that
    /// hour only before "o'clock", "am" or "pm": "free o'clock", "ate pm".
    private func soundAlikeHour(at index: Int) -> (clock: Clock, end: Int)? {
        guard let hour = NumberWords.homophone(token(index)) else { return nil }
        var clock = Clock(hour: hour, minute: 0, pm: nil)
        var end = index + 1
        if token(end) == "oclock" { end += 1 }
        if let meridiem = meridiem(at: end) {
            clock.pm = meridiem.pm
            end = meridiem.end
        }
        return end > index + 1 ? (clock, end) : nil
    }

    /// "7.30 pm".
    private func dottedTimeWithMeridiem(at index: Int) -> (clock: Clock, end: Int)? {
        let word = token(index)
        guard word.contains(Character(".")), let meridiem = meridiem(at: index + 1),
            let compact = Self.compactClock(word + (meridiem.pm ? "pm" : "am"))
        else { return nil }
        return (compact, meridiem.end)
    }

    /// "5pm", "5:30", "17h00", then "am" or "pm" after it.
    private func compactTime(at index: Int) -> (clock: Clock, end: Int)? {
        guard var clock = Self.compactClock(token(index)) else { return nil }
        var end = index + 1
        if clock.pm == nil, let meridiem = meridiem(at: end) {
            clock.pm = meridiem.pm
            end = meridiem.end
        }
        return (clock, end)
    }

    /// A number for the hour: "1430 hours", "five thirty p m", "7 o'clock", "5 oh 5", "at 5";
    /// a bare number only after a cue, before a part of the day, or when the whole text is a date.
    private func spokenOrBareTime(at index: Int, _ parts: Parts) -> (clock: Clock, end: Int)? {
        let word = token(index)
        guard let number = numbers[index], number.isDigits || NumberWords.atoms[word] != nil, !number.isOrdinal,
            let hour = number.integer, number.value == number.value.rounded()
        else { return nil }
        if number.isDigits, word.count > 2 { return hundredHoursTime(at: index) }
        guard (0...24).contains(hour) else { return nil }
        var end = number.range.upperBound
        var clock = Clock(hour: hour % 24, minute: 0, pm: nil)
        var explicit = false
        if let minutes = numbers[end], let minute = minutes.integer, (0...59).contains(minute), !minutes.isOrdinal,
            token(end) != "a", token(end) != "an", DateMath.units[token(minutes.range.upperBound)] == nil
        {
            // "5 30" and "5 05" are times; "5 3" is not.
            if !minutes.isDigits || token(end).count == 2 {
                clock.minute = minute
                clock.grain = .minute
                end = minutes.range.upperBound
                explicit = true
            }
        } else if token(end) == "oh", let minutes = numbers[end + 1], let minute = minutes.integer, (1...9).contains(minute) {
            clock.minute = minute
            end = minutes.range.upperBound
            explicit = true
        }
        if token(end) == "oclock" || token(end) == "clock" {
            end += 1
            explicit = true
        }
        if token(end) == "midnight", hour == 12 || hour < 4 {
            return (Clock(hour: hour % 12, minute: clock.minute, pm: false), end + 1)
        }
        if let meridiem = meridiem(at: end) {
            clock.pm = meridiem.pm
            end = meridiem.end
            explicit = true
        }
        // "from 2 to 3 pm", "between 1 and 3": bare numbers at both ends of a range of times are times.
        let opensRange = Self.rangeStarts.contains(token(index - 1)) && Self.rangeJoins.contains(token(end)) && numbers[end + 1] != nil
        let closesRange = index >= 3 && Self.rangeJoins.contains(token(index - 1)) && numbers[index - 2] != nil
            && Self.rangeStarts.contains(token(index - 3))
        let cued = Self.clockCues.contains(token(index - 1)) || opensRange || closesRange
        let partNext =
            DateWords.parts[token(end)] != nil || (token(end) == "in" && token(end + 1) == "the")
            || token(end) == "tonight" || token(end) == "this"
        // "push the standup to 11", "move it to 11 tomorrow": an hour something is moved to, said
        // last or just before its day ("buy 2 tomorrow" is no time).
        let day = token(end) == "on" ? end + 1 : end
        let dayNext = token(day) == "today" || token(day) == "tomorrow" || DateWords.weekdays[token(day)] != nil
        let movedTo = token(index - 1) == "to" && (end == tokens.count || dayNext) && !closesRange
        guard explicit || cued || wholeText || partNext || movedTo || parts.part != nil else { return nil }
        // "by 15 minutes", "at 2 hours": a number of a unit is a length, not an hour.
        guard explicit || partNext || DateMath.units[token(end)] == nil else { return nil }
        if hour > 12 { clock.pm = nil }
        return (clock, end)
    }

    /// "1430 hours", "at 1030", "1140 am": a clock written without a colon.
    private func hundredHoursTime(at index: Int) -> (clock: Clock, end: Int)? {
        let word = token(index)
        let meridiem = meridiem(at: index + 1)
        guard (3...4).contains(word.count), let value = Int(word), value % 100 < 60, value / 100 < 24,
            token(index + 1) == "hours" || token(index + 1) == "hrs" || token(index - 1) == "at" || meridiem != nil
        else { return nil }
        let clock = Clock(hour: value / 100, minute: value % 100, pm: meridiem?.pm, grain: .minute)
        if let meridiem { return (clock, meridiem.end) }
        return (clock, index + (token(index + 1).hasPrefix("h") ? 2 : 1))
    }

    /// Words before a clock time that make a bare number one ("at 5").
    static let clockCues: Set<String> = ["at", "@", "around", "by", "till", "until"]

    /// Words that open a range of times ("from 2 to 3 pm").
    static let rangeStarts: Set<String> = ["from", "between"]
    /// Words between the two ends of a range of times.
    static let rangeJoins: Set<String> = ["to", "until", "till", "and"]

    /// "half past seven", "quarter to 8", "20 minutes past five", "ten past 9", "15 past 15h".
    func relativeClock(at index: Int) -> (clock: Clock, end: Int)? {
        var cursor = index
        var minutes: Int
        if token(cursor) == "a", token(cursor + 1) == "quarter" { cursor += 1 }
        if token(cursor) == "three", token(cursor + 1) == "quarters" {
            minutes = 45
            cursor += 2
        } else if token(cursor) == "half" {
            minutes = 30
            cursor += 1
        } else if token(cursor) == "quarter" {
            minutes = 15
            cursor += 1
        } else if let number = numbers[cursor], let value = number.integer, (1...59).contains(value), !number.isOrdinal
        {
            minutes = value
            cursor = number.range.upperBound
            if ["minutes", "minute", "mins", "min"].contains(token(cursor)) { cursor += 1 }
        } else {
            return nil
        }
        let direction = token(cursor)
        guard ["past", "after", "to", "till", "before", "of"].contains(direction) else { return nil }
        let after = direction == "past" || direction == "after"
        if !after, minutes > 30 && minutes != 45 { return nil }
        // "from 2 to 3 pm", "between five and six": a range of hours, not minutes to an hour.
        // Minutes before an hour are said in fives ("five to three", "twenty to 8").
        if !after, Self.rangeStarts.contains(token(index - 1)) || minutes % 5 != 0 { return nil }
        cursor += 1
        var hourClock: Clock
        var end: Int
        if token(cursor) == "noon" || token(cursor) == "midnight" {
            hourClock = Clock(hour: token(cursor) == "noon" ? 12 : 0, minute: 0, pm: nil)
            end = cursor + 1
        } else if let compact = Self.compactClock(token(cursor)), compact.minute == 0 {
            hourClock = compact
            end = cursor + 1
        } else if let number = numbers[cursor], let hour = number.integer, (0...23).contains(hour), !number.isOrdinal {
            hourClock = Clock(hour: hour, minute: 0, pm: nil)
            end = number.range.upperBound
            if token(end) == "oclock" { end += 1 }
        } else {
            return nil
        }
        if hourClock.pm == nil, let meridiem = meridiem(at: end) {
            hourClock.pm = meridiem.pm
            end = meridiem.end
        }
        var clock = hourClock
        clock.grain = .minute
        if after {
            clock.minute = minutes
        } else {
            clock.hour = (clock.hour + 23) % 24
            clock.minute = 60 - minutes
            if clock.hour == 11, hourClock.hour == 12, clock.pm == true { clock.pm = false }
        }
        return (clock, end)
    }

    /// "am", "pm", "a m", "p m", "a", "p" (only before "m").
    func meridiem(at index: Int) -> (pm: Bool, end: Int)? {
        let word = token(index)
        if word == "am" || word == "pm" { return (word == "pm", index + 1) }
        if word == "ampm" { return (false, index + 1) }
        if word == "a" || word == "p", token(index + 1) == "m" { return (word == "p", index + 2) }
        return nil
    }

    /// One token holding a clock time: "5pm", "5:30", "5:30pm", "8.30pm", "17h00", "15h", "9:00a", "8:00:20pm".
    static func compactClock(_ word: String) -> Clock? {
        guard word.startsWithNumber else { return nil }
        var cleaned = word
        if cleaned.hasSuffix("a.m") || cleaned.hasSuffix("p.m") {
            cleaned.remove(at: cleaned.index(cleaned.endIndex, offsetBy: -2))
        }
        if cleaned.hasSuffix(".am") || cleaned.hasSuffix(".pm") {
            cleaned.remove(at: cleaned.index(cleaned.endIndex, offsetBy: -3))
        }
        var text = Substring(cleaned)
        var pm: Bool?
        for (suffix, isPM) in [("ampm", false), ("am", false), ("pm", true), ("a", false), ("p", true)]
        where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count)
            pm = isPM
            break
        }
        var separatorSeen = false
        var fields: [Substring]
        if text.contains(Character(":")) {
            fields = text.split(separator: ":", omittingEmptySubsequences: false)
            separatorSeen = true
        } else if text.contains(Character("h")) {
            fields = text.split(separator: "h", omittingEmptySubsequences: false)
            if fields.last?.isEmpty == true { fields.removeLast() }
            separatorSeen = true
            // "3h18", "15h": a 24-hour clock, so a morning hour is not moved to the afternoon.
            if pm == nil, let hour = Int(fields.first ?? ""), hour < 12 { pm = false }
        } else if text.contains(Character(".")), pm != nil {
            fields = text.split(separator: ".", omittingEmptySubsequences: false)
        } else if pm != nil, (3...4).contains(text.count) {
            fields = [text.dropLast(2), text.suffix(2)]  // "340pm"
        } else {
            fields = [text]
        }
        guard separatorSeen || pm != nil, (1...3).contains(fields.count),
            fields.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isNumber) })
        else { return nil }
        let values = fields.compactMap { Int($0) }
        guard values.count == fields.count, (0...24).contains(values[0]) else { return nil }
        let minute = values.count > 1 ? values[1] : 0
        let second = values.count > 2 ? values[2] : 0
        guard (0...59).contains(minute), (0...59).contains(second), fields.count == 1 || fields[1].count == 2 else {
            return nil
        }
        if pm != nil, values[0] > 12 || values[0] == 0 { return nil }
        let grain: DateMath.Unit = values.count > 2 ? .second : values.count > 1 ? .minute : .hour
        return Clock(hour: values[0] % 24, minute: minute, second: second, pm: pm, grain: grain)
    }
}
