import ArgumentParser
import Foundation
import IntentModel
import Routing
import Wire

/// `intentd run`: performs what a speech recognizer (or anything else) writes to standard
/// input, one utterance per line, printing each result as it goes.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Perform utterances read from standard input, one per line (the end of a speech-to-text pipe).",
        discussion: """
            Reads plain text; JSON lines with a "text" (or "transcript") field, skipping results marked \
            partial ("partial", "is_final": false, "type": "partial"); whisper lines with timestamps \
            ("[00:00.000 --> 00:02.000] text"); and n-best lists ("alternatives": [{"text", "confidence"}]), \
            of which it performs the reading with the best product of recognizer and route confidence. \
            When the daemon asks a question, the next line is the answer; a line that does not answer \
            it is performed as a new utterance when it is one, and otherwise the question is asked \
            again. Lines are taken as speech: when nothing parses as \
            written, or only by skipping words, words may stand for phrase words that sound alike \
            ("my detox" for "mighty tasks"); \
            --no-spoken takes them as typed. Without --connect, a private daemon with the demo apps \
            runs in this process.
            """)

    @OptionGroup var target: FrontEndOptions

    @Flag(help: "Print one JSON object per utterance.")
    var json = false

    @Flag(inversion: .prefixedNo, help: "Take lines as what a speech recognizer heard: sound-alike words count.")
    var spoken = true

    func run() async throws {
        let asJSON = json
        let spoken = spoken
        let style = asJSON ? TextStyle(color: false) : TextStyle.forStandardOutput()
        try await target.withConversation { conversation in
            var pipe = PipeConversation(conversation: conversation, text: OutcomeText(style: style), json: asJSON, spoken: spoken)
            var number = 0
            for await line in InputLines(signals: SignalPipe()).stream() {
                if standardOutputClosed.load(ordering: .relaxed) { break }
                number += 1
                await pipe.handle(line, number: number)
            }
        }
    }
}

/// The conversation of `intentd run`: each input line is an utterance, or the answer to the
/// question the daemon asked last.
struct PipeConversation {
    let conversation: ConversationClient
    var text: OutcomeText
    let json: Bool
    /// Lines are what a speech recognizer heard (`--spoken`, the default).
    let spoken: Bool
    /// True while the daemon waits for an answer in the front end's session.
    private(set) var questionPending = false
    /// The question pending, to ask again after a line that neither answers it nor is a request.
    private var pendingPrompt: String?
    /// The apps asked for their definitions, so that enum values show by their titles.
    private var appsDescribed: Set<String> = []

    init(conversation: ConversationClient, text: OutcomeText, json: Bool, spoken: Bool = true) {
        self.conversation = conversation
        self.text = text
        self.json = json
        self.spoken = spoken
    }

    mutating func handle(_ line: String, number: Int) async {
        switch RecognizerLine(parsing: line) {
        case .skip: return
        case .invalid(let problem):
            emitError("standard input, line \(number): \(problem); skipped: \(line)")
        case .text(let utterance):
            await perform([utterance], number: number, readings: nil)
        case .alternatives(let hypotheses):
            await performBest(of: hypotheses, number: number)
        }
    }

    /// Tries `texts` in order as the answer to the pending question; when none answers it
    /// (or nothing is pending), performs the first as a new utterance. A line that neither
    /// answers the question nor is understood as a request leaves the question standing: it
    /// is asked again with what it needs ("I need an amount of money."), as the REPL does,
    /// where performing it would drop the question for a "not understood".
    private mutating func perform(_ texts: [String], number: Int, readings: [(RecognizerLine.Hypothesis, Double)]?)
        async
    {
        guard let first = texts.first else { return }
        if questionPending {
            var refusal: RPCError?
            for text in texts {
                do {
                    let outcome = try await conversation.answer(text)
                    // A line that was no answer but a request of its own dropped the question.
                    let role = outcome.droppedQuestion == nil && outcome.heldQuestion == nil ? "answer" : "utterance"
                    await report(outcome, text: text, role: role, number: number, readings: readings)
                    await reportOpened(by: outcome, number: number)
                    return
                } catch let error as RPCError where error.code == .invalidAnswer || error.code == .sessionExpired || error.code == .unknownSession {
                    if error.code == .invalidAnswer, refusal == nil { refusal = error }
                    continue
                } catch {
                    reportFailure(error, text: text, number: number)
                    return
                }
            }
            // "help" or "i don't know" asks about the question: it stays.
            if let refusal, refusal.data?["noAnswer"] == .bool(true) {
                reportRefusedAnswer(refusal, text: first, number: number)
                return
            }
            if let refusal, let routed = try? await conversation.route(first, spoken: spoken),
                routed["status"]?.stringValue == "notUnderstood"
            {
                reportRefusedAnswer(refusal, text: first, number: number)
                return
            }
        }
        do {
            let outcome = try await conversation.say(first, spoken: spoken)
            await report(outcome, text: first, role: "utterance", number: number, readings: readings)
            await reportOpened(by: outcome, number: number)
        } catch {
            reportFailure(error, text: first, number: number)
        }
    }

    /// Performs and reports the intent `outcome` opens (addBook → openBook), if any.
    private mutating func reportOpened(by outcome: RunOutcome, number: Int) async {
        guard let intent = outcome.result?.opensIntent?.intent else { return }
        do {
            guard let opened = try await conversation.opening(outcome) else { return }
            await report(opened, text: intent, role: "opened", number: number, readings: nil)
        } catch {
            reportFailure(error, text: intent, number: number)
        }
    }

    /// n-best: routes every reading and performs the best product of the recognizer's and
    /// the router's confidence. An answer to a pending question is taken from the readings
    /// in the recognizer's order.
    private mutating func performBest(of hypotheses: [RecognizerLine.Hypothesis], number: Int) async {
        var routeConfidence: [Double] = []
        for hypothesis in hypotheses {
            let routed = try? await conversation.route(hypothesis.text, spoken: spoken)
            let understood = routed?["status"]?.stringValue != "notUnderstood"
            routeConfidence.append(understood ? routed?["confidence"]?.numberValue ?? 0 : 0)
        }
        let best = RecognizerLine.best(of: hypotheses, routeConfidence: routeConfidence)
        var order = hypotheses.map(\.text)
        if !questionPending, let best { order = [order[best.index]] }
        await perform(order, number: number, readings: Array(zip(hypotheses, routeConfidence)))
    }

    /// The readings of an n-best line as JSON, the one performed marked `chosen`.
    private static func readingsJSON(_ readings: [(RecognizerLine.Hypothesis, Double)], chosen: String) -> JSONValue {
        .array(
            readings.map { hypothesis, route in
                .object([
                    ("text", .string(hypothesis.text)), ("confidence", .number(rounded(hypothesis.confidence))),
                    ("route", .number(rounded(route))), ("score", .number(rounded(hypothesis.confidence * route))),
                    ("chosen", .bool(hypothesis.text == chosen)),
                ])
            })
    }

    /// Asks the daemon once for the definition of each app `outcome` performs an intent of,
    /// so that its enum values show by their cases' titles ("size = Large (16 oz)", not
    /// "large"); JSON output keeps the ids and asks nothing.
    private mutating func describeApps(of outcome: RunOutcome) async {
        guard !json else { return }
        let intents = ([outcome] + outcome.parts).compactMap(\.intent)
        for app in intents.map({ String($0.prefix { $0 != "." }) }) where !appsDescribed.contains(app) {
            appsDescribed.insert(app)
            if let definition = try? await conversation.describe(app) { text.apps.append(definition) }
        }
    }

    private mutating func report(
        _ outcome: RunOutcome, text: String, role: String, number: Int, readings: [(RecognizerLine.Hypothesis, Double)]?
    ) async {
        await describeApps(of: outcome)
        questionPending = outcome.status == .question || outcome.heldQuestion != nil
        pendingPrompt = (outcome.question ?? outcome.heldQuestion)?.prompt
        if json {
            let pairs: [(String, JSONValue?)] = [
                ("line", .number(Double(number))), ("text", .string(text)), ("as", .string(role)),
                ("readings", readings.map { Self.readingsJSON($0, chosen: text) }),
                ("outcome", outcome.json),
            ]
            emitLine(JSONValue.object(pairs.compactMap { key, value in value.map { (key, $0) } }).serialized)
            return
        }
        var header = role == "opened" ? "↪ \(text)" : "> \(text)"
        if let readings { header += "  " + self.text.style.dim("(best of \(readings.count) readings)") }
        emitLine(([header] + self.text.lines(outcome)).joined(separator: "\n"))
    }

    /// A line that was no answer to the pending question, which stays: what it needs, and the question again.
    private func reportRefusedAnswer(_ error: RPCError, text: String, number: Int) {
        let expected = error.data?["expected"]?.stringValue ?? "an answer to the question"
        if json {
            emitLine(
                JSONValue.object([
                    ("line", .number(Double(number))), ("text", .string(text)), ("as", .string("answer")), ("error", error.json),
                ]).serialized)
            return
        }
        // The question itself, its last sentence: what came before it ("The amount must be
        // between 0.01 and 10000.") is what `expected` says now.
        let question = pendingPrompt.map { prompt in
            prompt.hasSuffix("?") ? prompt.components(separatedBy: ". ").last ?? prompt : prompt
        }
        let again = question.map { " " + self.text.style.prompt($0, "1;33") } ?? ""
        emitLine("> \(text)\n" + self.text.style.failure("I need \(expected).") + again)
    }

    private mutating func reportFailure(_ error: any Error, text: String, number: Int) {
        questionPending = false
        let rpc = error as? RPCError ?? RPCError(.internalError, "\(error)")
        if json {
            emitLine(
                JSONValue.object([("line", .number(Double(number))), ("text", .string(text)), ("error", rpc.json)])
                    .serialized)
        } else {
            var lines = "> \(text)\n" + self.text.error(rpc)
            if rpc.data?["needsDeviceAuthentication"] == .bool(true) {
                // Lines come from a recognizer or a pipe: nobody here to ask for a password.
                lines += "\n" + self.text.style.dim("(`intentd run` cannot ask who you are; `intentd repl` asks for your password first.)")
            }
            emitLine(lines)
        }
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
