import IntentModel

/// Finds typed values in normalized tokens before matching, so typed slots can consume them:
/// numbers (digits and words), ordinals, dates and times, durations, money, temperatures,
/// e-mail addresses, URLs, phone numbers and people.
///
/// Every reading is returned, overlapping ones included ("5 pm" is a date and "5" a number);
/// the matcher picks the one that fits a phrase. Readings that are only guesses ("to" as 2,
/// "for" as 4) carry a confidence of 0.3, so they fill a slot only where a number is expected;
/// an article alone is no number ("a" counts only inside one: "a hundred", "a dollar").
public struct ValueTagger: Sendable {
    public init() {}

    /// The readers of values beside numbers, which always run (other readers build on them,
    /// and a number alone is no title). A router runs only those whose values its phrases can
    /// take: dates cost the most, and a library without a date slot has no use for them.
    public struct Readers: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Dates and times, bare years included.
        public static let dates = Readers(rawValue: 1 << 0)
        public static let durations = Readers(rawValue: 1 << 1)
        /// Amounts of money.
        public static let money = Readers(rawValue: 1 << 2)
        public static let temperatures = Readers(rawValue: 1 << 3)
        /// E-mail addresses, URLs and phone numbers.
        public static let sequences = Readers(rawValue: 1 << 4)
        public static let people = Readers(rawValue: 1 << 5)
        public static let all: Readers = [.dates, .durations, .money, .temperatures, .sequences, .people]

        /// The readers whose values a slot can take, asked type by type (`takes`: whether
        /// some slot takes a value of that element type).
        public static func taking(_ takes: (ValueType) -> Bool) -> Readers {
            var readers: Readers = []
            if takes(.date) { readers.insert(.dates) }
            if takes(.duration) { readers.insert(.durations) }
            if takes(.currencyAmount) { readers.insert(.money) }
            if takes(.measurement(dimension: "temperature")) { readers.insert(.temperatures) }
            if takes(.email) || takes(.url) || takes(.phoneNumber) { readers.insert(.sequences) }
            if takes(.person) { readers.insert(.people) }
            return readers
        }
    }

    /// Every typed value found in `tokens` (the output of `TextNormalizer`): numbers, and the
    /// values of `readers`.
    public func tag(_ tokens: [String], context: ResolutionContext, readers: Readers = .all) -> [TaggedSpan] {
        guard !tokens.isEmpty else { return [] }
        var spans: [TaggedSpan] = []
        let numbers = NumberReader.read(tokens)
        // Room for each number read as an Int, a Double and a bare amount of money, and a few
        // more values: grown once.
        if !numbers.isEmpty { spans.reserveCapacity(3 * numbers.count + 4) }
        for number in numbers {
            if let int = number.integer {
                spans.append(
                    TaggedSpan(range: number.range, type: .int, value: .int(int), confidence: number.confidence))
            }
            spans.append(
                TaggedSpan(
                    range: number.range, type: .double, value: .double(number.value), confidence: number.confidence))
        }
        spans += wholeParts(of: numbers, in: tokens)
        SpokenPriceReader.read(tokens, numbers: numbers, currency: readers.contains(.money) ? context.defaultCurrency : nil, into: &spans)
        if readers.contains(.money) {
            let amounts = MoneyReader.read(tokens, numbers: numbers)
            spans += amounts
            MoneyReader.appendBareAmounts(numbers, besides: amounts, currency: context.defaultCurrency, to: &spans)
        }
        if readers.contains(.durations) { spans += DurationReader.read(tokens, numbers: numbers) }
        if readers.contains(.temperatures) { spans += TemperatureReader.read(tokens, numbers: numbers) }
        if readers.contains(.dates) {
            let dateSpans = dates(tokens, numbers: numbers, context: context)
            spans += dateSpans
            // A bare year ("published after 2015") is also a date: its first day, offered with a
            // lower confidence so that it fills a date slot only where the phrase wants one.
            for number in numbers where number.range.count == 1 {
                guard let year = number.integer, (1000...2999).contains(year), tokens[number.range.lowerBound].count == 4,
                    !dateSpans.contains(where: { $0.range == number.range })
                else { continue }
                spans.append(
                    TaggedSpan(range: number.range, type: .date, value: .date(LocalDateTime(year: year, month: 1, day: 1)), confidence: 0.6))
            }
        }
        if readers.contains(.sequences) { spans += SequenceReader.tag(tokens) }
        if readers.contains(.dates) { spans += SpokenYearReader.read(tokens, numbers: numbers) }
        if readers.contains(.people) { spans += PersonReader.read(tokens, contacts: context.contacts, prebuilt: context.contactIndex) }
        if context.language == "zh"
            || tokens.contains(where: { $0.unicodeScalars.contains(where: TextNormalizerCJK.isCJK) })
        {
            spans += ChineseReader(context: context).tag(tokens)
        }
        return spans
    }

    /// "1 and a half hours" is 1.5, and its whole part 1 too, as a number of its own: a phrase
    /// may take the half apart ("{hours} and a half hours" with the half as 30 minutes).
    func wholeParts(of numbers: [NumberSpan], in tokens: [String]) -> [TaggedSpan] {
        numbers.compactMap { number in
            guard number.range.count > 2, let last = number.range.last, NumberWords.denominators[tokens[last]] != nil,
                let and = number.range.dropFirst().first(where: { tokens[$0] == "and" }),
                let whole = NumberReader.number(tokens, from: number.range.lowerBound, limit: and),
                whole.range.upperBound == and, let int = whole.integer
            else { return nil }
            return TaggedSpan(range: whole.range, type: .int, value: .int(int), confidence: whole.confidence)
        }
    }

    /// Words that name a meal ("lunch", "dinnertime"), whose part of the day a bare hour said
    /// with one is in: a conversation reads answers with them too.
    public static var mealWords: Set<String> { DateWords.mealWords }

    static let bareDayParts: Set<String> = ["lunch", "night", "dinner", "breakfast", "evening", "morning", "afternoon"]
    static let dayPartLeads: Set<String> = ["at", "in", "this", "by", "for", "around", "before", "after", "until", "the", "tomorrow", "today", "yesterday", "on"]

    /// Filler words a date is read from ("at 5 pm", "this friday", "for the 23rd"); other
    /// fillers are skipped.
    static let fillerDateStarts: Set<String> = ["at", "on", "in", "this", "by", "for"]
    /// Words before a date that make it a reading of its own ("at 5 pm" and "5 pm").
    static let dateCues: Set<String> = ["at", "on", "in", "by"]

    /// The longest date or time starting at each token that can begin one.
    func dates(_ tokens: [String], numbers: [NumberSpan], context: ResolutionContext) -> [TaggedSpan] {
        let parser = DateParser(tokens: tokens, context: context, wholeText: false, numbers: numbers)
        var spans: [TaggedSpan] = []
        var reachedEnd = -1
        // Every date holds a word such as a number, a weekday or "tomorrow": none starts past
        // the last of them.
        let lastCore = tokens.indices.last(where: parser.mayHoldDate(at:)) ?? -1
        for start in tokens.indices {
            guard start <= lastCore else { break }
            let word = tokens[start]
            if DateParser.fillers.contains(word) {
                if !Self.fillerDateStarts.contains(word) { continue }
            } else if !parser.mayStart(at: start) {
                continue
            }
            guard let found = parser.parse(from: start) else { continue }
            // "team lunch tomorrow at noon", "movie night tonight at 8 pm": a bare part of the
            // day right before a whole date is a word of the title, not part of the date; the
            // date without it is read from the next word. After "at", "this" and the like it
            // stays ("at lunch tomorrow").
            if Self.bareDayParts.contains(word), start == 0 || !Self.dayPartLeads.contains(tokens[start - 1]),
                start + 1 < tokens.count, let rest = parser.parse(from: start + 1), rest.end == found.end
            {
                continue
            }
            // "i spent 20 dollars on lunch": "on" goes before a day ("on friday evening"), not
            // before a part of the day alone; "on lunch" is what was spent on, not noon.
            if word == "on", start + 1 < tokens.count, Self.bareDayParts.contains(tokens[start + 1]) {
                continue
            }
            // "send 30 dollars to sarah for lunch", "buy bread for breakfast": a meal alone after
            // "for" is what something is for, not its time ("for lunch tomorrow" keeps its day,
            // and "at lunch" is noon).
            let mealAloneAfterFor =
                (DateWords.mealWords.contains(word) && start > 0 && tokens[start - 1] == "for" && found.end == start + 1)
                || (word == "for" && start + 1 < tokens.count && DateWords.mealWords.contains(tokens[start + 1]) && found.end == start + 2)
            if mealAloneAfterFor { continue }
            // "for the 23rd": a day of the month said alone needs the words before it, and
            // "for" leads it in as "on" does. Where the words after "for" read the same date
            // alone ("for friday at noon"), that reading is the one kept, as before.
            if word == "for", let next = tokens[(start + 1)...].firstIndex(where: { !DateParser.fillers.contains($0) }),
                parser.mayStart(at: next), let alone = parser.parse(from: next), alone.end == found.end
            {
                continue
            }
            // "at 5 pm" and "5 pm" are the same reading; keep the longer one and the bare one.
            if found.end <= reachedEnd, !Self.dateCues.contains(tokens[max(start - 1, 0)]),
                start > 0,
                spans.last?.value == .date(found.value)
            {
                continue
            }
            reachedEnd = max(reachedEnd, found.end)
            spans.append(TaggedSpan(range: start..<found.end, type: .date, value: .date(found.value), confidence: 0.95))
        }
        return spans
    }
}
