import IntentModel

/// Text with the app's name and an intent's parameters interpolated, in the template
/// syntax of docs/phrases.md: `"add \(\.$title) to \(.applicationName)"` is
/// `add {title} to ${app}`. Template syntax may also be written directly
/// (`"(add|put) {title} [to my list]"`).
public struct IntentTemplate<Intent: AppIntent>: Sendable, ExpressibleByStringInterpolation {
    enum Part: Sendable {
        case text(String)
        case applicationName
        case parameter(@Sendable (Intent) -> String)
    }

    let parts: [Part]

    public init(stringLiteral value: String) { parts = [.text(value)] }

    public init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// Collects the parts of an interpolated phrase.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }
        /// `\(.applicationName)`: the app's name or one of its synonyms.
        public mutating func appendInterpolation(_ name: ApplicationNameToken) { parts.append(.applicationName) }
        /// `\(\.$shelf)`: a parameter, filled from what is said there.
        public mutating func appendInterpolation<V>(_ keyPath: KeyPath<Intent, IntentParameter<V>>) {
            nonisolated(unsafe) let path = keyPath
            parts.append(.parameter { intent in intent[keyPath: path].name })
        }
    }

    /// The template text: `${app}` for the app's name, `{name}` for a parameter.
    var text: String { rendered { "{\($0)}" } }

    /// The text with `{name}` written `${name}`, as summaries are.
    var summaryText: String { rendered { "${\($0)}" } }

    /// The text with the app's name as `${app}` and each parameter as `parameter` writes its name.
    private func rendered(parameter: (String) -> String) -> String {
        let intent = Intent()
        IntentIntrospection.bindNames(intent)
        return parts.map { part in
            switch part {
            case .text(let s): s
            case .applicationName: "${app}"
            case .parameter(let name): parameter(name(intent))
            }
        }.joined()
    }
}

/// `\(.applicationName)` in a phrase.
public struct ApplicationNameToken: Sendable {
    /// The token that stands for the app's name in a phrase.
    public static let applicationName = ApplicationNameToken()
}

/// "Open \(\.$shelf)": the sentence that sums up an intent and its parameters.
///
/// ```swift
/// static var parameterSummary: ParameterSummary<Self>? { Summary("Order \(\.$quantity) \(\.$soup)") }
/// ```
public struct ParameterSummary<Intent: AppIntent>: Sendable {
    let template: IntentTemplate<Intent>
    /// A summary written as `"Order \(\.$quantity) \(\.$soup)"`.
    public init(_ template: IntentTemplate<Intent>) { self.template = template }
}

/// App Intents' spelling: `Summary("Open \(\.$shelf)")`.
public typealias Summary = ParameterSummary
