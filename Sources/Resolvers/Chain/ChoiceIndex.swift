import IntentModel

/// Enum cases and known entities by the names people call them, matched tolerantly:
/// exact titles and synonyms first, then near misses ("grocerys", "lost world").
///
/// Every choice within a hair of the best comes back, so two books titled
/// "The Lost World" are both offered rather than one picked at random.
struct ChoiceIndex: Sendable {
    struct Entry: Sendable {
        var value: Value
        /// Normalized names, words joined by one space.
        var names: [String]
    }

    let enumEntries: [String: [Entry]]
    let entityEntries: [String: [Entry]]
    static let articles: Set<String> = ["the", "a", "an", "my", "our"]

    init(enums: [EnumDefinition], entityTypes: [EntityTypeDefinition]) {
        var enumEntries: [String: [Entry]] = [:]
        for definition in enums {
            enumEntries[definition.name] = definition.cases.map { item in
                Entry(value: .enumCase(item.id), names: ([item.title, item.id] + item.synonyms).map(Self.key))
            }
        }
        var entityEntries: [String: [Entry]] = [:]
        for type in entityTypes {
            entityEntries[type.name] = type.values.map { record in
                var names = [record.title] + record.synonyms
                if let subtitle = record.subtitle {
                    names += ["\(record.title) \(subtitle)", "\(record.title) by \(subtitle)"]
                }
                return Entry(value: .entity(record.reference), names: names.map(Self.key) + [record.id.lowercased()])
            }
        }
        self.enumEntries = enumEntries
        self.entityEntries = entityEntries
    }

    static func key(_ text: String) -> String {
        TextNormalizer().words(text).filter { !articles.contains($0) }.joined(separator: " ")
    }

    func enumCandidates(_ text: String, enumName: String) -> [ResolvedCandidate] {
        best(text, among: enumEntries[enumName] ?? [])
    }

    func entityCandidates(_ text: String, typeName: String) -> [ResolvedCandidate] {
        best(text, among: entityEntries[typeName] ?? [])
    }

    /// The entries closest to `text`, all those within 0.05 of the best, above a floor.
    func best(_ text: String, among entries: [Entry]) -> [ResolvedCandidate] {
        let wanted = Self.key(text)
        guard !wanted.isEmpty else { return [] }
        let words = wanted.split(separator: " ")
        let scored = entries.map { entry in
            let near = entry.names.map { Self.similarity(wanted, $0) }.max() ?? 0
            // "dentist checkup": two names of one value said together.
            return (entry.value, NameParts.saysInParts(words, names: entry.names) ? max(near, Self.partsSimilarity) : near)
        }
        guard let top = scored.map(\.1).max(), top >= 0.75 else { return [] }
        return scored.filter { $0.1 >= top - 0.05 && $0.1 >= 0.75 }.sorted { $0.1 > $1.1 }
            .map { ResolvedCandidate(value: $0.0, confidence: $0.1) }
    }

    /// How close a name said as several names of one value is ("dentist checkup" for Dental
    /// checkup, called both "dentist" and "checkup").
    static let partsSimilarity = 0.9

    /// 1 for equal names, less for near misses: edit distance on letters, with partial
    /// credit when every spoken word is in the name ("lost world" for "the lost world of ...").
    static func similarity(_ a: String, _ b: String) -> Double {
        if a == b { return 1 }
        guard !b.isEmpty else { return 0 }
        let left = Array(a.unicodeScalars)
        let right = Array(b.unicodeScalars)
        let distance = editDistance(left, right)
        let edit = 1 - Double(distance) / Double(max(left.count, right.count))
        let spoken = Set(a.split(separator: " "))
        let named = Set(b.split(separator: " "))
        let cover = spoken.isSubset(of: named) ? 0.8 * Double(spoken.count) / Double(named.count) + 0.15 : 0
        return max(edit, cover)
    }

    /// Optimal string alignment: a swap of two neighbours ("hgih") costs one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int { EditDistance.between(a, b, transpositions: true) }
}

/// A name said as several names of one value, one after another ("dentist checkup" for the
/// service called both "dentist" and "checkup").
public enum NameParts {
    /// Whether `words` are two or more of `names` (each a name's words joined by one space),
    /// one after another, and nothing else.
    public static func saysInParts(_ words: [Substring], names: [String]) -> Bool {
        guard words.count >= 2 else { return false }
        let split = names.map { $0.split(separator: " ") }.filter { !$0.isEmpty && $0.count < words.count }
        // parts[i]: the fewest names that say words[..<i] (nil: none do).
        var parts = [Int?](repeating: nil, count: words.count + 1)
        parts[0] = 0
        for start in words.indices {
            guard let before = parts[start] else { continue }
            for name in split where start + name.count <= words.count && words[start..<start + name.count].elementsEqual(name) {
                let end = start + name.count
                parts[end] = min(parts[end] ?? .max, before + 1)
            }
        }
        return (parts[words.count] ?? 0) >= 2
    }

    /// `text` as names are compared: normalized words without articles, joined by one space.
    public static func key(_ text: String) -> String { ChoiceIndex.key(text) }
}
