import IntentModel
import Phrases
import Routing
import Wire

/// The assistant's own intents (Phrases/assistant.yaml): help for a lost user and thanks.
/// The daemon answers them itself, from the apps it has, unless an app registered with the
/// id `assistant` serves them.
package enum AssistantApp {
    static let id = "assistant"

    /// The answer to one of the assistant's intents, or nil for an intent it does not know
    /// (a phrase file that added one): that is left to the app, like any other.
    static func reply(to call: PendingCall, library: PhraseLibrary) -> AppReply? {
        switch call.intent.id {
        case "assistant.help": return .result(IntentResult(dialog: overview(library)))
        case "assistant.helpWithApp":
            guard case .string(let name)? = call.value("app") else { return .result(IntentResult(dialog: overview(library))) }
            return .result(IntentResult(dialog: help(forApp: name, library)))
        case "assistant.thanks": return .result(IntentResult(dialog: "You're welcome."))
        default: return nil
        }
    }

    /// The apps other than the assistant, in the library's order.
    private static func apps(_ library: PhraseLibrary) -> [AppDefinition] {
        library.apps.filter { $0.id != id && $0.intents.contains(where: \.isDiscoverable) }
    }

    /// One example for each app, then how to ask for more.
    package static func overview(_ library: PhraseLibrary) -> String {
        let examples = PhraseSampler(library: library).rankedExamples()
        let apps = apps(library)
        guard !apps.isEmpty else { return "No app is connected yet, so there is nothing I can do. Apps connect over the socket (docs/protocol.md); `intentd serve --demo` starts the demo apps." }
        var lines = ["You can ask me things like:"]
        for app in apps {
            // The app's first intent whose example makes up the fewest values: a request people
            // say ("show me the Lisbon rooftops photo"), not a form filled in.
            let ranked = app.intents.filter(\.isDiscoverable).compactMap { examples[$0.id] }
            guard let example = ranked.min(by: { $0.madeUp < $1.madeUp }) else { continue }
            lines.append("  \"\(example.utterance)\" (\(app.displayName))")
        }
        let first = apps[0].displayName
        lines.append("Ask \"what can I say to \(first)\" for more about one app.")
        return lines.joined(separator: "\n")
    }

    /// Every discoverable intent of the app named `name`, with an example each.
    static func help(forApp name: String, _ library: PhraseLibrary) -> String {
        let apps = apps(library)
        guard let app = app(named: name, among: apps) else {
            let names = apps.map(\.displayName)
            let near = Spelling.suggestion(for: name, among: names).map { " Did you mean \($0)?" } ?? ""
            return "I don't know an app called '\(name)'.\(near) The apps are: \(names.joined(separator: ", "))."
        }
        let examples = PhraseSampler(library: library).examples()
        var lines = ["With \(app.displayName) you can:"]
        for intent in app.intents where intent.isDiscoverable {
            lines.append("  " + intent.title + (examples[intent.id].map { ": \"\($0)\"" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    /// The app whose id, display name or a synonym is `name`, ignoring case, spacing and a
    /// leading "the" or trailing "app".
    package static func app(named name: String, among apps: [AppDefinition]) -> AppDefinition? {
        func key(_ text: String) -> String {
            var words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
            if words.first == "the" { words.removeFirst() }
            if words.count > 1, words.last == "app" { words.removeLast() }
            return words.joined()
        }
        let wanted = key(name)
        guard !wanted.isEmpty else { return nil }
        return apps.first { app in ([app.id, app.displayName] + app.synonyms).contains { key($0) == wanted } }
    }
}
