/// A number found in tokens.
struct NumberSpan: Hashable {
    var range: Range<Int>
    var value: Double
    var confidence: Double
    var isOrdinal = false

    var integer: Int? { value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil }
}

/// Reads numbers written as digits ("12", "2.5", "1,200", "3rd") or words ("twenty five",
/// "one hundred and three", "a dozen", "third"), and hears "to", "too" and "for" as 2 and 4
/// with low confidence, for where a number is expected.
enum NumberReader {
    static let units: [String: Int] = [
        "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
        "ninety": 90,
    ]
    static let ordinals: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fifteenth": 15, "twentieth": 20, "thirtieth": 30,
    ]
    static let scales: [String: Int] = ["hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000]
    static let homophones: [String: Int] = ["to": 2, "too": 2, "for": 4, "won": 1, "ate": 8]

    static func read(_ tokens: [String]) -> [NumberSpan] {
        var spans: [NumberSpan] = []
        var index = 0
        while index < tokens.count {
            if let span = readWords(tokens, from: index) {
                spans.append(span)
                // Also offer the shorter reading of a leading word ("one" of "one hundred").
                index = span.range.upperBound
                continue
            }
            let token = tokens[index]
            if let digits = readDigits(token) {
                spans.append(NumberSpan(range: index..<index + 1, value: digits.value, confidence: 1, isOrdinal: digits.ordinal))
            } else if let value = homophones[token] {
                spans.append(NumberSpan(range: index..<index + 1, value: Double(value), confidence: 0.3))
            } else if token == "a" || token == "an", index + 1 < tokens.count, ["dozen", "couple", "half"].contains(tokens[index + 1]) {
                let value: Double = tokens[index + 1] == "dozen" ? 12 : tokens[index + 1] == "couple" ? 2 : 0.5
                spans.append(NumberSpan(range: index..<index + 2, value: value, confidence: 0.9))
                index += 2
                continue
            }
            index += 1
        }
        return spans
    }

    static func readDigits(_ token: String) -> (value: Double, ordinal: Bool)? {
        var text = token
        var ordinal = false
        for suffix in ["st", "nd", "rd", "th"] where text.hasSuffix(suffix) && text.count > 2 {
            text.removeLast(2)
            ordinal = true
        }
        let cleaned = text.replacingOccurrences(of: ",", with: "")
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }), let value = Double(cleaned) else {
            return nil
        }
        return (value, ordinal)
    }

    /// "twenty five", "one hundred and three", "two point five", "third".
    static func readWords(_ tokens: [String], from start: Int) -> NumberSpan? {
        var total = 0
        var current = 0
        var index = start
        var consumed = false
        var ordinal = false
        while index < tokens.count {
            let word = tokens[index]
            if let unit = units[word], !(word == "oh" && !consumed) {
                current += unit
            } else if let ten = tens[word] {
                current += ten
            } else if let value = ordinals[word] {
                current += value
                ordinal = true
                index += 1
                consumed = true
                break
            } else if let scale = scales[word], consumed || word == "hundred" {
                current = max(current, 1) * scale
                if scale >= 1_000 {
                    total += current
                    current = 0
                }
            } else if word == "and", consumed, index + 1 < tokens.count, units[tokens[index + 1]] != nil || tens[tokens[index + 1]] != nil {
                index += 1
                continue
            } else {
                break
            }
            consumed = true
            index += 1
        }
        guard consumed else { return nil }
        var value = Double(total + current)
        if !ordinal, index + 1 < tokens.count, tokens[index] == "point", let digit = units[tokens[index + 1]] {
            var fraction = "0."
            var cursor = index + 1
            fraction += String(digit)
            cursor += 1
            while cursor < tokens.count, let next = units[tokens[cursor]], next < 10 {
                fraction += String(next)
                cursor += 1
            }
            value += Double(fraction) ?? 0
            index = cursor
        }
        return NumberSpan(range: start..<index, value: value, confidence: 1, isOrdinal: ordinal)
    }
}
