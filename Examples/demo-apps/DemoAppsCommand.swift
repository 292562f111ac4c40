import ArgumentParser
import DemoApps
import Foundation
import IntentSDK
import Logging
import Wire

/// `demo-apps`: serves the ten demo apps over the daemon's socket, or prints their manifests.
@main
struct DemoAppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-apps",
        abstract: "Serve intentd's ten demo apps over the daemon's socket, or print their phrase-file manifests.",
        discussion: "Reconnects with back-off when the daemon restarts. SIGINT or SIGTERM stops it.")

    @Option(help: "The daemon's socket. Default: $INTENTD_SOCKET, else $XDG_RUNTIME_DIR/intentd.sock, else /tmp/intentd-$UID.sock.")
    var socket: String?

    @Option(name: .customLong("app"), help: "Serve only these app ids (repeatable). Default: all ten, or $INTENTD_APP.")
    var apps: [String] = []

    @Flag(help: "Register the definitions extracted from the code even when the daemon's phrase files declare the apps.")
    var registerDefinitions = false

    @Option(help: "Print the manifest (phrase file) of this app id and exit.")
    var manifest: String?

    @Option(help: "Log level.")
    var logLevel: Logger.Level = .info

    func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let environment = ProcessInfo.processInfo.environment
        var wanted = apps
        if wanted.isEmpty, let one = environment["INTENTD_APP"], manifest == nil { wanted = [one] }
        if let manifest { wanted = [manifest] }
        let known = DemoApps.all.map { $0.id }
        for id in wanted where !known.contains(id) {
            throw ValidationError("Unknown app '\(id)'. The demo apps are \(known.joined(separator: ", ")).")
        }
        let selected = wanted.isEmpty ? DemoApps.all : DemoApps.all.filter { wanted.contains($0.id) }
        let host = await IntentHost(apps: selected)
        if manifest != nil {
            for definition in host.definitions { print(ManifestWriter.yaml(for: definition), terminator: "") }
            return
        }
        let path = socket ?? SocketPath.forApps(environment: environment)
        let connection = AppConnection(
            host: host, socketPath: path, registration: registerDefinitions ? .definition : .preferDeclared,
            logger: Logger(label: "demo-apps"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await connection.run() }
            group.addTask {
                await Self.waitForSignal()
                throw CancellationError()
            }
            do {
                try await group.next()
            } catch is CancellationError {}
            group.cancelAll()
        }
    }

    /// Returns on SIGINT or SIGTERM.
    static func waitForSignal() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        for await _ in stream { break }
        sources.forEach { $0.cancel() }
    }
}

/// `--log-level`: argument-parser checks it and lists the values in `--help`.
extension Logger.Level: @retroactive ExpressibleByArgument {}
