import Foundation
import NIOCore

/// How a daemon runs: where it listens, what it loads, its time-outs and who may do what.
public struct DaemonConfiguration: Sendable {
    /// The Unix-domain socket path (at most 107 bytes).
    public var socketPath: String
    /// Phrase folders and files, loaded at start and on SIGHUP.
    public var phrasePaths: [String]
    /// How long an app has to answer `intent.perform` or `entity.query`.
    public var appTimeout: TimeAmount = .seconds(10)
    /// How long an app started with `exec` has to connect and register.
    public var launchTimeout: TimeAmount = .seconds(10)
    /// How long a session keeps its pending question without activity.
    public var sessionTimeout: TimeAmount = .seconds(300)
    /// The socket file's mode: 0600, or 0660 when a group may connect.
    public var socketMode: mode_t = 0o600
    /// The group that owns the socket file and whose members count as authenticated
    /// (`requiresAuthentication`), besides the daemon's own user.
    public var groupID: UInt32?
    /// The user whose clients count as authenticated; default the daemon's own.
    public var ownerUID: UInt32 = getuid()
    /// The longest line read, in bytes; longer lines get an error and are skipped.
    public var maximumLineLength: Int = 1 << 20

    public init(socketPath: String, phrasePaths: [String]) {
        self.socketPath = socketPath
        self.phrasePaths = phrasePaths
    }

    /// `$XDG_RUNTIME_DIR/intentd.sock`, else `/tmp/intentd-$UID.sock`.
    public static var defaultSocketPath: String {
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/intentd.sock"
        }
        return "/tmp/intentd-\(getuid()).sock"
    }
}
