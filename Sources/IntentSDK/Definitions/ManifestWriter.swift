import IntentModel

/// Writes an app's definition as a phrase file (docs/phrases.md): the manifest intentd
/// reads to route to an app that is not running and start it on demand (`exec`).
///
/// ```swift
/// let host = await IntentHost(apps: [MightyTasks.self])
/// print(ManifestWriter.yaml(for: host.definitions[0]))
/// ```
public enum ManifestWriter {
    /// The phrase file (YAML) of `app`.
    public static func yaml(for app: AppDefinition) -> String {
        var out = "# Generated from the app's code by IntentSDK (ManifestWriter). Edit the code, not this file.\n"
        out += "language: en\napp:\n  id: \(q(app.id))\n  name: \(q(app.displayName))\n"
        if !app.synonyms.isEmpty { out += "  synonyms: \(list(app.synonyms))\n" }
        if let exec = app.exec { out += "  exec: \(list(exec))\n" }
        if !app.enums.isEmpty {
            out += "\nenums:\n"
            for definition in app.enums {
                out += "  \(short(definition.name)):\n    title: \(q(definition.displayName))\n"
                if let schema = definition.adoptedSchema { out += "    adopts: \(schema)\n" }
                out += "    cases:\n"
                for item in definition.cases {
                    out += "      \(item.id): {title: \(q(item.title))\(item.synonyms.isEmpty ? "" : ", synonyms: \(list(item.synonyms))")}\n"
                }
            }
        }
        if !app.entityTypes.isEmpty {
            out += "\nentities:\n"
            for entity in app.entityTypes { out += entityYAML(entity) }
        }
        out += "\nintents:\n"
        for intent in app.intents {
            out += intentYAML(intent, phrases: app.phrases.filter { $0.intent == intent.id }.map(\.text))
        }
        return out
    }

    private static func entityYAML(_ entity: EntityTypeDefinition) -> String {
        var out = "  \(short(entity.name)):\n    title: \(q(entity.displayName))\n"
        if let schema = entity.adoptedSchema { out += "    adopts: \(schema)\n" }
        if !entity.properties.isEmpty {
            out += "    properties:\n"
            for property in entity.properties {
                out += "      \(property.name): \(q(typeName(property.type) + (property.isOptional ? "?" : "")))\n"
            }
        }
        if !entity.values.isEmpty {
            out += "    values:\n"
            for value in entity.values {
                var fields = ["id: \(q(value.id))", "title: \(q(value.title))"]
                if !value.synonyms.isEmpty { fields.append("synonyms: \(list(value.synonyms))") }
                let properties = value.properties.sorted { $0.key < $1.key }.compactMap { key, value -> String? in
                    scalar(value).map { "\(key): \($0)" }
                }
                if !properties.isEmpty { fields.append("properties: {\(properties.joined(separator: ", "))}") }
                out += "      - {\(fields.joined(separator: ", "))}\n"
            }
        }
        return out
    }

    private static func intentYAML(_ intent: IntentDefinition, phrases: [String]) -> String {
        let name = String(intent.id.drop { $0 != "." }.dropFirst())
        var out = "  \(name):\n    title: \(q(intent.title))\n"
        if !intent.description.isEmpty { out += "    description: \(q(intent.description))\n" }
        if let schema = intent.adoptedSchema { out += "    adopts: \(schema)\n" }
        if intent.openAppWhenRun { out += "    openAppWhenRun: true\n" }
        if !intent.isDiscoverable { out += "    discoverable: false\n" }
        if intent.authenticationPolicy != .alwaysAllowed { out += "    authentication: \(intent.authenticationPolicy.rawValue)\n" }
        if let effect = intent.effect { out += "    effect: \(effect.name)\n" }
        if let undo = intent.effect?.undo {
            let inverse = String(undo.intent.drop { $0 != "." }.dropFirst())
            let parameters = undo.parameters.sorted { $0.key < $1.key }.map { name, source in
                "\(name): \(source.stringValue.map(q) ?? source.serialized)"
            }
            out += "    undo: {intent: \(inverse), parameters: {\(parameters.joined(separator: ", "))}}\n"
        }
        if !intent.parameters.isEmpty {
            out += "    parameters:\n"
            for parameter in intent.parameters {
                var fields = ["type: \(q(typeName(parameter.type)))"]
                if parameter.isOptional { fields.append("optional: true") }
                if case .value(let value)? = parameter.defaultValue, let text = scalar(value) { fields.append("default: \(text)") }
                if case .now? = parameter.defaultValue { fields.append("default: now") }
                fields.append("title: \(q(parameter.title))")
                if let dialog = parameter.requestValueDialog { fields.append("requestValueDialog: \(q(dialog))") }
                if !parameter.fileTypes.isEmpty { fields.append("fileTypes: [\(parameter.fileTypes.map(q).joined(separator: ", "))]") }
                if let directory = parameter.fileDirectory { fields.append("directory: \(q(directory))") }
                if parameter.needsTime { fields.append("needsTime: true") }
                if parameter.inThePast { fields.append("inThePast: true") }
                if let range = parameter.inclusiveRange {
                    fields.append("inclusiveRange: [\(number(range.lowerBound)), \(number(range.upperBound))]")
                }
                out += "      \(parameter.name): {\(fields.joined(separator: ", "))}\n"
            }
        }
        if let summary = intent.parameterSummary { out += "    summary: \(q(summary))\n" }
        if !intent.examples.isEmpty { out += "    examples: [\(intent.examples.map(q).joined(separator: ", "))]\n" }
        if !phrases.isEmpty {
            out += "    phrases:\n"
            for phrase in phrases { out += "      - \(q(phrase))\n" }
        }
        return out
    }

    /// `soup.Soup` → `Soup`, `[mail.MailAccount]` → `[MailAccount]`.
    static func typeName(_ type: ValueType) -> String {
        switch type {
        case .enumeration(let name), .entity(let name): short(name)
        case .list(let element): "[\(typeName(element))]"
        default: type.description
        }
    }

    static func short(_ name: String) -> String { String(name.split(separator: ".").last ?? Substring(name)) }

    private static func scalar(_ value: Value) -> String? {
        switch value {
        case .int, .double, .bool: value.displayText == "yes" ? "true" : value.displayText == "no" ? "false" : value.displayText
        case .list, .person: nil
        case .entity(let reference): q(reference.id)
        default: q(value.displayText)
        }
    }

    /// A number as YAML writes it: 10 for 10.0, 0.01 as it is.
    static func number(_ value: Double) -> String { JSONValue.number(value).serialized }

    /// A double-quoted YAML (and JSON) string.
    static func q(_ text: String) -> String { JSONValue.string(text).serialized }

    private static func list(_ items: [String]) -> String { "[" + items.map(q).joined(separator: ", ") + "]" }
}
