import IntentModel

/// Builds an app's definition from its code, as Apple's build step extracts App Intents
/// metadata: intents and parameters from `@Parameter`s, enums from their cases, entity
/// types from `@Property`s, entity values (names the matcher should know) from the
/// default queries, phrases from the app shortcuts.
public struct AppModel: Sendable {
    /// The definition, as `app.register` sends it and ManifestWriter writes it.
    public let definition: AppDefinition
    /// The intent types by qualified id (`tasks.add`).
    let intents: [String: any AppIntent.Type]
    /// The entity types by qualified name (`tasks.Task`).
    let entities: [String: any AppEntity.Type]
    let dependencies: AppDependencyManager

    /// Extracts `app`'s definition; entity values are listed with `dependencies` in effect.
    public static func extract(_ app: any IntentApp.Type, dependencies: AppDependencyManager) async -> AppModel {
        let id = app.id
        var types = TypeCollector()
        var intents: [IntentDefinition] = []
        var intentTypes: [String: any AppIntent.Type] = [:]
        for type in app.intents {
            let definition = IntentIntrospection.definition(of: type, appID: id, types: &types)
            intents.append(definition)
            intentTypes[definition.id] = type
        }
        for extra in app.additionalTypes { extra.collectTypes(into: &types) }
        var phrases: [PhraseTemplate] = []
        for shortcut in app.shortcuts?.appShortcuts ?? [] {
            let intentID = "\(id).\(shortcut.intentType.identifier)"
            phrases += shortcut.phrases.map { PhraseTemplate(intent: intentID, language: "en", text: $0) }
        }
        var entityDefinitions: [EntityTypeDefinition] = []
        var entityTypes: [String: any AppEntity.Type] = [:]
        var index = 0
        // Entity properties may mention more entities and enums: walk until none are new.
        while index < types.entities.count {
            let type = types.entities[index]
            let (definition, more) = await AppDependencyManager.$current.withValue(dependencies) {
                await makeEntityDefinition(type, app: id, types: types)
            }
            types = more
            entityDefinitions.append(definition)
            entityTypes[definition.name] = type
            index += 1
        }
        let enums = types.enums.map { makeEnumDefinition($0, app: id) }
        let definition = AppDefinition(
            id: id, displayName: app.name, synonyms: app.synonyms, intents: intents, entityTypes: entityDefinitions, enums: enums,
            phrases: phrases, exec: app.exec)
        return AppModel(definition: definition, intents: intentTypes, entities: entityTypes, dependencies: dependencies)
    }

    private static func makeEntityDefinition<E: AppEntity>(
        _ type: E.Type, app: String, types collected: TypeCollector
    ) async -> (EntityTypeDefinition, TypeCollector) {
        var types = collected
        let values = (try? await E.defaultQuery.suggestedEntities()) ?? []
        var properties: [PropertyDefinition] = []
        if let sample = values.first ?? E.metadataPrototype {
            for found in EntityIntrospection.properties(of: sample) {
                Swift.type(of: found.property).collectTypes(into: &types)
                properties.append(
                    PropertyDefinition(
                        name: found.name, title: found.title, type: IntentIntrospection.qualify(found.type, app: app), isOptional: found.isOptional))
            }
        }
        let definition = EntityTypeDefinition(
            name: "\(app).\(E.entityTypeName)", displayName: E.typeDisplayRepresentation.name.text, properties: properties,
            values: values.map(\.entityRecord), adoptedSchema: E.assistantSchema?.identifier)
        return (definition, types)
    }

    private static func makeEnumDefinition<E: AppEnum>(_ type: E.Type, app: String) -> EnumDefinition {
        let cases = E.allCases.map { value in
            let display = value.displayRepresentation
            return EnumCase(id: value.rawValue, title: display.title.text, synonyms: display.synonyms.map(\.text))
        }
        return EnumDefinition(
            name: "\(app).\(E.enumTypeName)", displayName: E.typeDisplayRepresentation.name.text, cases: cases,
            adoptedSchema: E.assistantSchema?.identifier)
    }
}
