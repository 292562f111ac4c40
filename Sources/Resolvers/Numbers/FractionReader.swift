import IntentModel

/// Reads spoken fractions: "two thirds", "a half", "one and a half", "three quarters",
/// "one over three", "two out of five", "five and a half million", "one hundred and three and two thirds".
struct FractionReader {
    let tokens: [String]
    let limit: Int

    /// Whether a fraction may begin at `start`: every one holds "over", "out" ("2 out of 5")
    /// or a denominator ("third", "half") before `limit`. Most numbers hold none, and saying
    /// so spares parsing the number again.
    static func mayRead(_ tokens: [String], from start: Int, limit: Int) -> Bool {
        start < limit
            && tokens[start..<limit].contains {
                $0 == "over" || $0 == "out" || (denominatorPairs.mayContain($0) && NumberWords.denominators[$0] != nil)
            }
    }

    private static let denominatorPairs = LetterPairs(NumberWords.denominators.keys)

    func read(from start: Int) -> (value: Double, end: Int)? {
        let parser = CardinalParser(tokens: tokens)
        // "one over three", "2 out of 5"
        if let numerator = parser.parse(from: start, limit: limit), !numerator.isOrdinal {
            var cursor = numerator.end
            if cursor < limit, tokens[cursor] == "over" {
                cursor += 1
            } else if cursor + 1 < limit, tokens[cursor] == "out", tokens[cursor + 1] == "of" {
                cursor += 2
            } else {
                cursor = -1
            }
            if cursor > 0, let denominator = parser.parse(from: cursor, limit: limit), denominator.value != 0 {
                return (numerator.value / denominator.value, denominator.end)
            }
        }
        guard let denominatorIndex = firstDenominator(from: start) else { return nil }
        var value: Double
        if let split = andSplit(start, denominatorIndex) {
            value = split
        } else if let whole = fraction(start, denominatorIndex) {
            value = whole
        } else {
            return nil
        }
        var end = denominatorIndex + 1
        if end < limit, case .scale(let scale) = NumberWords.atoms[tokens[end]], scale >= 1000 {
            value *= scale
            end += 1
        } else if end + 2 < limit, tokens[end] == "of", ["a", "an"].contains(tokens[end + 1]),
            case .scale(let scale) = NumberWords.atoms[tokens[end + 2]]
        {
            // "two thirds of a million"
            value *= scale
            end += 3
        }
        return (value, end)
    }

    /// The first word from `start` that can end a fraction, within a run of number words.
    private func firstDenominator(from start: Int) -> Int? {
        var index = start
        while index < limit {
            let word = tokens[index]
            if NumberWords.denominators[word] != nil, index > start || word == "half" || word == "quarter" {
                let afterTens = index > start && NumberWords.tens[tokens[index - 1]] != nil
                if !word.hasPrefix("first") || afterTens { return index }
            }
            let numeric = NumberWords.atoms[word] != nil || CardinalParser.digits(word) != nil
            guard numeric || word == "a" || word == "an" || word == "and" else { return nil }
            index += 1
        }
        return nil
    }

    /// "X and <proper fraction>": the whole before the last "and", the fraction after it.
    private func andSplit(_ start: Int, _ denominatorIndex: Int) -> Double? {
        let parser = CardinalParser(tokens: tokens)
        var index = denominatorIndex - 1
        while index > start {
            defer { index -= 1 }
            guard tokens[index] == "and", let whole = parser.parse(from: start, limit: index), whole.end == index,
                let part = fraction(index + 1, denominatorIndex), part < 1
            else { continue }
            let scale = denominatorIndex + 1 < limit ? NumberWords.scales[tokens[denominatorIndex + 1]] : nil
            if let leftScale = whole.lastScale, leftScale >= 1000 {
                // "one million and a half" is 1.5 million; "one billion and a half million" has its own
                // scale, which `read` multiplies by afterwards.
                if let scale { return whole.value / scale + part }
                return whole.value + part * leftScale
            }
            return whole.value + part
        }
        return nil
    }

    /// numerator + denominator ending at `denominatorIndex`, the longest denominator that reads.
    private func fraction(_ start: Int, _ denominatorIndex: Int) -> Double? {
        let parser = CardinalParser(tokens: tokens)
        let last = tokens[denominatorIndex]
        guard let single = NumberWords.denominators[last] else { return nil }
        if denominatorIndex == start { return 1 / single }
        let singular = last.hasSuffix("s") && last != "halves" ? String(last.dropLast()) : last
        for split in (start + 1)...denominatorIndex {
            let numerator: Double
            if split == start + 1, ["a", "an"].contains(tokens[start]) {
                numerator = 1
            } else if let reading = parser.parse(from: start, limit: split), reading.end == split, !reading.isOrdinal {
                numerator = reading.value
            } else {
                continue
            }
            if split == denominatorIndex { return single > 1 ? numerator / single : nil }
            let head = tokens[split]
            if NumberWords.scales[head] != nil || head == "and" || head == "a" { continue }
            // "fifty-four hundredths" is 54/100, not 50/400: a scale ordinal is a denominator alone.
            if NumberWords.scaleOrdinals[singular] != nil { continue }
            var words = Array(tokens[split..<denominatorIndex])
            words.append(singular)
            if let denominator = CardinalParser(tokens: words).parse(from: 0), denominator.end == words.count,
                denominator.isOrdinal, denominator.value > 0
            {
                return numerator / denominator.value
            }
        }
        return nil
    }
}
