import Foundation
import IntentTesting
import Testing

/// One daemon per socket path (issue 18): a second `serve` on a live daemon's path is refused
/// and leaves it reachable; a symbolic link or another file at the path is refused, never
/// followed; a socket left by a daemon killed with SIGKILL is replaced.
struct SocketLockTests {
    func socketPath(_ name: String) -> String {
        "/tmp/intentd-lock-\(getpid())-\(name)-\(UUID().uuidString.prefix(6)).sock"
    }

    /// Starts `serve` on `path` and waits for its socket.
    func startDaemon(_ path: String) async throws -> Process {
        let process = Process()
        let binary: URL = try #require(TestPaths.intentdBinary, "intentd is not built")
        process.executableURL = binary
        process.arguments = ["serve", "--socket", path, "--phrases", TestPaths.phrases, "--log-level", "error"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(120)
        while !FileManager.default.fileExists(atPath: path), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return process
    }

    @Test func aSecondDaemonOnTheSamePathIsRefused() async throws {
        let path = socketPath("second")
        let first = try await startDaemon(path)
        defer { first.terminate() }
        let second = try await runIntentd(["serve", "--socket", path, "--phrases", TestPaths.phrases])
        #expect(second.status != 0)
        #expect(second.stderr.contains("Another intentd is already serving '\(path)'"), "\(second.stderr)")
        // The first is still reachable on its socket.
        let routed = try await runIntentd(["route", "--connect", path, "--json", "how many tasks are left"])
        #expect(routed.stdout.contains("tasks.count"), "\(routed.stderr)")
    }

    @Test func aSymbolicLinkAtThePathIsRefused() async throws {
        let path = socketPath("link")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/tmp/intentd-lock-victim-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await runIntentd(["serve", "--socket", path, "--phrases", TestPaths.phrases])
        #expect(result.status != 0)
        #expect(result.stderr.contains("'\(path)' is a symbolic link; intentd will not follow or replace it."), "\(result.stderr)")
    }

    @Test func aFileAtThePathIsRefused() async throws {
        let path = socketPath("file")
        try "precious".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await runIntentd(["serve", "--socket", path, "--phrases", TestPaths.phrases])
        #expect(result.status != 0)
        #expect(result.stderr.contains("exists and is not a socket"), "\(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    }

    @Test func aSocketLeftByAKilledDaemonIsReplaced() async throws {
        let path = socketPath("stale")
        let killed = try await startDaemon(path)
        kill(killed.processIdentifier, SIGKILL)
        await terminateAndWait(killed)
        #expect(FileManager.default.fileExists(atPath: path))
        let next = try await startDaemon(path)
        defer { next.terminate() }
        // The stale file is there from the start: wait until the new daemon answers on it.
        var routed = try await runIntentd(["route", "--connect", path, "--json", "how many tasks are left"])
        let deadline = ContinuousClock.now + .seconds(120)
        while routed.status != 0, next.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            routed = try await runIntentd(["route", "--connect", path, "--json", "how many tasks are left"])
        }
        #expect(routed.stdout.contains("tasks.count"), "\(routed.stderr)")
    }
}
