import IntentModel
import Wire

extension Conversation {
    /// Asks the apps for the names the router could not resolve, as App Intents hands a spoken
    /// name to the entity's string query (`entities(matching:)`): one match is the value,
    /// several become a choice (`ambiguities`). Returns the first name no entity matches, to be
    /// asked for; an app that cannot be reached or has no string query finds nothing.
    func lookUpNames(_ call: inout PendingCall) async -> (parameter: ParameterDefinition, text: String)? {
        while let (name, text) = call.unresolved.first.map({ ($0.name, $0.text) }) {
            call.unresolved.removeFirst()
            guard let parameter = call.intent.parameter(name), call.value(name) == nil,
                case .entity(let type) = parameter.type.elementType
            else { continue }
            let found = (try? await query(EntityQuery(entityType: type, kind: .string(text), limit: 10)).entities) ?? []
            let values = found.map { Value.entity($0.reference) }
            switch values.count {
            case 0: return (parameter, text)
            case 1: call.set(name, (parameter.type.isList ? Value.list(values) : values[0]).json)
            default: call.ambiguities.append((name, values))
            }
        }
        return nil
    }

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
