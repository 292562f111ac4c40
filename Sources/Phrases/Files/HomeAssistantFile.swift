import IntentModel
import Yams

/// One file in Home Assistant's intents format (docs/phrases.md, "Home Assistant sentence
/// files"): a `sentences/LANG/*.yaml` file of the intents repository (`intents:` with `data`
/// blocks, or `lists:`, `expansion_rules:` and `skip_words:` in `_common.yaml`), the merged
/// `en_templates.json`, or a home of `areas:`, `floors:` and `entities:` as the repository's
/// `_fixtures.yaml` has. The files of a folder are combined by ``HomeAssistantConverter``.
struct HomeAssistantFile {
    /// One `data` block of an intent: sentences and what they mean.
    struct Block {
        var intent: String
        var index: Int
        var sentences: [(text: String, location: SourceLocation?)]
        /// Fixed slots (`slots: {domain: light}`).
        var slots: [(name: String, value: JSONValue)]
        /// `requires_context: {domain: [...]}`: the domains whose entities `{name}` may be.
        var domains: [String]?
        /// `requires_context: {area: {slot: true}}`: hassil fills `area` from the context.
        var areaFromContext: Bool
        var slotCombination: String?
        var location: SourceLocation?
    }

    /// A `lists:` entry.
    enum List {
        /// Each value: the texts its `in` template expands into, and its `out` value.
        case values([(texts: [String], out: JSONValue)])
        case range(HomeAssistantMap.Range)
        case wildcard
    }

    struct Entity {
        var name: String
        var domain: String
    }

    var language: String
    var blocks: [Block] = []
    var lists: [(name: String, list: List)] = []
    var expansionRules: [(name: String, text: String, location: SourceLocation?)] = []
    var skipWords: [String] = []
    var areas: [String] = []
    var floors: [String] = []
    var entities: [Entity] = []

    /// The top-level keys that mark the format: a file with one of them and no `app:`,
    /// `extends:` or `domain:` is read as Home Assistant's.
    static let keys: Set<String> = ["intents", "lists", "expansion_rules", "skip_words", "responses", "areas", "floors", "entities"]
}

extension PhraseFileReader {
    /// Whether `root` is in Home Assistant's format rather than one of intentd's own.
    static func isHomeAssistant(_ root: Node) -> Bool {
        guard let mapping = root.mapping, root[field: "app"] == nil, root[field: "extends"] == nil, root[field: "domain"] == nil else { return false }
        return mapping.keys.contains { $0.scalar.map { HomeAssistantFile.keys.contains($0.string) } ?? false }
    }

    mutating func readHomeAssistant(_ root: Node, language: String) -> HomeAssistantFile {
        reader.checkKeys(reader.mapping(root, "the file"), allowed: ["language"] + HomeAssistantFile.keys.sorted(), in: "a Home Assistant file")
        var file = HomeAssistantFile(language: language)
        for (intent, _, value) in reader.mapping(root[field: "intents"], "intents") {
            reader.checkKeys(reader.mapping(value, "intent '\(intent)'"), allowed: ["data"], in: "intent '\(intent)'")
            guard let data = value[field: "data"]?.sequence else {
                reader.error("intent '\(intent)' needs 'data', a list of blocks with 'sentences'", at: value)
                continue
            }
            for (index, block) in data.enumerated() {
                if let read = readHomeAssistantBlock(block, intent: intent, index: index) { file.blocks.append(read) }
            }
        }
        for (name, _, value) in reader.mapping(root[field: "lists"], "lists") {
            if let list = readHomeAssistantList(value, name: name) { file.lists.append((name, list)) }
        }
        for (name, _, value) in reader.mapping(root[field: "expansion_rules"], "expansion_rules") {
            guard let text = reader.string(value, "expansion rule '\(name)'") else { continue }
            file.expansionRules.append((name, text, reader.textLocation(of: value)))
        }
        file.skipWords = reader.strings(root[field: "skip_words"], "skip_words").map(\.0)
        for item in root[field: "areas"]?.sequence ?? [] {
            if let name = reader.string(item[field: "name"], "area name") { file.areas.append(name) }
        }
        for item in root[field: "floors"]?.sequence ?? [] {
            if let name = reader.string(item[field: "name"], "floor name") { file.floors.append(name) }
        }
        for item in root[field: "entities"]?.sequence ?? [] {
            guard let name = reader.string(item[field: "name"], "entity name") else {
                reader.error("an entity needs a 'name'", at: item)
                continue
            }
            // `domain: light`, or the part of `id: light.kitchen` before the dot.
            let domain = reader.string(item[field: "domain"], "entity domain")
                ?? reader.string(item[field: "id"], "entity id").flatMap { $0.contains(".") ? String($0.prefix { $0 != "." }) : nil }
            guard let domain else {
                reader.error("entity '\(name)' needs a 'domain' or an 'id' such as 'light.kitchen'", at: item)
                continue
            }
            file.entities.append(.init(name: name, domain: domain))
        }
        return file
    }

    private mutating func readHomeAssistantBlock(_ node: Node, intent: String, index: Int) -> HomeAssistantFile.Block? {
        let what = "block \(index + 1) of intent '\(intent)'"
        reader.checkKeys(
            reader.mapping(node, what), allowed: ["sentences", "slots", "requires_context", "excludes_context", "metadata", "response", "expansion_rules"],
            in: what)
        let sentences = reader.strings(node[field: "sentences"], "sentences").map { ($0.0, reader.textLocation(of: $0.1)) }
        guard !sentences.isEmpty else { return nil }
        var block = HomeAssistantFile.Block(
            intent: intent, index: index, sentences: sentences, slots: [], domains: nil, areaFromContext: false,
            slotCombination: reader.string(node[field: "metadata"]?[field: "slot_combination"], "slot_combination"), location: reader.location(of: node))
        for (name, _, value) in reader.mapping(node[field: "slots"], "slots") {
            block.slots.append((name, scalarValue(value) ?? .string(value.scalar?.string ?? "")))
        }
        for (key, keyNode, value) in reader.mapping(node[field: "requires_context"], "requires_context") {
            switch key {
            case "domain": block.domains = reader.strings(value, "domain").map(\.0)
            case "area" where value[field: "slot"]?.bool == true: block.areaFromContext = true
            default: reader.warning("requires_context '\(key)' is not supported: the block is matched without it", at: keyNode)
            }
        }
        if let excludes = node[field: "excludes_context"] {
            reader.warning("excludes_context is not supported: the block is matched without it", at: excludes)
        }
        if let rules = node[field: "expansion_rules"] {
            reader.warning("expansion_rules inside a block are not supported; define them at the top of the file", at: rules)
        }
        return block
    }

    private mutating func readHomeAssistantList(_ node: Node, name: String) -> HomeAssistantFile.List? {
        if node[field: "wildcard"]?.bool == true { return .wildcard }
        if let range = node[field: "range"] {
            guard let from = range[field: "from"]?.float, let to = range[field: "to"]?.float, from <= to else {
                reader.error("the range of list '\(name)' needs numbers 'from' and 'to', from ≤ to", at: range)
                return nil
            }
            let fractions = reader.string(range[field: "fractions"], "fractions")
            if let fractions, !["halves", "tenths"].contains(fractions) {
                reader.error("unknown fractions '\(fractions)' in list '\(name)'; expected halves or tenths", at: range[field: "fractions"])
            }
            return .range(HomeAssistantMap.Range(
                from: from, to: to, step: range[field: "step"]?.float ?? 1, fractions: fractions, multiplier: range[field: "multiplier"]?.float ?? 1))
        }
        guard let values = node[field: "values"]?.sequence else {
            reader.error("list '\(name)' needs 'values', a 'range' or 'wildcard: true'", at: node)
            return nil
        }
        var read: [([String], JSONValue)] = []
        for value in values {
            let text: String
            let out: JSONValue
            let textNode: Node
            if let scalar = value.scalar {
                (text, out, textNode) = (scalar.string, .string(scalar.string), value)
            } else {
                guard let inNode = value[field: "in"], let written = reader.string(inNode, "in"), let outNode = value[field: "out"] else {
                    reader.error("a value of list '\(name)' is text, or has 'in' and 'out'", at: value)
                    continue
                }
                (text, out, textNode) = (written, scalarValue(outNode) ?? .string(outNode.scalar?.string ?? ""), inNode)
            }
            do {
                read.append((try HomeAssistantConverter.expand(text), out))
            } catch {
                reader.diagnostics.append(.error("\(error.message) in value \"\(text)\" of list '\(name)'", at: reader.textLocation(of: textNode)))
            }
        }
        return .values(read)
    }
}
