import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells the service manager how the daemon is doing, as `sd_notify(3)` does: with
/// `Type=notify`, systemd starts the units that need intentd only once it sent `READY=1`.
enum ServiceManagerNotification {
    /// Sends `state` ("READY=1", "STOPPING=1") to `$NOTIFY_SOCKET`; false when there is none
    /// (not started by systemd) or it cannot be reached.
    @discardableResult
    static func send(_ state: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return false }
        #if canImport(Glibc)
            let datagram = Int32(SOCK_DGRAM.rawValue)
        #else
            let datagram = SOCK_DGRAM
        #endif
        let descriptor = socket(AF_UNIX, datagram, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        // "@name" is a socket in the abstract namespace: a leading NUL byte.
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                message.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, 0, address, length) }
            }
        }
        return sent == message.count
    }
}
