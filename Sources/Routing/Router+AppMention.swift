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
    func appMention(in tokens: [Token]) -> (app: String, range: Range<Int>)? {
        let words = tokens.map(\.text)
        guard words.count >= 3 else { return nil }
        var best: (app: String, range: Range<Int>)?
        for app in library.apps where app.intents.contains(where: { $0.adoptedSchema != nil }) {
            for name in [app.displayName] + app.synonyms {
                let nameWords = normalizer.words(name)
                let n = nameWords.count
                guard n > 0, words.count > n + 1 else { continue }
                var found: [Range<Int>] = []
                if Array(words[(words.count - n)...]) == nameWords,
                    Self.mentionAfter.contains(words[words.count - n - 1])
                {
                    found.append((words.count - n - 1)..<words.count)
                }
                if Self.mentionBefore.contains(words[0]), Array(words[1...n]) == nameWords {
                    found.append(0..<(n + 1))
                }
                if ["ask", "tell"].contains(words[0]), words.count > n + 2, Array(words[1...n]) == nameWords,
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
