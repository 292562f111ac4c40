import IntentModel
import IntentTesting
import Routing
import Testing

/// Nothing said is dropped silently: words the reading acted on leaves unused are reported
/// (`ignored` in the route JSON), and they cost it confidence (issue 16).
struct IgnoredWordsTests {
    private func route(_ utterance: String) -> RouteResult { DemoRouter.shared.route(utterance, now: DemoRouter.now) }

    @Test func aValueNoParameterTakesIsReported() {
        let result = route("order two tomato soups on monday")
        #expect(result.intent?.id == "soup.order")
        #expect(result.ignored == ["on monday"], "\(result.json.serialized)")
        #expect(result.json["ignored"] == .array([.string("on monday")]))
        #expect(result.confidence < 0.9)
    }

    /// A transfer takes a date: "on monday" is used, not ignored.
    @Test func aTransferTakesItsDate() {
        let result = route("transfer 30 dollars to john on monday")
        #expect(result.parameter("date") == .date(LocalDateTime(year: 2026, month: 11, day: 23)), "\(result.json.serialized)")
        #expect(result.ignored.isEmpty)
    }

    @Test(arguments: ["add buy milk to my groceries list", "um please show my tasks", "order two tomato soups", "show me the tasks"])
    func fillerAndUsedWordsAreNotReported(utterance: String) {
        let result = route(utterance)
        #expect(result.status == .complete)
        #expect(result.ignored.isEmpty, "\(result.json.serialized)")
        #expect(result.json["ignored"] == nil)
    }

    /// Words skipped are reported as they were written, case and punctuation kept.
    @Test func ignoredWordsAreQuotedAsSaid() {
        let result = route("Order two tomato soups on Monday, OK")
        #expect(result.ignored == ["on Monday"], "\(result.json.serialized)")
    }
}
