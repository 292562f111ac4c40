import Daemon
import DemoApps
import Foundation
import IntentSDK
import Logging
import Phrases
import Routing
import ServiceLifecycle

/// The ten demo apps (Examples/DemoApps) served inside this process on the socket of a
/// daemon that also runs here: `intentd serve --demo`, and the private daemon of
/// `intentd repl` and `intentd run` when they are not given `--connect`. The apps speak
/// the same socket protocol as any other app, so nothing in the daemon knows they are local.
final class DemoAppsService: Service, Sendable {
    let daemon: Daemon
    let connection: AppConnection

    private init(daemon: Daemon, connection: AppConnection) {
        self.daemon = daemon
        self.connection = connection
    }

    /// The ids of the demo apps, which `serve --demo` waits for before it answers clients.
    static var appIDs: Set<String> { Set(DemoApps.all.map { $0.id }) }

    /// Extracts the demo apps' definitions; they connect once `daemon` listens.
    static func make(for daemon: Daemon, logger: Logger) async -> DemoAppsService {
        let host = await IntentHost(apps: DemoApps.all)
        let connection = AppConnection(host: host, socketPath: daemon.configuration.socketPath, logger: logger)
        return DemoAppsService(daemon: daemon, connection: connection)
    }

    /// Serves the apps (reconnecting if the connection drops) until a graceful shutdown.
    func run() async throws {
        await daemon.waitUntilListening()
        try await cancelWhenGracefulShutdown { try await self.connection.run() }
    }

    /// Returns once every demo app has registered with the daemon.
    func waitUntilRegistered() async { await connection.waitUntilRegistered() }

    /// The services of a daemon serving the demo apps, in start order. A service group stops
    /// its services in reverse order, so the apps stay connected while the daemon lets the
    /// calls in flight finish.
    static func services(daemon: Daemon, apps: DemoAppsService, reloader: Bool) -> [ServiceGroupConfiguration
        .ServiceConfiguration]
    {
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: apps), .init(service: daemon)]
        if reloader { services.append(.init(service: PhraseReloader(daemon: daemon))) }
        return services
    }
}

enum DemoHosting {
    /// Runs a private daemon with the demo apps on a fresh socket, waits until the apps have
    /// registered, runs `body` with the socket path, then stops the daemon (which removes
    /// the socket file). `phrases`: the files of `phrasePaths` already loaded, not read again.
    static func withPrivateDaemon<R: Sendable>(
        phrasePaths: [String], phrases: CompiledPhrases? = nil, preferences: SchemaPreferences = SchemaPreferences(),
        history: HistoryOptions? = nil, logger: Logger,
        _ body: @Sendable (String) async throws -> R
    ) async throws -> R {
        var configuration = DaemonConfiguration(socketPath: privateSocketPath(), phrasePaths: phrasePaths)
        configuration.phraseCache = .intentd
        configuration.preferences = preferences
        // The demo apps forget everything on exit, so by default their history goes with
        // them: a folder of this run's own, removed at the end.
        var temporaryState: String?
        if let history, !history.noHistory {
            configuration.historyRetention = history.retention
            if let given = history.stateDir {
                configuration.stateDirectory = given
            } else {
                let folder = NSTemporaryDirectory() + "intentd-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
                configuration.stateDirectory = folder
                temporaryState = folder
            }
        }
        defer { if let temporaryState { try? FileManager.default.removeItem(atPath: temporaryState) } }
        let daemon = phrases.map { Daemon(configuration: configuration, phrases: $0, logger: logger) } ?? Daemon(configuration: configuration, logger: logger)
        let apps = await DemoAppsService.make(for: daemon, logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: DemoAppsService.services(daemon: daemon, apps: apps, reloader: false), logger: logger))
        return try await withThrowingTaskGroup(of: Void.self, returning: R.self) { tasks in
            tasks.addTask { try await group.run() }
            await daemon.waitUntilListening()
            await apps.waitUntilRegistered()
            let result: Result<R, any Error>
            do {
                result = .success(try await body(configuration.socketPath))
            } catch {
                result = .failure(error)
            }
            await group.triggerGracefulShutdown()
            try? await tasks.waitForAll()
            return try result.get()
        }
    }

    /// `$XDG_RUNTIME_DIR/intentd-front-PID.sock`, else `/tmp/intentd-front-UID-PID.sock`.
    static func privateSocketPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let pid = getpid()
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            let path = "\(runtime)/intentd-front-\(pid).sock"
            if path.utf8.count <= 107, FileManager.default.isWritableFile(atPath: runtime) { return path }
        }
        return "/tmp/intentd-front-\(getuid())-\(pid).sock"
    }
}
