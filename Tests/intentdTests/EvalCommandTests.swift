import Foundation
import IntentModel
import IntentTesting
import Routing
import Testing

/// `intentd eval` scores a corpus as CorpusTests does, and fails a CI job below its floor.
struct EvalCommandTests {
    @Test func theHeldOutCorpusScoresAsCorpusTestsScoresIt() async throws {
        let path = TestPaths.corpus.appendingPathComponent("heldout-en.jsonl").path
        let output = try await runIntentd(["eval", path, "--now", DemoRouter.now.iso8601, "--phrases", TestPaths.phrases, "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let report = try JSONValue(parsing: output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let expected = DemoRouter.shared.evaluate(try CorpusLoader.load("heldout-en.jsonl"), now: DemoRouter.now)
        #expect(report["inDomain"]?.intValue == expected.inDomain)
        #expect(report["correctIntents"]?.intValue == expected.correctIntents)
        #expect(report["parameterMatches"]?.intValue == expected.parameterMatches)
        #expect(report["rejected"]?.intValue == expected.rejected)
        #expect(expected.intentAccuracy >= 0.97)
        let perIntent = report["perIntent"]?.arrayValue ?? []
        #expect(perIntent.contains { $0["intent"] == .string("tasks.add") && $0["lines"]?.intValue == expected.expected["tasks.add"] })
        #expect(report["confusions"]?.arrayValue?.first?["examples"]?.arrayValue?.isEmpty == false)
    }

    @Test func aFloorFailsTheRunAndABadLineSaysWhere() async throws {
        let folder = NSTemporaryDirectory() + "intentd-eval-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = folder + "/mine.jsonl"
        try """
            {"utterance": "how many tasks are left", "intent": "tasks.count", "parameters": {}}
            {"utterance": "add buy bread to my groceries list", "intent": "tasks.add", "parameters": {"title": "buy bread", "list": "groceries"}}
            {"utterance": "what's the weather like", "intent": null}
            {"utterance": "order two tomato soups", "intent": "tasks.count"}
            """.write(toFile: corpus, atomically: true, encoding: .utf8)
        let passing = try await runIntentd(["eval", corpus, "--phrases", TestPaths.phrases, "--min-accuracy", "60"])
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout.contains("intents       66.7%  (2 of 3)"), "\(passing.stdout)")
        #expect(passing.stdout.contains("rejected     100.0%  (1 of 1 out-of-domain lines)"), "\(passing.stdout)")
        #expect(passing.stdout.contains("  tasks.count → soup.order (1): \"order two tomato soups\""), "\(passing.stdout)")
        let failing = try await runIntentd(["eval", corpus, "--phrases", TestPaths.phrases, "--min-accuracy", "80"])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("intent accuracy 66.7% is below --min-accuracy 80.0%"), "\(failing.stderr)")

        try "{\"utterance\": \"fine\", \"intent\": null}\n{\"intent\": \"tasks.count\"}\n".write(toFile: corpus, atomically: true, encoding: .utf8)
        let bad = try await runIntentd(["eval", corpus, "--phrases", TestPaths.phrases])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("mine.jsonl:2: no \"utterance\" string"), "\(bad.stderr)")
    }
}
