import IntentModel
import Routing

/// The router over the checkout's Phrases/, compiled once per test process.
public enum DemoRouter {
    public static let shared: Router = Router(phrasesAt: [TestPaths.phrases])

    /// The reference time of the corpora: Sunday 2026-11-22 10:00.
    public static let now = LocalDateTime(year: 2026, month: 11, day: 22, hour: 10)
}
