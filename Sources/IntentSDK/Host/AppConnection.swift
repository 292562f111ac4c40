import IntentModel
import Logging
import NIOCore
import NIOPosix
import Synchronization
import Wire

/// Serves a host's apps over the daemon's socket: connects, registers every app, answers
/// `intent.perform` and `entity.query`, and when the daemon goes away (a restart)
/// connects again with back-off, until the task running ``run()`` is cancelled.
///
/// ```swift
/// let host = await IntentHost(apps: [MightyTasks.self])
/// let connection = AppConnection(host: host, socketPath: "/run/user/1000/intentd.sock", logger: logger)
/// try await connection.run()
/// ```
public final class AppConnection: Sendable {
    /// How apps register: with the definition from code, or by id when the daemon's phrase
    /// files declare the app (its richer phrases then stay in use).
    public enum Registration: Sendable {
        /// Register by id when the daemon declares the app, else with the definition from code.
        case preferDeclared
        /// Always register the definition extracted from code.
        case definition
    }

    /// The host whose apps this connection serves.
    public let host: IntentHost
    /// The daemon's socket.
    public let socketPath: String
    /// How the apps register.
    public let registration: Registration
    let logger: Logger
    /// At most this many of the daemon's calls are handled at once; more wait their turn.
    static let maximumHandlers = 64
    /// Back-off between connection attempts: starts at the first, doubles up to the second.
    let backoff: (initial: Duration, maximum: Duration)
    private let registered = Mutex<[CheckedContinuation<Void, Never>]?>([])
    /// The calls of the connection of this moment; nil while not connected.
    private let current = Mutex<PendingCalls?>(nil)

    /// A connection of `host`'s apps to the daemon at `socketPath`; `run()` connects, and reconnects after `backoff` when the daemon goes away.
    public init(
        host: IntentHost, socketPath: String, registration: Registration = .preferDeclared, logger: Logger,
        backoff: (initial: Duration, maximum: Duration) = (.milliseconds(100), .seconds(5))
    ) {
        self.host = host
        self.socketPath = socketPath
        self.registration = registration
        self.logger = logger
        self.backoff = backoff
    }

    /// Returns once every app has registered for the first time, or been refused by the
    /// daemon (logged as an error).
    public func waitUntilRegistered() async {
        await withCheckedContinuation { continuation in
            let now = registered.withLock { waiters -> Bool in
                guard waiters != nil else { return true }
                waiters?.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Connects and serves until cancelled, reconnecting whenever the connection ends.
    public func run() async throws {
        var delay = backoff.initial
        while !Task.isCancelled {
            do {
                let wasRegistered = Mutex(false)
                defer { if wasRegistered.withLock({ $0 }) { delay = backoff.initial } }
                try await serveOnce { wasRegistered.withLock { $0 = true } }
                logger.notice("daemon closed the connection", metadata: ["socket": "\(socketPath)"])
            } catch is CancellationError {
                return
            } catch {
                logger.debug("cannot serve apps", metadata: ["socket": "\(socketPath)", "error": "\(error)"])
            }
            guard !Task.isCancelled else { return }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, backoff.maximum)
        }
    }

    /// One connection: connect, register, serve until it closes.
    private func serveOnce(onRegistered: @escaping @Sendable () -> Void) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(unixDomainSocketPath: socketPath) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            let (lines, output) = AsyncStream<PendingCalls.Outgoing>.makeStream()
            let calls = PendingCalls(output: output)
            current.withLock { $0 = calls }
            defer { current.withLock { if $0 === calls { $0 = nil } } }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await line in lines {
                        try await outbound.write(ByteBuffer(string: line.text + "\n"))
                        line.written?()
                    }
                }
                group.addTask {
                    try await self.register(calls)
                    onRegistered()
                    self.markRegistered()
                }
                try await readAndDispatch(inbound, calls: calls)
                calls.closeAll()
                output.finish()
                group.cancelAll()
            }
        }
    }

    /// Reads the daemon's lines until it closes the connection: answers go to the calls
    /// waiting for them, each request runs in a handler of its own, a cancel stops one.
    private func readAndDispatch(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>, calls: PendingCalls) async throws {
        try await withThrowingDiscardingTaskGroup { handlers in
            let room = HandlerRoom(capacity: Self.maximumHandlers)
            let running = RunningCalls()
            var framer = LineFramer()
            for try await buffer in inbound {
                framer.append(buffer.readableBytesView)
                while let frame = framer.next() {
                    guard case .line(let line) = frame, let message = try? Message(line: line) else { continue }
                    switch message {
                    case .response(let response): calls.receive(response)
                    case .request(let request):
                        // Past the limit, the next call waits (and the daemon's lines wait in the
                        // socket) until a handler's answer is written: the answers waiting to be
                        // written are bounded too.
                        await room.enter()
                        running.announce(request.id)
                        handlers.addTask {
                            let response = await running.run(request.id) { await self.answer(request) }
                            calls.send(.response(response)) { room.leave() }
                        }
                    case .notification(let notification):
                        if notification.method == Methods.cancelRequest, let raw = notification.params?["id"], let id = RequestID(json: raw) {
                            running.cancel(id)
                        }
                    }
                }
            }
        }
    }

    /// Tells the daemon that the entities of type `E` changed outside the app's own intents (a
    /// sync, another window), so that names route to what exists now: the daemon asks for
    /// them with an `all` query. (After each of the app's intents it asks by itself.) Does
    /// nothing while not connected: an app that registers starts from its entities of then.
    ///
    /// ```swift
    /// try await connection.entitiesChanged(TaskEntity.self)
    /// ```
    public func entitiesChanged<E: AppEntity>(_ type: E.Type) async throws {
        guard let calls = current.withLock({ $0 }) else { return }
        for name in host.entityTypeNames(of: type) {
            _ = try await calls.call(Methods.EntitiesChanged.name, Methods.EntitiesChanged.Parameters(entityType: name).json)
        }
    }

    /// Donates an intent the user performed in the app itself (a button, a menu), with the
    /// values it ran with, as App Intents' `donate()` does: the daemon records it in the
    /// history, marked as donated, and suggests it (docs/memory.md). Does nothing while not
    /// connected. Returns whether the daemon recorded it (false when its history is off).
    ///
    /// ```swift
    /// var intent = AddTask()
    /// intent.title = "buy bread"
    /// try await connection.donate(intent)
    /// ```
    @discardableResult
    public func donate<Intent: AppIntent>(_ intent: Intent, result: JSONValue? = nil) async throws -> Bool {
        guard let calls = current.withLock({ $0 }) else { return false }
        var recorded = false
        for id in host.intentIDs(of: Intent.self) {
            let call = IntentCall(intent: id, parameters: IntentIntrospection.values(of: intent))
            let answer = try await calls.call(Methods.DonateIntent.name, Methods.DonateIntent.Parameters(call: call, result: result).json)
            recorded = recorded || answer["recorded"] == .bool(true)
        }
        return recorded
    }

    private func register(_ calls: PendingCalls) async throws {
        for model in host.models {
            let app = model.definition
            if registration == .preferDeclared {
                do {
                    _ = try await calls.call(Methods.RegisterApp.name, .object([("app", .string(app.id))]))
                    logger.info("app registered (declared by the daemon's phrase files)", metadata: ["app": "\(app.id)"])
                    continue
                } catch let error as RPCError where error.code == .invalidDefinition {
                    // Not declared there: register the definition from code.
                }
            }
            do {
                _ = try await calls.call(Methods.RegisterApp.name, Methods.RegisterApp.Parameters(app: app).json)
                logger.info("app registered", metadata: ["app": "\(app.id)"])
            } catch let refusal as RPCError {
                // The daemon refused this app (its id taken, its definition invalid): the
                // host's other apps still register and serve, and the refusal is logged
                // for the app's author. (Before, the connection waited silently forever.)
                logger.error(
                    "app not registered: the daemon refused it",
                    metadata: ["app": "\(app.id)", "error": "\(refusal.message)", "data": "\(refusal.data?.serialized ?? "")"])
            }
        }
    }

    private func markRegistered() {
        let waiters = registered.withLock { waiters in
            defer { waiters = nil }
            return waiters ?? []
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Answers one request of the daemon; `-32800` when the daemon cancelled it first.
    func answer(_ request: Request) async -> Response {
        let response = await answerUnlessCancelled(request)
        guard Task.isCancelled else { return response }
        return Response(id: request.id, error: RPCError(.requestCancelled, "Request cancelled"))
    }

    private func answerUnlessCancelled(_ request: Request) async -> Response {
        do {
            switch request.method {
            case Methods.PerformIntent.name:
                let params = try Methods.PerformIntent.Parameters(json: request.params ?? .object([]))
                let reply = await host.perform(params.call, confirmed: params.confirmed, now: params.now)
                return Response(id: request.id, result: reply.json)
            case Methods.QueryEntities.name:
                let query = try Wire.EntityQuery(json: request.params ?? .object([]))
                return Response(id: request.id, result: try await host.query(query).json)
            default:
                throw RPCError(.methodNotFound, "Method not found", data: .object([("method", .string(request.method))]))
            }
        } catch let error as RPCError {
            return Response(id: request.id, error: error)
        } catch {
            return Response(id: request.id, error: RPCError(.internalError, "Internal error", data: .object([("reason", .string("\(error)"))])))
        }
    }
}

extension AppConnection.Registration: Equatable {}

/// The calls this side made and waits on, matched by id.
/// Counts the handlers running at once; `enter()` waits while `capacity` of them run.
final class HandlerRoom: Sendable {
    private let state: Mutex<(running: Int, waiter: CheckedContinuation<Void, Never>?)>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        state = Mutex((0, nil))
    }

    func enter() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                guard state.running >= capacity else {
                    state.running += 1
                    return true
                }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    func leave() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.running -= 1
                return nil
            }
            // The waiting caller takes this handler's place: `running` stays the same.
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }
}

/// The daemon's requests being answered, by id, so that `$/cancelRequest` can cancel one.
///
/// A request is announced as it is read, before its handler starts: a cancel that arrives
/// while the handler waits for a thread (a busy machine, a short time-out) is kept and
/// honoured when it starts, not lost.
final class RunningCalls: Sendable {
    private enum Entry {
        case announced
        case cancelledBeforeStart
        case running(Task<Response, Never>)
    }

    private let entries = Mutex<[RequestID: Entry]>([:])

    /// Records that the request `id` was read and its handler is on its way.
    func announce(_ id: RequestID) { entries.withLock { $0[id] = .announced } }

    /// Runs `answer` as a task of its own that ``cancel(_:)`` can cancel.
    func run(_ id: RequestID, _ answer: @escaping @Sendable () async -> Response) async -> Response {
        let task = Task { await answer() }
        let cancelledBeforeStart = entries.withLock { entries -> Bool in
            defer { entries[id] = .running(task) }
            if case .cancelledBeforeStart = entries[id] { return true }
            return false
        }
        if cancelledBeforeStart { task.cancel() }
        defer { entries.withLock { _ = $0.removeValue(forKey: id) } }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Cancels the request `id`: now when it runs, as it starts when it was only announced.
    /// A request already answered (or never seen) is left alone.
    func cancel(_ id: RequestID) {
        let task = entries.withLock { entries -> Task<Response, Never>? in
            switch entries[id] {
            case .running(let task): return task
            case .announced: entries[id] = .cancelledBeforeStart; return nil
            case .cancelledBeforeStart, nil: return nil
            }
        }
        task?.cancel()
    }
}

final class PendingCalls: Sendable {
    /// A line to write, and what to do once it is written.
    struct Outgoing: Sendable {
        var text: String
        var written: (@Sendable () -> Void)?
    }

    private struct State {
        var nextID = 1
        var waiting: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
        var closed = false
    }

    private let state = Mutex(State())
    private let output: AsyncStream<Outgoing>.Continuation

    init(output: AsyncStream<Outgoing>.Continuation) { self.output = output }

    /// Queues `message`; `written` runs once it is written, or at once when the connection has closed.
    func send(_ message: Message, written: (@Sendable () -> Void)? = nil) {
        if case .terminated = output.yield(Outgoing(text: message.serialized, written: written)) { written?() }
    }

    func call(_ method: String, _ params: JSONValue) async throws -> JSONValue {
        try await withCheckedThrowingContinuation { continuation in
            let id = state.withLock { state -> Int? in
                guard !state.closed else { return nil }
                defer { state.nextID += 1 }
                state.waiting[state.nextID] = continuation
                return state.nextID
            }
            guard let id else {
                continuation.resume(throwing: RPCError(.appDisconnected, "The connection closed"))
                return
            }
            send(.request(Request(id: .number(id), method: method, params: params)))
        }
    }

    func receive(_ response: Response) {
        guard case .number(let id)? = response.id else { return }
        let waiter = state.withLock { $0.waiting.removeValue(forKey: id) }
        switch response.outcome {
        case .success(let result): waiter?.resume(returning: result)
        case .failure(let error): waiter?.resume(throwing: error)
        }
    }

    func closeAll() {
        let waiters = state.withLock { state in
            state.closed = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for waiter in waiters { waiter.resume(throwing: RPCError(.appDisconnected, "The connection closed")) }
    }
}
