import IntentModel

/// Matches utterances against every compiled phrase at once.
///
/// Dynamic programming over (token position, automaton state) keeps, for each pair, the
/// best-scoring way to get there (Viterbi). A beam bounds the states kept per position, and
/// word edges are found by binary search, so the cost grows with the utterance, not with the
/// number of phrases. Build one with ``PhraseCompiler/compile(_:)``.
public struct Matcher: Sendable {
    /// What the compiler made of a library besides its intents and apps: what the phrase cache
    /// stores of a matcher (``PhraseCache``).
    struct Compiled: Sendable {
        var automaton: Automaton
        var vocabulary: Vocabulary
        var lexicon: Lexicon
        var fuzzy: FuzzyIndex
        var fillerWords: Set<Int32>
        var fillerPhrases: [[Int32]]
        var overlap: WordOverlap
        /// For each entity slot class, the words that name its type ("task", "tasks"): right
        /// after one of them the slot also takes free text, a name the app may know though it
        /// was never compiled in ("open the task buy bread").
        var entityAnchors: [Int32: Set<Int32>]
        /// Every word of ``entityAnchors``, to tell at a glance whether a word names some type.
        var entityTypeWords: Set<Int32>
    }

    /// What the compiler made, with the intents and apps, held once: a matcher is copied into
    /// every router and every match run, and a copy is then one reference counted, not thirty
    /// arrays and sets.
    private final class Parts: Sendable {
        let compiled: Compiled
        let intents: [IntentDefinition]
        let apps: [AppDefinition]
        let sounds: VocabularySounds
        /// ``Compiled/entityAnchors`` by slot class, empty for a class that is no entity's: asked
        /// at every name before its type word, where a dictionary look-up costs.
        let entityAnchorsByClass: [Set<Int32>]

        init(compiled: Compiled, intents: [IntentDefinition], apps: [AppDefinition], sounds: VocabularySounds) {
            self.compiled = compiled
            var byClass = [Set<Int32>](repeating: [], count: Int(compiled.entityAnchors.keys.max() ?? -1) + 1)
            for (slotClass, words) in compiled.entityAnchors where slotClass >= 0 { byClass[Int(slotClass)] = words }
            entityAnchorsByClass = byClass
            self.intents = intents
            self.apps = apps
            self.sounds = sounds
        }
    }

    private let parts: Parts

    /// The matcher of what the compiler made of `apps`, whose `intents` it took in order;
    /// `sounds` of the vocabulary when already worked out.
    init(compiled: Compiled, intents: [IntentDefinition], apps: [AppDefinition], sounds: VocabularySounds? = nil) {
        parts = Parts(
            compiled: compiled, intents: intents, apps: apps, sounds: sounds ?? VocabularySounds(words: compiled.vocabulary.words))
    }

    var compiled: Compiled { parts.compiled }
    var automaton: Automaton { parts.compiled.automaton }
    var vocabulary: Vocabulary { parts.compiled.vocabulary }
    var lexicon: Lexicon { parts.compiled.lexicon }
    var fuzzy: FuzzyIndex { parts.compiled.fuzzy }
    var fillerWords: Set<Int32> { parts.compiled.fillerWords }
    var fillerPhrases: [[Int32]] { parts.compiled.fillerPhrases }
    /// Every intent, in the order of the apps.
    public var intents: [IntentDefinition] { parts.intents }
    public var apps: [AppDefinition] { parts.apps }
    var overlap: WordOverlap { parts.compiled.overlap }
    var entityAnchors: [Int32: Set<Int32>] { parts.compiled.entityAnchors }
    /// The words naming the type of the entity slot class `slotClass`; empty for another class.
    func entityAnchors(ofClass slotClass: Int32) -> Set<Int32> {
        parts.entityAnchorsByClass.indices.contains(Int(slotClass)) ? parts.entityAnchorsByClass[Int(slotClass)] : []
    }
    var entityTypeWords: Set<Int32> { parts.compiled.entityTypeWords }
    /// How each vocabulary word sounds, worked out on the first sound-alike search.
    var sounds: VocabularySounds { parts.sounds }

    /// Whether a phrase of some app begins with `word` ("add", "show"): where a command said
    /// after another may start.
    public func beginsAPhrase(_ word: String) -> Bool {
        if let id = vocabulary.id(of: word), automaton.wordTarget(from: 0, word: id) != nil { return true }
        return overlay?.matcher.beginsAPhrase(word) ?? false
    }
    /// Buffers kept from one match to the next.
    let scratch = MatchScratchPool()
    /// Apps compiled on their own and matched beside this automaton (``overlaid(with:replacing:)``).
    var overlay: MatcherOverlay? = nil

    /// Scores of the path a parse takes.
    enum Weight {
        static let word: Float = 1.0
        static let nearWord: Float = 0.75
        static let freeTextToken: Float = 0.5
        /// A slot that captures a value beats literal words that only mention it.
        static let valueBonus: Float = 0.05
        static let unknownSkip: Float = -1.0
        /// Skipping a filler phrase ("could you", "i need to") scores this much a word, as much
        /// as matching its words literally.
        static let fillerPhraseWord: Float = 1.0
        static let beam: Float = 8
        static let maximumStates = 400
        static let maximumFreeText = 12
        /// The most words an entity name said as free text may have.
        static let maximumEntityText = 8
        /// What an entity name said as free text costs on top of free text: a phrase that
        /// explains the words literally ("open my task list") or a known name after a skipped
        /// word wins over taking them as a name.
        static let entityTextCost: Float = 0.6
        /// A sound-alike step ("detox" heard for "tasks") scores `1 - soundScoreScale × cost` a
        /// heard word, where cost is the phone edit distance over the phones compared, and
        /// explains `soundExplained × (1 - cost)` a word: below a literal word, so a parse that
        /// leans on sound-alikes loses confidence and out-of-domain speech stays rejected.
        static let soundScoreScale: Float = 2
        static let soundExplained: Float = 0.6
        /// The largest phone distance (per heard phone) a sound-alike step may have. This bound,
        /// `soundExplained` and `soundScoreScale` were chosen on the tune split of
        /// Corpus/voice-en.jsonl: the most intents right with out-of-domain lines still
        /// rejected at least 95% of the time (docs/voice.md has the grid).
        static let soundMaximumCost: Float = 0.3
        /// The bound for readings a recognizer checks against the audio (``SoundTolerance``),
        /// chosen on the tune split as the one whose readings the recognizer took most often
        /// rightly (docs/voice.md).
        static let soundMaximumCostCheckedAgainstAudio: Float = 0.45
        /// What a heard word taken as misheard costs, whatever it sounds like: more than any
        /// sound-alike. It explains nothing of the utterance.
        static let misheardCost: Float = 0.45
        /// How much a misheard word's score falls per unit of phone distance to the phrase word
        /// taken: only enough to choose, among phrase words that may stand in the same place,
        /// the one that sounds closest.
        static let misheardTieBreak: Float = 0.01
        /// A sound-alike step covers at most this many heard words and this many phrase words.
        static let soundMaximumWords = 3
        /// Sound-alike steps start from at most this many of the best hypotheses at a position.
        static let soundStates = 24
        /// A name heard as other words ("base pulse module" for "baseball schedule") spans at
        /// most this many heard words.
        static let soundNameWords = 6
        /// The most cells of phone edit distance one match works out (``MatchRun/soundWork``).
        static let soundWork = 24_000_000
    }

    /// The number of compiled phrases and automaton states, for `intentd check` and benchmarks.
    public var statistics: (phrases: Int, states: Int, words: Int) {
        guard let overlay else { return (automaton.phrases.count, automaton.stateCount, vocabulary.words.count) }
        let added = overlay.matcher.statistics
        return (automaton.phrases.count + added.phrases, automaton.stateCount + added.states, words.count)
    }

    /// The best parses of `tokens`, one per intent, best first.
    ///
    /// - Parameters:
    ///   - tokens: normalized tokens (``TextNormalizer``).
    ///   - spans: typed values found by the value taggers.
    ///   - limit: how many intents to return.
    ///   - soundAlike: whether a heard word may stand for phrase words that sound like it
    ///     ("my detox" for "mighty tasks"), at a cost in score and confidence. Slower; the router
    ///     tries it only when the plain search finds no confident parse.
    ///   - tolerance: how far heard words may sound from the phrase words they are taken for.
    ///   - allowed: when given, by intent index (``intents``), the intents a parse may reach;
    ///     the others are left out (a daemon routes only to apps it can reach).
    public func match(
        _ tokens: [String], spans: [SlotSpan] = [], limit: Int = 5, soundAlike: Bool = false, misheardWords: Bool = false,
        tolerance: SoundTolerance = .routing, allowed: [Bool]? = nil
    ) -> [Parse] {
        guard !tokens.isEmpty else { return [] }
        let buffers = scratch.take()
        var run = MatchRun(
            matcher: self, tokens: tokens, spans: spans, soundAlike: soundAlike || misheardWords, misheardWords: misheardWords,
            soundMaximumCost: tolerance.maximumCost, scratch: buffers)
        run.search()
        let parses = run.parses(limit: limit, allowed: allowed, reached: overlay?.baseReached)
        run.giveBack(to: buffers)
        scratch.giveBack(buffers)
        guard let overlay else { return parses }
        let added = overlay.matcher.match(
            tokens, spans: spans, limit: limit, soundAlike: soundAlike, misheardWords: misheardWords, tolerance: tolerance,
            allowed: overlay.addedMask(allowed))
        return MatcherOverlay.merged(parses, added, limit: limit)
    }

    /// Intents ranked by the share of the utterance's words their phrases use, rare words
    /// counting more: the fallback for an utterance no phrase parses. Best first; only intents
    /// that share at least one word.
    public func rankByWordOverlap(_ tokens: [String], limit: Int = 3, allowed: [Bool]? = nil) -> [(intent: IntentDefinition, overlap: Double, words: Int)] {
        let ranked = overlap.rank(tokens.map { vocabulary.id(of: $0) }, limit: limit, allowed: allowed, reached: overlay?.baseReached)
            .map { (intent: intents[$0.intent], overlap: $0.overlap, words: $0.words) }
        guard let overlay else { return ranked }
        let added = overlay.matcher.rankByWordOverlap(tokens, limit: limit, allowed: overlay.addedMask(allowed))
        // Stable: at equal overlap, the base's intents first, as their indices come first.
        return Array((ranked + added).enumerated().sorted { $0.element.overlap != $1.element.overlap ? $0.element.overlap > $1.element.overlap : $0.offset < $1.offset }
            .map(\.element).prefix(limit))
    }

    /// How many words of `tokens` the phrases of the intent `id` use, counted as
    /// ``rankByWordOverlap(_:limit:allowed:)`` counts an intent's shared words; 0 for an intent
    /// this matcher does not have.
    public func wordsShared(_ tokens: [String], withIntent id: String) -> Int {
        if let overlay, overlay.matcher.intents.contains(where: { $0.id == id }) {
            return overlay.matcher.wordsShared(tokens, withIntent: id)
        }
        guard let index = intents.firstIndex(where: { $0.id == id }) else { return 0 }
        return overlap.wordsShared(tokens.map { vocabulary.id(of: $0) }, intent: Int32(index))
    }

    /// Whether some slot takes a typed value of `type` (a date, an amount of money...): the
    /// router runs only the value readers whose values a phrase can take.
    public func takesValues(of type: ValueType) -> Bool {
        if let overlay, overlay.matcher.takesValues(of: type) { return true }
        return automaton.slotClasses.contains { $0.accepts(type) }
    }

    /// Whether `word` (normalized) is a filler word such as "um" or "please".
    public func isFiller(_ word: String) -> Bool {
        if let overlay, overlay.matcher.isFiller(word) { return true }
        return vocabulary.id(of: word).map { fillerWords.contains($0) } ?? false
    }

    /// Every word the phrases and names use, for vocabulary export and completion.
    public var words: [String] {
        guard let overlay else { return vocabulary.words }
        return vocabulary.words + overlay.matcher.words.filter { vocabulary.id(of: $0) == nil }
    }
}
