import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

/// Examples/python, written from docs/protocol.md alone, against a real daemon: the app is
/// declared in a phrase file with `exec`, so the daemon starts it on demand.
@Suite(.serialized) struct PythonExampleTests {
    static let examples = TestPaths.root.appendingPathComponent("Examples/python")

    static func phraseFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intentd-py-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let yaml = """
            language: en
            app:
              id: pynotes
              name: Python Notes
              exec: [python3, \(examples.appendingPathComponent("notes_app.py").path)]
            entities:
              Note:
                title: Note
            intents:
              add:
                title: Add a note
                parameters:
                  text: {type: String, requestValueDialog: What should the note say?}
                phrases:
                  - add a python note [saying] {text}
                  - add a python note
              count:
                title: Count notes
                phrases:
                  - how many python notes [do i have]
              delete:
                title: Delete a note
                parameters:
                  note: Note
                confirmation: Delete the note '${note}'?
                phrases:
                  - delete a python note
            """
        try yaml.write(to: folder.appendingPathComponent("pynotes.yaml"), atomically: true, encoding: .utf8)
        return folder.path
    }

    func client(_ arguments: [String], socket: String) async throws -> (status: Int32, lines: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.examples.appendingPathComponent("client.py").path, "--socket", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        // Read while it runs (a full pipe would block it), then wait for its exit.
        let text = try await offThePool { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        for await _ in exited.stream {}
        return (process.terminationStatus, text.split(separator: "\n").map(String.init))
    }

    @Test func pythonClientRunsAPythonAppStartedOnDemand() async throws {
        let folder = try Self.phraseFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await withDaemon(phrases: [folder]) { _, socket in
            let add = try await client(["--answer", "buy stamps", "add a python note"], socket: socket)
            #expect(add.status == 0)
            #expect(add.lines.count == 2)
            let done = JSONValue.parse(add.lines.last ?? "")
            #expect(done["result"]?["dialog"] == .string("Added 'buy stamps'"))

            let delete = try await client(["--answer", "water", "--answer", "yes", "delete a python note"], socket: socket)
            #expect(delete.status == 0)
            let confirm = JSONValue.parse(delete.lines.dropLast().last ?? "")
            #expect(confirm["question"]?["prompt"] == .string("Delete the note 'water the plants'?"))
            #expect(JSONValue.parse(delete.lines.last ?? "")["result"]?["dialog"] == .string("Deleted"))

            let count = try await client(["how many python notes"], socket: socket)
            #expect(JSONValue.parse(count.lines.last ?? "")["result"]?["value"] == .number(2))

            let route = try await client(["--route", "add a python note saying hello"], socket: socket)
            #expect(JSONValue.parse(route.lines.first ?? "")["parameters"]?["text"] == .string("hello"))
        }
    }

    /// An app declared with `exec` may be served by the process the daemon started, even for
    /// another user's daemon, and by nobody else who is not the daemon's user.
    @Test func execDeclaredAppOnlyFromTheProcessTheDaemonStarted() async throws {
        let folder = try Self.phraseFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The daemon belongs to another user, so this test's own uid is a stranger to it.
        try await withDaemon(phrases: [folder], configure: { $0.ownerUID = getuid() &+ 1 }) { _, socket in
            let impostor = AppDefinition(id: "pynotes", displayName: "Python Notes")
            _ = try await DaemonClient.withConnection(socketPath: socket) { stranger in
                await #expect(throws: RPCError(.appIDTaken, "App id taken", data: .parse("""
                    {"app":"pynotes","reason":"declared in a phrase file; only the daemon's user or the process it started may serve it"}
                    """))) {
                    _ = try await stranger.call(Methods.RegisterApp.self, .init(app: impostor))
                }
            }
            // The daemon starts notes_app.py itself; that process is admitted and answers.
            let count = try await client(["how many python notes"], socket: socket)
            #expect(count.status == 0)
            #expect(JSONValue.parse(count.lines.last ?? "")["result"]?["value"] == .number(2))
        }
    }
}

/// The Python examples say in one line what is wrong, never with a traceback (issue 16).
struct PythonExampleErrorTests {
    @Test(arguments: ["client.py", "notes_app.py"])
    func noDaemonIsOneLine(script: String) async throws {
        let path = PythonExampleTests.examples.appendingPathComponent(script).path
        let arguments = [path, "--socket", "/tmp/intentd-no-such-daemon-\(getpid()).sock"] + (script == "client.py" ? ["how many notes"] : [])
        let result = try await runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments)
        #expect(result.status == 1)
        #expect(!result.stderr.contains("Traceback"), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: cannot reach intentd at /tmp/intentd-no-such-daemon-"), "\(result.stderr)")
    }
}
