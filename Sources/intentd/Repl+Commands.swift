import Foundation
import IntentModel
import Phrases
import Wire

extension Repl {
    enum CommandResult: Equatable {
        case keepGoing
        case quit
    }

    /// Runs a `:command` line.
    mutating func command(_ line: String) async -> CommandResult {
        let words = line.split(separator: " ").map(String.init)
        let name = words.first ?? line
        let argument = words.dropFirst().joined(separator: " ")
        switch name {
        case ":quit", ":q", ":exit": return .quit
        case ":help", ":h", ":?": say(help())
        case ":apps": say(appList())
        case ":intents": say(intentList(argument.isEmpty ? nil : argument))
        case ":explain": await explain()
        case ":suggest": await suggest()
        case ":history":
            let base = editor.historyBase
            say(
                editor.history.enumerated().map { String(format: "%5d  ", base + $0.offset) + $0.element }.joined(
                    separator: "\n"))
        default:
            let hint = Spelling.suggestion(for: name, among: Self.commands).map { " Did you mean '\($0)'?" } ?? ""
            say(
                text.style.failure("Unknown command '\(name)'.") + hint + " Commands: "
                    + Self.commands.joined(separator: ", ") + ".")
        }
        return .keepGoing
    }

    /// What can I say: per app, each intent's title and an example drawn from its phrases, its
    /// slots filled with real values (a task list, a soup, a contact).
    func help() -> String {
        let library = examplesLibrary()
        let examples = PhraseSampler(library: library).examples()
        var lines = ["Say what you want done; intentd finds the app. For example:"]
        for app in apps {
            lines.append("")
            lines.append(text.style.dialog(app.displayName) + text.style.dim(" (\(app.id))"))
            for intent in app.intents where intent.isDiscoverable {
                let example = examples[intent.id].map { "\"\($0)\"" } ?? intent.adoptedSchema.map { "through the \($0) phrases" } ?? ""
                lines.append("  " + intent.title.padding(toLength: 34, withPad: " ", startingAt: 0) + " " + example)
            }
        }
        lines += [
            "", "Commands: :apps, :intents [APP], :explain, :suggest, :history, :quit. Tab completes; Ctrl-C cancels a question.",
            "Say \"undo\" to take back your last change, \"redo\" to put it back, \"what did i do today\" to list them.",
            "Right after a request, \"no, tomorrow instead\" changes it and \"and milk\" makes it again with milk.",
        ]
        return lines.joined(separator: "\n")
    }

    /// The described apps with the local shared rules (`<show>` ...) and schema phrases, when
    /// the phrase files are at hand, so that more phrases can be written out as examples.
    private func examplesLibrary() -> PhraseLibrary {
        var library = PhraseLibrary(apps: apps)
        if let phrasePaths {
            let local = PhraseLibraryLoader.load(paths: phrasePaths)
            library.languages = local.languages
            library.schemaPhrases = local.schemaPhrases
            library.contacts = local.contacts
        }
        return library
    }

    func appList() -> String {
        listed.map { app in
            let id = app["id"]?.stringValue ?? "?"
            let name = app["name"]?.stringValue ?? id
            let count = app["intents"].flatMap { if case .array(let items) = $0 { items.count } else { nil } } ?? 0
            let state = app["connected"] == .bool(true) ? "connected" : "not connected"
            return id.padding(toLength: 10, withPad: " ", startingAt: 0) + " "
                + name.padding(toLength: 16, withPad: " ", startingAt: 0)
                + " \(count) intent\(count == 1 ? "" : "s"), \(state)"
        }.joined(separator: "\n")
    }

    /// Each intent with its parameters (`title: String`, `list: TaskList?`), of one app or all.
    func intentList(_ appID: String?) -> String {
        var shown = apps
        if let appID {
            let wanted = appID.lowercased()
            shown = apps.filter { $0.id == wanted || $0.displayName.lowercased() == wanted }
            if shown.isEmpty {
                let hint = Spelling.suggestion(for: appID, among: apps.map(\.id)).map { " Did you mean '\($0)'?" } ?? ""
                return text.style.failure("Unknown app '\(appID)'.") + hint + " Apps: "
                    + apps.map(\.id).joined(separator: ", ") + "."
            }
        }
        var lines: [String] = []
        for app in shown {
            for intent in app.intents where intent.isDiscoverable {
                let parameters = intent.parameters.map { parameter in
                    let type =
                        parameter.type.description.split(separator: ".").last.map(String.init)
                        ?? parameter.type.description
                    return "\(parameter.name): \(type)\(parameter.isRequired ? "" : "?")"
                }
                lines.append(
                    text.style.intent(intent.id.padding(toLength: 30, withPad: " ", startingAt: 0)) + " " + intent.title
                        + (parameters.isEmpty ? "" : text.style.dim("  (" + parameters.joined(separator: ", ") + ")")))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What the user is likely to want now, from the daemon's history, with why.
    func suggest() async {
        do {
            let suggestions = try await conversation.suggestions()
            guard !suggestions.isEmpty else {
                say("Nothing to suggest yet: suggestions come from what you do (and what apps say you did), by how often, how lately and at what time of day.")
                return
            }
            for (index, suggestion) in suggestions.enumerated() {
                let title = suggestion["title"]?.stringValue ?? suggestion["intent"]?.stringValue ?? "?"
                var values: [String] = []
                if case .object(let pairs)? = suggestion["parameters"] {
                    values = pairs.map { name, value in "\(name) = \(Value.printed(json: value))" }
                }
                let reason = suggestion["reason"]?.stringValue ?? ""
                say("\(index + 1). " + text.style.dialog(title) + (values.isEmpty ? "" : "  " + values.joined(separator: ", ")) + text.style.dim("  (\(reason))"))
            }
        } catch let error as RPCError {
            say(text.error(error))
        } catch {
            say(text.error(RPCError(.internalError, "\(error)")))
        }
    }

    /// How the last utterance was understood: the daemon's route with every stage.
    func explain() async {
        guard let (utterance, time) = lastUtterance else {
            say("Nothing said yet: :explain shows how the last thing you said was understood.")
            return
        }
        do {
            let routed = try await conversation.route(utterance, explain: true, at: time)
            say(RouteCommand.summary(ofJSON: routed))
            if let explanation = routed["explanation"]?.stringValue { say(explanation) }
        } catch {
            say(text.error(error as? RPCError ?? RPCError(.internalError, "\(error)")))
        }
    }
}
