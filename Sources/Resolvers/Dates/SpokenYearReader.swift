import IntentModel

/// Years said aloud: "nineteen seventy", "nineteen eighty four", "twenty fifteen", "nineteen
/// oh five", "two thousand and nine". A number reader sees "nineteen seventy" as 19 and 70,
/// and "two thousand fifteen" as a number that is not written as a year; this reads each as
/// the first day of its year, with the confidence of a bare year (0.6), so that it fills a
/// date slot only where a phrase wants one ("books published before nineteen seventy").
enum SpokenYearReader {
    static let confidence = 0.6

    static func read(_ tokens: [String], numbers: [NumberSpan]) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        let byStart = Dictionary(numbers.map { ($0.range.lowerBound, $0) }, uniquingKeysWith: { first, _ in first })
        for number in numbers where !number.isDigits && !number.isOrdinal {
            guard let value = number.integer else { continue }
            // "two thousand fifteen", "two thousand and nine": one number of several words.
            if number.range.count > 1, (1000...2999).contains(value) {
                spans.append(year(value, number.range))
                continue
            }
            // "nineteen seventy", "twenty fifteen": a century and a two-digit year.
            guard number.range.count == 1, (15...20).contains(value) else { continue }
            let next = number.range.upperBound
            if next < tokens.count, tokens[next] == "oh" || tokens[next] == "o",
                let rest = byStart[next + 1], !rest.isDigits, !rest.isOrdinal, let digit = rest.integer, (1...9).contains(digit)
            {
                spans.append(year(value * 100 + digit, number.range.lowerBound..<rest.range.upperBound))
            } else if let rest = byStart[next], !rest.isDigits, !rest.isOrdinal, let tail = rest.integer, (10...99).contains(tail) {
                spans.append(year(value * 100 + tail, number.range.lowerBound..<rest.range.upperBound))
            }
        }
        return spans
    }

    private static func year(_ value: Int, _ range: Range<Int>) -> TaggedSpan {
        TaggedSpan(range: range, type: .date, value: .date(LocalDateTime(year: value, month: 1, day: 1)), confidence: confidence)
    }
}
