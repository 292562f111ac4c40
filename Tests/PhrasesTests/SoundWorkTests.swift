import IntentModel
import IntentTesting
import Testing

@testable import Phrases

/// The sound-alike search stops at a fixed amount of work (`Matcher.Weight.soundWork` cells of
/// phone edit distance), so that a long spoken utterance of words no phrase knows costs
/// milliseconds, not most of a second; everyday commands never come near it.
struct SoundWorkTests {
    static let matcher = PhraseCompiler.compile(PhraseLibraryLoader.load(paths: [TestPaths.phrases])).matcher

    /// The work of one spoken match of `text`, and its parses.
    static func spoken(_ text: String) -> (work: Int, parses: [Parse]) {
        let buffers = matcher.scratch.take()
        defer { matcher.scratch.giveBack(buffers) }
        var run = MatchRun(
            matcher: matcher, tokens: TextNormalizer().words(text), spans: [], soundAlike: true, misheardWords: false,
            soundMaximumCost: SoundTolerance.routing.maximumCost, scratch: buffers)
        run.search()
        let parses = run.parses(limit: 5)
        run.giveBack(to: buffers)
        return (run.soundWork, parses)
    }

    @Test func aLongRunOfUnknownWordsStopsAtTheBudget() {
        let words = ["blorvik", "snarfle", "quexion", "drumbly", "zorvat", "mugwump", "tressle", "glimber"]
        let text = (0..<32).map { words[($0 * 5) % words.count] }.joined(separator: " ")
        let (work, parses) = Self.spoken(text)
        // One more first-word row or walk may start just under the budget: well under a
        // tenth of it. Without the budget the search would go on far past it.
        #expect(work >= Matcher.Weight.soundWork)
        #expect(work < Matcher.Weight.soundWork + Matcher.Weight.soundWork / 10)
        #expect(parses.allSatisfy { $0.confidence < 0.5 })
    }

    @Test(arguments: ["what is left in my detox", "booker massage", "and money to my life", "show my turks"])
    func everydayCommandsStayFarBelowTheBudget(_ text: String) {
        let (work, parses) = Self.spoken(text)
        #expect(work < Matcher.Weight.soundWork / 4)
        #expect(!parses.isEmpty)
    }
}
