import Daemon
import Foundation
import IntentModel
import IntentTesting
import Logging
import NIOCore
import ServiceLifecycle
import Wire

/// A real daemon on a temporary socket under /tmp, run under a ServiceGroup and shut down
/// gracefully when `body` returns.
func withDaemon<R: Sendable>(
    phrases: [String] = [],
    configure: @Sendable (inout DaemonConfiguration) -> Void = { _ in },
    _ body: @Sendable (Daemon, String) async throws -> R
) async throws -> R {
    let path = "/tmp/idt-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    var configuration = DaemonConfiguration(socketPath: path, phrasePaths: phrases)
    // Long: on a loaded machine an app (a Python one started on demand, say) can take many
    // seconds to start and answer. The tests of time-outs set their own.
    configuration.appTimeout = .seconds(30)
    configuration.launchTimeout = .seconds(60)
    configure(&configuration)
    var logger = Logger(label: "intentd-test")
    logger.logLevel = .critical
    let daemon = Daemon(configuration: configuration, logger: logger)
    let group = ServiceGroup(configuration: .init(services: [daemon], logger: logger))
    return try await withThrowingTaskGroup(of: Void.self, returning: R.self) { tasks in
        tasks.addTask { try await group.run() }
        await daemon.waitUntilListening()
        do {
            let result = try await body(daemon, path)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return result
        } catch {
            await group.triggerGracefulShutdown()
            try? await tasks.waitForAll()
            throw error
        }
    }
}

/// An app written in the test: connects, registers `definition`, answers the daemon's calls
/// with `handler`, and stays connected while `body` runs (or until the handler asks to hang up).
func withApp<R: Sendable>(
    _ definition: AppDefinition, socket: String, control: AppControl = AppControl(),
    handler: @escaping @Sendable (Request, AppControl) async -> Response,
    _ body: @escaping @Sendable () async throws -> R
) async throws -> R {
    return try await DaemonClient.withConnection(socketPath: socket, handler: { await handler($0, control) }) { app in
        _ = try await app.call(Methods.RegisterApp.self, .init(app: definition))
        return try await withThrowingTaskGroup(of: R?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                await control.waitForHangUp()
                return nil
            }
            var result: R?
            for try await value in group {
                if let value {
                    result = value
                    group.cancelAll()
                    break
                }
                // The app hung up: stop talking to the daemon, let the body finish.
                app.closeNow()
            }
            guard let result else { throw CancellationError() }
            return result
        }
    }
}

/// Lets a test app's handler hang up its connection, as a crashing app would, and lets a test
/// know when a slow call has reached the app and let it go on: tests wait on these events, not
/// on the clock.
final class AppControl: Sendable {
    private let hangUps = AsyncStream<Void>.makeStream()
    private let arrivals = AsyncStream<Void>.makeStream()
    private let releases = AsyncStream<Void>.makeStream()

    init() {}

    func hangUp() { hangUps.continuation.yield() }
    func waitForHangUp() async {
        for await _ in hangUps.stream { return }
    }

    /// Called by the app when a slow call has arrived.
    func arrived() { arrivals.continuation.yield() }
    /// Returns once a slow call has reached the app.
    func waitForArrival() async {
        for await _ in arrivals.stream { return }
    }

    /// Lets the slow call the app holds finish.
    func release() { releases.continuation.yield() }
    /// Holds a slow call until the test releases it, or for at most `limit`.
    func waitForRelease(atMost limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in self.releases.stream { return } }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}

extension JSONValue {
    static func parse(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: text)) ?? .null
    }
}

func result(_ request: Request, _ json: JSONValue) -> Response { Response(id: request.id, result: json) }
