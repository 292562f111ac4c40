import Foundation
import IntentModel
import Logging
import Memory
import Phrases
import Routing
import Wire

extension Daemon {
    /// Answers one request. Never throws: every failure becomes a JSON-RPC error response.
    func handle(_ request: Request, from peer: PeerConnection) async -> Response {
        do {
            let result = try await result(of: request, from: peer)
            return Response(id: request.id, result: result)
        } catch {
            return Response(id: request.id, error: error)
        }
    }

    /// Methods that wait until the awaited apps are registered: those that may reach an app.
    static let gatedMethods: Set<String> = [
        Methods.Route.name, Methods.Run.name, Methods.Continue.name, Methods.Perform.name, Methods.QueryEntitiesForClient.name,
        Methods.ListApps.name, Methods.DescribeApp.name, Methods.Search.name, Methods.Suggestions.name,
    ]

    private func result(of request: Request, from peer: PeerConnection) async throws(RPCError) -> JSONValue {
        let params = request.params
        if !appsReady.isOpen, Self.gatedMethods.contains(request.method) { await appsReady.wait() }
        switch request.method {
        case Methods.Route.name:
            let p = try Methods.Route.Parameters(json: params ?? .object([]))
            try checkLength(p.utterance)
            var routed = await registry.route(p.utterance, now: p.now, spoken: p.spoken, reachableOnly: false)
            routed = await conversation.applyingHistoryPrior(
                to: routed, utterance: p.utterance, now: p.now, spoken: p.spoken, uid: peer.credentials?.uid, reachableOnly: false)
            guard case .object(var pairs) = routed.json else { return routed.json }
            if p.explain { pairs.append(("explanation", .string(routed.explanation.text))) }
            if p.readings > 0 {
                let readings = await registry.readings(of: p.utterance, now: p.now, limit: p.readings)
                pairs.append(("readings", .array(readings.map(\.json))))
            }
            return .object(pairs)
        case Methods.Run.name:
            let p = try Methods.Run.Parameters(json: params ?? .object([]))
            try checkLength(p.utterance)
            return try await conversation.run(p, client: Client(credentials: peer.credentials, assertions: p.assertions)).json
        case Methods.Continue.name:
            let p = try Methods.Continue.Parameters(json: params ?? .object([]))
            if case .text(let text) = p.answer { try checkLength(text) }
            return try await conversation.answer(p, client: Client(credentials: peer.credentials, assertions: p.assertions)).json
        case Methods.Perform.name:
            let p = try Methods.Perform.Parameters(json: params ?? .object([]))
            return try await conversation.perform(p, client: Client(credentials: peer.credentials, assertions: p.assertions)).json
        case Methods.ListApps.name:
            _ = try Empty(json: params ?? .object([]))
            return await listApps()
        case Methods.DescribeApp.name:
            let p = try AppName(json: params ?? .object([]))
            guard let app = await registry.apps.first(where: { $0.id == p.app }) else {
                throw RPCError(.unknownName, "Unknown app", data: .object([("app", .string(p.app))]))
            }
            return app.json
        case Methods.QueryEntitiesForClient.name:
            try JSONFields(params).allowOnly(["entityType", "kind", "identifiers", "text", "filters", "mode", "sort", "limit"])
            return try await conversation.query(try EntityQuery(json: params ?? .object([]))).json
        case Methods.Search.name:
            let p = try Methods.Search.Parameters(json: params ?? .object([]))
            return ActionSearch(apps: await registry.apps).search(p.text, limit: p.limit)
        case Methods.Status.name:
            _ = try Empty(json: params ?? .object([]))
            return await status()
        case Methods.Initialize.name:
            let p = try Methods.Initialize.Parameters(json: params ?? .object([]))
            logger.debug("initialize", metadata: ["connection": "\(peer.id)", "client": "\(p.clientInfo?.serialized ?? "unnamed")"])
            return initializeResult()
        case Methods.RegisterApp.name:
            let p = try Methods.RegisterApp.Parameters(json: params ?? .object([]))
            let registered = try await registry.register(p.app, peer: peer)
            await appRegistered()
            return registered
        case Methods.EntitiesChanged.name:
            let p = try Methods.EntitiesChanged.Parameters(json: params ?? .object([]))
            let appID = String(p.entityType.prefix { $0 != "." })
            guard await registry.serves(appID, peer: peer) else {
                throw RPCError(.notAuthorized, "Not authorized", data: .object([
                    ("entityType", .string(p.entityType)), ("reason", .string("only the connection serving '\(appID)' may say its entities changed")),
                ]))
            }
            guard registry.router.library.app(appID)?.entityType(p.entityType) != nil else {
                throw RPCError(.unknownName, "Unknown entity type", data: .object([("entityType", .string(p.entityType))]))
            }
            let records: [EntityRecord]
            if let given = p.entities {
                records = given
            } else {
                records = try await conversation.query(EntityQuery(entityType: p.entityType, kind: .all, limit: Conversation.entityRefreshLimit)).entities
            }
            let changed = await registry.updateEntities(p.entityType, to: records)
            return .object([("entityType", .string(p.entityType)), ("count", .number(Double(records.count))), ("changed", .bool(changed))])
        case Methods.ListHistory.name:
            let p = try Methods.ListHistory.Parameters(json: params ?? .object([]))
            let memory = try memoryOrError()
            let filter = MemoryStore.Filter(
                app: p.app, intent: p.intent, since: p.since?.date(in: .current), uid: historyScope(peer), limit: p.limit)
            let entries = try await memoryCall { try await memory.list(filter) }
            return .object([("entries", .array(entries.map(\.json)))])
        case Methods.ForgetHistory.name:
            let p = try Methods.ForgetHistory.Parameters(json: params ?? .object([]))
            let memory = try memoryOrError()
            let what: MemoryStore.Forgetting
            switch p {
            case .entry(let id): what = .entry(Int64(id))
            case .app(let app): what = .app(app)
            case .everything: what = .everything
            }
            let count = try await memoryCall { try await memory.forget(what, uid: historyScope(peer)) }
            return .object([("forgotten", .integer(count))])
        case Methods.Suggestions.name:
            let p = try Methods.Suggestions.Parameters(json: params ?? .object([]))
            let memory = try memoryOrError()
            let now = p.now ?? LocalDateTime(Date(), in: .current)
            let instant = p.now?.date(in: .current) ?? Date()
            let found = try await memoryCall { try await memory.suggestions(uid: historyScope(peer), now: now, at: instant, limit: p.limit) }
            let library = registry.reachableLibrary
            let suggestions = found.compactMap { suggestion -> JSONValue? in
                guard let intent = library.intent(suggestion.intent), intent.isDiscoverable, case .object(let pairs) = suggestion.json else { return nil }
                return .object(pairs + [("title", .string(intent.title))])
            }
            return .object([("suggestions", .array(suggestions))])
        case Methods.DonateIntent.name:
            let p = try Methods.DonateIntent.Parameters(json: params ?? .object([]))
            let appID = String(p.call.intent.prefix { $0 != "." })
            guard await registry.serves(appID, peer: peer) else {
                throw RPCError(.notAuthorized, "Not authorized", data: .object([
                    ("intent", .string(p.call.intent)), ("reason", .string("only the connection serving '\(appID)' may donate its intents")),
                ]))
            }
            guard let intent = registry.router.library.intent(p.call.intent) else {
                throw RPCError(.unknownName, "Unknown intent", data: .object([("intent", .string(p.call.intent))]))
            }
            if let unknown = p.call.parameters.keys.sorted().first(where: { intent.parameter($0) == nil }) {
                throw RPCError(.invalidParams, "Unknown parameter", data: .object([
                    ("intent", .string(intent.id)), ("parameter", .string(unknown)), ("expected", .array(intent.parameters.map { .string($0.name) })),
                ]))
            }
            guard let memory else { return .object([("recorded", .bool(false))]) }
            let entry = HistoryEntry(
                time: p.now?.date(in: .current) ?? Date(), localTime: p.now ?? LocalDateTime(Date(), in: .current), uid: peer.credentials?.uid,
                pid: peer.credentials?.pid, session: nil, utterance: nil, intent: intent.id, parameters: p.call.parameters, outcome: "done",
                result: p.result, dialog: nil, source: .donated, effect: intent.effect)
            let recorded = try await memoryCall { try await memory.record(entry) }
            return .object([("recorded", .bool(true)), ("id", recorded.id.map { .integer(Int($0)) } ?? .null)])
        case Methods.UnregisterApp.name:
            let p = try AppName(json: params ?? .object([]))
            try await registry.unregister(p.app, peer: peer)
            return .object([("app", .string(p.app))])
        default:
            throw RPCError(.methodNotFound, "Method not found", data: .object([("method", .string(request.method))]))
        }
    }

    /// The memory, or the error that says recording is off.
    private func memoryOrError() throws(RPCError) -> MemoryStore {
        guard let memory else {
            throw RPCError(.historyOff, "History is off", data: .object([
                ("reason", .string(configuration.stateDirectory == nil
                    ? "the daemon was started with --no-history" : "the memory database could not be opened (see the daemon's log)")),
            ]))
        }
        return memory
    }

    /// Whose history a client sees and forgets: its own user's; the daemon's user sees all.
    private func historyScope(_ peer: PeerConnection) -> UInt32? {
        guard let uid = peer.credentials?.uid else { return UInt32.max }
        return uid == configuration.ownerUID ? nil : uid
    }

    /// Runs a database call; its failure becomes an internal error that says why.
    private func memoryCall<T>(_ body: () async throws -> T) async throws(RPCError) -> T {
        do {
            return try await body()
        } catch {
            logger.error("memory database error", metadata: ["error": "\(error)"])
            throw RPCError(.internalError, "Internal error", data: .object([("reason", .string("the memory database failed: \(error)"))]))
        }
    }

    /// Refuses a text longer than the router takes (``Router/maximumWords``) before any work is done on it.
    private func checkLength(_ text: String) throws(RPCError) {
        guard let tooLong = registry.router.tooLong(text) else { return }
        throw RPCError(.utteranceTooLong, "Utterance too long", data: .object([
            ("words", .number(Double(tooLong.words))), ("limit", .number(Double(tooLong.limit))),
        ]))
    }

    private func initializeResult() -> JSONValue {
        .object([
            ("protocolVersion", .string(Methods.protocolVersion)),
            ("serverInfo", .object([("name", .string("intentd")), ("version", .string(Self.version))])),
            ("capabilities", .object([
                ("cancelRequest", .bool(true)),
                ("spoken", .bool(true)),
                ("maximumWords", .number(Double(Router.maximumWords))),
                ("maximumLineLength", .number(Double(configuration.maximumLineLength))),
                ("maximumRequestsPerConnection", .number(Double(PeerConnection.maximumRequests))),
                ("sessionTimeoutSeconds", .number(Double(configuration.sessionTimeout.nanoseconds / 1_000_000_000))),
            ])),
        ])
    }

    private func listApps() async -> JSONValue {
        let connected = Set(await registry.connectedApps)
        let fileApps = await registry.fileLibrary
        let apps = await registry.apps.map { app -> JSONValue in
            let declared = fileApps.app(app.id)
            return .object([
                ("id", .string(app.id)),
                ("name", .string(app.displayName)),
                ("source", .string(declared == nil ? "socket" : "phrases")),
                // The assistant's own intents are answered by the daemon unless an app serves them.
                ("connected", .bool(connected.contains(app.id) || app.id == AssistantApp.id)),
                ("exec", .bool(declared?.exec != nil)),
                ("intents", .array(app.intents.filter(\.isDiscoverable).map { .object([("id", .string($0.id)), ("title", .string($0.title))]) })),
            ])
        }
        return .object([("apps", .array(apps))])
    }

    private func status() async -> JSONValue {
        let uptime = ContinuousClock.now - started
        return .object([
            ("version", .string(Self.version)),
            ("socket", .string(configuration.socketPath)),
            ("uptimeSeconds", .number((Double(uptime.components.seconds) + Double(uptime.components.attoseconds) / 1e18).rounded())),
            ("apps", .number(Double(await registry.apps.count))),
            ("connectedApps", .array(await registry.connectedApps.map(JSONValue.string))),
            ("intents", .number(Double(registry.router.matcher.intents.count))),
            ("connections", .number(Double(connectionCount))),
            ("sessions", .number(Double(await sessions.count))),
        ])
    }
}

/// "What can I say about books?": intents ranked by the words they share with the request,
/// in titles, descriptions, app names and phrases.
struct ActionSearch {
    let apps: [AppDefinition]
    let normalizer = TextNormalizer()
    static let stopWords: Set<String> = [
        "what", "can", "i", "say", "about", "the", "a", "an", "to", "do", "with", "how", "my", "me", "is", "for", "of", "in", "and", "you",
    ]

    func search(_ text: String, limit: Int) -> JSONValue {
        let query = Set(normalizer.words(text)).subtracting(Self.stopWords)
        var hits: [(score: Double, intent: IntentDefinition, app: AppDefinition)] = []
        for app in apps {
            let appWords = Set(normalizer.words(([app.displayName, app.id] + app.synonyms).joined(separator: " ")))
            for intent in app.intents where intent.isDiscoverable {
                let titleWords = Set(normalizer.words(intent.title + " " + intent.description))
                let phraseWords = Set(app.phrases.filter { $0.intent == intent.id }.flatMap { normalizer.words($0.text) })
                let entityWords = Set(intent.parameters.flatMap { normalizer.words($0.title + " " + $0.type.description) })
                var score = 0.0
                for word in query {
                    let stem = word.hasSuffix("s") ? String(word.dropLast()) : word
                    let forms = [word, stem, stem + "s"]
                    if forms.contains(where: titleWords.contains) { score += 2 }
                    if forms.contains(where: appWords.contains) { score += 1.5 }
                    if forms.contains(where: entityWords.contains) { score += 1 }
                    if forms.contains(where: phraseWords.contains) { score += 0.5 }
                }
                if score > 0 { hits.append((score, intent, app)) }
            }
        }
        hits.sort { ($0.score, $1.intent.id) > ($1.score, $0.intent.id) }
        let results = hits.prefix(max(0, limit)).map { hit -> JSONValue in
            let example = hit.app.phrases.first { $0.intent == hit.intent.id }?.text
            return JSONValue.object([
                ("intent", .string(hit.intent.id)), ("title", .string(hit.intent.title)), ("app", .string(hit.app.displayName)),
                ("score", .number((hit.score * 100).rounded() / 100)), ("example", example.map(JSONValue.string) ?? .null),
            ])
        }
        return .object([("actions", .array(Array(results)))])
    }
}
