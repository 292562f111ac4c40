import IntentModel
import NIOCore
import NIOPosix
import Wire

/// A connection to a running daemon, for clients (`intentd route --connect`) and for apps
/// written in Swift before the SDK: typed calls, and an optional handler for the calls the
/// daemon makes (`intent.perform`, `entity.query`).
///
/// ```swift
/// try await DaemonClient.withConnection(socketPath: path) { client in
///     let route = try await client.call(Methods.Route.self, .init(utterance: "order two tomato soups"))
///     print(route.serialized)
/// }
/// ```
public final class DaemonClient: Sendable {
    private let peer: PeerConnection
    private let channel: any Channel
    /// Responses no call waits for: errors about lines the daemon could not read.
    public let unmatchedResponses: AsyncStream<Response>
    private let unmatched: AsyncStream<Response>.Continuation
    /// How long a call waits for its response.
    public let timeout: TimeAmount

    private init(peer: PeerConnection, channel: any Channel, timeout: TimeAmount) {
        self.peer = peer
        self.channel = channel
        self.timeout = timeout
        (unmatchedResponses, unmatched) = AsyncStream<Response>.makeStream()
    }

    /// Connects, runs `body`, and closes. `handler` answers the daemon's requests.
    public static func withConnection<R: Sendable>(
        socketPath: String, timeout: TimeAmount = .seconds(60),
        handler: (@Sendable (Request) async -> Response)? = nil,
        _ body: @Sendable (DaemonClient) async throws -> R
    ) async throws -> R {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .connect(unixDomainSocketPath: socketPath) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                    return try NIOAsyncChannel<Frame, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, _ in
            let peer = PeerConnection(id: 0, credentials: nil, channel: channel.channel)
            let client = DaemonClient(peer: peer, channel: channel.channel, timeout: timeout)
            return try await withThrowingTaskGroup(of: Void.self, returning: R.self) { group in
                group.addTask {
                    try await withThrowingDiscardingTaskGroup { handlers in
                        defer {
                            peer.closeCalls()
                            client.unmatched.finish()
                        }
                        for try await frame in inbound {
                            guard case .line(let buffer) = frame, let message = try? Message(bytes: buffer.readableBytesView) else { continue }
                            switch message {
                            case .response(let response):
                                if !peer.receive(response) { client.unmatched.yield(response) }
                            case .request(let request):
                                handlers.addTask {
                                    let response = await handler?(request)
                                        ?? Response(id: request.id, error: RPCError(.methodNotFound, "Method not found"))
                                    peer.send(.response(response))
                                }
                            case .notification: break
                            }
                        }
                    }
                }
                let result: R
                do {
                    result = try await body(client)
                } catch {
                    group.cancelAll()
                    throw error
                }
                await peer.waitUntilWritten()
                group.cancelAll()
                return result
            }
        }
    }

    /// Calls a method; throws the daemon's ``RPCError`` when it answers with one.
    public func call(_ method: String, _ params: JSONValue? = nil) async throws -> JSONValue {
        try await peer.call(method, params: params ?? .object([]), timeout: timeout)
    }

    public func call<M: Method>(_ method: M.Type, _ params: M.Parameters) async throws -> M.Result {
        try M.Result(json: try await call(M.name, params.json))
    }

    /// Closes the connection at once, without waiting for calls in flight (as a crash would).
    public func closeNow() {
        channel.close(promise: nil)
    }

    /// Sends text as one line, as is: for testing how the daemon handles bad input.
    public func sendRaw(_ text: String) {
        peer.sendRaw(text)
    }
}
