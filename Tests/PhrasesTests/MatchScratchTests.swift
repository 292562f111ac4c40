import IntentModel
import IntentTesting
import Testing

@testable import Phrases

/// A match works in the buffers of the matcher's last match (`MatchScratchPool`): nothing of
/// an earlier utterance may show in a later one's parses, however the two differ in length,
/// and matches running at once must not share buffers.
struct MatchScratchTests {
    static let library = PhraseLibraryLoader.load(paths: [TestPaths.phrases])

    static let utterances = [
        "add milk to my groceries list",
        "um could you add buy eggs to the shopping list please",
        "order two large tomato soups",
        "transfer 20 dollars to john tomorrow at 5 pm",
        "open the book the martian",
        "blorvikt zanthe quorple",
        "show my tasks",
    ]

    /// What a parse says, down to its steps' words, to compare matches.
    static func signature(_ parses: [Parse]) -> [String] {
        parses.map { parse in
            "\(parse.intent.id) \(parse.score) \(parse.confidence) " + parse.steps.map(\.description).joined(separator: " | ")
        }
    }

    static func tokens(_ text: String) -> [String] { TextNormalizer().words(text) }

    @Test func aMatchAfterLongerAndShorterOnesIsWhatAFreshMatcherGives() {
        let reused = PhraseCompiler.compile(Self.library).matcher
        let long = Array(repeating: "add milk and eggs to the groceries list", count: 5).joined(separator: " and ")
        // Each utterance after a long one and after every other, on the same matcher.
        for utterance in Self.utterances {
            _ = reused.match(Self.tokens(long), limit: 5)
            for other in Self.utterances { _ = reused.match(Self.tokens(other), limit: 5) }
            let fresh = PhraseCompiler.compile(Self.library).matcher
            #expect(Self.signature(reused.match(Self.tokens(utterance), limit: 5)) == Self.signature(fresh.match(Self.tokens(utterance), limit: 5)))
        }
    }

    @Test func spokenMatchesReuseBuffersToo() {
        let reused = PhraseCompiler.compile(Self.library).matcher
        let heard = ["show my turks", "what is left in my detox", "booker massage"]
        let first = heard.map { Self.signature(reused.match(Self.tokens($0), limit: 5, soundAlike: true)) }
        for utterance in Self.utterances { _ = reused.match(Self.tokens(utterance), limit: 5) }
        let again = heard.map { Self.signature(reused.match(Self.tokens($0), limit: 5, soundAlike: true)) }
        #expect(first == again)
        #expect(first.allSatisfy { !$0.isEmpty })
    }

    @Test func buffersGrownByALongUtteranceAreNotKept() {
        let matcher = PhraseCompiler.compile(Self.library).matcher
        _ = matcher.match(Self.tokens("add milk to my groceries list"), limit: 5)
        #expect(matcher.scratch.keptCount == 1)
        let words = MatchScratchPool.largestKept.words + 10
        let long = Array(repeating: "milk", count: words).joined(separator: " ")
        _ = matcher.match(Self.tokens(long), limit: 5)
        // The short match's buffers were taken for the long one and then dropped.
        #expect(matcher.scratch.keptCount == 0)
        _ = matcher.match(Self.tokens("show my tasks"), limit: 5)
        #expect(matcher.scratch.keptCount == 1)
    }

    @Test func matchesAtOnceGiveWhatMatchesOneAfterAnotherGive() async {
        let matcher = PhraseCompiler.compile(Self.library).matcher
        let expected = Self.utterances.map { Self.signature(matcher.match(Self.tokens($0), limit: 5)) }
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for round in 0..<8 {
                for (index, utterance) in Self.utterances.enumerated() {
                    group.addTask { (index, Self.signature(matcher.match(Self.tokens(utterance), limit: 5))) }
                }
                _ = round
            }
            var all: [(Int, [String])] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8 * Self.utterances.count)
        for (index, signature) in results { #expect(signature == expected[index]) }
        #expect(matcher.scratch.keptCount <= 8)
    }
}
