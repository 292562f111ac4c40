import IntentModel

/// Reads spans of time: "from 3 to 5 pm", "next weekend", "july 13-15", "this week".
struct DateRangeReader {
    let context: ResolutionContext

    func read(_ text: String) -> DateRange? { nil }
}
