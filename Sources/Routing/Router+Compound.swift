import Foundation
import IntentModel

/// Several commands in one utterance: "add milk to my groceries list and open it", "order two
/// tomato soups and then show my workouts" (docs/memory.md, "Compound commands").
extension Router {
    /// The most commands read from one utterance.
    static let maximumParts = 4
    /// Longer utterances are taken as one command: each way of splitting costs a route of
    /// each part, and spoken commands are short.
    static let compoundWordLimit = 40
    /// How many times the utterance's length the parts tried may add up to, in words.
    static let compoundRoutingBudget = 6
    /// Words by which a later command points at what an earlier one made or showed.
    static let pointingWords: Set<String> = ["it", "that", "them", "this", "those"]

    /// The utterance split at the language's `conjunctions` into commands that each route on
    /// their own (a later one may refer back: "open it"), or nil when it is one command. When
    /// the utterance does not stand as one command, it may also split where a comma, full stop,
    /// semicolon or mark ends a clause ("I'm going running, start a workout": speech-to-text
    /// writes them). A part that says the part before again is one command with it
    /// (``mergingRestatements(_:)``).
    /// A conjunction inside what one command says ("call mom and dad", "buy bread and butter")
    /// is not split: a half that does not route alone keeps the utterance whole. Nor is one a
    /// phrase says in its own words ("send an email to john and cc sarah": `whole`, the
    /// utterance routed as one command, read "and" as a word of its phrase).
    func compoundParts(_ utterance: String, tokens: [Token], whole: RouteResult, now: LocalDateTime?, timeZone: TimeZone, spoken: Bool)
        -> [RouteResult]?
    {
        let language = tokens.contains(where: \.isCJK) ? "zh" : "en"
        guard (3...Self.compoundWordLimit).contains(tokens.count) else { return nil }
        var conjunctions: [[String]] = []
        if let starts = conjunctionStarts[language], tokens.contains(where: { starts.contains($0.text) }),
            let said = library.languages[language]?.conjunctions,
            !Self.readsConjunctionsAsPhraseWords(whole, tokens: tokens, conjunctions: said, threshold: threshold)
        {
            conjunctions = said
        }
        // Most utterances stand as one command and have no conjunction: they end here, before
        // any copy of the text is made.
        let standsWhole = standsAsOneCommand(whole)
        // Commands said one after another with no "and" read as one whose free text holds the
        // next ("add milk to my groceries list add eggs to my groceries list" was one task
        // "milk to my groceries list add eggs"): a word inside the free text that begins a
        // phrase may begin a command.
        let runOnStarts = standsWhole ? commandStarts(inFreeTextOf: whole, tokens: tokens) : []
        guard !conjunctions.isEmpty || !standsWhole || !runOnStarts.isEmpty else { return nil }
        var clauseBreaks = Self.clauseBreaks(in: utterance, tokens: tokens)
        if standsWhole { clauseBreaks.formIntersection(runOnStarts) }
        guard !conjunctions.isEmpty || !clauseBreaks.isEmpty || !runOnStarts.isEmpty else { return nil }
        // Made only when a part is routed: most utterances with an "and" are one command.
        var scalars: [Unicode.Scalar] = []
        func text(_ range: Range<Int>) -> String {
            // The words' source as said; the tokens' own texts when their sources do not make
            // one stretch (text the normalizer repaired or recomposed, as a fuzzer found).
            if scalars.isEmpty { scalars = Array(utterance.unicodeScalars) }
            var from = Int.max
            var to = 0
            for token in tokens[range] {
                from = min(from, token.sourceRange.lowerBound)
                to = max(to, token.sourceRange.upperBound)
            }
            to = min(to, scalars.count)
            guard from < to else { return tokens[range].map(\.text).joined(separator: " ") }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[from..<to])
            return String(view)
        }
        /// A command that stands on its own: a phrase parses it well enough (not the
        /// word-overlap fallback) and no word of it is left over.
        func routes(_ said: String) -> RouteResult? {
            let result = routeOne(said, tokens: normalizer.tokens(said), now: now, timeZone: timeZone, spoken: spoken)
            return standsAsOneCommand(result) ? result : nil
        }
        // Each stretch of words is routed once, however many ways of splitting meet it, and the
        // words routed in all are bounded: a string of commands ("show my tasks, show my tasks,
        // …", forty words) has hundreds of ways, and a spoken stretch may be heard by sound.
        var routed: [Range<Int>: RouteResult?] = [:]
        var wordsLeftToRoute = Self.compoundRoutingBudget * tokens.count
        func standsAlone(_ range: Range<Int>) -> RouteResult? {
            if let known = routed[range] { return known }
            guard wordsLeftToRoute >= range.count else { return nil }
            wordsLeftToRoute -= range.count
            let result = routes(text(range))
            routed[range] = result
            return result
        }
        /// "open it" after "add milk to my groceries list": a part that points back routes
        /// with a value of the part before in place of the pointing word. It is performed as
        /// said; the conversation puts what the part before made in its place.
        func refersBack(_ range: Range<Int>, after previous: RouteResult) -> RouteResult? {
            let words = tokens[range].map(\.text)
            guard let pointer = words.firstIndex(where: Self.pointingWords.contains) else { return nil }
            let values = previous.parameters.compactMap { parameter -> String? in
                switch parameter.value {
                case .string(let text): text
                case .entity(let entity): entity.title
                default: nil
                }
            }
            for value in values {
                var replaced = words
                replaced[pointer] = value
                guard var reading = routes(replaced.joined(separator: " ")) else { continue }
                // The parameter that took the stand-in is left to what the pointing word means.
                let covered = pointer..<(pointer + normalizer.words(value).count)
                let slot = reading.explanation.parses.first?.captures.first { $0.range.overlaps(covered) }?.parameter
                if let slot {
                    reading.parameters.removeAll { $0.name == slot }
                    reading.ambiguities.removeAll { $0.name == slot }
                    reading.unresolved.removeAll { $0.name == slot }
                    reading.unresolved.append((slot, words[pointer]))
                }
                reading.utterance = text(range)
                reading.explanation.resolverSteps.append("'\(words[pointer])' refers to what the command before made or showed")
                return reading
            }
            return nil
        }
        // "25 dollars and 50 cents", "two hundred and fifty": a conjunction inside a value the
        // taggers read is a word of that value, never where one command ends.
        let insideValues = whole.explanation.tokens.count == tokens.count ? whole.explanation.taggedValues.filter { $0.range.count > 2 } : []
        /// The commands of tokens[from...], the first ending at a conjunction.
        func split(from start: Int, depth: Int, after previous: RouteResult?) -> [RouteResult]? {
            guard depth < Self.maximumParts else { return nil }
            var index = start + 1
            while index < tokens.count - 1 {
                if insideValues.contains(where: { $0.range.lowerBound < index && index < $0.range.upperBound - 1 }) {
                    index += 1
                    continue
                }
                // A clause break is a conjunction of no words.
                var conjunction: [String]? = conjunctions.first { words in
                    index + words.count < tokens.count && Self.says(words, in: tokens, at: index)
                }
                if conjunction == nil, clauseBreaks.contains(index) { conjunction = [] }
                // Where nothing marks the break, each command must be whole and read better
                // than the one they made together.
                let unmarked = conjunction == nil && runOnStarts.contains(index)
                if unmarked { conjunction = [] }
                if let conjunction, let first = standsAlone(start..<index) ?? previous.flatMap({ refersBack(start..<index, after: $0) }),
                    !unmarked || readsBetter(first, than: whole)
                {
                    // The rest read as several commands first: "delete the task buy milk and
                    // then show my tasks" is two, though a task could be called all that.
                    let rest = index + conjunction.count
                    if let more = split(from: rest, depth: depth + 1, after: first) { return [first] + more }
                    if let last = standsAlone(rest..<tokens.count) ?? refersBack(rest..<tokens.count, after: first),
                        !unmarked || readsBetter(last, than: whole)
                    {
                        return [first, last]
                    }
                }
                index += 1
            }
            return nil
        }
        guard let parts = split(from: 0, depth: 1, after: nil) else { return nil }
        return Self.mergingRestatements(parts)
    }

    /// The words inside the free text of `whole`'s reading, past its first, that begin a phrase.
    func commandStarts(inFreeTextOf whole: RouteResult, tokens: [Token]) -> Set<Int> {
        guard let best = whole.explanation.parses.first, whole.explanation.tokens.count == tokens.count else { return [] }
        var starts: Set<Int> = []
        for capture in best.captures where capture.content == .freeText && capture.range.count > 1 {
            for index in capture.range.dropFirst() where index < tokens.count && matcher.beginsAPhrase(tokens[index].text) {
                starts.insert(index)
            }
        }
        return starts
    }

    /// A part of a run-on utterance that is a whole command (nothing missing) read with more
    /// confidence than the utterance as one.
    func readsBetter(_ part: RouteResult, than whole: RouteResult) -> Bool {
        part.status == .complete && part.confidence > whole.confidence
    }

    /// A command that stands on its own: a phrase parses it well enough (not the word-overlap
    /// fallback) and no word of it is left over.
    func standsAsOneCommand(_ result: RouteResult) -> Bool {
        guard result.status != .notUnderstood, let best = result.explanation.parses.first else { return false }
        return best.confidence >= threshold && result.ignored.isEmpty
    }

    static let clauseMarks = Set(",.;:!?，。；：！？".unicodeScalars)
    /// Chinese and Japanese marks, which no space follows.
    static let wideClauseMarks = Set("，。；：！？".unicodeScalars)

    /// Whether the tokens from `index` on are `words`, compared in place.
    static func says(_ words: [String], in tokens: [Token], at index: Int) -> Bool {
        guard index >= 0, index + words.count <= tokens.count else { return false }
        for (offset, word) in words.enumerated() where tokens[index + offset].text != word { return false }
        return true
    }

    /// The token indices that begin a clause after a comma, full stop, semicolon, colon,
    /// question or exclamation mark followed by a space ("running, start"; not "2.5" or "5:30").
    /// One walk over the utterance's scalars (the tokens' sources count in scalars), copying none.
    static func clauseBreaks(in utterance: String, tokens: [Token]) -> Set<Int> {
        var breaks: Set<Int> = []
        var scalars = utterance.unicodeScalars.makeIterator()
        var position = 0
        for index in tokens.indices.dropFirst() {
            // Tokens of one word ("i'm" is "i am") share their source: no gap between them.
            let (end, start) = (tokens[index - 1].sourceRange.upperBound, tokens[index].sourceRange.lowerBound)
            guard end < start, end >= position else { continue }
            while position < end, scalars.next() != nil { position += 1 }
            // The gap's first clause mark, and whether a space follows it within the gap.
            var mark: Unicode.Scalar?
            var spaced = false
            while position < start, let scalar = scalars.next() {
                position += 1
                if mark == nil {
                    if Self.clauseMarks.contains(scalar) { mark = scalar }
                } else if scalar.properties.isWhitespace {
                    spaced = true
                }
            }
            guard position == start, let mark else { continue }
            if spaced || Self.wideClauseMarks.contains(mark) { breaks.insert(index) }
        }
        return breaks
    }

    /// Adjacent parts that ask for the same intent, no value of one disagreeing with the
    /// other, are one command said twice ("I'm going running and start a workout"): the two
    /// become one with the values of both, performed once.
    static func mergingRestatements(_ parts: [RouteResult]) -> [RouteResult] {
        var merged: [RouteResult] = []
        for part in parts {
            if let last = merged.last, let both = restating(last, by: part) {
                merged[merged.count - 1] = both
            } else {
                merged.append(part)
            }
        }
        return merged
    }

    /// `first` with the values `second` adds, when `second` says the same command again.
    static func restating(_ first: RouteResult, by second: RouteResult) -> RouteResult? {
        guard let intent = first.intent, intent.id == second.intent?.id, first.status != .ambiguous, second.status != .ambiguous,
            first.appChoices.isEmpty, second.appChoices.isEmpty,
            second.parameters.allSatisfy({ theirs in first.parameters.allSatisfy { $0.name != theirs.name || $0.value == theirs.value } })
        else { return nil }
        var both = first
        for parameter in second.parameters where !both.parameters.contains(where: { $0.name == parameter.name }) {
            both.parameters.append(parameter)
        }
        let filled = Set(both.parameters.map(\.name))
        both.missing.removeAll { filled.contains($0) }
        both.unresolved.removeAll { filled.contains($0.name) }
        both.status = both.missing.isEmpty ? .complete : .incomplete
        both.confidence = max(first.confidence, second.confidence)
        both.utterance = first.utterance + " … " + second.utterance
        both.explanation.resolverSteps.append("'\(second.utterance)' says the same command again: one command with the values of both")
        return both
    }

    /// Whether `whole` is one command whose phrase has every conjunction of the utterance among
    /// its own words: understood, nothing left over, and each conjunction matched as a word
    /// of the phrase (not free text a slot took, not skipped). A conjunction inside a typed
    /// value is never a break either (`insideValues` in ``compoundParts``).
    static func readsConjunctionsAsPhraseWords(_ whole: RouteResult, tokens: [Token], conjunctions: [[String]], threshold: Double) -> Bool {
        guard whole.status != .notUnderstood, whole.ignored.isEmpty, let best = whole.explanation.parses.first, best.confidence >= threshold
        else { return false }
        var sawOne = false
        for index in tokens.indices {
            let said = conjunctions.contains { words in Self.says(words, in: tokens, at: index) }
            guard said else { continue }
            sawOne = true
            guard best.steps.contains(where: { $0.kind == .word && $0.range.contains(index) }) else { return false }
        }
        return sawOne
    }
}
