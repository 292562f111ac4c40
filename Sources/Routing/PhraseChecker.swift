import IntentModel
import Phrases

/// The checks of `intentd check` beyond parsing: duplicate phrases, phrases of two intents
/// that match the same utterance, and examples that do not reach their intent.
public struct PhraseChecker {
    let router: Router

    /// Checks the phrases `router` was compiled from.
    public init(router: Router) { self.router = router }

    /// All diagnostics: those of loading and compiling, then duplicates and overlaps.
    public func diagnostics() -> [Diagnostic] {
        var result = router.diagnostics
        result += duplicates()
        result += overlaps()
        result += examplesMissingTheirIntent()
        return result
    }

    /// Routes every intent's `examples`; warns for each that reaches another intent or nothing.
    func examplesMissingTheirIntent() -> [Diagnostic] {
        var result: [Diagnostic] = []
        for app in router.library.apps {
            for intent in app.intents {
                for (index, example) in intent.examples.enumerated() {
                    let routed = router.route(example)
                    guard routed.intent?.id != intent.id else { continue }
                    let reached = routed.intent.map { "reaches \($0.id) (\(RouteResult.round(routed.confidence)))" } ?? "is not understood"
                    result.append(
                        .warning(
                            "example \"\(example)\" of \(intent.id) \(reached)",
                            at: router.library.sourceLocations["example:\(intent.id)#\(index)"]))
                }
            }
        }
        return result
    }

    func duplicates() -> [Diagnostic] {
        var seen: [String: PhraseTemplate] = [:]
        var result: [Diagnostic] = []
        for app in router.library.apps {
            for template in app.phrases {
                let text = template.text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
                let key = template.intent + "|" + template.language + "|" + text
                if let first = seen[key] {
                    let place = first.location.map { " (first at \($0))" } ?? ""
                    result.append(.warning("duplicate phrase \"\(template.text)\" for \(template.intent)\(place)", at: template.location))
                } else {
                    seen[key] = template
                }
            }
        }
        return result
    }

    /// Routes an example of every phrase; warns when another intent matches it as well.
    func overlaps() -> [Diagnostic] {
        var result: [Diagnostic] = []
        var reported: Set<String> = []
        for (intent, template, utterance) in PhraseSampler(library: router.library).samples(schemas: true) {
            let routed = router.route(utterance)
            guard let top = routed.explanation.parses.first else { continue }
            let own = routed.explanation.parses.first { $0.intent.id == intent }
            let rival = routed.explanation.parses.first {
                $0.intent.id != intent && $0.score >= (own?.score ?? top.score) - 0.001 && $0.confidence >= router.threshold
            }
            guard let rival else { continue }
            let pair = [intent, rival.intent.id].sorted().joined(separator: "|")
            guard reported.insert(pair + utterance).inserted else { continue }
            result.append(
                .warning(
                    "phrases of \(intent) and \(rival.intent.id) both match \"\(utterance)\" (\"\(template.text)\" and \"\(rival.phrase)\")",
                    at: template.location))
        }
        return result
    }
}
