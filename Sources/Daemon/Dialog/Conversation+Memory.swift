import Foundation
import IntentModel
import Memory
import Routing
import Wire

/// The conversation's memory (docs/memory.md): every performed intent is recorded, and
/// "undo" and "redo" reverse or repeat the user's last reversible action.
extension Conversation {
    static let undoIntent = "assistant.undo"
    static let redoIntent = "assistant.redo"
    static let historyIntent = "assistant.history"

    /// Records a performed call; returns its entry's id. A failure to write is logged, never
    /// the user's problem.
    @discardableResult
    func record(
        _ call: PendingCall, session: String, client: Client, outcome: String, result: JSONValue?, dialog: String?,
        source: HistoryEntry.Source = .assistant, reversing original: Int64? = nil
    ) async -> Int64? {
        guard let memory, call.intent.appID != AssistantApp.id else { return nil }
        var entry = HistoryEntry(
            time: Date(), localTime: call.now ?? LocalDateTime(Date(), in: .current), uid: client.uid, pid: client.credentials?.pid,
            session: session, utterance: call.utterance, intent: call.intent.id,
            parameters: recordedParameters(of: call), outcome: outcome, result: result, dialog: dialog,
            source: source, effect: call.intent.effect)
        do {
            if let original, outcome == "done" {
                if source == .undo { entry.undoes = original } else { entry.redoes = original }
                return try await memory.record(entry, reversing: original).id
            }
            return try await memory.record(entry).id
        } catch {
            logger.error("could not record in the history", metadata: ["intent": "\(call.intent.id)", "error": "\(error)"])
            return nil
        }
    }

    /// A call's parameters as the history keeps them: an entity with the properties the router
    /// knows of it (`{"id", "title", "properties": {...}}`), so that the inverse of a deletion can
    /// put back what it took ("undo" after "delete the coffee expense" adds it again at its price).
    func recordedParameters(of call: PendingCall) -> [String: JSONValue] {
        var parameters = Dictionary(call.parameters, uniquingKeysWith: { _, last in last })
        let app = registry.router.library.app(call.intent.appID)
        for parameter in call.intent.parameters {
            guard case .entity(let type) = parameter.type, case .object(var fields)? = parameters[parameter.name],
                let id = parameters[parameter.name]?["id"]?.stringValue, !fields.contains(where: { $0.0 == "properties" }),
                let record = app?.entityType(type)?.values.first(where: { $0.id == id }), !record.properties.isEmpty
            else { continue }
            fields.append(("properties", .object(record.properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })))
            parameters[parameter.name] = .object(fields)
        }
        return parameters
    }

    /// The action in words: its summary with the values filled in when every value is known
    /// ("Add eggs to Groceries"), else its title; `midSentence` lowers its first letter.
    func describe(_ call: PendingCall, midSentence: Bool = false) -> String {
        var text = call.intent.title
        if let summary = call.intent.parameterSummary {
            let named = call.intent.parameters.map(\.name).filter { summary.contains("${\($0)}") }
            if named.allSatisfy({ call.value($0) != nil }) { text = interpolate(summary, call) }
        }
        guard midSentence, let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// Whether an entity the inverse would act on is no longer the one recorded: an app that
    /// restarted may have given its id to another (a new "t6"). Says how, or nil.
    func changedEntity(in call: PendingCall) async -> String? {
        for parameter in call.intent.parameters {
            guard case .entity(let type) = parameter.type, let recorded = call.value(parameter.name),
                let id = recorded["id"]?.stringValue, let title = recorded["title"]?.stringValue,
                await registry.isConnected(String(type.prefix { $0 != "." })),
                let now = try? await query(EntityQuery(entityType: type, kind: .identifiers([id]), limit: 1)).entities.first
            else { continue }
            if now.title != title { return "'\(title)' is not there any more ('\(now.title)' has its place)." }
        }
        return nil
    }

    /// Performs "undo" and "redo" (the assistant's intents); nil for any other intent.
    func performMemoryIntent(_ call: PendingCall, session: String, client: Client) async throws(RPCError) -> RunOutcome? {
        if call.intent.id == Self.historyIntent { return await tellWhatWasDone(call, session: session, client: client) }
        guard call.intent.id == Self.undoIntent || call.intent.id == Self.redoIntent else { return nil }
        let undoing = call.intent.id == Self.undoIntent
        func finished(_ status: RunOutcome.Status, _ text: String) async -> RunOutcome {
            await sessions.finish(session, uid: client.uid, turn: call.turn)
            if status == .done { return RunOutcome(session: session, status: .done, intent: call.intent.id, result: IntentResult(dialog: text)) }
            return RunOutcome(session: session, status: status, intent: call.intent.id, message: text)
        }
        guard let memory else {
            return await finished(.failed, "I can't \(undoing ? "undo" : "redo") anything: the history is off (intentd was started with --no-history).")
        }
        let found: HistoryEntry?
        do {
            found = undoing ? try await memory.lastChange(uid: client.uid) : try await memory.lastRedoable(uid: client.uid)
        } catch {
            logger.error("could not read the history", metadata: ["error": "\(error)"])
            return await finished(.failed, "I can't read the history right now.")
        }
        guard let entry = found, registry.router.library.intent(entry.intent) != nil else {
            return await finished(.failed, undoing ? "There is nothing to undo." : "There is nothing to redo.")
        }
        let done = undoing
            ? try await undo(entry, for: call, session: session, client: client)
            : try await redo(entry, for: call, session: session, client: client)
        switch done {
        case .success(let text): return await finished(.done, text)
        case .failure(let problem): return await finished(.failed, problem.text)
        }
    }

    /// The most actions "what did i do today" lists.
    static let historyListed = 20

    /// "what did i do today": the user's actions of that day (today unless one is said), in
    /// the order they were done, each with its time and in words ("9:05 AM  Add eggs to
    /// Groceries"); an undo or redo is marked as one.
    func tellWhatWasDone(_ call: PendingCall, session: String, client: Client) async -> RunOutcome {
        await sessions.finish(session, uid: client.uid, turn: call.turn)
        func say(_ status: RunOutcome.Status, _ text: String, snippet: String? = nil) -> RunOutcome {
            if status == .done {
                return RunOutcome(session: session, status: .done, intent: call.intent.id, result: IntentResult(dialog: text, snippet: snippet))
            }
            return RunOutcome(session: session, status: status, intent: call.intent.id, message: text)
        }
        guard let memory else { return say(.failed, "I can't tell: the history is off (intentd was started with --no-history).") }
        let now = call.now ?? LocalDateTime(Date(), in: .current)
        let day = call.value("day")?.stringValue.flatMap(LocalDateTime.init(iso8601:)) ?? now
        let dayPrefix = String(day.iso8601.prefix(10))
        let isToday = dayPrefix == String(now.iso8601.prefix(10))
        let when = isToday ? "today" : "on " + Self.spokenDay(day)
        let entries: [HistoryEntry]
        do {
            // Newest first, so the day's last ones are within the limit; told oldest first.
            entries = try await memory.list(.init(uid: client.uid, limit: 1_000)).filter {
                $0.localTime.hasPrefix(dayPrefix) && $0.outcome == "done"
            }.prefix(Self.historyListed).reversed()
        } catch {
            logger.error("could not read the history", metadata: ["error": "\(error)"])
            return say(.failed, "I can't read the history right now.")
        }
        guard !entries.isEmpty else { return say(.done, "You did nothing with me \(when).") }
        let lines = entries.compactMap { entry -> String? in
            guard let original = originalCall(of: entry) else { return nil }
            let time = LocalDateTime(iso8601: entry.localTime).map(Self.spokenTime) ?? ""
            let mark = entry.source == .undo ? " (undo)" : entry.source == .redo ? " (redo)" : ""
            return "- \(time)  \(describe(original))\(mark)"
        }
        let count = lines.count == 1 ? "1 thing" : "\(lines.count) things"
        return say(.done, "You did \(count) \(when):", snippet: lines.joined(separator: "\n"))
    }

    /// "9:05 AM".
    static func spokenTime(_ time: LocalDateTime) -> String {
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        return String(format: "%d:%02d %@", hour, time.minute, time.hour < 12 ? "AM" : "PM")
    }

    /// "Friday, November 27".
    static func spokenDay(_ day: LocalDateTime) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEEE, MMMM d"
        return day.date(in: TimeZone(identifier: "UTC")!).map(formatter.string(from:)) ?? day.iso8601.prefix(10).description
    }

    /// Why an undo or redo did not happen, in words for the user.
    struct MemoryProblem: Error {
        var text: String
    }

    /// The original call of a history entry, as it was performed.
    func originalCall(of entry: HistoryEntry) -> PendingCall? {
        guard let intent = registry.router.library.intent(entry.intent) else { return nil }
        return PendingCall(intent: intent, parameters: entry.parameterValues.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Reverses one history entry by performing its intent's inverse, and records that.
    /// `request` is the call that asked (its turn, time and words).
    func undo(_ entry: HistoryEntry, for request: PendingCall, session: String, client: Client) async throws(RPCError) -> Result<String, MemoryProblem> {
        guard let original = originalCall(of: entry) else { return .failure(MemoryProblem(text: "There is nothing to undo.")) }
        switch original.intent.effect {
        case .reversible: break
        case .destructive:
            return .failure(MemoryProblem(text: "I can't undo \(describe(original, midSentence: true)): it can't be undone."))
        default:
            let app = registry.router.library.app(original.intent.appID)?.displayName ?? original.intent.appID
            return .failure(MemoryProblem(text: "I can't undo \(describe(original, midSentence: true)): \(app) doesn't say how to undo it."))
        }
        guard let action = original.intent.effect?.undo, let inverse = registry.router.library.intent(action.intent),
            let parameters = action.inverseParameters(original: entry.parameterValues, result: entry.resultValue)
        else {
            return .failure(MemoryProblem(text: "I can't undo \(describe(original, midSentence: true)): \(original.intent.title) no longer says how."))
        }
        var next = PendingCall(intent: inverse, parameters: parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        if let changed = await changedEntity(in: next) {
            return .failure(MemoryProblem(text: "I can't undo \(describe(original, midSentence: true)): \(changed)"))
        }
        next.adopt(request)
        return try await perform(next, reversing: entry, source: .undo, describing: original, session: session, client: client)
    }

    /// Performs a history entry's call again, and records that.
    func redo(_ entry: HistoryEntry, for request: PendingCall, session: String, client: Client) async throws(RPCError) -> Result<String, MemoryProblem> {
        guard var next = originalCall(of: entry) else { return .failure(MemoryProblem(text: "There is nothing to redo.")) }
        // What the undo made may have a new id: "remove the coffee expense", "undo" (the expense
        // added again, a new one), "redo" removes the one the undo added. The undo's own inverse,
        // when it is the original's intent, says which.
        if let undoID = entry.undoneBy, let undo = try? await memory?.entry(undoID),
            let action = registry.router.library.intent(undo.intent)?.effect?.undo, action.intent == entry.intent,
            let parameters = action.inverseParameters(original: undo.parameterValues, result: undo.resultValue)
        {
            for (name, value) in parameters { next.set(name, value) }
        }
        next.adopt(request)
        return try await perform(next, reversing: entry, source: .redo, describing: next, session: session, client: client)
    }

    private func perform(
        _ call: PendingCall, reversing entry: HistoryEntry, source: HistoryEntry.Source, describing original: PendingCall, session: String,
        client: Client
    ) async throws(RPCError) -> Result<String, MemoryProblem> {
        let verb = source == .undo ? "undo" : "redo"
        let reply = try await dispatch(call, session: session, client: client)
        switch reply {
        case .result(let result):
            await record(call, session: session, client: client, outcome: "done", result: result.value, dialog: result.dialog,
                source: source, reversing: entry.id)
            await refreshEntities(of: call.intent.appID)
            let said = result.dialog.map { " (\($0))" } ?? ""
            return .success((source == .undo ? "Undone: " : "Redone: ") + describe(original) + "." + said)
        case .failure(let message):
            await record(call, session: session, client: client, outcome: "failed", result: nil, dialog: message, source: source)
            return .failure(MemoryProblem(text: "I couldn't \(verb) \(describe(original, midSentence: true)): \(message)"))
        case .needsValue, .disambiguate, .confirm:
            return .failure(MemoryProblem(text: "I couldn't \(verb) \(describe(original, midSentence: true)): the app asked a question instead."))
        }
    }

    /// "no, tomorrow instead", "actually make it three", "I meant Sarah" right after a request
    /// was performed: the one parameter changed, the first action undone when it changed
    /// something (it must be reversible), and the request performed again. So is a detail said
    /// alone that the request left out ("at 5 pm" after "remind me to call mom"). Nil when the
    /// words are no correction of the session's last request.
    func correctLast(_ params: Methods.Run.Parameters, session: String, client: Client, turn: Int) async throws(RPCError) -> RunOutcome? {
        // The newest call the words can correct: after "order two tomato soups and then show
        // my workouts", "actually make it three" is about the soup.
        let performed = await sessions.lastPerformed(session, uid: client.uid)
        var found: (last: PendingCall, entryID: Int64?, name: String, value: JSONValue)?
        for (call, entry) in performed.reversed() {
            let reader = AnswerReader(router: registry.router, now: params.now ?? call.now)
            if let (name, value) = correction(params.utterance, of: call, reader: reader, namingUnsetText: false), value != call.value(name) {
                found = (call, entry, name, value)
                break
            }
        }
        var detailOnly = false
        // A text said after the request reads with its words: the call made again keeps both
        // ("email john about the budget"), so that a next one reads after them all.
        var saidWith: String?
        if found == nil, let (call, entry) = performed.last(where: { $0.call.utterance?.isEmpty == false }) {
            let reader = AnswerReader(router: registry.router, now: params.now ?? call.now)
            if let (name, value) = missingDetail(params.utterance, of: call, reader: reader) {
                found = (call, entry, name, value)
                detailOnly = true
            } else if let (name, value, words) = textDetail(params.utterance, after: call, now: params.now ?? call.now) {
                found = (call, entry, name, value)
                detailOnly = true
                saidWith = words
            }
        }
        guard let (last, entryID, name, value) = found else { return nil }
        // "actually, what's on my calendar tomorrow" is a request of its own, not a new date;
        // a detail said alone must be no request at all ("groceries" is no list of its own,
        // "what's my balance" no detail).
        let routed = await registry.route(params.utterance, now: params.now, spoken: params.spoken)
        if let intent = routed.intent, routed.status != .notUnderstood,
            detailOnly ? routed.confidence >= Self.interruptionConfidence / 1.5 : intent.id != last.intent.id && routed.confidence >= Self.interruptionConfidence
        {
            return nil
        }
        var again = last.again(setting: name, to: value, for: params, turn: turn)
        if let saidWith { again.utterance = saidWith }
        func refuse(_ text: String) async -> RunOutcome {
            await sessions.finish(session, uid: client.uid, turn: turn)
            return RunOutcome(session: session, status: .failed, intent: last.intent.id, parameters: last.parameters, message: text)
        }
        var undid = false
        switch last.intent.effect {
        case .readOnly?:
            break
        case .reversible?:
            guard let memory else { return await refuse("I can't change \(describe(last, midSentence: true)): undoing it needs the history, which is off (--no-history).") }
            guard let entryID, let entry = try? await memory.entry(entryID), entry.undoneBy == nil else {
                return await refuse("I can't change \(describe(last, midSentence: true)): it is not in the history any more.")
            }
            switch try await undo(entry, for: again, session: session, client: client) {
            case .success: undid = true
            case .failure(let problem): return await refuse(problem.text)
            }
        default:
            return await refuse("I can't change \(describe(last, midSentence: true)): it can't be undone.")
        }
        await sessions.forgetPerformed(session, uid: client.uid)
        try authorize(again.intent, client)
        var outcome = try await advance(again, session: session, client: client)
        outcome.correction = RunOutcome.Correction(parameter: name, from: last.value(name), to: value, undid: undid)
        return outcome
    }
}

/// Utterances of several commands (docs/memory.md, "Compound commands").
extension Conversation {
    /// Performs `texts` in order, after `produced` (outcomes this request already has); stops
    /// at the first question (the rest goes on once it is answered) or failure. The outcome
    /// is the last part's, with the outcome of every part this request performed in `parts`.
    func runParts(_ texts: [String], produced: [RunOutcome] = [], _ params: Methods.Run.Parameters, client: Client) async throws(RPCError) -> RunOutcome {
        if let session = params.session { await sessions.beginSequence(session, uid: client.uid, continuing: !produced.isEmpty) }
        var done = produced
        for (index, text) in texts.enumerated() {
            var part = params
            part.utterance = text
            var outcome: RunOutcome
            do {
                outcome = try await runOne(part, client: client, remaining: Array(texts[(index + 1)...]))
            } catch {
                // What was done before stays reported: a later part's error ends the sequence.
                guard !done.isEmpty else {
                    if let session = params.session { await sessions.endSequence(session, uid: client.uid) }
                    throw error
                }
                outcome = RunOutcome(session: params.session ?? "", status: .failed, message: "\(error.message): \(text)")
            }
            done.append(outcome)
            if outcome.status != .done { break }
        }
        if let session = params.session { await sessions.endSequence(session, uid: client.uid) }
        var last = done[done.count - 1]
        last.parts = done
        return last
    }

    /// After an answer in a sequence: once the call is done, the commands that were waiting
    /// for it; the outcome's `parts` holds what this answer performed.
    func continueParts(after outcome: RunOutcome, of waiting: PendingCall, _ params: Methods.Continue.Parameters, client: Client) async throws(RPCError) -> RunOutcome {
        guard waiting.inSequence else { return outcome }
        if outcome.status == .done, !waiting.remainingParts.isEmpty {
            let run = Methods.Run.Parameters(utterance: "", session: params.session, now: waiting.now, assertions: params.assertions)
            return try await runParts(waiting.remainingParts, produced: [outcome], run, client: client)
        }
        var result = outcome
        result.parts = [outcome]
        return result
    }
}

/// History as a prior in routing (docs/memory.md, "History breaks ties").
extension Conversation {
    /// The fewest times the user must have done an intent for the history to prefer it.
    static let priorMinimumCount = 2
    /// How much more often than each other tied intent it must have been done.
    static let priorMinimumRatio = 2
    /// How far back the prior looks.
    static let priorWindow: TimeInterval = 90 * 86_400

    /// When the router found several intents equally good (a tie it would ask about), the one
    /// this user did clearly most often (at least twice, and twice as often as each other one,
    /// in the last 90 days) is taken, with its own reading of the words, and the explanation
    /// says so. Never changes a result that is not such a tie.
    func applyingHistoryPrior(to result: RouteResult, utterance: String, now: LocalDateTime?, spoken: Bool, uid: UInt32?, reachableOnly: Bool = true)
        async -> RouteResult
    {
        guard let memory, result.status == .ambiguous, result.ambiguities.isEmpty, result.appChoices.isEmpty, let intent = result.intent
        else { return result }
        let tied = [intent.id] + result.alternatives.filter { result.confidence - $0.confidence < 0.02 && $0.intent != intent.id }.map(\.intent)
        guard tied.count > 1,
            let counts = try? await memory.counts(of: tied, uid: uid, since: Date().addingTimeInterval(-Self.priorWindow))
        else { return result }
        let ranked = tied.map { ($0, counts[$0] ?? 0) }.sorted { $0.1 > $1.1 }
        guard ranked[0].1 >= Self.priorMinimumCount, ranked[0].1 >= Self.priorMinimumRatio * ranked[1].1 else { return result }
        let router = (reachableOnly ? registry.reachableRouter : registry.router).restricted(toIntents: [ranked[0].0])
        var chosen = router.route(utterance, now: now, spoken: spoken, compound: false)
        guard chosen.intent?.id == ranked[0].0, chosen.status != .notUnderstood else { return result }
        let others = ranked.dropFirst().map { "\($0.0) (\($0.1))" }.joined(separator: ", ")
        chosen.explanation.resolverSteps.append(
            "history prior: \(ranked[0].0), done \(ranked[0].1) times, over the equally good \(others) (docs/memory.md)")
        chosen.alternatives = result.alternatives.filter { $0.intent != ranked[0].0 }
        chosen.historyPrior = ranked[0].0
        return chosen
    }
}
