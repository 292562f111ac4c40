import IntentModel
import Yams

extension PhraseFileReader {
    mutating func readApp(_ root: Node, language: String) -> AppDefinition? {
        let appNode = root[field: "app"]
        let appPairs = reader.mapping(appNode, "app")
        reader.checkKeys(appPairs, allowed: ["id", "name", "synonyms", "exec"], in: "app")
        guard let id = reader.string(appNode?[field: "id"], "app id"), !id.isEmpty else {
            reader.error("missing 'id' in app", at: appNode)
            return nil
        }
        guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            reader.error("app id '\(id)' may hold only letters, digits, '-' and '_'", at: appNode?[field: "id"])
            return nil
        }
        let name = reader.string(appNode?[field: "name"], "app name") ?? id
        var app = AppDefinition(id: id, displayName: name)
        app.synonyms = reader.strings(appNode?[field: "synonyms"], "synonyms").map(\.0)
        if let exec = appNode?[field: "exec"] {
            app.exec = exec.scalar.map { $0.string.split(separator: " ").map(String.init) } ?? reader.strings(exec, "exec").map(\.0)
        }
        // Names first, so that parameter and property types can refer to any of them.
        let enumPairs = reader.mapping(root[field: "enums"], "enums")
        let entityPairs = reader.mapping(root[field: "entities"], "entities")
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
        app.rules = readRules(root[field: "rules"], language: language)
        for (name, keyNode, value) in reader.mapping(root[field: "intents"], "intents") {
            let intentID = "\(id).\(name)"
            if app.intents.contains(where: { $0.id == intentID }) {
                reader.error("intent '\(intentID)' is defined twice", at: keyNode)
                continue
            }
            let (intent, phrases) = readIntent(value, id: intentID, language: language, resolveType: resolveType)
            app.intents.append(intent)
            app.phrases += phrases
        }
        checkUndoActions(of: app, root[field: "intents"])
        return app
    }

    /// Reads `effect:` and, for a reversible intent, `undo: {intent: NAME, parameters: {...}}`.
    mutating func readEffect(_ node: Node, id: String) -> IntentEffect? {
        guard let effectNode = node[field: "effect"], let name = reader.string(effectNode, "effect") else {
            if let undo = node[field: "undo"] { reader.error("'undo' needs 'effect: reversible'", at: undo) }
            return nil
        }
        switch name {
        case "readOnly", "destructive":
            if let undo = node[field: "undo"] { reader.error("'undo' needs 'effect: reversible', not '\(name)'", at: undo) }
            return name == "readOnly" ? .readOnly : .destructive
        case "reversible":
            guard let undoNode = node[field: "undo"] else {
                reader.error("a reversible intent needs 'undo: {intent: NAME, parameters: {...}}', the intent that reverses it", at: effectNode)
                return nil
            }
            reader.checkKeys(reader.mapping(undoNode, "undo"), allowed: ["intent", "parameters"], in: "undo")
            guard let inverse = reader.string(undoNode[field: "intent"], "undo intent") else {
                reader.error("missing 'intent' in undo", at: undoNode)
                return nil
            }
            let appID = String(id.prefix { $0 != "." })
            var parameters: [String: JSONValue] = [:]
            for (parameter, _, value) in reader.mapping(undoNode[field: "parameters"], "undo parameters") {
                guard let scalar = scalarValue(value) else {
                    reader.error("expected '$result', '$PARAMETER' (with '.field' after either) or a plain value", at: value)
                    continue
                }
                parameters[parameter] = scalar
            }
            let action = UndoAction(intent: inverse.contains(".") ? inverse : "\(appID).\(inverse)", parameters: parameters)
            for malformed in action.malformedSources { reader.error("malformed source '\(malformed)'", at: undoNode[field: "parameters"]) }
            return .reversible(action)
        default:
            let near = Spelling.suggestion(for: name, among: IntentEffect.names).map { ". Did you mean '\($0)'?" } ?? ""
            reader.error("unknown effect '\(name)'; expected one of \(IntentEffect.names.joined(separator: ", "))\(near)", at: effectNode)
            return nil
        }
    }

    /// Each undo names an intent of the same app and only parameters it has; each `$name`
    /// source is a parameter of the original.
    mutating func checkUndoActions(of app: AppDefinition, _ intentsNode: Node?) {
        for intent in app.intents {
            guard let action = intent.effect?.undo, let undoNode = intentsNode?[String(intent.id.dropFirst(app.id.count + 1))]?[field: "undo"] else { continue }
            guard let inverse = app.intent(action.intent) else {
                let names = app.intents.map { String($0.id.dropFirst(app.id.count + 1)) }
                let near = Spelling.suggestion(for: String(action.intent.dropFirst(app.id.count + 1)), among: names).map { ". Did you mean '\($0)'?" } ?? ""
                reader.error("undo names '\(action.intent)', which is not an intent of app '\(app.id)'\(near)", at: undoNode[field: "intent"])
                continue
            }
            for (name, source) in action.parameters.sorted(by: { $0.key < $1.key }) {
                let place = undoNode[field: "parameters"]?[name] ?? undoNode[field: "parameters"]
                if inverse.parameter(name) == nil {
                    reader.error("'\(inverse.id)' has no parameter '\(name)'", at: place)
                }
                if case .string(let text) = source, text.hasPrefix("$"), let first = text.dropFirst().split(separator: ".").first,
                    first != "result", intent.parameter(String(first)) == nil
                {
                    reader.error("'\(text)': '\(intent.id)' has no parameter '\(first)'", at: place)
                }
            }
        }
    }

    mutating func readIntent(
        _ node: Node, id: String, language: String, resolveType: (String) -> ValueType?
    ) -> (IntentDefinition, [PhraseTemplate]) {
        let pairs = reader.mapping(node, "intent '\(id)'")
        reader.checkKeys(
            pairs,
            allowed: [
                "title", "description", "parameters", "summary", "confirmation", "authentication", "openAppWhenRun",
                "discoverable", "adopts", "phrases", "effect", "undo", "examples",
            ], in: "intent '\(id)'")
        var intent = IntentDefinition(id: id, title: reader.string(node[field: "title"], "title") ?? id)
        intent.description = reader.string(node[field: "description"], "description") ?? ""
        intent.parameterSummary = reader.string(node[field: "summary"], "summary")
        intent.confirmationDialog = reader.string(node[field: "confirmation"], "confirmation")
        intent.adoptedSchema = reader.string(node[field: "adopts"], "adopts")
        sourceLocations["intent:\(id)"] = reader.location(of: node[field: "adopts"])
        intent.openAppWhenRun = reader.bool(node[field: "openAppWhenRun"], "openAppWhenRun") ?? false
        intent.isDiscoverable = reader.bool(node[field: "discoverable"], "discoverable") ?? true
        intent.effect = readEffect(node, id: id)
        for (index, (text, textNode)) in reader.strings(node[field: "examples"], "examples").enumerated() {
            intent.examples.append(text)
            sourceLocations["example:\(id)#\(index)"] = reader.textLocation(of: textNode)
        }
        if let policyNode = node[field: "authentication"], let text = reader.string(policyNode, "authentication") {
            if let policy = AuthenticationPolicy(rawValue: text) {
                intent.authenticationPolicy = policy
            } else {
                let names = AuthenticationPolicy.allCases.map(\.rawValue)
                reader.error("unknown authentication policy '\(text)'; expected one of \(names.joined(separator: ", "))", at: policyNode)
            }
        }
        intent.parameters = readParameters(node[field: "parameters"], owner: "intent '\(id)'", intentID: id, resolveType: resolveType)
        for (name, _, value) in node[field: "parameters"]?.mapping != nil ? reader.mapping(node[field: "parameters"], "parameters") : [] {
            sourceLocations["intent:\(id)/\(name)"] = reader.location(of: value.scalar != nil ? value : value[field: "type"] ?? value)
        }
        return (intent, readPhrases(node[field: "phrases"], intent: id, language: language))
    }

    /// Reads `name: Type` or `name: {type: Type, title: ..., optional: ..., default: ..., requestValueDialog: ...}`.
    mutating func readParameters(_ node: Node?, owner: String, intentID: String, resolveType: (String) -> ValueType?) -> [ParameterDefinition] {
        var parameters: [ParameterDefinition] = []
        for (name, _, value) in reader.mapping(node, "parameters of \(owner)") {
            let typeNode = value.scalar != nil ? value : value[field: "type"]
            guard let typeNode, let written = reader.string(typeNode, "the type of parameter '\(name)'") else {
                reader.error("missing type of parameter '\(name)'", at: value)
                unreadableParameters.insert("\(intentID).\(name)")
                continue
            }
            let (typeText, optional) = ValueType.optionality(of: written)
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
                    allowed: [
                        "type", "title", "optional", "default", "requestValueDialog", "description", "fileTypes", "directory", "needsTime",
                        "inThePast", "inclusiveRange",
                    ],
                    in: "parameter '\(name)'")
                parameter.title = reader.string(value[field: "title"], "title") ?? name
                parameter.description = reader.string(value[field: "description"], "description") ?? ""
                parameter.requestValueDialog = reader.string(value[field: "requestValueDialog"], "requestValueDialog")
                if value[field: "fileTypes"] != nil || value[field: "directory"] != nil, type.elementType != .file {
                    reader.error("'fileTypes' and 'directory' are for File parameters; '\(name)' is \(type)", at: value[field: "fileTypes"] ?? value[field: "directory"] ?? typeNode)
                }
                parameter.fileTypes = reader.strings(value[field: "fileTypes"], "fileTypes").map(\.0)
                parameter.fileDirectory = reader.string(value[field: "directory"], "directory")
                if let needsTime = reader.bool(value[field: "needsTime"], "needsTime") {
                    if type.elementType != .date { reader.error("'needsTime' is for Date parameters; '\(name)' is \(type)", at: value[field: "needsTime"] ?? typeNode) }
                    parameter.needsTime = needsTime
                }
                if let inThePast = reader.bool(value[field: "inThePast"], "inThePast") {
                    if type.elementType != .date { reader.error("'inThePast' is for Date parameters; '\(name)' is \(type)", at: value[field: "inThePast"] ?? typeNode) }
                    parameter.inThePast = inThePast
                }
                if let rangeNode = value[field: "inclusiveRange"] {
                    let ends = rangeNode.sequence?.compactMap { $0.scalar?.string }.compactMap { Double($0) } ?? []
                    if !ParameterDefinition.takesRange(type) {
                        reader.error("'inclusiveRange' is for Int, Double and CurrencyAmount parameters; '\(name)' is \(type)", at: rangeNode)
                    } else if ends.count != 2 || rangeNode.sequence?.count != 2 || ends[0] > ends[1] || !ends.allSatisfy(\.isFinite) {
                        reader.error("'inclusiveRange' of '\(name)' must be two numbers, the lowest first: [1, 10]", at: rangeNode)
                    } else {
                        parameter.inclusiveRange = ends[0]...ends[1]
                    }
                }
                if let optionalFlag = reader.bool(value[field: "optional"], "optional") { parameter.isOptional = optionalFlag || optional }
                if let defaultNode = value[field: "default"] {
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
        var definition = EnumDefinition(name: qualifiedName, displayName: reader.string(node[field: "title"], "title") ?? name, cases: [])
        reader.checkKeys(reader.mapping(node, "enum '\(name)'"), allowed: ["title", "cases", "adopts"], in: "enum '\(name)'")
        definition.adoptedSchema = reader.string(node[field: "adopts"], "adopts")
        sourceLocations["enum:\(qualifiedName)"] = reader.location(of: node[field: "adopts"])
        for (caseID, _, value) in reader.mapping(node[field: "cases"], "cases of enum '\(name)'") {
            if let title = value.scalar?.string {
                definition.cases.append(EnumCase(id: caseID, title: title))
            } else {
                let title = reader.string(value[field: "title"], "title") ?? caseID
                let synonyms = reader.strings(value[field: "synonyms"], "synonyms").map(\.0)
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
        var definition = EntityTypeDefinition(name: qualifiedName, displayName: reader.string(node[field: "title"], "title") ?? name)
        definition.adoptedSchema = reader.string(node[field: "adopts"], "adopts")
        sourceLocations["entity:\(qualifiedName)"] = reader.location(of: node[field: "adopts"])
        for (propertyName, _, value) in reader.mapping(node[field: "properties"], "properties of '\(name)'") {
            sourceLocations["entity:\(qualifiedName)/\(propertyName)"] = reader.location(of: value)
            guard let written = reader.string(value.scalar != nil ? value : value[field: "type"], "property type") else { continue }
            let (typeText, optional) = ValueType.optionality(of: written)
            guard let type = ValueType.parse(typeText, resolveCustom: resolveType) else {
                let near = Spelling.suggestion(for: typeText, among: ValueType.builtinTypeNames + appTypeNames).map { ". Did you mean '\($0)'?" } ?? ""
                reader.error("unknown type '\(typeText)' for property '\(propertyName)'\(near)", at: value)
                continue
            }
            definition.properties.append(PropertyDefinition(name: propertyName, type: type, isOptional: optional))
        }
        guard let values = node[field: "values"] else { return definition }
        guard let sequence = values.sequence else {
            reader.error("expected a list of values for entity '\(name)'", at: values)
            return definition
        }
        for item in sequence {
            guard let id = reader.string(item[field: "id"], "id"), !id.isEmpty else {
                reader.error("an entity value needs an 'id'", at: item)
                continue
            }
            var record = EntityRecord(id: id, title: reader.string(item[field: "title"], "title") ?? id)
            record.subtitle = reader.string(item[field: "subtitle"], "subtitle")
            record.synonyms = reader.strings(item[field: "synonyms"], "synonyms").map(\.0)
            for (propertyName, keyNode, value) in reader.mapping(item[field: "properties"], "properties") {
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
