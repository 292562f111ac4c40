/// The first two letters (a to z) of a set of words, as bits: whether a word may be one of the
/// set, asked without hashing it. A one-letter word is its letter followed by none.
package struct LetterPairs: Sendable {
    /// Bit `second` of `bits[first]`, letters counted from 0, and 26 for no second letter.
    private var bits = [UInt32](repeating: 0, count: 26)

    package init(_ words: some Sequence<String>) {
        for word in words {
            guard let (first, second) = Self.pair(word) else { continue }
            bits[first] |= 1 << second
        }
    }

    /// False only when `word` is no word of the set: its first two letters begin none of them.
    package func mayContain(_ word: String) -> Bool {
        guard let (first, second) = Self.pair(word) else { return true }
        return bits[first] & (1 << second) != 0
    }

    private static func pair(_ word: String) -> (Int, Int)? {
        var bytes = word.utf8.makeIterator()
        guard let a = bytes.next(), (0x61...0x7A).contains(a) else { return nil }
        guard let b = bytes.next() else { return (Int(a - 0x61), 26) }
        guard (0x61...0x7A).contains(b) else { return nil }
        return (Int(a - 0x61), Int(b - 0x61))
    }
}
