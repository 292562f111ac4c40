import IntentModel

/// Holidays on a rule rather than a fixed day: Easter and the days counted from it, and the
/// US holidays on the n-th weekday of a month (Thanksgiving, Memorial Day, Labor Day, ...).
enum Holidays {
    /// Days from Easter Sunday.
    static let easterOffsets: [String: Int] = [
        "easter": 0, "easter sunday": 0, "easter day": 0, "easter monday": 1, "easter mon": 1, "good friday": -2,
        "holy saturday": -1, "maundy thursday": -3, "holy thursday": -3, "palm sunday": -7, "ash wednesday": -46,
        "mardi gras": -47, "shrove tuesday": -47, "pancake day": -47, "ascension day": 39, "ascension": 39,
        "pentecost": 49, "whit sunday": 49, "whitsunday": 49, "whit monday": 50, "trinity sunday": 56,
        "corpus christi": 60,
    ]

    /// (month, weekday 1=Sunday, n; -1 for the last) and days added after.
    static let weekdayRules: [String: (month: Int, weekday: Int, n: Int, plus: Int)] = [
        "thanksgiving": (11, 5, 4, 0), "thanksgiving day": (11, 5, 4, 0), "thanks giving": (11, 5, 4, 0),
        "thanks giving day": (11, 5, 4, 0), "black friday": (11, 5, 4, 1), "cyber monday": (11, 5, 4, 4),
        "mlk day": (1, 2, 3, 0), "martin luther king day": (1, 2, 3, 0), "martin luther kings day": (1, 2, 3, 0),
        "mlk jr day": (1, 2, 3, 0), "civil rights day": (1, 2, 3, 0), "presidents day": (2, 2, 3, 0),
        "president day": (2, 2, 3, 0), "washingtons birthday": (2, 2, 3, 0), "memorial day": (5, 2, -1, 0),
        "labor day": (9, 2, 1, 0), "labour day": (9, 2, 1, 0), "columbus day": (10, 2, 2, 0),
        "mothers day": (5, 1, 2, 0), "mother day": (5, 1, 2, 0), "fathers day": (6, 1, 3, 0),
        "father day": (6, 1, 3, 0),
    ]

    static func easter(_ year: Int) -> LocalDateTime {
        // The anonymous Gregorian computus.
        let a = year % 19
        let b = year / 100
        let c = year % 100
        let d = b / 4
        let e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4
        let k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return LocalDateTime(year: year, month: month, day: day)
    }

    /// The n-th `weekday` (1 = Sunday) of a month; n = -1 for the last.
    static func nthWeekday(_ n: Int, _ weekday: Int, month: Int, year: Int, math: DateMath) -> LocalDateTime? {
        if n < 0 {
            let last = LocalDateTime(year: year, month: month, day: DateMath.daysIn(month: month, year: year))
            let back = (math.weekday(last) - weekday + 7) % 7
            return math.addingDays(-back - 7 * (-n - 1), to: last)
        }
        let first = LocalDateTime(year: year, month: month, day: 1)
        let ahead = (weekday - math.weekday(first) + 7) % 7
        let day = 1 + ahead + 7 * (n - 1)
        guard day <= DateMath.daysIn(month: month, year: year) else { return nil }
        return LocalDateTime(year: year, month: month, day: day)
    }

    /// The holiday `name` in `year`, when it is one of the rule-based ones.
    static func date(_ name: String, year: Int, math: DateMath) -> LocalDateTime? {
        if let offset = easterOffsets[name] { return math.addingDays(offset, to: easter(year)) }
        if let rule = weekdayRules[name],
            let day = nthWeekday(rule.n, rule.weekday, month: rule.month, year: year, math: math)
        {
            return math.addingDays(rule.plus, to: day)
        }
        if let fixed = DateWords.fixedHolidays[name] {
            return LocalDateTime(year: year, month: fixed.month, day: fixed.day)
        }
        return nil
    }

    /// Every holiday's name.
    static let names: [String] = Array(easterOffsets.keys) + Array(weekdayRules.keys) + Array(DateWords.fixedHolidays.keys)

    /// The first word of every holiday name, to skip the lookup for other words.
    static let firstWords: Set<String> = Set(names.compactMap { $0.split(separator: " ").first.map(String.init) })

    static func isHoliday(_ name: String) -> Bool {
        easterOffsets[name] != nil || weekdayRules[name] != nil || DateWords.fixedHolidays[name] != nil
    }
}
