import ArgumentParser
import Foundation
import IntentModel
import Routing

/// `intentd route`: what would this utterance do? Never performs anything.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Show which intent an utterance reaches, with its parameters, without performing it.",
        discussion: """
            With no UTTERANCE, reads standard input one utterance per line and prints one result \
            per line as each is routed, so it can stand at the end of a speech-to-text pipe.
            """)

    @OptionGroup var phrases: PhraseOptions

    @Flag(help: "Print one JSON object per utterance.")
    var json = false

    @Option(help: "The reference time for relative dates, as local ISO-8601 (2026-11-19T09:00:00).")
    var now: ReferenceTime?

    @Flag(help: "Print every stage: tokens, tagged values, the top parses with scores, resolver steps.")
    var explain = false

    @Argument(help: "Utterances to route; each argument is one utterance.")
    var utterances: [String] = []

    func run() throws {
        let router = Router(phrasesAt: try phrases.resolvedPaths())
        for diagnostic in router.diagnostics where diagnostic.severity == .error {
            emitError("\(diagnostic)")
        }
        if !utterances.isEmpty {
            for utterance in utterances { report(router.route(utterance, now: now?.value)) }
            return
        }
        while let line = readLine(strippingNewline: true) {
            let utterance = line.trimmingCharacters(in: .whitespaces)
            if utterance.isEmpty { continue }
            report(router.route(utterance, now: now?.value))
        }
    }

    func report(_ result: RouteResult) {
        if json {
            emitLine(result.json.serialized)
        } else {
            emitLine(Self.summary(of: result))
        }
        if explain { emitLine(result.explanation.text + "\n") }
    }

    /// `tasks.add (complete, 0.93): title = "buy bread", list = Groceries`
    static func summary(of result: RouteResult) -> String {
        guard let intent = result.intent else {
            let near = result.alternatives.first.map { " (closest: \($0.intent), \(percent($0.confidence)))" } ?? ""
            return "\"\(result.utterance)\": not understood\(near)"
        }
        var line = "\"\(result.utterance)\" → \(intent.id) [\(result.status.rawValue), \(percent(result.confidence))]"
        let values = result.parameters.map { "\($0.name) = \(describe($0.value))" }
        if !values.isEmpty { line += "\n  " + values.joined(separator: "\n  ") }
        for (name, candidates) in result.ambiguities {
            line += "\n  \(name): which one? " + candidates.map(describe).joined(separator: " or ")
        }
        if !result.missing.isEmpty { line += "\n  missing: " + result.missing.joined(separator: ", ") }
        if !result.alternatives.isEmpty {
            line += "\n  also: " + result.alternatives.map { "\($0.intent) \(percent($0.confidence))" }.joined(separator: ", ")
        }
        return line
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .string(let s): "\"\(s)\""
        case .list(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
        default: value.displayText
        }
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}
