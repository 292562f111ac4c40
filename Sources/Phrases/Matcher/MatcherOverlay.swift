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
    /// By the base's intent index: false for an intent of an app the overlay replaces. Checked
    /// beside the caller's mask, so a route combines no masks.
    let baseReached: [Bool]

    init(matcher: Matcher, baseReached: [Bool]) {
        self.matcher = matcher
        self.baseReached = baseReached
    }

    /// The caller's mask of the overlay's intents (those after the base's).
    func addedMask(_ allowed: [Bool]?) -> [Bool]? {
        allowed.map { Array($0.dropFirst(baseReached.count)) }
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
            compiled: compiled, intents: intents + added.intents, apps: apps.filter { !replaced.contains($0.id) } + added.apps,
            sounds: sounds)
        result.overlay = MatcherOverlay(matcher: added, baseReached: intents.map { !replaced.contains($0.appID) })
        return result
    }
}
