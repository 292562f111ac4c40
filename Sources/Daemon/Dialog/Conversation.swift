import Foundation
import IntentModel
import Logging
import Memory
import NIOCore
import Routing
import Wire

/// Who a request comes from: the kernel's word on the process, and what the client states.
struct Client: Sendable {
    var credentials: PeerCredentials?
    var assertions: ClientAssertions

    /// The user sessions are scoped to.
    var uid: UInt32? { credentials?.uid }
}

/// The dialog state machine: turns a route result or a named call into questions and, once
/// everything is known and confirmed, into `intent.perform` on the app; an app's own
/// questions (needsValue, disambiguate, confirm) become the session's next question.
struct Conversation: Sendable {
    let registry: AppRegistry
    let sessions: SessionStore
    /// Where performed intents are recorded; nil when recording is off.
    let memory: MemoryStore?
    let configuration: DaemonConfiguration
    let logger: Logger

    static let notUnderstood = "Sorry, I didn't understand that."
    static let cancelled = "Cancelled."
    /// Asked when several apps adopt the schema a request reached and none is preferred.
    static let whichApp = "Which app should I use?"

    func run(_ params: Methods.Run.Parameters, client: Client) async throws(RPCError) -> RunOutcome {
        var params = params
        if params.session == nil { params.session = await sessions.issue() }
        return try await runOne(params, client: client)
    }

    /// What to say when an utterance reaches no app that can answer now but parses for one
    /// that cannot (declared in a phrase file, no program serving it, none to start): "That is
    /// for SoupChef, which is not running." rather than "didn't understand". Nil when every
    /// app is reachable or the utterance parses for none.
    func notRunningMessage(for params: Methods.Run.Parameters) async -> String? {
        guard let reachable = registry.reachableRouter.reachableApps else { return nil }
        let anywhere = await registry.route(params.utterance, now: params.now, spoken: params.spoken, reachableOnly: false, compound: false)
        guard let intent = anywhere.intent, anywhere.status != .notUnderstood, !reachable.contains(intent.appID) else { return nil }
        let name = registry.router.library.app(intent.appID)?.displayName ?? intent.appID
        return "That is for \(name), which is not running."
    }

    static let nothingToCancel = "There is nothing to cancel. To take back what was just done, say \"undo\"."

    /// Runs one utterance; one of several commands, when `remaining` or `earlier` is given.
    func runOne(_ params: Methods.Run.Parameters, client: Client, remaining: [String]? = nil) async throws(RPCError) -> RunOutcome {
        let session = params.session ?? ""
        let turn = await sessions.begin(session, uid: client.uid)
        if let corrected = try await correctLast(params, session: session, client: client, turn: turn) { return corrected }
        if let again = try await followUpLast(params, session: session, client: client, turn: turn) { return again }
        var result = await registry.route(params.utterance, now: params.now, spoken: params.spoken, compound: remaining == nil)
        result = await applyingHistoryPrior(to: result, utterance: params.utterance, now: params.now, spoken: params.spoken, uid: client.uid)
        if result.parts.count > 1 {
            await sessions.finish(session, uid: client.uid, turn: turn)
            return try await runParts(result.parts.map(\.utterance), params, client: client)
        }
        if let referred = await readingOfReference(in: params, session: session, client: client, asSaid: result) { result = referred }
        guard let intent = result.intent, result.status != .notUnderstood else {
            await sessions.finish(session, uid: client.uid, turn: turn)
            // "cancel", "never mind" with no question waiting: nothing to call off, and "undo"
            // is what takes back what was done.
            if AnswerReader(router: registry.router).isCancel(params.utterance) {
                return RunOutcome(session: session, status: .failed, message: Self.nothingToCancel)
            }
            let message = await notRunningMessage(for: params) ?? Self.notUnderstood
            return RunOutcome(session: session, status: .notUnderstood, message: message, route: result.json)
        }
        try authorize(intent, client)
        var call = PendingCall(intent: intent, parameters: result.parameters.map { ($0.name, $0.value.json) })
        call.turn = turn
        call.now = params.now
        call.utterance = params.utterance
        call.confirmed = params.assertions.confirmed
        call.remainingParts = remaining ?? []
        call.inSequence = remaining != nil
        call.ambiguities = result.ambiguities
        call.unresolved = result.unresolved
        call.defaulted = Set(result.explanation.defaultedParameters)
        for (name, problem) in result.outOfRange { call.outOfRange[name] = problem }
        if Self.saysMidnight(params.utterance) { call.midnightMeant = Set(intent.parameters.map(\.name)) }
        if result.appChoices.isEmpty { await fillFromLastRequest(&call, session: session, client: client) }
        if !result.appChoices.isEmpty {
            call.intentChoices = result.appChoices.map(\.intent.id)
            for choice in result.appChoices {
                call.appReadings[choice.intent.id] = (choice.parameters.map { ($0.name, $0.value.json) }, choice.ambiguities)
            }
        } else if result.status == .ambiguous, result.ambiguities.isEmpty {
            let tied = result.alternatives.filter { result.confidence - $0.confidence < 0.02 }.map(\.intent)
            call.intentChoices = [intent.id] + tied.filter { $0 != intent.id }
        }
        var outcome = try await advance(call, session: session, client: client)
        outcome.ignored = result.ignored
        return outcome
    }

    func perform(_ params: Methods.Perform.Parameters, client: Client) async throws(RPCError) -> RunOutcome {
        let session: String
        if let given = params.session { session = given } else { session = await sessions.issue() }
        let turn = await sessions.begin(session, uid: client.uid)
        guard let intent = registry.router.library.intent(params.call.intent) else {
            throw RPCError(.unknownName, "Unknown intent", data: .object([("intent", .string(params.call.intent))]))
        }
        try authorize(intent, client)
        var call = PendingCall(intent: intent, parameters: [])
        call.turn = turn
        call.confirmed = params.assertions.confirmed
        // Values given explicitly mean what they say: a date at midnight is midnight.
        call.midnightMeant = Set(params.call.parameters.keys)
        for (name, raw) in params.call.parameters.sorted(by: { $0.key < $1.key }) {
            guard let definition = intent.parameter(name) else {
                throw RPCError(.invalidParams, "Unknown parameter", data: .object([
                    ("intent", .string(intent.id)), ("parameter", .string(name)),
                    ("expected", .array(intent.parameters.map { .string($0.name) })),
                ]))
            }
            guard let value = Value(json: raw, as: definition.type) else {
                throw RPCError(.invalidParams, "Invalid parameter value", data: .object([
                    ("intent", .string(intent.id)), ("parameter", .string(name)), ("expected", .string(expectedForm(of: definition.type))),
                ]))
            }
            if let problem = definition.rangeProblem(value) {
                throw RPCError(.invalidParams, "Invalid parameter value", data: .object([
                    ("intent", .string(intent.id)), ("parameter", .string(name)), ("expected", .string(problem)),
                ]))
            }
            call.set(name, try await checked(value, raw: raw, for: definition, of: intent).json)
        }
        return try await advance(call, session: session, client: client)
    }

    /// A value a client gave `perform`, checked against its type: an enum value must be one of
    /// the cases, an entity is looked up by its id with the app's query (or in the values the
    /// definition lists) and comes back with its real title; an id no entity has is refused.
    func checked(_ value: Value, raw: JSONValue, for parameter: ParameterDefinition, of intent: IntentDefinition) async throws(RPCError) -> Value {
        func refuse(_ expected: String) -> RPCError {
            RPCError(.invalidParams, "Invalid parameter value", data: .object([
                ("intent", .string(intent.id)), ("parameter", .string(parameter.name)), ("expected", .string(expected)),
            ]))
        }
        switch value {
        case .list(let items):
            var element = parameter
            element.type = parameter.type.elementType
            var checkedItems: [Value] = []
            for item in items { checkedItems.append(try await checked(item, raw: item.json, for: element, of: intent)) }
            return .list(checkedItems)
        case .enumCase(let id):
            guard case .enumeration(let type) = parameter.type.elementType,
                let definition = registry.router.library.app(String(type.prefix { $0 != "." }))?.enumType(type)
            else { return value }
            guard definition.cases.contains(where: { $0.id == id }) else {
                throw refuse("one of " + definition.cases.map { "\"\($0.id)\"" }.joined(separator: ", "))
            }
            return value
        case .entity(let reference):
            guard case .entity(let type) = parameter.type.elementType else { return value }
            let appID = String(type.prefix { $0 != "." })
            var found: [EntityRecord] = []
            if await registry.isConnected(appID) {
                found = (try? await query(EntityQuery(entityType: type, kind: .identifiers([reference.id]), limit: 1)).entities) ?? []
            }
            if found.isEmpty {
                found = registry.router.library.app(appID)?.entityType(type)?.values.filter { $0.id == reference.id } ?? []
            }
            guard let record = found.first else {
                // An app that cannot look ids up is trusted with a full reference it was given.
                if case .object = raw, raw["title"] != nil, await !registry.isConnected(appID) { return value }
                throw refuse("the id of an existing \(type) (none has the id '\(reference.id)')")
            }
            return .entity(record.reference)
        default:
            return value
        }
    }

    /// What a value of `type` looks like in JSON, for errors: `{"value": N, "unit": one of ...}` for a measurement.
    func expectedForm(of type: ValueType) -> String {
        if case .measurement(let dimension) = type.elementType {
            let units = dimension.flatMap { Measurement.units[$0] } ?? Measurement.units.values.flatMap { $0 }.sorted()
            return "\(type.description): {\"value\": number, \"unit\": one of \(units.joined(separator: ", "))}"
        }
        return type.description
    }

    /// Asks what is still unknown, confirms, or performs: the next step of a call.
    func advance(_ pending: PendingCall, session: String, client: Client) async throws(RPCError) -> RunOutcome {
        var call = pending
        call.question = nil
        if call.intentChoices.count > 1 {
            let library = registry.router.library
            let byApp = !call.appReadings.isEmpty
            let choices = call.intentChoices.enumerated().map { index, id in
                let title = byApp ? library.app(String(id.prefix { $0 != "." }))?.displayName : library.intent(id)?.title
                return Choice(index: index + 1, title: title ?? id, intent: id)
            }
            let prompt = byApp ? Self.whichApp : "What would you like to do?"
            return await ask(Question(kind: .choice, prompt: prompt, choices: choices), call, session, client)
        }
        if let notFound = await lookUpNames(&call) {
            let prompt = notFoundPrompt(notFound.parameter, text: notFound.text)
            return await askForValue(notFound.parameter, prompt: prompt, call, session, client)
        }
        if let ambiguity = call.ambiguities.first, let parameter = call.intent.parameter(ambiguity.name) {
            let choices = ambiguity.candidates.enumerated().map { Choice(index: $0.offset + 1, title: $0.element.displayText, value: $0.element.json) }
            let prompt = parameter.requestValueDialog ?? "Which \(parameter.title.lowercased())?"
            return await ask(Question(kind: .choice, parameter: parameter.name, prompt: prompt, choices: choices), call, session, client)
        }
        if let missing = call.intent.parameters.first(where: { $0.isRequired && call.value($0.name) == nil }) {
            // "The amount must be between 0.01 and 10000. How much would you like to transfer?"
            let prompt = call.outOfRange[missing.name].map { $0 + " " + (missing.requestValueDialog ?? "What is the \(missing.title.lowercased())?") }
            return await askForValue(missing, prompt: prompt ?? missing.requestValueDialog, call, session, client)
        }
        if let (parameter, day) = dayWithoutTime(call) {
            let question = Question(kind: .value, parameter: parameter.name, prompt: "At what time on \(Self.spoken(day))?", type: parameter.type.description)
            return await ask(question, call, session, client)
        }
        if let dialog = call.intent.confirmationDialog, !call.confirmed {
            let question = Question(kind: .confirm, prompt: interpolate(dialog, call))
            return await ask(question, call, session, client)
        }
        if case .destructive? = call.intent.effect, !call.confirmed {
            let question = Question(kind: .confirm, prompt: "This can't be undone: \(describe(call)). Go ahead?")
            return await ask(question, call, session, client)
        }
        if let outcome = try await performMemoryIntent(call, session: session, client: client) { return outcome }
        fillDefaults(&call)
        let reply: AppReply
        do {
            reply = try await dispatch(call, session: session, client: client)
        } catch {
            await sessions.finish(session, uid: client.uid, turn: call.turn)
            throw error
        }
        return try await handle(reply, call, session, client)
    }

    /// Whether a performed call becomes the request "no, tomorrow instead" corrects: not the
    /// assistant's own, and not a read-only call made without words (`intent.perform` of the
    /// intent an action opens: "create lunch at noon" opens the event, and "no, tomorrow
    /// instead" still moves the event).
    static func isCorrectable(_ call: PendingCall) -> Bool {
        guard call.intent.appID != AssistantApp.id else { return false }
        if case .readOnly? = call.intent.effect, call.utterance == nil { return false }
        return true
    }

    private func handle(_ reply: AppReply, _ pending: PendingCall, _ session: String, _ client: Client) async throws(RPCError) -> RunOutcome {
        var call = pending
        switch reply {
        case .result(let result):
            let entry = await record(call, session: session, client: client, outcome: "done", result: result.value, dialog: result.dialog)
            if Self.isCorrectable(call) { await sessions.rememberPerformed(session, uid: client.uid, call: call, entry: entry) }
            await refreshEntities(of: call.intent.appID)
            await sessions.finish(session, uid: client.uid, turn: call.turn)
            await sessions.remember(session, uid: client.uid, entities: Self.entities(of: result, call), listed: Self.listedCount(result))
            return RunOutcome(session: session, status: .done, intent: call.intent.id, parameters: call.parameters, result: result)
        case .failure(let message):
            await record(call, session: session, client: client, outcome: "failed", result: nil, dialog: message)
            await sessions.finish(session, uid: client.uid, turn: call.turn)
            return RunOutcome(session: session, status: .failed, intent: call.intent.id, parameters: call.parameters, message: message)
        case .needsValue(let name, let prompt):
            let parameter = try appParameter(name, call)
            call.remove(name)
            return await askForValue(parameter, prompt: prompt ?? parameter.requestValueDialog, call, session, client, suggest: false)
        case .disambiguate(let name, let prompt, let choices):
            let parameter = try appParameter(name, call)
            // An app may offer its own intents as choices, never another app's.
            if let foreign = choices.compactMap(\.intent).first(where: { registry.router.library.intent($0)?.appID != call.intent.appID }) {
                throw RPCError(.invalidReply, "Invalid reply from the app", data: .object([
                    ("app", .string(call.intent.appID)), ("reason", .string("a choice offers '\(foreign)', which is not an intent of this app")),
                ]))
            }
            let question = Question(
                kind: .choice, parameter: name, prompt: prompt ?? parameter.requestValueDialog ?? "Which \(parameter.title.lowercased())?",
                choices: choices)
            return await ask(question, call, session, client)
        case .confirm(let prompt, let preview):
            call.confirmed = false
            return await ask(Question(kind: .confirm, prompt: prompt, preview: preview), call, session, client)
        }
    }

    /// A `needsTime` date parameter whose value is a day said alone (at 00:00, midnight not
    /// meant), and that day.
    func dayWithoutTime(_ call: PendingCall) -> (ParameterDefinition, LocalDateTime)? {
        for parameter in call.intent.parameters where parameter.needsTime && !call.midnightMeant.contains(parameter.name) {
            guard let text = call.value(parameter.name)?.stringValue, let date = LocalDateTime(iso8601: text),
                date.hour == 0, date.minute == 0, date.second == 0
            else { continue }
            return (parameter, date)
        }
        return nil
    }

    /// Whether the words say midnight (or 0:00), so that a date at 00:00 is meant as such.
    static func saysMidnight(_ text: String) -> Bool { DateKeeping.saysMidnight(text) }

    /// A day as people say it: "Thursday, November 26".
    static func spoken(_ day: LocalDateTime) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEEE, MMMM d"
        return day.date(in: TimeZone(identifier: "UTC")!).map(formatter.string(from:)) ?? day.iso8601
    }

    private func appParameter(_ name: String, _ call: PendingCall) throws(RPCError) -> ParameterDefinition {
        guard let parameter = call.intent.parameter(name) else {
            throw RPCError(.invalidReply, "Invalid reply from the app", data: .object([
                ("intent", .string(call.intent.id)), ("reason", .string("no parameter '\(name)'")),
            ]))
        }
        return parameter
    }

    /// Asks for a value; an entity parameter with a few known or suggested values becomes a choice.
    func askForValue(
        _ parameter: ParameterDefinition, prompt: String?, _ call: PendingCall, _ session: String, _ client: Client, suggest: Bool = true
    ) async -> RunOutcome {
        let text = prompt ?? "What is the \(parameter.title.lowercased())?"
        // An enum's options are known: when few, ask which, listing them. Any other way of
        // saying one (a synonym: "swim" for Swimming) is still read as the value.
        if case .enumeration(let type) = parameter.type,
            let definition = registry.router.library.app(String(type.prefix { $0 != "." }))?.enumType(type),
            (1...Self.optionsListed).contains(definition.cases.count)
        {
            let choices = definition.cases.enumerated().map {
                Choice(index: $0.offset + 1, title: $0.element.title, value: Value.enumCase($0.element.id).json)
            }
            return await ask(Question(kind: .choice, parameter: parameter.name, prompt: text, choices: choices), call, session, client)
        }
        if suggest, case .entity(let type) = parameter.type {
            // The suggested ones to choose from; none suggested becomes a question for the name,
            // or "There are no tasks to choose from." when the app has none at all (`ask`).
            let choices = await suggestedEntities(type).enumerated().map {
                Choice(index: $0.offset + 1, title: $0.element.title, value: Value.entity($0.element.reference).json)
            }
            return await ask(Question(kind: .choice, parameter: parameter.name, prompt: text, choices: choices), call, session, client)
        }
        let question = Question(kind: .value, parameter: parameter.name, prompt: text, type: parameter.type.description)
        return await ask(question, call, session, client)
    }

    func ask(_ question: Question, _ pending: PendingCall, _ session: String, _ client: Client) async -> RunOutcome {
        var call = pending
        var question = question
        // A choice with nothing to choose (an app disambiguating among no tasks) is never
        // asked: the value itself is asked for, and the app's string query finds it by name.
        if question.kind == .choice, question.choices.isEmpty, let name = question.parameter {
            let parameter = call.intent.parameter(name)
            // "Open a task" when there are none: say so rather than ask for one.
            if case .entity(let type)? = parameter?.type.elementType, let noun = await noneExist(type) {
                await sessions.finish(session, uid: client.uid, turn: call.turn)
                return RunOutcome(
                    session: session, status: .failed, intent: call.intent.id, parameters: call.parameters,
                    message: "There are no \(noun) to choose from.")
            }
            question = Question(kind: .value, parameter: name, prompt: question.prompt, type: parameter?.type.description)
        }
        // "${param}" in any prompt (a requestValueDialog, an app's) says the value known so far.
        question.prompt = interpolate(question.prompt, call)
        call.question = question
        await sessions.save(session, call, uid: client.uid)
        return RunOutcome(session: session, status: .question, intent: call.intent.id, parameters: call.parameters, question: question)
    }

    /// The entity type's name in the plural ("tasks") when its app, asked for every entity,
    /// has none; nil when it has some, or cannot list them all.
    func noneExist(_ type: String) async -> String? {
        let appID = String(type.prefix { $0 != "." })
        guard await registry.isConnected(appID),
            let all = try? await query(EntityQuery(entityType: type, kind: .all, limit: 1)), all.entities.isEmpty
        else { return nil }
        let name = (registry.router.library.app(appID)?.entityType(type)?.displayName ?? String(type.drop { $0 != "." }.dropFirst())).lowercased()
        return name.hasSuffix("s") ? name : name + "s"
    }

    /// The app's suggested entities when it is connected, else the few the definition lists.
    func suggestedEntities(_ type: String) async -> [EntityRecord] {
        let appID = String(type.prefix { $0 != "." })
        if await registry.isConnected(appID), let list = try? await query(EntityQuery(entityType: type, kind: .suggested, limit: 10)) {
            return Array(list.entities.prefix(10))
        }
        let values = registry.router.library.app(appID)?.entityType(type)?.values ?? []
        return values.count <= 10 ? values : []
    }

    private func fillDefaults(_ call: inout PendingCall) {
        let now = registry.router.context().now
        for parameter in call.intent.parameters where call.value(parameter.name) == nil {
            if let value = parameter.defaultValue { call.set(parameter.name, value.resolve(now: now).json) }
        }
    }

    /// "Do you want to transfer ${amount} to ${recipient}?" with the values' display text.
    func interpolate(_ text: String, _ call: PendingCall) -> String {
        let app = registry.router.library.app(call.intent.appID)
        return call.intent.interpolate(text, values: call.value) { type, id in
            app?.enumType(type)?.cases.first { $0.id == id }?.title
        }
    }

    func authorize(_ intent: IntentDefinition, _ client: Client) throws(RPCError) {
        let policy = intent.authenticationPolicy
        guard policy != .alwaysAllowed else { return }
        let credentials = client.credentials
        let authenticated =
            credentials.map { creds in
                creds.uid == configuration.ownerUID || (configuration.groupID.map { creds.isMember(ofGroup: $0) } ?? false)
            } ?? false
        var reason: String?
        var deviceCheckWouldDo = false
        if !authenticated {
            reason = "the client's user (uid \(credentials.map { String($0.uid) } ?? "unknown")) is not the daemon's user or in its group"
        } else if policy == .requiresLocalDeviceAuthentication, !client.assertions.deviceAuthenticated {
            reason = "the client did not state that the user authenticated on this device (deviceAuthenticated)"
            deviceCheckWouldDo = true
        }
        guard let reason else { return }
        logger.notice("refused by authentication policy", metadata: ["intent": "\(intent.id)", "policy": "\(policy.rawValue)", "reason": "\(reason)"])
        var data: [(String, JSONValue)] = [
            ("intent", .string(intent.id)), ("title", .string(intent.title)), ("policy", .string(policy.rawValue)),
            ("reason", .string(reason)),
        ]
        // A front end that can check who is at the device (the REPL asks PAM) may ask again with
        // deviceAuthenticated once the check passes.
        if deviceCheckWouldDo { data.append(("needsDeviceAuthentication", .bool(true))) }
        throw RPCError(.notAuthorized, "Not authorized", data: .object(data))
    }
}
