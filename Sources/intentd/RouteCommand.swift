import ArgumentParser
import Daemon
import Foundation
import IntentModel
import Phrases
import Routing
import Wire

/// `intentd route`: what would this utterance do? Never performs anything.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Show which intent an utterance reaches, with its parameters, without performing it.",
        discussion: """
            With no UTTERANCE, reads standard input one utterance per line and prints one result \
            per line as each is routed, so it can stand at the end of a speech-to-text pipe.
            """)

    @OptionGroup var phrases: PhraseOptions

    @OptionGroup var preferences: PreferenceOptions

    @Flag(help: "Print one JSON object per utterance.")
    var json = false

    @Option(help: "The reference time for relative dates, as local ISO-8601 (2026-11-19T09:00:00).")
    var now: ReferenceTime?

    @Flag(help: "Print every stage: tokens, tagged values, the top parses with scores, resolver steps.")
    var explain = false

    @Flag(help: "The utterances are what a speech recognizer heard: when nothing parses as written, or only by skipping words, words may stand for phrase words that sound alike (\"my detox\" for \"mighty tasks\").")
    var spoken = false

    @Option(help: ArgumentHelp(
        "Also give the N phrase readings closest to each utterance, for a speech recognizer to check against the audio (docs/voice.md).",
        valueName: "N"))
    var readings = 0

    @Option(help: "Ask the daemon listening on this socket instead of routing in-process (prints its JSON).")
    var connect: String?

    @Argument(help: "Utterances to route; each argument is one utterance.")
    var utterances: [String] = []

    func validate() throws {
        let most = Methods.Route.Parameters.maximumReadings
        guard (0...most).contains(readings) else { throw ValidationError("--readings takes a count from 0 to \(most), not \(readings).") }
    }

    func run() async throws {
        if let connect {
            try await routeThroughDaemon(at: connect)
            return
        }
        let compiled = try phrases.compiled()
        let router = Router(compiled: compiled, preferences: try preferences.resolved(for: compiled.library))
        for diagnostic in router.diagnostics where diagnostic.severity == .error {
            emitError("\(diagnostic)")
        }
        var refused = 0
        func route(_ utterance: String) {
            if let tooLong = router.tooLong(utterance) {
                refused += 1
                reportTooLong(tooLong)
            } else {
                let closest = readings > 0 ? router.readings(of: utterance, now: now?.value, limit: readings) : []
                report(router.route(utterance, now: now?.value, spoken: spoken), readings: closest)
            }
        }
        if !utterances.isEmpty {
            utterances.forEach(route)
        } else {
            while let line = readLine(strippingNewline: true) {
                let utterance = line.trimmingCharacters(in: .whitespaces)
                if !utterance.isEmpty { route(utterance) }
            }
        }
        // Ends the process here: taking apart the library and automaton just decoded would
        // cost a tenth of a warm start at 10,000 intents, and the system frees it all anyway.
        // Everything printed was written with write(2), so nothing is left to flush.
        withExtendedLifetime(router) { Foundation.exit(refused > 0 ? 1 : 0) }
    }

    /// A line too long to route: an error on standard error, and with `--json` also an error
    /// object in its place on standard output, so that output lines still pair with input lines.
    func reportTooLong(_ tooLong: UtteranceTooLong) {
        emitError("error: \(tooLong)")
        if json {
            let error = RPCError(.utteranceTooLong, "Utterance too long", data: .object([
                ("words", .number(Double(tooLong.words))), ("limit", .number(Double(tooLong.limit))),
            ]))
            emitLine(JSONValue.object([("error", error.json)]).serialized)
        }
    }

    func report(_ result: RouteResult, readings: [Reading] = []) {
        if json {
            var object = result.json
            if self.readings > 0, case .object(var pairs) = object {
                pairs.append(("readings", .array(readings.map(\.json))))
                object = .object(pairs)
            }
            emitLine(object.serialized)
        } else {
            emitLine(Self.summary(of: result))
            for reading in readings { emitLine("  reading: \"\(reading.text)\" → \(reading.intent) (\(Self.percent(reading.confidence)))") }
        }
        if explain { emitLine(result.explanation.text + "\n") }
    }

    /// `tasks.add (complete, 0.93): title = "buy bread", list = Groceries`; several commands
    /// said at once, each numbered.
    static func summary(of result: RouteResult) -> String {
        if result.parts.count > 1 { return numbered(result.parts.map { summary(of: $0) }) }
        return summary(ofOne: result)
    }

    /// "2 commands:" and each command's summary, numbered and indented.
    static func numbered(_ summaries: [String]) -> String {
        "\(summaries.count) commands:"
            + summaries.enumerated().map { "\n  \($0.offset + 1). " + $0.element.replacingOccurrences(of: "\n", with: "\n     ") }.joined()
    }

    static func summary(ofOne result: RouteResult) -> String {
        guard let intent = result.intent else {
            let near = result.alternatives.first.map { " (closest: \($0.intent), \(percent($0.confidence)))" } ?? ""
            return "\"\(result.utterance)\": not understood\(near)"
        }
        var line = "\"\(result.utterance)\" → \(intent.id) [\(result.status.rawValue), \(percent(result.confidence))]"
        let values = result.parameters.map { "\($0.name) = \($0.value.printed)" }
        if !values.isEmpty { line += "\n  " + values.joined(separator: "\n  ") }
        for (name, candidates) in result.ambiguities {
            line += "\n  \(name): which one? " + candidates.map(\.printed).joined(separator: " or ")
        }
        for (name, text) in result.unresolved {
            line += "\n  \(name) = \"\(text)\" (no such name known; the app will be asked)"
        }
        for (name, problem) in result.outOfRange { line += "\n  \(name): not taken: \(problem)" }
        if !result.appChoices.isEmpty { line += "\n  which app? " + result.appChoices.map(\.appName).joined(separator: " or ") }
        if !result.missing.isEmpty { line += "\n  missing: " + result.missing.joined(separator: ", ") }
        if !result.ignored.isEmpty { line += "\n  not used: " + result.ignored.map { "\"\($0)\"" }.joined(separator: ", ") }
        if let repaired = result.repaired { line += "\n  understood as: \"\(repaired)\"" }
        if !result.alternatives.isEmpty {
            line += "\n  also: " + result.alternatives.map { "\($0.intent) \(percent($0.confidence))" }.joined(separator: ", ")
        }
        return line
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}

extension RouteCommand {
    /// `--connect PATH`: one `route` request per utterance to a running daemon; the daemon's
    /// answer is the same JSON as `--json` (printed as is; without `--json`, summarized).
    func routeThroughDaemon(at path: String) async throws {
        let lines: [String]
        if utterances.isEmpty {
            var read: [String] = []
            while let line = readLine(strippingNewline: true) {
                let utterance = line.trimmingCharacters(in: .whitespaces)
                if !utterance.isEmpty { read.append(utterance) }
            }
            lines = read
        } else {
            lines = utterances
        }
        let asJSON = json
        let reference = now?.value
        let explain = explain
        let spoken = spoken
        let readings = readings
        do {
            try await DaemonClient.withConnection(socketPath: path) { client in
                for utterance in lines {
                    let result = try await client.call(
                        Methods.Route.self, .init(utterance: utterance, now: reference, explain: explain, spoken: spoken, readings: readings))
                    emitLine(asJSON ? result.serialized : Self.summary(ofJSON: result))
                    if !asJSON, case .array(let found)? = result["readings"] {
                        for reading in found {
                            let text = reading["text"]?.stringValue ?? "", intent = reading["intent"]?.stringValue ?? ""
                            emitLine("  reading: \"\(text)\" → \(intent) (\(Self.percent(reading["confidence"]?.numberValue ?? 0)))")
                        }
                    }
                    if !asJSON, let explanation = result["explanation"]?.stringValue { emitLine(explanation + "\n") }
                }
            }
        } catch let error as RPCError {
            emitError("The daemon refused the request: \(error)")
            throw ExitCode(1)
        } catch {
            emitError("Cannot reach the daemon at '\(path)': \(error)")
            throw ExitCode(1)
        }
    }

    /// The one-line summary of a route result read back from its JSON form.
    static func summary(ofJSON json: JSONValue) -> String {
        if case .array(let parts)? = json["parts"], parts.count > 1 { return numbered(parts.map(summary(ofJSON:))) }
        let utterance = json["utterance"]?.stringValue ?? ""
        let confidence = json["confidence"]?.numberValue ?? 0
        guard let intent = json["intent"]?.stringValue else { return "\"\(utterance)\": not understood" }
        var line = "\"\(utterance)\" → \(intent) [\(json["status"]?.stringValue ?? ""), \(percent(confidence))]"
        if case .object(let parameters)? = json["parameters"] {
            for (name, value) in parameters { line += "\n  \(name) = \(Value.printed(json: value))" }
        }
        if case .object(let unresolved)? = json["unresolved"] {
            for (name, text) in unresolved {
                line += "\n  \(name) = \(text.serialized) (no such name known; the app will be asked)"
            }
        }
        if case .object(let outOfRange)? = json["outOfRange"] {
            for (name, problem) in outOfRange { line += "\n  \(name): not taken: \(problem.stringValue ?? "")" }
        }
        if case .array(let missing)? = json["missing"], !missing.isEmpty {
            line += "\n  missing: " + missing.compactMap(\.stringValue).joined(separator: ", ")
        }
        return line
    }
}
