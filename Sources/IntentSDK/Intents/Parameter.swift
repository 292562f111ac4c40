import IntentModel
import Synchronization

/// Declares an input of an ``AppIntent``: its title, the question asked when it is
/// missing, and a default.
///
/// A parameter is optional when its type is `Optional` or it has a default; lists
/// (`[IntentPerson]`) may be empty. The property's name is the parameter's name on the
/// wire and in phrase files (`{title}`). Through `$name` the intent asks follow-up
/// questions (``IntentParameter``).
///
/// ```swift
/// struct AddTask: AppIntent {
///     static let title: LocalizedStringResource = "Create new task"
///     @Parameter(title: "Title", requestValueDialog: "What would you like to add?")
///     var title: String
///     @Parameter(title: "List") var list: TaskListEntity?
///     @Parameter(title: "Duration (minutes)", default: 60) var duration: Int
///     func perform() async throws -> some IntentResult { .result(dialog: "Task '\(title)' added") }
/// }
/// ```
@propertyWrapper
public struct Parameter<Value: IntentValue>: Sendable {
    let storage: ParameterStorage<Value>

    /// - Parameters:
    ///   - title: What people see for it ("Due Date").
    ///   - description: One sentence more, for UIs and docs.
    ///   - default: The value when the user gives none; the parameter is then optional.
    ///   - requestValueDialog: The question asked when the value is missing.
    ///   - supportedContentTypes: For files: the kinds accepted ("image", "pdf", or extensions).
    ///   - directory: For files: the folder where a bare name is looked up ("~/Pictures").
    ///   - needsTime: For dates: a day alone is not enough, so the time of day is asked for
    ///     when it was not said ("At what time on Thursday, November 26?").
    ///   - inThePast: For dates: the day meant is one already past (a photo's, a spending's),
    ///     so "on saturday" or "october" said without more is the last one, not the next.
    ///   - inclusiveRange: For numbers and amounts of money: the lowest and highest values
    ///     accepted (`(1, 10)`); a value said outside is refused and asked for again.
    public init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
        requestValueDialog: IntentDialog? = nil, supportedContentTypes: [String] = [], directory: String? = nil, needsTime: Bool = false,
        inThePast: Bool = false, inclusiveRange: (Double, Double)? = nil
    ) {
        storage = ParameterStorage(
            title: title.text, description: description?.text ?? "", defaultValue: defaultValue,
            requestValueDialog: requestValueDialog?.text, fileTypes: supportedContentTypes, fileDirectory: directory, needsTime: needsTime,
            inThePast: inThePast, inclusiveRange: inclusiveRange.flatMap { $0.0 <= $0.1 ? $0.0...$0.1 : nil })
    }

    /// The parameter's value; reading a required one before it has a value is a programming error.
    public var wrappedValue: Value {
        get {
            if let value = storage.value ?? storage.defaultValue ?? Value.absentValue { return value }
            // The host asks for every required value before perform() runs, so this is a
            // programming error: reading a parameter of an intent made by hand without setting it.
            preconditionFailure("@Parameter '\(storage.name)' of type \(Value.self) was read before it had a value")
        }
        nonmutating set { storage.value = newValue }
    }

    /// The parameter itself (`$title`), to ask the user about it.
    public var projectedValue: IntentParameter<Value> { IntentParameter(storage: storage) }
}

/// `$parameter` inside an intent: the parameter itself, through which `perform()` asks
/// the user for a value, a choice or a confirmation.
///
/// Each question ends the current run of `perform()` by throwing; intentd asks the user
/// and calls the intent again with the answer, and this time the same call returns it.
///
/// ```swift
/// guard let quantity, quantity < 10 else { throw $quantity.needsValue("Please specify how many soups") }
/// let task = try await $task.requestDisambiguation(among: openTasks, dialog: "What task would like to open?")
/// ```
public struct IntentParameter<Value: IntentValue>: Sendable {
    let storage: ParameterStorage<Value>

    /// The parameter's name (the property's name).
    public var name: String { storage.name }
    /// The parameter's title, as shown to people.
    public var title: String { storage.title }

    /// The error that asks the user for this parameter's value: `throw $title.needsValue("What is the title?")`.
    public func needsValue(_ dialog: IntentDialog? = nil) -> IntentFollowUp {
        .needsValue(parameter: name, prompt: dialog?.text ?? storage.requestValueDialog)
    }

    /// App Intents' spelling of ``needsValue(_:)``.
    public func needsValueError(_ dialog: IntentDialog? = nil) -> IntentFollowUp { needsValue(dialog) }

    /// Asks for the value and returns it; throws the question the first time.
    public func requestValue(_ dialog: IntentDialog? = nil) async throws -> Value {
        if let value = storage.value { return value }
        throw needsValue(dialog)
    }

    /// Lets the user pick one of `values`; returns the pick once the user has chosen.
    public func requestDisambiguation(among values: [Value], dialog: IntentDialog? = nil) async throws -> Value {
        if let current = storage.value, let encoded = current.encodedIfPresent,
            let chosen = values.first(where: { $0.encodedIfPresent.map { Self.sameChoice($0, encoded) } ?? false })
        {
            return chosen
        }
        let choices = values.compactMap { value -> (title: String, value: IntentModel.Value)? in
            guard let encoded = value.encodedIfPresent else { return nil }
            return (encoded.displayText, encoded)
        }
        throw IntentFollowUp.disambiguate(parameter: name, prompt: dialog?.text ?? storage.requestValueDialog, choices: choices)
    }

    /// "Did you mean X?": asks whether `value` is what the user meant; returns it on yes.
    public func requestConfirmation(for value: Value, dialog: IntentDialog? = nil) async throws -> Value {
        if PerformContext.current.confirmed { return value }
        let shown = value.encodedIfPresent?.displayText ?? ""
        throw IntentFollowUp.confirm(prompt: dialog?.text ?? "Did you mean \(shown)?", preview: nil)
    }

    /// Entities are the same choice when their ids are; other values when they are equal.
    static func sameChoice(_ a: IntentModel.Value, _ b: IntentModel.Value) -> Bool {
        if case .entity(let x) = a, case .entity(let y) = b { return x.id == y.id }
        return a == b
    }
}

/// The shared storage of one parameter of one intent value. A class so that the host can
/// set values and names through `Mirror` on a fresh intent, as App Intents does for its
/// (class-based) parameters.
final class ParameterStorage<Value: IntentValue>: Sendable {
    let title: String
    let description: String
    let defaultValue: Value?
    let requestValueDialog: String?
    let fileTypes: [String]
    let fileDirectory: String?
    let needsTime: Bool
    let inThePast: Bool
    let inclusiveRange: ClosedRange<Double>?
    private let state = Mutex<(name: String, value: Value?)>(("", nil))

    init(
        title: String, description: String, defaultValue: Value?, requestValueDialog: String?, fileTypes: [String], fileDirectory: String?,
        needsTime: Bool, inThePast: Bool = false, inclusiveRange: ClosedRange<Double>? = nil
    ) {
        self.needsTime = needsTime
        self.inThePast = inThePast
        self.inclusiveRange = inclusiveRange
        self.title = title
        self.description = description
        self.defaultValue = defaultValue
        self.requestValueDialog = requestValueDialog
        self.fileTypes = fileTypes
        self.fileDirectory = fileDirectory
    }

    var name: String {
        get { state.withLock { $0.name } }
        set { state.withLock { $0.name = newValue } }
    }

    var value: Value? {
        get { state.withLock { $0.value } }
        set { state.withLock { $0.value = newValue } }
    }
}

/// What the host needs from a parameter without knowing its type.
protocol AnyParameter: Sendable {
    var parameterName: String { get nonmutating set }
    var parameterTitle: String { get }
    var parameterDescription: String { get }
    var requestValueDialog: String? { get }
    var fileTypes: [String] { get }
    var fileDirectory: String? { get }
    var needsTime: Bool { get }
    var inThePast: Bool { get }
    var inclusiveRange: ClosedRange<Double>? { get }
    static var valueType: ValueType { get }
    static var isOptional: Bool { get }
    var defaultIntentValue: IntentModel.Value? { get }
    var currentIntentValue: IntentModel.Value? { get }
    var hasValue: Bool { get }
    func assign(_ value: IntentModel.Value) async throws -> Bool
    static func collectTypes(into types: inout TypeCollector)
}

extension Parameter: AnyParameter {
    var parameterName: String {
        get { storage.name }
        nonmutating set { storage.name = newValue }
    }
    var parameterTitle: String { storage.title }
    var parameterDescription: String { storage.description }
    var requestValueDialog: String? { storage.requestValueDialog }
    var fileTypes: [String] { storage.fileTypes }
    var fileDirectory: String? { storage.fileDirectory }
    var needsTime: Bool { storage.needsTime }
    var inThePast: Bool { storage.inThePast }
    var inclusiveRange: ClosedRange<Double>? { storage.inclusiveRange }
    static var valueType: ValueType { Value.intentValueType }
    static var isOptional: Bool { Value.isOptionalValue }
    var defaultIntentValue: IntentModel.Value? { storage.defaultValue?.encodedIfPresent }
    var currentIntentValue: IntentModel.Value? { (storage.value ?? storage.defaultValue)?.encodedIfPresent }
    var hasValue: Bool { storage.value != nil || storage.defaultValue != nil || Value.absentValue != nil }
    func assign(_ value: IntentModel.Value) async throws -> Bool {
        guard let decoded = try await Value.fromIntentValue(value) else { return false }
        storage.value = decoded
        return true
    }
    static func collectTypes(into types: inout TypeCollector) { Value.collectTypes(into: &types) }
}
