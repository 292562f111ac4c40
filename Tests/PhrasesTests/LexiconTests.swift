import Testing

@testable import Phrases

/// The lexicon's trie laid out flat: every name inserted is found word by word, branches are
/// sorted by word id whatever the order of insertion, and a word that leads nowhere is no branch.
struct LexiconTests {
    static func entry(_ id: String, slotClass: Int32 = 0) -> LexiconEntry {
        LexiconEntry(slotClass: slotClass, valueID: id, title: id, quality: 1)
    }

    /// The node a walk of `words` from the root ends on.
    static func walk(_ lexicon: Lexicon, _ words: [Int32]) -> Int32? {
        var node: Int32 = 0
        for word in words {
            guard let next = lexicon.child(of: node, word: word) else { return nil }
            node = next
        }
        return node
    }

    @Test func everyNameIsFoundAndBranchesAreSorted() {
        var builder = LexiconBuilder()
        // Names inserted in an order unlike their words' ids, sharing prefixes.
        let names: [([Int32], String)] = [
            ([9, 4], "nine four"), ([2], "two"), ([9, 1, 7], "nine one seven"), ([9, 1], "nine one"), ([40, 3], "forty three"),
            ([2, 9], "two nine"),
        ]
        for (words, id) in names { builder.insert(words, Self.entry(id)) }
        let lexicon = builder.lexicon

        for (words, id) in names {
            let node = Self.walk(lexicon, words)
            #expect(node.map { lexicon.entries(at: $0).map(\.valueID) } == [id], "\(words)")
        }
        #expect(lexicon.branches(of: 0).map { lexicon.branchWord[$0] } == [2, 9, 40])
        for node in 0..<Int32(lexicon.nodeCount) {
            let words = lexicon.branches(of: node).map { lexicon.branchWord[$0] }
            #expect(words == words.sorted() && Set(words).count == words.count)
        }
        // Words that lead nowhere from where they are said.
        #expect(Self.walk(lexicon, [4]) == nil)
        #expect(Self.walk(lexicon, [9, 4, 1]) == nil)
        #expect(Self.walk(lexicon, [41]) == nil)
        #expect(Self.walk(lexicon, [-1]) == nil)
        // A prefix of names is a node without entries of its own.
        #expect(Self.walk(lexicon, [9]).map { lexicon.entries(at: $0).isEmpty } == true)
    }

    @Test func anEmptyLexiconHasARootAndNoBranches() {
        let lexicon = LexiconBuilder().lexicon
        #expect(lexicon.nodeCount == 1)
        #expect(lexicon.entries(at: 0).isEmpty)
        #expect(lexicon.branches(of: 0).isEmpty)
        #expect(lexicon.child(of: 0, word: 0) == nil)
    }

    /// The same value inserted twice at one node keeps its better quality, once.
    @Test func oneEntryPerValueAndClassAtANode() {
        var builder = LexiconBuilder()
        var weak = Self.entry("milk")
        weak.quality = 0.5
        builder.insert([3], weak)
        builder.insert([3], Self.entry("milk"))
        builder.insert([3], Self.entry("milk", slotClass: 1))
        let lexicon = builder.lexicon
        let entries = Array(Self.walk(lexicon, [3]).map { lexicon.entries(at: $0) } ?? [])
        #expect(entries.map(\.slotClass) == [0, 1])
        #expect(entries.first?.quality == 1)
    }

    /// A name's parts name it too ("martian" for "The Martian"), but not a word that only places
    /// it in time or order: "last" alone is neither "last week" nor "last month" ("what's my last
    /// expense" asked which of the two). A part that begins with it still names it.
    @Test func anOrderWordAloneIsNoPartOfAName() {
        var builder = LexiconBuilder()
        var vocabulary = Vocabulary()
        builder.insertName(["last", "week"], vocabulary: &vocabulary, entry: Self.entry("lastWeek"))
        builder.insertName(["the", "last", "kingdom"], vocabulary: &vocabulary, entry: Self.entry("kingdom"))
        let lexicon = builder.lexicon
        func found(_ words: [String]) -> [String] {
            let ids = words.map { vocabulary.intern($0) }
            return Self.walk(lexicon, ids).map { Array(lexicon.entries(at: $0)).map(\.valueID) } ?? []
        }
        #expect(found(["last"]).isEmpty)
        #expect(found(["week"]) == ["lastWeek"])
        #expect(found(["last", "kingdom"]) == ["kingdom"])
        #expect(found(["kingdom"]) == ["kingdom"])
    }
}
