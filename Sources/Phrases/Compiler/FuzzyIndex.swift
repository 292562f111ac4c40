import IntentModel

/// Finds vocabulary words near a heard word: one or two letters off (a symmetric-delete
/// index, so the cost does not grow with the vocabulary) or sounding alike ("marshan" and
/// "martian" share the key `MRXN`).
package struct FuzzyIndex: Sendable {
    /// The hashes of the deletion variants, sorted; the words of `deleteHashes[i]` are
    /// `deleteWords[deleteStarts[i]..<deleteStarts[i + 1]]`, in id order. Flat arrays, so the
    /// index is written to and read from the phrase cache as blocks. A hash collision only
    /// adds a candidate that the distance check drops.
    private(set) var deleteHashes: [UInt64] = []
    private(set) var deleteStarts: [Int32] = [0]
    private(set) var deleteWords: [Int32] = []
    private(set) var sounds: [String: [Int32]] = [:]
    private var words: [[UInt8]] = []

    package init(vocabulary: Vocabulary) {
        words = vocabulary.words.map { Array($0.utf8) }
        var pairs: [(hash: UInt64, word: Int32)] = []
        for (index, word) in vocabulary.words.enumerated() {
            guard Self.isFuzzable(word) else { continue }
            for variant in Self.deletions(of: words[index], upTo: Self.maximumDistance(for: word.count)) {
                pairs.append((variant, Int32(index)))
            }
            sounds[Phonetic.key(word), default: []].append(Int32(index))
        }
        pairs.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.word < $1.word }
        for (hash, word) in pairs {
            if deleteHashes.last != hash {
                if !deleteHashes.isEmpty { deleteStarts.append(Int32(deleteWords.count)) }
                deleteHashes.append(hash)
            }
            deleteWords.append(word)
        }
        if !deleteHashes.isEmpty { deleteStarts.append(Int32(deleteWords.count)) }
    }

    /// An index read back from the phrase cache.
    init(vocabulary: Vocabulary, deleteHashes: [UInt64], deleteStarts: [Int32], deleteWords: [Int32], sounds: [String: [Int32]]) {
        words = vocabulary.words.map { Array($0.utf8) }
        self.deleteHashes = deleteHashes
        self.deleteStarts = deleteStarts
        self.deleteWords = deleteWords
        self.sounds = sounds
    }

    /// The words one of whose deletion variants hashes to `variant`.
    private func wordsWithDeletion(_ variant: UInt64) -> ArraySlice<Int32> {
        var low = 0
        var high = deleteHashes.count
        while low < high {
            let mid = (low + high) / 2
            if deleteHashes[mid] < variant { low = mid + 1 } else { high = mid }
        }
        guard low < deleteHashes.count, deleteHashes[low] == variant else { return [] }
        return deleteWords[Int(deleteStarts[low])..<Int(deleteStarts[low + 1])]
    }

    static func isFuzzable(_ word: String) -> Bool {
        word.utf8.count >= 3 && word.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) }
    }

    static func maximumDistance(for length: Int) -> Int {
        length >= 7 ? 2 : length >= 4 ? 1 : 0
    }

    /// The hashes of `word` and of every string made by deleting up to `distance` letters
    /// (at most 2), each once.
    static func deletions(of word: [UInt8], upTo distance: Int) -> Set<UInt64> {
        var hashes: [UInt64] = []
        appendDeletions(of: word, upTo: distance, to: &hashes)
        return Set(hashes)
    }

    /// Appends the hashes of `word` and of every string made by deleting up to `distance`
    /// letters (at most 2) to `hashes`; a string made in two ways ("helo" from "hello") comes
    /// twice. Hashed as the letters are skipped, without making the strings.
    static func appendDeletions(of word: [UInt8], upTo distance: Int, to hashes: inout [UInt64]) {
        precondition(distance <= 2, "deletions of more than two letters are not indexed")
        let n = word.count
        hashes.append(hash(word))
        // A deletion leaves at least one letter.
        guard distance >= 1, n > 1 else { return }
        for i in 0..<n { hashes.append(hash(word, skipping: i, i)) }
        guard distance >= 2, n > 2 else { return }
        for i in 0..<n {
            for j in (i + 1)..<n { hashes.append(hash(word, skipping: i, j)) }
        }
    }

    /// FNV-1a of `bytes` without the bytes at `first` and `second` (the same index to skip one).
    @inline(__always)
    static func hash(_ bytes: [UInt8], skipping first: Int, _ second: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in bytes.indices where index != first && index != second { h = (h ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
        return h
    }

    /// FNV-1a.
    @inline(__always)
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }

    /// Vocabulary words near `word`, with a similarity in (0, 1), best first.
    ///
    /// `fromSpeech`: the word is a speech recognizer's, which writes real words that sound like the
    /// ones said ("console" for *cancel*), so a shared sound key is enough. A typed slip keeps
    /// most of the letters: "tennis" is not *tunes*.
    package func candidates(for word: String, limit: Int = 4, fromSpeech: Bool = false) -> [(word: Int32, similarity: Float)] {
        guard Self.isFuzzable(word) else { return [] }
        let heard = Array(word.utf8)
        var best: [(word: Int32, similarity: Float)] = []
        func offer(_ id: Int32, _ similarity: Float) {
            if let existing = best.firstIndex(where: { $0.word == id }) {
                best[existing].similarity = max(best[existing].similarity, similarity)
            } else {
                best.append((id, similarity))
            }
        }
        let distance = Self.maximumDistance(for: heard.count)
        if distance > 0 {
            var variants: [UInt64] = []
            variants.reserveCapacity(1 + heard.count * (heard.count + 1) / 2)
            Self.appendDeletions(of: heard, upTo: distance, to: &variants)
            var checked: Set<Int32> = []
            for variant in variants {
                for id in wordsWithDeletion(variant) where checked.insert(id).inserted {
                    let candidate = words[Int(id)]
                    let d = Self.distance(heard, candidate)
                    guard d > 0, d <= max(distance, Self.maximumDistance(for: candidate.count)) else { continue }
                    offer(id, 1 - Float(d) / Float(max(heard.count, candidate.count)))
                }
            }
        }
        if heard.count >= 5 {
            let key = Phonetic.key(word)
            for id in (key.count >= 3 ? sounds[key] : nil) ?? [] {
                let candidate = words[Int(id)]
                // Typed, sounding alike is not enough when most letters differ: "tennis" shares
                // the key of "tunes", but nobody types one for the other.
                guard candidate != heard, abs(candidate.count - heard.count) <= 3,
                    fromSpeech || Self.distance(heard, candidate) * 2 < max(heard.count, candidate.count)
                else { continue }
                offer(id, 0.8)
            }
        } else if heard.count == 4 {
            // Short words share keys often ("down", "dine", "tune"), so only a word of the same
            // length, first letter and consonants in order, the vowels spelt otherwise: "doon"
            // for "dune", "reed" for "read".
            let key = Phonetic.key(word)
            for id in (key.count >= 2 ? sounds[key] : nil) ?? [] {
                let candidate = words[Int(id)]
                guard candidate != heard, candidate.count == 4, candidate.first == heard.first,
                    Self.consonants(candidate) == Self.consonants(heard)
                else { continue }
                offer(id, 0.7)
            }
        }
        best.removeAll { $0.similarity < 0.6 }
        best.sort { $0.similarity != $1.similarity ? $0.similarity > $1.similarity : $0.word < $1.word }
        if best.count > limit { best.removeLast(best.count - limit) }
        return best
    }

    /// The letters of `word` that are not vowels (nor y, w or h), in order.
    static func consonants(_ word: [UInt8]) -> [UInt8] {
        word.filter { !"aeiouywh".utf8.contains($0 | 0x20) }
    }

    /// Levenshtein distance over bytes (fuzzy words are ASCII letters).
    /// Edits between two words, a swap of neighbouring letters counting as one: "shwo" is one
    /// edit from "show", as the commonest slip of typing is ("mcuh", "teh").
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int { EditDistance.between(a, b, transpositions: true) }
}

/// A small English sound-alike key in the spirit of Metaphone.
enum Phonetic {
    /// The key of `word`, a word of ASCII letters (``FuzzyIndex/isFuzzable(_:)``); other bytes
    /// give no sound. Worked on bytes: it is asked of every vocabulary word and every unknown
    /// word heard.
    static func key(_ word: String) -> String {
        let w = word.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        var out: [UInt8] = []
        out.reserveCapacity(w.count)
        func at(_ k: Int) -> UInt8? { k >= 0 && k < w.count ? w[k] : nil }
        func isFront(_ c: UInt8?) -> Bool { c == UInt8(ascii: "e") || c == UInt8(ascii: "i") || c == UInt8(ascii: "y") }
        func isVowel(_ c: UInt8?) -> Bool {
            switch c {
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "y"): true
            default: false
            }
        }
        var i = 0
        while i < w.count {
            let c = w[i]
            let next = at(i + 1)
            let h = UInt8(ascii: "h")
            var code: UInt8?
            switch c {
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "y"):
                code = i == 0 ? UInt8(ascii: "A") : nil
            case UInt8(ascii: "b"): code = UInt8(ascii: "P")
            case UInt8(ascii: "p"):
                code = next == h ? UInt8(ascii: "F") : UInt8(ascii: "P")
                if next == h { i += 1 }
            case UInt8(ascii: "c"):
                if next == h {
                    code = UInt8(ascii: "X")
                    i += 1
                } else {
                    code = isFront(next) ? UInt8(ascii: "S") : UInt8(ascii: "K")
                }
            case UInt8(ascii: "k"), UInt8(ascii: "q"): code = UInt8(ascii: "K")
            case UInt8(ascii: "g"): code = isFront(next) ? UInt8(ascii: "J") : UInt8(ascii: "K")
            case UInt8(ascii: "j"): code = UInt8(ascii: "J")
            case UInt8(ascii: "s"), UInt8(ascii: "z"):
                if next == h {
                    code = UInt8(ascii: "X")
                    i += 1
                } else {
                    code = UInt8(ascii: "S")
                }
            case UInt8(ascii: "t"), UInt8(ascii: "d"):
                if next == h {
                    code = UInt8(ascii: "0")
                    i += 1
                } else if c == UInt8(ascii: "t"), next == UInt8(ascii: "i"), at(i + 2) == UInt8(ascii: "a") || at(i + 2) == UInt8(ascii: "o") {
                    code = UInt8(ascii: "X")
                } else {
                    code = UInt8(ascii: "T")
                }
            case UInt8(ascii: "x"): code = UInt8(ascii: "S")
            case UInt8(ascii: "f"), UInt8(ascii: "v"): code = UInt8(ascii: "F")
            case UInt8(ascii: "w"), h: code = i == 0 && isVowel(next) ? UInt8(ascii: "A") : nil
            case UInt8(ascii: "m"): code = UInt8(ascii: "M")
            case UInt8(ascii: "n"): code = UInt8(ascii: "N")
            case UInt8(ascii: "l"): code = UInt8(ascii: "L")
            case UInt8(ascii: "r"): code = UInt8(ascii: "R")
            default: code = nil
            }
            if let code, out.last != code { out.append(code) }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
