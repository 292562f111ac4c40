extension DateParser {
    /// Whether a date can begin at `index`, asked before `parse(from:)` for every word of an
    /// utterance: most words ("turn", "kitchen", "lights") begin none, and one lookup says so
    /// where the readers would each try theirs. The test is a superset of what the readers
    /// accept as their first word, with a fresh set of parts: a token that is not ASCII
    /// letters alone (digits, "5pm", "11/25", other scripts), a number's start, a word of
    /// `startWords`, or "mid..." ("midmorning"). A filler word is not asked about: the parser
    /// skips it and reads on.
    func mayStart(at index: Int) -> Bool {
        let word = tokens[index]
        guard word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return true }
        return numbers[index] != nil || Self.startWords.contains(word) || word.hasPrefix("mid")
            || NumberReader.mayStart(word)
    }

    /// Every word a reader of `matchAny` may take first. Built from the readers' own tables, so
    /// a word added to one of them is a start word too; the words the readers test by name
    /// are listed. `DateStartTests` checks over every corpus that no date is missed.
    static let startWords: Set<String> = {
        var words = fillers
        words.formUnion(nowPhrases.compactMap(\.first))
        words.formUnion(relativeDays.compactMap(\.0.first))
        words.formUnion(endOfDayPhrases.compactMap(\.first))
        words.formUnion(weekShifts.keys)
        words.formUnion(Holidays.firstWords)
        words.formUnion(DateWords.weekdays.keys)
        words.formUnion(DateWords.months.keys)
        words.formUnion(DateWords.parts.keys)
        words.formUnion(NumberWords.homophones)
        words.formUnion([
            // offsets: "in 20 minutes", "upcoming two days", "a fortnight", "half an hour"
            "in", "upcoming", "fortnight", "half", "a", "an",
            // weekdays and days of the month: "the 3rd", "last friday", "this past wednesday"
            "the", "last", "this", "past",
            // clock times: "noon", "mid day", "three quarters past", "quarter to 8"
            "noon", "midday", "midnight", "mid", "midmorning", "midafternoon", "three", "quarter",
            // parts of the day: "early morning", "late evening"
            "early", "late",
            // periods: "the end of the month", "beginning of next year", "on the weekend"
            "end", "beginning", "start", "weekend",
            // how a time is moved: "back an hour", "forward by 30 minutes", "earlier by 10 minutes"
            "back", "forward", "up", "later", "earlier",
        ])
        return words
    }()

    /// Whether the word at `index` may be one a date cannot do without: every date holds at
    /// least one (a number, a weekday, a month, a part of the day, a unit, "tomorrow", "now",
    /// a holiday...), while "the", "in", "this", "last" and fillers never make one alone. The
    /// tagger reads no date from past the last such word of an utterance ("turn on the lights
    /// in the kitchen" holds none). `ReaderStartTests` checks over every corpus that no date
    /// is missed.
    func mayHoldDate(at index: Int) -> Bool {
        let word = tokens[index]
        guard word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return true }
        return numbers[index] != nil || Self.coreWords.contains(word) || word.hasPrefix("mid") || NumberReader.mayStart(word)
    }

    /// The words of ``mayHoldDate(at:)``: every start word and every word of the readers'
    /// phrases and units, less the words that only lead into a date.
    static let coreWords: Set<String> = {
        var words = startWords
        for phrase in nowPhrases { words.formUnion(phrase) }
        for (phrase, _) in relativeDays { words.formUnion(phrase) }
        for phrase in endOfDayPhrases { words.formUnion(phrase) }
        words.formUnion(DateMath.units.keys)
        words.formUnion(DateWords.zones.keys)
        words.formUnion(["o'clock", "oclock", "am", "pm", "weekend", "weekends", "eve", "noon", "midnight"])
        for name in Holidays.names { words.formUnion(name.split(separator: " ").map(String.init)) }
        let leading: Set<String> = [
            "the", "a", "an", "in", "this", "last", "past", "next", "coming", "upcoming", "following", "previous", "prior",
            "early", "late", "my", "right", "just", "half", "quarter", "end", "beginning", "start",
        ]
        return words.subtracting(leading).subtracting(fillers)
    }()
}

