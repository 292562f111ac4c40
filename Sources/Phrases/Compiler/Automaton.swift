import IntentModel

/// What a slot edge consumes.
package enum SlotClass: Hashable, Sendable {
    /// A value found by the value taggers (numbers, dates, money, people, ...), by element type.
    case typed(ValueType)
    /// A known name of an entity or enum type, compiled into the lexicon.
    case lexicon(type: String)
    /// Any words, bounded by the words around the slot.
    case freeText
}

extension SlotClass {
    /// Whether this class takes a typed value of `element` type: a number where a double is
    /// wanted, an amount of money as a number, a measurement of any dimension.
    func accepts(_ element: ValueType) -> Bool {
        guard case .typed(let wanted) = self else { return false }
        switch (wanted, element) {
        case (.double, .int), (.double, .double), (.double, .currencyAmount): return true
        case (.measurement, .measurement): return true
        default: return wanted == element
        }
    }
}

/// One compiled template: which intent it reaches and where it came from.
package struct CompiledPhrase: Hashable, Sendable {
    package var intentIndex: Int
    package var template: String
    package var location: SourceLocation?
    /// The schema whose phrase this is, for phrases an intent gets by adopting a schema.
    package var schema: String?
    package var language: String
    /// The number of literal words on the shortest path, used to refuse phrases with no anchor.
    package var minimumLiteralCount: Int
    /// Parameters the phrase's words imply (``PhraseTemplate/values``).
    package var values: [String: JSONValue] = [:]
}

/// All phrases of all apps as one deterministic token automaton, in flat arrays indexed by
/// state (built by ``NFA/determinized(phrases:slotClasses:parameterNames:)``).
///
/// State 0 is the start. Each state has at most one edge per word, sorted by word id, so a
/// lookup is a binary search whatever the number of phrases; its slot edges are sorted by slot
/// class, one per (class, parameter). A state may complete several phrases (of one intent or
/// of several) that share all their words.
package struct Automaton: Sendable {
    package var wordEdgeStart: [Int32] = [0]
    package var wordEdgeWord: [Int32] = []
    package var wordEdgeTarget: [Int32] = []
    package var slotEdgeStart: [Int32] = [0]
    package var slotEdgeClass: [Int32] = []
    package var slotEdgeParameter: [Int32] = []
    package var slotEdgeTarget: [Int32] = []
    /// For each state, the range of ``acceptedPhrases`` it completes.
    package var acceptedStart: [Int32] = [0]
    package var acceptedPhrases: [Int32] = []
    package var phrases: [CompiledPhrase]
    package var slotClasses: [SlotClass]
    package var parameterNames: [String]

    package init(phrases: [CompiledPhrase], slotClasses: [SlotClass], parameterNames: [String]) {
        self.phrases = phrases
        self.slotClasses = slotClasses
        self.parameterNames = parameterNames
    }

    package var stateCount: Int { acceptedStart.count - 1 }

    /// The state `word` leads to from `state`, if any.
    @inline(__always)
    package func wordTarget(from state: Int32, word: Int32) -> Int32? {
        let edges = Int(wordEdgeStart[Int(state)])..<Int(wordEdgeStart[Int(state) + 1])
        return sortedIndex(of: word, in: wordEdgeWord, range: edges).map { wordEdgeTarget[$0] }
    }

    /// The slot edges of `state` whose slot class is `slotClass`.
    @inline(__always)
    package func slotEdges(of state: Int32, slotClass: Int32) -> Range<Int> {
        let end = Int(slotEdgeStart[Int(state) + 1])
        var low = Int(slotEdgeStart[Int(state)])
        var high = end
        while low < high {
            let mid = (low + high) / 2
            if slotEdgeClass[mid] < slotClass { low = mid + 1 } else { high = mid }
        }
        var upper = low
        while upper < end, slotEdgeClass[upper] == slotClass { upper += 1 }
        return low..<upper
    }

    /// The phrases `state` completes.
    @inline(__always)
    package func phrasesCompleted(at state: Int32) -> ArraySlice<Int32> {
        acceptedPhrases[Int(acceptedStart[Int(state)])..<Int(acceptedStart[Int(state) + 1])]
    }
}

/// Where `key` is in `keys[range]`, which is sorted and holds each key once: a binary search,
/// for the word edges of an automaton state and the branches of a lexicon node.
@inline(__always)
func sortedIndex(of key: Int32, in keys: [Int32], range: Range<Int>) -> Int? {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let middle = (low + high) / 2
        let found = keys[middle]
        if found == key { return middle }
        if found < key { low = middle + 1 } else { high = middle }
    }
    return nil
}
