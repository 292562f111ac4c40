import IntentModel
import IntentTesting
import Routing
import Testing

/// When no phrase parses, the router may still take the intent whose phrases share most of
/// the utterance's words, but only when the utterance names that intent's app.
struct WordOverlapFallbackTests {
    let router = DemoRouter.shared

    @Test func ramblingRequestThatNamesTheAppReachesItsIntent() {
        let result = router.route("hey mighty tasks hows my list looking how many left", now: DemoRouter.now)
        #expect(result.intent?.id == "tasks.count")
        #expect(result.status == .complete)
        #expect(result.explanation.resolverSteps.first?.hasPrefix("no phrase parses; by word overlap") == true)
    }

    /// The app's name may hold phrase words ("task list"): only its mention is set aside.
    @Test func wordsOfTheAppsNameElsewhereStillCount() {
        let result = router.route("How many tasks remain on my task list?", now: DemoRouter.now)
        #expect(result.intent?.id == "tasks.count")
        #expect(result.explanation.resolverSteps.first?.hasPrefix("no phrase parses; by word overlap") == true)
    }

    @Test func requiredParametersOfAFallbackAreMissing() {
        let result = router.route("bank app, move some money over to someone", now: DemoRouter.now)
        #expect(result.explanation.resolverSteps.first?.hasPrefix("no phrase parses") == true)
        #expect(result.intent?.id == "bank.transferMoney")
        #expect(result.status == .incomplete)
        #expect(result.missing == ["amount", "recipient"])
    }

    @Test(arguments: [
        "what day is it today",  // calendar words, no app named
        "how much battery do i have",
        "mighty tasks",  // the app alone asks for nothing in particular
        "tell mighty tasks a joke about the weather in paris",
        "order tickets from my bank",  // one word shared besides the app's name
    ])
    func withoutAClearWinnerItStaysNotUnderstood(_ utterance: String) {
        let result = router.route(utterance, now: DemoRouter.now)
        #expect(result.status == .notUnderstood, "\(utterance) → \(result.intent?.id ?? "-")")
        #expect(result.intent == nil)
    }

    @Test func rankingPrefersRareSharedWords() {
        let ranked = router.matcher.rankByWordOverlap(["how", "many", "tasks", "are", "left"])
        #expect(ranked.first?.intent.id == "tasks.count")
        #expect(ranked.count <= 3)
        #expect(router.matcher.rankByWordOverlap([]).isEmpty)
        #expect(router.matcher.rankByWordOverlap(["zzzq", "blorvikt"]).isEmpty)
    }

    /// One intent's shared words, counted without ranking every intent, agree with the ranking's.
    @Test func oneIntentsSharedWordsAgreeWithTheRanking() {
        for words in [["how", "many", "tasks", "are", "left", "tasks", "um"], ["send", "money", "to", "my", "bank"], ["zzzq"]] {
            for ranked in router.matcher.rankByWordOverlap(words, limit: .max) {
                #expect(router.matcher.wordsShared(words, withIntent: ranked.intent.id) == ranked.words, "\(words) \(ranked.intent.id)")
            }
        }
        #expect(router.matcher.wordsShared(["how", "many", "tasks"], withIntent: "no.suchIntent") == 0)
        #expect(router.matcher.wordsShared([], withIntent: "tasks.count") == 0)
    }
}
