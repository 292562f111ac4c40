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
/// Examples that start processes in the background (`&`), or need a program intentd does not
/// ship (a speech recognizer, an app package to build), are listed in ``notRun`` with why;
/// an example that is neither run nor listed fails the test, so none goes stale unseen.
struct DocExampleTests {
    struct Command: CustomStringConvertible, Sendable {
        var file: String
        var line: Int
        var text: String
        var expected: [String]
        var description: String { "\(file):\(line): $ \(text)" }
    }

    /// Every `$ command` of every console block, with the output lines written under it.
    static func commands() -> [Command] {
        let files = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.root.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var found: [Command] = []
        for file in files {
            guard let text = try? String(contentsOf: TestPaths.root.appendingPathComponent(file), encoding: .utf8) else { continue }
            var inConsole = false
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                if line.hasPrefix("```") {
                    inConsole = line == "```console"
                    continue
                }
                guard inConsole else { continue }
                if line.hasPrefix("$ ") {
                    found.append(Command(file: file, line: index + 1, text: String(line.dropFirst(2)), expected: []))
                } else if !found.isEmpty {
                    found[found.count - 1].expected.append(line)
                }
            }
        }
        return found
    }

    /// Examples not run here, by their first words, and why.
    static let notRun: [String: String] = [
        "whisper-cli": "needs a speech recognizer (docs/voice.md)",
        "swift run intentd serve": "starts the daemon in the background; ServeLifecycleTests and PythonExampleTests run it",
        "intentd serve": "starts the daemon in the background",
        "swift run intentd route --connect": "talks to a daemon started in the background above it",
        "python3 Examples/python/": "talks to a daemon started in the background (PythonExampleTests runs the Python examples)",
        "swift run --package-path Examples/Greenhouse": "builds the Greenhouse package (GreenhouseTests)",
        "swift run greenhouse": "builds an app package of the reader's",
        "intentd route \"email john about lunch\"": "needs a second mail app (Postbox) installed; SchemaChoiceTests covers it",
        "intentd route --prefer mail=postbox": "needs a second mail app (Postbox) installed; SchemaChoiceTests covers it",
    ]

    static func reasonNotRun(_ command: Command) -> String? {
        notRun.first { command.text.hasPrefix($0.key) }?.value
    }

    @Test func everyExampleIsRunOrSaysWhyNot() {
        let commands = Self.commands()
        #expect(commands.count >= 20, "\(commands.count) examples found")
        let run = commands.filter { Self.reasonNotRun($0) == nil }
        #expect(run.count >= 12, "\(run.map(\.description))")
    }

    @Test(arguments: commands().filter { reasonNotRun($0) == nil })
    func exampleOutputIsWhatTheDocSays(_ command: Command) async throws {
        let binary = try #require(TestPaths.intentdBinary, "build intentd first")
        let script = command.text
            .replacingOccurrences(of: "swift run intentd", with: binary.path)
            .replacingOccurrences(of: "| intentd ", with: "| \(binary.path) ")
            .replacingOccurrences(of: "$ intentd ", with: "$ \(binary.path) ")
        let line = script.hasPrefix("intentd ") ? binary.path + script.dropFirst("intentd".count) : script
        var expected = Self.trimmed(command.expected)
        var typed = ""
        if command.text.hasSuffix("intentd repl") { (typed, expected) = Self.transcript(expected) }
        let output = try await runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", line], input: typed)
        var printed = (output.stdout + output.stderr).components(separatedBy: "\n")
        if printed.last == "" || printed.last == "intentd> " { printed.removeLast() }
        #expect(Self.matches(printed, expected), "\(command)\nprinted:\n\(printed.joined(separator: "\n"))")
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
