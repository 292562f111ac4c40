import IntentModel

extension EnumDefinition {
    var json: JSONValue {
        .compactObject([
            ("name", .string(name)),
            ("title", .string(displayName)),
            ("adopts", adoptedSchema.map(JSONValue.string)),
            (
                "cases",
                .array(
                    cases.map {
                        JSONValue.compactObject([
                            ("id", .string($0.id)), ("title", .string($0.title)),
                            ("synonyms", $0.synonyms.isEmpty ? nil : .array($0.synonyms.map(JSONValue.string))),
                        ])
                    })
            ),
        ])
    }

    init(json: JSONValue, app: String, path: String) throws(RPCError) {
        let fields = try JSONFields(json, path: path)
        let name = try fields.string("name")
        var cases: [EnumCase] = []
        for (index, item) in try fields.array("cases").enumerated() {
            if case .string(let id) = item {
                cases.append(EnumCase(id: id, title: id))
                continue
            }
            let c = try JSONFields(item, path: "\(path).cases[\(index)]")
            let id = try c.string("id")
            cases.append(EnumCase(id: id, title: try c.optionalString("title") ?? id, synonyms: try c.strings("synonyms")))
        }
        self.init(
            name: qualify(name, app: app), displayName: try fields.optionalString("title") ?? name, cases: cases,
            adoptedSchema: try fields.optionalString("adopts"))
    }
}

extension EntityTypeDefinition {
    var json: JSONValue {
        JSONValue.compactObject([
            ("name", .string(name)),
            ("title", .string(displayName)),
            (
                "properties",
                .array(
                    properties.map {
                        JSONValue.compactObject([
                            ("name", .string($0.name)), ("title", $0.title == $0.name ? nil : .string($0.title)),
                            ("type", .string($0.type.description)), ("optional", $0.isOptional ? .bool(true) : nil),
                        ])
                    })
            ),
            ("values", .array(values.map(\.json))),
            ("adopts", adoptedSchema.map(JSONValue.string)),
        ])
    }

    init(json: JSONValue, app: String, path: String, types: TypeNames) throws(RPCError) {
        let fields = try JSONFields(json, path: path)
        let name = try fields.string("name")
        self.init(name: qualify(name, app: app), displayName: try fields.optionalString("title") ?? name)
        adoptedSchema = try fields.optionalString("adopts")
        for (index, item) in try fields.array("properties").enumerated() {
            let itemPath = "\(path).properties[\(index)]"
            let p = try JSONFields(item, path: itemPath)
            let type = try types.parse(try p.string("type"), path: "\(itemPath).type")
            properties.append(
                PropertyDefinition(
                    name: try p.string("name"), title: try p.optionalString("title"), type: type,
                    isOptional: try p.optionalBool("optional") ?? false))
        }
        for (index, item) in try fields.array("values").enumerated() {
            values.append(try EntityRecord(json: item, path: "\(path).values[\(index)]", properties: properties))
        }
    }
}

extension EntityRecord: JSONConvertible {
    /// `{"id", "title", "subtitle"?, "synonyms"?, "properties"?}`; property values in their JSON form.
    public var json: JSONValue {
        JSONValue.compactObject([
            ("id", .string(id)),
            ("title", .string(title)),
            ("subtitle", subtitle.map(JSONValue.string)),
            ("synonyms", synonyms.isEmpty ? nil : .array(synonyms.map(JSONValue.string))),
            ("properties", properties.isEmpty ? nil : .object(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })),
        ])
    }

    /// Reads an entity without knowing its property types: numbers, strings and booleans
    /// keep their JSON type; use ``init(json:path:properties:)`` when the types are known.
    public init(json: JSONValue) throws(RPCError) {
        try self.init(json: json, path: "entity", properties: [])
    }

    public init(json: JSONValue, path: String, properties definitions: [PropertyDefinition]) throws(RPCError) {
        let fields = try JSONFields(json, path: path)
        let id = try fields.string("id")
        self.init(id: id, title: try fields.optionalString("title") ?? id)
        subtitle = try fields.optionalString("subtitle")
        synonyms = try fields.strings("synonyms")
        for (name, raw) in try fields.pairs("properties") where raw != .null {
            if let definition = definitions.first(where: { $0.name == name }) {
                guard let value = Value(json: raw, as: definition.type) else {
                    throw JSONFields.mismatch("\(path).properties.\(name)", expected: "a value of type \(definition.type)")
                }
                properties[name] = value
            } else if let value = Self.untyped(raw) {
                properties[name] = value
            }
        }
    }

    /// The record with the property values it holds untyped (as a query's answer gives them,
    /// ``init(json:)``) read as the types `definitions` give them: a date sent as its text is a
    /// date again, so that "move the dentist to 10 am" keeps the event's day and "the newest
    /// one" compares dates. A value that does not read as its type is left as it was.
    public func typed(by definitions: [PropertyDefinition]) -> EntityRecord {
        var record = self
        for definition in definitions {
            guard let value = properties[definition.name], let typed = Value(json: value.json, as: definition.type) else { continue }
            record.properties[definition.name] = typed
        }
        return record
    }

    static func untyped(_ json: JSONValue) -> Value? {
        switch json {
        case .string(let s): .string(s)
        case .bool(let b): .bool(b)
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? .int(Int(n)) : .double(n)
        case .largeInteger: json.intValue.map(Value.int) ?? json.numberValue.map(Value.double)
        case .array(let items): .list(items.compactMap(untyped))
        default: nil
        }
    }
}
