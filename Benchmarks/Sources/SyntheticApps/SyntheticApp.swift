/// One generated app: ten intents of five kinds, an entity type with 20 values, an enum
/// with five cases, a rule, and about five templates per intent in the full template
/// syntax (alternatives, optionals, free-text, entity, enum and Int slots, `${app}`).
///
/// App `index` is the same whatever the size of the set it belongs to, so the 100-intent
/// set is a prefix of the 1,000-intent set, and the benchmark utterances (built from the
/// first apps) mean the same thing at every size.
public struct SyntheticApp: Sendable {
    public static let intentsPerApp = 10

    public let index: Int
    public let id: String
    public let name: String
    public let synonym: String
    /// The entity values' titles, by value id `v0`...`v19`.
    public let itemTitles: [String]
    /// The enum cases' titles, by case id `m0`...`m4`.
    public let modeTitles: [String]
    public let intents: [SyntheticIntent]
    let itemSynonyms: [Int: String]
    let modeSynonyms: [String]
    let thingWords: [String]

    public init(index: Int) {
        self.index = index
        var generator = SplitMix64(seed: 0xA_99 &+ UInt64(index) &* 0x1000_0000_01B3)
        let pool = PseudoWords.pool
        // 45 distinct words per app: name (2), synonym (1), things (2), intent nouns (10),
        // intent verbs (10), enum cases (5 + 5 synonyms), item synonyms (10).
        var words = generator.distinct(45, from: pool)[...]
        func take() -> String { words.removeFirst() }
        id = "app\(index)"
        let first = take()
        name = first.prefix(1).uppercased() + first.dropFirst() + " " + take()
        synonym = take()
        thingWords = [take(), take()]
        var intents: [SyntheticIntent] = []
        for number in 0..<Self.intentsPerApp {
            let noun = take()
            let pseudoVerb = take()
            // Most intents begin with a verb every app uses; the rest with one of their own.
            let verb = generator.below(10) < 6 ? generator.pick(PseudoWords.commonVerbs) : pseudoVerb
            let kind = SyntheticIntent.Kind.allCases[number % SyntheticIntent.Kind.allCases.count]
            intents.append(SyntheticIntent(app: id, name: "\(kind.rawValue)\(number)", kind: kind, verb: verb, noun: noun))
        }
        self.intents = intents
        modeTitles = (0..<5).map { _ in take() }
        modeSynonyms = (0..<5).map { _ in take() }
        // Item titles are two words of the whole pool: apps share words, not whole names.
        itemTitles = (0..<20).map { _ in generator.pick(pool) + " " + generator.pick(pool) }
        var itemSynonyms: [Int: String] = [:]
        for value in stride(from: 0, to: 20, by: 2) { itemSynonyms[value] = take() }
        self.itemSynonyms = itemSynonyms
    }

    /// The phrase file, as `intentd` reads it from Phrases/.
    public var yaml: String {
        var lines = [
            "language: en",
            "app:",
            "  id: \(id)",
            "  name: \(name)",
            "  synonyms: [\(synonym), \(synonym) app]",
            "rules:",
            "  thing: \(quoted("(\(thingWords.joined(separator: "|")))"))",
            "entities:",
            "  Item:",
            "    title: Item",
            "    values:",
        ]
        for (value, title) in itemTitles.enumerated() {
            let synonyms = itemSynonyms[value].map { ", synonyms: [\($0)]" } ?? ""
            lines.append("      - {id: v\(value), title: \(title)\(synonyms)}")
        }
        lines += ["enums:", "  Mode:", "    title: Mode", "    cases:"]
        for (number, title) in modeTitles.enumerated() {
            lines.append("      m\(number): {title: \(title), synonyms: [\(modeSynonyms[number])]}")
        }
        lines.append("intents:")
        for intent in intents {
            lines += intent.yamlLines.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Quotes a template for YAML: `[`, `{` and `(` may begin one.
func quoted(_ text: String) -> String { "\"\(text)\"" }
