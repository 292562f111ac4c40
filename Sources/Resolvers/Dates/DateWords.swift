/// The words of dates and times: weekdays, months, parts of the day, and holidays on fixed days.
enum DateWords {
    static let weekdays: [String: Int] = [
        "sunday": 1, "sun": 1, "sundays": 1, "monday": 2, "mon": 2, "mondays": 2, "tuesday": 3, "tue": 3, "tues": 3,
        "tuesdays": 3, "wednesday": 4, "wed": 4, "weds": 4, "wednesdays": 4, "thursday": 5, "thu": 5, "thur": 5,
        "thurs": 5, "thursdays": 5, "friday": 6, "fri": 6, "fridays": 6, "saturday": 7, "sat": 7, "saturdays": 7,
    ]
    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
        "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
        "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]

    /// A part of the day: the hour it starts at, the hour a bare time takes ("morning at 7").
    enum Part: Hashable {
        case morning, noon, afternoon, evening, night, lunch

        /// The time the part means when no clock time is given ("tomorrow morning").
        var defaultHour: Int {
            switch self {
            case .morning: 9
            case .noon, .lunch: 12
            case .afternoon: 15
            case .evening: 19
            case .night: 20
            }
        }

        /// `hour` (0-12, no am or pm said) moved into this part.
        func place(_ hour: Int) -> Int {
            switch self {
            case .morning: hour == 12 ? 0 : hour
            case .noon, .lunch: hour < 11 ? hour + 12 : hour
            case .afternoon, .evening: hour < 12 ? hour + 12 : hour
            case .night: hour < 5 || hour == 12 ? hour % 12 : hour + 12
            }
        }
    }

    static let parts: [String: Part] = [
        "morning": .morning, "mornings": .morning, "am": .morning, "noon": .noon, "midday": .noon,
        "afternoon": .afternoon, "afternoons": .afternoon, "evening": .evening, "evenings": .evening,
        "night": .night, "nights": .night, "tonight": .night, "lunch": .lunch, "lunchtime": .lunch,
        "dinnertime": .evening, "pm": .afternoon,
    ]

    /// Meals named anywhere in an utterance ("schedule dinner tomorrow at 8", "breakfast with
    /// dana at 9"): a bare hour is in the part of the day the meal is eaten in.
    static let meals: [String: Part] = [
        "breakfast": .morning, "brunch": .lunch, "lunch": .lunch, "dinner": .evening, "supper": .evening,
    ]

    /// Every word that names a meal or its time, for readers outside this module.
    static let mealWords = Set(meals.keys).union(["lunchtime", "dinnertime"])

    /// Words that say a time is to wake by ("wake me up at 6 tomorrow", "set an alarm for
    /// friday at 5"): its bare hour is the morning's, not the afternoon's.
    static let wakingWords: Set<String> = ["wake", "waking", "wakeup", "alarm", "alarms"]

    /// Time zone abbreviations and their offsets from UTC in seconds (standard time unless named).
    static let zones: [String: Int] = [
        "gmt": 0, "utc": 0, "z": 0, "bst": 3600, "cet": 3600, "cest": 7200, "eet": 7200, "ist": 19800,
        "jst": 32400, "est": -18000, "edt": -14400, "cst": -21600, "cdt": -18000, "mst": -25200, "mdt": -21600,
        "pst": -28800, "pdt": -25200, "aest": 36000, "hkt": 28800, "sgt": 28800,
    ]

    /// Holidays on a fixed day of the year.
    static let fixedHolidays: [String: (month: Int, day: Int)] = [
        "christmas": (12, 25), "xmas": (12, 25), "christmas day": (12, 25), "christmas eve": (12, 24),
        "new year": (1, 1), "new years": (1, 1), "new years day": (1, 1), "new year day": (1, 1),
        "new years eve": (12, 31), "new year eve": (12, 31), "halloween": (10, 31),
        "valentines day": (2, 14), "valentine day": (2, 14), "valentines": (2, 14), "independence day": (7, 4),
        "st patricks day": (3, 17), "saint patricks day": (3, 17), "st paddys day": (3, 17),
        "veterans day": (11, 11), "boxing day": (12, 26), "earth day": (4, 22), "april fools": (4, 1),
        "april fools day": (4, 1), "all saints day": (11, 1), "groundhog day": (2, 2), "flag day": (6, 14),
        "juneteenth": (6, 19), "may day": (5, 1), "cinco de mayo": (5, 5), "epiphany": (1, 6),
        "assumption day": (8, 15), "all souls day": (11, 2), "siblings day": (4, 10), "womens day": (3, 8),
        "international womens day": (3, 8), "st georges day": (4, 23), "guy fawkes day": (11, 5),
        "bastille day": (7, 14), "canada day": (7, 1), "australia day": (1, 26),
    ]
}
