import IntentModel
import NIOCore
import Synchronization
import Wire

/// One connected peer: a client, an app, or both. Writes lines to its channel, in the order
/// each sender sends them, and makes calls to the peer (the daemon calling an app) with a
/// time-out each.
///
/// Thread-safe: request handlers of the same connection run concurrently and all send here.
public final class PeerConnection: Sendable {
    /// Unique per daemon run, for logs and app ownership.
    public let id: Int
    /// The peer's credentials, or nil where the platform cannot tell.
    public let credentials: PeerCredentials?
    private let channel: any Channel
    private var eventLoop: any EventLoop { channel.eventLoop }
    private let state = Mutex(State())

    fileprivate struct PendingCall {
        var continuation: CheckedContinuation<JSONValue, any Error>
        var timer: Scheduled<Void>?
    }

    fileprivate struct State {
        var nextCallID = 1
        var pending: [Int: PendingCall] = [:]
        /// Calls cancelled before their continuation was registered.
        var cancelledCalls: Set<Int> = []
        /// This peer's requests that may be cancelled with `$/cancelRequest`, by id.
        var cancellable: [RequestID: [CancelFlag]] = [:]
        var closed = false
        /// Lines queued and not yet written to the socket (a graceful shutdown waits for them).
        var unwritten = 0
        var outputEnded = false
        /// Requests of this peer being handled.
        var requests = 0
        /// The reader, waiting for room before it reads the next line.
        var roomWaiter: CheckedContinuation<Void, Never>?
        /// Waiting for every queued line to be written (the connection is about to close).
        var writtenWaiter: CheckedContinuation<Void, Never>?
    }

    /// At most this many of a peer's requests are handled at once, and at most
    /// `maximumUnwritten` lines wait for it to read them; beyond either the daemon stops
    /// reading from the connection until there is room, so a client that pipelines without
    /// reading holds a bounded share of the daemon (the kernel's socket buffers hold the rest).
    static let maximumRequests = 64
    static let maximumUnwritten = 256

    init(id: Int, credentials: PeerCredentials?, channel: any Channel) {
        self.id = id
        self.credentials = credentials
        self.channel = channel
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// Queues one message for sending.
    func send(_ message: Message) {
        let bytes = message.json.serializedUTF8
        var buffer = channel.allocator.buffer(capacity: bytes.count + 1)
        buffer.writeBytes(bytes)
        buffer.writeInteger(UInt8(ascii: "\n"))
        write(buffer)
    }

    /// Queues text as it is, with a newline.
    func sendRaw(_ text: String) {
        var buffer = channel.allocator.buffer(capacity: text.utf8.count + 1)
        buffer.writeString(text)
        buffer.writeInteger(UInt8(ascii: "\n"))
        write(buffer)
    }

    /// Hands a line straight to the channel, which writes on its event loop in the order lines
    /// reach it: no task of its own stands between a response and the socket.
    private func write(_ buffer: ByteBuffer) {
        let ended = state.withLock { state in
            if !state.outputEnded { state.unwritten += 1 }
            return state.outputEnded
        }
        guard !ended else { return }
        channel.writeAndFlush(buffer).whenComplete { result in
            switch result {
            case .success: self.wrote()
            case .failure: self.outputStopped()
            }
        }
    }

    /// One queued line was written to the socket.
    private func wrote() {
        let (room, written) = state.withLock { state in
            state.unwritten = max(0, state.unwritten - 1)
            return (state.takeWaiterIfRoom(), state.takeWaiterIfWritten())
        }
        room?.resume()
        written?.resume()
    }

    /// A request of this peer is being handled.
    func requestStarted() { state.withLock { $0.requests += 1 } }

    /// A request's handling ended (its response is queued).
    func requestFinished() {
        let waiter = state.withLock { state in
            state.requests -= 1
            return state.takeWaiterIfRoom()
        }
        waiter?.resume()
    }

    /// Returns once the peer has room for another request (see ``maximumRequests``).
    func waitForRoom() async {
        // Most of the time there is room: no continuation is made.
        if state.withLock({ $0.hasRoom }) { return }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                guard !state.hasRoom else { return true }
                state.roomWaiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// A write failed (the connection closed): nothing more is written.
    private func outputStopped() {
        let (room, written) = state.withLock { state in
            state.outputEnded = true
            state.unwritten = 0
            return (state.takeWaiterIfRoom(), state.takeWaiterIfWritten())
        }
        room?.resume()
        written?.resume()
    }

    /// Returns once every line queued so far is written (or can no longer be): then the
    /// connection can close without losing a response.
    func waitUntilWritten() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                guard state.unwritten > 0, !state.outputEnded else { return true }
                state.writtenWaiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Lines queued and not yet written.
    var unwrittenCount: Int { state.withLock { $0.unwritten } }

    /// Whether queued lines still wait to be written.
    var hasUnwrittenOutput: Bool { state.withLock { $0.unwritten > 0 } }

    /// Calls `method` on the peer and waits for its result, at most `timeout`.
    ///
    /// Throws `appTimeout` when no answer comes in time, `appDisconnected` when the peer
    /// goes away first, and the peer's own error object when it answers with one. When the
    /// task is cancelled (a client's `$/cancelRequest`), throws `requestCancelled` at once and
    /// tells the peer with a `$/cancelRequest` notification of its own.
    func call(_ method: String, params: JSONValue, timeout: TimeAmount) async throws -> JSONValue {
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            defer { state.nextCallID += 1 }
            return state.nextCallID
        }
        guard let id else { throw RPCError(.appDisconnected, "The app disconnected") }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let refusal: RPCError? = state.withLock { state in
                    if state.closed { return RPCError(.appDisconnected, "The app disconnected") }
                    if state.cancelledCalls.remove(id) != nil { return Self.cancelled }
                    state.pending[id] = PendingCall(continuation: continuation)
                    return nil
                }
                if let refusal {
                    continuation.resume(throwing: refusal)
                    return
                }
                send(.request(Request(id: .number(id), method: method, params: params)))
                let timer = eventLoop.scheduleTask(in: timeout) { [weak self] () -> Void in
                    let timedOut = RPCError(.appTimeout, "The app did not answer in time",
                        data: .object([("method", .string(method)), ("timeoutSeconds", .number(Double(timeout.nanoseconds) / 1e9))]))
                    // Given up on: the app is told, so that it stops the work nobody waits for.
                    if self?.complete(id, with: .failure(timedOut)) == true { self?.sendCancel(id) }
                }
                // The answer may already be in: then the timer has nothing left to do.
                let stillPending = state.withLock { state in
                    state.pending[id]?.timer = timer
                    return state.pending[id] != nil
                }
                if !stillPending { timer.cancel() }
            }
        } onCancel: {
            let wasPending = state.withLock { state in
                if state.pending[id] == nil { state.cancelledCalls.insert(id) }
                return state.pending[id] != nil
            }
            if wasPending, complete(id, with: .failure(Self.cancelled)) { sendCancel(id) }
        }
    }

    /// Tells the app the daemon gave up on its call `id`.
    private func sendCancel(_ id: Int) {
        send(.notification(Notification(method: Self.cancelMethod, params: .object([("id", .integer(id))]))))
    }

    /// The notification that cancels a request, in both directions (as LSP's).
    public static let cancelMethod = Methods.cancelRequest
    static let cancelled = RPCError(.requestCancelled, "Request cancelled")

    /// Hands a response from the peer to the call waiting for it.
    /// Returns false when no call waits for it (a late answer, or an error about a line without id).
    @discardableResult
    func receive(_ response: Response) -> Bool {
        guard case .number(let id)? = response.id else { return false }
        switch response.outcome {
        case .success(let value): return complete(id, with: .success(value))
        case .failure(let error): return complete(id, with: .failure(error))
        }
    }

    @discardableResult
    private func complete(_ id: Int, with result: Result<JSONValue, RPCError>) -> Bool {
        let call = state.withLock { $0.pending.removeValue(forKey: id) }
        call?.timer?.cancel()
        call?.continuation.resume(with: result.mapError { $0 as any Error })
        return call != nil
    }

    /// Makes request `id` cancellable from now on, before its handling starts: a
    /// `$/cancelRequest` read right after the request (its task not yet running, on a busy
    /// machine) is not lost. Pass the flag to ``cancellable(_:flag:_:)``.
    func registerCancellable(_ id: RequestID) -> CancelFlag {
        let flag = CancelFlag()
        state.withLock { $0.cancellable[id, default: []].append(flag) }
        return flag
    }

    /// Runs `body` (the handling of request `id`, registered with ``registerCancellable(_:)``)
    /// so that a `$/cancelRequest` for `id` from this peer cancels it: `body`'s task is
    /// cancelled, and its calls to apps end at once.
    func cancellable<R: Sendable>(_ id: RequestID, flag: CancelFlag, _ body: @escaping @Sendable () async -> R) async -> R {
        defer {
            state.withLock { state in
                state.cancellable[id]?.removeAll { $0 === flag }
                if state.cancellable[id]?.isEmpty == true { state.cancellable[id] = nil }
            }
        }
        return await withTaskGroup(of: R?.self) { group in
            group.addTask { await body() }
            group.addTask {
                await flag.wait()
                return nil
            }
            var result: R?
            for await value in group {
                group.cancelAll()
                if let value { result = value }
            }
            return result!
        }
    }

    /// `$/cancelRequest` from the peer: cancels its request `id` if it is still being handled.
    func cancelRequest(_ id: RequestID) {
        let flags = state.withLock { $0.cancellable[id] ?? [] }
        for flag in flags { flag.cancel() }
    }

    /// Fails the calls in flight with `error` (the peer sent something no call can be matched
    /// with, a line that is not JSON): they end now instead of at their time-out.
    func failPendingCalls(with error: RPCError) {
        let pending = state.withLock { state in
            defer { state.pending = [:] }
            return state.pending
        }
        for call in pending.values {
            call.timer?.cancel()
            call.continuation.resume(throwing: error)
        }
    }

    /// Fails every call in flight; later calls fail at once.
    func closeCalls() {
        let pending = state.withLock { state in
            state.closed = true
            defer { state.pending = [:] }
            return state.pending
        }
        for call in pending.values {
            call.timer?.cancel()
            call.continuation.resume(throwing: RPCError(.appDisconnected, "The app disconnected before answering"))
        }
    }
}

extension PeerConnection.State {
    var hasRoom: Bool { requests < PeerConnection.maximumRequests && unwritten < PeerConnection.maximumUnwritten }

    mutating func takeWaiterIfRoom() -> CheckedContinuation<Void, Never>? {
        guard hasRoom, let waiter = roomWaiter else { return nil }
        roomWaiter = nil
        return waiter
    }

    mutating func takeWaiterIfWritten() -> CheckedContinuation<Void, Never>? {
        guard unwritten == 0 || outputEnded, let waiter = writtenWaiter else { return nil }
        writtenWaiter = nil
        return waiter
    }
}

/// Set once, by a `$/cancelRequest` or by the end of the request it belongs to; `wait()`
/// returns when it is set or when the waiting task is cancelled.
final class CancelFlag: Sendable {
    private let state = Mutex<(set: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func cancel() {
        let waiter = state.withLock { state in
            state.set = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.set { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            cancel()
        }
    }
}
