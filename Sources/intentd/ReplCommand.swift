import ArgumentParser
import Foundation
import IntentModel
import Wire

/// `intentd repl`: type what you would say; intentd shows what it understood and what
/// happened, and asks its follow-up questions.
struct ReplCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Talk to intentd at a prompt: it performs what you type and asks its follow-up questions.",
        discussion: """
            Commands: :help (what you can say), :apps, :intents [APP], :explain (how the last utterance \
            was understood), :suggest (what you may want now, from what you did), :history, :quit. Tab completes commands, app names, phrase words and entity \
            names. Answer questions naturally ("the second one", "2", "yes", "no", "cancel", "tomorrow \
            instead"); Ctrl-C cancels a question, clears the line, or stops waiting for a slow app; Ctrl-D quits. History is kept in \
            $XDG_STATE_HOME/intentd/history (default ~/.local/state/intentd/history). Without --connect, \
            a private daemon with the demo apps runs in this process.
            """)

    @OptionGroup var target: FrontEndOptions

    @Option(help: "The history file. Default: $XDG_STATE_HOME/intentd/history, else ~/.local/state/intentd/history.")
    var historyFile: String?

    @Option(help: "How many lines the history keeps.")
    var historySize = 1000

    func run() async throws {
        guard historySize > 0 else { throw ValidationError("--history-size must be at least 1, not \(historySize).") }
        let style = TextStyle.forStandardOutput()
        let editor = LineEditor(
            historyFile: historyFile ?? Self.defaultHistoryFile(), historyLimit: historySize, completions: .init(),
            plainTerminal: !style.color)
        let phrasePaths = try? target.phrases.resolvedPaths()
        try await target.withConversation { conversation in
            var repl = Repl(
                conversation: conversation, editor: editor, text: OutcomeText(style: style), phrasePaths: phrasePaths)
            await repl.start()
            await repl.loop()
        }
    }

    /// `$XDG_STATE_HOME/intentd/history`, else `~/.local/state/intentd/history`.
    static func defaultHistoryFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/intentd/history" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/intentd/history"
    }
}

/// The REPL's state: the question pending, the last utterance, what the apps are.
struct Repl {
    let conversation: ConversationClient
    let editor: LineEditor
    var text: OutcomeText
    /// Local phrase folders, for the shared rules `:help` needs to write examples.
    let phrasePaths: [String]?
    var pending: Question?
    /// The last utterance and the reference time it was performed at, for `:explain`.
    var lastUtterance: (text: String, time: LocalDateTime)?
    var apps: [AppDefinition] = []
    var listed: [JSONValue] = []
    /// Asks who is typing when an intent needs the device's user (``DeviceCheck``).
    var deviceCheck = DeviceCheck()

    static let commands = [":help", ":apps", ":intents", ":explain", ":suggest", ":history", ":quit"]

    init(conversation: ConversationClient, editor: LineEditor, text: OutcomeText, phrasePaths: [String]?) {
        self.conversation = conversation
        self.editor = editor
        self.text = text
        self.phrasePaths = phrasePaths
    }

    /// Learns the apps (for completion and the commands) and greets.
    mutating func start() async {
        await loadApps()
        let whom =
            switch conversation.daemon {
            case .privateDemo: "the demo apps"
            case .socket(let path): "the daemon at \(path)"
            }
        say(
            "intentd: talking to \(whom) (\(apps.filter { $0.id != "assistant" }.count) apps). Type what you would say; :help lists examples, Ctrl-D quits."
        )
    }

    mutating func loadApps() async {
        listed = (try? await conversation.apps()) ?? []
        var definitions: [AppDefinition] = []
        var entityNames: [String] = []
        for app in listed {
            guard let id = app["id"]?.stringValue, let definition = try? await conversation.describe(id) else {
                continue
            }
            definitions.append(definition)
            guard app["connected"] == .bool(true) else { continue }
            for type in definition.entityTypes {
                entityNames += ((try? await conversation.allEntities(of: type.name)) ?? []).map(\.title)
            }
        }
        apps = definitions
        text.apps = definitions
        editor.setCompletions(CompletionTable(commands: Self.commands, apps: definitions, entityNames: entityNames))
    }

    mutating func loop() async {
        while true {
            if let question = pending {
                switch await editor.read(prompt: answerPrompt(question), interruptible: true) {
                case .end: return
                case .interrupted: await cancelQuestion()
                case .line(let line):
                    let answer = line.trimmingCharacters(in: .whitespaces)
                    if answer.isEmpty {
                        say(text.question(question).joined(separator: "\n"))
                    } else if answer.hasPrefix(":") {
                        if await command(answer) == .quit { return }
                    } else {
                        await reply(answer, to: question)
                    }
                }
                continue
            }
            switch await editor.read(prompt: text.style.prompt("intentd> "), interruptible: false) {
            case .end: return
            case .interrupted: continue
            case .line(let line):
                let input = line.trimmingCharacters(in: .whitespaces)
                guard !input.isEmpty else { continue }
                editor.remember(input)
                if input.hasPrefix(":") {
                    if await command(input) == .quit { return }
                } else {
                    // Performed and explained at the same reference time, so :explain shows
                    // the reading that was acted on ("tomorrow" stays the same day).
                    let time = conversation.now ?? LocalDateTime(Date(), in: .current)
                    lastUtterance = (input, time)
                    let conversation = conversation
                    await show { assertions in try await conversation.say(input, at: time, assertions: assertions) }
                }
            }
        }
    }

    /// "yes/no> ", "1-3> ", "answer> ".
    func answerPrompt(_ question: Question) -> String {
        switch question.kind {
        case .confirm: text.style.prompt("yes/no> ", "1;33")
        case .choice: text.style.prompt("1-\(question.choices.count)> ", "1;33")
        case .value: text.style.prompt("answer> ", "1;33")
        }
    }

    private mutating func reply(_ answer: String, to question: Question) async {
        let conversation = conversation
        do {
            guard let outcome = try await performProvingWho({ assertions in try await conversation.answer(answer, assertions: assertions) })
            else { return }
            try await showAndOpen(outcome)
        } catch let error as RPCError where error.code == .invalidAnswer {
            let expected = error.data?["expected"]?.stringValue ?? "an answer to the question"
            say(text.style.failure("I need \(expected).") + " Ctrl-C cancels the question.")
        } catch {
            fail(error)
        }
    }

    private mutating func cancelQuestion() async {
        do {
            show(try await conversation.cancel())
        } catch {
            pending = nil
            say("Cancelled.")
        }
    }

    private mutating func show(_ call: @escaping @Sendable (ClientAssertions) async throws -> RunOutcome) async {
        do {
            guard let outcome = try await performProvingWho(call) else { return }
            try await showAndOpen(outcome)
        } catch {
            fail(error)
        }
    }

    /// The outcome of `call`. When the daemon refuses it until the person typing proves they
    /// are the device's user (an intent that requires local device authentication: "unlock my
    /// vault"), PAM asks them (``DeviceCheck``, a password on most systems) and, when it says
    /// yes, `call` is made again stating `deviceAuthenticated`, as iOS asks for Face ID first.
    /// Nil when Ctrl-C stopped the wait, or the check failed (both said on screen).
    private mutating func performProvingWho(_ call: @escaping @Sendable (ClientAssertions) async throws -> RunOutcome) async throws
        -> RunOutcome?
    {
        do {
            return try await waitInterruptibly { try await call(ClientAssertions()) }
        } catch let refusal as RPCError where refusal.code == .notAuthorized && refusal.data?["needsDeviceAuthentication"] == .bool(true) {
            let title = refusal.data?["title"]?.stringValue ?? "This"
            say("\(title) needs you to prove it is you.")
            switch deviceCheck.run() {
            case .proved:
                return try await waitInterruptibly { try await call(ClientAssertions(deviceAuthenticated: true)) }
            case .refused(let why):
                pending = nil
                say(text.style.failure("✗ Not done: you were not authenticated (\(why)).") + " Nothing was performed.")
                return nil
            }
        }
    }

    /// The outcome of `call`, or nil when Ctrl-C stopped the wait for it (said on screen).
    private mutating func waitInterruptibly(_ call: @escaping @Sendable () async throws -> RunOutcome) async throws
        -> RunOutcome?
    {
        if let outcome = try await editor.interruptibly(call) { return outcome }
        pending = nil
        say(text.style.failure("Stopped waiting.") + " The app may still finish the request.")
        return nil
    }

    /// Shows `outcome`, then performs and shows the intent it opens, if any.
    private mutating func showAndOpen(_ outcome: RunOutcome) async throws {
        show(outcome)
        if let opened = try await conversation.opening(outcome) { show(opened) }
    }

    mutating func show(_ outcome: RunOutcome) {
        pending = outcome.status == .question ? outcome.question : outcome.heldQuestion
        say(text.lines(outcome).joined(separator: "\n"))
    }

    mutating func fail(_ error: any Error) {
        pending = nil
        say(text.error(error as? RPCError ?? RPCError(.internalError, "\(error)")))
    }

    func say(_ line: String) { emitLine(line) }
}
