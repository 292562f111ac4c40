import Foundation
import IntentModel

/// The JSON form of an app on the socket (`app.register`, `apps.describe`): the model of
/// the phrase files, written as JSON. Types are written as in phrase files (`String`,
/// `[Person]`, `Soup` or `soup.Soup`); short intent, entity and enum names are qualified
/// with the app id. See docs/protocol.md, "The app definition".
extension AppDefinition: JSONConvertible {
    public var json: JSONValue {
        let rules: [(String, JSONValue)] = rules.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.text)) }
        return JSONValue.compactObject([
            ("id", .string(id)),
            ("name", .string(displayName)),
            ("synonyms", .array(synonyms.map(JSONValue.string))),
            ("exec", exec.map { .array($0.map(JSONValue.string)) }),
            ("intents", .array(intents.map { intent in intent.json(phrases: phrases.filter { $0.intent == intent.id }) })),
            ("entities", .array(entityTypes.map(\.json))),
            ("enums", .array(enums.map(\.json))),
            ("rules", rules.isEmpty ? nil : .object(rules)),
        ])
    }

    public init(json: JSONValue) throws(RPCError) {
        let fields = try JSONFields(json, path: "app")
        let id = try fields.string("id")
        guard !id.isEmpty, !id.contains("."), !id.contains(" ") else {
            throw JSONFields.mismatch("app.id", expected: "a non-empty id without dots or spaces")
        }
        self.init(id: id, displayName: try fields.optionalString("name") ?? id)
        synonyms = try fields.strings("synonyms")
        exec = fields.has("exec") ? try fields.strings("exec") : nil
        let language = try fields.optionalString("language") ?? "en"
        // Every mistake of the definition is reported at once, not the first one alone.
        var problems: [String] = []
        func collect(_ read: () throws(RPCError) -> Void) {
            do { try read() } catch { problems.append(error.sentence) }
        }
        for (index, item) in try fields.array("enums").enumerated() {
            collect { () throws(RPCError) in enums.append(try EnumDefinition(json: item, app: id, path: "app.enums[\(index)]")) }
        }
        let entitiesJSON = try fields.array("entities")
        var entityNames: [String] = []
        for (index, item) in entitiesJSON.enumerated() {
            collect { () throws(RPCError) in
                entityNames.append(qualify(try JSONFields(item, path: "app.entities[\(index)]").string("name"), app: id))
            }
        }
        let types = TypeNames(app: id, enums: enums.map(\.name), entities: entityNames)
        for (index, item) in entitiesJSON.enumerated() {
            collect { () throws(RPCError) in
                entityTypes.append(try EntityTypeDefinition(json: item, app: id, path: "app.entities[\(index)]", types: types))
            }
        }
        for (index, item) in try fields.array("intents").enumerated() {
            let path = "app.intents[\(index)]"
            collect { () throws(RPCError) in
                let (intent, texts) = try IntentDefinition.read(item, app: id, path: path, types: types)
                if intents.contains(where: { $0.id == intent.id }) {
                    throw JSONFields.mismatch("\(path).id", expected: "an id no other intent of the app has ('\(intent.id)' is taken)")
                }
                intents.append(intent)
                // Diagnostics point at the intent and the phrase: app:notes/add:2:1 is the second phrase of notes.add.
                for (n, text) in texts.enumerated() {
                    phrases.append(
                        PhraseTemplate(
                            intent: intent.id, language: text.language, text: text.text,
                            location: SourceLocation(file: "app:\(intent.id.replacingOccurrences(of: ".", with: "/"))", line: n + 1, column: 1)))
                }
            }
        }
        for (index, intent) in intents.enumerated() {
            guard let action = intent.effect?.undo else { continue }
            guard let inverse = self.intent(action.intent) else {
                problems.append("app.intents[\(index)].undo.intent: '\(action.intent)' is not an intent of the app")
                continue
            }
            for name in action.parameters.keys.sorted() where inverse.parameter(name) == nil {
                problems.append("app.intents[\(index)].undo.parameters: '\(inverse.id)' has no parameter '\(name)'")
            }
        }
        guard problems.isEmpty else {
            throw RPCError(.invalidDefinition, "Invalid app definition", data: .object([
                ("app", .string(id)), ("diagnostics", .array(problems.map(JSONValue.string))),
            ]))
        }
        for index in phrases.indices where phrases[index].language.isEmpty { phrases[index].language = language }
        for (name, value) in try fields.pairs("rules") {
            guard case .string(let text) = value else { throw JSONFields.mismatch("app.rules.\(name)", expected: "a string") }
            rules[name] = PhraseTemplate(intent: "", language: language, text: text)
        }
    }
}

/// Resolves type names of one app: built-ins, then its enums and entities, bare or qualified.
struct TypeNames {
    var app: String
    var enums: [String]
    var entities: [String]

    func parse(_ text: String, path: String) throws(RPCError) -> ValueType {
        let found = ValueType.parse(text) { name in
            let qualified = name.contains(".") ? name : "\(app).\(name)"
            if enums.contains(qualified) { return .enumeration(qualified) }
            if entities.contains(qualified) { return .entity(qualified) }
            return nil
        }
        guard let found else {
            let own = (enums + entities).map { shortName($0, app: app) }
            let near = Spelling.suggestion(for: text.trimmingCharacters(in: CharacterSet(charactersIn: "[]?")), among: ValueType.builtinTypeNames + own)
            throw RPCError(.invalidParams, "Invalid params", data: .object([
                ("field", .string(path)), ("reason", .string("unknown type '\(text)'" + (near.map { "; did you mean '\($0)'?" } ?? ""))),
                ("expected", .string("a type: String, Int, Double, Bool, Date, Duration, ..., or one of the app's enums and entities")),
            ]))
        }
        return found
    }
}

/// `"effect": "reversible", "undo": {"intent": "delete", "parameters": {"task": "$result"}}`.
private func readEffect(_ fields: JSONFields, app: String, path: String) throws(RPCError) -> IntentEffect? {
    guard let name = try fields.optionalString("effect") else {
        if fields.has("undo") { throw JSONFields.mismatch("\(path).undo", expected: "nothing unless \"effect\" is \"reversible\"") }
        return nil
    }
    switch name {
    case "readOnly", "destructive":
        if fields.has("undo") { throw JSONFields.mismatch("\(path).undo", expected: "nothing unless \"effect\" is \"reversible\"") }
        return name == "readOnly" ? .readOnly : .destructive
    case "reversible":
        guard fields.has("undo") else {
            throw JSONFields.mismatch("\(path).undo", expected: "{\"intent\": NAME, \"parameters\": {...}}: a reversible intent needs the intent that undoes it")
        }
        let undo = try fields.nested("undo")
        try undo.allowOnly(["intent", "parameters"])
        let action = UndoAction(
            intent: qualify(try undo.string("intent"), app: app), parameters: Dictionary(try undo.pairs("parameters"), uniquingKeysWith: { _, last in last }))
        if let malformed = action.malformedSources.first { throw JSONFields.mismatch("\(path).undo.parameters", expected: "well-formed sources, not '\(malformed)'") }
        return .reversible(action)
    default:
        throw JSONFields.mismatch("\(path).effect", expected: "one of \(IntentEffect.names.joined(separator: ", "))")
    }
}

func qualify(_ name: String, app: String) -> String { name.contains(".") ? name : "\(app).\(name)" }

func shortName(_ name: String, app: String) -> String {
    name.hasPrefix(app + ".") ? String(name.dropFirst(app.count + 1)) : name
}

extension IntentDefinition {
    func json(phrases: [PhraseTemplate]) -> JSONValue {
        JSONValue.compactObject([
            ("id", .string(id)),
            ("title", .string(title)),
            ("description", description.isEmpty ? nil : .string(description)),
            ("parameters", .array(parameters.map(\.json))),
            ("discoverable", isDiscoverable ? nil : .bool(false)),
            ("openAppWhenRun", openAppWhenRun ? .bool(true) : nil),
            ("authentication", authenticationPolicy == .alwaysAllowed ? nil : .string(authenticationPolicy.rawValue)),
            ("confirmation", confirmationDialog.map(JSONValue.string)),
            ("summary", parameterSummary.map(JSONValue.string)),
            ("adopts", adoptedSchema.map(JSONValue.string)),
            ("effect", effect.map { .string($0.name) }),
            ("examples", examples.isEmpty ? nil : .array(examples.map(JSONValue.string))),
            (
                "undo",
                effect?.undo.map { action in
                    .object([
                        ("intent", .string(action.intent)),
                        ("parameters", .object(action.parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
                    ])
                }
            ),
            (
                "phrases",
                phrases.isEmpty
                    ? nil
                    : .array(
                        phrases.map {
                            $0.language == "en" ? .string($0.text) : .object([("text", .string($0.text)), ("language", .string($0.language))])
                        })
            ),
        ])
    }

    static func read(_ json: JSONValue, app: String, path: String, types: TypeNames) throws(RPCError) -> (
        IntentDefinition, [(text: String, language: String)]
    ) {
        let fields = try JSONFields(json, path: path)
        let name: String
        if let id = try fields.optionalString("id") { name = id } else { name = try fields.string("name") }
        let id = qualify(name, app: app)
        guard id.hasPrefix(app + ".") else { throw JSONFields.mismatch("\(path).id", expected: "an id starting with '\(app).'") }
        var intent = IntentDefinition(id: id, title: try fields.optionalString("title") ?? name)
        intent.description = try fields.optionalString("description") ?? ""
        intent.isDiscoverable = try fields.optionalBool("discoverable") ?? true
        intent.openAppWhenRun = try fields.optionalBool("openAppWhenRun") ?? false
        if let policy = try fields.optionalString("authentication") {
            guard let parsed = AuthenticationPolicy(rawValue: policy) else {
                throw JSONFields.mismatch(
                    "\(path).authentication", expected: "alwaysAllowed, requiresAuthentication or requiresLocalDeviceAuthentication")
            }
            intent.authenticationPolicy = parsed
        }
        intent.confirmationDialog = try fields.optionalString("confirmation")
        intent.parameterSummary = try fields.optionalString("summary")
        intent.adoptedSchema = try fields.optionalString("adopts")
        intent.effect = try readEffect(fields, app: app, path: path)
        for (index, item) in try fields.array("examples").enumerated() {
            guard case .string(let text) = item, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw JSONFields.mismatch("\(path).examples[\(index)]", expected: "a request as text")
            }
            intent.examples.append(text)
        }
        for (index, item) in try fields.array("parameters").enumerated() {
            intent.parameters.append(try ParameterDefinition(json: item, path: "\(path).parameters[\(index)]", types: types))
        }
        var phrases: [(text: String, language: String)] = []
        for (index, item) in try fields.array("phrases").enumerated() {
            switch item {
            case .string(let text): phrases.append((text, ""))
            case .object:
                let phrase = try JSONFields(item, path: "\(path).phrases[\(index)]")
                phrases.append((try phrase.string("text"), try phrase.optionalString("language") ?? ""))
            default: throw JSONFields.mismatch("\(path).phrases[\(index)]", expected: "a phrase template string")
            }
        }
        return (intent, phrases)
    }
}

extension ParameterDefinition {
    var json: JSONValue {
        let defaultJSON: JSONValue? =
            switch defaultValue {
            case .now: .string("now")
            case .value(let value): value.json
            case nil: nil
            }
        return JSONValue.compactObject([
            ("name", .string(name)),
            ("title", title == name ? nil : .string(title)),
            ("type", .string(type.description)),
            ("optional", isOptional ? .bool(true) : nil),
            ("default", defaultJSON),
            ("requestValueDialog", requestValueDialog.map(JSONValue.string)),
            ("description", description.isEmpty ? nil : .string(description)),
            ("fileTypes", fileTypes.isEmpty ? nil : .array(fileTypes.map(JSONValue.string))),
            ("directory", fileDirectory.map(JSONValue.string)),
            ("needsTime", needsTime ? .bool(true) : nil),
            ("inThePast", inThePast ? .bool(true) : nil),
            ("inclusiveRange", inclusiveRange.map { .array([.number($0.lowerBound), .number($0.upperBound)]) }),
        ])
    }

    init(json: JSONValue, path: String, types: TypeNames) throws(RPCError) {
        let fields = try JSONFields(json, path: path)
        let type = try types.parse(try fields.string("type"), path: "\(path).type")
        self.init(name: try fields.string("name"), title: try fields.optionalString("title"), type: type)
        isOptional = try fields.optionalBool("optional") ?? false
        requestValueDialog = try fields.optionalString("requestValueDialog")
        description = try fields.optionalString("description") ?? ""
        fileTypes = try fields.strings("fileTypes")
        fileDirectory = try fields.optionalString("directory")
        needsTime = try fields.optionalBool("needsTime") ?? false
        if needsTime, type.elementType != .date {
            throw JSONFields.mismatch("\(path).needsTime", expected: "true only for a Date parameter")
        }
        inThePast = try fields.optionalBool("inThePast") ?? false
        if inThePast, type.elementType != .date {
            throw JSONFields.mismatch("\(path).inThePast", expected: "true only for a Date parameter")
        }
        if fields.value("inclusiveRange") != nil {
            let ends = try fields.array("inclusiveRange").compactMap(\.numberValue)
            guard ParameterDefinition.takesRange(type), ends.count == 2, ends[0] <= ends[1], ends.allSatisfy(\.isFinite) else {
                throw JSONFields.mismatch(
                    "\(path).inclusiveRange", expected: "two numbers, the lowest first, on an Int, Double or CurrencyAmount parameter")
            }
            inclusiveRange = ends[0]...ends[1]
        }
        if let value = fields.value("default") {
            if type == .date, value == .string("now") {
                defaultValue = .now
            } else if let typed = Value(json: value, as: type) {
                defaultValue = .value(typed)
            } else {
                throw JSONFields.mismatch("\(path).default", expected: "a value of type \(type)")
            }
        }
    }
}
