/// A known name of an entity value or enum case.
package struct LexiconEntry: Hashable, Sendable {
    package var slotClass: Int32
    /// The entity id or enum case id.
    package var valueID: String
    package var title: String
    /// 1 for the full name or a synonym; less for a part of a name ("milk" for "Buy milk").
    package var quality: Float
    /// A part of a longer name: heard only with at least one word exactly as written
    /// ("ring" is near "sing", but that alone does not name "Where the Crawdads Sing").
    package var isPart = false
}

/// The names of all entity values and enum cases as a token trie, so that all of them are
/// found in an utterance in one pass, whatever their number.
package struct Lexicon: Sendable {
    package var children: [[Int32: Int32]] = [[:]]
    package var entries: [[LexiconEntry]] = [[]]

    package init() {}

    package mutating func insert(_ words: [Int32], _ entry: LexiconEntry) {
        guard !words.isEmpty else { return }
        var node: Int32 = 0
        for word in words {
            if let next = children[Int(node)][word] {
                node = next
            } else {
                let next = Int32(children.count)
                children.append([:])
                entries.append([])
                children[Int(node)][word] = next
                node = next
            }
        }
        // One entry per value and class at a node: keep the best quality.
        if let existing = entries[Int(node)].firstIndex(where: { $0.slotClass == entry.slotClass && $0.valueID == entry.valueID }) {
            if entries[Int(node)][existing].quality < entry.quality { entries[Int(node)][existing] = entry }
        } else {
            entries[Int(node)].append(entry)
        }
    }

    /// Words too common to stand for a value on their own.
    static let weakWords: Set<String> = [
        "the", "a", "an", "my", "of", "to", "in", "on", "for", "and", "or", "with", "at", "by", "from", "is", "it",
        "this", "that", "your", "our", "new", "up", "off", "out", "all",
    ]
    static let articles: Set<String> = ["the", "a", "an"]

    /// Inserts a name, its form without a leading article, and its distinctive parts.
    package mutating func insertName(
        _ words: [String], vocabulary: inout Vocabulary, entry: LexiconEntry, typeWords: Set<String> = []
    ) {
        guard !words.isEmpty else { return }
        let ids = words.map { vocabulary.intern($0) }
        insert(ids, entry)
        if words.count > 1, Self.articles.contains(words[0]) {
            var shorter = entry
            shorter.quality = entry.quality * 0.97
            insert(Array(ids.dropFirst()), shorter)
        }
        guard words.count > 1 else { return }
        // Contiguous parts: "hail mary" or "martian" still name their book, with less certainty.
        for start in 0..<words.count {
            for end in (start + 1)...words.count where end - start < words.count {
                let part = words[start..<end]
                if part.allSatisfy({ Self.weakWords.contains($0) || $0.count < 3 || typeWords.contains($0) }) { continue }
                if Self.weakWords.contains(part.first ?? "") || Self.weakWords.contains(part.last ?? "") { continue }
                var partial = entry
                partial.quality = entry.quality * (0.55 + 0.4 * Float(part.count) / Float(words.count))
                partial.isPart = true
                insert(Array(ids[start..<end]), partial)
            }
        }
    }
}
