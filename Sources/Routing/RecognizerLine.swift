import Foundation
import IntentModel

/// One line of what a speech recognizer printed, read for `intentd run`: plain text, a JSON
/// result, a whisper-style line with timestamps, or n-best alternatives with confidences.
///
/// Recognizers stream partial results before the final one; those, empty lines and
/// non-speech markers (`[BLANK_AUDIO]`, `(music)`) are skipped, so only what was finally
/// said is performed.
///
/// ```swift
/// RecognizerLine(parsing: "[00:00.000 --> 00:02.000]  Add milk to my groceries list.")
/// // .text("Add milk to my groceries list.")
/// RecognizerLine(parsing: #"{"partial": "add milk"}"#)
/// // .skip(reason: "a partial result")
/// ```
public enum RecognizerLine: Hashable, Sendable {
    /// Nothing to perform, and why: an empty line, a partial result, a result without words.
    case skip(reason: String)
    /// One reading of what was said.
    case text(String)
    /// Several readings, each with the recognizer's confidence in 0...1, most confident first.
    case alternatives([Hypothesis])
    /// A line that starts like JSON but cannot be read: what is wrong with it.
    case invalid(String)

    /// One reading of an n-best list.
    public struct Hypothesis: Hashable, Sendable {
        /// The words the recognizer heard.
        public var text: String
        /// The recognizer's confidence, normalized to 0...1.
        public var confidence: Double
        /// A reading with its confidence in 0...1.
        public init(text: String, confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
    }

    /// Reads one line.
    public init(parsing line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            self = .skip(reason: "an empty line")
        } else if trimmed.hasPrefix("{") {
            self = Self.json(trimmed)
        } else if let rest = Self.droppingTimestamps(trimmed) {
            self = Self.plain(rest)
        } else if trimmed.hasPrefix("["), let json = try? JSONValue(parsing: trimmed), case .array(let items) = json {
            self = Self.alternatives(items)
        } else {
            self = Self.plain(trimmed)
        }
    }

    /// Plain words, unless they are only a non-speech marker such as `[BLANK_AUDIO]`.
    private static func plain(_ text: String) -> RecognizerLine {
        let words = text.trimmingCharacters(in: .whitespaces)
        if words.isEmpty { return .skip(reason: "no words after the timestamps") }
        let marks: [(Character, Character)] = [("[", "]"), ("(", ")"), ("*", "*")]
        for (open, close) in marks where words.count >= 2 && words.first == open && words.last == close {
            let inside = words.dropFirst().dropLast()
            if !inside.contains(open) && !inside.contains(close) {
                return .skip(reason: "a non-speech marker \(words)")
            }
        }
        return .text(words)
    }

    /// The text after whisper's `[00:00.000 --> 00:02.000]` (or `[00:00:01,000 --> ...]`), or
    /// nil when the line does not start with timestamps.
    static func droppingTimestamps(_ line: String) -> String? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let inside = line[line.index(after: line.startIndex)..<close]
        let parts = inside.components(separatedBy: "-->")
        guard parts.count == 2, parts.allSatisfy(isTimestamp) else { return nil }
        return String(line[line.index(after: close)...])
    }

    private static func isTimestamp(_ text: String) -> Bool {
        let stamp = text.trimmingCharacters(in: .whitespaces)
        return !stamp.isEmpty && stamp.first?.isNumber == true
            && stamp.allSatisfy { $0.isASCII && ($0.isNumber || ":.,".contains($0)) }
    }

    // MARK: JSON results

    static let textKeys = ["text", "transcript", "utterance", "sentence"]
    static let alternativeKeys = ["alternatives", "nbest", "n_best", "hypotheses"]
    static let confidenceKeys = ["confidence", "score", "probability", "prob", "avg_logprob", "logprob"]

    private static func json(_ line: String) -> RecognizerLine {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: line)
        } catch {
            return .invalid("not valid JSON: \(error)")
        }
        guard case .object = value else { return .invalid("expected a JSON object with a \"text\" field") }
        return result(value, depth: 0)
    }

    /// A recognizer's result object: partial or final, one text or alternatives; looks one
    /// level into `channel` (Deepgram) and `results[0]` (Google).
    private static func result(_ object: JSONValue, depth: Int) -> RecognizerLine {
        if let reason = partialMark(object) { return .skip(reason: reason) }
        for key in alternativeKeys {
            if case .array(let items)? = object[key] { return alternatives(items) }
        }
        for key in textKeys {
            if let text = object[key]?.stringValue { return plain(text) }
        }
        if depth < 2 {
            if let channel = object["channel"], case .object = channel { return result(channel, depth: depth + 1) }
            if case .array(let results)? = object["results"], let first = results.first, case .object = first {
                return result(first, depth: depth + 1)
            }
        }
        return .skip(reason: "a result without text")
    }

    /// Why the object is a partial result (`"partial"`, `"is_final": false`, `"type": "partial"`), or nil.
    private static func partialMark(_ object: JSONValue) -> String? {
        switch object["partial"] {
        case .bool(true)?: return "a partial result"
        case .string(let text)? where !text.isEmpty || object["text"] == nil: return "a partial result"
        default: break
        }
        for key in ["is_final", "isFinal", "final"] where object[key] == .bool(false) {
            return "a partial result (\(key): false)"
        }
        for key in ["type", "status", "kind"] {
            if let type = object[key]?.stringValue, type.lowercased().contains("partial") {
                return "a partial result (\(key): \(type))"
            }
        }
        return nil
    }

    /// An n-best list: objects with a text and a confidence, or bare strings ranked by order.
    private static func alternatives(_ items: [JSONValue]) -> RecognizerLine {
        var texts: [String] = []
        var scores: [Double?] = []
        for item in items {
            switch item {
            case .string(let text):
                texts.append(text)
                scores.append(nil)
            case .object:
                guard let text = textKeys.lazy.compactMap({ item[$0]?.stringValue }).first else { continue }
                texts.append(text)
                scores.append(confidenceKeys.lazy.compactMap { item[$0]?.numberValue }.first)
            default: continue
            }
        }
        let confidences = normalized(scores)
        var hypotheses: [Hypothesis] = []
        for (text, confidence) in zip(texts, confidences) {
            guard case .text(let words) = plain(text) else { continue }
            hypotheses.append(Hypothesis(text: words, confidence: confidence))
        }
        hypotheses.sort { $0.confidence > $1.confidence }
        switch hypotheses.count {
        case 0: return .skip(reason: "alternatives without text")
        case 1: return .text(hypotheses[0].text)
        default: return .alternatives(hypotheses)
        }
    }

    /// Confidences in 0...1: probabilities stay; log-probabilities (all ≤ 0, some < 0) become
    /// probabilities; unbounded scores (some > 1, as Vosk's) are divided by the largest;
    /// missing ones rank by position (1, 0.95, 0.9, ...).
    static func normalized(_ scores: [Double?]) -> [Double] {
        let ranked = scores.indices.map { max(0.05, 1 - 0.05 * Double($0)) }
        let known = scores.compactMap { $0 }
        guard known.count == scores.count, !known.isEmpty else { return ranked }
        if known.allSatisfy({ $0 <= 0 }), known.contains(where: { $0 < 0 }) { return known.map { Foundation.exp($0) } }
        if let largest = known.max(), largest > 1 { return known.map { max(0, $0) / largest } }
        return known.map { max(0, $0) }
    }

    /// The reading to perform: the highest product of the recognizer's confidence and the
    /// router's (`routeConfidence[i]`, 0 when not understood); nil when no reading routes.
    public static func best(of hypotheses: [Hypothesis], routeConfidence: [Double]) -> (index: Int, score: Double)? {
        var best: (index: Int, score: Double)?
        for (index, hypothesis) in hypotheses.enumerated() where index < routeConfidence.count {
            let score = hypothesis.confidence * routeConfidence[index]
            if score > 0, score > (best?.score ?? 0) { best = (index, score) }
        }
        return best
    }
}
