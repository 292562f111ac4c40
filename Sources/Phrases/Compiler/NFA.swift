/// A token NFA with epsilon moves, built template by template, then made deterministic
/// (``determinized(phrases:slotClasses:parameterNames:)``) into an ``Automaton``.
struct NFA {
    var epsilon: [[Int32]] = []
    var words: [[(word: Int32, target: Int32)]] = []
    var slots: [[(slotClass: Int32, parameter: Int32, target: Int32)]] = []
    var accepting: [Int32] = []

    init() { _ = newState() }

    mutating func newState() -> Int32 {
        epsilon.append([])
        words.append([])
        slots.append([])
        accepting.append(-1)
        return Int32(accepting.count - 1)
    }

    mutating func addEpsilon(_ from: Int32, _ to: Int32) { epsilon[Int(from)].append(to) }
    mutating func addWord(_ from: Int32, _ word: Int32, _ to: Int32) { words[Int(from)].append((word, to)) }
    mutating func addSlot(_ from: Int32, slotClass: Int32, parameter: Int32, _ to: Int32) {
        slots[Int(from)].append((slotClass, parameter, to))
    }

    /// The subset construction: phrases that share their first words share their states, so
    /// one word leads to one state however many phrases begin with it, and the matcher's work
    /// per word depends on the utterance, not on the number of phrases.
    ///
    /// A deterministic state is a set of NFA states, closed under epsilon moves, of which only
    /// the ones that matter are kept (those with a word or slot edge, or that complete a
    /// phrase). A word leads to at most one state; a slot edge is labelled by its slot class and
    /// parameter, and leads to one state per label. The NFA is acyclic (templates have no
    /// repetition), so the construction ends, and because templates rarely share long
    /// stretches after their first few words it stays near the size of the NFA.
    func determinized(phrases: [CompiledPhrase], slotClasses: [SlotClass], parameterNames: [String]) -> Automaton {
        let closures = importantClosures()
        var automaton = Automaton(phrases: phrases, slotClasses: slotClasses, parameterNames: parameterNames)
        var subsets: [[Int32]] = []
        var indexOfSubset: [[Int32]: Int32] = [:]
        // Most subsets past the first words are one NFA state: found by that state, unhashed.
        var indexOfSingleton = [Int32](repeating: -1, count: accepting.count)
        var seen = [UInt32](repeating: 0, count: accepting.count)
        var generation: UInt32 = 0

        func intern(_ subset: [Int32]) -> Int32 {
            if subset.count == 1, indexOfSingleton[Int(subset[0])] >= 0 { return indexOfSingleton[Int(subset[0])] }
            if subset.count != 1, let index = indexOfSubset[subset] { return index }
            let index = Int32(subsets.count)
            subsets.append(subset)
            if subset.count == 1 { indexOfSingleton[Int(subset[0])] = index } else { indexOfSubset[subset] = index }
            return index
        }
        /// The sorted union of the closures of `targets`.
        func closure(of targets: some Sequence<Int32>) -> [Int32] {
            generation &+= 1
            var members: [Int32] = []
            for target in targets {
                for member in closures[Int(target)] where seen[Int(member)] != generation {
                    seen[Int(member)] = generation
                    members.append(member)
                }
            }
            members.sort()
            return members
        }

        _ = intern(closure(of: [0]))
        var cursor = 0
        // Reused from state to state: the edges of one subset.
        var wordEdges: [(word: Int32, target: Int32)] = []
        var slotEdges: [(slotClass: Int32, parameter: Int32, target: Int32)] = []
        var accepted: [Int32] = []
        while cursor < subsets.count {
            let members = subsets[cursor]
            cursor += 1
            wordEdges.removeAll(keepingCapacity: true)
            slotEdges.removeAll(keepingCapacity: true)
            accepted.removeAll(keepingCapacity: true)
            for member in members {
                wordEdges += words[Int(member)]
                slotEdges += slots[Int(member)]
                if accepting[Int(member)] >= 0 { accepted.append(accepting[Int(member)]) }
            }
            wordEdges.sort { $0.word != $1.word ? $0.word < $1.word : $0.target < $1.target }
            var start = 0
            while start < wordEdges.count {
                var end = start + 1
                while end < wordEdges.count, wordEdges[end].word == wordEdges[start].word { end += 1 }
                let target = intern(closure(of: wordEdges[start..<end].lazy.map(\.target)))
                automaton.wordEdgeWord.append(wordEdges[start].word)
                automaton.wordEdgeTarget.append(target)
                start = end
            }
            automaton.wordEdgeStart.append(Int32(automaton.wordEdgeWord.count))
            slotEdges.sort {
                ($0.slotClass, $0.parameter, $0.target) < ($1.slotClass, $1.parameter, $1.target)
            }
            start = 0
            while start < slotEdges.count {
                var end = start + 1
                while end < slotEdges.count, slotEdges[end].slotClass == slotEdges[start].slotClass,
                    slotEdges[end].parameter == slotEdges[start].parameter
                {
                    end += 1
                }
                let target = intern(closure(of: slotEdges[start..<end].lazy.map(\.target)))
                automaton.slotEdgeClass.append(slotEdges[start].slotClass)
                automaton.slotEdgeParameter.append(slotEdges[start].parameter)
                automaton.slotEdgeTarget.append(target)
                start = end
            }
            automaton.slotEdgeStart.append(Int32(automaton.slotEdgeClass.count))
            accepted.sort()
            automaton.acceptedPhrases += accepted
            automaton.acceptedStart.append(Int32(automaton.acceptedPhrases.count))
        }
        return automaton
    }

    /// For each state, the states reachable by epsilon moves (itself included) that have a
    /// word or slot edge or complete a phrase.
    private func importantClosures() -> [[Int32]] {
        let count = accepting.count
        var closures = [[Int32]](repeating: [], count: count)
        var mark = [Int](repeating: -1, count: count)
        for state in 0..<count {
            var stack: [Int32] = [Int32(state)]
            var closure: [Int32] = []
            mark[state] = state
            while let s = stack.popLast() {
                if !words[Int(s)].isEmpty || !slots[Int(s)].isEmpty || accepting[Int(s)] >= 0 { closure.append(s) }
                for next in epsilon[Int(s)] where mark[Int(next)] != state {
                    mark[Int(next)] = state
                    stack.append(next)
                }
            }
            closures[state] = closure
        }
        return closures
    }
}
