import IntentModel
import NIOCore
import Synchronization
import Wire

/// One connected peer: a client, an app, or both. Sends lines in order through one writer,
/// and makes calls to the peer (the daemon calling an app) with a time-out each.
///
/// Thread-safe: request handlers of the same connection run concurrently and all send here.
public final class PeerConnection: Sendable {
    /// Unique per daemon run, for logs and app ownership.
    public let id: Int
    /// The peer's credentials, or nil where the platform cannot tell.
    public let credentials: PeerCredentials?
    private let output: AsyncStream<ByteBuffer>.Continuation
    private let eventLoop: any EventLoop
    private let state = Mutex(State())

    private struct State {
        var nextCallID = 1
        var pending: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
        var closed = false
        /// Lines queued and not yet written to the socket (a graceful shutdown waits for them).
        var unwritten = 0
        var outputEnded = false
    }

    init(id: Int, credentials: PeerCredentials?, eventLoop: any EventLoop, output: AsyncStream<ByteBuffer>.Continuation) {
        self.id = id
        self.credentials = credentials
        self.eventLoop = eventLoop
        self.output = output
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// Queues one message for sending.
    func send(_ message: Message) { sendRaw(message.serialized) }

    /// Queues text as it is, with a newline.
    func sendRaw(_ text: String) {
        var buffer = ByteBuffer()
        buffer.writeString(text)
        buffer.writeInteger(UInt8(ascii: "\n"))
        state.withLock { if !$0.outputEnded { $0.unwritten += 1 } }
        output.yield(buffer)
    }

    /// The writer wrote one queued line to the socket.
    func wrote() { state.withLock { $0.unwritten = max(0, $0.unwritten - 1) } }

    /// The writer stopped (the connection closed or a write failed): nothing more is written.
    func outputStopped() {
        state.withLock {
            $0.outputEnded = true
            $0.unwritten = 0
        }
    }

    /// Whether queued lines still wait to be written.
    var hasUnwrittenOutput: Bool { state.withLock { $0.unwritten > 0 } }

    /// Calls `method` on the peer and waits for its result, at most `timeout`.
    ///
    /// Throws `appTimeout` when no answer comes in time, `appDisconnected` when the peer
    /// goes away first, and the peer's own error object when it answers with one.
    func call(_ method: String, params: JSONValue, timeout: TimeAmount) async throws -> JSONValue {
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            defer { state.nextCallID += 1 }
            return state.nextCallID
        }
        guard let id else { throw RPCError(.appDisconnected, "The app disconnected") }
        return try await withCheckedThrowingContinuation { continuation in
            let registered = state.withLock { state in
                guard !state.closed else { return false }
                state.pending[id] = continuation
                return true
            }
            guard registered else {
                continuation.resume(throwing: RPCError(.appDisconnected, "The app disconnected"))
                return
            }
            send(.request(Request(id: .number(id), method: method, params: params)))
            eventLoop.scheduleTask(in: timeout) { [weak self] in
                self?.complete(id, with: .failure(RPCError(.appTimeout, "The app did not answer in time",
                    data: .object([("method", .string(method)), ("timeoutSeconds", .number(Double(timeout.nanoseconds) / 1e9))]))))
            }
        }
    }

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
        let continuation = state.withLock { $0.pending.removeValue(forKey: id) }
        continuation?.resume(with: result.mapError { $0 as any Error })
        return continuation != nil
    }

    /// Fails every call in flight; later calls fail at once.
    func closeCalls() {
        let pending = state.withLock { state in
            state.closed = true
            defer { state.pending = [:] }
            return state.pending
        }
        for continuation in pending.values {
            continuation.resume(throwing: RPCError(.appDisconnected, "The app disconnected before answering"))
        }
    }

    /// Ends the output stream once everything queued is written.
    func finishOutput() { output.finish() }
}
