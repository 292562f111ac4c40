/// The words synthetic apps are made of: a fixed pool of pronounceable pseudo-words
/// ("brantel", "vosk") standing for the nouns, names and verbs of real apps, and the
/// common English words real phrases share ("add", "show", "my", "the", "to").
enum PseudoWords {
    /// How many distinct pseudo-words the apps draw from. Apps share words as real apps
    /// do ("list", "order", "playlist"), so the vocabulary grows with the number of apps
    /// and levels off near this size.
    static let poolSize = 6_000

    static let pool: [String] = {
        var generator = SplitMix64(seed: 0x5EED_0F_1D_E475)
        let onsets = ["b", "br", "c", "cl", "d", "dr", "f", "fl", "g", "gr", "k", "l", "m", "n", "p", "pl", "r", "s",
                      "st", "t", "tr", "v", "z", "sh", "th", "j", "w", "sp", "bl", "cr"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ou", "ea", "oo"]
        let codas = ["", "", "n", "r", "l", "s", "k", "m", "t", "x", "nd", "rk"]
        var words: [String] = []
        var seen = reserved
        while words.count < poolSize {
            let syllables = 1 + generator.below(3)
            var word = ""
            for _ in 0..<syllables {
                word += generator.pick(onsets) + generator.pick(vowels) + generator.pick(codas)
            }
            guard word.count >= 4, seen.insert(word).inserted else { continue }
            words.append(word)
        }
        return words
    }()

    /// Words a pseudo-word must not be: the template words, filler words and the words of
    /// the out-of-domain utterances, so that a pseudo-word never matches by accident.
    static let reserved: Set<String> = Set(
        commonVerbs + [
            "like", "well", "right", "okay", "thanks", "hello", "just", "actually", "basically", "quickly", "kindly",
            "please", "mode", "list", "turn", "make", "take", "called", "named", "into", "onto", "there", "have",
            "need", "want", "order", "give", "what", "about", "launch", "display", "weather", "paris", "lights",
            "kitchen", "flight", "york", "monday", "morning", "some", "relaxing", "jazz", "music", "start", "tell",
            "joke", "cats", "alarm", "seven", "thirty", "fresh", "milk", "plumber", "dry", "cleaning", "friday",
            "before", "pick", "call", "tomorrow", "from", "with", "where", "when", "then", "them", "this", "that",
        ])

    /// Verbs real commands begin with; most synthetic intents use one, so that many
    /// phrases of many apps share their first word, as they do in real phrase sets.
    static let commonVerbs = [
        "add", "show", "open", "stop", "check", "send", "find", "play", "book", "cancel", "schedule", "track",
        "log", "mark", "remove", "delete", "update", "rename", "share", "save", "print", "clear", "sort", "move",
        "copy", "fetch", "review", "plan", "pause", "resume", "record", "scan", "sync", "archive", "export",
        "import", "rate", "tag", "pin", "set",
    ]
}
