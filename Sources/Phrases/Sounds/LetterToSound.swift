/// English letter-to-sound rules for words the pronouncing dictionary lacks: names ("harcama"),
/// run-together transcripts ("harkerma") and misspellings ("revoom").
///
/// Longest spelling first, a few contexts (a soft c or g before e, i, y; a silent final e;
/// doubled consonants once). The result only has to be close: words are compared by a
/// weighted edit distance where near phones cost little.
enum LetterToSound {
    /// Spellings of two or three letters and their phones, tried before single letters.
    private static let groups: [(String, [String])] = [
        ("tch", ["CH"]), ("sch", ["S", "K"]), ("igh", ["AY"]), ("ough", ["AO"]), ("tion", ["SH", "AH", "N"]),
        ("sion", ["ZH", "AH", "N"]), ("ch", ["CH"]), ("sh", ["SH"]), ("th", ["TH"]), ("ph", ["F"]), ("ck", ["K"]),
        ("ng", ["NG"]), ("qu", ["K", "W"]), ("wh", ["W"]), ("gh", []), ("kn", ["N"]), ("wr", ["R"]),
        ("ee", ["IY"]), ("ea", ["IY"]), ("ie", ["IY"]), ("oo", ["UW"]), ("ou", ["AW"]), ("ow", ["OW"]),
        ("ai", ["EY"]), ("ay", ["EY"]), ("ei", ["EY"]), ("ey", ["IY"]), ("oi", ["OY"]), ("oy", ["OY"]),
        ("au", ["AO"]), ("aw", ["AO"]), ("oa", ["OW"]), ("ew", ["UW"]), ("ue", ["UW"]),
        ("er", ["ER"]), ("ir", ["ER"]), ("ur", ["ER"]), ("ar", ["AA", "R"]), ("or", ["AO", "R"]),
    ]

    private static let letters: [Character: [String]] = [
        "a": ["AE"], "b": ["B"], "c": ["K"], "d": ["D"], "e": ["EH"], "f": ["F"], "g": ["G"], "h": ["HH"],
        "i": ["IH"], "j": ["JH"], "k": ["K"], "l": ["L"], "m": ["M"], "n": ["N"], "o": ["AA"], "p": ["P"],
        "q": ["K"], "r": ["R"], "s": ["S"], "t": ["T"], "u": ["AH"], "v": ["V"], "w": ["W"], "x": ["K", "S"],
        "y": ["IY"], "z": ["Z"],
    ]

    private static let softeners: Set<Character> = ["e", "i", "y"]

    static func phones(for word: String) -> [Phone] {
        var w = Array(word.lowercased().filter { $0.isLetter && $0.isASCII })
        guard !w.isEmpty else { return [] }
        // A final silent e ("rake", "revoke"), unless the word is short ("be", "me").
        if w.count > 3, w.last == "e", let before = w.dropLast().last, !"aeiouy".contains(before) { w.removeLast() }
        var symbols: [String] = []
        var index = 0
        outer: while index < w.count {
            for (spelling, sound) in groups where spelling.count <= w.count - index {
                if String(w[index..<(index + spelling.count)]) == spelling {
                    symbols += sound
                    index += spelling.count
                    continue outer
                }
            }
            let letter = w[index]
            let next = index + 1 < w.count ? w[index + 1] : nil
            // A doubled consonant sounds once ("massage", "add").
            if let next, next == letter, !"aeiou".contains(letter) {
                index += 1
                continue
            }
            switch letter {
            case "c" where next.map(softeners.contains) == true: symbols.append("S")
            case "g" where next.map(softeners.contains) == true && index > 0: symbols.append("JH")
            case "y" where index == 0: symbols.append("Y")
            case "a" where index == w.count - 1: symbols.append("AH")
            case "o" where index == w.count - 1: symbols.append("OW")
            default: symbols += letters[letter] ?? []
            }
            index += 1
        }
        return symbols.compactMap { Phones.code($0) }
    }
}
