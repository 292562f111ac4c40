import IntentModel

/// What `perform()` returns. Make one with `.result(...)`:
///
/// ```swift
/// return .result()                                           // nothing to say
/// return .result(dialog: "Opening your task")                // text to show and speak
/// return .result(value: count, dialog: "You have \(count) tasks", snippet: list)
/// return .result(value: book, opensIntent: OpenBook(book: book), dialog: "Added \(book.title) to Library!")
/// ```
///
/// Declare what the result carries so callers (and chained intents) can rely on it:
/// `some IntentResult & ReturnsValue<Int>`, `some IntentResult & OpensIntent`.
public protocol IntentResult: Sendable {
    /// The result's parts, for the host.
    var content: IntentResultContent { get }
}

/// A result that returns a value of type `Value`.
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value: IntentValue
}

/// A result that offers to open another (foreground) intent.
public protocol OpensIntent: IntentResult {}

/// A result that says something.
public protocol ProvidesDialog: IntentResult {}

/// A result that shows a snippet: a text block a front end displays.
public protocol ShowsSnippetText: IntentResult {}

/// The parts of a result: dialog, value, snippet, an intent to open.
public struct IntentResultContent: Sendable {
    /// Text shown and spoken.
    public var dialog: String?
    /// The intent's value, as intentd sees it.
    public var value: Value?
    /// A text block a front end displays.
    public var snippet: String?
    /// The intent to open, already filled in.
    public var opensIntent: (any AppIntent)?
    /// The entities the result lists when its value is not them (``IntentResultContainer/showing(_:)``).
    public var shows: [Value] = []
}

/// The one result type; its generic arguments say what it carries (`Never` for nothing).
public struct IntentResultContainer<ResultValue: Sendable, OpenedIntent: Sendable>: IntentResult, ProvidesDialog, ShowsSnippetText {
    /// What the result carries.
    public let content: IntentResultContent
}

extension IntentResultContainer: ReturnsValue where ResultValue: IntentValue {
    /// The type of the value the result carries.
    public typealias Value = ResultValue
}

extension IntentResultContainer: OpensIntent where OpenedIntent: AppIntent {}

extension IntentResultContainer {
    /// The result, saying which entities it lists, in the order shown, when its value is not
    /// them: `.result(value: open.count, snippet: list).showing(open)`. "The second one" in the
    /// user's next request is then the second of them (intentd's own; App Intents has none).
    public func showing<E: AppEntity>(_ entities: [E]) -> Self {
        var content = content
        content.shows = entities.compactMap(\.encodedIfPresent)
        return Self(content: content)
    }
}

extension IntentResult {
    /// A result that says `dialog` and shows `snippet`, both optional: `return .result(dialog: "Done")`.
    public static func result(dialog: IntentDialog? = nil, snippet: String? = nil) -> Self
    where Self == IntentResultContainer<Never, Never> {
        IntentResultContainer(content: IntentResultContent(dialog: dialog?.text, snippet: snippet))
    }

    /// A result with a value: `return .result(value: count, dialog: "You have \(count) tasks")`.
    public static func result<V: IntentValue>(value: V, dialog: IntentDialog? = nil, snippet: String? = nil) -> Self
    where Self == IntentResultContainer<V, Never> {
        IntentResultContainer(content: IntentResultContent(dialog: dialog?.text, value: value.encodedIfPresent, snippet: snippet))
    }

    /// A result that opens another intent when done (App Intents' `opensIntent`).
    public static func result<I: AppIntent>(opensIntent: I, dialog: IntentDialog? = nil, snippet: String? = nil) -> Self
    where Self == IntentResultContainer<Never, I> {
        IntentResultContainer(content: IntentResultContent(dialog: dialog?.text, snippet: snippet, opensIntent: opensIntent))
    }

    /// A result with a value that also opens another intent.
    public static func result<V: IntentValue, I: AppIntent>(
        value: V, opensIntent: I, dialog: IntentDialog? = nil, snippet: String? = nil
    ) -> Self where Self == IntentResultContainer<V, I> {
        IntentResultContainer(
            content: IntentResultContent(dialog: dialog?.text, value: value.encodedIfPresent, snippet: snippet, opensIntent: opensIntent))
    }
}
