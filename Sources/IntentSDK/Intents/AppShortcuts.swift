/// Ready-made shortcuts: an intent and the phrases that reach it, usable with no setup.
///
/// Phrases use the template syntax of docs/phrases.md. Interpolate the app's name with
/// `\(.applicationName)` and parameters with `\(\.$name)`; unlike Apple's system, a phrase
/// may leave out the app's name and may interpolate any parameter.
///
/// ```swift
/// struct TasksShortcuts: AppShortcutsProvider {
///     static var appShortcuts: [AppShortcut] {
///         AppShortcut(intent: CountTasks(), phrases: ["What is left in \(.applicationName)?",
///                                                    "How many tasks left in \(.applicationName)"],
///                     shortTitle: "Count Tasks", systemImageName: "number")
///         AppShortcut(intent: AddTask(), phrases: ["add \(\.$title) to [my] \(\.$list) [list]"],
///                     shortTitle: "Add Task", systemImageName: "plus")
///     }
/// }
/// ```
public protocol AppShortcutsProvider: Sendable {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}

/// One shortcut: an intent, its phrases (the first is shown to users), a short title and an icon name.
public struct AppShortcut: Sendable {
    /// The intent the shortcut runs.
    public let intentType: any AppIntent.Type
    /// Its phrases as the matcher reads them (docs/phrases.md), the first shown to users.
    public let phrases: [String]
    /// A short title for shortcut lists: "Add a task".
    public let shortTitle: String
    /// An icon name, as SF Symbols names them.
    public let systemImageName: String

    /// A shortcut of `intent`, said with `phrases` (each may use `\(.applicationName)` and the intent's parameters).
    public init<Intent: AppIntent>(
        intent: Intent, phrases: [IntentTemplate<Intent>], shortTitle: LocalizedStringResource, systemImageName: String
    ) {
        intentType = Intent.self
        self.phrases = phrases.map { Self.phraseText($0.text) }
        self.shortTitle = shortTitle.text
        self.systemImageName = systemImageName
    }

    /// A trailing question mark or full stop is written for people, not for the matcher.
    static func phraseText(_ text: String) -> String {
        var out = text.trimmingCharacters(in: .whitespaces)
        while let last = out.last, "?.!".contains(last) { out.removeLast() }
        return out
    }
}

/// Gathers the shortcuts written in `appShortcuts`, with `if`, `for` and `switch` as in any result builder.
@resultBuilder
public enum AppShortcutsBuilder {
    /// One shortcut.
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    /// Several shortcuts made elsewhere.
    public static func buildExpression(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
    /// The shortcuts of a block, in order.
    public static func buildBlock(_ parts: [AppShortcut]...) -> [AppShortcut] { parts.flatMap { $0 } }
    /// The shortcuts of an `if` without `else`, when its condition holds.
    public static func buildOptional(_ part: [AppShortcut]?) -> [AppShortcut] { part ?? [] }
    /// The shortcuts of an `if`'s first branch.
    public static func buildEither(first: [AppShortcut]) -> [AppShortcut] { first }
    /// The shortcuts of an `else` branch.
    public static func buildEither(second: [AppShortcut]) -> [AppShortcut] { second }
    /// The shortcuts of a `for` loop.
    public static func buildArray(_ parts: [[AppShortcut]]) -> [AppShortcut] { parts.flatMap { $0 } }
}
