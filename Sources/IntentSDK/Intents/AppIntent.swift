import IntentModel

/// One thing your app can do: metadata, typed parameters and `perform()`.
///
/// Declare parameters with ``Parameter``; the SDK reads them with `Mirror` (no macros),
/// so an intent needs an `init()` (the implicit one does). The intent's id is the app's
/// id, a dot and ``identifier`` (`tasks.add`).
///
/// ```swift
/// struct CountTasks: AppIntent {
///     static let identifier = "count"
///     static let title: LocalizedStringResource = "Get the number of opened tasks"
///     @Dependency var store: TaskStore
///     func perform() async throws -> some IntentResult & ReturnsValue<Int> {
///         let open = await store.openTasks.count
///         return .result(value: open, dialog: "Number of the opened tasks is \(open)")
///     }
/// }
/// ```
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    init()
    /// The id's last part (`add` in `tasks.add`); by default the type's name with a
    /// trailing `Intent` dropped and a lowercase first letter.
    static var identifier: String { get }
    /// A short verb-noun title: "Create new task".
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription? { get }
    /// False hides the intent from lists and suggestions.
    static var isDiscoverable: Bool { get }
    /// True when the intent brings the app to the foreground (opens a screen).
    static var openAppWhenRun: Bool { get }
    static var authenticationPolicy: IntentAuthenticationPolicy { get }
    /// "Open \(\.$shelf)": the sentence a launcher shows, parameters interpolated.
    static var parameterSummary: ParameterSummary<Self>? { get }
    /// The assistant schema the intent adopts (`.mail.createDraft`).
    static var assistantSchema: AssistantSchema? { get }
    /// What performing it does: `.readOnly`, `.reversible(undo: DeleteTask.self, parameters:
    /// ["task": "$result"])` or `.destructive` (docs/memory.md). Nil when undeclared.
    static var effect: IntentSideEffect? { get }
    /// Requests a person would say to reach it ("order two large tomato soups"): help shows the
    /// first, and `intentd check` routes each to this intent. Like the phrases of an
    /// `AppShortcut`, but checked.
    static var examples: [String] { get }
    /// Runs the intent. Throw ``IntentFollowUp`` questions (through `$parameter`) or an
    /// error with a user-facing message; return ``IntentResult/result()`` and friends.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var identifier: String { defaultIdentifier(for: Self.self, droppingSuffix: "Intent", lowercaseFirst: true) }
    public static var description: IntentDescription? { nil }
    public static var isDiscoverable: Bool { true }
    public static var openAppWhenRun: Bool { false }
    public static var authenticationPolicy: IntentAuthenticationPolicy { .alwaysAllowed }
    public static var parameterSummary: ParameterSummary<Self>? { nil }
    public static var assistantSchema: AssistantSchema? { nil }
    public static var effect: IntentSideEffect? { nil }
    public static var examples: [String] { [] }

    /// Asks the user to confirm before the intent goes on (result confirmation), with an
    /// optional preview of what will happen. Returns once the user said yes.
    ///
    /// ```swift
    /// try await requestConfirmation(actionName: .order, dialog: "Are you ready to order?", preview: "2 × Dune")
    /// ```
    public func requestConfirmation(
        actionName: ConfirmationActionName = .continue, dialog: IntentDialog? = nil, preview: String? = nil
    ) async throws {
        if PerformContext.current.confirmed { return }
        throw IntentFollowUp.confirm(prompt: dialog?.text ?? "Do you want to \(actionName.verb)?", preview: preview)
    }
}

func defaultIdentifier(for type: Any.Type, droppingSuffix suffix: String, lowercaseFirst: Bool) -> String {
    var name = String(describing: type)
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    if name.hasSuffix(suffix), name.count > suffix.count { name = String(name.dropLast(suffix.count)) }
    guard lowercaseFirst, let first = name.first else { return name }
    return first.lowercased() + name.dropFirst()
}

/// Who may run an intent; intentd checks it against the client's credentials.
public enum IntentAuthenticationPolicy: String, Sendable, CaseIterable {
    /// Anyone who can connect.
    case alwaysAllowed
    /// The daemon's own user (or its group).
    case requiresAuthentication
    /// As above, and the front end vouches that the user just proved presence on this device.
    case requiresLocalDeviceAuthentication

    var model: AuthenticationPolicy {
        switch self {
        case .alwaysAllowed: .alwaysAllowed
        case .requiresAuthentication: .requiresAuthentication
        case .requiresLocalDeviceAuthentication: .requiresLocalDeviceAuthentication
        }
    }
}

/// A user-visible string. (On Apple platforms Foundation's type of this name localizes;
/// here it is the text itself.)
public struct LocalizedStringResource: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text.
    public let text: String
    /// A string of this text.
    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
    public var description: String { text }
}

/// What an intent says to the user: shown and spoken.
public struct IntentDialog: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text, as shown and spoken.
    public let text: String
    /// A dialog of this text.
    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
    public var description: String { text }
}

/// An intent's description, for UIs and `intentd search`.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The text.
    public let text: String
    /// A description of this text.
    public init(_ text: LocalizedStringResource) { self.text = text.text }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
}

/// The verb of a result confirmation: "Do you want to order?".
public struct ConfirmationActionName: Sendable, Hashable {
    /// The verb, as asked: "order".
    public let verb: String
    /// A verb of your own: `ConfirmationActionName("publish")`.
    public init(_ verb: String) { self.verb = verb }
    /// "Do you want to continue?"
    public static let `continue` = ConfirmationActionName("continue")
    /// "Do you want to order …?"
    public static let order = ConfirmationActionName("order")
    /// "Do you want to buy …?"
    public static let buy = ConfirmationActionName("buy")
    /// "Do you want to send …?"
    public static let send = ConfirmationActionName("send")
    /// "Do you want to add …?"
    public static let add = ConfirmationActionName("add")
    /// "Do you want to set …?"
    public static let set = ConfirmationActionName("set")
    /// "Do you want to go …?"
    public static let go = ConfirmationActionName("go")
    /// "Do you want to request …?"
    public static let request = ConfirmationActionName("request")
    /// "Do you want to delete …?"
    public static let delete = ConfirmationActionName("delete")
}

/// An assistant schema an intent, entity or enum adopts (`.mail.createDraft`): intentd's
/// own phrases for the schema then reach it. The accessors (`.mail`, `.calendar`, ...) name
/// every schema of intentd's catalogue (Phrases/schemas/catalog.yaml, docs/schemas.md); a
/// schema of a catalogue extension is named by its id.
///
/// ```swift
/// static var assistantSchema: AssistantSchema? { .mail.createDraft }
/// static var assistantSchema: AssistantSchema? { AssistantSchema("media.play") }
/// ```
public struct AssistantSchema: Sendable, Hashable, CustomStringConvertible {
    /// `domain.name`.
    public let identifier: String
    /// A schema by its id: `AssistantSchema("media.play")`.
    public init(_ identifier: String) { self.identifier = identifier }
    public var description: String { identifier }
}

/// What performing an intent does to the user's world: the daemon confirms a destructive one
/// before it runs and undoes a reversible one with its inverse (docs/memory.md).
///
/// ```swift
/// static let effect: IntentSideEffect? = .reversible(undo: DeleteTask.self, parameters: ["task": "$result"])
/// ```
public struct IntentSideEffect: Sendable {
    let name: String
    let undoIntent: String?
    let undoParameters: [String: String]

    /// Changes nothing: showing, counting, opening.
    public static let readOnly = IntentSideEffect(name: "readOnly", undoIntent: nil, undoParameters: [:])
    /// Changes something that cannot be taken back: always confirmed before it runs.
    public static let destructive = IntentSideEffect(name: "destructive", undoIntent: nil, undoParameters: [:])

    /// Undone by performing `inverse`, an intent of the same app. Each of its parameters
    /// comes from `$result` (what this intent returned), `$name` (this intent's parameter),
    /// either followed by `.field` (`$task.id`), or is the literal text given.
    public static func reversible<Inverse: AppIntent>(undo inverse: Inverse.Type, parameters: [String: String] = [:]) -> IntentSideEffect {
        IntentSideEffect(name: "reversible", undoIntent: inverse.identifier, undoParameters: parameters)
    }

    /// The model's effect, the inverse's id qualified with the app's.
    func model(appID: String) -> IntentEffect {
        switch name {
        case "readOnly": return .readOnly
        case "destructive": return .destructive
        default:
            return .reversible(UndoAction(
                intent: "\(appID).\(undoIntent ?? "")", parameters: undoParameters.mapValues { JSONValue.string($0) }))
        }
    }
}
