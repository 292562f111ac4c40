/// Reads yes and no in their many forms: "yes", "yeah", "sure", "on", "true", "👌",
/// "no", "nope", "off", "false", "not ok", "disagree".
enum BoolReader {
    static let yes: Set<String> = [
        "yes", "yeah", "yea", "yep", "yup", "ya", "sure", "ok", "okay", "k", "true", "on", "agree", "agreed",
        "affirmative", "correct", "right", "absolutely", "definitely", "certainly", "of course", "please do",
        "do it", "go ahead", "sounds good", "fine", "enable", "enabled", "y", "confirm", "confirmed", "alright",
        "all right", "yes please", "positive", "1", "👌", "👍", "✅",
    ]
    static let no: Set<String> = [
        "no", "nope", "nah", "naw", "false", "off", "disagree", "negative", "never", "cancel", "wrong",
        "incorrect", "disable", "disabled", "n", "no thanks", "no thank you", "stop", "dont", "do not",
        "don't", "0", "👎", "❌",
    ]

    static func read(_ text: String) -> Bool? {
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace || ",.!?;".contains($0) })
            .map(String.init)
        guard !words.isEmpty else { return nil }
        var phrase = words.joined(separator: " ")
        // Emoji with a skin-tone modifier: keep the base symbol.
        phrase = String(phrase.unicodeScalars.filter { !(0x1F3FB...0x1F3FF).contains($0.value) }.map(Character.init))
        if yes.contains(phrase) { return true }
        if no.contains(phrase) { return false }
        if words.count > 1, words[0] == "not", let inner = read(words.dropFirst().joined(separator: " ")) {
            return !inner
        }
        if let first = words.first, yes.contains(first), words.count <= 3 { return true }
        if let first = words.first, no.contains(first), words.count <= 3 { return false }
        return nil
    }
}
