import Foundation
import IntentModel
import Logging
import NIOCore
import NIOPosix
import Phrases
import Routing
import Synchronization
import Wire

/// The apps intentd knows: those of the phrase files and those registered over the socket,
/// which connection serves each, and the router compiled from all of them.
///
/// A request is routed only to an app the daemon can reach: one that is connected, one it
/// starts itself (`exec`, or the demo apps of `serve --demo`), or one that was connected and
/// left (until it returns, its requests get "app unavailable" rather than "not understood"
/// or another app's intent). An app a phrase file declares that is none of these is listed
/// by `apps.list` and parsed by the `route` method, but `run` reaches it only once it registers.
///
/// Every change compiles a new ``Router`` and swaps it in whole, so a request routes
/// against one consistent set of apps.
actor AppRegistry {
    struct Registration {
        var definition: AppDefinition
        var peer: PeerConnection
    }

    /// The phrase files as compiled at start or on the last reload.
    private(set) var filePhrases: CompiledPhrases
    /// The phrase files' apps as they are now: with the entity values their apps reported since.
    private(set) var fileLibrary: PhraseLibrary
    private var registrations: [String: Registration] = [:]
    /// Who first registered an app id that no phrase file declares: that uid keeps it.
    private var owners: [String: UInt32] = [:]
    /// Apps whose connection closed: still routed to, so that a request for them gets "app
    /// unavailable" rather than "not understood", until they return.
    private var departed: [String: AppDefinition] = [:]
    private let launcher: AppLauncher
    private let configuration: DaemonConfiguration
    private let logger: Logger
    private let routerBox: Mutex<(all: Router, reachable: Router)>

    init(phrases: CompiledPhrases, configuration: DaemonConfiguration, logger: Logger) {
        let library = phrases.library
        filePhrases = phrases
        fileLibrary = library
        self.configuration = configuration
        self.logger = logger
        launcher = AppLauncher(socketPath: configuration.socketPath, logger: logger)
        let router = Router(compiled: phrases, preferences: configuration.preferences)
        let startable = library.apps.filter { Self.startsItself($0, configuration: configuration) }.map(\.id)
        routerBox = Mutex((router, router.restricted(to: Set(startable))))
    }

    /// Whether the daemon can reach `app` before it registers: it starts the app itself
    /// (`exec`, the awaited demo apps) or answers it itself (the assistant).
    private static func startsItself(_ app: AppDefinition, configuration: DaemonConfiguration) -> Bool {
        app.exec != nil || configuration.awaitedApps.contains(app.id) || app.id == AssistantApp.id
    }

    /// The router of this moment over every app known, reachable or not; using it needs no lock.
    nonisolated var router: Router { routerBox.withLock { $0.all } }

    /// The same router, routing only to the apps a request can reach now.
    nonisolated var reachableRouter: Router { routerBox.withLock { $0.reachable } }

    /// The library with only the apps a request can reach now: what the assistant's help offers.
    nonisolated var reachableLibrary: PhraseLibrary {
        let router = reachableRouter
        var library = router.library
        library.apps = router.routedApps
        return library
    }

    /// Routes an utterance. Typed text is routed where the request is handled: its cost is
    /// bounded (at most about 2 ms at the word limit, docs/performance.md "Long input"), and
    /// handing it to another thread and back would cost more than most routes (about 40 µs).
    /// Spoken text may be searched for sound-alikes, up to a few hundred milliseconds, so it
    /// goes to NIO's thread pool: a long transcript keeps one routing thread busy while every
    /// other client is still answered. Only to the apps a request can reach, unless
    /// `reachableOnly` is false (the `route` method, which parses against every app known and
    /// calls none).
    nonisolated func route(
        _ utterance: String, now: LocalDateTime? = nil, spoken: Bool = false, reachableOnly: Bool = true, compound: Bool = true
    ) async -> RouteResult {
        let router = reachableOnly ? reachableRouter : self.router
        guard spoken else { return router.route(utterance, now: now, spoken: false, compound: compound) }
        do {
            return try await NIOThreadPool.singleton.runIfActive { router.route(utterance, now: now, spoken: spoken, compound: compound) }
        } catch {
            return router.route(utterance, now: now, spoken: spoken, compound: compound)
        }
    }

    /// The phrase readings closest to a transcript (``Router/readings(of:now:timeZone:limit:)``),
    /// worked out off the event loop as routing is.
    nonisolated func readings(of utterance: String, now: LocalDateTime? = nil, limit: Int) async -> [Reading] {
        let router = self.router
        do {
            return try await NIOThreadPool.singleton.runIfActive { router.readings(of: utterance, now: now, limit: limit) }
        } catch {
            return router.readings(of: utterance, now: now, limit: limit)
        }
    }

    var connectedApps: [String] { registrations.keys.sorted() }

    func isConnected(_ appID: String) -> Bool { registrations[appID] != nil }

    /// The definitions of every app, the registered ones in place of their file versions.
    var apps: [AppDefinition] { composedLibrary().apps }

    private func composedLibrary() -> PhraseLibrary {
        var library = fileLibrary
        let served = registrations.mapValues(\.definition).merging(departed) { current, _ in current }
        for (id, definition) in served.sorted(by: { $0.key < $1.key }) {
            if let index = library.apps.firstIndex(where: { $0.id == id }) {
                if !definition.intents.isEmpty { library.apps[index] = definition }
            } else {
                library.apps.append(definition)
            }
        }
        return library
    }

    /// Compiles the router again when the apps changed since `before` (an app that serves
    /// the definition its phrase file declares changes nothing: no recompiling).
    private func recompile(unlessStill before: [AppDefinition]? = nil) {
        let library = composedLibrary()
        guard before == nil || before != library.apps else {
            install(routerBox.withLock { $0.all })
            return
        }
        install(composedRouter(library))
    }

    /// The router of `library`: the phrase files' compiled automaton, with only the apps that
    /// differ from it (registered over the socket, or whose names changed) compiled beside it
    /// (``CompiledPhrases/adding(_:)``): one app registered into thousands of intents costs
    /// the compile of that app.
    private func composedRouter(_ library: PhraseLibrary) -> Router {
        let compiled = Dictionary(filePhrases.library.apps.map { ($0.id, $0) }) { first, _ in first }
        let changed = library.apps.filter { compiled[$0.id] != $0 }
        return Router(compiled: filePhrases.adding(changed), preferences: configuration.preferences)
    }

    /// Makes `router` current, with the apps reachable now.
    private func install(_ router: Router) {
        let reachable = router.library.apps.filter {
            registrations[$0.id] != nil || departed[$0.id] != nil || Self.startsItself($0, configuration: configuration)
        }
        let restricted = router.restricted(to: Set(reachable.map(\.id)))
        routerBox.withLock { $0 = (router, restricted) }
    }

    /// The values of entity type `type` as its app has them now (after a task was added or
    /// deleted): when they differ from what the router knows, the app's definition takes them
    /// and the router is compiled again, so names match what exists. Returns whether they differed.
    /// The app's answer holds property values untyped (a date as its text): they are read as
    /// the types the entity type declares.
    @discardableResult
    func updateEntities(_ type: String, to records: [EntityRecord]) -> Bool {
        let appID = String(type.prefix { $0 != "." })
        if var registration = registrations[appID], !registration.definition.intents.isEmpty,
            let index = registration.definition.entityTypes.firstIndex(where: { $0.name == type })
        {
            let definitions = registration.definition.entityTypes[index].properties
            let records = records.map { $0.typed(by: definitions) }
            guard registration.definition.entityTypes[index].values != records else { return false }
            registration.definition.entityTypes[index].values = records
            registrations[appID] = registration
        } else if let appIndex = fileLibrary.apps.firstIndex(where: { $0.id == appID }),
            let index = fileLibrary.apps[appIndex].entityTypes.firstIndex(where: { $0.name == type })
        {
            let definitions = fileLibrary.apps[appIndex].entityTypes[index].properties
            let records = records.map { $0.typed(by: definitions) }
            guard fileLibrary.apps[appIndex].entityTypes[index].values != records else { return false }
            fileLibrary.apps[appIndex].entityTypes[index].values = records
        } else {
            return false
        }
        recompile()
        logger.debug("entities changed", metadata: ["entityType": "\(type)", "count": "\(records.count)"])
        return true
    }

    /// Entity types whose app answered an `all` query with an error: not asked again.
    private(set) var notEnumerable: Set<String> = []
    func cannotEnumerate(_ type: String) { notEnumerable.insert(type) }

    /// Whether `peer` is the connection that serves `appID`.
    func serves(_ appID: String, peer: PeerConnection) -> Bool { registrations[appID]?.peer === peer }

    /// Registers `definition` as served by `peer`; throws when the id belongs to someone else
    /// or the definition does not compile.
    func register(_ definition: AppDefinition, peer: PeerConnection) throws(RPCError) -> JSONValue {
        let id = definition.id
        let uid = peer.credentials?.uid ?? configuration.ownerUID
        // `exec` says how to start an app that is not running; one that registers is running.
        if definition.exec != nil {
            throw RPCError(.invalidParams, "Invalid params", data: .object([
                ("field", .string("params.app.exec")),
                ("reason", .string("exec is read from phrase files only: an app registering over the socket is already running")),
            ]))
        }
        if let current = registrations[id], current.peer !== peer, !current.peer.isClosed {
            throw RPCError(.appIDTaken, "App id taken", data: .object([("app", .string(id)), ("reason", .string("another connection serves it"))]))
        }
        if let declared = fileLibrary.app(id) {
            let launched = declared.exec != nil && launcher.launchedPID(of: id) == peer.credentials?.pid
            guard launched || uid == configuration.ownerUID else {
                throw RPCError(.appIDTaken, "App id taken", data: .object([
                    ("app", .string(id)), ("reason", .string("declared in a phrase file; only the daemon's user or the process it started may serve it")),
                ]))
            }
        } else if let owner = owners[id], owner != uid {
            throw RPCError(.appIDTaken, "App id taken", data: .object([("app", .string(id)), ("reason", .string("registered first by uid \(owner)"))]))
        }
        if fileLibrary.app(id) == nil, definition.intents.isEmpty {
            throw RPCError(.invalidDefinition, "Invalid app definition", data: .object([
                ("app", .string(id)), ("diagnostics", .array([.string("no phrase file declares '\(id)': register it with its intents")])),
            ]))
        }
        try check(definition)
        let before = apps
        registrations[id] = Registration(definition: definition, peer: peer)
        departed[id] = nil
        if fileLibrary.app(id) == nil { owners[id] = owners[id] ?? uid }
        recompile(unlessStill: before)
        launcher.registered(id)
        let served = registrations[id].map { $0.definition.intents.isEmpty ? fileLibrary.app(id)?.intents ?? [] : $0.definition.intents } ?? []
        logger.info("app registered", metadata: ["app": "\(id)", "connection": "\(peer.id)", "peer": "\(peer.credentials?.description ?? "unknown")"])
        return .object([("app", .string(id)), ("intents", .array(served.map { .string($0.id) }))])
    }

    /// Compiles the definition alone, so its errors are reported to the app, not mixed with others.
    private func check(_ definition: AppDefinition) throws(RPCError) {
        var probe = PhraseLibrary(apps: [definition], schemaPhrases: fileLibrary.schemaPhrases, languages: fileLibrary.languages)
        probe.contacts = fileLibrary.contacts
        probe.catalog = fileLibrary.catalog
        let (_, diagnostics) = PhraseCompiler.compile(probe)
        let errors = diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else { return }
        throw RPCError(.invalidDefinition, "Invalid app definition", data: .object([
            ("app", .string(definition.id)), ("diagnostics", .array(errors.map { .string($0.description) })),
        ]))
    }

    func unregister(_ id: String, peer: PeerConnection) throws(RPCError) {
        guard let current = registrations[id], current.peer === peer else {
            throw RPCError(.unknownName, "Not registered by this connection", data: .object([("app", .string(id))]))
        }
        registrations[id] = nil
        recompile()
        logger.info("app unregistered", metadata: ["app": "\(id)", "connection": "\(peer.id)"])
    }

    /// Drops every app `peer` served: its intents are unavailable until it returns.
    func connectionClosed(_ peer: PeerConnection) {
        let gone = registrations.filter { $0.value.peer === peer }.map(\.key)
        guard !gone.isEmpty else { return }
        let before = apps
        for id in gone {
            departed[id] = registrations[id]?.definition
            registrations[id] = nil
        }
        recompile(unlessStill: before)
        logger.notice("app disconnected", metadata: ["apps": "\(gone.sorted().joined(separator: ","))", "connection": "\(peer.id)"])
    }

    /// The connection serving `appID`, starting the app with its `exec` command if needed.
    func connection(for appID: String) async throws(RPCError) -> PeerConnection {
        if let registration = registrations[appID], !registration.peer.isClosed { return registration.peer }
        guard let exec = fileLibrary.app(appID)?.exec, !exec.isEmpty else {
            throw RPCError(.appUnavailable, "App unavailable", data: .object([("app", .string(appID)), ("reason", .string("not connected"))]))
        }
        try launcher.launch(appID, command: exec)
        let deadline = ContinuousClock.now + .nanoseconds(configuration.launchTimeout.nanoseconds)
        while ContinuousClock.now < deadline {
            if let registration = registrations[appID], !registration.peer.isClosed { return registration.peer }
            try? await Task.sleep(for: .milliseconds(20))
        }
        logger.warning("app started but did not register in time", metadata: ["app": "\(appID)"])
        throw RPCError(.appUnavailable, "App unavailable", data: .object([
            ("app", .string(appID)), ("reason", .string("started with exec but did not register in time")),
        ]))
    }

    /// Replaces the phrase files' apps; on errors keeps the old ones and returns them.
    func reload(_ phrases: CompiledPhrases) -> [Diagnostic] {
        let old = (filePhrases, fileLibrary)
        let library = phrases.library
        filePhrases = phrases
        fileLibrary = library
        let router = composedRouter(composedLibrary())
        // The router's diagnostics repeat the library's own; each error once.
        var seen = Set<String>()
        let errors = (library.errors + router.diagnostics.filter { $0.severity == .error }).filter { seen.insert("\($0)").inserted }
        guard errors.isEmpty else {
            (filePhrases, fileLibrary) = old
            return errors
        }
        install(router)
        return []
    }

    /// Whether the phrase files' reads are kept (they are not when the phrases came from the cache).
    var hasFileReads: Bool { !filePhrases.fileReads.isEmpty }

    /// Keeps `reads` of the phrase files (``CompiledPhrases/fileReads(paths:)``) with the
    /// phrases, unless a reload has brought reads of its own meanwhile. A read whose file has
    /// changed since is harmless: reads are taken only for a file of the same text.
    func keepFileReads(_ reads: [String: PhraseLibraryLoader.FileRead]) {
        guard filePhrases.fileReads.isEmpty else { return }
        filePhrases.fileReads = reads
    }

    func shutdown() { launcher.terminateAll() }
}
