import Foundation
import Logging
import Synchronization
import Wire

/// Starts apps declared with `exec` when one of their intents is needed, once at a time,
/// and remembers their process ids: only that process (or the daemon's user) may then
/// register under the app's id.
final class AppLauncher: Sendable {
    private let socketPath: String
    private let logger: Logger
    private let processes = Mutex<[String: Process]>([:])

    init(socketPath: String, logger: Logger) {
        self.socketPath = socketPath
        self.logger = logger
    }

    func launchedPID(of appID: String) -> Int32? {
        processes.withLock { $0[appID].map(\.processIdentifier) }
    }

    /// Starts the app unless the process it started last is still running.
    func launch(_ appID: String, command: [String]) throws(RPCError) {
        let running = processes.withLock { $0[appID]?.isRunning ?? false }
        if running { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        var environment = ProcessInfo.processInfo.environment
        environment["INTENTD_SOCKET"] = socketPath
        environment["INTENTD_APP"] = appID
        process.environment = environment
        let logger = logger
        process.terminationHandler = { finished in
            logger.info("app process exited", metadata: ["app": "\(appID)", "status": "\(finished.terminationStatus)"])
        }
        do {
            try process.run()
        } catch {
            logger.error("cannot start app", metadata: ["app": "\(appID)", "command": "\(command.joined(separator: " "))", "error": "\(error)"])
            throw RPCError(.appUnavailable, "App unavailable", data: .object([
                ("app", .string(appID)), ("reason", .string("cannot start \(command.joined(separator: " ")): \(error.localizedDescription)")),
            ]))
        }
        logger.info("app started", metadata: ["app": "\(appID)", "pid": "\(process.processIdentifier)"])
        processes.withLock { $0[appID] = process }
    }

    func registered(_ appID: String) {}

    func terminateAll() {
        let all = processes.withLock { processes in
            defer { processes = [:] }
            return Array(processes.values)
        }
        for process in all where process.isRunning { process.terminate() }
    }
}
