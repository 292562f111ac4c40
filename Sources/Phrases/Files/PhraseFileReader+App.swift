import IntentModel
import Yams

extension PhraseFileReader {
    mutating func readApp(_ root: Node, language: String) -> AppDefinition? {
        let appNode = root["app"]
        let appPairs = reader.mapping(appNode, "app")
        reader.checkKeys(appPairs, allowed: ["id", "name", "synonyms", "exec"], in: "app")
        guard let id = reader.string(appNode?["id"], "app id"), !id.isEmpty else {
            reader.error("missing 'id' in app", at: appNode)
            return nil
        }
        guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            reader.error("app id '\(id)' may hold only letters, digits, '-' and '_'", at: appNode?["id"])
            return nil
        }
        let name = reader.string(appNode?["name"], "app name") ?? id
        var app = AppDefinition(id: id, displayName: name)
        app.synonyms = reader.strings(appNode?["synonyms"], "synonyms").map(\.0)
        if let exec = appNode?["exec"] {
            app.exec = exec.scalar.map { $0.string.split(separator: " ").map(String.init) } ?? reader.strings(exec, "exec").map(\.0)
        }
        // Names first, so that parameter and property types can refer to any of them.
        let enumPairs = reader.mapping(root["enums"], "enums")
        let entityPairs = reader.mapping(root["entities"], "entities")
        let enumNames = Set(enumPairs.map(\.key))
        let entityNames = Set(entityPairs.map(\.key))
        appTypeNames = (enumNames.union(entityNames)).sorted()
        let resolveType: (String) -> ValueType? = { name in
            if enumNames.contains(name) { return .enumeration("\(id).\(name)") }
            if entityNames.contains(name) { return .entity("\(id).\(name)") }
            return nil
        }
        for (name, _, value) in enumPairs {
            app.enums.append(readEnum(value, qualifiedName: "\(id).\(name)", name: name))
        }
        for (name, _, value) in entityPairs {
            app.entityTypes.append(readEntityType(value, qualifiedName: "\(id).\(name)", name: name, resolveType: resolveType))
        }
        app.rules = readRules(root["rules"], language: language)
        for (name, keyNode, value) in reader.mapping(root["intents"], "intents") {
            let intentID = "\(id).\(name)"
            if app.intents.contains(where: { $0.id == intentID }) {
                reader.error("intent '\(intentID)' is defined twice", at: keyNode)
                continue
            }
            let (intent, phrases) = readIntent(value, id: intentID, language: language, resolveType: resolveType)
            app.intents.append(intent)
            app.phrases += phrases
        }
        return app
    }

    mutating func readIntent(
        _ node: Node, id: String, language: String, resolveType: (String) -> ValueType?
    ) -> (IntentDefinition, [PhraseTemplate]) {
        let pairs = reader.mapping(node, "intent '\(id)'")
        reader.checkKeys(
            pairs,
            allowed: [
                "title", "description", "parameters", "summary", "confirmation", "authentication", "openAppWhenRun",
                "discoverable", "adopts", "phrases",
            ], in: "intent '\(id)'")
        var intent = IntentDefinition(id: id, title: reader.string(node["title"], "title") ?? id)
        intent.description = reader.string(node["description"], "description") ?? ""
        intent.parameterSummary = reader.string(node["summary"], "summary")
        intent.confirmationDialog = reader.string(node["confirmation"], "confirmation")
        intent.adoptedSchema = reader.string(node["adopts"], "adopts")
        sourceLocations["intent:\(id)"] = reader.location(of: node["adopts"])
        intent.openAppWhenRun = reader.bool(node["openAppWhenRun"], "openAppWhenRun") ?? false
        intent.isDiscoverable = reader.bool(node["discoverable"], "discoverable") ?? true
        if let policyNode = node["authentication"], let text = reader.string(policyNode, "authentication") {
            if let policy = AuthenticationPolicy(rawValue: text) {
                intent.authenticationPolicy = policy
            } else {
                let names = AuthenticationPolicy.allCases.map(\.rawValue)
                reader.error("unknown authentication policy '\(text)'; expected one of \(names.joined(separator: ", "))", at: policyNode)
            }
        }
        intent.parameters = readParameters(node["parameters"], owner: "intent '\(id)'", intentID: id, resolveType: resolveType)
        for (name, _, value) in node["parameters"]?.mapping != nil ? reader.mapping(node["parameters"], "parameters") : [] {
            sourceLocations["intent:\(id)/\(name)"] = reader.location(of: value.scalar != nil ? value : value["type"] ?? value)
        }
        return (intent, readPhrases(node["phrases"], intent: id, language: language))
    }

    /// Reads `name: Type` or `name: {type: Type, title: ..., optional: ..., default: ..., requestValueDialog: ...}`.
    mutating func readParameters(_ node: Node?, owner: String, intentID: String, resolveType: (String) -> ValueType?) -> [ParameterDefinition] {
        var parameters: [ParameterDefinition] = []
        for (name, _, value) in reader.mapping(node, "parameters of \(owner)") {
            let typeNode = value.scalar != nil ? value : value["type"]
            guard let typeNode, var typeText = reader.string(typeNode, "the type of parameter '\(name)'") else {
                reader.error("missing type of parameter '\(name)'", at: value)
                unreadableParameters.insert("\(intentID).\(name)")
                continue
            }
            var optional = false
            if typeText.hasSuffix("?") {
                optional = true
                typeText.removeLast()
            }
            guard let type = ValueType.parse(typeText, resolveCustom: resolveType) else {
                let near = Spelling.suggestion(for: typeText, among: ValueType.builtinTypeNames + appTypeNames).map { ". Did you mean '\($0)'?" } ?? ""
                reader.error("unknown type '\(typeText)' for parameter '\(name)'\(near)", at: typeNode)
                // Its phrases' slots are not reported again: one mistake, one error.
                unreadableParameters.insert("\(intentID).\(name)")
                continue
            }
            var parameter = ParameterDefinition(name: name, type: type, isOptional: optional)
            if value.mapping != nil {
                reader.checkKeys(
                    reader.mapping(value, "parameter '\(name)'"),
                    allowed: ["type", "title", "optional", "default", "requestValueDialog", "description", "fileTypes", "directory", "needsTime"],
                    in: "parameter '\(name)'")
                parameter.title = reader.string(value["title"], "title") ?? name
                parameter.description = reader.string(value["description"], "description") ?? ""
                parameter.requestValueDialog = reader.string(value["requestValueDialog"], "requestValueDialog")
                if value["fileTypes"] != nil || value["directory"] != nil, type.elementType != .file {
                    reader.error("'fileTypes' and 'directory' are for File parameters; '\(name)' is \(type)", at: value["fileTypes"] ?? value["directory"] ?? typeNode)
                }
                parameter.fileTypes = reader.strings(value["fileTypes"], "fileTypes").map(\.0)
                parameter.fileDirectory = reader.string(value["directory"], "directory")
                if let needsTime = reader.bool(value["needsTime"], "needsTime") {
                    if type.elementType != .date { reader.error("'needsTime' is for Date parameters; '\(name)' is \(type)", at: value["needsTime"] ?? typeNode) }
                    parameter.needsTime = needsTime
                }
                if let optionalFlag = reader.bool(value["optional"], "optional") { parameter.isOptional = optionalFlag || optional }
                if let defaultNode = value["default"] {
                    if type == .date, defaultNode.scalar?.string == "now" {
                        parameter.defaultValue = .now
                    } else if let defaultValue = self.value(defaultNode, as: type) {
                        parameter.defaultValue = .value(defaultValue)
                    } else {
                        reader.error("default of parameter '\(name)' is not a \(type)", at: defaultNode)
                    }
                }
            }
            parameters.append(parameter)
        }
        return parameters
    }

    mutating func readEnum(_ node: Node, qualifiedName: String, name: String) -> EnumDefinition {
        var definition = EnumDefinition(name: qualifiedName, displayName: reader.string(node["title"], "title") ?? name, cases: [])
        reader.checkKeys(reader.mapping(node, "enum '\(name)'"), allowed: ["title", "cases", "adopts"], in: "enum '\(name)'")
        definition.adoptedSchema = reader.string(node["adopts"], "adopts")
        sourceLocations["enum:\(qualifiedName)"] = reader.location(of: node["adopts"])
        for (caseID, _, value) in reader.mapping(node["cases"], "cases of enum '\(name)'") {
            if let title = value.scalar?.string {
                definition.cases.append(EnumCase(id: caseID, title: title))
            } else {
                let title = reader.string(value["title"], "title") ?? caseID
                let synonyms = reader.strings(value["synonyms"], "synonyms").map(\.0)
                definition.cases.append(EnumCase(id: caseID, title: title, synonyms: synonyms))
            }
        }
        if definition.cases.isEmpty { reader.error("enum '\(name)' has no cases", at: node) }
        return definition
    }

    mutating func readEntityType(
        _ node: Node, qualifiedName: String, name: String, resolveType: (String) -> ValueType?
    ) -> EntityTypeDefinition {
        reader.checkKeys(
            reader.mapping(node, "entity '\(name)'"), allowed: ["title", "properties", "values", "adopts"],
            in: "entity '\(name)'")
        var definition = EntityTypeDefinition(name: qualifiedName, displayName: reader.string(node["title"], "title") ?? name)
        definition.adoptedSchema = reader.string(node["adopts"], "adopts")
        sourceLocations["entity:\(qualifiedName)"] = reader.location(of: node["adopts"])
        for (propertyName, _, value) in reader.mapping(node["properties"], "properties of '\(name)'") {
            sourceLocations["entity:\(qualifiedName)/\(propertyName)"] = reader.location(of: value)
            guard var typeText = reader.string(value.scalar != nil ? value : value["type"], "property type") else { continue }
            var optional = false
            if typeText.hasSuffix("?") {
                optional = true
                typeText.removeLast()
            }
            guard let type = ValueType.parse(typeText, resolveCustom: resolveType) else {
                let near = Spelling.suggestion(for: typeText, among: ValueType.builtinTypeNames + appTypeNames).map { ". Did you mean '\($0)'?" } ?? ""
                reader.error("unknown type '\(typeText)' for property '\(propertyName)'\(near)", at: value)
                continue
            }
            definition.properties.append(PropertyDefinition(name: propertyName, type: type, isOptional: optional))
        }
        guard let values = node["values"] else { return definition }
        guard let sequence = values.sequence else {
            reader.error("expected a list of values for entity '\(name)'", at: values)
            return definition
        }
        for item in sequence {
            guard let id = reader.string(item["id"], "id"), !id.isEmpty else {
                reader.error("an entity value needs an 'id'", at: item)
                continue
            }
            var record = EntityRecord(id: id, title: reader.string(item["title"], "title") ?? id)
            record.subtitle = reader.string(item["subtitle"], "subtitle")
            record.synonyms = reader.strings(item["synonyms"], "synonyms").map(\.0)
            for (propertyName, keyNode, value) in reader.mapping(item["properties"], "properties") {
                guard let property = definition.properties.first(where: { $0.name == propertyName }) else {
                    reader.error("entity '\(name)' has no property '\(propertyName)'", at: keyNode)
                    continue
                }
                if value.scalar?.tag.rawValue.hasSuffix(":null") == true { continue }
                guard let typed = self.value(value, as: property.type) else {
                    reader.error("value of property '\(propertyName)' is not a \(property.type)", at: value)
                    continue
                }
                record.properties[propertyName] = typed
            }
            definition.values.append(record)
        }
        return definition
    }

    /// A typed value written in YAML: text, numbers, booleans, dates, enum case ids, entity ids.
    func value(_ node: Node, as type: ValueType) -> Value? {
        if case .list(let element) = type {
            let items = node.sequence.map { Array($0) } ?? [node]
            let values = items.compactMap { value($0, as: element) }
            return values.count == items.count ? .list(values) : nil
        }
        guard let text = node.scalar?.string else { return nil }
        switch type {
        case .int: return Int(text).map(Value.int)
        case .double: return Double(text).map(Value.double)
        case .bool: return node.bool.map(Value.bool)
        case .date: return LocalDateTime(iso8601: text).map(Value.date)
        case .duration: return Double(text).map(Value.duration)
        case .entity: return .entity(EntityReference(id: text, title: text))
        default: return Value(json: .string(text), as: type)
        }
    }
}
