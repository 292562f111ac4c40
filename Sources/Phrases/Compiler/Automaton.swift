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
}

/// All phrases of all apps as one token automaton with epsilon moves removed:
/// flat arrays indexed by state, frozen after ``AutomatonBuilder/build()``.
///
/// State 0 is the start. Word edges of a state are sorted by word id, so a lookup is a
/// binary search whatever the number of phrases; slot edges are listed per state, and the
/// start state's slot edges are grouped by slot class.
package struct Automaton: Sendable {
    package var wordEdgeStart: [Int32]
    package var wordEdgeWord: [Int32]
    package var wordEdgeTarget: [Int32]
    package var slotEdgeStart: [Int32]
    package var slotEdgeClass: [Int32]
    package var slotEdgeParameter: [Int32]
    package var slotEdgeTarget: [Int32]
    /// For each state, the phrase it completes, or -1.
    package var acceptingPhrase: [Int32]
    package var startSlotEdgesByClass: [Int32: [(parameter: Int32, target: Int32)]]
    package var phrases: [CompiledPhrase]
    package var slotClasses: [SlotClass]
    package var parameterNames: [String]

    package var stateCount: Int { acceptingPhrase.count }

    /// Targets of the word edges of `state` labelled `word`.
    @inline(__always)
    package func wordTargets(from state: Int32, word: Int32) -> ArraySlice<Int32> {
        var low = Int(wordEdgeStart[Int(state)])
        var high = Int(wordEdgeStart[Int(state) + 1])
        let end = high
        while low < high {
            let mid = (low + high) / 2
            if wordEdgeWord[mid] < word { low = mid + 1 } else { high = mid }
        }
        var upper = low
        while upper < end, wordEdgeWord[upper] == word { upper += 1 }
        return wordEdgeTarget[low..<upper]
    }

    @inline(__always)
    package func slotEdges(of state: Int32) -> Range<Int> {
        Int(slotEdgeStart[Int(state)])..<Int(slotEdgeStart[Int(state) + 1])
    }
}

