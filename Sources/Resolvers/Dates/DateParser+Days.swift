import IntentModel

extension DateParser {
    func token(_ index: Int) -> String { index < tokens.count && index >= 0 ? tokens[index] : "" }

    /// "now", "right now", "at the moment", "at this time".
    func matchNow(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.instant == nil, parts.day == nil else { return nil }
        let phrases: [[String]] = [["right", "now"], ["now"], ["the", "moment"], ["this", "time"], ["immediately"], ["asap"]]
        for phrase in phrases where starts(phrase, at: index) {
            parts.instant = now
            return index + phrase.count
        }
        return nil
    }

    func starts(_ phrase: [String], at index: Int) -> Bool {
        index + phrase.count <= tokens.count && Array(tokens[index..<index + phrase.count]) == phrase
    }

    /// "today", "tomorrow", "yesterday", "tonight", "the day after tomorrow", "the next day".
    func matchRelativeDay(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.day == nil, parts.instant == nil else { return nil }
        let phrases: [([String], Int)] = [
            (["day", "after", "tomorrow"], 2), (["day", "before", "yesterday"], -2), (["today"], 0),
            (["tonight"], 0), (["tomorrow"], 1), (["tomorow"], 1), (["tmrw"], 1), (["tmr"], 1), (["tommorow"], 1),
            (["yesterday"], -1), (["next", "day"], 1), (["following", "day"], 1), (["previous", "day"], -1),
            (["day", "before"], -1), (["day", "after"], 1), (["todays"], 0), (["tonights"], 0),
        ]
        for (phrase, offset) in phrases where starts(phrase, at: index) {
            parts.day = math.addingDays(offset, to: today)
            if phrase == ["tonight"] || phrase == ["tonights"] {
                if parts.part == nil { parts.part = .night }
            }
            return index + phrase.count
        }
        return nil
    }

    /// Holidays on a fixed day: "christmas", "new year's eve 2019", "st patrick's day".
    func matchHoliday(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.day == nil, parts.month == nil else { return nil }
        for length in stride(from: 4, through: 1, by: -1) where index + length <= tokens.count {
            let key = tokens[index..<index + length].joined(separator: " ")
            guard let holiday = DateWords.fixedHolidays[key] else { continue }
            parts.month = holiday.month
            parts.dayOfMonth = holiday.day
            return index + length
        }
        return nil
    }

    static let weekShifts: [String: Int?] = [
        "this": 0, "next": 1, "last": -1, "coming": nil, "upcoming": nil, "following": 1, "previous": -1, "past": -1,
        "prior": -1,
    ]

    /// "friday", "next friday", "last tue", "friday of next week", "next week sunday".
    func matchWeekday(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.weekday == nil else { return nil }
        var cursor = index
        var shift: Int?? = nil
        if let named = Self.weekShifts[token(cursor)] {
            shift = .some(named)
            cursor += 1
        }
        // "next week sunday", "this week friday", "previous week - monday"
        if let named = shift, token(cursor) == "week", let weekday = DateWords.weekdays[token(cursor + 1)] {
            parts.weekday = weekday
            parts.weekShift = named ?? 0
            return cursor + 2
        }
        guard let weekday = DateWords.weekdays[token(cursor)] else { return nil }
        cursor += 1
        var weekShift = shift ?? nil
        if shift == nil {
            // "friday of next week", "monday next week", "monday after next"
            var probe = cursor
            if token(probe) == "of" { probe += 1 }
            if let named = Self.weekShifts[token(probe)], token(probe + 1) == "week" {
                weekShift = named ?? 1
                cursor = probe + 2
            } else if token(cursor) == "after", token(cursor + 1) == "next" {
                weekShift = 2
                cursor += 2
            } else if token(cursor) == "week", token(cursor + 1) == "after", token(cursor + 2) == "next" {
                weekShift = 2
                cursor += 3
            }
        }
        parts.weekday = weekday
        parts.weekShift = weekShift
        if shift != nil, weekShift == nil {
            // "coming friday": the next one.
            parts.weekShift = nil
        }
        return cursor
    }

    /// "11/25", "05/05/89", "2015/03/28", "23.04.2022", "08/12,2015".
    func matchNumericDate(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.day == nil, parts.month == nil else { return nil }
        let text = token(index)
        guard text.first?.isNumber == true, text.contains(where: { $0 == "/" || $0 == "." || $0 == "," }) else { return nil }
        let fields = text.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "," || $0 == "-" })
        guard fields.allSatisfy({ $0.allSatisfy(\.isNumber) }), (2...3).contains(fields.count) else { return nil }
        let numbers = fields.compactMap { Int($0) }
        guard numbers.count == fields.count else { return nil }
        let dotted = text.contains(".") && !text.contains("/")
        if dotted, fields.count == 2 { return nil }  // "12.50" is a number
        var year: Int?
        var month: Int
        var day: Int
        if fields[0].count == 4 {
            guard numbers.count == 3 else { return nil }
            (year, month, day) = (numbers[0], numbers[1], numbers[2])
        } else if dotted || numbers[0] > 12 {
            (day, month) = (numbers[0], numbers[1])
            if numbers.count == 3 { year = Self.fullYear(numbers[2], digits: fields[2].count) }
        } else {
            (month, day) = (numbers[0], numbers[1])
            if numbers.count == 3 { year = Self.fullYear(numbers[2], digits: fields[2].count) }
        }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        parts.month = month
        parts.dayOfMonth = day
        if let year { parts.year = year }
        return index + 1
    }

    static func fullYear(_ value: Int, digits: Int) -> Int {
        guard digits <= 2 else { return value }
        return value < 50 ? 2000 + value : 1900 + value
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
        if token(day.end) == "of", let shift = Self.weekShifts[token(day.end + 1)], token(day.end + 2) == "month" {
            parts.dayOfMonth = day.day
            parts.monthShift = shift ?? 1
            return day.end + 3
        }
        // "the 3rd", "on the first": an ordinal alone, or after a month already read.
        if number?.isOrdinal == true, cursor > index || parts.month != nil || parts.weekday != nil || wholeText {
            parts.dayOfMonth = day.day
            return day.end
        }
        if parts.month != nil, cursor > index {
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
                parts.year = Self.fullYear(value, digits: 2)
                return number.range.upperBound
            }
            return nil
        }
        if value >= 1000, value < 3000 {
            parts.year = value
            return number.range.upperBound
        }
        // "nineteen ninety three": two numbers of two digits.
        if (10...29).contains(value), let next = numbers[number.range.upperBound], let low = next.integer, (0...99).contains(low),
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
        let word = token(cursor)
        guard word != "am", word != "pm", let part = DateWords.parts[word] else { return nil }
        if word == "tonight" || word == "tonights" { isToday = true }
        if isToday {
            guard parts.day == nil || parts.day == today else { return nil }
            if parts.instant == nil { parts.day = today }
        }
        parts.part = part
        return cursor + 1
    }
}
