import IntentModel

/// Reads Chinese numbers, money, durations and dates from one-character tokens:
/// 三十五, 二十五元, 半小时, 明天, 下午五点, 下周三, 三月五号, 十分钟后, 晚上八点半.
///
/// The day and clock parts go through the English date parser's composer, so "五点" means
/// the next five o'clock exactly as "at 5" does.
struct ChineseReader {
    let context: ResolutionContext

    static let relativeDays: [String: Int] = [
        "今天": 0, "今日": 0, "明天": 1, "明日": 1, "后天": 2, "大后天": 3, "昨天": -1, "前天": -2,
    ]
    static let weekdayNames: [String: Int] = ["一": 2, "二": 3, "三": 4, "四": 5, "五": 6, "六": 7, "日": 1, "天": 1]
    static let parts: [String: DateWords.Part] = [
        "早上": .morning, "上午": .morning, "早晨": .morning, "中午": .noon, "下午": .afternoon, "傍晚": .evening,
        "晚上": .evening, "今晚": .evening, "夜里": .night, "凌晨": .morning,
    ]
    static let durationUnits: [String: DateMath.Unit] = [
        "秒": .second, "秒钟": .second, "分钟": .minute, "分": .minute, "小时": .hour, "个小时": .hour, "钟头": .hour,
        "个钟头": .hour, "天": .day, "日": .day, "周": .week, "星期": .week, "个星期": .week, "个月": .month, "月": .month,
        "年": .year,
    ]
    static let currencies: [String: String] = [
        "元": "CNY", "块": "CNY", "块钱": "CNY", "元钱": "CNY", "人民币": "CNY", "美元": "USD", "刀": "USD", "美金": "USD",
        "欧元": "EUR", "英镑": "GBP", "日元": "JPY",
    ]

    func resolve(_ text: String, as type: ValueType) -> [ResolvedCandidate] {
        let tokens = TextNormalizer().words(text)
        guard !tokens.isEmpty else { return [] }
        return tag(tokens).filter { span in
            span.range == 0..<tokens.count && TypedResolver.fits(span.type, type)
        }.map { ResolvedCandidate(value: $0.value, confidence: $0.confidence) }
    }

    /// Every Chinese value in `tokens`.
    func tag(_ tokens: [String]) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        var index = 0
        while index < tokens.count {
            if let number = ChineseNumbers.read(tokens, from: index) {
                let range = index..<number.end
                // Digits ("30") are tagged by the English reader already; their money and durations are not.
                let isDigits = tokens[index].first?.isASCII == true
                if !isDigits, number.value == number.value.rounded() {
                    spans.append(TaggedSpan(range: range, type: .int, value: .int(Int(number.value))))
                }
                if !isDigits { spans.append(TaggedSpan(range: range, type: .double, value: .double(number.value))) }
                spans += quantities(tokens, number: number.value, start: index, end: number.end)
                index = number.end
            } else {
                index += 1
            }
        }
        for start in tokens.indices {
            if let date = date(tokens, from: start) {
                spans.append(
                    TaggedSpan(range: start..<date.end, type: .date, value: .date(date.value), confidence: 0.95))
            }
        }
        if let half = tokens.firstIndex(of: "半") {
            // 半小时, 半个小时
            var cursor = half + 1
            if tokens[safe: cursor] == "个" { cursor += 1 }
            if let unit = unitWord(tokens, at: cursor) {
                spans.append(
                    TaggedSpan(range: half..<unit.end, type: .duration, value: .duration(unit.unit.seconds / 2)))
            }
        }
        return spans
    }

    /// A word of one or two characters from a table, at `index`.
    private func word<T>(_ tokens: [String], at index: Int, in table: [String: T]) -> (value: T, end: Int)? {
        for length in [3, 2, 1] where index + length <= tokens.count {
            if let value = table[tokens[index..<index + length].joined()] { return (value, index + length) }
        }
        return nil
    }

    private func unitWord(_ tokens: [String], at index: Int) -> (unit: DateMath.Unit, end: Int)? {
        word(tokens, at: index, in: Self.durationUnits).map { ($0.value, $0.end) }
    }

    /// 二十五元 (money), 十分钟 (duration), 十分钟后 (date).
    private func quantities(_ tokens: [String], number: Double, start: Int, end: Int) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        if let money = word(tokens, at: end, in: Self.currencies) {
            let amount = CurrencyAmount(amount: number, currency: money.value)
            spans.append(TaggedSpan(range: start..<money.end, type: .currencyAmount, value: .currencyAmount(amount)))
        }
        var cursor = end
        if tokens[safe: cursor] == "个" { cursor += 1 }
        // "三月" is March; "三个月" is three months.
        if let unit = unitWord(tokens, at: cursor), !(unit.unit == .month && cursor == end) {
            let seconds = number * unit.unit.seconds
            spans.append(TaggedSpan(range: start..<unit.end, type: .duration, value: .duration(seconds)))
            if let after = word(tokens, at: unit.end, in: ["后": 1, "以后": 1, "之后": 1, "前": -1, "以前": -1, "之前": -1]) {
                let math = DateMath(zone: context.timeZone)
                let date = math.adding(number * Double(after.value), unit.unit, to: context.now)
                spans.append(TaggedSpan(range: start..<after.end, type: .date, value: .date(date), confidence: 0.95))
            }
        }
        return spans
    }

    /// A day and/or a clock time from `start`: 明天下午五点, 下周三, 三月五号, 晚上八点半, 5点.
    func date(_ tokens: [String], from start: Int) -> (value: LocalDateTime, end: Int)? {
        var parts = DateParser.Parts()
        var index = start
        let math = DateMath(zone: context.timeZone)
        let today = DateMath.day(context.now)
        if let day = word(tokens, at: index, in: Self.relativeDays) {
            parts.day = math.addingDays(day.value, to: today)
            if tokens[safe: index] == "今", tokens[safe: index + 1] == "晚" { parts.part = .evening }
            index = day.end
        } else if let weekday = weekday(tokens, at: index) {
            parts.weekday = weekday.day
            parts.weekShift = weekday.shift
            index = weekday.end
        } else if let month = ChineseNumbers.read(tokens, from: index), tokens[safe: month.end] == "月",
            let day = ChineseNumbers.read(tokens, from: month.end + 1),
            ["日", "号"].contains(tokens[safe: day.end] ?? ""),
            (1...12).contains(Int(month.value)), (1...31).contains(Int(day.value))
        {
            parts.month = Int(month.value)
            parts.dayOfMonth = Int(day.value)
            index = day.end + 1
        }
        if let part = word(tokens, at: index, in: Self.parts) {
            parts.part = part.value
            index = part.end
        }
        if let clock = clock(tokens, at: index) {
            parts.clock = clock.clock
            index = clock.end
        }
        guard index > start, parts.day != nil || parts.weekday != nil || parts.month != nil || parts.clock != nil else {
            return nil
        }
        let parser = DateParser(tokens: [], context: context, wholeText: true)
        return parser.compose(parts).map { ($0, index) }
    }

    /// 下周三, 星期五, 这个礼拜天, 上周一.
    private func weekday(_ tokens: [String], at start: Int) -> (day: Int, shift: Int?, end: Int)? {
        var index = start
        var shift: Int?
        if tokens[safe: index] == "下" {
            shift = 1
            index += 1
        } else if tokens[safe: index] == "上" {
            shift = -1
            index += 1
        } else if tokens[safe: index] == "这" || tokens[safe: index] == "本" {
            shift = 0
            index += 1
        }
        if tokens[safe: index] == "个" { index += 1 }
        guard let week = word(tokens, at: index, in: ["周": 1, "星期": 1, "礼拜": 1]) else { return nil }
        guard let name = tokens[safe: week.end], let day = Self.weekdayNames[name] else { return nil }
        return (day, shift, week.end + 1)
    }

    /// 五点, 5点, 八点半, 三点一刻, 十点二十分, 17:30.
    private func clock(_ tokens: [String], at index: Int) -> (clock: DateParser.Clock, end: Int)? {
        if let compact = DateParser.compactClock(tokens[safe: index] ?? "") { return (compact, index + 1) }
        guard let hour = ChineseNumbers.read(tokens, from: index),
            ["点", "點", "时"].contains(tokens[safe: hour.end] ?? ""),
            (0...24).contains(Int(hour.value))
        else { return nil }
        var clock = DateParser.Clock(hour: Int(hour.value) % 24, minute: 0, pm: nil)
        var end = hour.end + 1
        if tokens[safe: end] == "半" {
            clock.minute = 30
            end += 1
        } else if tokens[safe: end] == "一", tokens[safe: end + 1] == "刻" {
            clock.minute = 15
            end += 2
        } else if let minute = ChineseNumbers.read(tokens, from: end), (0...59).contains(Int(minute.value)) {
            clock.minute = Int(minute.value)
            end = minute.end
            if tokens[safe: end] == "分" { end += 1 }
        }
        if tokens[safe: end] == "钟" { end += 1 }
        return (clock, end)
    }
}
