import Foundation
import IntentModel
import Yams

/// One phrase file, read but not yet merged with the others.
enum PhraseFile: Sendable {
    /// Defines an app.
    case app(AppDefinition, language: String)
    /// Adds phrases and names in another language to an app defined elsewhere.
    case appExtension(AppExtension)
    /// The phrases of a domain's assistant schemas (`domain:` files).
    case schemaPhrases([SchemaPhraseSet])
    /// Rules and filler words shared by a language.
    case common(language: String, LanguageResources)
    /// People that Person parameters resolve against.
    case contacts([ContactDefinition])
    /// Assistant schemas (`catalog:` files).
    case catalog(SchemaCatalog)
    /// A file in Home Assistant's intents format, combined with the others into the `ha` app.
    case homeAssistant(HomeAssistantFile)
}

/// Names and phrases that a file with `extends:` adds to an app.
struct AppExtension {
    var appID: String
    var language: String
    var synonyms: [String]
    /// More names for entity values and enum cases: type name, then value id, then names.
    var valueSynonyms: [String: [String: [String]]]
    var phrases: [(intent: String, template: PhraseTemplate, node: SourceLocation?)]
    var rules: [String: PhraseTemplate]
    var location: SourceLocation?
}

/// Reads one YAML phrase file into a ``PhraseFile`` (docs/phrases.md), collecting diagnostics.
struct PhraseFileReader {
    var reader: YAMLReader
    let text: String
    /// Where adoptions and typed names are declared (``PhraseLibrary/sourceLocations``).
    var sourceLocations: [String: SourceLocation] = [:]
    /// The enum and entity type names of the app being read, for "did you mean".
    var appTypeNames: [String] = []
    /// `intent.parameter` of parameters whose type could not be read (``PhraseLibrary/unreadableParameters``).
    var unreadableParameters: Set<String> = []

    /// The implicit types phrase files need resolved: booleans (Yams' `Node.bool` reads only
    /// a scalar resolved as one) and null. Numbers are read from the text whatever their tag,
    /// and timestamps, merge keys and `=` stay strings. Yams tries each type's regular
    /// expression on every plain scalar and on every key a mapping is looked up by: two
    /// instead of seven make reading the files about a third cheaper.
    static let resolver = Resolver.default.removing(.int).removing(.float).removing(.timestamp).removing(.merge).removing(.value)

    init(file: String, text: String) {
        reader = YAMLReader(file: file)
        self.text = text
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    mutating func read() -> PhraseFile? {
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: text, Self.resolver) else {
                reader.diagnostics.append(.error("the file is empty", at: SourceLocation(file: reader.file, line: 1, column: 1)))
                return nil
            }
            root = composed
        } catch let error as YamlError {
            reader.diagnostics.append(Self.diagnostic(for: error, file: reader.file))
            return nil
        } catch {
            reader.diagnostics.append(.error("cannot read YAML: \(error)", at: SourceLocation(file: reader.file, line: 1, column: 1)))
            return nil
        }
        guard root.mapping != nil else {
            reader.error("expected a mapping at the top of a phrase file", at: root)
            return nil
        }
        if let contacts = root[field: "contacts"] {
            return .contacts(readContacts(contacts))
        }
        if root[field: "catalog"] != nil {
            reader.checkKeys(reader.mapping(root, "the catalog file"), allowed: ["catalog", "domains"], in: "a catalog file")
            return .catalog(readCatalog(root))
        }
        let language = reader.string(root[field: "language"], "language")
        guard let language, !language.isEmpty else {
            reader.error("missing 'language' (every phrase file declares its language, e.g. 'language: en')", at: root)
            return nil
        }
        if Self.isHomeAssistant(root) { return .homeAssistant(readHomeAssistant(root, language: language)) }
        let top = reader.mapping(root, "the phrase file")
        if root[field: "app"] != nil {
            reader.checkKeys(top, allowed: ["language", "app", "intents", "entities", "enums", "rules"], in: "an app file")
            return readApp(root, language: language).map { .app($0, language: language) }
        }
        if let extends = root[field: "extends"] {
            reader.checkKeys(
                top, allowed: ["language", "extends", "synonyms", "intents", "entities", "enums", "rules"],
                in: "an extension file")
            return readExtension(root, appID: reader.string(extends, "extends") ?? "", language: language)
                .map { .appExtension($0) }
        }
        if let domain = root[field: "domain"] {
            reader.checkKeys(top, allowed: ["language", "domain", "schemas", "rules"], in: "a domain file")
            return .schemaPhrases(readSchemaPhrases(root, domain: reader.string(domain, "domain") ?? "", language: language))
        }
        reader.checkKeys(top, allowed: ["language", "rules", "filler", "filler_phrases", "outside_scope", "self_repair", "conjunctions"], in: "a shared file")
        var resources = LanguageResources()
        resources.rules = readRules(root[field: "rules"], language: language)
        let normalizer = TextNormalizer()
        for (word, _) in reader.strings(root[field: "filler"], "filler") {
            resources.fillerWords.formUnion(normalizer.words(word))
        }
        for (phrase, _) in reader.strings(root[field: "filler_phrases"], "filler_phrases") {
            let words = normalizer.words(phrase)
            if !words.isEmpty { resources.fillerPhrases.append(words) }
        }
        for (phrase, _) in reader.strings(root[field: "outside_scope"], "outside_scope") {
            let words = normalizer.words(phrase)
            if !words.isEmpty { resources.outsideScope.append(words) }
        }
        for (phrase, _) in reader.strings(root[field: "self_repair"], "self_repair") {
            let words = normalizer.words(phrase)
            if !words.isEmpty { resources.selfRepair.append(words) }
        }
        for (phrase, _) in reader.strings(root[field: "conjunctions"], "conjunctions") {
            let words = normalizer.words(phrase)
            if !words.isEmpty { resources.conjunctions.append(words) }
        }
        return .common(language: language, resources)
    }

    static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return .error("invalid YAML: \(what)", at: SourceLocation(file: file, line: mark.line, column: mark.column))
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    mutating func readContacts(_ node: Node) -> [ContactDefinition] {
        guard let sequence = node.sequence else {
            reader.error("expected a list of contacts", at: node)
            return []
        }
        var contacts: [ContactDefinition] = []
        for item in sequence {
            guard let id = reader.string(item[field: "id"], "id"), let name = reader.string(item[field: "name"], "name") else {
                reader.error("a contact needs an 'id' and a 'name'", at: item)
                continue
            }
            let person = Person(id: id, name: name, email: reader.string(item[field: "email"], "email"))
            contacts.append(ContactDefinition(person: person, aliases: reader.strings(item[field: "aliases"], "aliases").map(\.0)))
        }
        return contacts
    }

    // MARK: - Rules and phrases

    mutating func readRules(_ node: Node?, language: String) -> [String: PhraseTemplate] {
        var rules: [String: PhraseTemplate] = [:]
        for (name, _, value) in reader.mapping(node, "rules") {
            guard let text = reader.string(value, "rule '\(name)'") else { continue }
            rules[name] = PhraseTemplate(intent: "", language: language, text: text, location: reader.textLocation(of: value))
        }
        return rules
    }

    /// A list of templates; an item may also be a group that sets parameters the words
    /// imply (`{values: {isReplyAll: true}, phrases: [reply all to {target}]}`).
    mutating func readPhrases(_ node: Node?, intent: String, language: String) -> [PhraseTemplate] {
        guard let node, let sequence = node.sequence else {
            return reader.strings(node, "phrases").map { text, item in
                PhraseTemplate(intent: intent, language: language, text: text, location: reader.textLocation(of: item))
            }
        }
        var templates: [PhraseTemplate] = []
        for item in sequence {
            if let scalar = item.scalar {
                templates.append(PhraseTemplate(intent: intent, language: language, text: scalar.string, location: reader.textLocation(of: item)))
                continue
            }
            guard item.mapping != nil else {
                reader.error("expected a phrase, or a group with 'values' and 'phrases'", at: item)
                continue
            }
            reader.checkKeys(reader.mapping(item, "a phrase group"), allowed: ["values", "phrases"], in: "a phrase group")
            var values: [String: JSONValue] = [:]
            for (name, _, value) in reader.mapping(item[field: "values"], "values") {
                if let scalar = scalarValue(value) {
                    values[name] = scalar
                } else {
                    reader.error("expected a plain value (true, 3, a case id) for '\(name)'", at: value)
                }
            }
            for (text, phrase) in reader.strings(item[field: "phrases"], "phrases") {
                var template = PhraseTemplate(intent: intent, language: language, text: text, location: reader.textLocation(of: phrase))
                template.values = values
                templates.append(template)
            }
        }
        return templates
    }

    /// A YAML scalar as JSON: true/false, a number, or text.
    func scalarValue(_ node: Node) -> JSONValue? {
        guard let scalar = node.scalar else { return nil }
        if scalar.style == .plain {
            if let bool = node.bool { return .bool(bool) }
            if let int = node.int { return .number(Double(int)) }
            if let double = node.float { return .number(double) }
        }
        return .string(scalar.string)
    }
}
