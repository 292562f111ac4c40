import IntentModel

/// Checks what an app's intents, entities and enums adopt against the ``SchemaCatalog``, as
/// Apple's build step does: every parameter of the schema, with its name and type; every
/// required property of an entity schema; every case of an enum schema; whole domains
/// (mail, messages, clock) adopted whole.
///
/// Runs where an app is compiled (``PhraseCompiler``), so phrase files and apps that register
/// over the socket are held to the same rules. Only intents that adopt correctly receive the
/// schema's phrases.
package struct SchemaAdoptionChecker {
    let catalog: SchemaCatalog
    /// ``PhraseLibrary/sourceLocations``.
    let locations: [String: SourceLocation]

    package init(catalog: SchemaCatalog, locations: [String: SourceLocation] = [:]) {
        self.catalog = catalog
        self.locations = locations
    }

    /// The problems of `app`'s adoptions, and the intents that adopt their schema correctly.
    package func check(_ app: AppDefinition) -> (diagnostics: [Diagnostic], adopters: Set<String>) {
        var diagnostics: [Diagnostic] = []
        var adopters = Set<String>()
        var firstAdopter: [String: IntentDefinition] = [:]
        for intent in app.intents {
            guard let schemaID = intent.adoptedSchema else { continue }
            let at = locations["intent:\(intent.id)"]
            guard let schema = catalog.intentSchema(schemaID) else {
                diagnostics.append(.error(unknown(schemaID, adoptedBy: intent.id, expecting: "intent"), at: at))
                continue
            }
            if let other = firstAdopter[schemaID] {
                diagnostics.append(
                    .error(
                        "\(intent.id) adopts \(schemaID), which \(other.id) already adopts; an app adopts a schema once",
                        at: at))
                continue
            }
            firstAdopter[schemaID] = intent
            let problems = problems(of: intent, adopting: schema, in: app)
            diagnostics += problems
            if problems.isEmpty { adopters.insert(intent.id) }
        }
        diagnostics += wholeDomainProblems(app, adopted: firstAdopter)
        for entity in app.entityTypes {
            guard let schemaID = entity.adoptedSchema else { continue }
            guard let schema = catalog.entitySchema(schemaID) else {
                diagnostics.append(
                    .error(
                        unknown(schemaID, adoptedBy: entity.name, expecting: "entity"),
                        at: locations["entity:\(entity.name)"]))
                continue
            }
            diagnostics += problems(of: entity, adopting: schema, in: app)
        }
        for definition in app.enums {
            guard let schemaID = definition.adoptedSchema else { continue }
            let at = locations["enum:\(definition.name)"]
            guard let schema = catalog.enumSchema(schemaID) else {
                diagnostics.append(.error(unknown(schemaID, adoptedBy: definition.name, expecting: "enum"), at: at))
                continue
            }
            guard schema.confidence.isEnforced else { continue }
            for name in schema.cases where !definition.cases.contains(where: { $0.id == name }) {
                diagnostics.append(.error("\(definition.name) adopts \(schema.id) but lacks case '\(name)'", at: at))
            }
        }
        return (diagnostics, adopters)
    }

    private func problems(of intent: IntentDefinition, adopting schema: IntentSchema, in app: AppDefinition)
        -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        let adoptsAt = locations["intent:\(intent.id)"]
        for expected in schema.parameters {
            let lead = "\(intent.id) adopts \(schema.id)"
            guard let parameter = intent.parameter(expected.name) else {
                var message = "\(lead) but lacks parameter '\(expected.name)' (\(expected.typeText))"
                if let kind = schema.kind, kind.fixedParameter == expected.name {
                    message += "; \(kind.rawValue) schemas name it '\(expected.name)'"
                }
                diagnostics.append(.error(message, at: adoptsAt))
                continue
            }
            let at = locations["intent:\(intent.id)/\(expected.name)"] ?? adoptsAt
            if let mismatch = mismatch(expected.type, parameter.type, in: app) {
                diagnostics.append(.error("\(lead) but its parameter '\(expected.name)' is \(mismatch)", at: at))
            } else if expected.isOptional, parameter.isRequired {
                diagnostics.append(
                    .error(
                        "\(lead) but requires parameter '\(expected.name)', which the schema leaves optional (\(expected.typeText)); "
                            + "make it optional or give it a default", at: at))
            }
        }
        return diagnostics
    }

    private func problems(of entity: EntityTypeDefinition, adopting schema: EntitySchema, in app: AppDefinition)
        -> [Diagnostic]
    {
        guard schema.confidence.isEnforced else { return [] }
        var diagnostics: [Diagnostic] = []
        let adoptsAt = locations["entity:\(entity.name)"]
        for expected in schema.properties {
            guard let property = entity.properties.first(where: { $0.name == expected.name }) else {
                // An optional property may be left out: the entity simply never has it.
                if !expected.isOptional {
                    diagnostics.append(
                        .error(
                            "\(entity.name) adopts \(schema.id) but lacks property '\(expected.name)' (\(expected.typeText))",
                            at: adoptsAt))
                }
                continue
            }
            if let mismatch = mismatch(expected.type, property.type, in: app) {
                diagnostics.append(
                    .error(
                        "\(entity.name) adopts \(schema.id) but its property '\(expected.name)' is \(mismatch)",
                        at: locations["entity:\(entity.name)/\(expected.name)"] ?? adoptsAt))
            }
        }
        return diagnostics
    }

    /// Mail, messages and clock: adopting one intent schema means adopting them all.
    private func wholeDomainProblems(_ app: AppDefinition, adopted: [String: IntentDefinition]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for domain in catalog.domains where domain.adoptWhole {
            let mine = domain.intents.filter { adopted[$0.id] != nil }
            guard let first = mine.first, let adopter = adopted[first.id], mine.count < domain.intents.count else {
                continue
            }
            let missing = domain.intents.filter { adopted[$0.id] == nil }.map(\.id)
            diagnostics.append(
                .error(
                    "app '\(app.id)' adopts \(mine.map(\.id).joined(separator: ", ")) of the \(domain.id) domain, which is adopted whole; "
                        + "no intent adopts \(missing.joined(separator: ", "))", at: locations["intent:\(adopter.id)"]))
        }
        return diagnostics
    }

    /// Why `type` does not fit `expected`, as the end of a sentence ("Person, not [Person]"), or nil.
    func mismatch(_ expected: SchemaType, _ type: ValueType, in app: AppDefinition) -> String? {
        fits(expected, type, in: app) ? nil : "\(type), not \(describe(expected, for: type, in: app))"
    }

    private func fits(_ expected: SchemaType, _ type: ValueType, in app: AppDefinition) -> Bool {
        switch (expected, type) {
        case (.any, _): return true
        case (.list(let element), .list(let actual)): return fits(element, actual, in: app)
        case (.list, _), (_, .list): return false
        case (.value(.measurement(nil)), .measurement): return true
        case (.value(let value), _): return value == type
        case (.schema(let id), .entity(let name)): return app.entityType(name)?.adoptedSchema == id
        case (.schema(let id), .enumeration(let name)): return app.enumType(name)?.adoptedSchema == id
        case (.schema, _): return false
        }
    }

    /// "mail.account (an entity that adopts mail.account; MailAccount does not)".
    private func describe(_ expected: SchemaType, for type: ValueType, in app: AppDefinition) -> String {
        guard case .schema(let id) = expected.elementType else { return expected.description }
        let kind = catalog.enumSchema(id) != nil ? "an enum" : "an entity"
        var text = "\(expected) (\(kind) that adopts \(id)"
        if case .entity(let name) = type.elementType, let entity = app.entityType(name) {
            text += entity.adoptedSchema.map { "; \(name) adopts \($0)" } ?? "; \(name) adopts no schema"
        } else if case .enumeration(let name) = type.elementType, let definition = app.enumType(name) {
            text += definition.adoptedSchema.map { "; \(name) adopts \($0)" } ?? "; \(name) adopts no schema"
        }
        return text + ")"
    }

    /// An adoption of an id the catalogue does not have, or has as another kind of schema.
    private func unknown(_ id: String, adoptedBy owner: String, expecting kind: String) -> String {
        let kinds: [(String, Bool)] = [
            ("intent", catalog.intentSchema(id) != nil), ("entity", catalog.entitySchema(id) != nil),
            ("enum", catalog.enumSchema(id) != nil),
        ]
        if let actual = kinds.first(where: \.1)?.0 {
            let examples = ["intent": "mail.createDraft", "entity": "mail.account", "enum": "phone.audioVisualMode"]
            return
                "\(owner) adopts \(id), which is an \(actual) schema; \(Spelling.withArticle(kind)) adopts \(Spelling.withArticle(kind)) schema such as \(examples[kind] ?? "")"
        }
        let candidates: [String] =
            switch kind {
            case "intent": catalog.intentSchemas.map(\.id)
            case "entity": catalog.entitySchemas.map(\.id)
            default: catalog.enumSchemas.map(\.id)
            }
        if catalog.isEmpty { return "\(owner) adopts \(PhraseLibraryLoader.unknownSchemaMessage(id, in: catalog))" }
        let hint = Spelling.suggestion(for: id, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
        return "\(owner) adopts unknown \(kind) schema '\(id)'\(hint)"
    }
}
