import IntentModel
import Yams

/// Reads a `catalog:` file (Phrases/schemas/catalog.yaml, docs/schemas.md): domains with
/// their intent, entity and enum schemas.
extension PhraseFileReader {
    mutating func readCatalog(_ root: Node) -> SchemaCatalog {
        var catalog = SchemaCatalog()
        for (domainID, keyNode, node) in reader.mapping(root[field: "domains"], "domains") {
            guard Self.isIdentifier(domainID) else {
                reader.error("domain id '\(domainID)' may hold only letters and digits", at: keyNode)
                continue
            }
            reader.checkKeys(
                reader.mapping(node, "domain '\(domainID)'"),
                allowed: ["title", "category", "adoptWhole", "source", "intents", "entities", "enums"],
                in: "domain '\(domainID)'")
            var domain = SchemaDomain(
                id: domainID, title: reader.string(node[field: "title"], "title") ?? domainID,
                category: reader.string(node[field: "category"], "category") ?? "primary",
                adoptWhole: reader.bool(node[field: "adoptWhole"], "adoptWhole") ?? false,
                source: reader.string(node[field: "source"], "source"),
                location: reader.location(of: keyNode))
            for (name, key, value) in reader.mapping(node[field: "intents"], "intents of domain '\(domainID)'") {
                guard let id = schemaID(domainID, name, key) else { continue }
                domain.intents.append(readIntentSchema(value, id: id, location: reader.location(of: key)))
            }
            for (name, key, value) in reader.mapping(node[field: "entities"], "entities of domain '\(domainID)'") {
                guard let id = schemaID(domainID, name, key) else { continue }
                reader.checkKeys(
                    reader.mapping(value, "entity schema '\(id)'"), allowed: ["purpose", "properties", "confidence"],
                    in: "entity schema '\(id)'")
                domain.entities.append(
                    EntitySchema(
                        id: id, purpose: reader.string(value[field: "purpose"], "purpose") ?? "",
                        properties: readSchemaParameters(value[field: "properties"], owner: "entity schema '\(id)'"),
                        confidence: confidence(value[field: "confidence"]), location: reader.location(of: key)))
            }
            for (name, key, value) in reader.mapping(node[field: "enums"], "enums of domain '\(domainID)'") {
                guard let id = schemaID(domainID, name, key) else { continue }
                reader.checkKeys(
                    reader.mapping(value, "enum schema '\(id)'"), allowed: ["purpose", "cases", "confidence"],
                    in: "enum schema '\(id)'")
                domain.enums.append(
                    EnumSchema(
                        id: id, purpose: reader.string(value[field: "purpose"], "purpose") ?? "",
                        cases: reader.strings(value[field: "cases"], "cases of enum schema '\(id)'").map(\.0),
                        confidence: confidence(value[field: "confidence"]), location: reader.location(of: key)))
            }
            catalog.domains.append(domain)
        }
        if catalog.domains.isEmpty { reader.error("a catalog file needs 'domains', each with its schemas", at: root) }
        return catalog
    }

    private mutating func readIntentSchema(_ node: Node, id: String, location: SourceLocation?) -> IntentSchema {
        reader.checkKeys(
            reader.mapping(node, "intent schema '\(id)'"),
            allowed: ["purpose", "kind", "parameters", "returns", "confidence"],
            in: "intent schema '\(id)'")
        var schema = IntentSchema(
            id: id, purpose: reader.string(node[field: "purpose"], "purpose") ?? "",
            parameters: readSchemaParameters(node[field: "parameters"], owner: "intent schema '\(id)'"),
            confidence: confidence(node[field: "confidence"]), location: location)
        if let kindNode = node[field: "kind"], let text = reader.string(kindNode, "kind") {
            if let kind = IntentSchema.Kind(rawValue: text) {
                schema.kind = kind
            } else {
                let kinds = IntentSchema.Kind.allCases.map(\.rawValue)
                let hint = Spelling.suggestion(for: text, among: kinds).map { "; did you mean '\($0)'?" } ?? ""
                reader.error(
                    "unknown schema kind '\(text)'; expected one of \(kinds.joined(separator: ", "))\(hint)",
                    at: kindNode)
            }
        }
        if let returnsNode = node[field: "returns"], let text = reader.string(returnsNode, "returns") {
            if SchemaType.parse(ValueType.optionality(of: text).name) == nil {
                reader.error("unknown type '\(text)' for what \(id) returns", at: returnsNode)
            } else {
                schema.returns = text
            }
        }
        return schema
    }

    /// `name: Type` pairs; `Type?` is optional.
    private mutating func readSchemaParameters(_ node: Node?, owner: String) -> [SchemaParameter] {
        var parameters: [SchemaParameter] = []
        for (name, key, value) in reader.mapping(node, "parameters of \(owner)") {
            guard let written = reader.string(value, "the type of '\(name)'") else { continue }
            let (text, optional) = ValueType.optionality(of: written)
            guard let type = SchemaType.parse(text) else {
                reader.error(
                    "unknown type '\(text)' for '\(name)' of \(owner); expected a type such as String or [Person], "
                        + "an entity or enum schema such as mail.account, or Any", at: value)
                continue
            }
            parameters.append(
                SchemaParameter(name: name, type: type, isOptional: optional, location: reader.location(of: key)))
        }
        return parameters
    }

    private mutating func confidence(_ node: Node?) -> SchemaConfidence {
        guard let node, let text = reader.string(node, "confidence") else { return .intentd }
        if let value = SchemaConfidence(rawValue: text) { return value }
        let names = SchemaConfidence.allCases.map(\.rawValue)
        let hint = Spelling.suggestion(for: text, among: names).map { "; did you mean '\($0)'?" } ?? ""
        reader.error("unknown confidence '\(text)'; expected one of \(names.joined(separator: ", "))\(hint)", at: node)
        return .listed
    }

    private mutating func schemaID(_ domain: String, _ name: String, _ key: Node) -> String? {
        guard Self.isIdentifier(name) else {
            reader.error(
                "schema name '\(name)' may hold only letters and digits (the domain '\(domain)' is its prefix)", at: key
            )
            return nil
        }
        return "\(domain).\(name)"
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber } && text.first?.isLetter == true
    }
}
