import Foundation
import Logging
import Wire

extension AppConnection {
    /// The whole `main` of an app's own executable: serves `apps` over the daemon's socket
    /// until the process is stopped, reconnecting with back-off when the daemon restarts.
    ///
    /// The socket is `socketPath`, else `$INTENTD_SOCKET` (set when the daemon starts the app),
    /// else the daemon's default. Started with `--manifest` as its only argument, the process
    /// prints the apps' phrase-file manifests (docs/phrases.md) and returns instead.
    ///
    /// ```swift
    /// @main struct GreenhouseMain {
    ///     static func main() async throws { try await AppConnection.serve([Greenhouse.self]) }
    /// }
    /// ```
    public static func serve(
        _ apps: [any IntentApp.Type], socketPath: String? = nil, arguments: [String] = CommandLine.arguments,
        logger: Logger = Logger(label: "intentd-app")
    ) async throws {
        let host = await IntentHost(apps: apps)
        if arguments.dropFirst() == ["--manifest"] {
            for definition in host.definitions { print(ManifestWriter.yaml(for: definition), terminator: "") }
            return
        }
        let path = socketPath ?? SocketPath.forApps(environment: ProcessInfo.processInfo.environment)
        logger.info("serving apps", metadata: ["apps": "\(apps.map { $0.id })", "socket": "\(path)"])
        try await AppConnection(host: host, socketPath: path, logger: logger).run()
    }
}
