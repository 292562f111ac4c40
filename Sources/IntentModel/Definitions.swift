/// Where a definition came from, for diagnostics (`Phrases/tasks.yaml:14:23`).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
    public var description: String { "\(file):\(line):\(column)" }
}

/// A program that owns intents, entities and enums.
public struct AppDefinition: Hashable, Sendable {
    /// Short stable id, the prefix of its intent ids (`tasks`).
    public var id: String
    /// The name people say and see ("Mighty Tasks").
    public var displayName: String
    /// Other names people use for the app ("my tasks").
    public var synonyms: [String]
    public var intents: [IntentDefinition]
    public var entityTypes: [EntityTypeDefinition]
    public var enums: [EnumDefinition]
    /// Phrase templates, by language and intent.
    public var phrases: [PhraseTemplate]
    /// Expansion rules (`<rule>`) visible to this app's templates.
    public var rules: [String: PhraseTemplate]
    /// The command line that starts the app on demand, if any.
    public var exec: [String]?

    public init(
        id: String, displayName: String, synonyms: [String] = [], intents: [IntentDefinition] = [],
        entityTypes: [EntityTypeDefinition] = [], enums: [EnumDefinition] = [], phrases: [PhraseTemplate] = [],
        rules: [String: PhraseTemplate] = [:], exec: [String]? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.synonyms = synonyms
        self.intents = intents
        self.entityTypes = entityTypes
        self.enums = enums
        self.phrases = phrases
        self.rules = rules
        self.exec = exec
    }

    public func intent(_ id: String) -> IntentDefinition? { intents.first { $0.id == id } }
    public func entityType(_ name: String) -> EntityTypeDefinition? { entityTypes.first { $0.name == name } }
    public func enumType(_ name: String) -> EnumDefinition? { enums.first { $0.name == name } }
}

/// One phrase template, in the syntax of docs/phrases.md, for one intent.
public struct PhraseTemplate: Hashable, Sendable {
    /// The intent it reaches (`tasks.add`); empty for an expansion rule.
    public var intent: String
    public var language: String
    public var text: String
    public var location: SourceLocation?
    /// Parameters the words themselves imply, whatever the slots capture: "reply all to
    /// {target}" sets `isReplyAll` to true. JSON values, read as the parameter's type.
    public var values: [String: JSONValue]
    public init(intent: String, language: String, text: String, location: SourceLocation? = nil, values: [String: JSONValue] = [:]) {
        self.intent = intent
        self.language = language
        self.text = text
        self.location = location
        self.values = values
    }
}

/// Who may run an intent.
public enum AuthenticationPolicy: String, Hashable, Sendable, CaseIterable {
    case alwaysAllowed
    case requiresAuthentication
    case requiresLocalDeviceAuthentication
}

/// One unit of function an app exposes.
public struct IntentDefinition: Hashable, Sendable {
    /// `app.name`, e.g. `tasks.add`.
    public var id: String
    /// A short verb-noun title ("Create new task").
    public var title: String
    public var description: String
    public var parameters: [ParameterDefinition]
    public var isDiscoverable: Bool
    public var openAppWhenRun: Bool
    public var authenticationPolicy: AuthenticationPolicy
    /// The question asked before it runs, when it needs confirmation.
    public var confirmationDialog: String?
    /// A sentence with parameters interpolated: "Open ${shelf}".
    public var parameterSummary: String?
    /// The assistant schema it adopts (`mail.createDraft`).
    public var adoptedSchema: String?
    /// What performing it does: nothing (`readOnly`), something `undo` reverses, or something
    /// that cannot be taken back (asked to be confirmed first). Nil when undeclared.
    public var effect: IntentEffect?
    /// Requests a person would say to reach it, written by the app's author ("order two large
    /// tomato soups"): help shows the first, and `intentd check` routes each to this intent.
    public var examples: [String] = []

    public init(
        id: String, title: String, description: String = "", parameters: [ParameterDefinition] = [],
        isDiscoverable: Bool = true, openAppWhenRun: Bool = false,
        authenticationPolicy: AuthenticationPolicy = .alwaysAllowed, confirmationDialog: String? = nil,
        parameterSummary: String? = nil, adoptedSchema: String? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.parameters = parameters
        self.isDiscoverable = isDiscoverable
        self.openAppWhenRun = openAppWhenRun
        self.authenticationPolicy = authenticationPolicy
        self.confirmationDialog = confirmationDialog
        self.parameterSummary = parameterSummary
        self.adoptedSchema = adoptedSchema
    }

    /// The app part of the id.
    public var appID: String { String(id.prefix { $0 != "." }) }

    public func parameter(_ name: String) -> ParameterDefinition? { parameters.first { $0.name == name } }
}

/// What performing an intent does to the user's world (docs/memory.md).
public enum IntentEffect: Hashable, Sendable {
    /// Changes nothing: showing, counting, opening.
    case readOnly
    /// Changes something that another intent of the same app reverses.
    case reversible(UndoAction)
    /// Changes something that cannot be taken back: always confirmed before it runs.
    case destructive

    /// `readOnly`, `reversible` or `destructive`, as phrase files and manifests spell it.
    public var name: String {
        switch self {
        case .readOnly: "readOnly"
        case .reversible: "reversible"
        case .destructive: "destructive"
        }
    }

    /// The names an effect may be declared with.
    public static let names = ["readOnly", "reversible", "destructive"]

    /// How it is undone, for a reversible intent.
    public var undo: UndoAction? {
        if case .reversible(let action) = self { action } else { nil }
    }
}

/// How a reversible intent is undone: an intent of the same app (its inverse), performed
/// with parameters taken from the original call and what it returned.
public struct UndoAction: Hashable, Sendable {
    /// The inverse's full id (`tasks.delete`).
    public var intent: String
    /// For each of the inverse's parameters, where its value comes from: `$result` (the
    /// original's returned value), `$name` (the original's parameter), either followed by
    /// `.field` (`$task.id`, or a property the history recorded with an entity: `$expense.price`);
    /// anything else is a literal value.
    public var parameters: [String: JSONValue]

    public init(intent: String, parameters: [String: JSONValue] = [:]) {
        self.intent = intent
        self.parameters = parameters
    }

    /// The inverse's parameters for one performed call: each source looked up in the
    /// original's parameters and result; nil when a source names something absent.
    public func inverseParameters(original: [String: JSONValue], result: JSONValue?) -> [String: JSONValue]? {
        var out: [String: JSONValue] = [:]
        for (name, source) in parameters {
            guard case .string(let text) = source, text.hasPrefix("$") else {
                out[name] = source
                continue
            }
            let path = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var value: JSONValue? = path[0] == "result" ? result : original[path[0]]
            // An entity's property is found among its recorded properties too ("$expense.price").
            for field in path.dropFirst() { value = value?[field] ?? value?["properties"]?[field] }
            guard let value, value != .null else { return nil }
            out[name] = value
        }
        return out
    }

    /// The sources that are not well formed (`$` followed by nothing, or an empty field).
    public var malformedSources: [String] {
        parameters.values.compactMap { source -> String? in
            guard case .string(let text) = source, text.hasPrefix("$") else { return nil }
            let path = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            return path.contains(where: \.isEmpty) ? text : nil
        }
    }
}

/// One typed input of an intent.
public struct ParameterDefinition: Hashable, Sendable {
    public var name: String
    public var title: String
    public var type: ValueType
    public var isOptional: Bool
    public var defaultValue: DefaultValue?
    /// The question asked when the value is missing.
    public var requestValueDialog: String?
    public var description: String
    /// For File parameters: the kinds of file accepted ("image", "pdf", or extensions such as
    /// "jpg"); empty accepts any file.
    public var fileTypes: [String] = []
    /// For File parameters: the folder where a bare name ("the sunset photo") is looked up;
    /// "~" stands for the home folder.
    public var fileDirectory: String?
    /// For Date parameters: a day alone is not enough ("create an event tomorrow"), so the
    /// time of day is asked for when it was not said ("At what time on Thursday, November 26?").
    public var needsTime = false
    /// For Date parameters: the day meant is one already past, as a photo's or a spending's
    /// is, so a day said without its year or week ("october", "on saturday") is the last one,
    /// not the next ("show me the photos from october" in November is last October's).
    public var inThePast = false
    /// For Int, Double and CurrencyAmount parameters: the values accepted, ends included (App
    /// Intents' `inclusiveRange`); a value said outside it is no value, and the user is asked
    /// again ("The amount must be between 0.01 and 10000."). A CurrencyAmount's amount is compared.
    public var inclusiveRange: ClosedRange<Double>?

    public init(
        name: String, title: String? = nil, type: ValueType, isOptional: Bool = false, defaultValue: DefaultValue? = nil,
        requestValueDialog: String? = nil, description: String = ""
    ) {
        self.name = name
        self.title = title ?? name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.requestValueDialog = requestValueDialog
        self.description = description
    }

    /// True when the intent cannot run without a value from the user.
    public var isRequired: Bool { !isOptional && defaultValue == nil && !type.isList }

    /// The types an ``inclusiveRange`` can bound.
    public static func takesRange(_ type: ValueType) -> Bool { [.int, .double, .currencyAmount].contains(type.elementType) }

    /// Why `value` is outside ``inclusiveRange`` ("The amount must be between 0.01 and
    /// 10000."), or nil when it is inside, or the parameter has no range.
    public func rangeProblem(_ value: Value) -> String? {
        guard let range = inclusiveRange else { return nil }
        let number: Double
        switch value {
        case .int(let int): number = Double(int)
        case .double(let double): number = double
        case .currencyAmount(let amount): number = amount.amount
        case .list(let items): return items.lazy.compactMap(rangeProblem).first
        default: return nil
        }
        guard !range.contains(number) else { return nil }
        return "The \(title.lowercased()) must be between \(rangeText)."
    }

    /// What an answer must be, for a value said outside the range: "an amount between 0.01 and 10000".
    public var rangeExpectation: String {
        (type.elementType == .currencyAmount ? "an amount" : "a number") + " between " + rangeText
    }

    /// "0.01 and 10000": the range's ends as people write them.
    private var rangeText: String {
        guard let range = inclusiveRange else { return "" }
        let end = { (value: Double) in value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value) }
        return "\(end(range.lowerBound)) and \(end(range.upperBound))"
    }
}

/// What a parameter takes when the user gives no value.
public enum DefaultValue: Hashable, Sendable {
    case value(Value)
    /// The reference time of the request (a Date parameter's `default: now`).
    case now

    /// The concrete value, given the request's reference time.
    public func resolve(now: LocalDateTime) -> Value {
        switch self {
        case .value(let value): value
        case .now: .date(now)
        }
    }
}

/// A typed attribute of an entity that people can filter and sort by.
public struct PropertyDefinition: Hashable, Sendable {
    public var name: String
    public var title: String
    public var type: ValueType
    public var isOptional: Bool
    public init(name: String, title: String? = nil, type: ValueType, isOptional: Bool = false) {
        self.name = name
        self.title = title ?? name
        self.type = type
        self.isOptional = isOptional
    }
}

/// An app concept whose values are dynamic (a book, a task).
public struct EntityTypeDefinition: Hashable, Sendable {
    /// Qualified name `app.Name`.
    public var name: String
    public var displayName: String
    public var properties: [PropertyDefinition]
    /// Known values, compiled into the matcher (fixtures, or what the app suggested).
    public var values: [EntityRecord]
    /// The entity schema it adopts (`mail.account`).
    public var adoptedSchema: String?

    public init(
        name: String, displayName: String, properties: [PropertyDefinition] = [], values: [EntityRecord] = [],
        adoptedSchema: String? = nil
    ) {
        self.name = name
        self.displayName = displayName
        self.properties = properties
        self.values = values
        self.adoptedSchema = adoptedSchema
    }
}

/// One entity value: id, display representation, the names people call it, and its properties.
public struct EntityRecord: Hashable, Sendable {
    public var id: String
    public var title: String
    public var subtitle: String?
    public var synonyms: [String]
    public var properties: [String: Value]

    public init(id: String, title: String, subtitle: String? = nil, synonyms: [String] = [], properties: [String: Value] = [:]) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.synonyms = synonyms
        self.properties = properties
    }

    public var reference: EntityReference { EntityReference(id: id, title: title) }
}

/// A fixed set of cases with display titles and synonyms.
public struct EnumDefinition: Hashable, Sendable {
    /// Qualified name `app.Name`.
    public var name: String
    public var displayName: String
    public var cases: [EnumCase]
    /// The enum schema it adopts (`phone.audioVisualMode`).
    public var adoptedSchema: String?
    public init(name: String, displayName: String, cases: [EnumCase], adoptedSchema: String? = nil) {
        self.name = name
        self.displayName = displayName
        self.cases = cases
        self.adoptedSchema = adoptedSchema
    }
}

public struct EnumCase: Hashable, Sendable {
    public var id: String
    public var title: String
    public var synonyms: [String]
    public init(id: String, title: String, synonyms: [String] = []) {
        self.id = id
        self.title = title
        self.synonyms = synonyms
    }
}

extension IntentDefinition {
    /// A dialog template ("Do you want to transfer ${amount} to ${recipient}?") with each
    /// `${parameter}` replaced by its value as said (``Value/spoken``), an enum case by its title
    /// when `caseTitle` knows it (enum type, case id); unknown or unset names stay as written.
    public func interpolate(
        _ template: String, values: (String) -> JSONValue?, caseTitle: (String, String) -> String? = { _, _ in nil }
    ) -> String {
        var text = template
        for parameter in parameters where text.contains("${\(parameter.name)}") {
            guard let raw = values(parameter.name) else { continue }
            var shown = Value(json: raw, as: parameter.type)?.spoken ?? raw.serialized
            if case .enumeration(let type) = parameter.type, let id = raw.stringValue, let title = caseTitle(type, id) { shown = title }
            text = text.replacingOccurrences(of: "${\(parameter.name)}", with: shown)
        }
        return text
    }
}
