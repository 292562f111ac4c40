import Foundation
import GRDB
import IntentModel

/// An intent the user is likely to want now, with its typical parameters and why.
public struct Suggestion: Sendable, Equatable {
    public var intent: String
    /// The parameters used most often with it (the newest such set on a tie).
    public var parameters: [String: JSONValue]
    public var score: Double
    /// How many times it was performed or donated in the window looked at.
    public var count: Int
    public var reason: String

    public var json: JSONValue {
        .object([
            ("intent", .string(intent)),
            ("parameters", .object(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
            ("score", .number((score * 1000).rounded() / 1000)),
            ("count", .integer(count)),
            ("reason", .string(reason)),
        ])
    }
}

extension MemoryStore {
    /// How suggestions weigh the history: an action counts less the older it is (halved every
    /// `halfLife`), and more when it was done near this time of day (up to `timeOfDayBoost`
    /// times, within `timeOfDayWindow`). Only the last `window` of history is read.
    public struct SuggestionWeights: Sendable {
        public var halfLife: Duration = .seconds(7 * 86_400)
        public var timeOfDayWindow: Duration = .seconds(90 * 60)
        public var timeOfDayBoost = 3.0
        public var window: Duration = .seconds(90 * 86_400)
        public init() {}
    }

    /// Ranks the intents of `uid`'s history (performed, redone and donated; not the failed or
    /// undone ones) for the moment `now` (local time) at the instant `instant`.
    public func suggestions(
        uid: UInt32?, now: LocalDateTime, at instant: Date = Date(), limit: Int = 5, weights: SuggestionWeights = SuggestionWeights()
    ) async throws -> [Suggestion] {
        let since = instant.timeIntervalSince1970 - Double(weights.window.components.seconds)
        let entries = try await read { db -> [HistoryEntry] in
            var request = HistoryEntry
                .filter(["assistant", "donated", "redo"].contains(Column("source")))
                .filter(Column("outcome") == "done").filter(Column("undoneBy") == nil)
                .filter(Column("time") >= since)
            if let uid { request = request.filter(Column("uid") == Int64(uid)) }
            return try request.order(Column("id").desc).limit(5_000).fetchAll(db)
        }
        let nowMinute = now.hour * 60 + now.minute
        let windowMinutes = Double(weights.timeOfDayWindow.components.seconds) / 60
        let halfLife = Double(weights.halfLife.components.seconds)
        struct Tally {
            var score = 0.0
            var count = 0
            var nearThisTime = 0
            var newest = 0.0
            var parameterCounts: [String: (count: Int, newest: Double)] = [:]
        }
        var tallies: [String: Tally] = [:]
        for entry in entries {
            var tally = tallies[entry.intent, default: Tally()]
            let age = max(0, instant.timeIntervalSince1970 - entry.time)
            var weight = pow(0.5, age / halfLife)
            if let local = LocalDateTime(iso8601: entry.localTime) {
                let minute = local.hour * 60 + local.minute
                let distance = Double(min(abs(minute - nowMinute), 1440 - abs(minute - nowMinute)))
                if distance <= windowMinutes {
                    weight *= 1 + (weights.timeOfDayBoost - 1) * (1 - distance / windowMinutes)
                    tally.nearThisTime += 1
                }
            }
            tally.score += weight
            tally.count += 1
            tally.newest = max(tally.newest, entry.time)
            let key = entry.parameters
            let known = tally.parameterCounts[key] ?? (0, 0)
            tally.parameterCounts[key] = (known.count + 1, max(known.newest, entry.time))
            tallies[entry.intent] = tally
        }
        let ranked = tallies.sorted { ($0.value.score, $1.key) > ($1.value.score, $0.key) }.prefix(max(0, limit))
        return ranked.map { intent, tally in
            let typical = tally.parameterCounts.max { ($0.value.count, $0.value.newest) < ($1.value.count, $1.value.newest) }?.key ?? "{}"
            var parameters: [String: JSONValue] = [:]
            if case .object(let pairs)? = try? JSONValue(parsing: typical) { parameters = Dictionary(pairs, uniquingKeysWith: { _, last in last }) }
            var reason = tally.count == 1 ? "done once" : "done \(tally.count) times"
            reason += ", last \(Self.spokenAge(instant.timeIntervalSince1970 - tally.newest)) ago"
            if tally.count >= 2, tally.nearThisTime * 2 >= tally.count { reason += ", usually around this time of day" }
            return Suggestion(intent: intent, parameters: parameters, score: tally.score, count: tally.count, reason: reason)
        }
    }

    /// "3 minutes", "2 hours", "5 days".
    static func spokenAge(_ seconds: Double) -> String {
        func unit(_ n: Int, _ name: String) -> String { "\(n) \(name)\(n == 1 ? "" : "s")" }
        let s = max(0, Int(seconds))
        if s < 60 { return unit(s, "second") }
        if s < 3600 { return unit(s / 60, "minute") }
        if s < 86_400 { return unit(s / 3600, "hour") }
        return unit(s / 86_400, "day")
    }
}
