import IntentModel
import Wire

/// Runs apps' intents and entity queries in this process: what the daemon's calls
/// (`intent.perform`, `entity.query`) reach, whether they come over the socket
/// (``AppConnection``) or straight from a router in the same process (tests, intentd's
/// embedded default).
///
/// Each host has its own ``AppDependencyManager`` per app, so two hosts never share state.
///
/// ```swift
/// let host = await IntentHost(apps: [MightyTasks.self])
/// let reply = await host.perform(IntentCall(intent: "tasks.count"))
/// // .result(IntentResult(dialog: "Number of the opened tasks is 5", value: 5))
/// ```
public final class IntentHost: Sendable {
    /// The apps, each with its definition, in the order given.
    public let models: [AppModel]
    private let intentIndex: [String: (any AppIntent.Type, AppModel)]
    private let entityIndex: [String: (any AppEntity.Type, AppModel)]

    /// Extracts the apps' definitions, each with fresh dependencies.
    public init(apps: [any IntentApp.Type]) async {
        var models: [AppModel] = []
        for app in apps {
            let manager = AppDependencyManager()
            app.registerDependencies(in: manager)
            models.append(await AppModel.extract(app, dependencies: manager))
        }
        self.models = models
        var intents: [String: (any AppIntent.Type, AppModel)] = [:]
        var entities: [String: (any AppEntity.Type, AppModel)] = [:]
        for model in models {
            for (id, type) in model.intents { intents[id] = (type, model) }
            for (name, type) in model.entities { entities[name] = (type, model) }
        }
        intentIndex = intents
        entityIndex = entities
    }

    /// The apps' definitions, as registered with the daemon.
    public var definitions: [AppDefinition] { models.map(\.definition) }

    /// The qualified names (`tasks.Task`) under which the apps declare the entity type `type`.
    public func entityTypeNames(of type: any AppEntity.Type) -> [String] {
        entityIndex.filter { ObjectIdentifier($0.value.0) == ObjectIdentifier(type) }.map(\.key).sorted()
    }

    /// The ids (`tasks.add`) under which the apps declare the intent type `type`.
    public func intentIDs(of type: any AppIntent.Type) -> [String] {
        intentIndex.filter { ObjectIdentifier($0.value.0) == ObjectIdentifier(type) }.map(\.key).sorted()
    }

    /// The definition of one app.
    public func definition(of appID: String) -> AppDefinition? { models.first { $0.definition.id == appID }?.definition }

    /// Runs an intent with parameter values in their JSON form; `confirmed` is true once the
    /// user said yes to the intent's confirmation; `now` is the request's reference time
    /// (``IntentRequest/now``). Never throws: failures are replies.
    public func perform(_ call: IntentCall, confirmed: Bool = false, now: LocalDateTime? = nil) async -> AppReply {
        guard let (type, model) = intentIndex[call.intent], let definition = model.definition.intent(call.intent) else {
            return .failure(message: "Unknown intent '\(call.intent)'.")
        }
        return await AppDependencyManager.$current.withValue(model.dependencies) {
            await PerformContext.$current.withValue(PerformContext(confirmed: confirmed, now: now)) {
                await Self.run(type, definition: definition, call: call, app: model.definition.id)
            }
        }
    }

    private static func run<Intent: AppIntent>(
        _ type: Intent.Type, definition: IntentDefinition, call: IntentCall, app: String
    ) async -> AppReply {
        let intent = Intent()
        let parameters = IntentIntrospection.bindNames(intent)
        do {
            for found in parameters {
                guard let raw = call.parameters[found.name], raw != .null, let parameterDefinition = definition.parameter(found.name) else {
                    continue
                }
                guard let value = Value(json: raw, as: parameterDefinition.type), try await found.parameter.assign(value) else {
                    if case .entity = parameterDefinition.type.elementType {
                        let those = parameterDefinition.type.isList ? "those" : "that"
                        return .failure(message: "Sorry, I couldn't find \(those) \(parameterDefinition.title.lowercased()).")
                    }
                    return .needsValue(parameter: found.name, prompt: parameterDefinition.requestValueDialog)
                }
            }
            if let missing = parameters.first(where: { !$0.parameter.hasValue }) {
                return .needsValue(parameter: missing.name, prompt: missing.parameter.requestValueDialog)
            }
            let result = try await intent.perform()
            return .result(reply(result.content, app: app))
        } catch let followUp as IntentFollowUp {
            return reply(followUp)
        } catch let error as any CustomLocalizedStringResourceConvertible {
            return .failure(message: error.localizedStringResource.text)
        } catch {
            return .failure(message: "\(error)")
        }
    }

    private static func reply(_ content: IntentResultContent, app: String) -> Wire.IntentResult {
        var opens: IntentCall?
        if let intent = content.opensIntent {
            opens = IntentCall(intent: "\(app).\(type(of: intent).identifier)", parameters: IntentIntrospection.values(of: intent))
        }
        return Wire.IntentResult(
            dialog: content.dialog, value: content.value?.json, snippet: content.snippet, opensIntent: opens,
            shows: content.shows.isEmpty ? nil : content.shows.map(\.json))
    }

    private static func reply(_ followUp: IntentFollowUp) -> AppReply {
        switch followUp {
        case .needsValue(let parameter, let prompt): .needsValue(parameter: parameter, prompt: prompt)
        case .disambiguate(let parameter, let prompt, let choices):
            .disambiguate(
                parameter: parameter, prompt: prompt,
                choices: choices.enumerated().map { Choice(index: $0.offset + 1, title: $0.element.title, value: $0.element.value.json) })
        case .confirm(let prompt, let preview): .confirm(prompt: prompt, preview: preview)
        }
    }

    /// Answers a query about an app's entities.
    public func query(_ query: Wire.EntityQuery) async throws(RPCError) -> EntityList {
        guard let (type, model) = entityIndex[query.entityType] else {
            throw RPCError(.unknownName, "Unknown entity type", data: .object([("entityType", .string(query.entityType))]))
        }
        do {
            let found = try await AppDependencyManager.$current.withValue(model.dependencies) {
                try await Self.answer(query, type)
            }
            return EntityList(Array(found.prefix(max(0, query.limit ?? .max))))
        } catch let error as RPCError {
            throw error
        } catch {
            throw RPCError(.internalError, "Internal error", data: .object([("reason", .string("\(error)"))]))
        }
    }
}
