import IntentModel

/// Reads numbers written as digits ("12", "2.5", "1,200", "3rd") or words ("twenty five",
/// "one hundred and three", "a dozen", "third", "two point five", "three quarters"), and hears
/// "to", "free" and "for" as 2, 3 and 4 with low confidence, for where a number is expected.
enum NumberReader {
    /// Every number in `tokens`: the longest reading at each place a number starts.
    static func read(_ tokens: [String]) -> [NumberSpan] {
        var spans: [NumberSpan] = []
        var index = 0
        while index < tokens.count {
            if let span = number(tokens, from: index) {
                spans.append(span)
                // "a" of "a dozen" read as 1 alone is no use; a multi-word number is read once.
                index = span.range.upperBound
                continue
            }
            let token = tokens[index]
            if let value = NumberWords.homophone(token) {
                spans.append(NumberSpan(range: index..<index + 1, value: Double(value), confidence: 0.3))
            }
            index += 1
        }
        return spans
    }

    /// The longest number starting at `start`, with its sign, decimals and fraction.
    ///
    /// `preferFraction` decides a tie between an ordinal and a fraction of the same words
    /// ("a hundredth" is 100th where an Int is wanted, 0.01 where a Double is).
    static func number(_ tokens: [String], from start: Int, limit: Int? = nil, preferFraction: Bool = false)
        -> NumberSpan?
    {
        let end = min(limit ?? tokens.count, tokens.count)
        var sign = 1.0
        var first = start
        if first < end, tokens[first] == "minus" || tokens[first] == "negative" {
            sign = -1
            first += 1
        }
        guard first < end, mayStart(tokens[first]) else { return nil }
        let parser = CardinalParser(tokens: tokens)
        let cardinal = parser.parse(from: first, limit: end)
        var best: NumberSpan?
        if let cardinal {
            best = NumberSpan(
                range: start..<cardinal.end, value: sign * cardinal.value, confidence: 1, isOrdinal: cardinal.isOrdinal,
                isDigits: cardinal.isDigits)
            if !cardinal.isOrdinal, var decimal = decimals(tokens, at: cardinal.end, limit: end) {
                var value = cardinal.value + decimal.value
                // "two point two million"
                if decimal.end < end, case .scale(let scale) = NumberWords.atoms[tokens[decimal.end]] {
                    value *= scale
                    decimal.end += 1
                }
                best = NumberSpan(range: start..<decimal.end, value: sign * value, confidence: 1)
            }
        } else if first < end, tokens[first] == "point", let decimal = decimals(tokens, at: first, limit: end) {
            best = NumberSpan(range: start..<decimal.end, value: sign * decimal.value, confidence: 1)
        }
        if FractionReader.mayRead(tokens, from: first, limit: end), let fraction = FractionReader(tokens: tokens, limit: end).read(from: first),
            fraction.end > (best?.range.upperBound ?? start)
                || (preferFraction && fraction.end == best?.range.upperBound && best?.isOrdinal == true
                    && ["a", "an"].contains(tokens[first]))
        {
            best = NumberSpan(range: start..<fraction.end, value: sign * fraction.value, confidence: 1)
        }
        if let found = best, found.range.upperBound > first {
            return found
        }
        return nil
    }

    /// Whether a number can begin with `word`: most words cannot, and saying so with one
    /// lookup spares the cardinal and fraction readers, which run from every word of an
    /// utterance. A superset of what they accept first: a number word or denominator, "a",
    /// "an", "and", "half", "quarter", "point", or a token that is not ASCII letters alone
    /// (digits, "3rd", "-5", other scripts).
    static func mayStart(_ word: String) -> Bool {
        guard word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return true }
        // Most words are turned away by their first two letters, without hashing the word.
        return startPairs.mayContain(word) && startWords.contains(word)
    }

    static let startPairs = LetterPairs(startWords)

    static let startWords: Set<String> = Set(NumberWords.atoms.keys).union(NumberWords.denominators.keys).union([
        "a", "an", "and", "half", "quarter", "point", "minus", "negative",
    ])

    /// "point five", "point zero three", "point seventy one": digits after a spoken decimal point.
    static func decimals(_ tokens: [String], at index: Int, limit: Int) -> (value: Double, end: Int)? {
        guard index + 1 < limit, tokens[index] == "point" else { return nil }
        var text = "0."
        var cursor = index + 1
        while cursor < limit {
            let word = tokens[cursor]
            if let unit = NumberWords.units[word] {
                text += String(unit)
            } else if let tens = NumberWords.tens[word] {
                if cursor + 1 < limit, let unit = NumberWords.units[tokens[cursor + 1]], (1...9).contains(unit) {
                    text += String(tens + unit)
                    cursor += 1
                } else {
                    text += String(tens)
                }
            } else if word.allSatisfy({ $0.isASCII && $0.isNumber }) {
                text += word
            } else {
                break
            }
            cursor += 1
        }
        guard cursor > index + 1, let value = Double(text) else { return nil }
        return (value, cursor)
    }
}
