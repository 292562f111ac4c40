/// A token NFA with epsilon moves, built template by template, then frozen into an ``Automaton``.
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

    /// Removes epsilon moves and unreachable states, and sorts word edges for binary search.
    func frozen(phrases: [CompiledPhrase], slotClasses: [SlotClass], parameterNames: [String]) -> Automaton {
        let count = accepting.count
        // Epsilon closure of every state, by depth-first search.
        var closures = [[Int32]](repeating: [], count: count)
        var mark = [Int](repeating: -1, count: count)
        for state in 0..<count {
            var stack: [Int32] = [Int32(state)]
            var closure: [Int32] = []
            mark[state] = state
            while let s = stack.popLast() {
                closure.append(s)
                for next in epsilon[Int(s)] where mark[Int(next)] != state {
                    mark[Int(next)] = state
                    stack.append(next)
                }
            }
            closures[state] = closure
        }
        // Keep the states reachable from the start through real edges.
        var newIndex = [Int32](repeating: -1, count: count)
        var order: [Int32] = [0]
        newIndex[0] = 0
        var cursor = 0
        while cursor < order.count {
            let state = order[cursor]
            cursor += 1
            for c in closures[Int(state)] {
                let targets = words[Int(c)].map(\.target) + slots[Int(c)].map(\.target)
                for target in targets where newIndex[Int(target)] < 0 {
                    newIndex[Int(target)] = Int32(order.count)
                    order.append(target)
                }
            }
        }
        var automaton = Automaton(
            wordEdgeStart: [0], wordEdgeWord: [], wordEdgeTarget: [], slotEdgeStart: [0], slotEdgeClass: [],
            slotEdgeParameter: [], slotEdgeTarget: [], acceptingPhrase: [], startSlotEdgesByClass: [:],
            phrases: phrases, slotClasses: slotClasses, parameterNames: parameterNames)
        for (position, state) in order.enumerated() {
            var wordEdges: [(Int32, Int32)] = []
            var slotEdges: [(Int32, Int32, Int32)] = []
            var accept: Int32 = -1
            for c in closures[Int(state)] {
                wordEdges += words[Int(c)].map { ($0.word, newIndex[Int($0.target)]) }
                slotEdges += slots[Int(c)].map { ($0.slotClass, $0.parameter, newIndex[Int($0.target)]) }
                if accepting[Int(c)] >= 0, accept < 0 { accept = accepting[Int(c)] }
            }
            wordEdges.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            var previous: (Int32, Int32)? = nil
            for edge in wordEdges where previous.map({ $0 != edge }) ?? true {
                automaton.wordEdgeWord.append(edge.0)
                automaton.wordEdgeTarget.append(edge.1)
                previous = edge
            }
            automaton.wordEdgeStart.append(Int32(automaton.wordEdgeWord.count))
            for edge in slotEdges {
                if position == 0 {
                    automaton.startSlotEdgesByClass[edge.0, default: []].append((edge.1, edge.2))
                }
                automaton.slotEdgeClass.append(edge.0)
                automaton.slotEdgeParameter.append(edge.1)
                automaton.slotEdgeTarget.append(edge.2)
            }
            automaton.slotEdgeStart.append(Int32(automaton.slotEdgeClass.count))
            automaton.acceptingPhrase.append(accept)
        }
        return automaton
    }
}
