import IntentModel

/// Exports the phrases as a JSGF grammar for grammar-constrained recognizers (pocketsphinx,
/// Vosk's grammar mode): one public rule listing every intent, one rule per intent, finite
/// slots (entity and enum names, contacts, numbers, common dates) expanded, and free text
/// as a bounded loop over the phrase vocabulary, the grammar's weak spot.
public struct GrammarExport {
    let library: PhraseLibrary
    /// How many words a free-text slot may take in the grammar.
    public var freeTextWords = 5

    public init(library: PhraseLibrary) { self.library = library }

    public func jsgf(name: String = "intentd") -> String {
        var lines = ["#JSGF V1.0 UTF-8;", "", "grammar \(name);", ""]
        var intentRules: [String] = []
        var slotRules: [String: String] = [:]
        for app in library.apps {
            for intent in app.intents {
                var templates = app.phrases.filter { $0.intent == intent.id && $0.language == "en" }
                if let schema = intent.adoptedSchema {
                    templates += library.schemaPhrases.filter { $0.schema == schema && $0.language == "en" }.flatMap(\.phrases)
                }
                let bodies = templates.compactMap { template -> String? in
                    guard let node = try? TemplateParser.parse(template.text) else { return nil }
                    return render(node, app: app, intent: intent, language: template.language, slotRules: &slotRules, depth: 0)
                }.filter { !$0.isEmpty }
                guard !bodies.isEmpty else { continue }
                let ruleName = Self.ruleName(intent.id)
                intentRules.append("<\(ruleName)>")
                lines.append("<\(ruleName)> = " + bodies.map { "(\($0))" }.joined(separator: "\n    | ") + ";")
            }
        }
        lines.insert("public <command> = " + intentRules.joined(separator: " | ") + ";", at: 4)
        lines.insert("", at: 5)
        lines.append("")
        for key in slotRules.keys.sorted() { lines.append("<\(key)> = \(slotRules[key] ?? "<VOID>");") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func ruleName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The names and words a slot or `${app}` can be, as an English recognizer's dictionary can
    /// hold them: synonyms carry no language, so the Chinese ones of tasks.zh.yaml are dropped
    /// here, and so are written forms with digits ("12 oz", "mp3"), whose spoken forms
    /// ("twelve ounce") are listed beside them.
    static func alternatives(_ phrases: [String]) -> String {
        let words = Set(
            phrases.map { TextNormalizer().words($0).joined(separator: " ") }.filter { !$0.isEmpty && isSpeakableEnglish($0) })
        return words.isEmpty ? "<VOID>" : words.sorted().joined(separator: " | ")
    }

    /// Latin letters (Basic Latin to Latin Extended-B) and no digits.
    static func isSpeakableEnglish(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic ? scalar.value < 0x250 : !("0"..."9").contains(scalar)
        }
    }

    func render(
        _ node: TemplateNode, app: AppDefinition, intent: IntentDefinition, language: String,
        slotRules: inout [String: String], depth: Int
    ) -> String? {
        guard depth < 16 else { return nil }
        switch node {
        case .text(let text): return TextNormalizer().words(text).joined(separator: " ")
        case .appName: return "(" + Self.alternatives([app.displayName] + app.synonyms) + ")"
        case .sequence(let parts):
            var out: [String] = []
            for part in parts {
                guard let r = render(part, app: app, intent: intent, language: language, slotRules: &slotRules, depth: depth) else { return nil }
                if !r.isEmpty { out.append(r) }
            }
            return out.joined(separator: " ")
        case .alternative(let choices):
            let optional = choices.contains { if case .sequence(let p) = $0 { return p.isEmpty } else { return false } }
            var rendered: [String] = []
            for choice in choices {
                guard let r = render(choice, app: app, intent: intent, language: language, slotRules: &slotRules, depth: depth) else { return nil }
                if !r.isEmpty { rendered.append(r) }
            }
            guard !rendered.isEmpty else { return "" }
            // "(mp3|mp three|mp 3)": a recognizer's dictionary has words, not "3".
            let spoken = rendered.filter(Self.isSpeakableEnglish)
            if !spoken.isEmpty { rendered = spoken }
            return (optional ? "[" : "(") + rendered.joined(separator: " | ") + (optional ? "]" : ")")
        case .permutation(let parts):
            let orders = PhraseCompiler.permutations(parts).map { TemplateNode.sequence($0) }
            return render(.alternative(orders), app: app, intent: intent, language: language, slotRules: &slotRules, depth: depth)
        case .rule(let name, _):
            let template = app.rules["\(name)@\(language)"] ?? app.rules[name] ?? library.languages[language]?.rules[name]
            guard let template, let parsed = try? TemplateParser.parse(template.text) else { return nil }
            return render(parsed, app: app, intent: intent, language: language, slotRules: &slotRules, depth: depth + 1)
        case .slot(let name, _):
            guard let parameter = intent.parameter(name) else { return nil }
            let rule = slotRule(for: parameter.type, app: app, slotRules: &slotRules)
            return "<\(rule)>"
        }
    }

    func slotRule(for type: ValueType, app: AppDefinition, slotRules: inout [String: String]) -> String {
        switch type.elementType {
        case .entity(let name):
            let key = Self.ruleName(name)
            let values = app.entityTypes.first { $0.name == name }?.values ?? []
            slotRules[key] = Self.alternatives(values.flatMap { [$0.title] + $0.synonyms })
            return key
        case .enumeration(let name):
            let key = Self.ruleName(name)
            let cases = app.enums.first { $0.name == name }?.cases ?? []
            slotRules[key] = Self.alternatives(cases.flatMap { [$0.title] + $0.synonyms })
            return key
        case .person:
            slotRules["person"] = Self.alternatives(library.contacts.flatMap { [$0.person.name, $0.person.name.split(separator: " ").first.map(String.init) ?? ""] + $0.aliases })
            return "person"
        case .int, .double:
            Self.addNumberRules(to: &slotRules)
            return "number"
        case .currencyAmount:
            Self.addNumberRules(to: &slotRules)
            slotRules["money"] = "<number> (dollars | dollar | bucks | euros | pounds) [[and] <number> cents] | <\(Self.heardNumber)>"
            return "money"
        case .duration:
            Self.addNumberRules(to: &slotRules)
            slotRules["duration"] = "(<number> | a | an | half an) (seconds | second | minutes | minute | hours | hour) [and a half]"
            return "duration"
        case .date:
            Self.addNumberRules(to: &slotRules)
            slotRules["date"] = Self.dateRule
            return "date"
        default:
            slotRules["free_text"] = Array(repeating: "[<word>]", count: max(freeTextWords - 1, 0)).reduce("<word>") { $0 + " " + $1 }
            slotRules["word"] = Self.alternatives(VocabularyExport(library: library).phraseWords)
            return "free_text"
        }
    }

    /// The rule for numbers written in digits ("25", "$12.50", "9am"), as recognizers write
    /// them: `<VOID>` (no sentence of the grammar uses it), for a decoder to fill with the
    /// numbers its own transcript holds (Examples/voice/grammar_decoding.py does).
    public static let heardNumber = "heard_number"

    static func addNumberRules(to slotRules: inout [String: String]) {
        slotRules["number"] = numberWords + " | <\(heardNumber)>"
        slotRules[heardNumber] = "<VOID>"
    }

    static let numberWords =
        "(zero | one | two | three | four | five | six | seven | eight | nine | ten | eleven | twelve | thirteen | fourteen | fifteen | sixteen | seventeen | eighteen | nineteen | twenty | thirty | forty | fifty | sixty | seventy | eighty | ninety | hundred | thousand | a dozen)+"
    static let dateRule =
        "[(today | tomorrow | tonight | yesterday | [on | next | this] (monday | tuesday | wednesday | thursday | friday | saturday | sunday))] [at <number> [(am | pm | oclock)]] | in <number> (minutes | hours | days) | noon"
}
