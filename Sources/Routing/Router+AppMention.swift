import IntentModel
import Phrases

extension Router {
    /// Words that introduce an app's name after a request ("... using Postbox").
    static let mentionAfter: Set<String> = ["using", "in", "with", "on", "via", "through", "from", "by"]
    /// Words that introduce an app's name before a request ("in Postbox, ...").
    static let mentionBefore: Set<String> = ["in", "using", "with", "on"]

    /// An app named at the start ("in Postbox", "using Postbox", "ask Postbox to") or at the
    /// end ("using Postbox", "in Postbox") of the tokens, among the apps that adopt a schema;
    /// the longest name wins. Schema phrases are the same for every adopter, so naming one is
    /// how a request picks it.
    func appMention(in words: [String]) -> (app: String, range: Range<Int>)? {
        guard words.count >= 3 else { return nil }
        var best: (app: String, range: Range<Int>)?
        for app in appNames.apps where app.adoptsSchema {
            for nameWords in app.names {
                let n = nameWords.count
                guard n > 0, words.count > n + 1 else { continue }
                var found: [Range<Int>] = []
                if words[(words.count - n)...].elementsEqual(nameWords),
                    Self.mentionAfter.contains(words[words.count - n - 1])
                {
                    found.append((words.count - n - 1)..<words.count)
                }
                if Self.mentionBefore.contains(words[0]), words[1...n].elementsEqual(nameWords) {
                    found.append(0..<(n + 1))
                }
                if words[0] == "ask" || words[0] == "tell", words.count > n + 2, words[1...n].elementsEqual(nameWords),
                    words[n + 1] == "to"
                {
                    found.append(0..<(n + 2))
                }
                for range in found where range.count > (best?.range.count ?? 0) { best = (app.id, range) }
            }
        }
        return best
    }
}

/// Every app's names (its display name, then its synonyms) as normalized words, made once
/// with the router, so that finding an app named in an utterance normalizes no name again.
struct AppNames: Sendable {
    struct App: Sendable {
        let id: String
        /// Whether one of its intents adopts a schema, so that naming it picks it among the adopters.
        let adoptsSchema: Bool
        let names: [[String]]
    }

    /// In the library's order.
    let apps: [App]
    /// Index into `apps` of the first app of each id, as `PhraseLibrary.app(_:)` finds it.
    private let firstOfID: [String: Int]

    init(_ apps: [AppDefinition], normalizer: TextNormalizer) {
        self.apps = apps.map { app in
            App(
                id: app.id, adoptsSchema: app.intents.contains { $0.adoptedSchema != nil },
                names: ([app.displayName] + app.synonyms).map { normalizer.words($0) })
        }
        var firstOfID: [String: Int] = [:]
        for (index, app) in apps.enumerated() where firstOfID[app.id] == nil { firstOfID[app.id] = index }
        self.firstOfID = firstOfID
    }

    /// The names of the app with this id, as words.
    func names(of id: String) -> [[String]] { firstOfID[id].map { apps[$0].names } ?? [] }
}
