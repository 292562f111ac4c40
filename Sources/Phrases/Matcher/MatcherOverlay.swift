import IntentModel

/// Apps compiled on their own, matched beside a matcher's own automaton: what lets a daemon
/// that holds thousands of intents take one more app by compiling only that app
/// (``CompiledPhrases/adding(_:)``).
///
/// The matcher's intents are its own, then the overlay's (so an intent index means the same
/// in both and in the masks callers pass); the intents of the apps the overlay replaces stay
/// in the automaton but are never reached. Parses of both are ranked together as one
/// matcher ranks its own: by score, then confidence, then intent id.
final class MatcherOverlay: Sendable {
    /// The added apps' matcher.
    let matcher: Matcher
    /// By the base's intent index: false for an intent of an app the overlay replaces.
    let baseAllowed: [Bool]

    init(matcher: Matcher, baseAllowed: [Bool]) {
        self.matcher = matcher
        self.baseAllowed = baseAllowed
    }

    /// The mask of the base's intents: the caller's, and none of the replaced apps.
    func baseMask(_ allowed: [Bool]?) -> [Bool] {
        guard let allowed else { return baseAllowed }
        return zip(baseAllowed, allowed).map { $0 && $1 }
    }

    /// The caller's mask of the overlay's intents (those after the base's).
    func addedMask(_ allowed: [Bool]?) -> [Bool]? {
        allowed.map { Array($0.dropFirst(baseAllowed.count)) }
    }

    static func merged(_ base: [Parse], _ added: [Parse], limit: Int) -> [Parse] {
        guard !added.isEmpty else { return base }
        return Array((base + added).sorted {
            if $0.score != $1.score { return $0.score > $1.score }
            if $0.confidence != $1.confidence { return $0.confidence > $1.confidence }
            return $0.intent.id < $1.intent.id
        }.prefix(limit))
    }
}

extension Matcher {
    /// This matcher with the apps of `added` matched beside its own, and the apps `replaced`
    /// names (those `added` defines anew) no longer reached in its own automaton. Nothing of
    /// this matcher is compiled again.
    func overlaid(with added: Matcher, replacing replaced: Set<String>) -> Matcher {
        precondition(overlay == nil && added.overlay == nil, "an overlay is laid on a matcher without one")
        var result = Matcher(
            automaton: automaton, vocabulary: vocabulary, lexicon: lexicon, fuzzy: fuzzy, fillerWords: fillerWords,
            fillerPhrases: fillerPhrases, intents: intents + added.intents,
            apps: apps.filter { !replaced.contains($0.id) } + added.apps, overlap: overlap, entityAnchors: entityAnchors,
            entityTypeWords: entityTypeWords, sounds: sounds)
        result.overlay = MatcherOverlay(matcher: added, baseAllowed: intents.map { !replaced.contains($0.appID) })
        return result
    }
}

extension CompiledPhrases {
    /// These phrases with `apps` added, each in place of an app of the same id: only the apps
    /// that differ from those compiled into the automaton are compiled (with this library's
    /// languages, schema phrases, catalogue and contacts), and matched beside it. Registering
    /// one app in a daemon of 10,000 intents takes milliseconds, not the seconds of compiling
    /// everything again.
    public func adding(_ apps: [AppDefinition]) -> CompiledPhrases {
        guard !apps.isEmpty else { return self }
        var composed = library
        for app in apps {
            if let index = composed.apps.firstIndex(where: { $0.id == app.id }) {
                composed.apps[index] = app
            } else {
                composed.apps.append(app)
            }
        }
        return root.overlaying(composed)
    }

    /// The phrases compiled whole that these were made from by ``adding(_:)`` or
    /// ``overlaying(_:)``; themselves when they were compiled whole.
    var root: CompiledPhrases { rootBox?.phrases ?? self }

    /// Whether `library` differs from the root's only in its apps, so that it can be laid
    /// over the root's automaton (``overlaying(_:)``) instead of compiled whole.
    func canOverlay(_ library: PhraseLibrary) -> Bool {
        let root = root.library
        return root.homeAssistant == nil && library.homeAssistant == nil && root.schemaPhrases == library.schemaPhrases
            && root.catalog == library.catalog && root.languages == library.languages && root.contacts == library.contacts
            && root.unreadableParameters == library.unreadableParameters
    }

    /// `library`, which differs from this root's only in its apps (``canOverlay(_:)``), on
    /// this root's automaton: the apps that differ from the compiled ones are compiled beside
    /// it, and the root's apps that `library` changes or no longer has are masked.
    func overlaying(_ library: PhraseLibrary) -> CompiledPhrases {
        precondition(rootBox == nil, "phrases are laid over the phrases compiled whole")
        let compiled = Dictionary(self.library.apps.map { ($0.id, $0) }) { first, _ in first }
        let changed = library.apps.filter { compiled[$0.id] != $0 }
        let hidden = Set(changed.map(\.id)).intersection(compiled.keys).union(
            Set(compiled.keys).subtracting(library.apps.map(\.id)))
        // The compiler's problems of the apps masked are no longer the router's.
        let hiddenFiles = Set(self.library.apps.filter { hidden.contains($0.id) }.compactMap { $0.phrases.first?.location?.file })
        let compilerProblems = diagnostics.dropFirst(self.library.diagnostics.count).filter {
            $0.location.map { !hiddenFiles.contains($0.file) } ?? true
        }
        guard !changed.isEmpty || !hidden.isEmpty else {
            var same = CompiledPhrases(library: library, matcher: matcher, diagnostics: library.diagnostics + compilerProblems)
            same.rootBox = RootBox(self)
            return same
        }
        var own = PhraseLibrary(apps: changed, schemaPhrases: library.schemaPhrases, languages: library.languages)
        own.catalog = library.catalog
        own.contacts = library.contacts
        own.homeAssistant = library.homeAssistant
        own.sourceLocations = library.sourceLocations
        let (added, problems) = PhraseCompiler.compile(own)
        var result = CompiledPhrases(
            library: library, matcher: matcher.overlaid(with: added, replacing: hidden),
            diagnostics: library.diagnostics + compilerProblems + problems)
        result.rootBox = RootBox(self)
        return result
    }
}

/// The phrases compiled whole that overlaid phrases were made from (a class: a struct cannot hold itself).
final class RootBox: Sendable {
    let phrases: CompiledPhrases
    init(_ phrases: CompiledPhrases) { self.phrases = phrases }
}
