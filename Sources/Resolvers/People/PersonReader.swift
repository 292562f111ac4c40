import IntentModel
import Synchronization

/// Finds people of the contacts source by full name, first name or alias ("my wife", "mom"),
/// and lists of them ("john and sarah").
enum PersonReader {
    /// A name as words (``TextNormalizer/nameWords(_:)``).
    static func words(_ name: String) -> [String] { TextNormalizer.nameWords(name) }

    /// Names by their first word, longest first; and first names by their spellings one
    /// letter short, for near misses.
    struct Index: Sendable {
        var byFirst: [String: [([String], Person)]] = [:]
        var firstNamesByDeletion: [String: [(name: String, person: Person)]] = [:]
        /// The spellings of `firstNamesByDeletion` as bits: a word none of whose spellings one
        /// letter short has its bit set needs no look-up at all, and most words are such.
        var spellings = SpellingFilter()
    }

    /// A set of spellings that may answer "maybe" for one it does not hold, never "no" for one
    /// it does: one bit per hash of the spelling's bytes (FNV-1a), so that a word's spellings
    /// one letter short are checked without making a string or hashing one.
    struct SpellingFilter: Sendable {
        private var bits = [UInt64](repeating: 0, count: 1024)

        mutating func insert(_ spelling: String) {
            let hash = Self.hash(spelling.utf8, skipping: -1)
            bits[Int(hash >> 6) & (bits.count - 1)] |= 1 << (hash & 63)
        }

        func mayContain(_ hash: UInt64) -> Bool {
            bits[Int(hash >> 6) & (bits.count - 1)] & (1 << (hash & 63)) != 0
        }

        /// FNV-1a of `bytes` without the byte at `skipping` (none when it is out of range).
        static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes, skipping: Int) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for (offset, byte) in bytes.enumerated() where offset != skipping {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return hash
        }
    }

    /// The index of the last few contact lists seen: the router passes the same contacts with
    /// every utterance, and building the index is most of the cost of finding people.
    /// Keyed by the contacts themselves: two lists whose hashes collide must not share an
    /// index (the hash only makes the usual miss cheap; equal arrays that share storage, as
    /// the router's do, compare at once).
    static let cache = Mutex<[(hash: Int, contacts: [Contact], index: Index)]>([])

    static func index(_ contacts: [Contact]) -> Index {
        let hash = contacts.hashValue
        if let hit = cache.withLock({ $0.first { $0.hash == hash && $0.contacts == contacts }?.index }) { return hit }
        let built = buildIndex(contacts)
        cache.withLock { entries in
            entries.insert((hash, contacts, built), at: 0)
            if entries.count > 4 { entries.removeLast() }
        }
        return built
    }

    static func buildIndex(_ contacts: [Contact]) -> Index {
        var index = Index()
        func add(_ words: [String], _ person: Person) {
            guard let first = words.first else { return }
            index.byFirst[first, default: []].append((words, person))
        }
        for contact in contacts {
            let full = words(contact.person.name)
            add(full, contact.person)
            if full.count > 1, let first = full.first { add([first], contact.person) }
            for alias in contact.aliases { add(words(alias), contact.person) }
            if let first = full.first, first.count >= 4 {
                for variant in Set([first] + deletions(of: first)) {
                    index.firstNamesByDeletion[variant, default: []].append((first, contact.person))
                    index.spellings.insert(variant)
                }
            }
        }
        for (first, names) in index.byFirst { index.byFirst[first] = names.sorted { $0.0.count > $1.0.count } }
        return index
    }

    /// `word` with one letter left out, each way.
    static func deletions(of word: String) -> [String] {
        let letters = Array(word)
        return letters.indices.map { index in
            var shorter = letters
            shorter.remove(at: index)
            return String(shorter)
        }
    }

    /// Contacts whose first name `token` misses by one letter, with the same first letter
    /// ("jon" for John, "sara" for Sarah): how recognizers and people spell names. Only for
    /// first names of four letters or more, so short words do not turn into people.
    static func nearFirstNames(_ token: String, in index: Index) -> [Person] {
        let utf8 = token.utf8
        guard utf8.count >= 3, utf8.allSatisfy({ (0x61...0x7A).contains($0 | 0x20) }) else { return [] }
        // The token and its spellings one letter short whose bits are set: for most words, none.
        let variants = (-1..<utf8.count).filter { index.spellings.mayContain(SpellingFilter.hash(utf8, skipping: $0)) }
        guard !variants.isEmpty else { return [] }
        var people: [Person] = []
        for skipped in variants {
            var variant = token
            if skipped >= 0 { variant.remove(at: variant.index(variant.startIndex, offsetBy: skipped)) }
            for (name, person) in index.firstNamesByDeletion[variant] ?? []
            where name != token && name.first == token.first && !people.contains(person)
                && ChoiceIndex.editDistance(Array(name.unicodeScalars), Array(token.unicodeScalars)) == 1
            {
                people.append(person)
            }
        }
        return people
    }

    static func read(_ tokens: [String], contacts: [Contact], prebuilt: ContactIndex? = nil) -> [TaggedSpan] {
        guard !contacts.isEmpty, !tokens.isEmpty else { return [] }
        let people = prebuilt?.people ?? index(contacts)
        var found: [(Range<Int>, Person)] = []
        var spans: [TaggedSpan] = []
        var index = 0
        while index < tokens.count {
            let matches = (people.byFirst[tokens[index]] ?? []).filter { words, _ in
                index + words.count <= tokens.count && words.indices.allSatisfy { tokens[index + $0] == words[$0] }
            }
            guard let longest = matches.first?.0.count else {
                let near = nearFirstNames(tokens[index], in: people)
                for person in near {
                    spans.append(TaggedSpan(range: index..<index + 1, type: .person, value: .person(person), confidence: 0.8))
                }
                if let first = near.first { found.append((index..<index + 1, first)) }
                index += 1
                continue
            }
            // Two Johns are both offered, so the router can ask which one.
            var seen: Set<Person> = []
            for (words, person) in matches where words.count == longest && seen.insert(person).inserted {
                spans.append(
                    TaggedSpan(range: index..<index + longest, type: .person, value: .person(person), confidence: 1))
            }
            if let first = matches.first { found.append((index..<index + longest, first.1)) }
            index += longest
        }
        // Lists: people joined by "and" ("john and sarah", "john sarah and alex").
        var start = 0
        while start < found.count {
            var end = start
            while end + 1 < found.count {
                let gap = found[end].0.upperBound..<found[end + 1].0.lowerBound
                guard tokens[gap].allSatisfy({ $0 == "and" }) else { break }
                end += 1
            }
            if end > start {
                let range = found[start].0.lowerBound..<found[end].0.upperBound
                spans.append(
                    TaggedSpan(
                        range: range, type: .list(.person), value: .list(found[start...end].map { .person($0.1) })))
            }
            start = end + 1
        }
        return spans
    }
}
