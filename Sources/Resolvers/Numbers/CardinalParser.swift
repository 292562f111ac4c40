/// Reads one spoken or written cardinal (or ordinal) number from a run of tokens:
/// "twenty five", "one hundred and three", "4 thousand 3 hundred and 21", "two dozen", "third".
///
/// It stops at the first word that cannot continue the number, so "five thirty" gives 5
/// and leaves "thirty" for the next reading (a clock time reads both).
struct CardinalParser {
    let tokens: [String]

    struct Reading {
        var value: Double
        var end: Int
        var isOrdinal: Bool
        var isDigits: Bool
        /// The scale the number ended with ("million" in "one million"), for "and a half".
        var lastScale: Double?
    }

    private enum Last { case none, unit, tens, hundred, scale, digits }

    func parse(from start: Int, limit: Int? = nil) -> Reading? {
        let end = min(limit ?? tokens.count, tokens.count)
        var total = 0.0
        var current = 0.0
        var last = Last.none
        var index = start
        var lastScale: Double?
        var allDigits = true
        var ordinal = false
        func finish() -> Reading? {
            guard last != .none || ordinal else { return nil }
            return Reading(
                value: total + current, end: index, isOrdinal: ordinal, isDigits: allDigits, lastScale: lastScale)
        }
        while index < end {
            let word = tokens[index]
            if word == "and" {
                guard [.hundred, .scale, .tens].contains(last), index + 1 < end, startsNumber(tokens[index + 1]) else {
                    break
                }
                if last == .tens, NumberWords.units[tokens[index + 1]] == nil { break }
                index += 1
                continue
            }
            if word == "a" || word == "an", last == .none, index + 1 < end, isMultiplier(tokens[index + 1]) {
                current = 1
                last = .unit
                allDigits = false
                index += 1
                continue
            }
            if word == "half", last == .none, index + 2 < end, tokens[index + 1] == "a",
                let group = NumberWords.groups[tokens[index + 2]]
            {
                current = Double(group) / 2
                last = .digits
                allDigits = false
                index += 3
                break
            }
            if let digits = Self.digits(word) {
                guard last == .none || last == .hundred || last == .scale else { break }
                if last != .none, digits.value >= 1000 { break }
                current += digits.value
                last = .digits
                if digits.ordinal {
                    ordinal = true
                    index += 1
                    break
                }
                index += 1
                continue
            }
            guard let atom = NumberWords.atoms[word] else { break }
            allDigits = false
            switch atom {
            case .unit(let n):
                let afterTens = last == .tens && n > 0 && n < 10
                guard last == .none || afterTens || last == .hundred || last == .scale else { return finish() }
                if last == .hundred || last == .scale, current.truncatingRemainder(dividingBy: 100) != 0, !afterTens {
                    return finish()
                }
                current += Double(n)
                last = .unit
            case .tens(let n):
                guard last == .none || last == .hundred || last == .scale else { return finish() }
                current += Double(n)
                last = .tens
            case .compound(let tens, let unit, let isOrdinal):
                guard last == .none || last == .hundred || last == .scale else { return finish() }
                current += Double(tens + unit)
                last = .unit
                if isOrdinal {
                    ordinal = true
                    index += 1
                    return finish()
                }
            case .scale(let scale):
                if scale == 100 {
                    guard last != .hundred else { return finish() }
                    current = max(current, 1) * 100
                    last = .hundred
                } else {
                    if current == 0, total > 0 {
                        total *= scale
                    } else {
                        total += max(current, 1) * scale
                    }
                    current = 0
                    last = .scale
                }
                lastScale = scale
                index += 1
                continue
            case .group(let group):
                guard word != "couple" || last == .none || current == 1 else { return finish() }
                current = max(current, 1) * Double(group)
                last = .digits
                index += 1
                if index < end, tokens[index] == "of" { index += 1 }
                return finish()
            case .ordinal(let n, let isScale):
                if isScale {
                    if n == 100 {
                        current = max(current, 1) * 100
                    } else {
                        total += max(current, 1) * n
                        current = 0
                    }
                } else {
                    let afterTens = last == .tens && n > 0 && n < 10
                    guard last == .none || afterTens || last == .hundred || last == .scale else { return finish() }
                    current += n
                }
                ordinal = true
                last = .unit
                index += 1
                return finish()
            }
            lastScale = nil
            index += 1
        }
        return finish()
    }

    private func startsNumber(_ word: String) -> Bool {
        NumberWords.atoms[word] != nil || Self.digits(word) != nil || word == "a" || word == "an"
    }

    private func isMultiplier(_ word: String) -> Bool {
        if case .scale = NumberWords.atoms[word] { return true }
        if case .group = NumberWords.atoms[word] { return true }
        if case .ordinal(_, scale: true) = NumberWords.atoms[word] { return true }
        return false
    }

    /// Reads a token of digits: "12", "1,200", "12.50", "0033", "3rd", "100k", "2mil".
    static func digits(_ token: String) -> (value: Double, ordinal: Bool)? {
        // An ASCII first character is numeric only as a digit; asking Unicode's tables costs more.
        guard let first = token.unicodeScalars.first,
            first.isASCII ? (first.value >= 0x30 && first.value <= 0x39) || first == "-" : first.properties.numericType != nil
        else {
            return nil
        }
        // Digits alone, the common case: what the general reading below gives them.
        if token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return Double(token).map { ($0, false) } }
        var text = Substring(token)
        var ordinal = false
        var multiplier = 1.0
        for suffix in ["st", "nd", "rd", "th"] where text.hasSuffix(suffix) {
            text = text.dropLast(2)
            ordinal = true
        }
        if !ordinal {
            for (suffix, value) in [("k", 1e3), ("mm", 1e6), ("mil", 1e6), ("bn", 1e9)] where text.hasSuffix(suffix) {
                text = text.dropLast(suffix.count)
                multiplier = value
                break
            }
        }
        let cleaned = text.filter { $0 != "," }
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            cleaned.dropFirst().allSatisfy({ $0 != "-" }), cleaned.filter({ $0 == "." }).count <= 1,
            let value = Double(cleaned)
        else { return nil }
        if ordinal, value != value.rounded() { return nil }
        return (value * multiplier, ordinal)
    }
}
