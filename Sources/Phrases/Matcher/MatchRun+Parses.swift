import IntentModel

extension MatchRun {
    /// The best parse of each intent that explains the whole utterance, best first.
    func parses(limit: Int) -> [Parse] {
        let automaton = matcher.automaton
        var bestByIntent: [Int: Parse] = [:]
        for (state, index) in chart[count].entries.sorted(by: { $0.state < $1.state }) {
            for phraseIndex in automaton.phrasesCompleted(at: state) {
                let phrase = automaton.phrases[Int(phraseIndex)]
                if let existing = bestByIntent[phrase.intentIndex], existing.score > Double(arena[Int(index)].score) { continue }
                let parse = makeParse(ending: index, phrase: phrase)
                if let existing = bestByIntent[phrase.intentIndex],
                    existing.score > parse.score || (existing.score == parse.score && existing.captures.count >= parse.captures.count)
                { continue }
                bestByIntent[phrase.intentIndex] = parse
            }
        }
        let ranked = bestByIntent.values.sorted {
            if $0.score != $1.score { return $0.score > $1.score }
            if $0.confidence != $1.confidence { return $0.confidence > $1.confidence }
            return $0.intent.id < $1.intent.id
        }
        return Array(ranked.prefix(limit))
    }

    private func makeParse(ending index: Int32, phrase: CompiledPhrase) -> Parse {
        var path: [Hypothesis] = []
        var cursor = index
        while cursor >= 0 {
            let h = arena[Int(cursor)]
            if h.action != .start { path.append(h) }
            cursor = h.parent
        }
        path.reverse()
        var explained: Float = 0
        var fillerCount = 0
        var captures: [Capture] = []
        var steps: [MatchStep] = []
        for h in path {
            let range = Int(h.from)..<Int(h.to)
            let text = tokens[range].joined(separator: " ")
            switch h.action {
            case .start: break
            case .skipFiller:
                fillerCount += range.count
                steps.append(MatchStep(kind: .filler, range: range, detail: "'\(text)'"))
            case .skipUnknown:
                steps.append(MatchStep(kind: .skipped, range: range, detail: "'\(text)'"))
            case .word:
                explained += 1
                steps.append(MatchStep(kind: .word, range: range, detail: "'\(text)'"))
            case .nearWord:
                explained += 0.85 * h.similarity
                let heardAs = matcher.vocabulary.words[Int(h.payload)]
                steps.append(MatchStep(kind: .nearWord, range: range, detail: "'\(text)' as '\(heardAs)' (\(format(h.similarity)))"))
            case .slot:
                let parameter = matcher.automaton.parameterNames[Int(h.parameter)]
                let content: Capture.Content
                if h.payload >= 0 {
                    content = slotSpans[Int(h.payload)].capture
                    explained += slotSpans[Int(h.payload)].score - Weight.valueBonus
                } else {
                    content = .freeText
                    // Free text explains less than literal words, and less still the longer it runs.
                    let words = range.filter { !filler[$0] }.count
                    explained += 0.5 * Float(min(words, 3)) + 0.35 * Float(max(words - 3, 0))
                }
                captures.append(Capture(parameter: parameter, range: range, content: content))
                steps.append(MatchStep(kind: .slot, range: range, detail: "{\(parameter)} = '\(text)' \(describe(content))"))
            }
        }
        let content = max(count - fillerCount, 1)
        let confidence = min(1, max(0, Double(explained) / Double(content)))
        return Parse(
            intent: matcher.intents[phrase.intentIndex], phrase: phrase.template, phraseLocation: phrase.location,
            schema: phrase.schema, captures: captures, score: Double(arena[Int(index)].score), confidence: confidence,
            steps: steps)
    }

    private func describe(_ content: Capture.Content) -> String {
        switch content {
        case .freeText: return "(free text)"
        case .value(let value, let confidence): return "(\(value.json.serialized), \(format(Float(confidence))))"
        case .names(let names, let type):
            return "(\(type): " + names.map { "\($0.id) \(format(Float($0.quality)))" }.joined(separator: ", ") + ")"
        }
    }

    private func format(_ value: Float) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}
