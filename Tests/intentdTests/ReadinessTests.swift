import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

#if canImport(Glibc)
    import Glibc
#endif

/// `serve --demo` answers a client that connects the moment the socket appears as if the demo
/// apps had always been there, and tells systemd it is ready once they are (issue 18).
extension ServeDemoTests {
    @Test func aRequestSentAsSoonAsTheSocketExistsReachesItsApp() async throws {
        let binary = try #require(TestPaths.intentdBinary, "intentd is not built")
        let folder = "/tmp/intentd-ready-\(getpid())-\(UUID().uuidString.prefix(6))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/d.sock"
        let notify = try DatagramListener(path: folder + "/notify")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--demo", "--socket", socket, "--phrases", TestPaths.phrases, "--log-level", "error"]
        process.environment = ProcessInfo.processInfo.environment.merging(["NOTIFY_SOCKET": folder + "/notify"]) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let deadline = ContinuousClock.now + .seconds(120)
        while !FileManager.default.fileExists(atPath: socket), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        // Before: -32000 App unavailable {"app": "calendar", "reason": "not connected"}.
        let next = try await DaemonClient.withConnection(socketPath: socket) { client in
            try await client.call(Methods.Run.self, .init(utterance: "what's my next event", now: DemoRouter.now))
        }
        #expect(next.status == .done, "\(next.json.serialized)")
        #expect(next.intent == "calendar.nextEvent")
        let message = try await offThePool { notify.receive() }
        #expect(message == "READY=1")
    }
}

/// A Unix datagram socket that stands in for systemd's notification socket.
final class DatagramListener: Sendable {
    let descriptor: Int32

    init(path: String) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #else
            descriptor = socket(AF_UNIX, SOCK_DGRAM, 0)
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// One datagram, as text (empty after the 120 s time-out).
    func receive() -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }
}
