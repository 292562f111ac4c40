import Foundation
import IntentTesting
import Testing

/// The built `intentd` binary, as a user or a pipe runs it.
struct RouteCommandTests {
    @Test func jsonOutputHasTheDocumentedShape() async throws {
        let output = try await runIntentd(["route", "--json", "--now", "2026-11-22T10:00:00", "add buy bread to my groceries list"])
        #expect(output.status == 0)
        #expect(
            output.stdout == """
                {"utterance":"add buy bread to my groceries list","status":"complete","intent":"tasks.add",\
                "parameters":{"title":"buy bread","list":{"id":"groceries","title":"Groceries"}},"missing":[],\
                "confidence":0.86,"alternatives":[]}

                """)
    }

    /// A name no compiled value matches is shown as said, with what will happen to it.
    @Test func anUnknownNameIsShownAsSaid() async throws {
        let output = try await runIntentd(["route", "open the task buy bread"])
        #expect(
            output.stdout == """
                "open the task buy bread" → tasks.open [incomplete, 80%]
                  task = "buy bread" (no such name known; the app will be asked)
                  missing: task

                """)
    }

    /// A line longer than the word limit gets an error in its place; the lines around it are
    /// still routed, and the exit status says one was refused.
    @Test func aLineTooLongIsRefusedAndTheRestRouted() async throws {
        let long = Array(repeating: "one two three", count: 100).joined(separator: " ")
        let input = "add milk to my groceries list\n\(long)\nwhat is left in mighty tasks\n"
        let output = try await runIntentd(["route", "--json", "--now", "2026-11-22T10:00:00"], input: input)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(output.status == 1)
        #expect(lines.count == 3)
        #expect(lines[1] == #"{"error":{"code":-32012,"message":"Utterance too long","data":{"words":300,"limit":256}}}"#)
        #expect(lines[2].contains(#""intent":"tasks.count""#))
        #expect(output.stderr.contains("The utterance has 300 words; at most 256 are routed."))
    }

    @Test func notUnderstoodIsNullIntent() async throws {
        let output = try await runIntentd(["route", "--json", "what's the weather"])
        let line = output.stdout.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix(#"{"utterance":"what's the weather","status":"notUnderstood","intent":null,"parameters":{},"missing":[]"#))
    }

    @Test func readsStandardInputOneResultPerLineSkippingBlanks() async throws {
        let input = "add milk to my groceries list\n\n   \nwhat is left in mighty tasks\nturn on the lights\n"
        let output = try await runIntentd(["route", "--json", "--now", "2026-11-22T10:00:00"], input: input)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""intent":"tasks.add""#))
        #expect(lines[1].contains(#""intent":"tasks.count""#))
        #expect(lines[2].contains(#""status":"notUnderstood""#))
    }

    @Test func readableSummaryAndExplain() async throws {
        let output = try await runIntentd(["route", "--explain", "--now", "2026-11-22T10:00:00", "remind me to call the bank tomorrow at 5 pm"])
        #expect(output.stdout.hasPrefix(#""remind me to call the bank tomorrow at 5 pm" → tasks.add [complete"#))
        #expect(output.stdout.contains(#"title = "call the bank""#))
        #expect(output.stdout.contains("dueDate = 2026-11-23T17:00:00"))
        #expect(output.stdout.contains("tokens: 0:remind 1:me 2:to"))
        #expect(output.stdout.contains("tagged values:"))
        #expect(output.stdout.contains("phrase \""))
    }

    @Test func badReferenceTimeIsAClearError() async throws {
        let output = try await runIntentd(["route", "--now", "tomorrowish", "hello"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--now"))
    }
}

struct CheckCommandTests {
    @Test func demoPhrasesHaveNoErrors() async throws {
        let output = try await runIntentd(["check"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stderr.contains("11 apps"))
        #expect(!output.stdout.contains("error:"))
    }

    @Test func errorsOfAllFilesAndNonZeroExit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intentd-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = "language: en\napp: {id: tasks}\nintents:\n  add:\n    parameters: {title: String}\n    phrases:\n      - add (a|the task\n"
        let other = "language: en\napp: {id: notes}\nintents:\n  write:\n    parameters: {text: String}\n    phrases:\n      - write {txt}\n"
        try bad.write(to: folder.appendingPathComponent("tasks.yaml"), atomically: true, encoding: .utf8)
        try other.write(to: folder.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        let output = try await runIntentd(["check", folder.path])
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(folder.path)/tasks.yaml:7:13: error: unclosed '(' in phrase \"add (a|the task\""))
        #expect(lines.contains("\(folder.path)/notes.yaml:7:15: error: unknown slot '{txt}' in phrase \"write {txt}\"; notes.write has parameters text; did you mean '{text}'?"))
    }
}

/// `intentd check FILE` checks the file with the shared files of its folder (issue 16).
struct CheckFileTests {
    @Test func aDemoFileAloneHasNoErrors() async throws {
        let result = try await runIntentd(["check", TestPaths.phrases + "/tasks.yaml"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("unknown rule"))
    }
}
