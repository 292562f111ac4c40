/// Near-miss suggestions for user-facing errors ("Did you mean 'tasks.add'?").
package enum Spelling {
    package static func suggestion(for word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    /// `noun` after "a" or "an", as its first letter asks: "an email message", "a task".
    package static func withArticle(_ noun: String) -> String {
        ("aeiou".contains(noun.lowercased().prefix(1)) ? "an " : "a ") + noun
    }

    /// Levenshtein distance between two words.
    package static func distance(_ a: String, _ b: String) -> Int { EditDistance.between(Array(a), Array(b)) }
}
