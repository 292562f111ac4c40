import IntentModel

extension MatchRun {
    /// The best parse of each intent that explains the whole utterance, best first; only of
    /// the intents `allowed` marks, when given.
    ///
    /// Candidates are ranked on their score and confidence alone; the readable steps of a
    /// parse are written only for the ones returned. Works in the run's buffers (the final
    /// states in `alive`, the candidates in `candidates`): only the parses returned allocate.
    mutating func parses(limit: Int, allowed: [Bool]? = nil, reached: [Bool]? = nil) -> [Parse] {
        let automaton = matcher.automaton
        alive.removeAll(keepingCapacity: true)
        chart[count].appendEntries(to: &alive)
        alive.sort { $0.state < $1.state }
        candidates.removeAll(keepingCapacity: true)
        if candidateOfIntent.count < matcher.intents.count {
            candidateOfIntent.append(contentsOf: repeatElement(-1, count: matcher.intents.count - candidateOfIntent.count))
        }
        for (state, index) in alive {
            let score = arena[Int(index)].score
            var summary: (confidence: Double, captureCount: Int)?
            for phraseIndex in automaton.phrasesCompleted(at: state) {
                let intentIndex = automaton.phrases[Int(phraseIndex)].intentIndex
                if let allowed, !allowed[intentIndex] { continue }
                if let reached, !reached[intentIndex] { continue }
                let slot = Int(candidateOfIntent[intentIndex])
                if slot >= 0, candidates[slot].score > score { continue }
                let (confidence, captureCount) = summary ?? summarize(ending: index)
                summary = (confidence, captureCount)
                let candidate = ParseCandidate(
                    index: index, phraseIndex: phraseIndex, intentIndex: intentIndex, score: score, confidence: confidence,
                    captureCount: captureCount)
                if slot < 0 {
                    candidateOfIntent[intentIndex] = Int32(candidates.count)
                    candidates.append(candidate)
                } else if !(candidates[slot].score > score || (candidates[slot].score == score && candidates[slot].captureCount >= captureCount)) {
                    candidates[slot] = candidate
                }
            }
        }
        for candidate in candidates { candidateOfIntent[candidate.intentIndex] = -1 }
        // The intents alone in the comparison: a closure that reached `matcher` through `self`
        // would copy the whole run for the sort.
        let intents = matcher.intents
        candidates.sort {
            if $0.score != $1.score { return $0.score > $1.score }
            if $0.confidence != $1.confidence { return $0.confidence > $1.confidence }
            return intents[$0.intentIndex].id < intents[$1.intentIndex].id
        }
        var path: [Hypothesis] = []
        swap(&path, &pathBuffer)
        defer { swap(&path, &pathBuffer) }
        var result: [Parse] = []
        result.reserveCapacity(min(limit, candidates.count))
        for candidate in candidates.prefix(limit) {
            result.append(makeParse(ending: candidate.index, phrase: automaton.phrases[Int(candidate.phraseIndex)], path: &path))
        }
        return result
    }

    /// The path that ends at arena index `index`, first step first, into `path`.
    private func path(ending index: Int32, into path: inout [Hypothesis]) {
        path.removeAll(keepingCapacity: true)
        var cursor = index
        while cursor >= 0 {
            let h = arena[Int(cursor)]
            if h.action != .start { path.append(h) }
            cursor = h.parent
        }
        path.reverse()
    }

    /// How much of the utterance a path explains, weighed per step.
    private func explained(by h: Hypothesis) -> Float {
        switch h.action {
        case .start, .skipFiller, .skipUnknown: return 0
        case .word: return 1
        case .nearWord: return 0.85 * h.similarity
        case .soundAlike:
            if soundSteps[Int(h.payload)].misheard { return 0 }
            return Float(h.to - h.from) * Weight.soundExplained * h.similarity
        case .slot:
            if h.payload >= 0 {
                let index = Int(h.payload)
                return slotSpans[index].explained ?? slotSpans[index].score - Weight.valueBonus
            }
            // Free text explains less than literal words, and less still the longer it runs.
            var words = 0
            for position in (Int(h.from) + MatchRun.openingPhraseLength(of: h))..<Int(h.to) where !filler[position] { words += 1 }
            return 0.5 * Float(min(words, 3)) + 0.35 * Float(max(words - 3, 0))
        }
    }

    private func confidence(explained: Float, fillerCount: Int) -> Double {
        let content = max(count - fillerCount, 1)
        return min(1, max(0, Double(explained) / Double(content)))
    }

    /// A parse's confidence and number of captures, without building it.
    private func summarize(ending index: Int32) -> (confidence: Double, captureCount: Int) {
        var explainedSum: Float = 0
        var fillerCount = 0
        var captureCount = 0
        var cursor = index
        while cursor >= 0 {
            let h = arena[Int(cursor)]
            explainedSum += explained(by: h)
            if h.action == .skipFiller { fillerCount += Int(h.to - h.from) }
            fillerCount += MatchRun.openingPhraseLength(of: h)
            if h.action == .slot { captureCount += 1 }
            cursor = h.parent
        }
        return (confidence(explained: explainedSum, fillerCount: fillerCount), captureCount)
    }

    private mutating func makeParse(ending index: Int32, phrase: CompiledPhrase, path: inout [Hypothesis]) -> Parse {
        var explainedSum: Float = 0
        var fillerCount = 0
        var captures: [Capture] = []
        var steps: [MatchStep] = []
        self.path(ending: index, into: &path)
        steps.reserveCapacity(path.count)
        var slots = 0
        for h in path where h.action == .slot { slots += 1 }
        captures.reserveCapacity(slots)
        for h in path {
            explainedSum += explained(by: h)
            let range = Int(h.from)..<Int(h.to)
            switch h.action {
            case .start: break
            case .skipFiller:
                fillerCount += range.count
                steps.append(MatchStep(kind: .filler, range: range, source: .words(tokens: tokens)))
            case .skipUnknown:
                steps.append(MatchStep(kind: .skipped, range: range, source: .words(tokens: tokens)))
            case .word:
                steps.append(MatchStep(kind: .word, range: range, source: .words(tokens: tokens)))
            case .nearWord:
                let heardAs = matcher.vocabulary.words[Int(h.payload)]
                steps.append(
                    MatchStep(kind: .nearWord, range: range, source: .nearWord(tokens: tokens, heardAs: heardAs, similarity: h.similarity)))
            case .soundAlike:
                let step = soundSteps[Int(h.payload)]
                let heardAs = step.words.map { matcher.vocabulary.words[Int($0)] }.joined(separator: " ")
                steps.append(
                    MatchStep(
                        kind: .soundAlike, range: range, source: .soundAlike(tokens: tokens, heardAs: heardAs, misheard: step.misheard, cost: step.cost),
                        reading: heardAs))
            case .slot:
                fillerCount += MatchRun.openingPhraseLength(of: h)
                let parameter = matcher.automaton.parameterNames[Int(h.parameter)]
                let span = h.payload >= 0 ? slotSpans[Int(h.payload)] : nil
                let content = h.payload >= 0 ? content(ofSpan: Int(h.payload)) : .freeText
                captures.append(Capture(parameter: parameter, range: range, content: content))
                var heardName: String?
                var nameCost: Float = 0
                if let cost = span?.soundCost {
                    if case .names(let names, _) = content, let best = names.first {
                        heardName = best.title
                    } else {
                        heardName = span?.heardAs
                    }
                    nameCost = heardName == nil ? 0 : cost
                }
                steps.append(
                    MatchStep(
                        kind: .slot, range: range,
                        source: .slot(tokens: tokens, parameter: parameter, content: content, heardName: heardName, nameCost: nameCost),
                        reading: heardName))
            }
        }
        return Parse(
            intent: matcher.intents[phrase.intentIndex], phrase: phrase.template, phraseLocation: phrase.location,
            schema: phrase.schema, values: phrase.values, captures: captures, score: Double(arena[Int(index)].score),
            confidence: confidence(explained: explainedSum, fillerCount: fillerCount), steps: steps)
    }
}
