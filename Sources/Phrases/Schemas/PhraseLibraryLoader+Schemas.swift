import IntentModel

extension PhraseLibraryLoader {
    /// Adds a `catalog:` file's domains; a domain already known gains the new schemas, and a
    /// schema defined twice is an error at the second definition.
    static func merge(_ catalog: SchemaCatalog, into library: inout PhraseLibrary) {
        for domain in catalog.domains {
            guard let index = library.catalog.domains.firstIndex(where: { $0.id == domain.id }) else {
                library.catalog.domains.append(domain)
                continue
            }
            var merged = library.catalog.domains[index]
            let known = Set(
                library.catalog.domains[index].intents.map(\.id) + merged.entities.map(\.id) + merged.enums.map(\.id))
            func duplicate(_ id: String, _ location: SourceLocation?) -> Bool {
                guard known.contains(id) else { return false }
                library.diagnostics.append(.error("schema '\(id)' is already defined", at: location))
                return true
            }
            merged.intents += domain.intents.filter { !duplicate($0.id, $0.location) }
            merged.entities += domain.entities.filter { !duplicate($0.id, $0.location) }
            merged.enums += domain.enums.filter { !duplicate($0.id, $0.location) }
            merged.adoptWhole = merged.adoptWhole || domain.adoptWhole
            library.catalog.domains[index] = merged
        }
    }

    /// Checks the merged catalogue and the schema phrase files against it; phrases with an
    /// error are reported and left out, so every adopter gets only phrases that fit it.
    static func validateSchemas(_ library: inout PhraseLibrary) {
        library.diagnostics += SchemaCatalogValidator.diagnostics(for: library.catalog)
        var sets: [SchemaPhraseSet] = []
        for var set in library.schemaPhrases {
            guard let schema = library.catalog.intentSchema(set.schema) else {
                library.diagnostics.append(
                    .error(unknownSchemaMessage(set.schema, in: library.catalog), at: set.location))
                continue
            }
            var checker = SchemaPhraseChecker(
                schema: schema, set: set, shared: library.languages[set.language]?.rules ?? [:])
            set.phrases = set.phrases.filter { checker.check($0) }
            var seen = Set<String>()
            library.diagnostics += checker.diagnostics.filter { seen.insert($0.description).inserted }
            sets.append(set)
        }
        library.schemaPhrases = sets
    }

    /// "unknown schema 'mail.createDraf'; did you mean 'mail.createDraft'?"
    package static func unknownSchemaMessage(_ id: String, in catalog: SchemaCatalog) -> String {
        guard !catalog.isEmpty else {
            return
                "unknown schema '\(id)': no schema catalogue is loaded (load Phrases/schemas/catalog.yaml with the phrase files)"
        }
        let hint =
            Spelling.suggestion(for: id, among: catalog.intentSchemas.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown schema '\(id)'\(hint)"
    }
}

/// Checks one schema's phrase templates: syntax, rules, and that every slot is one of the
/// schema's parameters.
struct SchemaPhraseChecker {
    let schema: IntentSchema
    let set: SchemaPhraseSet
    let shared: [String: PhraseTemplate]
    var diagnostics: [Diagnostic] = []

    init(schema: IntentSchema, set: SchemaPhraseSet, shared: [String: PhraseTemplate]) {
        self.schema = schema
        self.set = set
        self.shared = shared
    }

    mutating func check(_ template: PhraseTemplate) -> Bool {
        for (name, value) in template.values.sorted(by: { $0.key < $1.key }) {
            guard let parameter = schema.parameter(name) else {
                let names = schema.parameters.map(\.name).joined(separator: ", ")
                report(
                    "phrase \"\(template.text)\" sets '\(name)', which is not a parameter of \(schema.id) (\(names))",
                    template, offset: 0)
                return false
            }
            let fits: Bool =
                switch parameter.type {
                case .value(let type): Value(implied: value, as: type) != nil
                case .schema, .list: value.stringValue != nil
                case .any: true
                }
            guard fits else {
                report(
                    "phrase \"\(template.text)\" sets '\(name)' to \(value.serialized), which is not a \(parameter.typeText)",
                    template, offset: 0)
                return false
            }
        }
        let node: TemplateNode
        do {
            node = try TemplateParser.parse(template.text)
        } catch {
            report("\(error.message) in phrase \"\(template.text)\"", template, offset: error.offset)
            return false
        }
        return check(node, template, ruleStack: [])
    }

    private mutating func check(_ node: TemplateNode, _ template: PhraseTemplate, ruleStack: [String]) -> Bool {
        let top = ruleStack.isEmpty
        for slot in node.slots where schema.parameter(slot.name) == nil {
            let names = schema.parameters.map(\.name)
            let known =
                names.isEmpty
                ? "\(schema.id) has no parameters" : "\(schema.id) has parameters \(names.joined(separator: ", "))"
            let hint = Spelling.suggestion(for: slot.name, among: names).map { "; did you mean '{\($0)}'?" } ?? ""
            report(
                "unknown slot '{\(slot.name)}' in phrase \"\(template.text)\"; \(known)\(hint)", template,
                offset: top ? slot.column : 0)
            return false
        }
        for rule in node.rules {
            guard !ruleStack.contains(rule.name) else {
                report("rule '<\(rule.name)>' refers to itself", template, offset: top ? rule.column : 0)
                return false
            }
            guard let definition = set.rules[rule.name] ?? shared[rule.name] else {
                report(
                    "unknown rule '<\(rule.name)>' in phrase \"\(template.text)\"", template,
                    offset: top ? rule.column : 0)
                return false
            }
            let parsed: TemplateNode
            do {
                parsed = try TemplateParser.parse(definition.text)
            } catch {
                diagnostics.append(
                    .error(
                        "\(error.message) in rule '\(rule.name)'", at: definition.location?.advanced(by: error.offset)))
                return false
            }
            guard check(parsed, template, ruleStack: ruleStack + [rule.name]) else { return false }
        }
        return true
    }

    private mutating func report(_ message: String, _ template: PhraseTemplate, offset: Int) {
        diagnostics.append(.error(message, at: template.location?.advanced(by: offset)))
    }
}
