#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// Who is at the other end of a Unix-domain socket, as the kernel says (SO_PEERCRED).
public struct PeerCredentials: Hashable, Sendable, CustomStringConvertible {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    public var description: String { "pid \(pid) uid \(uid) gid \(gid)" }

    /// This process's own credentials.
    public static var current: PeerCredentials {
        PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid())
    }

    /// Reads SO_PEERCRED on the channel's socket (Linux; elsewhere it fails).
    static func read(from channel: Channel) -> EventLoopFuture<PeerCredentials> {
        #if os(Linux)
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        }
        let future: EventLoopFuture<UCred> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return future.map { PeerCredentials(pid: $0.pid, uid: $0.uid, gid: $0.gid) }
        #else
        return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        #endif
    }

    /// True when the user is `gid`'s member, as its primary group or a supplementary one.
    func isMember(ofGroup gid: UInt32) -> Bool {
        if self.gid == gid { return true }
        guard let passwd = getpwuid(uid), let name = passwd.pointee.pw_name else { return false }
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, passwd.pointee.pw_gid, &groups, &count) < 0 {
            groups = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, passwd.pointee.pw_gid, &groups, &count) >= 0 else { return false }
        }
        return groups.prefix(Int(count)).contains(gid)
    }
}

/// The layout of Linux's `struct ucred` (pid_t, uid_t, gid_t), which Glibc does not export to Swift.
struct UCred: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}
