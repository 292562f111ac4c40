import IntentModel

/// Reads a description of entities as a property query: "the three most recent books by andy
/// weir published after 2015" is author contains "andy weir", datePublished after 2015,
/// newest first, three of them.
///
/// Properties are found by their words ("published" for `datePublished`, "read" for
/// `dateRead`); "by X" is the author (a property named author, creator, artist or writer);
/// "most recent", "newest", "oldest" sort by the date property named, or the first one.
struct PropertyQueryReader {
    let type: EntityTypeDefinition
    let enums: [String: EnumDefinition]
    let context: ResolutionContext

    static let stopWords: Set<String> = [
        "published", "released", "written", "read", "after", "before", "since", "until", "in", "from", "that", "which",
        "with", "on", "and",
    ]

    func read(_ text: String) -> PropertyQuery? {
        let tokens = TextNormalizer().words(text)
        guard !tokens.isEmpty else { return nil }
        var query = PropertyQuery()
        var used = false
        // "the newest book", "the oldest one": a superlative without a number picks one.
        var singularAfterSort = false
        let dates = type.properties.filter { $0.type.elementType == .date }
        for (index, token) in tokens.enumerated() {
            // "the three most recent", "top 5", "first 2"
            if query.limit == nil, let number = NumberReader.number(tokens, from: index), let value = number.integer,
                value > 0, value < 1000, !number.isOrdinal,
                ["most", "newest", "latest", "oldest", "last", "recent", "first", "top"]
                    .contains(tokens[safe: number.range.upperBound] ?? "")
                    || ["top", "first", "last"].contains(tokens[safe: index - 1] ?? "")
            {
                query.limit = value
                used = true
            }
            if PropertyQuery.sortWords.contains(token), query.sort.isEmpty,
                let property = dateProperty(near: index, in: tokens, among: dates)
            {
                query.sort = [
                    PropertyQuery.SortKey(property: property.name, ascending: ["oldest", "earliest"].contains(token))
                ]
                singularAfterSort = !(tokens[safe: index + 1]?.hasSuffix("s") ?? false)
                used = true
            }
            if token == "by", let author = authorProperty(), let name = phrase(after: index, in: tokens) {
                query.filters.append(
                    PropertyQuery.Filter(property: author.name, comparator: .contains, value: .string(name)))
                used = true
            }
            if ["after", "since", "before", "until"].contains(token),
                let property = dateProperty(near: index, in: tokens, among: dates),
                let bound = dateBound(after: index, in: tokens, later: token == "after" || token == "since")
            {
                query.filters.append(
                    PropertyQuery.Filter(
                        property: property.name, comparator: bound.comparator, value: .date(bound.date)))
                used = true
            }
        }
        for filter in enumFilters(tokens) where !query.filters.contains(filter) {
            query.filters.append(filter)
            used = true
        }
        if query.limit == nil, singularAfterSort { query.limit = 1 }
        return used ? query : nil
    }

    /// The words of a name after "by": up to the next word that starts another condition.
    private func phrase(after index: Int, in tokens: [String]) -> String? {
        var words: [String] = []
        var cursor = index + 1
        while cursor < tokens.count, !Self.stopWords.contains(tokens[cursor]) {
            words.append(tokens[cursor])
            cursor += 1
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private func authorProperty() -> PropertyDefinition? {
        let names = ["author", "creator", "artist", "writer", "by"]
        return type.properties.first { names.contains($0.name.lowercased()) }
    }

    /// The date property whose words appear before `index` ("published after"), else the first.
    private func dateProperty(near index: Int, in tokens: [String], among dates: [PropertyDefinition])
        -> PropertyDefinition?
    {
        let window = Set(tokens[max(0, index - 3)..<min(tokens.count, index + 4)])
        return dates.first { property in
            !Set(Self.words(property.name) + Self.words(property.title)).intersection(window).subtracting(["date"])
                .isEmpty
        } ?? dates.first
    }

    /// "datePublished" as ["date", "published"] (``TextNormalizer/identifierWords(_:)``).
    static func words(_ name: String) -> [String] { TextNormalizer.identifierWords(name) }

    /// "after 2015" is from 2016 on; "before march 2020" is before its first day.
    private func dateBound(after index: Int, in tokens: [String], later: Bool) -> (
        comparator: PropertyQuery.Comparator, date: LocalDateTime
    )? {
        let rest = Array(tokens[(index + 1)...])
        if let first = rest.first, first.count == 4, let year = Int(first), (1000...2999).contains(year) {
            return later
                ? (.greaterThanOrEqual, LocalDateTime(year: year + 1, month: 1, day: 1))
                : (.lessThan, LocalDateTime(year: year, month: 1, day: 1))
        }
        var plain = context
        plain.prefersFuture = false
        let parser = DateParser(tokens: rest, context: plain, wholeText: true)
        guard let found = parser.parse(from: 0) else { return nil }
        return (later ? .greaterThan : .lessThan, found.value)
    }

    /// "on my read shelf", "science fiction": enum properties whose case is named.
    private func enumFilters(_ tokens: [String]) -> [PropertyQuery.Filter] {
        let text = " " + tokens.joined(separator: " ") + " "
        var filters: [PropertyQuery.Filter] = []
        for property in type.properties {
            guard case .enumeration(let name) = property.type.elementType else { continue }
            let definition = enums[name] ?? enums.values.first { $0.name.hasSuffix("." + name) || $0.name == name }
            guard let definition else { continue }
            for item in definition.cases {
                let phrases = ([item.title] + item.synonyms).map { TextNormalizer().words($0).joined(separator: " ") }
                if phrases.contains(where: {
                    $0.count > 3 && (text.contains(" \($0) shelf ") || text.contains(" shelf \($0) "))
                }) {
                    filters.append(
                        PropertyQuery.Filter(property: property.name, comparator: .equal, value: .enumCase(item.id)))
                    break
                }
            }
        }
        return filters
    }
}

extension ResolverChain {
    /// Read a description of entities of `typeName` as a property query, or nil when it names
    /// no property ("the three most recent books by andy weir published after 2015").
    public func propertyQuery(_ text: String, for typeName: String, context: ResolutionContext) -> PropertyQuery? {
        guard let type = entityTypes[typeName] else { return nil }
        return PropertyQueryReader(type: type, enums: enums, context: context).read(text)
    }

    /// The known entities of `typeName` a property query selects (in-process fixtures).
    public func entities(of typeName: String, matching query: PropertyQuery) -> [EntityRecord] {
        query.run(on: entityTypes[typeName]?.values ?? [])
    }
}
