import Foundation
import IntentModel

/// Reads an intent's `@Parameter`s with `Mirror`: names, types, values.
enum IntentIntrospection {
    struct Found {
        var name: String
        var parameter: any AnyParameter
    }

    /// The parameters of `intent`, in declaration order, with their names bound.
    @discardableResult
    static func bindNames(_ intent: some AppIntent) -> [Found] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), let parameter = child.value as? any AnyParameter else { return nil }
            let name = String(label.dropFirst())
            parameter.parameterName = name
            return Found(name: name, parameter: parameter)
        }
    }

    /// The definition of one intent type of app `appID`.
    static func definition(of type: any AppIntent.Type, appID: String, types: inout TypeCollector) -> IntentDefinition {
        let intent = type.init()
        let parameters = bindNames(intent).map { found -> ParameterDefinition in
            let kind = Swift.type(of: found.parameter)
            kind.collectTypes(into: &types)
            let defaultValue = found.parameter.defaultIntentValue.map(defaultValue)
            var definition = ParameterDefinition(
                name: found.name, title: found.parameter.parameterTitle, type: qualify(kind.valueType, app: appID),
                isOptional: kind.isOptional, defaultValue: defaultValue, requestValueDialog: found.parameter.requestValueDialog,
                description: found.parameter.parameterDescription)
            definition.fileTypes = found.parameter.fileTypes
            definition.fileDirectory = found.parameter.fileDirectory
            definition.needsTime = found.parameter.needsTime
            definition.inThePast = found.parameter.inThePast && definition.type.elementType == .date
            if ParameterDefinition.takesRange(definition.type) { definition.inclusiveRange = found.parameter.inclusiveRange }
            return definition
        }
        var definition = IntentDefinition(
            id: "\(appID).\(type.identifier)", title: type.title.text, description: type.description?.text ?? "", parameters: parameters,
            isDiscoverable: type.isDiscoverable, openAppWhenRun: type.openAppWhenRun, authenticationPolicy: type.authenticationPolicy.model,
            parameterSummary: summaryText(of: type), adoptedSchema: type.assistantSchema?.identifier)
        definition.effect = type.effect?.model(appID: appID)
        definition.examples = type.examples
        return definition
    }

    /// A Date default made when the intent was (`default: .now`) is the time of the request.
    private static func defaultValue(_ value: Value) -> DefaultValue {
        if case .date(let date) = value, let instant = date.date(in: .current), abs(instant.timeIntervalSinceNow) < 5 { return .now }
        return .value(value)
    }

    private static func summaryText<Intent: AppIntent>(of type: Intent.Type) -> String? {
        type.parameterSummary?.template.summaryText
    }

    /// The parameter values of a filled-in intent, for `opensIntent`.
    static func values(of intent: some AppIntent) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for found in bindNames(intent) {
            if let value = found.parameter.currentIntentValue { out[found.name] = value.json }
        }
        return out
    }

    /// Custom type names qualified with the app id (`Soup` → `soup.Soup`).
    static func qualify(_ type: ValueType, app: String) -> ValueType {
        switch type {
        case .enumeration(let name): .enumeration(name.contains(".") ? name : "\(app).\(name)")
        case .entity(let name): .entity(name.contains(".") ? name : "\(app).\(name)")
        case .list(let element): .list(qualify(element, app: app))
        default: type
        }
    }
}
