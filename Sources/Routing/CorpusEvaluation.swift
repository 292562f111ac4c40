import Foundation
import IntentModel

/// One labeled utterance of a corpus (Corpus/README.md): what was said, the intent it must
/// reach (nil: out of domain, it must be rejected) and the parameters it must carry.
public struct CorpusLine: Sendable, CustomStringConvertible {
    /// The corpus file, as named in messages.
    public var file: String
    /// The line number in the file, from 1.
    public var line: Int
    /// What was said.
    public var utterance: String
    /// The intent it must reach; nil when it must be rejected.
    public var intent: String?
    /// The values it must carry, by parameter name, in the corpus's JSON form.
    public var parameters: [(String, JSONValue)]
    /// The line's other fields (a voice corpus line's `split`, `voice`, `spoken`).
    public var fields: JSONValue

    /// A line as the corpus says it.
    public init(file: String, line: Int, utterance: String, intent: String?, parameters: [(String, JSONValue)] = [], fields: JSONValue = .null) {
        self.file = file
        self.line = line
        self.utterance = utterance
        self.intent = intent
        self.parameters = parameters
        self.fields = fields
    }

    /// `file:line "utterance"`, for messages.
    public var description: String { "\(file):\(line) \"\(utterance)\"" }

    /// Reads JSON Lines: `{"utterance": ..., "intent": ... | null, "parameters": {...}}` per
    /// line; blank lines and lines starting with `//` are skipped. A line that is not such an
    /// object is an error naming the file and line.
    public static func read(jsonLines text: String, file: String) throws(CorpusError) -> [CorpusLine] {
        var lines: [CorpusLine] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            let json: JSONValue
            do { json = try JSONValue(parsing: trimmed) } catch { throw CorpusError("\(file):\(index + 1): not JSON: \(error)") }
            guard let utterance = json["utterance"]?.stringValue else {
                throw CorpusError("\(file):\(index + 1): no \"utterance\" string")
            }
            let intent: String?
            switch json["intent"] {
            case .string(let id)?: intent = id
            case .null?, nil: intent = nil
            default: throw CorpusError("\(file):\(index + 1): \"intent\" must be an intent id or null")
            }
            var parameters: [(String, JSONValue)] = []
            if case .object(let pairs)? = json["parameters"] { parameters = pairs }
            lines.append(CorpusLine(file: file, line: index + 1, utterance: utterance, intent: intent, parameters: parameters, fields: json))
        }
        return lines
    }
}

/// A corpus file that cannot be read, with where.
public struct CorpusError: Error, CustomStringConvertible {
    /// What is wrong, and where (`file:line`).
    public var description: String
    /// An error with what is wrong and where.
    public init(_ description: String) { self.description = description }
}

/// How well a router does on a corpus: what `intentd eval` prints and `CorpusTests` holds.
public struct CorpusReport: Sendable {
    /// In-domain lines, and those whose intent was right.
    public var inDomain = 0
    /// In-domain lines whose intent was right.
    public var correctIntents = 0
    /// Expected parameters on lines whose intent was right, and those that matched.
    public var parameterChecks = 0
    /// Expected parameters that matched.
    public var parameterMatches = 0
    /// Out-of-domain lines, and those the router rejected.
    public var outOfDomain = 0
    /// Out-of-domain lines the router rejected.
    public var rejected = 0
    /// Each miss in words, in corpus order.
    public var misses: [String] = []
    /// Per intent: lines expecting it, lines routed to it, and lines both.
    public var expected: [String: Int] = [:]
    /// Lines routed to each intent.
    public var predicted: [String: Int] = [:]
    /// Lines that expected each intent and were routed to it.
    public var agreed: [String: Int] = [:]
    /// (expected, got) pairs that disagree, with the utterances; "nothing" for no intent.
    public var confusions: [Confusion] = []

    /// An expected intent and the one the router gave instead, with the utterances.
    public struct Confusion: Sendable {
        /// The intent the lines expected ("nothing" for out-of-domain lines).
        public var expected: String
        /// The intent they were routed to ("nothing" for none).
        public var got: String
        /// The lines, in corpus order.
        public var utterances: [String]
    }

    /// The share of in-domain lines whose intent was right (1 with none).
    public var intentAccuracy: Double { inDomain == 0 ? 1 : Double(correctIntents) / Double(inDomain) }
    /// The share of expected parameters that matched (1 with none).
    public var parameterAccuracy: Double { parameterChecks == 0 ? 1 : Double(parameterMatches) / Double(parameterChecks) }
    /// The share of out-of-domain lines rejected (1 with none).
    public var rejection: Double { outOfDomain == 0 ? 1 : Double(rejected) / Double(outOfDomain) }

    /// Of the lines routed to `intent`, the share that expected it.
    public func precision(_ intent: String) -> Double? {
        guard let routed = predicted[intent], routed > 0 else { return nil }
        return Double(agreed[intent] ?? 0) / Double(routed)
    }

    /// Of the lines expecting `intent`, the share routed to it.
    public func recall(_ intent: String) -> Double? {
        guard let wanted = expected[intent], wanted > 0 else { return nil }
        return Double(agreed[intent] ?? 0) / Double(wanted)
    }

    /// Every intent that was expected or predicted, sorted.
    public var intents: [String] { Set(expected.keys).union(predicted.keys).sorted() }

    /// The confusions, most frequent first.
    public var rankedConfusions: [Confusion] {
        confusions.sorted { ($0.utterances.count, $1.expected, $1.got) > ($1.utterances.count, $0.expected, $0.got) }
    }
}

extension Router {
    /// Routes every line at the reference time `now` and scores it: the intent, then each
    /// expected parameter (``CorpusReport/matches(_:_:)``); an out-of-domain line must reach
    /// no intent.
    public func evaluate(_ lines: [CorpusLine], now: LocalDateTime?, spoken: Bool = false) -> CorpusReport {
        var report = CorpusReport()
        var confusions: [String: CorpusReport.Confusion] = [:]
        for item in lines {
            let result = route(item.utterance, now: now, spoken: spoken)
            let got = result.intent?.id
            if let got { report.predicted[got, default: 0] += 1 }
            guard let wanted = item.intent else {
                report.outOfDomain += 1
                if got == nil {
                    report.rejected += 1
                } else {
                    report.misses.append("\(item): expected nothing, got \(got ?? "") (\(RouteResult.round(result.confidence)))")
                    confusions["nothing→\(got!)", default: .init(expected: "nothing", got: got!, utterances: [])].utterances.append(item.utterance)
                }
                continue
            }
            report.inDomain += 1
            report.expected[wanted, default: 0] += 1
            guard got == wanted else {
                report.misses.append("\(item): expected \(wanted), got \(got ?? "nothing") (\(RouteResult.round(result.confidence)))")
                let key = "\(wanted)→\(got ?? "nothing")"
                confusions[key, default: .init(expected: wanted, got: got ?? "nothing", utterances: [])].utterances.append(item.utterance)
                continue
            }
            report.correctIntents += 1
            report.agreed[wanted, default: 0] += 1
            let actual = result.json["parameters"]
            for (name, expected) in item.parameters {
                report.parameterChecks += 1
                if let value = actual?[name], CorpusReport.matches(value, expected) {
                    report.parameterMatches += 1
                } else {
                    report.misses.append("\(item): \(name) expected \(expected.serialized), got \(actual?[name]?.serialized ?? "nothing")")
                }
            }
        }
        report.confusions = Array(confusions.values)
        return report
    }
}

extension CorpusReport {
    /// Whether a routed value is the one a corpus line expects: text compares without case
    /// or surrounding punctuation; an entity or person by id (or a bare id); an object by the
    /// fields the line gives; numbers within 0.005; lists item by item (a one-item list
    /// matches its item).
    public static func matches(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        switch (actual, expected) {
        case (.string(let a), .string(let e)):
            return a.lowercased().trimmingCharacters(in: .punctuationCharacters) == e.lowercased().trimmingCharacters(in: .punctuationCharacters)
        case (.array(let a), .array(let e)): return a.count == e.count && zip(a, e).allSatisfy { matches($0, $1) }
        case (.array(let a), _) where a.count == 1: return matches(a[0], expected)
        case (.object, .object):
            if let id = expected["id"] { return actual["id"] == id }
            if case .object(let pairs) = expected { return pairs.allSatisfy { key, value in actual[key].map { matches($0, value) } ?? false } }
            return false
        case (.object, .string(let e)): return actual["id"]?.stringValue == e
        case (.number, .number): return abs((actual.numberValue ?? .nan) - (expected.numberValue ?? .nan)) < 0.005
        default: return actual == expected
        }
    }

    /// The report as `intentd eval --json` prints it.
    public var json: JSONValue {
        func share(_ value: Double) -> JSONValue { .number(RouteResult.round(value * 100)) }
        let perIntent = intents.map { id -> JSONValue in
            .object([
                ("intent", .string(id)), ("lines", .integer(expected[id] ?? 0)), ("routed", .integer(predicted[id] ?? 0)),
                ("precision", precision(id).map(share) ?? .null), ("recall", recall(id).map(share) ?? .null),
            ])
        }
        return .object([
            ("inDomain", .integer(inDomain)), ("correctIntents", .integer(correctIntents)), ("intentAccuracy", share(intentAccuracy)),
            ("parameterChecks", .integer(parameterChecks)), ("parameterMatches", .integer(parameterMatches)),
            ("parameterAccuracy", share(parameterAccuracy)),
            ("outOfDomain", .integer(outOfDomain)), ("rejected", .integer(rejected)), ("rejection", share(rejection)),
            ("perIntent", .array(perIntent)),
            ("confusions", .array(rankedConfusions.map { confusion in
                .object([
                    ("expected", .string(confusion.expected)), ("got", .string(confusion.got)), ("count", .integer(confusion.utterances.count)),
                    ("examples", .array(confusion.utterances.prefix(3).map(JSONValue.string))),
                ])
            })),
            ("misses", .array(misses.map(JSONValue.string))),
        ])
    }
}
