import Foundation
import IntentModel

/// What convert.py wrote to map.json: how to read intentd's answer in hassil's terms.
struct HAMap {
    /// How one intentd parameter becomes one HA slot.
    enum Reading {
        /// An entity (name, area, floor): the slot is the fixture's name, the record's title.
        case entity
        /// A value list: the slot is the out value of the matched case.
        case enumeration(outs: [String: JSONValue])
        /// A range: the number must lie in it, on its step or on the fractions it allows
        /// (`halves`, `tenths`); it is multiplied as hassil does.
        case range(from: Double, to: Double, step: Double, fractions: String?, multiplier: Double)
        /// A wildcard: the free text.
        case wildcard
        /// A data block's fixed slot, set by the phrase group's `values:`.
        case fixed
    }

    struct Parameter {
        var slot: String
        var reading: Reading
    }

    /// One intentd intent: one data block of an HA intent.
    struct Intent {
        var haIntent: String
        var slotCombination: String?
        /// Slots hassil fills from the intent context (`requires_context: {area: {slot: true}}`).
        var contextSlots: [String]
        var parameters: [String: Parameter]
    }

    /// Which fixture values an entity type holds.
    struct EntityType {
        enum Kind: String { case name, area, floor }
        var kind: Kind
        /// For names: the domains whose entities it holds; nil for every domain.
        var domains: Set<String>?
    }

    var app: String
    var intents: [String: Intent]
    var entityTypes: [String: EntityType]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read \(path); run convert.py first")
        }
        let json: JSONValue
        do { json = try JSONValue(parsing: data) } catch { throw Failure(description: "\(path): \(error)") }
        guard let app = json["app"]?.stringValue, case .object(let intents)? = json["intents"],
            case .object(let entities)? = json["entities"]
        else { throw Failure(description: "\(path): expected 'app', 'intents' and 'entities'") }
        self.app = app
        self.intents = [:]
        self.entityTypes = [:]
        for (name, spec) in entities {
            guard let kind = spec["kind"]?.stringValue.flatMap(EntityType.Kind.init(rawValue:)) else {
                throw Failure(description: "\(path): entity type '\(name)' has no known 'kind'")
            }
            let domains = spec["domains"]?.arrayValue.map { Set($0.compactMap(\.stringValue)) }
            entityTypes[name] = EntityType(kind: kind, domains: domains)
        }
        for (id, spec) in intents {
            guard let haIntent = spec["intent"]?.stringValue, case .object(let parameters)? = spec["parameters"] else {
                throw Failure(description: "\(path): intent '\(id)' needs 'intent' and 'parameters'")
            }
            var intent = Intent(
                haIntent: haIntent, slotCombination: spec["slot_combination"]?.stringValue,
                contextSlots: spec["context_slots"]?.arrayValue?.compactMap(\.stringValue) ?? [], parameters: [:])
            for (name, read) in parameters {
                intent.parameters[name] = try Self.parameter(read, at: "\(path): \(id).\(name)")
            }
            self.intents[id] = intent
        }
    }

    private static func parameter(_ read: JSONValue, at place: String) throws -> Parameter {
        guard let slot = read["slot"]?.stringValue, let kind = read["kind"]?.stringValue else {
            throw Failure(description: "\(place): needs 'slot' and 'kind'")
        }
        switch kind {
        case "entity": return Parameter(slot: slot, reading: .entity)
        case "wildcard": return Parameter(slot: slot, reading: .wildcard)
        case "fixed": return Parameter(slot: slot, reading: .fixed)
        case "enum":
            guard case .object(let outs)? = read["outs"] else { throw Failure(description: "\(place): an enum needs 'outs'") }
            return Parameter(slot: slot, reading: .enumeration(outs: Dictionary(outs, uniquingKeysWith: { first, _ in first })))
        case "range":
            guard let from = read["from"]?.numberValue, let to = read["to"]?.numberValue else {
                throw Failure(description: "\(place): a range needs 'from' and 'to'")
            }
            let fractions = read["fractions"]?.stringValue
            return Parameter(
                slot: slot,
                reading: .range(
                    from: from, to: to, step: read["step"]?.numberValue ?? 1, fractions: fractions,
                    multiplier: read["multiplier"]?.numberValue ?? 1))
        default:
            throw Failure(description: "\(place): unknown kind '\(kind)'")
        }
    }
}
