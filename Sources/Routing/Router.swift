import Foundation
import IntentModel
import Phrases
import Resolvers

/// Routes utterances to intents: normalize, tag typed values, match every phrase at once,
/// resolve the captured parameters, and decide.
///
/// ```swift
/// let router = try Router(phrasesAt: ["Phrases"])
/// let result = router.route("add milk to my groceries list")
/// result.intent?.id  // "tasks.add"
/// ```
public struct Router: Sendable {
    /// The phrase files' apps, rules and people it was built from.
    public let library: PhraseLibrary
    /// Every phrase of every app compiled into one automaton.
    public let matcher: Matcher
    /// Problems found in the phrase files; the router runs with whatever compiled.
    public let diagnostics: [Diagnostic]
    let contacts: [Contact]
    /// Built once: finding people would otherwise hash every contact for every utterance.
    let contactIndex: ContactIndex
    let appNames: AppNames
    let tagger = ValueTagger()
    /// The value readers whose values some slot takes; numbers are always read.
    let readers: ValueTagger.Readers
    let normalizer = TextNormalizer()
    /// The first word of every self-repair marker of every language: an utterance with none of
    /// them ("no", "i", "sorry", ...) is never looked at for a self-repair.
    let repairMarkerStarts: Set<String>
    /// By language, the first word of each of its conjunctions: an utterance with none of them
    /// is one command (``compoundParts(_:tokens:whole:now:timeZone:spoken:)``).
    let conjunctionStarts: [String: Set<String>]
    /// By language, its outside-scope markers by their first word (``outsideMarkers(in:language:)``).
    let outsideMarkersByFirstWord: [String: [String: [[String]]]]
    /// The words no parse may skip: a kind another app names, a denial, a word that asks for
    /// many (``skipsAWordItMustNot(_:unskippable:words:)``), built once.
    let unskippableWords: [String: UnskippableWord]
    /// The words of ``unskippableWords``, asked first: most words are none of them, and this
    /// tells so without hashing.
    let unskippableWordSet: SmallWordSet
    /// Utterances longer than this are not searched for sound-alikes: spoken commands are short,
    /// and the search costs a walk of the vocabulary at every word.
    public static let soundAlikeWordLimit = 32

    /// The most words one utterance may have. A command is a sentence or two; a longer line
    /// (a whole dictated page) is refused rather than searched, so that one request costs at
    /// most a few milliseconds. The daemon answers `-32012`, the CLI prints an error.
    public static let maximumWords = 256

    /// Why `utterance` is refused, or nil when it is short enough to route.
    public func tooLong(_ utterance: String) -> UtteranceTooLong? {
        // ASCII text has at most one word a byte (compatibility forms of other characters may
        // spell several words, "﷽" four): a short ASCII line needs no tokenizing.
        if utterance.utf8.count <= Self.maximumWords, utterance.utf8.allSatisfy({ $0 < 0x80 }) { return nil }
        let words = normalizer.tokens(utterance).count
        return words > Self.maximumWords ? UtteranceTooLong(words: words, limit: Self.maximumWords) : nil
    }

    /// Below this confidence the answer is "not understood".
    public var threshold: Double
    /// Which app takes a schema several apps adopt.
    public var preferences: SchemaPreferences

    /// The confidence below which an utterance is not understood, unless told otherwise.
    public static let defaultThreshold = 0.6

    /// The apps this router routes to, when not all of its library's (``restricted(to:)``).
    public private(set) var reachableApps: Set<String>?
    /// By intent index, whether a parse may reach the intent; nil: every intent.
    private(set) var allowedIntents: [Bool]?

    /// This router, routing only to the intents of `apps`: no compiling, the automaton is
    /// shared. A daemon routes only to the apps it can reach.
    public func restricted(to apps: Set<String>) -> Router {
        var router = self
        let allowed = matcher.intents.map { apps.contains($0.appID) }
        router.reachableApps = allowed.allSatisfy { $0 } ? nil : apps
        router.allowedIntents = router.reachableApps == nil ? nil : allowed
        return router
    }

    /// This router with only the intents `ids` allowed (among those it already allows): the
    /// reading of an utterance as one of them, as the history prior takes it (docs/memory.md).
    public func restricted(toIntents ids: Set<String>) -> Router {
        var router = self
        let current = allowedIntents
        router.allowedIntents = matcher.intents.enumerated().map { index, intent in ids.contains(intent.id) && (current?[index] ?? true) }
        return router
    }

    /// The library's apps this router routes to.
    public var routedApps: [AppDefinition] {
        guard let reachableApps else { return library.apps }
        return library.apps.filter { reachableApps.contains($0.id) }
    }

    /// Compiles `library`; problems are in ``diagnostics``, and the router runs with what compiled.
    public init(library: PhraseLibrary, threshold: Double = Router.defaultThreshold, preferences: SchemaPreferences = SchemaPreferences()) {
        self.init(compiled: CompiledPhrases(library: library), threshold: threshold, preferences: preferences)
    }

    /// A router over phrases already compiled (``PhraseCache``).
    public init(compiled: CompiledPhrases, threshold: Double = Router.defaultThreshold, preferences: SchemaPreferences = SchemaPreferences()) {
        let library = compiled.library
        self.library = library
        self.preferences = preferences
        self.matcher = compiled.matcher
        self.diagnostics = compiled.diagnostics
        self.threshold = threshold
        contacts = library.contacts.map { Contact(person: $0.person, aliases: $0.aliases) }
        contactIndex = ContactIndex(contacts)
        appNames = AppNames(library.apps, normalizer: TextNormalizer())
        repairMarkerStarts = Set(library.languages.values.flatMap(\.selfRepair).compactMap(\.first))
        conjunctionStarts = library.languages.mapValues { Set($0.conjunctions.compactMap(\.first)) }
        outsideMarkersByFirstWord = library.languages.mapValues { Dictionary(grouping: $0.outsideScope.filter { !$0.isEmpty }, by: { $0[0] }) }
        readers = ValueTagger.Readers.taking(compiled.matcher.takesValues(of:))
        var appsByKindWord: [String: Set<String>] = [:]
        for app in compiled.matcher.apps {
            for type in app.entityTypes {
                for word in Self.wordsNaming(type) { appsByKindWord[word, default: []].insert(app.id) }
            }
        }
        let matcher = compiled.matcher
        unskippableWords = Self.unskippableWords(appsByKindWord: appsByKindWord) { word in
            !matcher.isFiller(word) && !Self.minorWords.contains(word)
        }
        unskippableWordSet = SmallWordSet(unskippableWords.keys)
    }

    /// Loads and compiles the phrase files at `paths`.
    public init(phrasesAt paths: [String], threshold: Double = Router.defaultThreshold) {
        self.init(library: PhraseLibraryLoader.load(paths: paths), threshold: threshold)
    }

    /// The resolver context routing uses: the time (now, unless given), zone, language and contacts.
    public func context(now: LocalDateTime? = nil, timeZone: TimeZone = .current, language: String = "en") -> ResolutionContext {
        ResolutionContext(
            now: now ?? LocalDateTime(Date(), in: timeZone), timeZone: timeZone, language: language, contacts: contacts,
            contactIndex: contactIndex)
    }

    /// Keeps the parses `test` holds for, in order, each asked in place (from the last):
    /// `removeAll(where:)` and `filter` copy every parse they ask about, and a parse is large.
    static func keep(_ parses: inout [Parse], where test: (Parse) -> Bool) {
        var index = parses.endIndex
        while index > parses.startIndex {
            index -= 1
            if !test(parses[index]) { parses.remove(at: index) }
        }
    }

    /// Whether the words speak of the past ("did i take", "i spent"): a bare day said with them
    /// ("on saturday", "november 14") is the one just past, not the next one.
    static func speaksOfThePast(_ words: [String]) -> Bool {
        words.contains(where: pastMarkers.contains)
    }

    /// Words that put a request in the past; asked of every word of every utterance.
    static let pastMarkers: SmallWordSet = ["did", "took", "was", "were", "spent", "paid", "went", "bought", "happened", "ago", "had"]

    /// The intent an utterance no phrase parses most likely asks for, by the words it shares
    /// with the intent's phrases (``Matcher/rankByWordOverlap(_:limit:)``). Taken only when the
    /// utterance names the intent's app, shares most of its content words with the intent and
    /// clearly more than with any other: a wrong intent is worse than "not understood". The
    /// name says which app, not which of its intents, so at least two of the words shared lie
    /// outside its mention ("order tickets from my bank" shares "tickets" and the app's name
    /// "bank" with a transfer: not enough).
    func wordOverlapFallback(_ words: [String]) -> (intent: IntentDefinition, overlap: Double)? {
        let ranked = matcher.rankByWordOverlap(words, limit: 2, allowed: allowedIntents)
        guard let top = ranked.first, top.overlap >= Self.fallbackOverlap, top.words >= 2 else { return nil }
        if ranked.count > 1, top.overlap - ranked[1].overlap < Self.fallbackMargin { return nil }
        // The longest mention of the app is its name here; other words of its names may be
        // phrase words too ("how many tasks remain on my task list").
        guard let name = nameRanges(of: top.intent.appID, in: words).max(by: { $0.count < $1.count }) else { return nil }
        let rest = Array(words[..<name.lowerBound] + words[name.upperBound...])
        guard matcher.wordsShared(rest, withIntent: top.intent.id) >= 2 else { return nil }
        return (top.intent, top.overlap)
    }

    static let fallbackOverlap = 0.6
    static let fallbackMargin = 0.15

    /// Where the names of `app` stand in `words`.
    private func nameRanges(of app: String, in words: [String]) -> [Range<Int>] {
        appNames.names(of: app).flatMap { nameWords -> [Range<Int>] in
            guard !nameWords.isEmpty, nameWords.count <= words.count else { return [] }
            return (0...(words.count - nameWords.count)).filter { words[$0..<$0 + nameWords.count].elementsEqual(nameWords) }
                .map { $0..<$0 + nameWords.count }
        }
    }

    /// Routes one utterance. `now` is the reference time for relative dates (default: the clock).
    ///
    /// `spoken`: the utterance is what a speech recognizer heard, so when nothing parses as
    /// written, words may stand for phrase words that sound like them ("my detox" for "mighty
    /// tasks"), at a cost in confidence. Typed text is taken as written.
    /// `compound`: an utterance of several commands ("add milk to my groceries list and open
    /// it") gives each part's result in `parts`; false routes it as one command.
    public func route(
        _ utterance: String, now: LocalDateTime? = nil, timeZone: TimeZone = .current, spoken: Bool = false, compound: Bool = true
    ) -> RouteResult {
        let tokens = normalizer.tokens(utterance)
        guard tokens.count <= Self.maximumWords else {
            // Callers check `tooLong(_:)` first to say why; this keeps a direct call cheap too.
            return RouteResult(
                utterance: utterance, status: .notUnderstood, intent: nil, parameters: [], missing: [], ambiguities: [], confidence: 0,
                alternatives: [], explanation: Explanation(tokens: [], taggedValues: [], parses: []))
        }
        let whole = routeOne(utterance, tokens: tokens, now: now, timeZone: timeZone, spoken: spoken)
        if compound, let parts = compoundParts(utterance, tokens: tokens, whole: whole, now: now, timeZone: timeZone, spoken: spoken) {
            var first = parts[0]
            guard parts.count > 1 else {
                // Parts that all said one command: that command, for the whole utterance.
                first.utterance = utterance
                return first
            }
            first.parts = parts
            return first
        }
        return whole
    }

    /// Routes one command: the words as said, or as the speaker corrected them.
    func routeOne(_ utterance: String, tokens: [Token], now: LocalDateTime?, timeZone: TimeZone, spoken: Bool) -> RouteResult {
        let tokens = withPoliteGerunds(tokens)
        // The words' texts, made once for every step that reads them.
        let words = tokens.map(\.text)
        let asSaid = routeAsSaid(utterance, tokens: tokens, words: words, now: now, timeZone: timeZone, spoken: spoken)
        let read = selfRepaired(utterance, tokens: tokens, words: words, asSaid: asSaid, now: now, timeZone: timeZone, spoken: spoken) ?? asSaid
        guard read.status == .notUnderstood else { return read }
        return askedAbout(utterance, words: words, now: now, timeZone: timeZone, spoken: spoken) ?? read
    }

    /// Routes the words as said, without taking any as a self-repair. `words` are the tokens' texts.
    func routeAsSaid(_ utterance: String, tokens: [Token], words: [String], now: LocalDateTime?, timeZone: TimeZone, spoken: Bool) -> RouteResult {
        let result = route(tokens, words: words, utterance: utterance, now: now, timeZone: timeZone, namedApp: nil, spoken: spoken)
        // "email john using Postbox": the app named at either end picks among the adopters of
        // a schema, or reaches its schema phrases when the words around its name did not.
        guard let mention = appMention(in: words), result.intent?.appID != mention.app || !result.appChoices.isEmpty else {
            return result
        }
        var rest = tokens
        rest.removeSubrange(mention.range)
        var named = route(
            rest, words: rest.map(\.text), utterance: utterance, now: now, timeZone: timeZone, namedApp: mention.app, spoken: spoken)
        guard named.intent?.appID == mention.app, named.status != .notUnderstood, named.explanation.parses.first?.schema != nil else {
            return result
        }
        named.explanation.tokens = words
        return named
    }

    /// Routes `tokens`, whose texts are `words`.
    func route(
        _ tokens: [Token], words: [String], utterance: String, now: LocalDateTime?, timeZone: TimeZone, namedApp: String?, spoken: Bool = false
    ) -> RouteResult {
        let language = tokens.contains(where: \.isCJK) ? "zh" : "en"
        var context = context(now: now, timeZone: timeZone, language: language)
        // "what photos did i take on saturday" asks about the Saturday just past, not the next one.
        context.prefersFuture = !Self.speaksOfThePast(words)
        let spans = tagger.tag(words, context: context, readers: readers).map {
            SlotSpan(range: $0.range, type: $0.type, value: $0.value, confidence: $0.confidence)
        }
        let outside = outsideMarkers(in: words, language: language)
        // Looked up once, and only when some parse skips words: most parses skip none.
        var unskippableOfWords: [UnskippableWord?]?
        // A parse that takes a name as free text must stand on its own: below the threshold,
        // it does not hide a reading that clears it.
        func acceptable(_ parse: Parse) -> Bool {
            !Self.reachesOutside(parse, markers: outside) && (parse.confidence >= threshold || !parse.takesAnEntityNameAsFreeText)
                && !takesConjunctionAsName(parse, words: words) && !takesAKindOfAnotherAppAsText(parse, words: words)
                && !takesADestinationAsText(parse, words: words)
                && !asksHelpWithNoApp(parse, words: words) && !narrowsWhatItDestroys(parse, words: words, spans: spans)
                && !skipsAWordItMustNot(parse, unskippable: &unskippableOfWords, words: words)
                && !breaksADate(parse, spans: spans)
        }
        var parses = matcher.match(words, spans: spans, limit: 5, allowed: allowedIntents)
        Self.keep(&parses) { acceptable($0) }
        // Speech-to-text mishears words ("my detox" for "mighty tasks"): when nothing parses as
        // written, or only by skipping words ("and get cast on my to do list" as *get my to do
        // list*), or only by taking heard words as a name nobody knows ("show me the books on
        // my red shell" as the book *on my red shell*), hear the words as phrase words that
        // sound like them, at a cost in confidence; taken when surer than the words as written.
        // The best parse, copied once: a parse is large, and each `parses.first` copies it.
        var top = parses.first
        let writtenConfidence = top?.confidence ?? 0
        let skipsWords = top?.hasStep(.skipped) ?? false
        let takesUnknownName = top?.takesAnEntityNameAsFreeText ?? false
        if spoken, writtenConfidence < threshold || skipsWords || takesUnknownName, words.count <= Self.soundAlikeWordLimit {
            let heardSpans = spans + peopleHeardBySound(words, written: spans)
            var heard = matcher.match(words, spans: heardSpans, limit: 5, soundAlike: true, allowed: allowedIntents)
            Self.keep(&heard) { acceptable($0) && !hearsBesideSkippedWords($0, words: words) }
            // A written parse that takes a name only in part, a word beside it skipped, leaves
            // the name to the app to ask; heard by sound, the whole name may be there ("make a
            // gentle checkup appointment" for *dental checkup*): as sure is enough, to within a
            // hundredth (the two sum their weights in different orders).
            let leavesNameOpen = top.map { !namesSaidLonger(in: $0, words: words, spans: spans).isEmpty } ?? false
            if let best = heard.first, best.confidence >= threshold,
                best.confidence > writtenConfidence || (leavesNameOpen && best.confidence >= writtenConfidence - 0.01)
            {
                parses = heard
                top = best
            }
        }
        var explanation = Explanation(tokens: words, taggedValues: spans, parses: parses)
        var result = RouteResult(
            utterance: utterance, status: .notUnderstood, intent: nil, parameters: [], missing: [], ambiguities: [],
            confidence: top?.confidence ?? 0, alternatives: [], explanation: explanation)
        guard let best = top, best.confidence >= threshold else {
            result.alternatives = parses.map { ($0.intent.id, $0.confidence) }
            if outside.isEmpty, let fallback = wordOverlapFallback(words) {
                result.intent = fallback.intent
                result.confidence = fallback.overlap
                result.missing = fallback.intent.parameters.filter(\.isRequired).map(\.name)
                result.status = result.missing.isEmpty ? .complete : .incomplete
                result.alternatives = []
                result.explanation.resolverSteps = [
                    "no phrase parses; by word overlap with its phrases and naming its app, \(fallback.intent.id) (\(RouteResult.round(fallback.overlap)))"
                ]
            }
            return result
        }
        let adopters = AdopterChoice(parses: parses, preferences: preferences, namedApp: namedApp)
        let chosen = adopters.chosen ?? best
        var extraction = ParameterExtraction(
            utterance: utterance, tokens: tokens, parse: chosen, matcher: matcher, context: context)
        extraction.spans = spans
        extraction.run()
        explanation.steps = extraction.steps
        if !adopters.steps.isEmpty { explanation.steps.insert(contentsOf: adopters.steps.map(ResolverStep.text), at: 0) }
        result.explanation = explanation
        result.intent = chosen.intent
        result.parameters = extraction.parameters
        result.ambiguities = extraction.ambiguities
        result.missing = extraction.missing
        result.unresolved = extraction.unresolved
        result.outOfRange = extraction.outOfRange
        // Worked out once: the names said longer leave these words out of the name.
        let dates = datesOfNamedValues(in: chosen, words: words, spans: spans)
        let namesSaid = keepPartialNamesOpen(chosen, tokens: tokens, words: words, utterance: utterance, dates: dates, result: &result)
            + dates
            + pickByDate(chosen, words: words, context: context, result: &result)
        pickNext(chosen, context: context, result: &result)
        let typeWords = typeWordsAfterNames(in: chosen, words: words)
        result.ignored = ignoredWords(of: chosen, tokens: tokens, utterance: utterance, taken: namesSaid + typeWords)
        // The other intents' parses, read where they are (not copied).
        let chosenID = chosen.intent.id
        result.alternatives = parses.compactMap { parse in
            parse.intent.id != chosenID && parse.confidence >= threshold / 2 ? (parse.intent.id, parse.confidence) : nil
        }
        if adopters.chosen == nil, adopters.tied.count > 1 {
            result.appChoices = adopters.tied.map { choice(for: $0, utterance: utterance, tokens: tokens, context: context) }
        }
        let tied = parses.contains {
            $0.intent.id != chosenID && abs($0.score - chosen.score) < 0.01 && abs($0.confidence - chosen.confidence) < 0.01
                && !adopters.tied.contains($0)
        }
        if !extraction.ambiguities.isEmpty || tied || !result.appChoices.isEmpty {
            result.status = .ambiguous
        } else if !result.missing.isEmpty {
            result.status = .incomplete
        } else {
            result.status = .complete
        }
        return result
    }

    /// "open the movie night schedule" with a schedule called "Night owl": the name matched only
    /// in part ("night"), and a content word skipped right beside it ("movie") says the name
    /// said was longer. The value is not taken on a part: the words are kept as the name said
    /// (`unresolved`, "movie night"), for the app's string query to decide.
    /// `words` are the tokens' texts; `dates`, the skipped words that are dates of the values
    /// named (``datesOfNamedValues(in:words:spans:)``). Returns the words kept as names.
    func keepPartialNamesOpen(
        _ parse: Parse, tokens: [Token], words: [String], utterance: String, dates: [Range<Int>], result: inout RouteResult
    ) -> [Range<Int>] {
        var kept: [Range<Int>] = []
        for (capture, best, range) in namesSaidLonger(in: parse, words: words, dates: dates) {
            let name = capture.parameter
            // "book a dentist checkup": "dentist" and "checkup" both name Dental checkup, so
            // the longer name is that value too.
            if namesTheSameValue(best, said: normalizer.sourceText(range, of: tokens, in: utterance), for: parse.intent.parameter(name)) {
                kept.append(range)
                continue
            }
            result.parameters.removeAll { $0.name == name }
            result.ambiguities.removeAll { $0.name == name }
            result.unresolved.append((name, normalizer.sourceText(range, of: tokens, in: utterance)))
            kept.append(range)
            if !result.missing.contains(name) { result.missing.append(name) }
            result.explanation.resolverSteps.append(
                "\(name): '\(best.title)' matches only part of '\(normalizer.sourceText(range, of: tokens, in: utterance))'; the app will be asked for the name")
        }
        return kept
    }

    /// Whether `said` is names of `best`'s value one after another ("dentist checkup": the
    /// service called both "dentist" and "checkup"); a near miss ("gentle checkup") is not.
    func namesTheSameValue(_ best: NameMatch, said: String, for parameter: ParameterDefinition?) -> Bool {
        guard case .entity(let type)? = parameter?.type.elementType else { return false }
        let appID = String(type.prefix { $0 != "." })
        guard let record = matcher.apps.first(where: { $0.id == appID })?.entityType(type)?.values.first(where: { $0.id == best.id })
        else { return false }
        let names = ([record.title] + record.synonyms).map(NameParts.key)
        return NameParts.saysInParts(NameParts.key(said).split(separator: " "), names: names)
    }

    /// Whether `parse` takes words that begin with "and", "or" or "but" as the name of an
    /// entity nobody knows: "find books and we're" is no book called "and we're", it is the
    /// rest of a sentence (*by Andy Weir*, misheard), and "add milk and eggs" names no task.
    func takesConjunctionAsName(_ parse: Parse, words: [String]) -> Bool {
        // Read in place: a loop over the captures copies each.
        parse.captures.indices.contains { index in
            guard parse.captures[index].isFreeText, let first = parse.captures[index].range.first,
                Self.conjunctions.contains(words[first]),
                case .entity? = parse.intent.parameter(parse.captures[index].parameter)?.type.elementType
            else { return false }
            return true
        }
    }

    static let conjunctions: Set<String> = ["and", "or", "but"]

    /// Whether `parse` takes as free text words that begin by saying where something goes:
    /// "add onto my contacts" (*add john to my contacts*, misheard) is no task called "onto my
    /// contacts", nor "add into the calendar" one called "into the calendar". A title that
    /// says a place further on keeps it ("add trip to the zoo to my list").
    func takesADestinationAsText(_ parse: Parse, words: [String]) -> Bool {
        parse.captures.indices.contains { index in
            let range = parse.captures[index].range
            guard range.count >= 2, parse.captures[index].isFreeText else { return false }
            let first = range.lowerBound
            return Self.destinationPrepositions.contains(words[first]) && Self.possessivesAndArticles.contains(words[first + 1])
        }
    }

    static let destinationPrepositions: Set<String> = ["to", "onto", "into", "unto"]
    static let possessivesAndArticles: Set<String> = Lexicon.articles.union(["my", "our", "your", "his", "her", "their", "this", "that"])

    /// Whether `parse` takes as its one value, at the end of the words, free text that is
    /// nothing but "a" or "an" and a word naming a kind of thing of another app: "add a book"
    /// asks for a book, not for the task "a book" ("add a photo", "add a song" neither; "add a
    /// book to my groceries list" is a task). Another app's type names are the words of its
    /// entity and enum types' names, alone or plural.
    func takesAKindOfAnotherAppAsText(_ parse: Parse, words: [String]) -> Bool {
        guard parse.captures.count == 1, let capture = parse.captures.first, capture.content == .freeText,
            capture.range.count == 2, capture.range.upperBound == words.count,
            Self.indefiniteArticles.contains(words[capture.range.lowerBound])
        else { return false }
        let word = words[capture.range.upperBound - 1]
        return matcher.apps.contains { app in
            guard app.id != parse.intent.appID else { return false }
            let names = app.entityTypes.map(\.displayName) + app.enums.map(\.displayName)
            return names.contains { name in
                normalizer.words(TextNormalizer.splittingCamelCase(name)).contains { $0 == word || $0 + "s" == word }
            }
        }
    }

    static let indefiniteArticles: Set<String> = ["a", "an"]

    /// Whether `parse` hears a name or phrase words by sound right beside a skipped content
    /// word ("open the window blinds" as the task *slides*, "window" skipped; "read my text
    /// messages" as *my tasks*, "messages" skipped): the words said were something else, not
    /// words misheard.
    func hearsBesideSkippedWords(_ parse: Parse, words: [String]) -> Bool {
        let skipped = parse.ranges(of: .skipped).filter { range in range.contains { isContentWord(words[$0]) } }
        guard !skipped.isEmpty else { return false }
        return parse.steps.contains { step in
            // Phrase words heard by sound, or a slot step with a reading: a name heard by sound.
            guard step.kind == .soundAlike || (step.kind == .slot && step.reading != nil) else { return false }
            return skipped.contains { $0.upperBound == step.range.lowerBound || $0.lowerBound == step.range.upperBound }
        }
    }

    /// The entity names `parse` took only in part, beside skipped content words that say the
    /// name said was longer, with the best name taken and the words of the name said
    /// (``keepPartialNamesOpen(_:tokens:utterance:spans:result:)``).
    /// `dates`: the skipped words that say which value by its date, worked out from `spans`
    /// when not given.
    func namesSaidLonger(
        in parse: Parse, words: [String], spans: [SlotSpan] = [], dates given: [Range<Int>]? = nil
    ) -> [(capture: Capture, best: NameMatch, said: Range<Int>)] {
        guard parse.hasStep(.skipped) else { return [] }
        var skipped = parse.ranges(of: .skipped)
        let dates = given ?? datesOfNamedValues(in: parse, words: words, spans: spans)
        if !dates.isEmpty { skipped.removeAll(where: dates.contains) }
        var found: [(Capture, NameMatch, Range<Int>)] = []
        for capture in parse.captures {
            guard case .names(let names, _) = capture.content, let best = names.first, best.quality < 1,
                let parameter = parse.intent.parameter(capture.parameter), case .entity = parameter.type.elementType
            else { continue }
            var range = capture.range
            let typeWords = wordsNaming(parameter.type.elementType)
            for run in skipped where run.upperBound == range.lowerBound || run.lowerBound == range.upperBound {
                // "the offsite email": a word naming the type is no part of the name.
                guard run.contains(where: { isContentWord(words[$0]) && !typeWords.contains(words[$0]) }) else { continue }
                range = min(range.lowerBound, run.lowerBound)..<max(range.upperBound, run.upperBound)
            }
            if range != capture.range { found.append((capture, best, range)) }
        }
        return found
    }

    /// "cancel tomorrow's standup", "open the dentist appointment on wednesday": skipped words
    /// beside a name (or one phrase word away) that are all a day or a time on which the value
    /// named falls (a date property of its record) say which one it is, not more of its name;
    /// they are taken, not words unused. Returns the skipped steps taken.
    func datesOfNamedValues(in parse: Parse, words: [String], spans: [SlotSpan]) -> [Range<Int>] {
        guard spans.contains(where: { $0.type == .date && $0.confidence >= 0.9 }), !parse.captures.isEmpty else { return [] }
        let dates = spans.filter { $0.type == .date && $0.confidence >= 0.9 }
        var runs: [[Range<Int>]] = []
        for step in parse.ranges(of: .skipped) {
            if let last = runs.last?.last, last.upperBound == step.lowerBound { runs[runs.count - 1].append(step) } else { runs.append([step]) }
        }
        var found: [Range<Int>] = []
        for steps in runs {
            let run = steps[0].lowerBound..<steps[steps.count - 1].upperBound
            // The date alone, or after "on" or "at".
            let date = run.count > 1 && ["on", "at"].contains(words[run.lowerBound]) ? run.lowerBound + 1..<run.upperBound : run
            guard let span = dates.first(where: { $0.range == date }), case .date(let said) = span.value else { continue }
            // "the 9:30 standup": a time alone says no day, nor whether it is morning.
            let timeOnly = date.allSatisfy { ParameterExtraction.isClockWord(words[$0]) }
            for capture in parse.captures
            where (0...1).contains(run.lowerBound - capture.range.upperBound) || (0...1).contains(capture.range.lowerBound - run.upperBound) {
                guard case .names(let names, _) = capture.content, let best = names.first,
                    case .entity(let type)? = parse.intent.parameter(capture.parameter)?.type.elementType,
                    let record = matcher.apps.first(where: { $0.id == String(type.prefix { $0 != "." }) })?.entityType(type)?.values
                        .first(where: { $0.id == best.id })
                else { continue }
                let falls = record.properties.values.contains { value in
                    guard case .date(let day) = value else { return false }
                    if timeOnly { return said.hour % 12 == day.hour % 12 && said.minute == day.minute }
                    guard day.year == said.year, day.month == said.month, day.day == said.day else { return false }
                    return (said.hour == 0 && said.minute == 0) || (said.hour == day.hour && said.minute == day.minute)
                }
                if falls { found += steps }
            }
        }
        return found
    }

    /// Skipped words right after an entity's name that only say what it names ("the invoice
    /// mail"): part of what was said, not words left unused.
    func typeWordsAfterNames(in parse: Parse, words: [String]) -> [Range<Int>] {
        let skipped = parse.ranges(of: .skipped)
        guard !skipped.isEmpty else { return [] }
        var found: [Range<Int>] = []
        for capture in parse.captures {
            guard case .names = capture.content, let type = parse.intent.parameter(capture.parameter)?.type.elementType,
                case .entity = type
            else { continue }
            let typeWords = wordsNaming(type)
            found += skipped.filter { $0.lowerBound == capture.range.upperBound && $0.allSatisfy { typeWords.contains(words[$0]) } }
        }
        return found
    }

    /// The words of an entity type's name and of the schema it adopts, alone and plural
    /// ("email", "messages" for Email Message, "mail" for mail.message): said beside a name,
    /// they say what it names, not more of it ("reply to the invoice mail").
    func wordsNaming(_ type: ValueType) -> Set<String> {
        guard case .entity(let name) = type,
            let entityType = matcher.apps.first(where: { $0.id == String(name.prefix { $0 != "." }) })?.entityType(name)
        else { return [] }
        return Self.wordsNaming(entityType)
    }

    static func wordsNaming(_ entityType: EntityTypeDefinition) -> Set<String> {
        let schemaWords = (entityType.adoptedSchema ?? "").split(separator: ".").joined(separator: " ")
        let words = TextNormalizer().words(TextNormalizer.splittingCamelCase(entityType.displayName + " " + schemaWords))
        return Set(words + words.map { $0 + "s" })
    }

    /// The runs of words `parse` skipped that hold a content word ("on monday", "euros"), as
    /// said; runs of filler and function words alone ("the", "um") are not worth a mention,
    /// nor runs `taken` as part of a name said.
    func ignoredWords(of parse: Parse, tokens: [Token], utterance: String, taken: [Range<Int>] = []) -> [String] {
        var runs: [Range<Int>] = []
        for range in parse.ranges(of: .skipped) where !taken.contains(where: { $0.overlaps(range) }) {
            if let last = runs.last, last.upperBound == range.lowerBound {
                runs[runs.count - 1] = last.lowerBound..<range.upperBound
            } else {
                runs.append(range)
            }
        }
        return runs.filter { run in
            run.contains { isContentWord(tokens[$0].text) }
        }.map { normalizer.sourceText($0, of: tokens, in: utterance) }
    }

    /// Words too slight to report as ignored on their own.
    /// Whether `word` says something: neither filler ("um", "please") nor a minor word ("the", "of").
    func isContentWord(_ word: String) -> Bool { !matcher.isFiller(word) && !Self.minorWords.contains(word) }

    static let minorWords: SmallWordSet = [
        "the", "a", "an", "my", "of", "to", "in", "on", "for", "and", "or", "with", "at", "by", "from", "is", "it", "this",
        "that", "me", "i", "you", "your", "our", "s", "up", "then", "am", "are", "was", "were", "as",
    ]

    /// One app's reading of an utterance that several adopters of a schema parse equally well.
    func choice(for parse: Parse, utterance: String, tokens: [Token], context: ResolutionContext) -> RouteResult.AppChoice {
        var extraction = ParameterExtraction(utterance: utterance, tokens: tokens, parse: parse, matcher: matcher, context: context)
        extraction.run()
        return RouteResult.AppChoice(
            intent: parse.intent, appName: library.app(parse.intent.appID)?.displayName ?? parse.intent.appID,
            parameters: extraction.parameters, missing: extraction.missing, ambiguities: extraction.ambiguities)
    }
}

/// The adopters of one schema that parse an utterance equally well, and the one the
/// preferences pick among them.
struct AdopterChoice {
    /// The best parse and the parses of other apps' intents that reached the same schema
    /// with the same score; empty when the best parse came through no schema.
    var tied: [Parse] = []
    /// The preferred app's parse among `tied`, if any.
    var chosen: Parse?
    var steps: [String] = []

    init(parses: [Parse], preferences: SchemaPreferences, namedApp: String? = nil) {
        guard let best = parses.first, let schema = best.schema else { return }
        let rivals = parses.dropFirst().filter {
            $0.schema == schema && $0.intent.appID != best.intent.appID && abs($0.score - best.score) < 0.01
                && abs($0.confidence - best.confidence) < 0.01
        }
        if let namedApp, let parse = ([best] + rivals).first(where: { $0.intent.appID == namedApp }) {
            chosen = parse
            tied = [best] + rivals
            steps.append("the request names \(namedApp), which adopts \(schema)")
            return
        }
        guard !rivals.isEmpty else { return }
        tied = [best] + rivals
        let apps = tied.map(\.intent.appID)
        if let preferred = preferences.app(for: schema), let parse = tied.first(where: { $0.intent.appID == preferred }) {
            chosen = parse
            steps.append("\(apps.joined(separator: ", ")) adopt \(schema) and parse alike; \(preferred) is preferred")
        } else {
            steps.append("\(apps.joined(separator: ", ")) adopt \(schema) and parse alike; no preference: ask which app")
        }
    }
}

/// An utterance with more words than ``Router/maximumWords``.
public struct UtteranceTooLong: Error, Sendable, CustomStringConvertible {
    /// The words the utterance has.
    public var words: Int
    /// The most that are routed (``Router/maximumWords``).
    public var limit: Int

    /// The refusal in words.
    public var description: String { "The utterance has \(words) words; at most \(limit) are routed." }
}
