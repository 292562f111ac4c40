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
    /// Why a value said for a parameter was not taken (outside its range), said when it is asked for.
    var outOfRange: [String: String] = [:]
    var confirmed = false
    /// Date parameters whose midnight is meant ("at midnight", or a value given explicitly):
    /// a `needsTime` date at 00:00 is otherwise a day said alone, and its time is asked for.
    var midnightMeant: Set<String> = []
    /// Parameters that hold their default (a date of "now"), not a value said: an answer may
    /// still say them ("lunch yesterday" to "What did you spend on?").
    var defaulted: Set<String> = []
    var question: Question?
    /// The reference time the request gave (`now`), for reading answers such as "tomorrow".
    var now: LocalDateTime?
    /// The session turn this call belongs to (``SessionStore``); only the newest may save.
    var turn = 0
    /// The words that asked for it, when it came from an utterance (for the history).
    var utterance: String?
    /// Words of the last answer that were not read ("at starbucks" of "4.50 yesterday at
    /// starbucks" to "How much was it?"): the outcome says so, as a route does.
    var unusedInAnswer: [String] = []
    /// In an utterance of several commands: the commands after this one, performed once it is done.
    var remainingParts: [String] = []
    /// True when the call is one of several commands of one utterance.
    var inSequence = false

    func value(_ name: String) -> JSONValue? { parameters.first { $0.0 == name }?.1 }

    mutating func set(_ name: String, _ value: JSONValue) {
        if let index = parameters.firstIndex(where: { $0.0 == name }) {
            parameters[index].1 = value
        } else {
            parameters.append((name, value))
        }
    }

    mutating func remove(_ name: String) { parameters.removeAll { $0.0 == name } }

    /// Takes on the turn, time and words of the request that asked for this call (an undo,
    /// a redo, a correction), confirmed: the user asked for this very action before.
    mutating func adopt(_ request: PendingCall) {
        turn = request.turn
        now = request.now
        utterance = request.utterance
        confirmed = true
    }
}

/// Sessions by id: the pending question of each conversation, dropped after a time of silence.
///
/// A session is scoped to its user: two users who pick the same id hold two sessions.
/// Each `run`, `perform` or `continue` is a *turn*; only the newest turn of a session may
/// save or clear it, so a slow call that finishes late cannot overwrite or wipe the question
/// a newer request of the same session asked meanwhile.
actor SessionStore {
    private struct Key: Hashable {
        var uid: UInt32?
        var id: String
    }

    private struct Entry {
        var call: PendingCall
        var lastUsed: ContinuousClock.Instant
    }

    private var entries: [Key: Entry] = [:]
    /// What each session's last finished request showed or made, for references ("send it").
    /// `list`: the last list shown, kept while the requests after it pick from it.
    private var recent: [Key: (entities: [EntityReference], listed: Int, list: [EntityReference], at: ContinuousClock.Instant)] = [:]
    /// The calls each session's last request performed (several for an utterance of several
    /// commands) and their history entries, for corrections ("no, tomorrow instead") right after.
    private var performed: [Key: (calls: [(call: PendingCall, entry: Int64?)], at: ContinuousClock.Instant)] = [:]
    /// Sessions performing the parts of one utterance: each part's call joins the others.
    private var inSequence: Set<Key> = []
    /// The newest turn of each session with a call in progress or a question pending, and when it began.
    private var turns: [Key: (turn: Int, began: ContinuousClock.Instant)] = [:]
    private var nextTurn = 1
    /// Sessions dropped for silence, most recent last, to tell "timed out" from "unknown".
    private var timedOut: [Key] = []
    private var timedOutSet: Set<Key> = []
    private var lastPurge: ContinuousClock.Instant
    /// The clock, a parameter so that tests can move time on without waiting.
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let timeout: Duration
    private var issued = 0

    /// At most this many sessions wait on a question; the least recently used is dropped beyond it.
    let capacity: Int
    /// How many timed-out session ids are remembered to say "timed out" rather than "unknown".
    static let timedOutMemory = 4096

    init(timeout: TimeAmount, capacity: Int = 10_000, clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.timeout = .nanoseconds(timeout.nanoseconds)
        self.capacity = capacity
        self.clock = clock
        lastPurge = clock()
    }

    var count: Int {
        purge(force: true)
        return entries.count
    }

    /// A fresh session id: `s-`, a count, `-` and 8 hex digits (`s-12-1f3a9c0b`).
    func issue() -> String {
        issued += 1
        return "s-\(issued)-" + UUID().uuidString.prefix(8).lowercased()
    }

    /// Starts a new turn of session `id` (a `run` or `perform`): drops what it waited on and
    /// returns the turn that later `save` and `finish` calls must carry.
    func begin(_ id: String, uid: UInt32?) -> Int {
        let key = Key(uid: uid, id: id)
        entries[key] = nil
        return startTurn(key)
    }

    /// The call waiting on a question in `id`, taken over by a new turn (a `continue`).
    /// Throws `sessionExpired` when it timed out, `unknownSession` when nothing waits there.
    func pending(_ id: String, uid: UInt32?) throws(RPCError) -> PendingCall {
        purge()
        let key = Key(uid: uid, id: id)
        if let entry = entries[key], clock() - entry.lastUsed >= timeout { expire(key) }
        guard var entry = entries[key], entry.call.question != nil else {
            if timedOutSet.contains(key) {
                throw RPCError(.sessionExpired, "Session expired", data: .object([
                    ("session", .string(id)), ("reason", .string("timedOut")),
                    ("timeoutSeconds", .number(Double(timeout.components.seconds))),
                ]))
            }
            throw RPCError(.unknownSession, "No question pending in this session", data: .object([
                ("session", .string(id)), ("reason", .string("notPending")),
            ]))
        }
        entry.call.turn = startTurn(key)
        entry.lastUsed = clock()
        entries[key] = entry
        return entry.call
    }

    /// The call the session waits on, if any, without starting a turn.
    func waiting(_ id: String, uid: UInt32?) -> PendingCall? {
        guard let entry = entries[Key(uid: uid, id: id)], entry.call.question != nil, clock() - entry.lastUsed < timeout else { return nil }
        return entry.call
    }

    /// Saves the question `call` waits on, unless a newer turn of the session has begun.
    func save(_ id: String, _ call: PendingCall, uid: UInt32?) {
        let key = Key(uid: uid, id: id)
        guard turns[key]?.turn == call.turn else { return }
        purge()
        entries[key] = Entry(call: call, lastUsed: clock())
        if entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
            drop(oldest)
        }
    }

    /// Ends the session's conversation (done, failed or cancelled), unless a newer turn has begun.
    func finish(_ id: String, uid: UInt32?, turn: Int) {
        let key = Key(uid: uid, id: id)
        guard turns[key]?.turn == turn else { return }
        drop(key)
    }

    /// Ends the session's conversation whatever its turn: a session the daemon opened itself
    /// and no client knows of.
    func cancel(_ id: String, uid: UInt32?) { drop(Key(uid: uid, id: id)) }

    /// Remembers the entities a finished request of session `id` showed or made (its result's
    /// first), so that "it", "that one" or "the second one" in the next request can name them.
    /// `listed`: how many of them, first, are a list the result showed ("the last one" is the
    /// last of those). A list is kept while what comes next is one of it: after "show the second
    /// one" of three photos, "open the first one" is the first of the three.
    func remember(_ id: String, uid: UInt32?, entities: [EntityReference], listed: Int = 0) {
        guard !entities.isEmpty else { return }
        let key = Key(uid: uid, id: id)
        var list = listed > 1 ? Array(entities.prefix(listed)) : []
        if list.isEmpty, let previous = recent[key]?.list, let first = entities.first, previous.contains(where: { $0.id == first.id }) {
            list = previous
        }
        recent[key] = (entities, listed, list, clock())
        if recent.count > capacity, let oldest = recent.min(by: { $0.value.at < $1.value.at })?.key { recent[oldest] = nil }
    }

    /// Remembers the call session `id` just performed (and its history entry, when recorded):
    /// alone, or beside the calls of the parts before it in one utterance.
    func rememberPerformed(_ id: String, uid: UInt32?, call: PendingCall, entry: Int64?) {
        let key = Key(uid: uid, id: id)
        var kept = call
        kept.question = nil
        kept.remainingParts = []
        let earlier = inSequence.contains(key) ? performed[key]?.calls ?? [] : []
        performed[key] = (earlier + [(kept, entry)], clock())
        if performed.count > capacity, let oldest = performed.min(by: { $0.value.at < $1.value.at })?.key { performed[oldest] = nil }
    }

    /// The parts of one utterance begin (`continuing`: go on after an answer): the calls they
    /// perform are remembered together, until ``endSequence(_:uid:)``.
    func beginSequence(_ id: String, uid: UInt32?, continuing: Bool) {
        let key = Key(uid: uid, id: id)
        if !continuing { performed[key] = nil }
        inSequence.insert(key)
    }

    func endSequence(_ id: String, uid: UInt32?) { inSequence.remove(Key(uid: uid, id: id)) }

    /// The calls session `id`'s last request performed, the newest last, unless the session
    /// fell silent since.
    func lastPerformed(_ id: String, uid: UInt32?) -> [(call: PendingCall, entry: Int64?)] {
        let key = Key(uid: uid, id: id)
        guard let last = performed[key] else { return [] }
        guard clock() - last.at < timeout else {
            performed[key] = nil
            return []
        }
        return last.calls
    }

    /// Forgets what session `id` performed last (it was corrected).
    func forgetPerformed(_ id: String, uid: UInt32?) { performed[Key(uid: uid, id: id)] = nil }

    /// The entities of session `id`'s last finished request, unless the session fell silent.
    func recalled(_ id: String, uid: UInt32?) -> [EntityReference] { recalledWithList(id, uid: uid).entities }

    /// The same, how many of them, first, are a list the result showed, and the last list
    /// shown that the requests since picked from (``remember(_:uid:entities:listed:)``).
    func recalledWithList(_ id: String, uid: UInt32?) -> (entities: [EntityReference], listed: Int, list: [EntityReference]) {
        let key = Key(uid: uid, id: id)
        guard let memory = recent[key] else { return ([], 0, []) }
        guard clock() - memory.at < timeout else {
            recent[key] = nil
            return ([], 0, [])
        }
        return (memory.entities, memory.listed, memory.list)
    }

    private func startTurn(_ key: Key) -> Int {
        defer { nextTurn += 1 }
        turns[key] = (nextTurn, clock())
        if timedOutSet.remove(key) != nil { timedOut.removeAll { $0 == key } }
        return nextTurn
    }

    private func expire(_ key: Key) {
        drop(key)
        timedOut.append(key)
        timedOutSet.insert(key)
    }

    private func drop(_ key: Key) {
        entries[key] = nil
        turns[key] = nil
    }

    /// Drops sessions silent for longer than the time-out. Runs at most once a second unless
    /// forced, so a busy daemon does not scan every session on every call.
    private func purge(force: Bool = false) {
        let now = clock()
        guard force || now - lastPurge >= .seconds(1) else { return }
        lastPurge = now
        for (key, entry) in entries where now - entry.lastUsed >= timeout { expire(key) }
        for (key, memory) in recent where now - memory.at >= timeout { recent[key] = nil }
        for (key, last) in performed where now - last.at >= timeout { performed[key] = nil }
        // Turns of calls that never asked anything (not understood, refused, failed) are forgotten too.
        for (key, turn) in turns where entries[key] == nil && now - turn.began >= timeout { turns[key] = nil }
        if timedOut.count > Self.timedOutMemory {
            let excess = timedOut.count - Self.timedOutMemory
            for key in timedOut.prefix(excess) { timedOutSet.remove(key) }
            timedOut.removeFirst(excess)
        }
    }
}
