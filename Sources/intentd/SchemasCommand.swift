import ArgumentParser
import IntentModel
import Phrases

/// `intentd schemas`: the assistant-schema catalogue, a domain of it, or one schema.
struct SchemasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemas",
        abstract: "List the assistant schemas, or describe a domain or one schema.",
        discussion: """
            With no argument, lists the domains; with a domain (mail), lists its schemas with \
            their parameters; with a schema id (mail.createDraft), describes it: purpose, \
            parameters, how sure the catalogue is of it, the intents that adopt it and its phrases. \
            The catalogue is the catalog: file among the phrase files (Phrases/schemas/catalog.yaml).
            """)

    @OptionGroup var phrases: PhraseOptions

    @Argument(help: "A domain (mail) or a schema id (mail.createDraft).")
    var name: String?

    func run() throws {
        let library = PhraseLibraryLoader.load(paths: try phrases.resolvedPaths())
        for diagnostic in library.errors { emitError("\(diagnostic)") }
        let catalog = library.catalog
        guard !catalog.isEmpty else {
            emitError("No schema catalogue among the phrase files: load Phrases/schemas/catalog.yaml (--phrases).")
            throw ExitCode(1)
        }
        let listing = SchemaListing(library: library)
        guard let name else {
            listing.domains().forEach(emitLine)
            return
        }
        if let domain = catalog.domain(name) {
            listing.domain(domain).forEach(emitLine)
        } else if let lines = listing.schema(name) {
            lines.forEach(emitLine)
        } else {
            let hint =
                Spelling.suggestion(for: name, among: catalog.domains.map(\.id) + catalog.allIDs).map {
                    " Did you mean '\($0)'?"
                } ?? ""
            emitError("Unknown domain or schema '\(name)'.\(hint)")
            throw ExitCode(1)
        }
    }
}

/// The text `intentd schemas` prints.
struct SchemaListing {
    let library: PhraseLibrary
    var catalog: SchemaCatalog { library.catalog }

    func domains() -> [String] {
        let width = catalog.domains.map(\.id.count).max() ?? 0
        var lines = catalog.domains.map { domain in
            var counts = ["\(domain.intents.count) intent"]
            if !domain.entities.isEmpty { counts.append("\(domain.entities.count) entity") }
            if !domain.enums.isEmpty { counts.append("\(domain.enums.count) enum") }
            let whole = domain.adoptWhole ? ", adopted whole" : ""
            let phrased =
                domain.intents.contains { schema in library.schemaPhrases.contains { $0.schema == schema.id } }
                ? ", phrases" : ""
            return pad(domain.id, width) + "  \(domain.title): " + counts.joined(separator: ", ")
                + " schemas\(whole)\(phrased)"
        }
        let intents = catalog.intentSchemas.count
        lines.append(
            "\(catalog.domains.count) domains, \(intents) intent, \(catalog.entitySchemas.count) entity and "
                + "\(catalog.enumSchemas.count) enum schemas; `intentd schemas DOMAIN` lists a domain's.")
        return lines
    }

    func domain(_ domain: SchemaDomain) -> [String] {
        var lines = ["\(domain.id): \(domain.title) (\(domain.category)\(domain.adoptWhole ? ", adopted whole" : ""))"]
        if let source = domain.source { lines.append("  \(source)") }
        if !domain.intents.isEmpty { lines.append("intent schemas:") }
        for schema in domain.intents {
            var line = "  \(schema.id)(\(schema.parameters.map(\.description).joined(separator: ", ")))"
            if let returns = schema.returns { line += " → \(returns)" }
            line += "  [\(schema.confidence.rawValue)]"
            let adopters = adopters(of: schema.id)
            if !adopters.isEmpty { line += "  adopted by \(adopters.joined(separator: ", "))" }
            lines.append(line)
        }
        if !domain.entities.isEmpty { lines.append("entity schemas:") }
        for schema in domain.entities {
            let properties =
                schema.properties.isEmpty ? "" : " {\(schema.properties.map(\.description).joined(separator: ", "))}"
            lines.append("  \(schema.id)\(properties)  [\(schema.confidence.rawValue)]")
        }
        if !domain.enums.isEmpty { lines.append("enum schemas:") }
        for schema in domain.enums {
            let cases = schema.cases.isEmpty ? "" : " {\(schema.cases.joined(separator: ", "))}"
            lines.append("  \(schema.id)\(cases)  [\(schema.confidence.rawValue)]")
        }
        return lines
    }

    /// The description of one schema, or nil when the catalogue has none by that id.
    func schema(_ id: String) -> [String]? {
        if let schema = catalog.intentSchema(id) { return describe(schema) }
        if let schema = catalog.entitySchema(id) {
            var lines = [
                "\(schema.id): \(schema.purpose)", "  entity schema of the \(SchemaCatalog.domainID(of: id)) domain",
            ]
            lines += section("properties", schema.properties.map(\.description))
            lines.append(
                "  confidence: \(schema.confidence.rawValue)\(schema.confidence.isEnforced ? "" : " (its properties are not enforced)")"
            )
            lines += section(
                "adopted by", library.apps.flatMap { $0.entityTypes.filter { $0.adoptedSchema == id }.map(\.name) })
            return lines
        }
        if let schema = catalog.enumSchema(id) {
            var lines = [
                "\(schema.id): \(schema.purpose)", "  enum schema of the \(SchemaCatalog.domainID(of: id)) domain",
            ]
            lines += section("cases", schema.cases)
            lines.append(
                "  confidence: \(schema.confidence.rawValue)\(schema.confidence.isEnforced ? "" : " (its cases are not enforced)")"
            )
            lines += section(
                "adopted by", library.apps.flatMap { $0.enums.filter { $0.adoptedSchema == id }.map(\.name) })
            return lines
        }
        return nil
    }

    private func describe(_ schema: IntentSchema) -> [String] {
        let domain = catalog.domain(schema.domainID)
        var lines = ["\(schema.id): \(schema.purpose)"]
        var about = "  intent schema of the \(schema.domainID) domain"
        if domain?.adoptWhole == true { about += ", which is adopted whole" }
        if let kind = schema.kind { about += "; an \(kind.rawValue) schema (it takes '\(kind.fixedParameter)')" }
        lines.append(about)
        lines += section("parameters", schema.parameters.map(\.description))
        if let returns = schema.returns { lines.append("  returns: \(returns)") }
        lines.append("  confidence: \(schema.confidence.rawValue)")
        lines += section("adopted by", adopters(of: schema.id))
        let sets = library.schemaPhrases.filter { $0.schema == schema.id }
        let phrases = sets.flatMap(\.phrases)
        if phrases.isEmpty {
            lines.append("  phrases: none yet; adopters are reached through their own phrases")
        } else {
            let files = Set(phrases.compactMap { $0.location?.file }).sorted().joined(separator: ", ")
            lines.append("  phrases: \(phrases.count) (\(files)), such as")
            lines += phrases.prefix(5).map { phrase in
                let implied = phrase.values.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value.serialized)" }
                return "    \(phrase.text)" + (implied.isEmpty ? "" : "  (sets \(implied.joined(separator: ", ")))")
            }
        }
        return lines
    }

    private func adopters(of id: String) -> [String] {
        library.apps.flatMap { app in
            app.intents.filter { $0.adoptedSchema == id }.map { "\($0.id) (\(app.displayName))" }
        }
    }

    private func section(_ title: String, _ items: [String]) -> [String] {
        items.isEmpty ? [] : ["  \(title):"] + items.map { "    \($0)" }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
