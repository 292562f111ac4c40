import IntentModel
import Phrases

extension Router {
    /// "how do i use the microwave", "help me with my homework": help with an app whose words
    /// name no app here, nor come near one's name, is no request for intentd (the help would
    /// only say that it knows no such app). A name near one ("soup chief") still asks, and so
    /// does one said as an app ("the weather app": the help lists the apps there are).
    func asksHelpWithNoApp(_ parse: Parse, words: [String]) -> Bool {
        guard parse.intent.id == "assistant.helpWithApp", let capture = parse.captures.first(where: { $0.parameter == "app" }),
            case .freeText = capture.content, !["app", "apps", "application"].contains(words[capture.range.upperBound - 1])
        else { return false }
        var said = Array(words[capture.range])
        if said.count > 1, said.first == "the" || said.first == "my" { said.removeFirst() }
        let text = said.joined(separator: " ")
        let names = library.apps.filter { $0.id != "assistant" }.flatMap { app in
            ([app.id, app.displayName] + app.synonyms).map { TextNormalizer().words($0).joined(separator: " ") }
        }
        return !names.contains(text) && Spelling.suggestion(for: text, among: names) == nil
    }

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
        // The longest mention; of equally long ones, that of the app first in the library, of
        // its name first in its names, at the end before at the start.
        var best: (range: Range<Int>, order: (app: Int, name: Int, place: Int))?
        func consider(_ range: Range<Int>, _ name: AppNames.Name, place: Int) {
            let order = (name.app, name.index, place)
            if let current = best, current.range.count > range.count || (current.range.count == range.count && current.order <= order) { return }
            best = (range, order)
        }
        // Names that end the words, after a word such as "using".
        for name in appNames.adopterNamesByLastWord[words[words.count - 1]] ?? [] {
            let n = name.words.count
            guard words.count > n + 1, words[(words.count - n)...].elementsEqual(name.words), Self.mentionAfter.contains(words[words.count - n - 1])
            else { continue }
            consider((words.count - n - 1)..<words.count, name, place: 0)
        }
        // Names after a first word such as "in", or between "ask" and "to".
        let asks = words[0] == "ask" || words[0] == "tell"
        let introduces = Self.mentionBefore.contains(words[0])
        if asks || introduces {
            for name in appNames.adopterNamesByFirstWord[words[1]] ?? [] {
                let n = name.words.count
                guard words.count > n + 1, words[1...n].elementsEqual(name.words) else { continue }
                if introduces { consider(0..<(n + 1), name, place: 1) }
                if asks, words.count > n + 2, words[n + 1] == "to" { consider(0..<(n + 2), name, place: 2) }
            }
        }
        return best.map { (appNames.apps[$0.order.app].id, $0.range) }
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

    /// One name of an app that adopts a schema, for ``Router/appMention(in:)``.
    struct Name: Sendable {
        /// The app's place in ``apps``, and the name's in its names.
        let app: Int
        let index: Int
        let words: [String]
    }

    /// In the library's order.
    let apps: [App]
    /// Index into `apps` of the first app of each id, as `PhraseLibrary.app(_:)` finds it.
    private let firstOfID: [String: Int]
    /// The names of the apps that adopt a schema by their first word and by their last, so
    /// that finding one in an utterance looks up two words instead of going through every app.
    let adopterNamesByFirstWord: [String: [Name]]
    let adopterNamesByLastWord: [String: [Name]]

    init(_ apps: [AppDefinition], normalizer: TextNormalizer) {
        self.apps = apps.map { app in
            App(
                id: app.id, adoptsSchema: app.intents.contains { $0.adoptedSchema != nil },
                names: ([app.displayName] + app.synonyms).map { normalizer.words($0) })
        }
        var firstOfID: [String: Int] = [:]
        for (index, app) in apps.enumerated() where firstOfID[app.id] == nil { firstOfID[app.id] = index }
        self.firstOfID = firstOfID
        var byFirst: [String: [Name]] = [:]
        var byLast: [String: [Name]] = [:]
        for (appIndex, app) in self.apps.enumerated() where app.adoptsSchema {
            for (index, words) in app.names.enumerated() {
                guard let first = words.first, let last = words.last else { continue }
                let name = Name(app: appIndex, index: index, words: words)
                byFirst[first, default: []].append(name)
                byLast[last, default: []].append(name)
            }
        }
        adopterNamesByFirstWord = byFirst
        adopterNamesByLastWord = byLast
    }

    /// The names of the app with this id, as words.
    func names(of id: String) -> [[String]] { firstOfID[id].map { apps[$0].names } ?? [] }
}
