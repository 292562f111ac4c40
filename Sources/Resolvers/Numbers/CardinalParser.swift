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

    /// What has been read so far.
    private struct State {
        var total = 0.0
        var current = 0.0
        var last = Last.none
        var lastScale: Double?
        var allDigits = true
        var ordinal = false

        /// Whether a plain number word may come next: at the start, or after a hundred or a scale.
        var takesNumber: Bool { last == .none || last == .hundred || last == .scale }

        /// Whether unit `n` may come next: as a plain number, or after tens ("twenty five").
        func takesUnit(_ n: Int) -> Bool { takesNumber || (last == .tens && n > 0 && n < 10) }
    }

    /// What one step of reading did.
    private enum Step {
        /// Read this many tokens; the number may go on.
        case next(Int)
        /// Read this many tokens, and the number ends with them.
        case last(Int)
        /// The token at hand does not continue the number.
        case stop
    }

    func parse(from start: Int, limit: Int? = nil) -> Reading? {
        let end = min(limit ?? tokens.count, tokens.count)
        var state = State()
        var index = start
        reading: while index < end {
            switch step(at: index, end: end, &state) {
            case .next(let count): index += count
            case .last(let count):
                index += count
                break reading
            case .stop: break reading
            }
        }
        guard state.last != .none || state.ordinal else { return nil }
        return Reading(
            value: state.total + state.current, end: index, isOrdinal: state.ordinal, isDigits: state.allDigits,
            lastScale: state.lastScale)
    }

    /// Reads the token at `index` (and those it takes with it) into `state`.
    private func step(at index: Int, end: Int, _ state: inout State) -> Step {
        let word = tokens[index]
        let next = index + 1 < end ? tokens[index + 1] : nil
        if word == "and" {
            // "one hundred and three", "twenty and five" only for a unit.
            guard [.hundred, .scale, .tens].contains(state.last), let next, startsNumber(next) else { return .stop }
            return state.last == .tens && NumberWords.units[next] == nil ? .stop : .next(1)
        }
        if word == "a" || word == "an", state.last == .none, let next, isMultiplier(next) {
            // "a hundred", "a dozen".
            (state.current, state.last, state.allDigits) = (1, .unit, false)
            return .next(1)
        }
        if word == "half", state.last == .none, next == "a", index + 2 < end, let group = NumberWords.groups[tokens[index + 2]] {
            // "half a dozen".
            (state.current, state.last, state.allDigits) = (Double(group) / 2, .digits, false)
            return .last(3)
        }
        if let digits = Self.digits(word) {
            guard state.takesNumber, state.last == .none || digits.value < 1000 else { return .stop }
            state.current += digits.value
            state.last = .digits
            guard !digits.ordinal else {
                state.ordinal = true
                return .last(1)
            }
            return .next(1)
        }
        guard let atom = NumberWords.atoms[word] else { return .stop }
        state.allDigits = false
        return read(atom, word: word, followedBy: next, &state)
    }

    /// Reads a number word into `state`.
    private func read(_ atom: NumberWords.Atom, word: String, followedBy next: String?, _ state: inout State) -> Step {
        switch atom {
        case .unit(let n):
            guard state.takesUnit(n) else { return .stop }
            // After hundreds that are not whole ("1.5 hundred"), a unit starts a new number.
            if state.last == .hundred || state.last == .scale, state.current.truncatingRemainder(dividingBy: 100) != 0 { return .stop }
            state.current += Double(n)
            (state.last, state.lastScale) = (.unit, nil)
            return .next(1)
        case .tens(let n):
            guard state.takesNumber else { return .stop }
            state.current += Double(n)
            (state.last, state.lastScale) = (.tens, nil)
            return .next(1)
        case .compound(let tens, let unit, let isOrdinal):
            guard state.takesNumber else { return .stop }
            state.current += Double(tens + unit)
            state.last = .unit
            guard !isOrdinal else {
                state.ordinal = true
                return .last(1)
            }
            state.lastScale = nil
            return .next(1)
        case .scale(let scale):
            if scale == 100 {
                guard state.last != .hundred else { return .stop }
                state.current = max(state.current, 1) * 100
                state.last = .hundred
            } else {
                if state.current == 0, state.total > 0 {
                    state.total *= scale
                } else {
                    state.total += max(state.current, 1) * scale
                }
                state.current = 0
                state.last = .scale
            }
            // Kept for "one million and a half".
            state.lastScale = scale
            return .next(1)
        case .group(let group):
            guard word != "couple" || state.last == .none || state.current == 1 else { return .stop }
            state.current = max(state.current, 1) * Double(group)
            state.last = .digits
            return .last(next == "of" ? 2 : 1)
        case .ordinal(let n, let isScale):
            if isScale {
                if n == 100 {
                    state.current = max(state.current, 1) * 100
                } else {
                    state.total += max(state.current, 1) * n
                    state.current = 0
                }
            } else {
                guard state.takesUnit(Int(n)) else { return .stop }
                state.current += n
            }
            state.ordinal = true
            state.last = .unit
            return .last(1)
        }
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
