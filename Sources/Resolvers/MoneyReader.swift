import IntentModel

/// Reads amounts of money: "$12.50", "12 dollars", "twelve dollars fifty", "12 bucks", "€5".
enum MoneyReader {
    static let symbols: [String: String] = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"]
    static let words: [String: String] = [
        "dollar": "USD", "dollars": "USD", "bucks": "USD", "buck": "USD", "usd": "USD", "euro": "EUR", "euros": "EUR",
        "eur": "EUR", "pound": "GBP", "pounds": "GBP", "quid": "GBP", "gbp": "GBP", "yen": "JPY",
    ]

    static func read(_ tokens: [String], numbers: [NumberSpan]) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        let byStart = Dictionary(numbers.map { ($0.range.lowerBound, $0) }, uniquingKeysWith: { a, b in a.range.count >= b.range.count ? a : b })
        for (index, token) in tokens.enumerated() {
            if let currency = symbols[token], let number = byStart[index + 1], number.confidence > 0.5 {
                spans.append(money(number.value, currency, index..<number.range.upperBound))
            }
        }
        for number in numbers where number.confidence > 0.5 {
            let next = number.range.upperBound
            guard next < tokens.count, let currency = words[tokens[next]] else { continue }
            var amount = number.value
            var end = next + 1
            // "twelve dollars fifty", "thirty five dollars and twenty cents"
            var cursor = end
            if cursor < tokens.count, tokens[cursor] == "and" { cursor += 1 }
            if let cents = byStart[cursor], cents.value < 100, cents.confidence > 0.5 {
                let after = cents.range.upperBound
                if after < tokens.count, ["cents", "cent", "pence", "p"].contains(tokens[after]) {
                    amount += cents.value / 100
                    end = after + 1
                } else if tokens[cursor - 1] != "and" {
                    amount += cents.value / 100
                    end = cents.range.upperBound
                }
            }
            spans.append(money(amount, currency, number.range.lowerBound..<end))
            if end != next + 1 { spans.append(money(number.value, currency, number.range.lowerBound..<next + 1)) }
        }
        return spans
    }

    static func money(_ amount: Double, _ currency: String, _ range: Range<Int>) -> TaggedSpan {
        let rounded = (amount * 100).rounded() / 100
        return TaggedSpan(range: range, type: .currencyAmount, value: .currencyAmount(CurrencyAmount(amount: rounded, currency: currency)))
    }
}

/// Reads lengths of time: "20 minutes", "an hour and a half", "half an hour", "90 seconds", "2h30".
enum DurationReader {
    static let units: [String: Double] = [
        "second": 1, "seconds": 1, "sec": 1, "secs": 1, "minute": 60, "minutes": 60, "min": 60, "mins": 60,
        "hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600, "day": 86400, "days": 86400, "week": 604800,
        "weeks": 604800,
    ]

    static func read(_ tokens: [String], numbers: [NumberSpan]) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        for number in numbers where number.confidence > 0.5 && !number.isOrdinal {
            let next = number.range.upperBound
            guard next < tokens.count, let unit = units[tokens[next]] else { continue }
            var seconds = number.value * unit
            var end = next + 1
            if end + 2 < tokens.count + 1, end + 2 <= tokens.count, tokens[end] == "and",
                tokens[end + 1] == "a" || tokens[end + 1] == "an", end + 2 < tokens.count, tokens[end + 2] == "half"
            {
                seconds += unit / 2
                end += 3
            }
            spans.append(duration(seconds, number.range.lowerBound..<end))
        }
        for (index, token) in tokens.enumerated() {
            if (token == "an" || token == "a"), index + 1 < tokens.count, let unit = units[tokens[index + 1]] {
                var seconds = unit
                var end = index + 2
                if end + 2 < tokens.count, tokens[end] == "and", tokens[end + 2] == "half" {
                    seconds += unit / 2
                    end += 3
                }
                spans.append(duration(seconds, index..<end))
            }
            if token == "half", index + 2 < tokens.count, ["an", "a"].contains(tokens[index + 1]), let unit = units[tokens[index + 2]] {
                spans.append(duration(unit / 2, index..<index + 3))
            }
            // "2h30", "1h", "45m"
            if let match = compact(token) { spans.append(duration(match, index..<index + 1)) }
        }
        return spans
    }

    static func compact(_ token: String) -> Double? {
        guard token.first?.isNumber == true, token.contains("h") || token.hasSuffix("min") else { return nil }
        let parts = token.split(separator: "h", omittingEmptySubsequences: false)
        if parts.count == 2, let hours = Double(parts[0]) {
            let minutes = parts[1].isEmpty ? 0 : Double(parts[1].replacingOccurrences(of: "m", with: "")) ?? -1
            return minutes < 0 ? nil : hours * 3600 + minutes * 60
        }
        return nil
    }

    static func duration(_ seconds: Double, _ range: Range<Int>) -> TaggedSpan {
        TaggedSpan(range: range, type: .duration, value: .duration(seconds))
    }
}

/// Finds people of the contacts source by full name, first name or alias ("my wife", "mom"),
/// and lists of them ("john and sarah").
enum PersonReader {
    static func read(_ tokens: [String], contacts: [Contact]) -> [TaggedSpan] {
        let normalizer = TextNormalizer()
        var names: [([String], Person)] = []
        for contact in contacts {
            let full = normalizer.words(contact.person.name)
            names.append((full, contact.person))
            if let first = full.first { names.append(([first], contact.person)) }
            for alias in contact.aliases { names.append((normalizer.words(alias), contact.person)) }
        }
        names.sort { $0.0.count > $1.0.count }
        var found: [(Range<Int>, Person)] = []
        var index = 0
        while index < tokens.count {
            if let (words, person) = names.first(where: { index + $0.0.count <= tokens.count && Array(tokens[index..<index + $0.0.count]) == $0.0 }) {
                found.append((index..<index + words.count, person))
                index += words.count
            } else {
                index += 1
            }
        }
        var spans = found.map { TaggedSpan(range: $0.0, type: .person, value: .person($0.1)) }
        // Lists: people joined by "and" or ","-less sequences ("john sarah and alex").
        var start = 0
        while start < found.count {
            var end = start
            while end + 1 < found.count {
                let gap = found[end].0.upperBound..<found[end + 1].0.lowerBound
                let between = tokens[gap]
                guard between.isEmpty || between.allSatisfy({ $0 == "and" }) else { break }
                end += 1
            }
            if end > start {
                let range = found[start].0.lowerBound..<found[end].0.upperBound
                spans.append(TaggedSpan(range: range, type: .list(.person), value: .list(found[start...end].map { .person($0.1) })))
            }
            start = end + 1
        }
        return spans
    }
}
