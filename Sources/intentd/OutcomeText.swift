import Foundation
import IntentModel
import Wire

/// Colour for a terminal: only when standard output is one, `NO_COLOR` is unset or empty,
/// and `TERM` is not `dumb` (https://no-color.org).
struct TextStyle: Sendable {
    var color: Bool

    static func forStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> TextStyle {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        return TextStyle(color: isatty(STDOUT_FILENO) != 0 && !noColor && environment["TERM"] != "dumb")
    }

    private func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func intent(_ text: String) -> String { paint(text, "36") }
    func dialog(_ text: String) -> String { paint(text, "1") }
    func question(_ text: String) -> String { paint(text, "33") }
    func failure(_ text: String) -> String { paint(text, "31") }
    func dim(_ text: String) -> String { paint(text, "2") }

    /// A prompt for readline: escape codes wrapped in \001 ... \002, so that readline does
    /// not count them when it places the cursor.
    func prompt(_ text: String, _ code: String = "1;34") -> String {
        color ? "\u{01}\u{1B}[\(code)m\u{02}\(text)\u{01}\u{1B}[0m\u{02}" : text
    }
}

/// How the front ends show what the daemon said: the intent and its parameters, the app's
/// dialog, snippet and follow-up intent, questions with their choices or preview, refusals.
struct OutcomeText: Sendable {
    let style: TextStyle
    /// The apps' definitions, when known: an enum value shows as its case's title ("Large",
    /// not "large").
    var apps: [AppDefinition] = []

    /// A parameter's value as shown: an enum case by its title, any other value as written.
    func shown(_ value: JSONValue, of parameter: String, in intentID: String) -> String {
        func app(of name: String) -> AppDefinition? { apps.first { $0.id == String(name.prefix { $0 != "." }) } }
        guard case .enumeration(let type)? = app(of: intentID)?.intent(intentID)?.parameter(parameter)?.type.elementType,
            let cases = app(of: type)?.enumType(type)?.cases
        else { return Value.printed(json: value) }
        func title(_ item: JSONValue) -> String {
            guard let id = item.stringValue, let found = cases.first(where: { $0.id == id }) else { return Value.printed(json: item) }
            return found.title
        }
        if case .array(let items) = value { return "[" + items.map(title).joined(separator: ", ") + "]" }
        return title(value)
    }

    /// The lines that show `outcome`.
    func lines(_ outcome: RunOutcome) -> [String] {
        // Several commands in one utterance: each part this request performed, in order.
        if outcome.parts.count > 1 { return outcome.parts.flatMap(lines) }
        var lines: [String] = []
        if let dropped = outcome.droppedQuestion {
            lines.append(style.dim("(Leaving the question \"\(dropped.prompt)\" for your new request.)"))
        }
        if let intent = outcome.intent, outcome.status != .cancelled {
            let values = outcome.parameters.map { "\($0.0) = \(shown($0.1, of: $0.0, in: intent))" }
            lines.append(
                "→ " + style.intent(intent) + (values.isEmpty ? "" : "  " + style.dim(values.joined(separator: ", "))))
        }
        let intent = outcome.intent ?? ""
        if let fix = outcome.correction {
            let change = fix.from.map { "Changed \(fix.parameter): \(shown($0, of: fix.parameter, in: intent)) → " } ?? "Added \(fix.parameter) = "
            lines.append(style.dim("(" + change + shown(fix.to, of: fix.parameter, in: intent) + (fix.undid ? "; the first one was undone.)" : ".)")))
        }
        if let again = outcome.followUp {
            lines.append(style.dim("(The same again, with \(again.parameter) = \(shown(again.value, of: again.parameter, in: intent)).)"))
        }
        if !outcome.ignored.isEmpty, outcome.status != .notUnderstood {
            lines.append(style.dim("(Not used: " + outcome.ignored.map { "\"\($0)\"" }.joined(separator: ", ") + ".)"))
        }
        switch outcome.status {
        case .done:
            let result = outcome.result
            if let dialog = result?.dialog { lines.append(style.dialog(dialog)) }
            if let snippet = result?.snippet {
                lines += snippet.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ " + $0 }
            }
            if result?.dialog == nil, result?.snippet == nil {
                lines.append(style.dialog(result?.value.map { "Done: \(Value.printed(json: $0))" } ?? "Done."))
            }
            if let opens = result?.opensIntent {
                let values = opens.parameters.sorted { $0.key < $1.key }.map {
                    "\($0.key) = \(Value.printed(json: $0.value))"
                }
                lines.append(
                    "↪ opens " + style.intent(opens.intent)
                        + (values.isEmpty ? "" : "  " + style.dim(values.joined(separator: ", "))))
            }
        case .question:
            if let question = outcome.question { lines += self.question(question) }
        case .failed:
            lines.append(style.failure("✗ " + (outcome.message ?? "The app failed.")))
        case .cancelled:
            lines.append(outcome.message ?? "Cancelled.")
        case .notUnderstood:
            var line = outcome.message ?? "Sorry, I didn't understand that."
            if case .array(let alternatives)? = outcome.route?["alternatives"], let closest = alternatives.first,
                let intent = closest["intent"]?.stringValue, let confidence = closest["confidence"]?.numberValue
            {
                line += style.dim(" (closest: \(intent), \(Int((confidence * 100).rounded()))%)")
            }
            lines.append(line)
        }
        // A request said beside a question: the question again, still waiting.
        if let held = outcome.heldQuestion { lines += question(held) }
        return lines
    }

    /// A question: its prompt, then its numbered choices or its preview.
    func question(_ question: Question) -> [String] {
        switch question.kind {
        case .value:
            return [style.question("? " + question.prompt)]
        case .choice:
            return [style.question("? " + question.prompt)] + question.choices.map { "  \($0.index). \($0.title)" }
        case .confirm:
            let preview =
                question.preview.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ " + $0 } }
                ?? []
            return [style.question("? " + question.prompt + " (yes/no)")] + preview
        }
    }

    /// What the daemon refused, in one line: "✗ Not authorized: the client did not state ...".
    func error(_ error: RPCError) -> String {
        var detail = ""
        if let reason = error.data?["reason"]?.stringValue {
            detail = ": \(reason)"
        } else if let expected = error.data?["expected"]?.stringValue {
            detail = ": expected \(expected)"
        } else if let app = error.data?["app"]?.stringValue {
            detail = " (\(app))"
        }
        return style.failure("✗ \(error.message)\(detail)")
    }
}
