import ArgumentParser
import Foundation
import IntentModel
import Phrases
import Routing

/// `intentd eval`: how well the phrase files understand a labeled corpus, for app authors
/// and their CI (docs/phrases.md, "Test your phrases").
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score the router on labeled utterances: intent and parameter accuracy, out-of-domain rejection.",
        discussion: """
            CORPUS is JSON Lines in the format of Corpus/ (Corpus/README.md): one \
            {"utterance": ..., "intent": "app.intent" or null, "parameters": {...}} per line; null \
            marks a line that must reach no intent. Prints the accuracies, precision and recall per \
            intent, and the most frequent confusions with examples. --min-accuracy makes it exit 1 \
            when the intent accuracy is below it, to fail a CI job.
            """)

    @OptionGroup var phrases: PhraseOptions

    @OptionGroup var preferences: PreferenceOptions

    @Argument(help: "Corpus files (JSON Lines).")
    var corpus: [String]

    @Option(help: "The reference time for relative dates, as local ISO-8601 (the corpora of Corpus/ are labeled for 2026-11-22T10:00:00).")
    var now: ReferenceTime?

    @Flag(help: "Take the utterances as what a speech recognizer heard (sound-alike words count).")
    var spoken = false

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @Option(help: "Exit 1 when the intent accuracy (in percent, 0 to 100) is below this.")
    var minAccuracy: Double?

    @Option(help: "How many confusions to show.")
    var confusions = 10

    @Flag(help: "List every line the router got wrong.")
    var misses = false

    func validate() throws {
        guard !corpus.isEmpty else { throw ValidationError("Name a corpus file: intentd eval Corpus/heldout-en.jsonl") }
        if let minAccuracy, !(0...100).contains(minAccuracy) {
            throw ValidationError("--min-accuracy is a percentage from 0 to 100, not \(minAccuracy).")
        }
    }

    func run() throws {
        var lines: [CorpusLine] = []
        for path in corpus {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("Cannot read the corpus '\(path)'.")
            }
            do {
                lines += try CorpusLine.read(jsonLines: text, file: path)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        let library = PhraseLibraryLoader.load(paths: try phrases.resolvedPaths())
        let router = Router(library: library, preferences: try preferences.resolved(for: library))
        for diagnostic in router.diagnostics where diagnostic.severity == .error { emitError("\(diagnostic)") }
        let unknown = Set(lines.compactMap(\.intent)).filter { library.intent($0) == nil }.sorted()
        if !unknown.isEmpty { emitError("warning: the corpus expects intents the phrase files do not define: \(unknown.joined(separator: ", "))") }
        let report = router.evaluate(lines, now: now?.value, spoken: spoken)
        if json {
            emitLine(report.json.serialized)
        } else {
            for line in text(report) { emitLine(line) }
        }
        if let minAccuracy, report.intentAccuracy * 100 < minAccuracy {
            emitError("intent accuracy \(Self.percent(report.intentAccuracy)) is below --min-accuracy \(minAccuracy)%")
            throw ExitCode(1)
        }
    }

    static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }

    func text(_ report: CorpusReport) -> [String] {
        var out = [
            "\(corpus.joined(separator: ", ")): \(report.inDomain + report.outOfDomain) lines, \(report.inDomain) in domain, \(report.outOfDomain) out of domain",
            "intents      \(Self.percent(report.intentAccuracy).leftPadded(6))  (\(report.correctIntents) of \(report.inDomain))",
            "parameters   \(Self.percent(report.parameterAccuracy).leftPadded(6))  (\(report.parameterMatches) of \(report.parameterChecks) values, on lines whose intent was right)",
            "rejected     \(Self.percent(report.rejection).leftPadded(6))  (\(report.rejected) of \(report.outOfDomain) out-of-domain lines)",
            "",
            "intent".padding(toLength: 34, withPad: " ", startingAt: 0) + " precision  recall  lines",
        ]
        for id in report.intents {
            let precision = report.precision(id).map(Self.percent) ?? "-"
            let recall = report.recall(id).map(Self.percent) ?? "-"
            out.append(id.padding(toLength: 34, withPad: " ", startingAt: 0) + " " + precision.leftPadded(9) + " " + recall.leftPadded(7)
                + String(report.expected[id] ?? 0).leftPadded(7))
        }
        let ranked = report.rankedConfusions.prefix(max(0, confusions))
        if !ranked.isEmpty {
            out += ["", "most frequent confusions (expected → got):"]
            for confusion in ranked {
                let examples = confusion.utterances.prefix(2).map { "\"\($0)\"" }.joined(separator: ", ")
                out.append("  \(confusion.expected) → \(confusion.got) (\(confusion.utterances.count)): \(examples)")
            }
        }
        if misses, !report.misses.isEmpty { out += ["", "misses:"] + report.misses.map { "  " + $0 } }
        return out
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
