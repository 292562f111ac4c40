import Foundation
import IntentModel
import NIOCore
import Wire

/// A call being put together in a conversation: the intent, the values known so far, and
/// the question the session waits on.
struct PendingCall: Sendable {
    var intent: IntentDefinition
    /// Values in their JSON form, in the order they became known.
    var parameters: [(String, JSONValue)]
    /// Parameters whose words fit several values, from the router.
    var ambiguities: [(name: String, candidates: [Value])] = []
    /// When the router found several intents equally good: their ids, the first is `intent`.
    var intentChoices: [String] = []
    /// When those intents are several apps' adoptions of one schema: each app's reading of
    /// the request, by intent id, taken on when the user picks the app.
    var appReadings: [String: (parameters: [(String, JSONValue)], ambiguities: [(name: String, candidates: [Value])])] = [:]
    /// Entity parameters named by words the router knew no value for, with the name as said;
    /// looked up with the app's string query before anything is asked.
    var unresolved: [(name: String, text: String)] = []
    var confirmed = false
    var question: Question?

    func value(_ name: String) -> JSONValue? { parameters.first { $0.0 == name }?.1 }

    mutating func set(_ name: String, _ value: JSONValue) {
        if let index = parameters.firstIndex(where: { $0.0 == name }) {
            parameters[index].1 = value
        } else {
            parameters.append((name, value))
        }
    }

    mutating func remove(_ name: String) { parameters.removeAll { $0.0 == name } }
}

/// Sessions by id: the pending question of each conversation, dropped after a time of silence.
actor SessionStore {
    private struct Entry {
        var call: PendingCall
        var uid: UInt32?
        var lastUsed: ContinuousClock.Instant
    }

    private var entries: [String: Entry] = [:]
    private let timeout: Duration
    private var issued = 0

    init(timeout: TimeAmount) {
        self.timeout = .nanoseconds(timeout.nanoseconds)
    }

    var count: Int {
        purge()
        return entries.count
    }

    /// A fresh session id (`s-1f3a…`).
    func issue() -> String {
        issued += 1
        return "s-\(issued)-" + UUID().uuidString.prefix(8).lowercased()
    }

    /// The call waiting on a question in `id`, or `sessionExpired`; a session belongs to its user.
    func pending(_ id: String, uid: UInt32?) throws(RPCError) -> PendingCall {
        purge()
        guard let entry = entries[id], entry.uid == uid, entry.call.question != nil else {
            throw RPCError(.sessionExpired, "Session expired", data: .object([
                ("session", .string(id)), ("reason", .string("no pending question: unknown, answered, cancelled or timed out")),
            ]))
        }
        return entry.call
    }

    func save(_ id: String, _ call: PendingCall, uid: UInt32?) {
        purge()
        entries[id] = Entry(call: call, uid: uid, lastUsed: .now)
    }

    func clear(_ id: String) { entries[id] = nil }

    private func purge() {
        let now = ContinuousClock.now
        entries = entries.filter { now - $0.value.lastUsed < timeout }
    }
}
