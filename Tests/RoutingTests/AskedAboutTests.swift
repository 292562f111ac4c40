import IntentTesting
import Routing
import Testing

/// "what about my expenses": a thing named after "what about" or "how about", read as a
/// request to show it when that only reads.
@Suite struct AskedAboutTests {
    func route(_ utterance: String) -> RouteResult { DemoRouter.shared.route(utterance, now: DemoRouter.now) }

    @Test(arguments: [
        ("what about my expenses", "expenses.showTotal"),
        ("how about my tasks", "tasks.list"),
        ("and what about my workouts", "fitness.listWorkouts"),
    ])
    func aThingAskedAboutIsShown(utterance: String, intent: String) {
        let result = route(utterance)
        #expect(result.intent?.id == intent)
        #expect(result.utterance == utterance)
    }

    /// What no app shows stays not understood.
    @Test(arguments: ["how about a pizza", "what about the weather", "what about"])
    func nothingIsDoneByAsking(utterance: String) {
        #expect(route(utterance).intent == nil)
    }
}
