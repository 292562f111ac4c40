import IntentModel

extension MatchRun {
    /// Keeps the better of two ways to reach `state` at `position`.
    @inline(__always)
    mutating func relax(_ position: Int, _ hypothesis: Hypothesis) {
        if let existing = chart[position].value(for: hypothesis.state), arena[Int(existing)].score >= hypothesis.score { return }
        chart[position].set(Int32(arena.count), for: hypothesis.state)
        arena.append(hypothesis)
    }

    mutating func search() {
        let automaton = matcher.automaton
        arena.append(Hypothesis(state: 0, parent: -1, score: 0, action: .start, from: 0, to: 0))
        chart[0].set(0, for: 0)
        // The positions' hypotheses are read from a buffer of the run's own while the loop
        // adds to the chart: moved out for the loop, so that adding does not copy it.
        var alive: [(state: Int32, index: Int32)] = []
        swap(&alive, &self.alive)
        defer { swap(&alive, &self.alive) }
        // Free-text choices of the current position, worked out for the first hypothesis
        // that has a free-text edge there and shared by the rest.
        var freeText: [(end: Int, score: Float)] = []
        swap(&freeText, &freeTextBuffer)
        defer { swap(&freeText, &freeTextBuffer) }
        for position in 0..<count {
            pruned(position, into: &alive)
            let hearingFloor = soundAlike ? soundAlikeFloor(alive) : .infinity
            // What the position offers, read once for all its hypotheses.
            let skipsFiller = filler[position]
            let phraseEnds = fillerPhraseEnds[position]
            let heard = exact[position]
            let nearWords = near[position]
            let spans = spansAt[position]
            var freeTextKnown = false
            for (state, index) in alive {
                let h = arena[Int(index)]
                let base = Hypothesis(state: state, parent: index, score: h.score, action: .skipFiller, from: Int32(position), to: Int32(position + 1))
                // Skip the word: free for filler, a penalty otherwise.
                var skip = base
                if !skipsFiller {
                    skip.action = .skipUnknown
                    skip.score += Weight.unknownSkip
                }
                relax(position + 1, skip)
                // A filler phrase scores as if matched word for word, so that a phrase spelling
                // it out ("i need to {title}") does not outscore skipping it before another
                // intent's phrase ("i need to | send money to alex").
                for end in phraseEnds {
                    var phraseSkip = base
                    phraseSkip.to = Int32(end)
                    phraseSkip.score += Weight.fillerPhraseWord * Float(end - position)
                    relax(end, phraseSkip)
                }
                // Literal words, exact and near.
                if let heard, let target = automaton.wordTarget(from: state, word: heard) {
                    var next = base
                    next.state = target
                    next.action = .word
                    next.score += Weight.word
                    relax(position + 1, next)
                }
                for (word, similarity) in nearWords {
                    guard let target = automaton.wordTarget(from: state, word: word) else { continue }
                    var next = base
                    next.state = target
                    next.action = .nearWord
                    next.payload = word
                    next.similarity = similarity
                    next.score += Weight.nearWord * similarity
                    relax(position + 1, next)
                }
                if soundAlike, h.score >= hearingFloor || (state == 0 && position == 0) {
                    expandSoundAlikes(from: state, at: position, base: base)
                    if misheardWords { expandMisheardWord(from: state, at: position, base: base, reachedBy: h) }
                }
                // Most states lie inside a phrase's words and have no slot edge at all.
                guard automaton.slotEdgeStart[Int(state)] != automaton.slotEdgeStart[Int(state) + 1] else { continue }
                expandSpans(spans, from: state, base: base, automaton: automaton)
                let freeTextEdges = automaton.slotEdges(of: state, slotClass: freeTextClass)
                if !freeTextEdges.isEmpty {
                    if !freeTextKnown {
                        freeTextChoices(at: position, into: &freeText)
                        freeTextKnown = true
                    }
                    // A filler phrase that opens the text inside a phrase is its words ("saying
                    // let's meet at noon", "saying can you call me"), scored as if skipped so that
                    // the text wins the tie; before a phrase's first word it is still filler.
                    let opening = state == 0 ? nil : phraseEnds.max()
                    for (end, score) in freeText {
                        var textScore = score
                        var payload: Int32 = -1
                        if let opening, end > opening {
                            textScore = Weight.fillerPhraseWord * Float(opening - position) + freeTextScore(opening..<end)
                            payload = MatchRun.freeTextPayload(openingPhraseLength: opening - position)
                        }
                        for edge in freeTextEdges {
                            takeSlot(
                                base, parameter: automaton.slotEdgeParameter[edge], target: automaton.slotEdgeTarget[edge], end: end,
                                score: textScore, payload: payload)
                        }
                    }
                }
                if let anchor = anchorWord(before: position, reachedBy: h) {
                    expandEntityNames(from: state, at: position, base: base, anchor: anchor, automaton: automaton)
                }
                if hasTypeWord { expandEntityNamesBeforeTheirType(from: state, at: position, base: base, automaton: automaton) }
            }
        }
    }

    /// Sound-alike steps start only from the best few hypotheses at a position, the start state
    /// included only when it is one of them (and at the first word): hearing words otherwise
    /// from a poor reading cannot win, and costs a walk each. The start state after words
    /// skipped at a cost is such a reading; the start after filler is free and ranks high.
    func soundAlikeFloor(_ alive: [(state: Int32, index: Int32)]) -> Float {
        let scores = alive.map { arena[Int($0.index)].score }.sorted(by: >)
        return scores.count > Weight.soundStates ? scores[Weight.soundStates - 1] : -.infinity
    }

    /// The hypotheses at `position` worth expanding: within the beam of the best, at most a
    /// fixed number (the best, ties to the lower state for the same answer on every run), and
    /// always the start state so that a phrase may begin after unknown words.
    func pruned(_ position: Int, into entries: inout [(state: Int32, index: Int32)]) {
        entries.removeAll(keepingCapacity: true)
        chart[position].appendEntries(to: &entries)
        guard !entries.isEmpty else { return }
        var best = -Float.infinity
        for entry in entries { best = max(best, arena[Int(entry.index)].score) }
        let floor = best - Weight.beam
        entries.removeAll { $0.state != 0 && arena[Int($0.index)].score < floor }
        if entries.count > Weight.maximumStates {
            let scores = entries.map { arena[Int($0.index)].score }
            var order = Array(entries.indices)
            order.sort { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : entries[$0].state < entries[$1].state }
            var kept = order.prefix(Weight.maximumStates).map { entries[$0] }
            if !kept.contains(where: { $0.state == 0 }), let start = entries.first(where: { $0.state == 0 }) { kept.append(start) }
            entries = kept
        }
        entries.sort { $0.state < $1.state }
    }

    /// The typed values and names that begin at a position (`spans`, indices into
    /// `slotSpans`), each taken by the slot edges of its class from `state`. Only the fields
    /// the search needs are read: a span's capture is copied into a parse, not into each step.
    mutating func expandSpans(_ spans: [Int], from state: Int32, base: Hypothesis, automaton: borrowing Automaton) {
        // A state has a few slot edges: a scan of them is cheaper than a search per span.
        let edges = Int(automaton.slotEdgeStart[Int(state)])..<Int(automaton.slotEdgeStart[Int(state) + 1])
        for spanIndex in spans {
            let slotClass = slotSpans[spanIndex].slotClass
            for edge in edges where automaton.slotEdgeClass[edge] == slotClass {
                takeSlot(
                    base, parameter: automaton.slotEdgeParameter[edge], target: automaton.slotEdgeTarget[edge],
                    end: slotSpans[spanIndex].end, score: slotSpans[spanIndex].score, payload: Int32(spanIndex))
            }
        }
    }

    /// The ends free text may take from `position` (it must hold a content word), each with
    /// its score, into `choices`.
    func freeTextChoices(at position: Int, into choices: inout [(end: Int, score: Float)]) {
        choices.removeAll(keepingCapacity: true)
        choices.reserveCapacity(Weight.maximumFreeText)
        // Filler at either end is skipped as filler, not taken into the text ("add milk please"
        // is "milk"): the text would lose it anyway, and the parse would lose confidence for
        // words it explains only as free text. Filler that opens a text is the exception
        // ("saying thanks", `Lexicon.fillerOpeningText`), and a text it opens may end on
        // filler, so that "saying hi thanks" is "hi", not "hi" skipped and "thanks" taken.
        let startsOnFiller = filler[position]
        // Only filler that opens a text may start one (it is no function word).
        guard !startsOnFiller || !functionWord[position] else { return }
        for end in (position + 1)...min(count, position + Weight.maximumFreeText)
        where isFreeTextAllowed(position..<end) && (!filler[end - 1] || startsOnFiller) {
            choices.append((end, freeTextScore(position..<end)))
        }
    }

    /// Follows a slot edge to `target`, the slot covering the words up to `end`.
    @inline(__always)
    mutating func takeSlot(_ base: Hypothesis, parameter: Int32, target: Int32, end: Int, score: Float, payload: Int32) {
        var next = base
        next.state = target
        next.action = .slot
        next.parameter = parameter
        next.payload = payload
        next.to = Int32(end)
        next.score += score
        relax(end, next)
    }

    /// The word a hypothesis matched last, when it is a literal (exact or near) right before
    /// `position` and names some entity type: only there may an entity slot take free text.
    @inline(__always)
    func anchorWord(before position: Int, reachedBy h: Hypothesis) -> Int32? {
        guard position > 0 else { return nil }
        switch h.action {
        case .word: return typeWord[position - 1] ? exact[position - 1] : nil
        case .nearWord: return matcher.entityTypeWords.contains(h.payload) ? h.payload : nil
        case .soundAlike:
            let last = soundSteps[Int(h.payload)].words.last ?? -1
            return matcher.entityTypeWords.contains(last) ? last : nil
        default: return nil
        }
    }

    /// An entity slot right after a word naming its type ("the task buy bread", "the book
    /// dune messiah") also takes free text: a name the app may know that was not compiled in.
    /// It scores as free text does, below a compiled name of the same words, so a known name
    /// still wins; the router then resolves the text or leaves it as an unresolved name.
    mutating func expandEntityNames(from state: Int32, at position: Int, base: Hypothesis, anchor: Int32, automaton: borrowing Automaton) {
        let edges = Int(automaton.slotEdgeStart[Int(state)])..<Int(automaton.slotEdgeStart[Int(state) + 1])
        for edge in edges {
            guard let anchors = matcher.entityAnchors[automaton.slotEdgeClass[edge]], anchors.contains(anchor) else { continue }
            for end in (position + 1)...min(count, position + Weight.maximumEntityText)
            where isFreeTextAllowed(position..<end) && (position..<end).contains(where: { !typeWord[$0] }) {
                takeSlot(
                    base, parameter: automaton.slotEdgeParameter[edge], target: automaton.slotEdgeTarget[edge], end: end,
                    score: freeTextScore(position..<end) - Weight.entityTextCost, payload: -1)
            }
        }
    }

    /// An entity slot right before a word naming its type ("remove the lunch expense", "open
    /// the buy bread task") also takes free text, as after one (``expandEntityNames(from:at:base:anchor:automaton:)``):
    /// the phrase then reads the type word itself, or the parse pays for skipping it.
    mutating func expandEntityNamesBeforeTheirType(from state: Int32, at position: Int, base: Hypothesis, automaton: borrowing Automaton) {
        let last = min(count - 1, position + Weight.maximumEntityText)
        guard position < last else { return }
        let edges = Int(automaton.slotEdgeStart[Int(state)])..<Int(automaton.slotEdgeStart[Int(state) + 1])
        for end in (position + 1)...last where typeWord[end] {
            // A short name of content words only: not "my" of "my task list", a type word ("the
            // task list"), words that pick one rather than name it ("the last expense", "every
            // single task"), nor a clause ("book one at the downtown location").
            guard let word = exact[end], end - position <= Self.maximumNameBeforeType,
                (position..<end).allSatisfy({ !typeWord[$0] && !functionWord[$0] && !numeric[$0] && !Self.pickingWords.contains(tokens[$0]) })
            else { continue }
            for edge in edges {
                // The phrase reads the type word right after the name.
                guard matcher.entityAnchors(ofClass: automaton.slotEdgeClass[edge]).contains(word),
                    automaton.wordTarget(from: automaton.slotEdgeTarget[edge], word: word) != nil
                else { continue }
                takeSlot(
                    base, parameter: automaton.slotEdgeParameter[edge], target: automaton.slotEdgeTarget[edge], end: end,
                    score: freeTextScore(position..<end) - Weight.entityTextCost, payload: -1)
            }
        }
    }

    /// The most words a name said before its type word may have.
    static let maximumNameBeforeType = 4
    /// Words that pick an entity among others rather than name it, and verbs that make a
    /// clause of the words ("my tv are list", heard for "my tbr list").
    static let pickingWords: SmallWordSet = [
        "every", "each", "single", "last", "latest", "first", "next", "previous", "other", "another", "same", "whole", "any", "some",
        "current", "recent", "newest", "oldest", "these", "those", "are", "was", "were", "be", "been", "am", "has", "have", "had",
    ]

    /// Free text explains words, but less than a literal: filler inside it counts for little.
    func freeTextScore(_ range: Range<Int>) -> Float {
        var score: Float = 0
        for index in range { score += filler[index] ? 0.1 : Weight.freeTextToken }
        return score
    }

    /// Free text must hold a content word: "the" alone is not a title, nor are numbers alone
    /// ("add five and seven" is arithmetic, not a task called "five and seven").
    func isFreeTextAllowed(_ range: Range<Int>) -> Bool {
        range.contains { !functionWord[$0] && !numeric[$0] }
    }
}
