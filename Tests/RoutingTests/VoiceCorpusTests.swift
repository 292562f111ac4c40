import IntentModel
import IntentTesting
import Routing
import Testing

/// Routes the test split of Corpus/voice-en.jsonl (Whisper transcripts of spoken corpus
/// sentences; Corpus/voice-en.README) and holds the level the sound-alike matching reached.
/// The phone costs and weights were tuned on the other split only.
struct VoiceCorpusTests {
    let corpus = CorpusTests()

    func testSplit() throws -> [CorpusCase] {
        try CorpusLoader.load("voice-en.jsonl").filter { $0.fields["split"]?.stringValue == "test" }
    }

    /// docs/voice.md has the figures: the floors sit a little below them.
    @Test func testSplitIntentAccuracy() throws {
        let cases = try testSplit()
        #expect(cases.count >= 350)
        let inDomain = cases.filter { $0.intent != nil }
        let result = corpus.score(inDomain, spoken: true)
        let accuracy = Double(result.correctIntent) / Double(max(result.total, 1))
        let parameters = Double(result.parameterMatches) / Double(max(result.parameterChecks, 1))
        print("voice-en test: intent \(RouteResult.round(accuracy * 100))% of \(result.total), parameters \(RouteResult.round(parameters * 100))% of \(result.parameterChecks)")
        #expect(accuracy >= 0.60)
    }

    @Test func testSplitOutOfDomainStaysRejected() throws {
        let outside = try testSplit().filter { $0.intent == nil }
        #expect(outside.count >= 100)
        let accepted = corpus.acceptedLines(outside, spoken: true)
        let rejected = 1 - Double(accepted.count) / Double(outside.count)
        print("voice-en test: out of domain rejected \(RouteResult.round(rejected * 100))% of \(outside.count)\n" + accepted.joined(separator: "\n"))
        #expect(rejected >= 0.95)
    }
}
