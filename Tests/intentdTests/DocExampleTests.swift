import Foundation
import IntentTesting
import Testing

/// The `console` examples of README.md and docs/*.md, run as doctests are: each `$ command`
/// line is run from the repository root with the built `intentd` (`swift run intentd` and
/// `intentd` both mean it), and what it prints must be the lines under it. A line `...`
/// stands for any number of lines, and a line ending in `...` for the rest of that line.
///
/// A REPL transcript (`intentd repl`) is played too: what follows each prompt (`intentd> `,
/// `1-6> `, `yes/no> `) is typed, and the rest is what the REPL must print.
///
/// Examples that need a program intentd does not ship (a speech recognizer, an app package to
/// build) are listed in ``notRun`` with why;
/// an example that is neither run nor listed fails the test, so none goes stale unseen.
struct DocExampleTests {
    struct Command: CustomStringConvertible, Sendable {
        var file: String
        var line: Int
        /// Which console block of all the files it is in: commands of one block may depend on
        /// each other (a daemon started in the background by the first).
        var block: Int
        var text: String
        var expected: [String]
        var description: String { "\(file):\(line): $ \(text)" }
        /// Whether it ends in `&` (before a `# comment`).
        var inBackground: Bool { text.split(separator: "#", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).hasSuffix("&") ?? false }
    }

    /// Every `$ command` of every console block, with the output lines written under it.
    static func commands() -> [Command] {
        let files = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.root.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var found: [Command] = []
        var block = 0
        for file in files {
            guard let text = try? String(contentsOf: TestPaths.root.appendingPathComponent(file), encoding: .utf8) else { continue }
            var inConsole = false
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                if line.hasPrefix("```") {
                    inConsole = line == "```console"
                    if inConsole { block += 1 }
                    continue
                }
                guard inConsole else { continue }
                if line.hasPrefix("$ ") {
                    found.append(Command(file: file, line: index + 1, block: block, text: String(line.dropFirst(2)), expected: []))
                } else if !found.isEmpty {
                    found[found.count - 1].expected.append(line)
                }
            }
        }
        return found
    }

    /// The commands, read once.
    static let all = commands()

    /// Examples not run here, by their first words, and why.
    static let notRun: [String: String] = [
        "whisper-cli": "needs a speech recognizer, which intentd does not ship (docs/voice.md)",
        "swift run intentd serve &": "the Greenhouse walk-through: Examples/Greenhouse/smoke-test.sh builds the app's own package and runs it in CI",
        "swift run --package-path Examples/Greenhouse": "builds the Greenhouse package: Examples/Greenhouse/smoke-test.sh runs it in CI",
        "swift run greenhouse": "builds an app package of the reader's: Examples/Greenhouse/smoke-test.sh does the same in CI",
        "python3 Examples/python/client.py \"water": "talks to the Greenhouse app: Examples/Greenhouse/smoke-test.sh runs it in CI",
    ]

    /// Why `command` is not run: its own reason, or in a session, another command's (a session
    /// whose daemon or app cannot start is not run at all).
    static func reasonNotRun(_ command: Command) -> String? {
        let related = isSession(command.block) ? all.filter { $0.block == command.block } : [command]
        return related.lazy.compactMap { other in notRun.first { other.text.hasPrefix($0.key) }?.value }.first
    }

    /// Whether a block starts something in the background (`&`) or writes a file the next
    /// commands read (`>`): its commands run as a session, in order.
    static func isSession(_ block: Int) -> Bool {
        all.contains { $0.block == block && ($0.inBackground || $0.text.contains(" > ")) }
    }

    @Test func everyExampleIsRunOrSaysWhyNot() {
        let commands = Self.commands()
        #expect(commands.count >= 20, "\(commands.count) examples found")
        let run = commands.filter { Self.reasonNotRun($0) == nil }
        #expect(run.count >= 21, "\(run.map(\.description))")
    }

    /// The shell line that runs `command` with the built intentd.
    static func shellLine(_ command: Command, binary: URL) -> String {
        let script = command.text
            .replacingOccurrences(of: "swift run intentd", with: binary.path)
            .replacingOccurrences(of: "| intentd ", with: "| \(binary.path) ")
        return script.hasPrefix("intentd ") ? binary.path + script.dropFirst("intentd".count) : script
    }

    @Test(arguments: commands().filter { reasonNotRun($0) == nil && !isSession($0.block) })
    func exampleOutputIsWhatTheDocSays(_ command: Command) async throws {
        let binary = try #require(TestPaths.intentdBinary, "build intentd first")
        let line = Self.shellLine(command, binary: binary)
        var expected = Self.trimmed(command.expected)
        var typed = ""
        if command.text.hasSuffix("intentd repl") { (typed, expected) = Self.transcript(expected) }
        let output = try await runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", line], input: typed)
        var printed = (output.stdout + output.stderr).components(separatedBy: "\n")
        if printed.last == "" || printed.last == "intentd> " { printed.removeLast() }
        #expect(Self.matches(printed, expected), "\(command)\nprinted:\n\(printed.joined(separator: "\n"))")
    }

    /// A block that starts a daemon (and an app) in the background, run as a reader would:
    /// each `&` command is started and, when it names a `--socket`, waited for until the
    /// socket exists; each other command is run until it prints what the doc says (an app
    /// started a moment before may not have registered yet), for at most 120 s (a loaded CI
    /// machine once took more than 30); then the background processes are stopped.
    @Test(arguments: Set(commands().filter { reasonNotRun($0) == nil && isSession($0.block) }.map(\.block)).sorted())
    func sessionExampleIsWhatTheDocSays(block: Int) async throws {
        let binary = try #require(TestPaths.intentdBinary, "build intentd first")
        var background: [Process] = []
        // The background processes are stopped without blocking a thread of the pool, also
        // when a command fails.
        var failure: (any Error)?
        do {
            for command in Self.commands().filter({ $0.block == block }) {
                let line = Self.shellLine(command, binary: binary)
                if command.inBackground {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/bin/bash")
                    let foreground = line.split(separator: "#", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces).dropLast()
                    process.arguments = ["-c", "exec " + foreground]
                    process.currentDirectoryURL = TestPaths.root
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    background.append(process)
                    if let socket = Self.socketPath(in: command.text) {
                        let deadline = ContinuousClock.now + .seconds(120)
                        while !FileManager.default.fileExists(atPath: socket), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
                    }
                    continue
                }
                let expected = Self.trimmed(command.expected)
                var printed: [String] = []
                let deadline = ContinuousClock.now + .seconds(120)
                // Tried once more after the deadline, which may pass while this task waits to run.
                while true {
                    let output = try await runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", line])
                    printed = (output.stdout + output.stderr).components(separatedBy: "\n")
                    if printed.last == "" { printed.removeLast() }
                    if Self.matches(printed, expected) || ContinuousClock.now >= deadline { break }
                    try await Task.sleep(for: .milliseconds(200))
                }
                #expect(Self.matches(printed, expected), "\(command)\nprinted:\n\(printed.joined(separator: "\n"))")
            }
        } catch {
            failure = error
        }
        for process in background { await terminateAndWait(process) }
        if let failure { throw failure }
    }

    /// The path after `--socket` in a command line.
    static func socketPath(in text: String) -> String? {
        let words = text.split(separator: " ").map(String.init)
        guard let index = words.firstIndex(of: "--socket"), index + 1 < words.count else { return nil }
        return words[index + 1]
    }

    /// A REPL transcript split into what is typed after each prompt and what the REPL prints:
    /// piped, the typed words are not echoed, so what follows a prompt starts on its line.
    static func transcript(_ lines: [String]) -> (typed: String, printed: [String]) {
        var typed: [String] = []
        var printed: [String] = []
        var prompt: String?
        for line in lines {
            if let range = line.range(of: #"^(intentd|[0-9]+-[0-9]+|yes/no|answer)> "#, options: .regularExpression) {
                typed.append(String(line[range.upperBound...]))
                prompt = String(line[range])
                continue
            }
            if let pending = prompt {
                printed.append(pending + line)
                prompt = nil
            } else {
                printed.append(line)
            }
        }
        return (typed.map { $0 + "\n" }.joined(), printed)
    }

    /// The expected lines without the blank lines that end a block.
    static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Whether `printed` is `expected`, where a line `...` is any number of lines and a line
    /// ending in `...` any line that starts with the rest.
    static func matches(_ printed: [String], _ expected: [String]) -> Bool {
        guard let first = expected.first else { return printed.isEmpty }
        let rest = Array(expected.dropFirst())
        if first.trimmingCharacters(in: .whitespaces) == "..." {
            return (0...printed.count).contains { matches(Array(printed.dropFirst($0)), rest) }
        }
        guard let line = printed.first else { return false }
        let fits = first.hasSuffix("...") ? line.hasPrefix(String(first.dropLast(3))) : line == first
        return fits && matches(Array(printed.dropFirst()), rest)
    }
}
