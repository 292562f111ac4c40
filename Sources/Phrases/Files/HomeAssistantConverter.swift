import IntentModel

/// Turns the Home Assistant files of a library into one app, `ha` (docs/phrases.md, "Home
/// Assistant sentence files"):
/// - each `data` block of an intent becomes an intent of its own, `ha.<Intent>_<n>`, since
///   blocks differ in their fixed slots and in the domains `{name}` may be;
/// - hassil's template syntax is intentd's; `{list:slot}` becomes a parameter, and `[ ]` and
///   `( |-)` between glued parts become a word break (intentd matches words, and splits
///   "5-hour" and "50%" itself);
/// - a value list becomes an enum (the `in` texts, expanded, are a case's names), a range an
///   `Int` (`Double` with fractions), a wildcard free text;
/// - `{name}`, `{area}` and `{floor}` become entity types holding the home's areas, floors
///   and the named entities of the block's domains;
/// - a block's fixed slots become a phrase group's `values:`; expansion rules become the
///   app's rules, and skip words filler.
/// ``HomeAssistantMap`` keeps how to read an answer back in Home Assistant's terms.
struct HomeAssistantConverter {
    var files: [(path: String, file: HomeAssistantFile)]
    var diagnostics: [Diagnostic] = []
    private var lists: [String: HomeAssistantFile.List] = [:]
    private var app = AppDefinition(id: HomeAssistantMap.appID, displayName: "Home Assistant")
    private var map = HomeAssistantMap()
    /// The case ids of the enums made so far and the `out` values they stand for.
    private var enumOuts: [String: [String: JSONValue]] = [:]
    /// Per expansion rule, the slots it names and the rules it uses.
    private var ruleSlots: [String: (slots: [(list: String, slot: String)], rules: [String])] = [:]

    init(files: [(path: String, file: HomeAssistantFile)]) {
        self.files = files
        for (_, file) in files {
            for (name, list) in file.lists { lists[name] = list }
        }
    }

    /// Adds the app, its map and the skip words to `library`.
    mutating func convert(into library: inout PhraseLibrary) {
        for (_, file) in files {
            for (name, text, location) in file.expansionRules {
                // A slot in a rule keeps the slot's name: `{brightness}`, `{area}`.
                let renamed = Self.phrase(text) { _, slot in slot }
                app.rules[name] = PhraseTemplate(intent: "", language: file.language, text: renamed, location: location)
                ruleSlots[name] = (Self.slotReferences(in: text), Self.ruleReferences(in: text))
            }
        }
        var blockNumber: [String: Int] = [:]
        for (_, file) in files {
            for block in file.blocks {
                let number = blockNumber[block.intent, default: 0]
                blockNumber[block.intent] = number + 1
                convert(block, number: number, language: file.language)
            }
        }
        let home = HomeAssistantHome(
            areas: files.flatMap(\.file.areas), floors: files.flatMap(\.file.floors), entities: files.flatMap(\.file.entities))
        for index in app.entityTypes.indices {
            let name = String(app.entityTypes[index].name.dropFirst(app.id.count + 1))
            if let type = map.entityTypes[name] { app.entityTypes[index].values = home.records(of: type) }
        }
        let normalizer = TextNormalizer()
        for (_, file) in files {
            var resources = library.languages[file.language] ?? LanguageResources()
            for skip in file.skipWords {
                let words = normalizer.words(skip)
                if words.count == 1 { resources.fillerWords.formUnion(words) } else if !words.isEmpty { resources.fillerPhrases.append(words) }
            }
            library.languages[file.language] = resources
        }
        library.diagnostics += diagnostics
        guard !app.intents.isEmpty else { return }
        if library.app(app.id) != nil {
            library.diagnostics.append(.error("app '\(app.id)' is defined by phrase files and by Home Assistant files", at: files.first.map {
                SourceLocation(file: $0.path, line: 1, column: 1)
            }))
            return
        }
        library.apps.append(app)
        library.homeAssistant = map
    }

    private mutating func convert(_ block: HomeAssistantFile.Block, number: Int, language: String) {
        let id = "\(app.id).\(block.intent)_\(number)"
        // The slots the sentences name, in the order first named, and where.
        var references: [(list: String, slot: String, location: SourceLocation?)] = []
        for (text, location) in block.sentences {
            for reference in slotReferences(in: text) where !references.contains(where: { $0.list == reference.list && $0.slot == reference.slot }) {
                references.append((reference.list, reference.slot, location))
            }
        }
        var parameters: [ParameterDefinition] = []
        var readings: [String: HomeAssistantMap.Parameter] = [:]
        var parameterOf: [String: String] = [:]
        for reference in references {
            let sameSlot = references.filter { $0.slot == reference.slot }.count
            let name = sameSlot == 1 ? reference.slot : "\(reference.slot)__\(reference.list)"
            guard let (type, reading) = parameterType(list: reference.list, domains: block.domains, at: reference.location) else { return }
            parameterOf["\(reference.list):\(reference.slot)"] = name
            parameters.append(ParameterDefinition(name: name, type: type, isOptional: true))
            readings[name] = HomeAssistantMap.Parameter(slot: reference.slot, reading: reading)
        }
        var values: [String: JSONValue] = [:]
        for (slot, value) in block.slots {
            guard !references.contains(where: { $0.slot == slot }) else {
                diagnostics.append(.error("fixed slot '\(slot)' of \(block.intent) is also in its sentences", at: block.location))
                return
            }
            parameters.append(ParameterDefinition(name: slot, type: .string, isOptional: true))
            readings[slot] = HomeAssistantMap.Parameter(slot: slot, reading: .fixed)
            values[slot] = .string(value.stringValue ?? value.serialized)
        }
        let title = "\(block.intent) (\(block.slotCombination ?? String(number)))"
        app.intents.append(IntentDefinition(id: id, title: title, parameters: parameters))
        for (text, location) in block.sentences {
            app.phrases.append(PhraseTemplate(
                intent: id, language: language, text: Self.phrase(text) { list, slot in parameterOf["\(list):\(slot)"] ?? slot },
                location: location, values: values))
        }
        map.intents[id] = HomeAssistantMap.Intent(
            haIntent: block.intent, slotCombination: block.slotCombination, contextSlots: block.areaFromContext ? ["area"] : [],
            parameters: readings)
    }

    /// The type of the parameter `{list:slot}` fills, and how its value becomes the slot's.
    private mutating func parameterType(list: String, domains: [String]?, at location: SourceLocation?) -> (ValueType, HomeAssistantMap.Reading)? {
        if ["name", "area", "floor"].contains(list), lists[list] == nil {
            let kind = HomeAssistantMap.EntityType.Kind(rawValue: list) ?? .name
            let name: String
            switch kind {
            case .area: name = "Area"
            case .floor: name = "Floor"
            case .name: name = "Name" + (domains.map { "_" + $0.sorted().map(Self.camel).joined(separator: "_") } ?? "")
            }
            if map.entityTypes[name] == nil {
                map.entityTypes[name] = .init(kind: kind, domains: kind == .name ? domains.map(Set.init) : nil)
                app.entityTypes.append(EntityTypeDefinition(name: "\(app.id).\(name)", displayName: name))
            }
            return (.entity("\(app.id).\(name)"), .entity)
        }
        guard let spec = lists[list] else {
            let near = Spelling.suggestion(for: list, among: Array(lists.keys)).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.append(.error("unknown list '\(list)'\(near)", at: location))
            return nil
        }
        switch spec {
        case .wildcard: return (.string, .wildcard)
        case .range(let range): return (range.fractions == nil ? .int : .double, .range(range))
        case .values(let values):
            let name = Self.camel(list)
            if let outs = enumOuts[name] { return (.enumeration("\(app.id).\(name)"), .enumeration(outs: outs)) }
            var texts: [(key: String, out: JSONValue, names: [String])] = []
            for (expanded, out) in values {
                let key = out.serialized
                if let index = texts.firstIndex(where: { $0.key == key }) {
                    texts[index].names += expanded.filter { !texts[index].names.contains($0) }
                } else {
                    texts.append((key, out, expanded))
                }
            }
            var cases: [EnumCase] = []
            var outs: [String: JSONValue] = [:]
            for (number, entry) in texts.enumerated() where !entry.names.isEmpty {
                // The case is named by its out value ("on", "100") when that names it alone.
                let out = entry.out.stringValue ?? entry.out.serialized
                let id = out.isEmpty || outs[out] != nil || texts.filter({ ($0.out.stringValue ?? $0.out.serialized) == out }).count > 1
                    ? "v\(number)" : out
                cases.append(EnumCase(id: id, title: entry.names[0], synonyms: Array(entry.names.dropFirst())))
                outs[id] = entry.out
            }
            app.enums.append(EnumDefinition(name: "\(app.id).\(name)", displayName: list, cases: cases))
            enumOuts[name] = outs
            return (.enumeration("\(app.id).\(name)"), .enumeration(outs: outs))
        }
    }


    // MARK: - Text

    /// `{list:slot}` and `{slot}` (the list of the same name) in a sentence.
    static func slotReferences(in sentence: String) -> [(list: String, slot: String)] {
        var found: [(String, String)] = []
        _ = renamingSlots(sentence) { list, slot in
            found.append((list, slot))
            return ""
        }
        return found
    }

    /// The slots a sentence names, itself or through the expansion rules it uses.
    private func slotReferences(in sentence: String) -> [(list: String, slot: String)] {
        var found = Self.slotReferences(in: sentence)
        var rules = Self.ruleReferences(in: sentence)
        var seen = Set<String>()
        while let rule = rules.popLast() {
            guard seen.insert(rule).inserted, let (slots, more) = ruleSlots[rule] else { continue }
            found += slots
            rules += more
        }
        return found
    }

    /// The expansion rules (`<name>`) a template uses.
    static func ruleReferences(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let inside = rest[rest.index(after: open)...]
            guard let close = inside.firstIndex(where: { $0 == ">" || $0 == "<" }), inside[close] == ">" else {
                rest = inside
                continue
            }
            found.append(String(inside[..<close]))
            rest = inside[inside.index(after: close)...]
        }
        return found
    }

    /// A sentence as an intentd phrase: each slot renamed to the parameter `parameter` names,
    /// space markers dropped.
    static func phrase(_ sentence: String, parameter: (_ list: String, _ slot: String) -> String) -> String {
        var text = renamingSlots(sentence) { list, slot in "{" + parameter(list, slot) + "}" }
        for marker in ["[ ]", "( |-)", "(-| )"] { text = text.replacingOccurrences(of: marker, with: " ") }
        return text
    }

    /// `sentence` with each `{list:slot}` or `{slot}` replaced by what `rename` gives.
    private static func renamingSlots(_ sentence: String, _ rename: (String, String) -> String) -> String {
        var text = ""
        var rest = Substring(sentence)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let inside = rest[rest.index(after: open)...]
            guard let close = inside.firstIndex(where: { $0 == "}" || $0 == "{" }), inside[close] == "}" else {
                text += "{"
                rest = inside
                continue
            }
            let reference = inside[..<close]
            let parts = reference.split(separator: ":", maxSplits: 1).map(String.init)
            text += rename(parts[0], parts.count == 2 ? parts[1] : parts[0])
            rest = inside[inside.index(after: close)...]
        }
        return text + rest
    }

    /// `on_off` → `OnOff`.
    static func camel(_ name: String) -> String {
        name.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    struct ExpansionError: Error {
        var message: String
    }

    /// Every text a list value's template allows: `(a|b)`, `[x]`, glued parts (`door[s]`).
    static func expand(_ template: String) throws(ExpansionError) -> [String] {
        let characters = Array(template)
        var position = 0
        let texts = try expandChoice(characters, &position, closing: nil)
        guard position == characters.count else {
            throw ExpansionError(message: "unexpected '\(characters[position])' at column \(position + 1)")
        }
        var seen: [String] = []
        for text in texts {
            let clean = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !clean.isEmpty, !seen.contains(clean) { seen.append(clean) }
        }
        return seen
    }

    private static func expandChoice(_ s: [Character], _ i: inout Int, closing: Character?) throws(ExpansionError) -> [String] {
        var choices = try expandSequence(s, &i, closing: closing)
        while i < s.count, s[i] == "|" {
            i += 1
            choices += try expandSequence(s, &i, closing: closing)
        }
        return choices
    }

    private static func expandSequence(_ s: [Character], _ i: inout Int, closing: Character?) throws(ExpansionError) -> [String] {
        var results = [""]
        while i < s.count, !"|)]".contains(s[i]) {
            let c = s[i]
            if c == "(" || c == "[" {
                let close: Character = c == "(" ? ")" : "]"
                i += 1
                var inner = try expandChoice(s, &i, closing: close)
                guard i < s.count, s[i] == close else { throw ExpansionError(message: "unclosed '\(c)'") }
                i += 1
                if c == "[" { inner.insert("", at: 0) }
                results = results.flatMap { head in inner.map { head + $0 } }
            } else {
                results = results.map { $0 + String(c) }
                i += 1
            }
        }
        if i < s.count, ")]".contains(s[i]), s[i] != closing {
            throw ExpansionError(message: "unexpected '\(s[i])' at column \(i + 1)")
        }
        return results
    }
}

/// A home: the areas, floors and named entities `{area}`, `{floor}` and `{name}` stand for
/// (the `areas:`, `floors:` and `entities:` of a Home Assistant fixtures file).
public struct HomeAssistantHome: Sendable {
    public var areas: [String]
    public var floors: [String]
    public var entities: [(name: String, domain: String)]

    public init(areas: [String], floors: [String], entities: [(name: String, domain: String)]) {
        self.areas = areas
        self.floors = floors
        self.entities = entities
    }

    init(areas: [String], floors: [String], entities: [HomeAssistantFile.Entity]) {
        self.init(areas: areas, floors: floors, entities: entities.map { ($0.name, $0.domain) })
    }

    /// The values an entity type of ``HomeAssistantMap`` holds in this home.
    public func records(of type: HomeAssistantMap.EntityType) -> [EntityRecord] {
        switch type.kind {
        case .area: return areas.enumerated().map { EntityRecord(id: "area.\($0.offset)", title: $0.element) }
        case .floor: return floors.enumerated().map { EntityRecord(id: "floor.\($0.offset)", title: $0.element) }
        case .name:
            return entities.enumerated().compactMap { offset, entity in
                guard type.domains?.contains(entity.domain) ?? true else { return nil }
                return EntityRecord(id: "\(entity.domain).\(offset)", title: entity.name)
            }
        }
    }
}
