import Foundation
import IntentModel

/// A question `perform()` asks the user, thrown so that the run ends; intentd asks it and
/// calls the intent again with the answer. Made by `$parameter` and
/// ``AppIntent/requestConfirmation(actionName:dialog:preview:)``; let it through (`try`).
public enum IntentFollowUp: Error, Sendable, Hashable {
    /// Ask for the parameter's value.
    case needsValue(parameter: String, prompt: String?)
    /// Let the user pick one of these values of the parameter.
    case disambiguate(parameter: String, prompt: String?, choices: [DisambiguationChoice])
    /// Ask yes or no; on yes the intent runs again, confirmed.
    case confirm(prompt: String, preview: String?)

    static func disambiguate(parameter: String, prompt: String?, choices: [(title: String, value: Value)]) -> IntentFollowUp {
        .disambiguate(parameter: parameter, prompt: prompt, choices: choices.map { DisambiguationChoice(title: $0.title, value: $0.value) })
    }
}

/// One option of a disambiguation: its title and the value it stands for.
public struct DisambiguationChoice: Sendable, Hashable {
    /// What the user sees and may say to pick it.
    public var title: String
    /// The value it stands for.
    public var value: Value
}

/// An error whose message is shown to the user as is ("Book Not Found").
///
/// ```swift
/// enum LibraryError: Error, CustomLocalizedStringResourceConvertible {
///     case notFound
///     var localizedStringResource: LocalizedStringResource {
///         switch self { case .notFound: "Book Not Found" }
///     }
/// }
/// ```
public protocol CustomLocalizedStringResourceConvertible {
    var localizedStringResource: LocalizedStringResource { get }
}

/// A ready-made user-facing error: `throw IntentError("Sorry, there are no tasks to delete")`.
public struct IntentError: Error, Sendable, Hashable, CustomLocalizedStringResourceConvertible {
    /// The message shown to the user.
    public let localizedStringResource: LocalizedStringResource
    /// An error that says `message`.
    public init(_ message: LocalizedStringResource) { localizedStringResource = message }
}

/// What the running intent knows about its call: whether the user already confirmed.
struct PerformContext: Sendable {
    var confirmed = false
    var now: LocalDateTime?
    @TaskLocal static var current = PerformContext()
}

/// The request an intent is performed for.
public enum IntentRequest {
    /// The reference time of the request ("today", "this week" and the daemon's relative dates
    /// are relative to it): the time the user's client gave, else the daemon's clock; outside
    /// a request, the clock.
    public static var now: Date {
        PerformContext.current.now?.date(in: .current) ?? Date()
    }
}
