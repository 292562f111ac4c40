/// Word ids shared by the automaton, the lexicon and the fuzzy index.
package struct Vocabulary: Sendable {
    package private(set) var ids: [String: Int32] = [:]
    package private(set) var words: [String] = []

    package init() {}

    /// The vocabulary whose ids are the positions of `words`.
    package init(words: [String]) {
        for word in words { _ = intern(word) }
    }

    package mutating func intern(_ word: String) -> Int32 {
        if let id = ids[word] { return id }
        let id = Int32(words.count)
        ids[word] = id
        words.append(word)
        return id
    }

    package func id(of word: String) -> Int32? { ids[word] }
}
