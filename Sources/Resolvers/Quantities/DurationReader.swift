import IntentModel

/// Reads lengths of time: "20 minutes", "an hour and a half", "half an hour", "90 seconds", "2h30",
/// "1 year, 2 days and 4 seconds", "all day", "a fortnight".
///
/// Months, quarters and years become seconds with a 30-day month, a 90-day quarter and a
/// 365-day year, as the corpora this was checked against do.
enum DurationReader {
    static let wholeUnits: Set<String> = ["all", "full", "whole", "another", "the", "entire", "one", "a", "an"]

    static func read(_ tokens: [String], numbers: [NumberSpan]) -> [TaggedSpan] {
        // Every duration holds a unit ("minutes", "h", "fortnight", "weekend") or digits
        // ("2h30"): none starts past the last such word, and most utterances hold none.
        let lastCore = tokens.lastIndex(where: mayHoldDuration) ?? -1
        guard lastCore >= 0 else { return [] }
        let parser = DateParser(
            tokens: tokens, context: ResolutionContext(now: LocalDateTime(year: 2000, month: 1, day: 1)),
            wholeText: false, numbers: numbers)
        var spans: [TaggedSpan] = []
        var index = 0
        while index <= lastCore {
            if let found = read(parser, at: index) {
                spans.append(TaggedSpan(range: index..<found.end, type: .duration, value: .duration(found.seconds)))
                index = found.end
            } else {
                index += 1
            }
        }
        return spans
    }

    /// Whether a duration may hold `token`: a unit, or a token with digits. `ReaderStartTests`
    /// checks over every corpus that no duration is missed.
    static func mayHoldDuration(_ token: String) -> Bool {
        DateMath.units[token] != nil || token == "fortnight" || token == "weekend" || token == "weekends"
            || token.utf8.contains { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// The duration starting at `index`, if one does.
    static func read(_ parser: DateParser, at index: Int) -> (seconds: Double, end: Int)? {
        let token = parser.token(index)
        // "2h30", "1h"
        if let compact = compact(token) { return (compact, index + 1) }
        if let found = parser.amount(at: index) {
            return (found.parts.reduce(0) { $0 + $1.0 * $1.1.seconds }, found.end)
        }
        // "all day", "another week", "three weekends", "a weekend"
        let next = parser.token(index + 1)
        if wholeUnits.contains(token), let unit = DateMath.units[next], next.count > 1 {
            return (unit.seconds, index + 2)
        }
        if next == "weekend" || next == "weekends" {
            let count = parser.numbers[index]?.value ?? (["a", "one", "the"].contains(token) ? 1 : 0)
            if count > 0 { return (count * 2 * 86_400, index + 2) }
        }
        return nil
    }

    /// "2h30", "1h", "1h30m".
    static func compact(_ token: String) -> Double? {
        guard token.startsWithNumber, token.contains(Character("h")) else { return nil }
        let parts = token.split(separator: "h", omittingEmptySubsequences: false)
        guard parts.count == 2, let hours = Double(parts[0]) else { return nil }
        let minutesText = parts[1].hasSuffix("m") ? parts[1].dropLast() : parts[1]
        guard minutesText.isEmpty || minutesText.allSatisfy(\.isNumber), !(parts[1].isEmpty && parts[0].isEmpty) else {
            return nil
        }
        let minutes = minutesText.isEmpty ? 0 : Double(minutesText) ?? 0
        return hours * 3600 + minutes * 60
    }
}
