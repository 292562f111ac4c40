import IntentModel

/// Finds people of the contacts source by full name, first name or alias ("my wife", "mom"),
/// and lists of them ("john and sarah").
enum PersonReader {
    static func read(_ tokens: [String], contacts: [Contact]) -> [TaggedSpan] {
        let normalizer = TextNormalizer()
        var names: [([String], Person)] = []
        for contact in contacts {
            let full = normalizer.words(contact.person.name)
            names.append((full, contact.person))
            if let first = full.first { names.append(([first], contact.person)) }
            for alias in contact.aliases { names.append((normalizer.words(alias), contact.person)) }
        }
        names.sort { $0.0.count > $1.0.count }
        var found: [(Range<Int>, Person)] = []
        var index = 0
        while index < tokens.count {
            if let (words, person) = names.first(where: { index + $0.0.count <= tokens.count && Array(tokens[index..<index + $0.0.count]) == $0.0 }) {
                found.append((index..<index + words.count, person))
                index += words.count
            } else {
                index += 1
            }
        }
        var spans = found.map { TaggedSpan(range: $0.0, type: .person, value: .person($0.1)) }
        // Lists: people joined by "and" or ","-less sequences ("john sarah and alex").
        var start = 0
        while start < found.count {
            var end = start
            while end + 1 < found.count {
                let gap = found[end].0.upperBound..<found[end + 1].0.lowerBound
                let between = tokens[gap]
                guard between.isEmpty || between.allSatisfy({ $0 == "and" }) else { break }
                end += 1
            }
            if end > start {
                let range = found[start].0.lowerBound..<found[end].0.upperBound
                spans.append(TaggedSpan(range: range, type: .list(.person), value: .list(found[start...end].map { .person($0.1) })))
            }
            start = end + 1
        }
        return spans
    }
}
