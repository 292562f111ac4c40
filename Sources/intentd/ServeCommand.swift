import ArgumentParser
import Daemon
import Foundation
import Logging
import NIOCore
import Phrases
import ServiceLifecycle

/// `intentd serve`: the daemon. Listens on a Unix-domain socket; see docs/protocol.md.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the daemon: route, run and dispatch intents over a Unix-domain socket.",
        discussion: """
            Speaks JSON-RPC 2.0, one object per line (docs/protocol.md). SIGTERM and SIGINT stop it \
            cleanly and remove the socket file; SIGHUP reloads the phrase files (keeping the old ones \
            when the new ones have errors). With --demo, the ten demo apps run in the same process and \
            register over the socket like any other app.
            """)

    @Option(help: "The socket path. Default: $XDG_RUNTIME_DIR/intentd.sock, else /tmp/intentd-$UID.sock.")
    var socket: String?

    @OptionGroup var phrases: PhraseOptions

    @OptionGroup var preferences: PreferenceOptions

    @Option(help: "A group whose members may connect (socket mode 0660) and count as authenticated.")
    var group: String?

    @Option(help: "Seconds an app has to answer a call.")
    var appTimeout: Double = 10

    @Option(help: "Seconds a session keeps its pending question.")
    var sessionTimeout: Double = 300

    @Option(help: "Seconds SIGTERM or SIGINT waits for calls in flight before closing connections.")
    var shutdownGrace: Double = 5

    @OptionGroup(title: "History") var history: HistoryOptions

    @Flag(help: "Serve the ten demo apps from this process too (Examples/DemoApps).")
    var demo = false

    @Option(help: "Log level.")
    var logLevel: Logger.Level = .info

    func run() async throws {
        bootstrapLogging(level: logLevel)
        let logger = Logger(label: "intentd")
        let path = socket ?? DaemonConfiguration.defaultSocketPath
        guard path.utf8.count <= 107 else {
            throw ValidationError("The socket path '\(path)' is longer than 107 bytes, the limit of Unix-domain sockets.")
        }
        var configuration = DaemonConfiguration(socketPath: path, phrasePaths: try phrases.resolvedPaths())
        do {
            configuration.inheritedListener = try DaemonConfiguration.socketFromServiceManager()
        } catch {
            throw ValidationError("Socket activation: \(error)")
        }
        configuration.phraseCache = .intentd
        let (phrases, source) = CompiledPhrases.load(paths: configuration.phrasePaths, cache: configuration.phraseCache)
        logger.debug("phrase files \(source)")
        configuration.preferences = try preferences.resolved(for: phrases.library, strictApps: false)
        configuration.appTimeout = .milliseconds(Int64(appTimeout * 1000))
        configuration.sessionTimeout = .milliseconds(Int64(sessionTimeout * 1000))
        configuration.shutdownGracePeriod = .milliseconds(Int64(shutdownGrace * 1000))
        configuration.stateDirectory = history.persistentDirectory
        configuration.historyRetention = history.retention
        if let group {
            guard let entry = getgrnam(group) else { throw ValidationError("Unknown group '\(group)'.") }
            configuration.groupID = entry.pointee.gr_gid
            configuration.socketMode = 0o660
        }
        // With --demo, clients are answered once the demo apps have registered.
        if demo { configuration.awaitedApps = DemoAppsService.appIDs }
        let daemon = Daemon(configuration: configuration, phrases: phrases, logger: logger)
        let services: [ServiceGroupConfiguration.ServiceConfiguration]
        if demo {
            let apps = await DemoAppsService.make(for: daemon, logger: Logger(label: "intentd.demo-apps"))
            services = DemoAppsService.services(daemon: daemon, apps: apps, reloader: true)
        } else {
            services = [.init(service: daemon), .init(service: PhraseReloader(daemon: daemon))]
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await group.run()
    }
}
