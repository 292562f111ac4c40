import Foundation
import HomeAssistantSuite
import IntentModel
import Phrases
import Routing

/// intentd's answer to one test sentence, in hassil's terms: the HA intent, its slots and the
/// slot combination of the data block that matched.
struct HAPrediction {
    var intent: String?
    var slots: [(String, JSONValue)] = []
    var slotCombination: String?
    /// Which intentd intent answered, and why there is no answer when there is none.
    var intentdIntent: String?
    var outcome: Outcome

    enum Outcome: String, CaseIterable {
        case recognized
        /// Below the confidence threshold.
        case notUnderstood = "not understood"
        /// Equal parses of intents of different HA intents: intentd would ask which.
        case ambiguousIntent = "ambiguous between HA intents"
        /// A name that fits several values with different names: intentd would ask which.
        case ambiguousValue = "ambiguous value"
        /// A number outside its list's range (hassil's range does not match it).
        case outOfRange = "number out of range"
        /// The data block needs a context slot the test does not give.
        case missingContext = "context slot missing"
        /// An intent the map does not know: a conversion bug.
        case unmapped
    }

    init(outcome: Outcome, intentdIntent: String? = nil) {
        self.outcome = outcome
        self.intentdIntent = intentdIntent
    }

    /// Reads a route result. Equal parses of several intentd intents that all stand for the same
    /// HA intent are one answer (the conversion split that intent by data block); equal parses
    /// across HA intents are not an answer.
    init(_ result: RouteResult, test: HATestCase, map: HomeAssistantMap) {
        guard result.status != .notUnderstood, let chosen = result.intent else {
            self.init(outcome: .notUnderstood)
            return
        }
        guard let intent = map.intents[chosen.id] else {
            self.init(outcome: .unmapped, intentdIntent: chosen.id)
            return
        }
        if let best = result.explanation.parses.first {
            let tied = result.explanation.parses.filter {
                abs($0.score - best.score) < 0.01 && abs($0.confidence - best.confidence) < 0.01
            }
            if tied.contains(where: { map.intents[$0.intent.id]?.haIntent != intent.haIntent }) {
                self.init(outcome: .ambiguousIntent, intentdIntent: chosen.id)
                return
            }
        }
        self.init(outcome: .recognized, intentdIntent: chosen.id)
        var values: [(String, Value)] = result.parameters.map { ($0.name, $0.value) }
        for (name, candidates) in result.ambiguities {
            // Several fixture entities of one name (a light and a switch called "Kitchen"):
            // the name is the answer hassil gives too.
            let titles = Set(candidates.map(\.displayText))
            guard titles.count == 1, let first = candidates.first else {
                outcome = .ambiguousValue
                return
            }
            values.append((name, first))
        }
        var slots: [(String, JSONValue)] = []
        for (name, value) in values {
            guard let parameter = intent.parameters[name] else { continue }
            guard let slot = Self.slotValue(value, reading: parameter.reading) else {
                outcome = .outOfRange
                return
            }
            slots.append((parameter.slot, slot))
        }
        for slot in intent.contextSlots where !slots.contains(where: { $0.0 == slot }) {
            guard let value = test.intentContext[slot] else {
                outcome = .missingContext
                return
            }
            slots.append((slot, value))
        }
        self.intent = intent.haIntent
        self.slots = slots
        self.slotCombination = intent.slotCombination
    }

    /// The HA slot value of an intentd value; nil when a number is outside its range.
    static func slotValue(_ value: Value, reading: HomeAssistantMap.Reading) -> JSONValue? {
        switch (reading, value) {
        case (.enumeration(let outs), .enumCase(let id)): return outs[id] ?? .string(id)
        case (.range(let range), _):
            let (from, to, step, fractions, multiplier) = (range.from, range.to, range.step, range.fractions, range.multiplier)
            let number: Double
            switch value {
            case .int(let i): number = Double(i)
            case .double(let d): number = d
            default: return nil
            }
            guard number >= from, number <= to else { return nil }
            if number == number.rounded() {
                let offset = (number - from) / step
                guard offset == offset.rounded() else { return nil }
            } else {
                let parts: Double? = fractions == "halves" ? 2 : fractions == "tenths" ? 10 : nil
                guard let parts, (number * parts) == (number * parts).rounded() else { return nil }
            }
            return .number(number * multiplier)
        case (.entity, .entity(let reference)): return .string(reference.title)
        default: return .string(value.displayText)
        }
    }

    /// The predictions.jsonl line run_hassil.py --score reads.
    func json(id: String, sentence: String, latencyMilliseconds: Double) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("id", .string(id)), ("sentence", .string(sentence))]
        pairs.append(("intent", intent.map(JSONValue.string) ?? .null))
        if intent != nil {
            pairs.append(("slots", .object(slots)))
            pairs.append(("slot_combination", slotCombination.map(JSONValue.string) ?? .null))
        }
        pairs.append(("intentd_intent", intentdIntent.map(JSONValue.string) ?? .null))
        pairs.append(("outcome", .string(outcome.rawValue)))
        pairs.append(("latency_ms", .number((latencyMilliseconds * 10_000).rounded() / 10_000)))
        return .object(pairs)
    }
}
