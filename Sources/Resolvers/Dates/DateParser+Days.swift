import IntentModel

extension DateParser {
    func token(_ index: Int) -> String { index < tokens.count && index >= 0 ? tokens[index] : "" }

    /// "now", "right now", "at the moment", "at this time".
    func matchNow(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.instant == nil, parts.day == nil else { return nil }
        for phrase in Self.nowPhrases where starts(phrase, at: index) {
            parts.instant = now
            return index + phrase.count
        }
        return nil
    }

    static let nowPhrases: [[String]] = [
        ["right", "now"], ["just", "now"], ["now"], ["the", "moment"], ["this", "time"], ["immediately"], ["asap"],
        ["atm"], ["present"], ["the", "present", "time"], ["the", "minute"],
    ]

    static let relativeDays: [([String], Int)] = [
        (["day", "after", "tomorrow"], 2), (["day", "before", "yesterday"], -2), (["today"], 0),
        (["tonight"], 0), (["tomorrow"], 1), (["tomorow"], 1), (["tmrw"], 1), (["tmr"], 1), (["tommorow"], 1),
        (["yesterday"], -1), (["next", "day"], 1), (["following", "day"], 1), (["previous", "day"], -1),
        (["day", "before"], -1), (["day", "after"], 1), (["todays"], 0), (["tonights"], 0),
        (["tomorrows"], 1), (["day", "after", "tmrw"], 2), (["this", "day"], 0), (["my", "day"], 0),
        (["otd"], 0), (["last", "day"], -1), (["past", "day"], -1), (["day"], 0), (["last", "night"], -1),
    ]

    func starts(_ phrase: [String], at index: Int) -> Bool {
        guard index + phrase.count <= tokens.count else { return false }
        for (offset, word) in phrase.enumerated() where tokens[index + offset] != word { return false }
        return true
    }

    /// "today", "tomorrow", "yesterday", "tonight", "the day after tomorrow", "the next day".
    func matchRelativeDay(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.day == nil, parts.instant == nil else { return nil }
        for (phrase, offset) in Self.relativeDays where starts(phrase, at: index) {
            parts.day = math.addingDays(offset, to: today)
            if phrase == ["day"], index > 0, token(index - 1) != "the" { return nil }
            if phrase == ["tonight"] || phrase == ["tonights"] || phrase == ["last", "night"] {
                if parts.part == nil { parts.part = .night }
            }
            return index + phrase.count
        }
        return nil
    }

    /// "by the end of the day", "end of day tomorrow", "eod", "close of business": five in the
    /// afternoon, when a working day ends; the day, when not said, is today.
    func matchEndOfDay(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.clock == nil, parts.instant == nil else { return nil }
        for phrase in Self.endOfDayPhrases where starts(phrase, at: index) {
            parts.clock = Clock(hour: 5, minute: 0, pm: true)
            return index + phrase.count
        }
        return nil
    }

    static let endOfDayPhrases: [[String]] = [
        ["the", "end", "of", "the", "day"], ["the", "end", "of", "day"], ["end", "of", "the", "day"], ["end", "of", "day"],
        ["end", "of", "today"], ["the", "end", "of", "today"], ["close", "of", "business"], ["eod"], ["cob"],
    ]

    /// Holidays: "christmas", "new year's eve 2019", "next thanksgiving", "easter monday 2017",
    /// "last easter", "black friday of this year".
    func matchHoliday(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.day == nil, parts.month == nil else { return nil }
        var cursor = index
        var shift: Int?
        if let named = Self.weekShifts[token(cursor)] {
            shift = named ?? 1
            cursor += 1
        }
        guard Holidays.firstWords.contains(token(cursor)) else { return nil }
        for length in stride(from: 5, through: 1, by: -1) where cursor + length <= tokens.count {
            var words = Array(tokens[cursor..<cursor + length])
            if words.last == "day", length > 1, !Holidays.isHoliday(words.joined(separator: " ")) { words.removeLast() }
            let key = words.joined(separator: " ")
            guard Holidays.isHoliday(key) else { continue }
            var end = cursor + length
            var year: Int?
            var probe = Parts()
            if let after = readYear(at: end, &probe), let found = probe.year {
                year = found
                end = after
            } else if token(end) == "of" || token(end) == "in", let named = Self.weekShifts[token(end + 1)],
                token(end + 2) == "year"
            {
                year = now.year + (named ?? 1)
                end += 3
            }
            guard let resolved = holiday(key, year: year, shift: shift) else { return nil }
            parts.day = resolved
            return end
        }
        return nil
    }

    private func holiday(_ name: String, year: Int?, shift: Int?) -> LocalDateTime? {
        if let year { return Holidays.date(name, year: year, math: math) }
        guard let thisYear = Holidays.date(name, year: now.year, math: math) else { return nil }
        switch shift {
        case .some(-1):
            return thisYear < today ? thisYear : Holidays.date(name, year: now.year - 1, math: math)
        case .some(0):
            return thisYear
        default:
            return thisYear >= today ? thisYear : Holidays.date(name, year: now.year + 1, math: math)
        }
    }

    static let weekShifts: [String: Int?] = [
        "this": 0, "next": 1, "last": -1, "coming": nil, "upcoming": nil, "following": 1, "previous": -1, "past": -1,
        "prior": -1,
    ]

    /// "friday", "next friday", "last tue", "friday of next week", "next week sunday",
    /// "friday after next", "this past wednesday", "third tuesday of september 2014".
    func matchWeekday(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.weekday == nil else { return nil }
        if let nth = matchNthWeekday(at: index, &parts) { return nth }
        var cursor = index
        var shift: Int?? = nil
        var past = false
        if token(cursor) == "this", token(cursor + 1) == "past" { cursor += 1 }
        if token(cursor) == "past" {
            past = true
            cursor += 1
        } else if let named = Self.weekShifts[token(cursor)] {
            shift = .some(named)
            cursor += 1
        }
        // "next week sunday", "this week friday", "previous week - monday", "next week on tuesday", "last week's sunday"
        if let named = shift, token(cursor) == "week" || token(cursor) == "weeks" {
            var probe = cursor + 1
            if ["on", ",", "between", "from"].contains(token(probe)) { probe += 1 }
            if let weekday = DateWords.weekdays[token(probe)] {
                parts.weekday = weekday
                parts.weekShift = named ?? 1
                return probe + 1
            }
        }
        guard let weekday = DateWords.weekdays[token(cursor)] else { return nil }
        cursor += 1
        if past {
            var back = (math.weekday(today) - weekday + 7) % 7
            if back == 0 { back = 7 }
            parts.day = math.addingDays(-back, to: today)
            return cursor
        }
        var weekShift: Int? = shift ?? nil
        if shift == nil {
            // "friday of next week", "monday next week", "sunday from last week", "monday of the following week"
            var probe = cursor
            if ["of", "from", "in"].contains(token(probe)) { probe += 1 }
            if token(probe) == "the" { probe += 1 }
            if let named = Self.weekShifts[token(probe)], token(probe + 1) == "week" {
                weekShift = named ?? 1
                cursor = probe + 2
            } else if token(cursor) == "after", token(cursor + 1) == "next" {
                parts.day = math.addingDays(7, to: weekdayDate(weekday, shift: nil))
                return cursor + 2
            } else if token(cursor) == "week", token(cursor + 1) == "after", token(cursor + 2) == "next" {
                weekShift = 2
                cursor += 3
            }
        } else if shift == .some(0) {
            weekShift = nil  // "this friday": the coming one
        }
        parts.weekday = weekday
        parts.weekShift = weekShift
        return cursor
    }

    /// "third tuesday of september 2014", "last friday in october", "first monday of last month",
    /// "the second saturday".
    private func matchNthWeekday(at index: Int, _ parts: inout Parts) -> Int? {
        var cursor = index
        if token(cursor) == "the" { cursor += 1 }
        let n: Int
        var after: Int
        if token(cursor) == "last" {
            n = -1
            after = cursor + 1
        } else if let number = numbers[cursor], number.isOrdinal, let value = number.integer, (1...5).contains(value) {
            n = value
            after = number.range.upperBound
        } else {
            return nil
        }
        guard let weekday = DateWords.weekdays[token(after)] else { return nil }
        after += 1
        var month = now.month
        var year = now.year
        var probe = after
        if token(probe) == "of" || token(probe) == "in" {
            probe += 1
            if token(probe) == "the" { probe += 1 }
            if let named = DateWords.months[token(probe)] {
                month = named
                var yearParts = Parts()
                if let end = readYear(at: probe + 1, &yearParts), let found = yearParts.year {
                    year = found
                    after = end
                } else {
                    if context.prefersFuture, month < now.month { year += 1 }
                    after = probe + 1
                }
            } else if let named = Self.weekShifts[token(probe)] ?? (token(probe) == "current" ? 0 : nil),
                token(probe + 1) == "month"
            {
                let moved = math.addingMonths(named, to: LocalDateTime(year: year, month: month, day: 1))
                (month, year) = (moved.month, moved.year)
                after = probe + 2
            } else if token(probe) == "month" {
                after = probe + 1
            } else {
                return nil
            }
        } else if n == -1 {
            return nil  // "last friday" is a week shift, read by matchWeekday
        }
        guard parts.day == nil, let day = Holidays.nthWeekday(n, weekday, month: month, year: year, math: math) else {
            return nil
        }
        parts.day = day
        return after
    }

    /// "11/25", "05/05/89", "2015/03/28", "23.04.2022", "08/12,2015", "31/oct/1974", "20161016",
    /// "14april", "dec31", and in a whole text "10 31 1974".
    func matchNumericDate(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.day == nil, parts.month == nil else { return nil }
        let text = token(index)
        if let glued = gluedMonthDay(text) {
            parts.month = glued.month
            parts.dayOfMonth = glued.day
            return readYear(at: index + 1, &parts) ?? index + 1
        }
        var fields: [Substring]
        var end = index + 1
        if text.count == 8, text.allSatisfy(\.isNumber), let year = Int(text.prefix(4)), (1900...2100).contains(year) {
            fields = [text.prefix(4), text.dropFirst(4).prefix(2), text.suffix(2)]
        } else if text.contains(where: { $0 == "/" || $0 == "." || $0 == "," }) {
            fields = text.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "," || $0 == "-" })
        } else if wholeText, parts.matched == 0, text.allSatisfy(\.isNumber), index + 2 < tokens.count,
            tokens[index + 1].allSatisfy(\.isNumber), tokens[index + 2].allSatisfy(\.isNumber),
            index + 3 == tokens.count
        {
            fields = [Substring(text), Substring(tokens[index + 1]), Substring(tokens[index + 2])]
            end = index + 3
        } else {
            return nil
        }
        guard text.first?.isNumber == true || DateWords.months[String(fields.first ?? "")] != nil else { return nil }
        // A month written as a word inside: "31/oct/1974", "2019/aug/01".
        var monthField: (position: Int, month: Int)?
        for (position, field) in fields.enumerated() {
            if let month = DateWords.months[String(field)] { monthField = (position, month) }
        }
        let numbers = fields.map { Int($0) }
        guard (2...3).contains(fields.count), numbers.filter({ $0 == nil }).count == (monthField == nil ? 0 : 1) else {
            return nil
        }
        let dotted = text.contains(Character(".")) && !text.contains(Character("/"))
        if dotted, fields.count == 2 { return nil }  // "12.50" is a number
        var year: Int?
        var month: Int
        var day: Int
        if let monthField {
            let rest = fields.indices.filter { $0 != monthField.position }.compactMap { numbers[$0] }
            let restFields = fields.indices.filter { $0 != monthField.position }.map { fields[$0] }
            month = monthField.month
            if rest.count == 2 {
                let yearFirst = restFields[0].count == 4
                day = yearFirst ? rest[1] : rest[0]
                year = yearFirst ? rest[0] : fullYear(rest[1], digits: restFields[1].count)
            } else if let only = rest.first {
                day = only
            } else {
                return nil
            }
        } else if fields[0].count == 4 {
            guard fields.count == 3, let y = numbers[0], let m = numbers[1], let d = numbers[2] else { return nil }
            (year, month, day) = (y, m, d)
        } else {
            guard let first = numbers[0], let second = numbers[1] else { return nil }
            let dayFirst = (dotted && second <= 12) || first > 12
            (day, month) = dayFirst ? (first, second) : (second, first)
            if fields.count == 3, let y = numbers[2] { year = fullYear(y, digits: fields[2].count) }
        }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        parts.month = month
        parts.dayOfMonth = day
        if let year { parts.year = year }
        return end
    }

    /// "14april", "dec31", "feb13": a day and a month written as one word.
    private func gluedMonthDay(_ text: String) -> (month: Int, day: Int)? {
        guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let digits = text.prefix { $0.isNumber }
        if !digits.isEmpty, let month = DateWords.months[String(text.dropFirst(digits.count))], let day = Int(digits),
            (1...31).contains(day)
        {
            return (month, day)
        }
        let letters = text.prefix { $0.isLetter }
        if !letters.isEmpty, let month = DateWords.months[String(letters)],
            let day = Int(text.dropFirst(letters.count)),
            (1...31).contains(day)
        {
            return (month, day)
        }
        return nil
    }

    /// A two-digit year is the one within twenty years ahead of now, else the century before.
    func fullYear(_ value: Int, digits: Int) -> Int {
        guard digits <= 2 else { return value }
        let century = now.year / 100 * 100
        return century + value > now.year + 20 ? century - 100 + value : century + value
    }

    /// A day of the month as said: "3rd", "third", "3", "thirty first".
    func dayNumber(at index: Int) -> (day: Int, end: Int)? {
        guard let number = numbers[index], let value = number.integer, (1...31).contains(value) else { return nil }
        return (value, number.range.upperBound)
    }

    /// "march 3rd", "march the 3rd", "the 3rd of march", "3 march 2015", "the 20th of next month", "the 3rd".
    func matchMonthDay(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.day == nil, parts.dayOfMonth == nil || parts.month == nil else { return nil }
        if let month = DateWords.months[token(index)], parts.month == nil {
            if token(index) == "may" || token(index) == "march", !wholeText, !looksLikeDate(after: index) { return nil }
            var cursor = index + 1
            if token(cursor) == "the" { cursor += 1 }
            parts.month = month
            if parts.dayOfMonth == nil, let day = dayNumber(at: cursor), !isYear(at: cursor) {
                parts.dayOfMonth = day.day
                cursor = day.end
            } else {
                cursor = index + 1
            }
            return readYear(at: cursor, &parts) ?? cursor
        }
        var cursor = index
        if token(cursor) == "the" { cursor += 1 }
        guard parts.dayOfMonth == nil, let day = dayNumber(at: cursor) else { return nil }
        let number = numbers[cursor]
        var after = day.end
        if token(after) == "of" || token(after) == "," { after += 1 }
        if let month = DateWords.months[token(after)], parts.month == nil {
            parts.month = month
            parts.dayOfMonth = day.day
            return readYear(at: after + 1, &parts) ?? after + 1
        }
        // "the 20th of next month", "20th day of the current month", "third day of october"
        var probe = day.end
        if token(probe) == "day" { probe += 1 }
        if token(probe) == "of" || token(probe) == "in" {
            probe += 1
            if token(probe) == "the" { probe += 1 }
            let named = Self.weekShifts[token(probe)] ?? (token(probe) == "current" ? 0 : nil)
            if let named, token(probe + 1) == "month" {
                parts.dayOfMonth = day.day
                parts.monthShift = named
                return probe + 2
            }
            // "the first of the month" is the next first (or the last, spoken of the past), as
            // "on the first" is: "pay rent on the first of the month" on November 22 is December 1.
            if token(probe) == "month" {
                parts.dayOfMonth = day.day
                return probe + 1
            }
            if let month = DateWords.months[token(probe)], parts.month == nil, token(day.end) == "day" {
                parts.month = month
                parts.dayOfMonth = day.day
                return readYear(at: probe + 1, &parts) ?? probe + 1
            }
        }
        // "the 3rd", "on the first": an ordinal alone, or after a month already read.
        if number?.isOrdinal == true, cursor > index || parts.month != nil || parts.weekday != nil || wholeText {
            parts.dayOfMonth = day.day
            return day.end
        }
        if parts.month != nil || parts.weekday != nil, cursor > index {
            parts.dayOfMonth = day.day
            return day.end
        }
        return nil
    }

    /// "may" and "march" are words too: a date needs a number or a year next to them.
    func looksLikeDate(after index: Int) -> Bool {
        numbers[index + 1] != nil || (token(index + 1) == "the" && numbers[index + 2] != nil)
            || (index > 0 && (numbers[index - 1] != nil || token(index - 1) == "of"))
    }

    func isYear(at index: Int) -> Bool {
        guard let number = numbers[index], let value = number.integer else { return false }
        return value >= 1000 && number.isDigits
    }

    /// A year after a day and month: "2015", "'89", "nineteen ninety three", "two thousand and five".
    func readYear(at start: Int, _ parts: inout Parts) -> Int? {
        var index = start
        if token(index) == "," || token(index) == "of" || token(index) == "in" { index += 1 }
        guard parts.year == nil, let number = numbers[index], let value = number.integer, !number.isOrdinal else {
            return nil
        }
        if number.isDigits {
            let text = token(index)
            if value >= 1000, value <= 9999 || text.count == 4 {
                parts.year = value
                return number.range.upperBound
            }
            if text.count == 2, parts.dayOfMonth != nil {
                parts.year = fullYear(value, digits: 2)
                return number.range.upperBound
            }
            return nil
        }
        if value >= 1000, value < 3000 {
            parts.year = value
            return number.range.upperBound
        }
        // "nineteen oh five", "nineteen zero one"
        if (10...29).contains(value), ["oh", "zero", "o"].contains(token(number.range.upperBound)),
            let unit = NumberWords.units[token(number.range.upperBound + 1)], (1...9).contains(unit)
        {
            parts.year = value * 100 + unit
            return number.range.upperBound + 2
        }
        // "nineteen ninety three": two numbers of two digits.
        if (10...29).contains(value), let next = numbers[number.range.upperBound], let low = next.integer,
            (0...99).contains(low),
            !next.isDigits
        {
            parts.year = value * 100 + low
            return next.range.upperBound
        }
        return nil
    }

    /// A year alone: "in 2015", "2015" next to other date words.
    func matchYear(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.year == nil, parts.instant == nil else { return nil }
        guard parts.matched > 0 || wholeText || token(index - 1) == "in" else { return nil }
        guard let number = numbers[index], number.isDigits, let value = number.integer, (1000...2999).contains(value),
            token(index).count == 4
        else { return nil }
        parts.year = value
        return number.range.upperBound
    }

    /// "morning", "this evening", "in the afternoon", "tonight" (after a time), "at lunchtime".
    func matchPart(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.part == nil else { return nil }
        var cursor = index
        var isToday = false
        if token(cursor) == "this" {
            isToday = true
            cursor += 1
        } else if token(cursor) == "in", token(cursor + 1) == "the" {
            cursor += 2
        } else if ["early", "late", "mid"].contains(token(cursor)) {
            cursor += 1
        }
        var word = token(cursor)
        if word == "mid", ["day", "night"].contains(token(cursor + 1)) { return nil }
        if word.hasPrefix("mid"), let part = DateWords.parts[String(word.dropFirst(3))], part != .night {
            word = String(word.dropFirst(3))
        }
        guard word != "am" && word != "pm" || cursor > index, let part = DateWords.parts[word] else { return nil }
        if word == "tonight" || word == "tonights" { isToday = true }
        if isToday {
            guard parts.day == nil || parts.day == today else { return nil }
            if parts.instant == nil { parts.day = today }
        }
        parts.part = part
        return cursor + 1
    }
}
