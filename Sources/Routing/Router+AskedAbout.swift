import Foundation
import IntentModel

extension Router {
    /// Openers that ask about a thing by name alone: "what about my expenses" after "what's my
    /// balance".
    package static let askingAbout: [[String]] = [["and", "what", "about"], ["and", "how", "about"], ["what", "about"], ["how", "about"]]

    /// "what about my expenses", "how about my workouts": a thing named after an opener that
    /// asks, read as a request to show it ("show my expenses"). Taken only when that reaches an
    /// intent that only reads: asking about a thing never changes it ("how about a pizza" is no
    /// order). The daemon reads such words as a follow-up of the last request first ("what
    /// about saturday" after a look at Friday's events).
    func askedAbout(_ utterance: String, words: [String], now: LocalDateTime?, timeZone: TimeZone, spoken: Bool) -> RouteResult? {
        guard let opener = Self.askingAbout.first(where: { words.count > $0.count && words.starts(with: $0) }) else { return nil }
        let shown = "show " + words.dropFirst(opener.count).joined(separator: " ")
        let tokens = normalizer.tokens(shown)
        var result = routeAsSaid(shown, tokens: tokens, words: tokens.map(\.text), now: now, timeZone: timeZone, spoken: spoken)
        guard result.status != .notUnderstood, result.parts.isEmpty, result.intent?.effect == .readOnly else { return nil }
        result.utterance = utterance
        result.explanation.steps.insert(.text("asked about by name: read as '\(shown)'"), at: 0)
        return result
    }
}
