/// Finds vocabulary words near a heard word: one or two letters off (a symmetric-delete
/// index, so the cost does not grow with the vocabulary) or sounding alike ("marshan" and
/// "martian" share the key `MRXN`).
package struct FuzzyIndex: Sendable {
    private var deletes: [String: [Int32]] = [:]
    private var sounds: [String: [Int32]] = [:]
    private var words: [String] = []

    package init(vocabulary: Vocabulary) {
        words = vocabulary.words
        for (index, word) in words.enumerated() {
            guard Self.isFuzzable(word) else { continue }
            for variant in Self.deletions(of: word, upTo: Self.maximumDistance(for: word.count)) {
                deletes[variant, default: []].append(Int32(index))
            }
            sounds[Phonetic.key(word), default: []].append(Int32(index))
        }
    }

    static func isFuzzable(_ word: String) -> Bool {
        word.count >= 3 && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.isASCII }
    }

    static func maximumDistance(for length: Int) -> Int {
        length >= 7 ? 2 : length >= 4 ? 1 : 0
    }

    static func deletions(of word: String, upTo distance: Int) -> Set<String> {
        var result: Set<String> = [word]
        var frontier: Set<String> = [word]
        for _ in 0..<distance {
            var next: Set<String> = []
            for w in frontier where w.count > 1 {
                let chars = Array(w)
                for i in chars.indices {
                    var copy = chars
                    copy.remove(at: i)
                    next.insert(String(copy))
                }
            }
            result.formUnion(next)
            frontier = next
        }
        return result
    }

    /// Vocabulary words near `word`, with a similarity in (0, 1), best first.
    package func candidates(for word: String, limit: Int = 4) -> [(word: Int32, similarity: Float)] {
        guard Self.isFuzzable(word) else { return [] }
        var best: [Int32: Float] = [:]
        let distance = Self.maximumDistance(for: word.count)
        if distance > 0 {
            for variant in Self.deletions(of: word, upTo: distance) {
                for id in deletes[variant] ?? [] where best[id] == nil {
                    let candidate = words[Int(id)]
                    let d = Spelling.distance(word, candidate)
                    guard d > 0, d <= max(distance, Self.maximumDistance(for: candidate.count)) else { continue }
                    best[id] = 1 - Float(d) / Float(max(word.count, candidate.count))
                }
            }
        }
        let key = Phonetic.key(word)
        for id in (word.count >= 5 && key.count >= 3 ? sounds[key] : nil) ?? [] {
            let candidate = words[Int(id)]
            guard candidate != word, abs(candidate.count - word.count) <= 3 else { continue }
            best[id] = max(best[id] ?? 0, 0.8)
        }
        return best.filter { $0.value >= 0.6 }.sorted { $0.value > $1.value }.prefix(limit).map { ($0.key, $0.value) }
    }
}

/// A small English sound-alike key in the spirit of Metaphone.
enum Phonetic {
    static func key(_ word: String) -> String {
        let w = Array(word.lowercased())
        var out: [Character] = []
        var i = 0
        func at(_ k: Int) -> Character? { k >= 0 && k < w.count ? w[k] : nil }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
        while i < w.count {
            let c = w[i]
            var code: Character? = nil
            switch c {
            case "a", "e", "i", "o", "u", "y": code = i == 0 ? "A" : nil
            case "b": code = "P"
            case "p": code = at(i + 1) == "h" ? "F" : "P"; if at(i + 1) == "h" { i += 1 }
            case "c":
                if at(i + 1) == "h" { code = "X"; i += 1 }
                else if let n = at(i + 1), ["e", "i", "y"].contains(n) { code = "S" } else { code = "K" }
            case "k", "q": code = "K"
            case "g": if let n = at(i + 1), ["e", "i", "y"].contains(n) { code = "J" } else { code = "K" }
            case "j": code = "J"
            case "s", "z":
                if at(i + 1) == "h" { code = "X"; i += 1 } else { code = "S" }
            case "t", "d":
                if at(i + 1) == "h" { code = "0"; i += 1 }
                else if c == "t", at(i + 1) == "i", let n = at(i + 2), ["a", "o"].contains(n) { code = "X" }
                else { code = "T" }
            case "x": code = "S"
            case "f", "v": code = "F"
            case "w", "h": code = i == 0 && at(i + 1).map({ vowels.contains($0) }) == true ? "A" : nil
            case "m", "n": code = c == "m" ? "M" : "N"
            case "l": code = "L"
            case "r": code = "R"
            default: code = nil
            }
            if let code, out.last != code { out.append(code) }
            i += 1
        }
        return String(out)
    }
}
