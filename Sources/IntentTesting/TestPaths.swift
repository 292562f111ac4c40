import Foundation
import IntentModel

/// Where the checkout, its data and the built binary are, for tests.
public enum TestPaths {
    /// The repository root (the folder holding Package.swift).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    public static var phrases: String { root.appendingPathComponent("Phrases").path }
    public static var corpus: URL { root.appendingPathComponent("Corpus") }

    /// The `intentd` executable built next to the running tests.
    public static var intentdBinary: URL? { binary(named: "intentd") }

    /// The `demo-apps` executable (the ten demo apps as one process) built next to the tests.
    public static var demoAppsBinary: URL? { binary(named: "demo-apps") }

    /// An executable product of this package, built next to the running tests.
    public static func binary(named name: String) -> URL? {
        var candidates: [URL] = []
        let argument = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var directory = argument.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent(name))
            directory.deleteLastPathComponent()
        }
        candidates.append(root.appendingPathComponent(".build/debug/\(name)"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
    }
}

/// The result of running a command.
public struct CommandOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the built `intentd` with `arguments`, feeding `input` to its standard input.
public func runIntentd(_ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> CommandOutput {
    guard let binary = TestPaths.intentdBinary else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "intentd binary not built"])
    }
    return try await runProcess(binary, arguments, input: input, environment: environment)
}

/// Runs the program at `executable` from the repository root with `TZ` defaulting to UTC,
/// feeding `input` to its standard input. Keep standard error small: it is read after
/// standard output.
public func runProcess(
    _ executable: URL, _ arguments: [String], input: String = "", environment: [String: String] = [:]
) async throws -> CommandOutput {
    try await offThePool { try runProcessBlocking(executable, arguments, input: input, environment: environment) }
}

/// Runs blocking `work` (waiting for a child process, reading its pipes) on a thread of its
/// own, so that it never holds one of the few threads of Swift's cooperative pool: tests run
/// in parallel on that pool, and a test blocking it for a minute (the voice test) would
/// starve the daemons and clients of the tests beside it.
/// Stops `process` (SIGTERM, then SIGKILL after `grace`) and waits for it to exit without
/// blocking a thread of the concurrency pool: `Process.waitUntilExit` would, and with two
/// threads on a two-core machine, two blocked tests starve every other one.
public func terminateAndWait(_ process: Process, grace: Duration = .seconds(10)) async {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = ContinuousClock.now + grace
    while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
}

public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

/// `runProcess` that blocks the calling thread: only for code that cannot be async, such as a
/// test trait's condition.
public func runProcessBlocking(
    _ executable: URL, _ arguments: [String], input: String = "", environment: [String: String] = [:]
) throws -> CommandOutput {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = TestPaths.root
    var env = ProcessInfo.processInfo.environment
    env["TZ"] = env["TZ"] ?? "UTC"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandOutput(
        status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
}

/// Runs a Python script of Tests/intentdTests/Scripts with the built `intentd`, the demo
/// phrases and a fresh temporary folder (`SCRIPT SCENARIO BINARY PHRASES DIR EXTRA...`), and
/// reads the one JSON object it prints.
public func runScenarioScript(_ script: String, _ scenario: String, _ extra: [String] = []) async throws -> JSONValue {
    try await offThePool { try runScenarioScriptBlocking(script, scenario, extra) }
}

private func runScenarioScriptBlocking(_ script: String, _ scenario: String, _ extra: [String]) throws -> JSONValue {
    guard let binary = TestPaths.intentdBinary else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "intentd binary not built"])
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentd-\(scenario)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        ["python3", TestPaths.root.appendingPathComponent("Tests/intentdTests/Scripts/\(script)").path, scenario, binary.path, TestPaths.phrases, directory.path]
        + extra
    // Files, not pipes: a process the script started and failed to stop would hold a pipe
    // open, and reading it to its end would never return.
    let outputFile = directory.appendingPathComponent("stdout.txt")
    let errorFile = directory.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    let data = (try? Data(contentsOf: outputFile)) ?? Data()
    guard process.terminationStatus == 0 else {
        let problems = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(script) \(scenario) failed: \(problems)\(String(decoding: data, as: UTF8.self))"])
    }
    return try JSONValue(parsing: data)
}
