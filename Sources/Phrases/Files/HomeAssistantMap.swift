import IntentModel

/// How the app read from Home Assistant sentence files answers in Home Assistant's terms:
/// each intentd intent (one `data` block) names its HA intent, and each parameter the slot
/// it fills and how its value becomes the slot's (docs/phrases.md, "Home Assistant sentence
/// files").
public struct HomeAssistantMap: Sendable {
    /// The id of the app the files became.
    public static let appID = "ha"

    /// A `range` list: numbers from `from` to `to` on `step` (or the `fractions` it allows:
    /// `halves`, `tenths`), multiplied by `multiplier` into the slot's value.
    public struct Range: Sendable, Hashable {
        public var from: Double
        public var to: Double
        public var step: Double
        public var fractions: String?
        public var multiplier: Double
    }

    /// How one parameter becomes one slot.
    public enum Reading: Sendable {
        /// An entity (name, area, floor): the slot is the entity's name.
        case entity
        /// A value list: the slot is the `out` value of the matched case, by case id.
        case enumeration(outs: [String: JSONValue])
        /// A range list: the number, checked against the range and multiplied.
        case range(Range)
        /// A wildcard list: the free text.
        case wildcard
        /// A block's fixed slot (`slots: {domain: light}`), set by the phrases.
        case fixed
    }

    public struct Parameter: Sendable {
        public var slot: String
        public var reading: Reading
    }

    /// One intentd intent: one `data` block of an HA intent.
    public struct Intent: Sendable {
        public var haIntent: String
        public var slotCombination: String?
        /// Slots hassil fills from the intent context (`requires_context: {area: {slot: true}}`).
        public var contextSlots: [String]
        public var parameters: [String: Parameter]
    }

    /// What an entity type holds: the areas, the floors, or the named entities of some
    /// domains (nil: of every domain).
    public struct EntityType: Sendable {
        public enum Kind: String, Sendable { case name, area, floor }
        public var kind: Kind
        public var domains: Set<String>?
    }

    /// By intentd intent id (`ha.HassTurnOn_0`).
    public var intents: [String: Intent] = [:]
    /// By entity type name without the app (`Name_Light`, `Area`).
    public var entityTypes: [String: EntityType] = [:]
}
