import Foundation
import IntentModel
import IntentTesting
import Testing

/// The real `intentd serve` binary under real signals and systemd socket activation, driven
/// by Scripts/serve_lifecycle.py (which prints what it saw as one JSON object).
@Suite(.serialized)
struct ServeLifecycleTests {
    func drive(_ scenario: String, _ extra: [String] = []) async throws -> JSONValue {
        try await runScenarioScript("serve_lifecycle.py", scenario, extra)
    }

    @Test(arguments: ["SIGTERM", "SIGINT"])
    func shutdownLetsTheCallInFlightFinishAndRemovesTheSocket(_ signal: String) async throws {
        let seen = try await drive("shutdown", [signal])
        #expect(seen["registered"] == .bool(true))
        #expect(seen["method"]?.stringValue == "intent.perform")
        #expect(seen["shuttingDown"] == .bool(true), "the daemon never logged that it was shutting down")
        // The app answered once the daemon was shutting down; the client still got the result.
        #expect(seen["reply"]?["result"]?["status"]?.stringValue == "done", "\(seen)")
        #expect(seen["reply"]?["result"]?["result"]?["dialog"]?.stringValue == "Done waiting")
        #expect(seen["exit"] == .number(0))
        #expect(seen["socketFileRemoved"] == .bool(true))
    }

    @Test func sighupKeepsTheOldPhrasesWhenTheNewOnesHaveErrors() async throws {
        let seen = try await drive("reload")
        #expect(seen["before"]?.stringValue == "tasks.add")
        #expect(seen["afterBrokenFile"]?.stringValue == "tasks.add")
        #expect(seen["afterChange"]?.stringValue == "tasks.add")  // "frobnicate {title}" was added
        #expect(seen["exit"] == .number(0))
        let log = seen["log"]?.stringValue ?? ""
        #expect(log.contains("phrase files not reloaded: they have errors; keeping the old ones"))
        #expect(log.contains("tasks.yaml:38:10: error: invalid YAML"))
        #expect(log.contains("phrase files reloaded"))
    }

    /// Started from the phrase cache (which keeps no reads of the files), the daemon reads
    /// its files in the background; its first SIGHUP then reads again only the one changed.
    @Test func aDaemonStartedWarmReadsAgainOnlyTheChangedFileOnItsFirstSighup() async throws {
        let seen = try await drive("warm-reload")
        #expect(seen["readInBackground"] == .bool(true))
        #expect(seen["afterChange"]?.stringValue == "tasks.add")
        #expect(seen["exit"] == .number(0))
        let log = seen["log"]?.stringValue ?? ""
        #expect(log.contains("phrase files read from the cache"), "\(log)")
        #expect(log.contains("files read again; only the apps that changed") && log.contains("the phrase files changed; 1 of "), "\(log)")
    }

    @Test func socketActivationServesTheInheritedSocketAndLeavesItsFile() async throws {
        let seen = try await drive("activation")
        #expect(seen["intent"]?.stringValue == "tasks.add")
        #expect(seen["exit"] == .number(0))
        #expect(seen["socketFileKept"] == .bool(true))
    }
}
