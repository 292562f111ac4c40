import IntentModel
import IntentTesting
import Routing
import Testing

/// Routes the test split of Corpus/voice-en.jsonl (Whisper transcripts of spoken corpus
/// sentences; Corpus/voice-en.README) as speech and holds the level the sound-alike matching
/// reached. The phone costs and weights were tuned on the other split only.
struct VoiceCorpusTests {
    /// docs/voice.md has the figures (66.3% intent, 99.2% out of domain rejected on
    /// 2026-12-02); the floors sit a little below, so that losing three lines fails. Routing 399 transcripts in a debug build takes a while, so it runs
    /// on a thread of its own, not on the test pool the daemon tests beside it need.
    @Test func testSplitLevels() async throws {
        let cases = try CorpusLoader.load("voice-en.jsonl").filter { $0.fields["split"]?.stringValue == "test" }
        #expect(cases.count >= 350)
        let inDomain = cases.filter { $0.intent != nil }
        let outside = cases.filter { $0.intent == nil }
        #expect(outside.count >= 100)
        let corpus = CorpusTests()
        let (result, accepted) = try await offThePool {
            (corpus.score(inDomain, spoken: true), corpus.acceptedLines(outside, spoken: true))
        }
        let accuracy = Double(result.correctIntent) / Double(max(result.total, 1))
        let rejected = 1 - Double(accepted.count) / Double(outside.count)
        print("voice-en test: intent \(RouteResult.round(accuracy * 100))% of \(result.total); out of domain rejected \(RouteResult.round(rejected * 100))% of \(outside.count)\n" + accepted.joined(separator: "\n"))
        #expect(accuracy >= 0.655)
        #expect(rejected >= 0.98)
    }
}
