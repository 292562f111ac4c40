import IntentModel

/// A span of time: "next week", "from 3 to 5 pm", "july 13-15".
///
/// `end` is exclusive, one grain after the last unit named ("3-5pm" ends at 18:00); `statedEnd`
/// is the end point as spoken (17:00), for callers who show it.
public struct DateRange: Hashable, Sendable {
    public var start: LocalDateTime
    public var end: LocalDateTime
    public var statedEnd: LocalDateTime?
    public init(start: LocalDateTime, end: LocalDateTime, statedEnd: LocalDateTime? = nil) {
        self.start = start
        self.end = end
        self.statedEnd = statedEnd
    }
}
