#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the daemon's socket is when nobody says: shared by the daemon, its clients and apps.
public enum SocketPath {
    /// `$XDG_RUNTIME_DIR/intentd.sock`, else `/tmp/intentd-$UID.sock`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/intentd.sock" }
        return "/tmp/intentd-\(getuid()).sock"
    }

    /// What an app connects to: `$INTENTD_SOCKET` (set when the daemon starts the app), else
    /// the default path.
    public static func forApps(environment: [String: String]) -> String {
        if let given = environment["INTENTD_SOCKET"], !given.isEmpty { return given }
        return defaultPath(environment: environment)
    }
}
