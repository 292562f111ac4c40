/// Utterances as long as the router takes (``Router/maximumWords``), of the kinds that cost
/// most: a long run of commands joined by "and" (the compound splitter's worst case), demo
/// phrase words in random order (many partial parses alive at once), numbers and dates
/// (every value tagger fires), and words no phrase knows (every word skipped).
public enum LongUtterance {
    /// The four long utterances of `words` words each, by name, for the demo apps.
    public static func all(words: Int) -> [(name: String, text: String)] {
        [
            ("commands joined by and", fill(words, from: ["add milk to my groceries list and"])),
            ("phrase words in random order", shuffled(words, from: phraseWords)),
            ("numbers and dates", fill(words, from: ["twelve dollars on coffee on friday the 3rd at 5 pm for 20 minutes"])),
            ("unknown words", shuffled(words, from: ["blorvikt", "zanthu", "quelp", "morbish", "trinxel", "vosk", "plimmet"])),
        ]
    }

    /// Words of the demo apps' phrases and names.
    static let phraseWords = """
        add show open start order transfer email remind how many what is my the to list tasks \
        groceries book workout tomato soup dollars john weather paris lights kitchen expenses \
        balance coffee send money wife read shelf timer draft note tomorrow
        """.split(separator: " ").map(String.init)

    /// `phrase` repeated until it has `count` words.
    static func fill(_ count: Int, from phrases: [String]) -> String {
        let words = phrases.flatMap { $0.split(separator: " ").map(String.init) }
        return (0..<count).map { words[$0 % words.count] }.joined(separator: " ")
    }

    /// `count` words drawn from `words` with a fixed seed, so every run routes the same text.
    static func shuffled(_ count: Int, from words: [String]) -> String {
        var random = SplitMix64(seed: 256)
        return (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
    }
}
