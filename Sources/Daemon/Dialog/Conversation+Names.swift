import IntentModel
import Resolvers
import Wire

extension Conversation {
    /// Asks the apps for the names the router could not resolve, as App Intents hands a spoken
    /// name to the entity's string query (`entities(matching:)`), or a description to its
    /// property query ("the book by william gibson"): one match is the value,
    /// several become a choice (`ambiguities`). Returns the first name no entity matches, to be
    /// asked for; an app that cannot be reached or has no string query finds nothing.
    func lookUpNames(_ call: inout PendingCall) async -> (parameter: ParameterDefinition, text: String)? {
        while let (name, text) = call.unresolved.first.map({ ($0.name, $0.text) }) {
            call.unresolved.removeFirst()
            guard let parameter = call.intent.parameter(name), call.value(name) == nil,
                case .entity(let type) = parameter.type.elementType
            else { continue }
            // A description ("by william gibson", "the newest one") goes to the app's property
            // query; a name, or a description the app cannot answer, to its string query.
            var found: [EntityRecord] = []
            if let described = describedQuery(text, type: type) {
                found = (try? await query(described).entities) ?? []
            }
            if found.isEmpty {
                found = (try? await query(EntityQuery(entityType: type, kind: .string(text), limit: 10)).entities) ?? []
            }
            let values = found.map { Value.entity($0.reference) }
            switch values.count {
            case 0: return (parameter, text)
            case 1: call.set(name, (parameter.type.isList ? Value.list(values) : values[0]).json)
            default: call.ambiguities.append((name, values))
            }
        }
        return nil
    }

    /// `text` read as a description of entities of `type` by their properties, as the app's
    /// property query (`EntityPropertyQuery`) takes it, or nil when it names no property.
    func describedQuery(_ text: String, type: String) -> EntityQuery? {
        guard let app = registry.router.library.app(String(type.prefix { $0 != "." })),
            let definition = app.entityType(type)
        else { return nil }
        let chain = ResolverChain(enums: app.enums, entityTypes: [definition])
        guard let described = chain.propertyQuery(text, for: type, context: registry.router.context()) else { return nil }
        let filters = described.filters.map {
            EntityQuery.PropertyFilter(property: $0.property, comparator: $0.comparator.rawValue, value: $0.value.json)
        }
        let sort = described.sort.map { EntityQuery.SortKey(property: $0.property, ascending: $0.ascending) }
        return EntityQuery(entityType: type, kind: .property(filters: filters, matchAll: true, sort: sort), limit: described.limit ?? 10)
    }

    /// After an intent of `appID` was performed, asks the app for every entity of each type it
    /// lists (tasks, drafts, events), so that a task just added is matched by name and one just
    /// deleted no longer is. An app that cannot list them all keeps what it had.
    func refreshEntities(of appID: String) async {
        guard await registry.isConnected(appID), let app = registry.router.library.app(appID) else { return }
        let skipped = await registry.notEnumerable
        for type in app.entityTypes where !skipped.contains(type.name) {
            guard let all = try? await query(EntityQuery(entityType: type.name, kind: .all, limit: Self.entityRefreshLimit)) else {
                await registry.cannotEnumerate(type.name)
                continue
            }
            await registry.updateEntities(type.name, to: all.entities)
        }
    }

    /// The most entities of one type taken into the router's names by a refresh.
    static let entityRefreshLimit = 1000

    /// "I couldn't find a task called 'buy bred'. What task would you like to open?"
    func notFoundPrompt(_ parameter: ParameterDefinition, text: String) -> String {
        var noun = parameter.title.lowercased()
        if case .entity(let type) = parameter.type.elementType,
            let definition = registry.router.library.app(String(type.prefix { $0 != "." }))?.entityType(type)
        {
            noun = definition.displayName.lowercased()
        }
        let article = noun.first.map { "aeiou".contains($0) } ?? false ? "an" : "a"
        let question = parameter.requestValueDialog ?? "What is the \(parameter.title.lowercased())?"
        return "I couldn't find \(article) \(noun) called '\(text)'. \(question)"
    }
}
