import IntentModel
import IntentTesting
import Routing
import Testing

/// Routes the labeled corpora of Corpus/ and holds the router to its accuracy targets.
struct CorpusTests {
    struct Score {
        var total = 0
        var correctIntent = 0
        var parameterChecks = 0
        var parameterMatches = 0
        var misses: [String] = []
    }

    /// The corpus scored as `intentd eval` scores it (``Router/evaluate(_:now:spoken:)``); an
    /// out-of-domain line counts as right when it is rejected.
    func score(_ cases: [CorpusCase], router: Router = DemoRouter.shared, spoken: Bool = false) -> Score {
        let report = router.evaluate(cases, now: DemoRouter.now, spoken: spoken)
        return Score(
            total: report.inDomain + report.outOfDomain, correctIntent: report.correctIntents + report.rejected,
            parameterChecks: report.parameterChecks, parameterMatches: report.parameterMatches, misses: report.misses)
    }

    /// The lines the router takes for some intent, each with the intent and confidence.
    func acceptedLines(_ cases: [CorpusCase], spoken: Bool = false) -> [String] {
        cases.compactMap { item -> String? in
            let result = DemoRouter.shared.route(item.utterance, now: DemoRouter.now, spoken: spoken)
            return result.intent.map { "\(item) → \($0.id) (\(RouteResult.round(result.confidence)))" }
        }
    }

    @Test func demoCorpusIntentAccuracyIsAtLeast95Percent() throws {
        let cases = try CorpusLoader.load("demo-en.jsonl")
        let result = score(cases)
        let accuracy = Double(result.correctIntent) / Double(max(result.total, 1))
        let parameterAccuracy = Double(result.parameterMatches) / Double(max(result.parameterChecks, 1))
        print("demo-en: intent accuracy \(RouteResult.round(accuracy * 100))% of \(result.total), parameters \(RouteResult.round(parameterAccuracy * 100))% of \(result.parameterChecks)")
        print(result.misses.joined(separator: "\n"))
        #expect(accuracy >= 0.95)
        #expect(parameterAccuracy >= 0.90)
    }

    @Test func everyDemoIntentHasTwentyCorpusLines() throws {
        let cases = try CorpusLoader.load("demo-en.jsonl")
        // Hidden intents (the inverses undo performs) have no phrases: nothing to say to reach them.
        for intent in DemoRouter.shared.matcher.intents where intent.appID != "assistant" && intent.isDiscoverable {
            let count = cases.filter { $0.intent == intent.id }.count
            #expect(count >= 20, "\(intent.id) has \(count) corpus lines")
        }
    }

    @Test func noOutOfDomainLineIsAccepted() throws {
        let cases = try CorpusLoader.load("out-of-domain.jsonl")
        #expect(cases.count >= 100)
        let accepted = acceptedLines(cases)
        #expect(accepted.isEmpty, "\(accepted.joined(separator: "\n"))")
    }

    /// The held-out set was written blind, from the demo apps' descriptions only, before the
    /// phrase files were read (Corpus/README.md); it measures what the router makes of phrasing
    /// it was not written next to. 98.3% of intents and 99.1% of parameters when this test was
    /// written (docs/performance.md); the floor is a little below.
    @Test func heldOutCorpusIntentAccuracyIsAtLeast97Percent() throws {
        let cases = try CorpusLoader.load("heldout-en.jsonl")
        let inDomain = cases.filter { $0.intent != nil }
        let result = score(inDomain)
        let accuracy = Double(result.correctIntent) / Double(max(result.total, 1))
        let parameterAccuracy = Double(result.parameterMatches) / Double(max(result.parameterChecks, 1))
        print("heldout-en: intent accuracy \(RouteResult.round(accuracy * 100))% of \(result.total), parameters \(RouteResult.round(parameterAccuracy * 100))% of \(result.parameterChecks)")
        print(result.misses.joined(separator: "\n"))
        #expect(inDomain.count >= 350)
        #expect(accuracy >= 0.97)
        #expect(parameterAccuracy >= 0.97)
        for intent in DemoRouter.shared.matcher.intents where !["mail", "assistant"].contains(intent.appID) && intent.isDiscoverable {
            let count = inDomain.filter { $0.intent == intent.id }.count
            #expect(count >= 5, "\(intent.id) has \(count) held-out lines")
        }
    }

    @Test func noHeldOutOutOfDomainLineIsAccepted() throws {
        let cases = try CorpusLoader.load("heldout-en.jsonl").filter { $0.intent == nil }
        #expect(cases.count >= 100)
        let accepted = acceptedLines(cases)
        #expect(accepted.isEmpty, "\(accepted.joined(separator: "\n"))")
    }

    @Test func chineseCorpus() throws {
        let cases = try CorpusLoader.load("demo-zh.jsonl")
        let result = score(cases)
        print(result.misses.joined(separator: "\n"))
        #expect(Double(result.correctIntent) / Double(max(result.total, 1)) >= 0.9)
    }

    @Test func chineseExamplesOfTheIssue() {
        let add = DemoRouter.shared.route("添加买牛奶到购物清单", now: DemoRouter.now)
        #expect(add.intent?.id == "tasks.add")
        #expect(add.parameter("title") == .string("买牛奶"))
        #expect(add.parameter("list") == .entity(EntityReference(id: "groceries", title: "Groceries")))
        #expect(DemoRouter.shared.route("我还剩几个任务", now: DemoRouter.now).intent?.id == "tasks.count")
    }
}
