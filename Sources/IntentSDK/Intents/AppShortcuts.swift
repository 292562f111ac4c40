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
    public let intentType: any AppIntent.Type
    public let phrases: [String]
    public let shortTitle: String
    public let systemImageName: String

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

@resultBuilder
public enum AppShortcutsBuilder {
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    public static func buildExpression(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
    public static func buildBlock(_ parts: [AppShortcut]...) -> [AppShortcut] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [AppShortcut]?) -> [AppShortcut] { part ?? [] }
    public static func buildEither(first: [AppShortcut]) -> [AppShortcut] { first }
    public static func buildEither(second: [AppShortcut]) -> [AppShortcut] { second }
    public static func buildArray(_ parts: [[AppShortcut]]) -> [AppShortcut] { parts.flatMap { $0 } }
}
