/// The edit distance between two sequences, the one implementation that spelling hints
/// ("did you mean"), fuzzy phrase words and name choices share.
package enum EditDistance {
    /// Levenshtein distance: insertions, deletions and substitutions cost one each. With
    /// `transpositions`, a swap of two neighbours ("hgih") also costs one (optimal string
    /// alignment). Rows live in one temporary allocation: fuzzy matching calls this per word,
    /// so it is inlinable, specialized for the element type in the modules that call it.
    @inlinable
    package static func between<Element: Equatable>(_ a: [Element], _ b: [Element], transpositions: Bool = false) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            // Three rows at offsets: the one before the previous (for transpositions), the
            // previous and the current; rotated after each row of `a`.
            var (beforePrevious, previous, current) = (0, width, 2 * width)
            for j in 0...b.count { rows[previous + j] = j }
            for i in 1...a.count {
                rows[current] = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var best = Swift.min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    if transpositions, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        best = Swift.min(best, rows[beforePrevious + j - 2] + 1)
                    }
                    rows[current + j] = best
                }
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
            }
            return rows[previous + b.count]
        }
    }
}
