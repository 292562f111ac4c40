import Foundation
import IntentModel
import Memory
import Wire

/// The conversation's memory (docs/memory.md): every performed intent is recorded, and
/// "undo" and "redo" reverse or repeat the user's last reversible action.
extension Conversation {
    static let undoIntent = "assistant.undo"
    static let redoIntent = "assistant.redo"

    /// Records a performed call. A failure to write is logged, never the user's problem.
    func record(
        _ call: PendingCall, session: String, client: Client, outcome: String, result: JSONValue?, dialog: String?,
        source: HistoryEntry.Source = .assistant, reversing original: Int64? = nil
    ) async {
        guard let memory, call.intent.appID != AssistantApp.id else { return }
        var entry = HistoryEntry(
            time: Date(), localTime: call.now ?? LocalDateTime(Date(), in: .current), uid: client.uid, pid: client.credentials?.pid,
            session: session, utterance: call.utterance, intent: call.intent.id,
            parameters: Dictionary(call.parameters, uniquingKeysWith: { _, last in last }), outcome: outcome, result: result, dialog: dialog,
            source: source, effect: call.intent.effect)
        do {
            if let original, outcome == "done" {
                if source == .undo { entry.undoes = original } else { entry.redoes = original }
                try await memory.record(entry, reversing: original)
            } else {
                try await memory.record(entry)
            }
        } catch {
            logger.error("could not record in the history", metadata: ["intent": "\(call.intent.id)", "error": "\(error)"])
        }
    }

    /// The action in words: its summary with the values filled in when every value is known
    /// ("Add eggs to Groceries"), else its title.
    func describe(_ call: PendingCall) -> String {
        if let summary = call.intent.parameterSummary {
            let named = call.intent.parameters.map(\.name).filter { summary.contains("${\($0)}") }
            if named.allSatisfy({ call.value($0) != nil }) { return interpolate(summary, call) }
        }
        return call.intent.title
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
        let library = registry.router.library
        let found: HistoryEntry?
        do {
            found = undoing ? try await memory.lastUndoable(uid: client.uid) : try await memory.lastRedoable(uid: client.uid)
        } catch {
            logger.error("could not read the history", metadata: ["error": "\(error)"])
            return await finished(.failed, "I can't read the history right now.")
        }
        guard let entry = found, let original = library.intent(entry.intent) else {
            return await finished(.failed, undoing ? "There is nothing to undo." : "There is nothing to redo.")
        }
        var done = PendingCall(intent: original, parameters: entry.parameterValues.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        var next = done
        if undoing {
            guard let action = original.effect?.undo, let inverse = library.intent(action.intent),
                let parameters = action.inverseParameters(original: entry.parameterValues, result: entry.resultValue)
            else {
                return await finished(.failed, "I can't undo \(describe(done)): \(original.title) no longer says how.")
            }
            next = PendingCall(intent: inverse, parameters: parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            if let changed = await changedEntity(in: next) {
                return await finished(.failed, "I can't undo \(describe(done)): \(changed)")
            }
        }
        // The user asked for this very action before; it is not confirmed again.
        next.confirmed = true
        next.turn = call.turn
        next.now = call.now
        next.utterance = call.utterance
        if !undoing { done = next }
        let reply = try await dispatch(next, session: session, client: client)
        switch reply {
        case .result(let result):
            await record(next, session: session, client: client, outcome: "done", result: result.value, dialog: result.dialog,
                source: undoing ? .undo : .redo, reversing: entry.id)
            await refreshEntities(of: next.intent.appID)
            let said = result.dialog.map { " (\($0))" } ?? ""
            return await finished(.done, (undoing ? "Undone: " : "Redone: ") + describe(done) + "." + said)
        case .failure(let message):
            await record(next, session: session, client: client, outcome: "failed", result: nil, dialog: message, source: undoing ? .undo : .redo)
            return await finished(.failed, "I couldn't \(undoing ? "undo" : "redo") \(describe(done)): \(message)")
        case .needsValue, .disambiguate, .confirm:
            return await finished(.failed, "I couldn't \(undoing ? "undo" : "redo") \(describe(done)): the app asked a question instead.")
        }
    }
}

/// Utterances of several commands (docs/memory.md, "Compound commands").
extension Conversation {
    /// Performs `texts` in order, after `produced` (outcomes this request already has); stops
    /// at the first question (the rest goes on once it is answered) or failure. The outcome
    /// is the last part's, with the outcome of every part this request performed in `parts`.
    func runParts(_ texts: [String], produced: [RunOutcome] = [], _ params: Methods.Run.Parameters, client: Client) async throws(RPCError) -> RunOutcome {
        var done = produced
        for (index, text) in texts.enumerated() {
            var part = params
            part.utterance = text
            var outcome: RunOutcome
            do {
                outcome = try await runOne(part, client: client, remaining: Array(texts[(index + 1)...]))
            } catch {
                // What was done before stays reported: a later part's error ends the sequence.
                guard !done.isEmpty else { throw error }
                outcome = RunOutcome(session: params.session ?? "", status: .failed, message: "\(error.message): \(text)")
            }
            done.append(outcome)
            if outcome.status != .done { break }
        }
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
