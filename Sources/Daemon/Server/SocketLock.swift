#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes sure one daemon serves a socket path: an exclusive `flock` on `PATH.lock`, held for
/// the daemon's life, and a check of what is at `PATH` before binding it.
///
/// A second `intentd serve --socket SAME` is refused while the first runs (it never deletes
/// the live daemon's socket, which would leave it unreachable); a socket left by a daemon that died is
/// replaced; a symbolic link or any other file at the path is refused, never followed.
struct SocketLock: ~Copyable {
    /// Why the daemon cannot take the path, in one sentence for the command line.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32

    /// Takes the lock and clears a stale socket at `path`, or refuses.
    init(socketPath path: String) throws(Refusal) {
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw Refusal(description: "Cannot open the lock file '\(lockPath)': \(String(cString: strerror(errno))).")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw Refusal(description: "Another intentd is already serving '\(path)' (it holds '\(lockPath)'); stop it first or pass another --socket.")
        }
        do {
            try Self.clearStaleSocket(at: path)
        } catch {
            close(fd)
            throw error
        }
        descriptor = fd
    }

    /// Removes a socket no daemon answers on; refuses anything else that is at `path`.
    private static func clearStaleSocket(at path: String) throws(Refusal) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }  // nothing there
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            throw Refusal(description: "'\(path)' is a symbolic link; intentd will not follow or replace it. Remove it or pass another --socket.")
        case S_IFSOCK:
            if answers(path) {
                throw Refusal(description: "Another daemon is answering on '\(path)'; stop it first or pass another --socket.")
            }
            unlink(path)
        default:
            throw Refusal(description: "'\(path)' exists and is not a socket; intentd will not replace it. Remove it or pass another --socket.")
        }
    }

    /// Whether something accepts connections on the Unix socket at `path`.
    private static func answers(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0
    }

    deinit { close(descriptor) }
}
