import Foundation
import Memory
import NIOCore
import Phrases
import Routing
import Wire

/// How a daemon runs: where it listens, what it loads, its time-outs and who may do what.
public struct DaemonConfiguration: Sendable {
    /// The Unix-domain socket path (at most 107 bytes).
    public var socketPath: String
    /// Phrase folders and files, loaded at start and on SIGHUP.
    public var phrasePaths: [String]
    /// Where compiled phrase files are kept between starts (``PhraseCache``); nil compiles every time.
    public var phraseCache: PhraseCache?
    /// Which app takes a schema several apps adopt (`--prefer mail=mail`).
    public var preferences = SchemaPreferences()
    /// How long an app has to answer `intent.perform` or `entity.query`.
    public var appTimeout: TimeAmount = .seconds(10)
    /// How long an app started with `exec` has to connect and register.
    public var launchTimeout: TimeAmount = .seconds(10)
    /// How long a graceful shutdown (SIGTERM, SIGINT) waits for calls in flight to finish
    /// before it closes the connections.
    public var shutdownGracePeriod: Duration = .seconds(5)
    /// How long a session keeps its pending question without activity.
    public var sessionTimeout: TimeAmount = .seconds(300)
    /// The socket file's mode: 0600, or 0660 when a group may connect.
    public var socketMode: mode_t = 0o600
    /// The group that owns the socket file and whose members count as authenticated
    /// (`requiresAuthentication`), besides the daemon's own user.
    public var groupID: UInt32?
    /// The user whose clients count as authenticated; default the daemon's own.
    public var ownerUID: UInt32 = getuid()
    /// A listening socket inherited from the service manager (systemd socket activation),
    /// used instead of binding `socketPath`; the socket file then belongs to the manager, so
    /// the daemon neither changes its mode nor removes it on exit.
    public var inheritedListener: CInt?
    /// The longest line read, in bytes; longer lines get an error and are skipped.
    public var maximumLineLength: Int = 1 << 20
    /// The most connections served at once. One more is accepted, told why in one error line
    /// (`-32013`) and closed, so a client is never left hanging in the listen queue. The daemon
    /// also lowers it to what its file-descriptor limit allows (raised to the hard limit at start).
    public var maximumConnections: Int = 4096
    /// Apps the daemon waits for before it answers clients (the demo apps of `serve --demo`):
    /// until they have registered, or `readinessTimeout` passed, client requests wait instead
    /// of failing with "app unavailable". Then the daemon tells systemd it is ready.
    public var awaitedApps: Set<String> = []
    public var readinessTimeout: TimeAmount = .seconds(10)
    /// The folder of the memory database (history, donations, the undo journal; docs/memory.md).
    /// Nil records nothing (`--no-history`): then "undo" and suggestions have nothing to go on.
    public var stateDirectory: String?
    /// How much history is kept.
    public var historyRetention = MemoryStore.Retention()

    public init(socketPath: String, phrasePaths: [String]) {
        self.socketPath = socketPath
        self.phrasePaths = phrasePaths
    }

    /// The listening socket systemd passed to this process (`LISTEN_PID` is this process and
    /// `LISTEN_FDS` is 1: file descriptor 3), or nil. Throws when systemd passed several,
    /// which intentd cannot serve. Clears the variables, so children do not inherit them.
    public static func socketFromServiceManager(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(SocketActivationError) -> CInt?
    {
        guard let pid = environment["LISTEN_PID"].flatMap({ Int32($0) }), pid == getpid(),
            let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count > 0
        else { return nil }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        guard count == 1 else { throw SocketActivationError(message: "systemd passed \(count) sockets (LISTEN_FDS); intentd serves one") }
        let descriptor: CInt = 3
        var type: CInt = 0
        var length = socklen_t(MemoryLayout<CInt>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &length) == 0, type == CInt(SOCK_STREAM.rawValue) else {
            throw SocketActivationError(message: "file descriptor 3 from systemd is not a stream socket")
        }
        return descriptor
    }

    /// `$XDG_STATE_HOME/intentd`, else `~/.local/state/intentd`.
    public static func defaultStateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/intentd" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/state/intentd"
    }

    /// `$XDG_RUNTIME_DIR/intentd.sock`, else `/tmp/intentd-$UID.sock`.
    public static var defaultSocketPath: String { SocketPath.defaultPath(environment: ProcessInfo.processInfo.environment) }
}

/// Why a socket passed by the service manager cannot be used.
public struct SocketActivationError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
