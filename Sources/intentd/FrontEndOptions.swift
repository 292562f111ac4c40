import ArgumentParser
import Daemon
import Foundation
import IntentModel
import Logging
import Phrases
import Routing
import Synchronization
import Wire

/// Which daemon `intentd repl` and `intentd run` talk to: the one at `--connect PATH`, or
/// else a private daemon with the demo apps in this process (DemoHosting), on a fresh
/// socket that is removed on exit. Either way the front end is a client of the daemon's
/// conversation methods, so both paths run the same code.
struct FrontEndOptions: ParsableArguments {
    @Option(help: "Talk to the daemon on this socket. Default: a private daemon with the demo apps, in this process.")
    var connect: String?

    @OptionGroup var phrases: PhraseOptions

    @OptionGroup var preferences: PreferenceOptions

    @Option(help: "The reference time for relative dates, as local ISO-8601 (2026-11-19T09:00:00).")
    var now: ReferenceTime?

    @OptionGroup(title: "History") var history: HistoryOptions

    @Option(help: "Log level of the private daemon (to standard error).")
    var logLevel: Logger.Level = .error

    /// Connects (starting the private daemon first when there is no `--connect`) and runs
    /// `body` with a conversation of its own.
    func withConversation<R: Sendable>(_ body: @escaping @Sendable (ConversationClient) async throws -> R) async throws
        -> R
    {
        bootstrapLogging(level: logLevel)
        let now = now?.value
        guard let connect else {
            let paths = try phrases.resolvedPaths()
            // Loaded once: the preferences are checked against it, and the private daemon takes it.
            let phrases = CompiledPhrases.load(paths: paths, cache: .intentd).phrases
            let preferred = try preferences.resolved(for: phrases.library, strictApps: false)
            return try await DemoHosting.withPrivateDaemon(
                phrasePaths: paths, phrases: phrases, preferences: preferred, history: history, logger: Logger(label: "intentd")
            ) {
                socket in
                try await DaemonClient.withConnection(socketPath: socket) { client in
                    try await body(ConversationClient(client: client, now: now, daemon: .privateDemo))
                }
            }
        }
        guard FileManager.default.fileExists(atPath: connect) else {
            throw ValidationError(
                "No daemon socket at '\(connect)'. Start one with 'intentd serve --socket \(connect)'.")
        }
        let connected = Mutex(false)
        do {
            return try await DaemonClient.withConnection(socketPath: connect) { client in
                connected.withLock { $0 = true }
                return try await body(ConversationClient(client: client, now: now, daemon: .socket(connect)))
            }
        } catch  where !connected.withLock({ $0 }) {
            throw ValidationError("Cannot reach the daemon at '\(connect)': \(error)")
        }
    }
}

/// One conversation with the daemon: the front end's own session and typed calls.
struct ConversationClient: Sendable {
    enum DaemonKind: Sendable {
        case privateDemo
        case socket(String)
    }

    let client: DaemonClient
    /// The reference time sent with utterances (nil: the daemon's clock).
    let now: LocalDateTime?
    let daemon: DaemonKind
    /// One session for the front end's life: a new utterance replaces a pending question.
    let session = "front-\(getpid())"

    /// Routes and performs an utterance (`run`).
    /// `spoken`: the utterance is what a speech recognizer heard (sound-alike words count).
    /// `at`: the reference time to read it at, instead of `now`.
    /// `assertions`: what the front end vouches for (``DeviceCheck`` passed: deviceAuthenticated).
    func say(
        _ utterance: String, spoken: Bool = false, at time: LocalDateTime? = nil, assertions: ClientAssertions = .init()
    ) async throws -> RunOutcome {
        try await client.call(
            Methods.Run.self, .init(utterance: utterance, session: session, now: time ?? now, assertions: assertions, spoken: spoken))
    }

    /// Answers the pending question with words ("the second one", "yes", "tomorrow instead").
    func answer(_ text: String, assertions: ClientAssertions = .init()) async throws -> RunOutcome {
        try await client.call(Methods.Continue.self, .init(session: session, answer: .text(text), assertions: assertions))
    }

    /// The intent a finished one opens (`opensIntent`: addBook opens the book it added),
    /// performed in this session as the system does on iOS; nil when it opens none.
    func opening(_ outcome: RunOutcome) async throws -> RunOutcome? {
        guard outcome.status == .done, let call = outcome.result?.opensIntent else { return nil }
        return try await client.call(Methods.Perform.self, .init(call: call, session: session))
    }

    /// Cancels the pending question.
    func cancel() async throws -> RunOutcome {
        try await client.call(Methods.Continue.self, .init(session: session, answer: .cancel))
    }

    /// What an utterance would do, without doing it (`route`).
    func route(_ utterance: String, explain: Bool = false, spoken: Bool = false, at time: LocalDateTime? = nil) async throws -> JSONValue {
        try await client.call(Methods.Route.self, .init(utterance: utterance, now: time ?? now, explain: explain, spoken: spoken))
    }

    /// `apps.list`: every app with its discoverable intents.
    func apps() async throws -> [JSONValue] {
        guard case .array(let apps)? = try await client.call(Methods.ListApps.self, Empty())["apps"] else { return [] }
        return apps
    }

    /// `apps.describe`: one app's whole definition.
    func describe(_ app: String) async throws -> AppDefinition {
        try await client.call(Methods.DescribeApp.self, AppName(app))
    }

    /// `suggestions`: what the user is likely to want now, from the history.
    func suggestions(limit: Int = 5) async throws -> [JSONValue] {
        try await client.call(Methods.Suggestions.self, .init(now: now, limit: limit))["suggestions"]?.arrayValue ?? []
    }

    /// `entities.query` of every entity of a type the app will list.
    func allEntities(of type: String) async throws -> [EntityRecord] {
        try await client.call(
            Methods.QueryEntitiesForClient.self, EntityQuery(entityType: type, kind: .all, limit: 200)
        ).entities
    }
}
