/// A set of a few dozen words, told apart without hashing: by first byte, then length, then
/// spelling. Hashing a string costs about 500 instructions, a look-up here about 140
/// (callgrind); the checks asked of every word of every utterance ("a past tense?", "a
/// function word?") ask sets this small.
package struct SmallWordSet: Sendable, ExpressibleByArrayLiteral {
    /// The words, by their first UTF-8 byte.
    private var byFirstByte: [[String]] = Array(repeating: [], count: 256)

    package init(_ words: some Sequence<String>) {
        for word in words {
            guard let first = word.utf8.first, !contains(word) else { continue }
            byFirstByte[Int(first)].append(word)
        }
    }

    package init(arrayLiteral words: String...) {
        self.init(words)
    }

    package func contains(_ word: String) -> Bool {
        guard let first = word.utf8.first else { return false }
        let count = word.utf8.count
        return byFirstByte[Int(first)].contains { $0.utf8.count == count && $0 == word }
    }
}
