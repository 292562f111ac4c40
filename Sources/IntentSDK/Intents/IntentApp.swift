/// Your app as intentd knows it: an id, a name, and the intents it offers.
///
/// List every intent (the SDK reads enums and entities from their parameters); phrases
/// come from ``shortcuts``. Run it with ``IntentHost`` in-process or ``AppConnection``
/// over the daemon's socket.
///
/// ```swift
/// enum MightyTasks: IntentApp {
///     static let id = "tasks"
///     static let name = "Mighty Tasks"
///     static let synonyms = ["my tasks", "task list"]
///     static let intents: [any AppIntent.Type] = [CountTasks.self, AddTask.self]
///     static let shortcuts: (any AppShortcutsProvider.Type)? = TasksShortcuts.self
///     static func registerDependencies(in manager: AppDependencyManager) { manager.add { TaskStore() } }
/// }
/// ```
public protocol IntentApp: Sendable {
    /// The short stable id, prefix of the intent ids (`tasks`).
    static var id: String { get }
    /// The name people say and see ("Mighty Tasks").
    static var name: String { get }
    static var synonyms: [String] { get }
    static var intents: [any AppIntent.Type] { get }
    /// Entity and enum types no intent parameter mentions but the app still declares.
    static var additionalTypes: [any IntentValue.Type] { get }
    static var shortcuts: (any AppShortcutsProvider.Type)? { get }
    /// The command that starts the app on demand, written into its manifest.
    static var exec: [String]? { get }
    /// Registers the app's stores and clients; called once per host.
    static func registerDependencies(in manager: AppDependencyManager)
}

extension IntentApp {
    public static var synonyms: [String] { [] }
    public static var additionalTypes: [any IntentValue.Type] { [] }
    public static var shortcuts: (any AppShortcutsProvider.Type)? { nil }
    public static var exec: [String]? { nil }
    public static func registerDependencies(in manager: AppDependencyManager) {}
}
