import Daemon
import Foundation
import IntentTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Bytes no `String` can carry, sent over a plain Unix socket.
struct RawBytesTests {
    /// Writes `bytes` and reads one response line, blocking: run it off the test pool.
    static func exchange(_ bytes: [UInt8], socket path: String) throws -> String {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var response: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1, byte != 0x0A { response.append(byte) }
        return String(decoding: response, as: UTF8.self)
    }

    /// Invalid UTF-8 is refused with -32700, not repaired with U+FFFD (issue 18).
    @Test func invalidUTF8IsAParseError() async throws {
        try await withDaemon { _, socket in
            let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"route","params":{"utterance":"caf"#.utf8) + [0xFF] + Array("\"}}\n".utf8)
            let response = try await offThePool { try Self.exchange(line, socket: socket) }
            #expect(response == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error","data":{"reason":"the line is not valid UTF-8"}}}"#)
        }
    }
}
