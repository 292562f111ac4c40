import IntentModel

/// The working state of matching one utterance.
struct MatchRun {
    typealias Weight = Matcher.Weight

    enum Action: UInt8 { case start, skipFiller, skipUnknown, word, nearWord, soundAlike, slot }

    struct Hypothesis {
        var state: Int32
        var parent: Int32
        var score: Float
        var action: Action
        var from: Int32
        var to: Int32
        var parameter: Int32 = -1
        /// For slots: index into `slotSpans`, or a negative number for free text
        /// (``freeTextPayload(openingPhraseLength:)``). For near words: the word id. For
        /// sound-alikes: index into `soundSteps`.
        var payload: Int32 = -1
        var similarity: Float = 1
    }

    /// The payload of a free-text slot whose text opens with a filler phrase of this many words
    /// (-1 for none): the phrase's words count as filler in its confidence, as when skipped.
    static func freeTextPayload(openingPhraseLength: Int) -> Int32 { -1 - Int32(openingPhraseLength) }

    /// The words of a filler phrase opening a free-text slot's text (0 for other steps).
    static func openingPhraseLength(of h: Hypothesis) -> Int {
        h.action == .slot && h.payload < -1 ? Int(-1 - h.payload) : 0
    }

    /// A span a slot edge can consume: typed values and lexicon names.
    struct SpanChoice {
        var end: Int
        var slotClass: Int32
        var score: Float
        var capture: Capture.Content
        /// How much of the utterance the span explains, when not `score - valueBonus`.
        var explained: Float?
        /// For a name heard as other words: the phone distance of the best name.
        var soundCost: Float?
        /// For a typed value heard as other words: what it was heard as.
        var heardAs: String?
        /// For names of the lexicon walk: where they are in `namePool` (`capture` then holds
        /// no list, only the type).
        var pooledNames: Range<Int32>?
    }

    /// The best parse of one intent so far, not yet built (``parses(limit:allowed:reached:)``).
    struct ParseCandidate {
        var index: Int32
        var phraseIndex: Int32
        var intentIndex: Int
        var score: Float
        var confidence: Double
        var captureCount: Int
    }

    let matcher: Matcher
    let tokens: [String]
    let count: Int
    var exact: [Int32?]
    var near: [[(word: Int32, similarity: Float)]]
    var filler: [Bool]
    /// Articles, pronouns and the like, which cannot be a free-text value on their own.
    var functionWord: [Bool]
    /// Words a sure number covers ("five", "12"): numbers alone are no title ("add five and seven").
    var numeric: [Bool]
    var fillerPhraseEnds: [[Int]]
    /// Words naming an entity type ("task", "list"): a name said as free text needs another
    /// word ("open my task list" names no task called "list").
    var typeWord: [Bool]
    /// Whether some word names an entity type: only then may a name end right before one.
    var hasTypeWord = false
    var spansAt: [[Int]]
    var slotSpans: [SpanChoice] = []
    /// The names of the lexicon spans, each span's in one run (``SpanChoice/pooledNames``).
    var namePool: [NameMatch]
    var arena: [Hypothesis] = []
    /// Whether the search may hear words as others that sound alike (``Matcher/match(_:spans:limit:soundAlike:)``).
    let soundAlike: Bool
    /// Whether a heard word may also be taken as misheard whatever it sounds like (readings
    /// for a recognizer to check, ``MatchRun/expandMisheardWord(from:at:base:reachedBy:)``).
    let misheardWords: Bool
    /// The largest phone distance, per heard phone, of a sound-alike step (``SoundTolerance``).
    let soundMaximumCost: Float
    /// The cells of phone edit distance the sound-alike search has worked out so far; it stops
    /// at ``Matcher/Weight/soundWork``, so that a long utterance of words no phrase knows costs
    /// milliseconds, not a second.
    var soundWork = 0
    /// The pronunciation of each heard word, when `soundAlike` (empty for words without letters).
    var heardPhones: [[Phone]] = []
    /// The phrase words and cost of each sound-alike step taken.
    var soundSteps: [SoundStep] = []
    /// The words that may begin a sound-alike step, by position, once worked out.
    var firstWordCache: [Int: [FirstWord]] = [:]
    var chart: [StateTable]
    /// The hypotheses expanded at the current position (``pruned(_:into:)``).
    var alive: [(state: Int32, index: Int32)]
    /// The parses to build, and by intent index the place of its candidate there or -1
    /// (all -1 between uses); the path of the parse being built.
    var candidates: [ParseCandidate]
    var candidateOfIntent: [Int32]
    var pathBuffer: [Hypothesis]
    /// The free-text choices of a position (``freeTextChoices(at:into:)``).
    var freeTextBuffer: [(end: Int, score: Float)]
    let freeTextClass: Int32

    /// `buffer` moved out, emptied, its capacity kept.
    private static func emptied<Element>(_ buffer: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &buffer)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// `buffer` moved out with at least `count` empty lists, each keeping its capacity. Lists
    /// past `count` are left as they are: nothing reads them.
    private static func cleared<Element>(_ buffer: inout [[Element]], count: Int) -> [[Element]] {
        var taken: [[Element]] = []
        swap(&taken, &buffer)
        for index in taken.indices.prefix(count) { taken[index].removeAll(keepingCapacity: true) }
        if taken.count < count { taken.append(contentsOf: repeatElement([], count: count - taken.count)) }
        return taken
    }

    /// Hands the buffers back to `scratch` for the next match.
    mutating func giveBack(to scratch: MatchScratch) {
        swap(&arena, &scratch.arena)
        swap(&chart, &scratch.chart)
        swap(&exact, &scratch.exact)
        swap(&near, &scratch.near)
        swap(&filler, &scratch.filler)
        swap(&functionWord, &scratch.functionWord)
        swap(&numeric, &scratch.numeric)
        swap(&typeWord, &scratch.typeWord)
        swap(&fillerPhraseEnds, &scratch.fillerPhraseEnds)
        swap(&spansAt, &scratch.spansAt)
        swap(&slotSpans, &scratch.slotSpans)
        swap(&alive, &scratch.alive)
        swap(&candidates, &scratch.candidates)
        swap(&candidateOfIntent, &scratch.candidateOfIntent)
        swap(&pathBuffer, &scratch.path)
        swap(&namePool, &scratch.namePool)
        swap(&freeTextBuffer, &scratch.freeText)
    }

    /// ``Lexicon/noContentWords`` and ``Lexicon/fillerOpeningText``, asked of every word.
    static let noContentWords = SmallWordSet(Lexicon.noContentWords)
    static let fillerOpeningText = SmallWordSet(Lexicon.fillerOpeningText)

    /// A run working in `scratch`'s buffers (``Matcher/match(_:spans:limit:soundAlike:misheardWords:allowed:)``
    /// takes them from its pool and gives them back with ``giveBack(to:)``).
    init(
        matcher: Matcher, tokens: [String], spans: [SlotSpan], soundAlike: Bool, misheardWords: Bool, soundMaximumCost: Float,
        scratch: MatchScratch
    ) {
        self.matcher = matcher
        self.soundMaximumCost = soundMaximumCost
        self.soundAlike = soundAlike
        self.misheardWords = misheardWords
        self.tokens = tokens
        count = tokens.count
        // The buffers of the last match, emptied: they keep their capacity.
        arena = Self.emptied(&scratch.arena)
        exact = Self.emptied(&scratch.exact)
        filler = Self.emptied(&scratch.filler)
        functionWord = Self.emptied(&scratch.functionWord)
        typeWord = Self.emptied(&scratch.typeWord)
        numeric = Self.emptied(&scratch.numeric)
        slotSpans = Self.emptied(&scratch.slotSpans)
        near = Self.cleared(&scratch.near, count: count)
        fillerPhraseEnds = Self.cleared(&scratch.fillerPhraseEnds, count: count)
        spansAt = Self.cleared(&scratch.spansAt, count: count)
        chart = []
        swap(&chart, &scratch.chart)
        if chart.count < count + 1 { chart.append(contentsOf: repeatElement(StateTable(), count: count + 1 - chart.count)) }
        for position in 0...count { chart[position].removeAll() }
        alive = []
        swap(&alive, &scratch.alive)
        candidates = Self.emptied(&scratch.candidates)
        candidateOfIntent = []
        swap(&candidateOfIntent, &scratch.candidateOfIntent)
        pathBuffer = Self.emptied(&scratch.path)
        namePool = Self.emptied(&scratch.namePool)
        freeTextBuffer = Self.emptied(&scratch.freeText)
        let vocabulary = matcher.vocabulary
        for token in tokens {
            let id = vocabulary.id(of: token)
            let isFiller = id.map { matcher.fillerWords.contains($0) } ?? false
            exact.append(id)
            filler.append(isFiller)
            functionWord.append((isFiller && !Self.fillerOpeningText.contains(token)) || Self.noContentWords.contains(token))
            typeWord.append(id.map(matcher.entityTypeWords.contains) ?? false)
            hasTypeWord = hasTypeWord || typeWord[typeWord.count - 1]
            numeric.append(false)
        }
        freeTextClass = Int32(matcher.automaton.slotClasses.firstIndex(of: .freeText) ?? -1)
        for index in tokens.indices where exact[index] == nil {
            near[index] = matcher.fuzzy.candidates(for: tokens[index], fromSpeech: soundAlike)
        }
        if soundAlike {
            let dictionary = PronouncingDictionary.shipped
            heardPhones = tokens.map { dictionary.pronunciations(of: $0, limit: 1).first ?? [] }
        }
        findFillerPhrases()
        addTypedSpans(spans)
        addLexiconSpans(scratch: scratch)
        if soundAlike { addSoundAlikeNameSpans() }
    }

    private mutating func findFillerPhrases() {
        for start in 0..<count where exact[start] != nil {
            for phrase in matcher.fillerPhrases where phrase.first == exact[start] && start + phrase.count <= count {
                if phrase.indices.allSatisfy({ exact[start + $0] == phrase[$0] }) {
                    fillerPhraseEnds[start].append(start + phrase.count)
                }
            }
        }
    }

    private mutating func addTypedSpans(_ spans: [SlotSpan]) {
        let slotClasses = matcher.automaton.slotClasses
        for span in spans where span.range.lowerBound >= 0 && span.range.upperBound <= count && !span.range.isEmpty {
            if span.type == .int || span.type == .double, span.confidence >= 0.9 {
                for index in span.range { numeric[index] = true }
            }
            let element = span.type.elementType
            let words = Float(span.range.count)
            for (slotClass, kind) in slotClasses.enumerated() where kind.accepts(element) {
                var choice = SpanChoice(
                    end: span.range.upperBound, slotClass: Int32(slotClass),
                    score: words * Float(min(max(span.confidence, 0), 1)) + Weight.valueBonus,
                    capture: .value(span.value, confidence: span.confidence))
                if let cost = span.soundCost {
                    // Heard by sound: scored and explained as a sound-alike name is.
                    choice.score = words * (Weight.word - Weight.soundScoreScale * cost) + Weight.valueBonus
                    choice.explained = words * Weight.soundExplained * (1 - cost)
                    choice.soundCost = cost
                    choice.heardAs = span.heardAs
                }
                spansAt[span.range.lowerBound].append(slotSpans.count)
                slotSpans.append(choice)
            }
        }
    }


    /// Names of entity values and enum cases said from each position: a walk down the lexicon
    /// trie, word by word (exact words and near misses), of at most 8 words; each length that
    /// ends on names gives a span per slot class.
    private mutating func addLexiconSpans(scratch: MatchScratch) {
        // Buffers for the whole walk, kept from the last match: the frontier and the next one,
        // swapped each word, and the names found at one length.
        var (frontier, next) = scratch.frontiers
        var found = scratch.namesFound
        scratch.frontiers = ([], [])
        scratch.namesFound = NamesFound()
        defer {
            scratch.frontiers = (frontier, next)
            scratch.namesFound = found
        }
        frontier.reserveCapacity(16)
        next.reserveCapacity(16)
        for start in 0..<count {
            frontier.removeAll(keepingCapacity: true)
            frontier.append((0, 0, false))
            var position = start
            while position < count, !frontier.isEmpty, position - start < 8 {
                step(frontier, at: position, into: &next)
                swap(&frontier, &next)
                position += 1
                guard !frontier.isEmpty else { break }
                addNameSpans(ending: frontier, from: start, to: position, found: &found)
            }
        }
    }

    /// The walk one word further from `frontier`, into `next`, keeping the 16 best.
    private func step(_ frontier: TrieFrontier, at position: Int, into next: inout TrieFrontier) {
        let lexicon = matcher.lexicon
        next.removeAll(keepingCapacity: true)
        for (node, similarity, anyExact) in frontier {
            if let word = exact[position], let child = lexicon.child(of: node, word: word) { next.append((child, similarity + 1, true)) }
            for (word, s) in near[position] {
                if let child = lexicon.child(of: node, word: word) { next.append((child, similarity + s, anyExact)) }
            }
        }
        if next.count > 16 {
            next.sort { $0.similarity > $1.similarity }
            next.removeLast(next.count - 16)
        }
    }

    /// The names a walk of the lexicon over `start..<end` ends on (`frontier`), gathered in
    /// `found`: each name once per slot class, at its best quality, in the order first met.
    /// A part of a name counts only when some word of it was heard exactly.
    ///
    /// Adds a span per slot class (in the order of the classes) with the names close to the
    /// class's best, best first (a weaker partial match is no rival). The names go to
    /// `namePool`, which the span refers to; a list of them is made only for a parse that
    /// captures them (``names(of:)``).
    private mutating func addNameSpans(ending frontier: TrieFrontier, from start: Int, to end: Int, found: inout NamesFound) {
        let length = Float(end - start)
        found.names.removeAll(keepingCapacity: true)
        found.classes.removeAll(keepingCapacity: true)
        for (node, similarity, anyExact) in frontier where !matcher.lexicon.entries(at: node).isEmpty {
            let quality = similarity / length
            for entry in matcher.lexicon.entries(at: node) where anyExact || !entry.isPart {
                let q = entry.quality * quality
                let name = NameMatch(id: entry.valueID, title: entry.title, quality: Double(q))
                if let known = found.classes.firstIndex(where: { $0.slotClass == entry.slotClass }) {
                    found.classes[known].score = max(found.classes[known].score, q * length)
                } else {
                    found.classes.append((entry.slotClass, q * length))
                }
                if let known = found.names.firstIndex(where: { $0.slotClass == entry.slotClass && $0.name.id == name.id }) {
                    if found.names[known].name.quality < name.quality { found.names[known].name = name }
                } else {
                    found.names.append((entry.slotClass, name))
                }
            }
        }
        guard !found.classes.isEmpty else { return }
        found.classes.sort { $0.slotClass < $1.slotClass }
        for (slotClass, score) in found.classes {
            var best = 0.0
            for item in found.names where item.slotClass == slotClass { best = max(best, item.name.quality) }
            let first = namePool.count
            for item in found.names where item.slotClass == slotClass && item.name.quality >= best - 0.05 { namePool.append(item.name) }
            if namePool.count - first > 1 {
                // Sorted where they lie: sorting the array's slice would copy the array.
                namePool.withUnsafeMutableBufferPointer { pool in
                    var names = UnsafeMutableBufferPointer(rebasing: pool[first...])
                    names.sort { $0.quality > $1.quality }
                }
            }
            let type: String
            if case .lexicon(let t) = matcher.automaton.slotClasses[Int(slotClass)] { type = t } else { type = "" }
            spansAt[start].append(slotSpans.count)
            slotSpans.append(
                SpanChoice(
                    end: end, slotClass: slotClass, score: score + Weight.valueBonus, capture: .names([], type: type),
                    pooledNames: Int32(first)..<Int32(namePool.count)))
        }
    }

    /// The names a span offers, best first (none for a typed value).
    func names(of span: SpanChoice) -> ArraySlice<NameMatch> {
        if let pooled = span.pooledNames { return namePool[Int(pooled.lowerBound)..<Int(pooled.upperBound)] }
        if case .names(let names, _) = span.capture { return names[...] }
        return []
    }

    /// What span `index` captures, its names listed: the list is made the first time a parse
    /// asks, and shared by the parses after.
    mutating func content(ofSpan index: Int) -> Capture.Content {
        let span = slotSpans[index]
        guard span.pooledNames != nil, case .names(_, let type) = span.capture else { return span.capture }
        let content = Capture.Content.names(Array(names(of: span)), type: type)
        slotSpans[index].capture = content
        slotSpans[index].pooledNames = nil
        return content
    }
}

/// The names one step of the lexicon walk ends on (``MatchRun/addNameSpans(ending:from:to:found:)``):
/// each with its slot class, and each class with its best score.
struct NamesFound {
    var names: [(slotClass: Int32, name: NameMatch)] = []
    var classes: [(slotClass: Int32, score: Float)] = []
}
