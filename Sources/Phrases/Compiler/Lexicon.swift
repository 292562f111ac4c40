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
///
/// Node 0 is the root. A node's branches are in flat arrays sorted by word id (as the
/// automaton's word edges are): found by binary search, walked in the same order in every
/// process, and read from the phrase cache as three blocks.
package struct Lexicon: Sendable {
    /// Node `n`'s branches are `branchWord[branchStart[n]..<branchStart[n + 1]]`, each leading
    /// to the node at the same index of `branchNode`.
    package var branchStart: [Int32] = [0, 0]
    package var branchWord: [Int32] = []
    package var branchNode: [Int32] = []
    /// The names that end at node `n` are `entryList[entryStart[n]..<entryStart[n + 1]]`.
    package var entryStart: [Int32] = [0, 0]
    package var entryList: [LexiconEntry] = []

    package init() {}

    /// The number of nodes, the root included.
    package var nodeCount: Int { entryStart.count - 1 }

    /// The names that end at `node`.
    @inline(__always)
    package func entries(at node: Int32) -> ArraySlice<LexiconEntry> {
        entryList[Int(entryStart[Int(node)])..<Int(entryStart[Int(node) + 1])]
    }

    /// The node `word` leads to from `node`, if any.
    @inline(__always)
    package func child(of node: Int32, word: Int32) -> Int32? {
        sortedIndex(of: word, in: branchWord, range: branches(of: node)).map { branchNode[$0] }
    }

    /// The indices into ``branchWord`` and ``branchNode`` of `node`'s branches.
    @inline(__always)
    package func branches(of node: Int32) -> Range<Int> {
        Int(branchStart[Int(node)])..<Int(branchStart[Int(node) + 1])
    }

    /// Filler words that are words of a free text when they begin it: "saying thanks for the
    /// help", "saying hi", "remind me to thank grandma", "tell her hello". A free text may be one
    /// of them alone ("saying thanks"); at its end they are still filler ("add milk thanks").
    package static let fillerOpeningText: Set<String> = ["thanks", "thank", "hi", "hello"]

    /// Words too common to stand for a value on their own.
    package static let weakWords: Set<String> = [
        "the", "a", "an", "my", "of", "to", "in", "on", "for", "and", "or", "with", "at", "by", "from", "is", "it",
        "this", "that", "your", "our", "new", "up", "off", "out", "all",
        "me", "i", "you", "we", "us", "him", "her", "them", "his", "its", "their",
    ]
    package static let articles: Set<String> = ["the", "a", "an"]
    /// Words that place a thing in time or order and name nothing alone.
    package static let orderWords: Set<String> = ["last", "next", "previous", "past", "coming", "upcoming", "first", "second"]
    /// Weak words, the words that ask ("who", "what"), "again" and the words that introduce a
    /// name: a free text of these alone says nothing ("who recommended dune" names no
    /// recommender, "what can't you do" no app, "how much was it again" no expense called "it
    /// again", "create an event called lunch" no event called "called" at noon).
    package static let noContentWords: Set<String> = weakWords.union([
        "not", "who", "what", "which", "where", "when", "why", "how", "whom", "whose", "again", "called", "named", "titled", "entitled",
    ])
}

/// A ``Lexicon`` being built: names inserted one by one, then laid out flat (``lexicon``).
package struct LexiconBuilder {
    private var children: [[Int32: Int32]] = [[:]]
    private var entries: [[LexiconEntry]] = [[]]

    package init() {}

    /// The trie built so far, each node's branches sorted by word id, its names in the order inserted.
    package var lexicon: Lexicon {
        var lexicon = Lexicon()
        lexicon.branchStart = [0]
        lexicon.branchStart.reserveCapacity(children.count + 1)
        for branches in children {
            for (word, node) in branches.sorted(by: { $0.key < $1.key }) {
                lexicon.branchWord.append(word)
                lexicon.branchNode.append(node)
            }
            lexicon.branchStart.append(Int32(lexicon.branchWord.count))
        }
        lexicon.entryStart = [0]
        lexicon.entryStart.reserveCapacity(entries.count + 1)
        for names in entries {
            lexicon.entryList += names
            lexicon.entryStart.append(Int32(lexicon.entryList.count))
        }
        return lexicon
    }

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

    /// Inserts a name, its form without a leading article, and its distinctive parts.
    package mutating func insertName(
        _ words: [String], vocabulary: inout Vocabulary, entry: LexiconEntry, typeWords: Set<String> = []
    ) {
        guard !words.isEmpty else { return }
        let ids = words.map { vocabulary.intern($0) }
        insert(ids, entry)
        if words.count > 1, Lexicon.articles.contains(words[0]) {
            var shorter = entry
            shorter.quality = entry.quality * 0.97
            insert(Array(ids.dropFirst()), shorter)
        }
        guard words.count > 1 else { return }
        // Contiguous parts: "hail mary" or "martian" still name their book, with less certainty.
        for start in 0..<words.count {
            for end in (start + 1)...words.count where end - start < words.count {
                let part = words[start..<end]
                if part.allSatisfy({ Lexicon.weakWords.contains($0) || $0.count < 3 || typeWords.contains($0) }) { continue }
                if Lexicon.weakWords.contains(part.first ?? "") || Lexicon.weakWords.contains(part.last ?? "") { continue }
                // "last" alone names neither "last week" nor "last month" ("what's my last expense").
                if part.count == 1, Lexicon.orderWords.contains(part.first ?? "") { continue }
                var partial = entry
                partial.quality = entry.quality * (0.55 + 0.4 * Float(part.count) / Float(words.count))
                partial.isPart = true
                insert(Array(ids[start..<end]), partial)
            }
        }
    }
}
