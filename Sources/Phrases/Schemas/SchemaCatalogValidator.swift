import IntentModel

/// Checks a merged ``SchemaCatalog``: every type names a known entity or enum schema, and
/// the schemas of a kind keep the parameter their kind fixes (open: `target`, delete:
/// `entities`, search: `criteria`).
enum SchemaCatalogValidator {
    static func diagnostics(for catalog: SchemaCatalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let typeIDs = catalog.entitySchemas.map(\.id) + catalog.enumSchemas.map(\.id)
        let known = Set(typeIDs)
        func checkTypes(_ parameters: [SchemaParameter], of owner: String) {
            for parameter in parameters {
                guard case .schema(let id) = parameter.type.elementType, !known.contains(id) else { continue }
                let hint = Spelling.suggestion(for: id, among: typeIDs).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.append(
                    .error(
                        "unknown entity or enum schema '\(id)' for '\(parameter.name)' of \(owner)\(hint)",
                        at: parameter.location))
            }
        }
        for schema in catalog.intentSchemas {
            checkTypes(schema.parameters, of: schema.id)
            if let returns = schema.returns,
                case .schema(let id)? = SchemaType.parse(returns.replacingOccurrences(of: "?", with: "")),
                !known.contains(id)
            {
                diagnostics.append(
                    .error("unknown entity or enum schema '\(id)' that \(schema.id) returns", at: schema.location))
            }
            if let kind = schema.kind, let problem = kindProblem(schema, kind) {
                diagnostics.append(.error(problem, at: schema.location))
            }
        }
        for schema in catalog.entitySchemas { checkTypes(schema.properties, of: schema.id) }
        return diagnostics
    }

    static func kindProblem(_ schema: IntentSchema, _ kind: IntentSchema.Kind) -> String? {
        let fixed = schema.parameter(kind.fixedParameter)
        switch kind {
        case .open:
            guard fixed == nil else { return nil }
            return "\(schema.id) is an open schema, so the thing it opens is the parameter 'target'"
        case .delete:
            guard fixed?.type.isList != true else { return nil }
            return "\(schema.id) is a delete schema, so the things it deletes are the list parameter 'entities'"
        case .search:
            guard fixed?.type != .value(.string) else { return nil }
            return "\(schema.id) is a search schema, so what it searches for is the String parameter 'criteria'"
        }
    }
}
