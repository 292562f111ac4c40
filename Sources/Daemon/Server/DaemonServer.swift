import Foundation
import IntentModel
import Logging
import Memory
import NIOCore
import NIOPosix
import Phrases
import ServiceLifecycle
import Synchronization
import Wire

/// intentd's daemon: listens on a Unix-domain socket, speaks JSON-RPC 2.0 (one object per
/// line) with clients and apps, routes, holds sessions and dispatches to apps.
///
/// Run it as a service; a graceful shutdown stops accepting, lets calls in flight finish
/// (at most the configuration's `shutdownGracePeriod`), closes connections and removes the socket file.
///
/// ```swift
/// let daemon = try Daemon(configuration: .init(socketPath: "/tmp/intentd.sock", phrasePaths: ["Phrases"]), logger: logger)
/// let group = ServiceGroup(configuration: .init(services: [daemon], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
public final class Daemon: Service, Sendable {
    public let configuration: DaemonConfiguration
    let logger: Logger
    let registry: AppRegistry
    let sessions: SessionStore
    let conversation: Conversation
    /// The history and undo journal; nil when recording is off or the database could not be opened.
    let memory: MemoryStore?
    let started = ContinuousClock.now
    private let connections = Mutex(ConnectionTable())
    private let ready = Mutex<[CheckedContinuation<Void, Never>]?>([])
    /// Clients wait here until the awaited apps have registered (`DaemonConfiguration.awaitedApps`).
    let appsReady = Gate()
    public static let version = "0.4.0"

    struct ConnectionTable {
        var nextID = 1
        var open: [Int: any Channel] = [:]
        var peers: [Int: PeerConnection] = [:]
        var inFlight = 0
    }

    /// Loads the phrase files; the daemon starts even when some have errors (they are logged).
    public convenience init(configuration: DaemonConfiguration, logger: Logger) {
        let (phrases, source) = CompiledPhrases.load(paths: configuration.phrasePaths, cache: configuration.phraseCache)
        logger.debug("phrase files \(source)")
        self.init(configuration: configuration, phrases: phrases, logger: logger)
    }

    /// A daemon over phrase files already loaded from `configuration.phrasePaths` (SIGHUP reads them again).
    public init(configuration: DaemonConfiguration, phrases: CompiledPhrases, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        for diagnostic in phrases.library.errors { logger.error("\(diagnostic)") }
        registry = AppRegistry(phrases: phrases, configuration: configuration, logger: logger)
        sessions = SessionStore(timeout: configuration.sessionTimeout)
        var memory: MemoryStore?
        if let directory = configuration.stateDirectory {
            do {
                memory = try MemoryStore(directory: directory, retention: configuration.historyRetention)
            } catch {
                logger.error("history off: cannot open the memory database", metadata: ["directory": "\(directory)", "error": "\(error)"])
            }
        }
        self.memory = memory
        conversation = Conversation(registry: registry, sessions: sessions, memory: memory, configuration: configuration, logger: logger)
    }

    /// Returns once the socket accepts connections.
    public func waitUntilListening() async {
        await withCheckedContinuation { continuation in
            let resumeNow = ready.withLock { waiters -> Bool in
                guard waiters != nil else { return true }
                waiters?.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Connections the kernel holds for the daemon before it accepts them (capped by
    /// net.core.somaxconn). Past it, a client's connect fails with EAGAIN; a burst of hundreds
    /// of clients arriving while the daemon is busy must fit.
    static let listenBacklog: Int32 = 4096

    public func run() async throws {
        let path = configuration.socketPath
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: Self.listenBacklog)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
        let initializeConnection: @Sendable (any Channel) -> EventLoopFuture<(NIOAsyncChannel<Frame, ByteBuffer>, PeerCredentials?)> = {
            channel in
            PeerCredentials.read(from: channel).map(Optional.some).recover { _ in nil }.flatMapThrowing { credentials in
                try channel.pipeline.syncOperations.addHandler(
                    ByteToMessageHandler(LineFrameDecoder(maximumLineLength: self.configuration.maximumLineLength)))
                let async = try NIOAsyncChannel<Frame, ByteBuffer>(wrappingChannelSynchronously: channel)
                return (async, credentials)
            }.flatMapErrorThrowing { error in
                self.logger.warning("connection setup failed", metadata: ["error": "\(error)"])
                throw error
            }
        }
        let server: NIOAsyncChannel<(NIOAsyncChannel<Frame, ByteBuffer>, PeerCredentials?), Never>
        // Held until run() returns: no second daemon takes the path meanwhile.
        let lock = configuration.inheritedListener == nil ? try SocketLock(socketPath: path) : nil
        defer { _ = lock }
        if let inherited = configuration.inheritedListener {
            server = try await bootstrap.bind(inherited, childChannelInitializer: initializeConnection)
        } else {
            server = try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false, childChannelInitializer: initializeConnection)
            try setSocketPermissions(path)
        }
        let appCount = await registry.apps.count
        logger.info(
            "listening",
            metadata: ["socket": "\(path)", "apps": "\(appCount)", "activation": "\(configuration.inheritedListener == nil ? "bound" : "systemd")"])
        let waiters = ready.withLock { waiters in
            defer { waiters = nil }
            return waiters ?? []
        }
        for waiter in waiters { waiter.resume() }
        await openWhenAppsAreReady()
        readPhraseFilesInTheBackground()
        let serverChannel = server.channel
        let connectionLimit = Self.connectionLimit(configured: configuration.maximumConnections)
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { inbound in
                    for try await (child, credentials) in inbound {
                        if connectionCount >= connectionLimit {
                            group.addTask { await self.refuse(child, limit: connectionLimit) }
                        } else {
                            group.addTask { await self.serve(child, credentials: credentials) }
                        }
                    }
                }
                await self.drain()
            }
        } onGracefulShutdown: {
            self.logger.info("shutting down")
            serverChannel.close(promise: nil)
        }
        if configuration.inheritedListener == nil { unlink(path) }
        await registry.shutdown()
        logger.info("stopped", metadata: ["socket": "\(path)"])
    }

    /// Raises the soft limit on open files to the hard one (as D-Bus and systemd do for their
    /// daemons), and returns how many connections fit under it, at most `configured`.
    static func connectionLimit(configured: Int) -> Int {
        #if canImport(Glibc)
            let openFiles = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let openFiles = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0 else { return configured }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(openFiles, &raised) == 0 { limit = raised }
        }
        // Room for the listener, app processes, logs and the phrase files read on SIGHUP.
        let reserve = 64
        return max(1, min(configured, Int(clamping: limit.rlim_cur) - reserve))
    }

    /// A connection beyond the limit: one error line that says why, then closed.
    private func refuse(_ channel: NIOAsyncChannel<Frame, ByteBuffer>, limit: Int) async {
        logger.warning("connection refused: too many connections", metadata: ["limit": "\(limit)"])
        let error = RPCError(.tooManyConnections, "Too many connections", data: .object([("limit", .number(Double(limit)))]))
        var line = ByteBuffer()
        line.writeString(Message.response(Response(id: nil, error: error)).serialized + "\n")
        try? await channel.executeThenClose { _, outbound in try await outbound.write(line) }
    }

    /// Opens the gate for clients now when no app is awaited, else once the awaited apps have
    /// registered or the readiness time-out passed; then tells systemd the daemon is ready.
    private func openWhenAppsAreReady() async {
        let awaited = configuration.awaitedApps
        guard !awaited.isEmpty else {
            appsReady.open()
            ServiceManagerNotification.send("READY=1")
            return
        }
        let timeout = configuration.readinessTimeout
        Task {
            try? await Task.sleep(for: .nanoseconds(timeout.nanoseconds))
            if !appsReady.isOpen {
                let missing = awaited.subtracting(await registry.connectedApps).sorted()
                logger.warning("serving before every awaited app registered", metadata: ["missing": "\(missing)"])
            }
            appOpened()
        }
    }

    /// Phrases read back from the cache come without the files' reads, so a first SIGHUP
    /// would parse every file again (a second at 10,000 intents) to compile the one app that
    /// changed. Read them once, in the background, after the daemon is listening.
    private func readPhraseFilesInTheBackground() {
        Task.detached(priority: .background) { [registry, configuration, logger] in
            guard await !registry.hasFileReads else { return }
            let started = ContinuousClock.now
            let reads = CompiledPhrases.fileReads(paths: configuration.phrasePaths)
            await registry.keepFileReads(reads)
            logger.debug("phrase files read in the background", metadata: ["files": "\(reads.count)", "took": "\(ContinuousClock.now - started)"])
        }
    }

    /// The gate opens, once: clients are answered and systemd hears READY=1.
    func appOpened() {
        if appsReady.open() { ServiceManagerNotification.send("READY=1") }
    }

    /// After an app registered: opens the gate when it was the last awaited one.
    func appRegistered() async {
        guard !appsReady.isOpen else { return }
        if configuration.awaitedApps.isSubset(of: Set(await registry.connectedApps)) { appOpened() }
    }

    private func setSocketPermissions(_ path: String) throws {
        if let group = configuration.groupID, chown(path, getuid(), group) != 0 {
            logger.warning("cannot give the socket to group \(group): errno \(errno)")
        }
        guard chmod(path, configuration.socketMode) == 0 else {
            throw IOError(errnoCode: errno, reason: "chmod \(path)")
        }
    }

    /// Waits for calls in flight and for their responses to be written (at most the grace
    /// period), then closes every connection: no response queued is lost to the shutdown.
    private func drain() async {
        let deadline = ContinuousClock.now + configuration.shutdownGracePeriod
        func busy() -> Bool {
            connections.withLock { table in table.inFlight > 0 || table.peers.values.contains { $0.hasUnwrittenOutput } }
        }
        while busy(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        let open = connections.withLock { $0.open.values }
        for channel in open { channel.close(promise: nil) }
    }

    func requestStarted() { connections.withLock { $0.inFlight += 1 } }
    func requestFinished() { connections.withLock { $0.inFlight -= 1 } }
    var connectionCount: Int { connections.withLock { $0.open.count } }
    /// Lines queued for every connection and not yet written (bounded per connection by backpressure).
    var unwrittenLines: Int { connections.withLock { $0.peers.values.reduce(0) { $0 + $1.unwrittenCount } } }

    private func serve(_ channel: NIOAsyncChannel<Frame, ByteBuffer>, credentials: PeerCredentials?) async {
        let id = connections.withLock { table in
            defer { table.nextID += 1 }
            table.open[table.nextID] = channel.channel
            return table.nextID
        }
        logger.debug("connection opened", metadata: ["connection": "\(id)", "peer": "\(credentials?.description ?? "unknown")"])
        do {
            try await channel.executeThenClose { inbound, _ in
                // Responses are written to the channel directly (PeerConnection.sendRaw).
                let peer = PeerConnection(id: id, credentials: credentials, channel: channel.channel)
                connections.withLock { $0.peers[id] = peer }
                await readAndDispatch(inbound, from: peer)
                await peer.waitUntilWritten()
            }
        } catch {
            logger.debug("connection ended", metadata: ["connection": "\(id)", "error": "\(error)"])
        }
        connections.withLock { table in
            table.open.removeValue(forKey: id)
            table.peers.removeValue(forKey: id)
        }
        logger.debug("connection closed", metadata: ["connection": "\(id)"])
    }

    /// Reads a connection's lines until it closes, each request handled in a task of its own
    /// (backpressure: no more is read while the peer's output is full); then its calls end.
    ///
    /// (Answering a typed `route` in the reader itself, without a task of its own, was tried on
    /// 2026-11-26 and was no faster over the socket: docs/performance.md.)
    private func readAndDispatch(_ inbound: NIOAsyncChannelInboundStream<Frame>, from peer: PeerConnection) async {
        await withDiscardingTaskGroup { handlers in
            do {
                for try await frame in inbound {
                    receive(frame, from: peer, handlers: &handlers)
                    await peer.waitForRoom()
                }
            } catch {
                logger.debug("connection read failed", metadata: ["connection": "\(peer.id)", "error": "\(error)"])
            }
            peer.closeCalls()
            await registry.connectionClosed(peer)
        }
    }

    /// The methods a client can cancel with `$/cancelRequest`: those that may wait on an app.
    static let cancellableMethods: Set<String> = [Methods.Run.name, Methods.Continue.name, Methods.Perform.name, Methods.QueryEntitiesForClient.name]

    /// Takes one line from the peer: a request is answered in a task of `handlers`.
    private func receive(_ frame: Frame, from peer: PeerConnection, handlers: inout DiscardingTaskGroup) {
        let line: ByteBuffer
        switch frame {
        case .tooLong(let length):
            logger.notice("line too long", metadata: ["connection": "\(peer.id)", "bytes": "\(length)"])
            peer.send(.response(Response(id: nil, error: RPCError(.invalidRequest, "Line too long", data: .object([
                ("limit", .number(Double(configuration.maximumLineLength))), ("length", .number(Double(length))),
            ])))))
            return
        case .line(let buffer): line = buffer
        }
        let message: Message
        do {
            // Read where it lies in the socket's buffer; text that is not UTF-8 is refused by
            // the parser, not silently repaired with U+FFFD.
            message = try Message(bytes: line.readableBytesView)
        } catch {
            // From an app with calls in flight, a line that is not JSON-RPC is taken as a broken
            // answer: its calls fail now with -32009 instead of waiting for their time-out.
            peer.failPendingCalls(with: RPCError(.invalidReply, "Invalid reply from the app", data: .object([
                ("reason", .string("a line that is not a JSON-RPC message: \(error.message)")),
            ])))
            peer.send(.response(Response(id: error.requestID, error: error)))
            return
        }
        switch message {
        case .response(let response): peer.receive(response)
        case .notification(let notification):
            // `$/cancelRequest {"id": N}`: cancel that request of this peer if it still runs.
            // Other notifications are defined by no one and ignored.
            if notification.method == PeerConnection.cancelMethod, let raw = notification.params?["id"], let id = RequestID(json: raw) {
                peer.cancelRequest(id)
            }
        case .request(let request):
            requestStarted()
            peer.requestStarted()
            // Only the methods that wait on apps can be cancelled; the others answer at once.
            // Registered here, in the order lines are read, so a cancel right behind its
            // request always finds it.
            let flag = Self.cancellableMethods.contains(request.method) ? peer.registerCancellable(request.id) : nil
            handlers.addTask {
                let response =
                    if let flag {
                        await peer.cancellable(request.id, flag: flag) { await self.handle(request, from: peer) }
                    } else {
                        await self.handle(request, from: peer)
                    }
                peer.send(.response(response))
                peer.requestFinished()
                self.requestFinished()
            }
        }
    }
}

/// A one-way gate: waiters pass once it is open.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    var isOpen: Bool { state.withLock { $0.open } }

    /// Opens the gate; true the first time.
    @discardableResult
    func open() -> Bool {
        let (first, waiters) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            guard !state.open else { return (false, []) }
            state.open = true
            defer { state.waiters = [] }
            return (true, state.waiters)
        }
        for waiter in waiters { waiter.resume() }
        return first
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
