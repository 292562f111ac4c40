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
        let connection = try RawSocket(path: path)
        _ = connection.writeAll(bytes)
        return try connection.readLines(1)[0]
    }

    /// Invalid UTF-8 is refused with -32700, not repaired with U+FFFD (issue 18).
    @Test func invalidUTF8IsAParseError() async throws {
        try await withDaemon { _, socket in
            let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"route","params":{"utterance":"caf"#.utf8) + [0xFF] + Array("\"}}\n".utf8)
            let response = try await offThePool { try Self.exchange(line, socket: socket) }
            #expect(response == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error","data":{"reason":"invalid UTF-8 in string at byte 69"}}}"#)
        }
    }
}
