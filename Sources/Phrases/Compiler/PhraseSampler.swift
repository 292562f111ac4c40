import IntentModel

/// Writes an example utterance for a phrase template, for `intentd check` and for docs:
/// the first choice of every alternative, optional parts included, slots filled with a
/// value of their type.
public struct PhraseSampler {
    let library: PhraseLibrary
    /// Optional parts (`[my]`) written out, so an example shows them (the default), or left out,
    /// for the shortest way of saying it.
    public var includesOptionalParts = true
    /// Free-text slots written as `<title>` rather than a made-up value, for help texts.
    public var freeTextAsPlaceholders = false

    public init(library: PhraseLibrary) { self.library = library }

    /// One example per phrase of every app, with the phrase it came from; with `schemas`, also
    /// one per schema phrase of every intent that adopts the schema.
    public func samples(schemas: Bool = false) -> [(intent: String, template: PhraseTemplate, utterance: String)] {
        var result: [(String, PhraseTemplate, String)] = []
        for app in library.apps {
            for template in app.phrases {
                guard let intent = app.intent(template.intent), let utterance = sample(template, app: app, intent: intent) else { continue }
                result.append((intent.id, template, utterance))
            }
        }
        return schemas ? result + schemaSamples() : result
    }

    /// One short example per intent that has phrases, by intent id, for help texts: among the
    /// ways of saying it (optional parts left out) of at most `maximumWords` words, the one
    /// that says every required value, with the fewest made-up free-text values, then the one nearest six words, which reads
    /// naturally and tends to name the app. Ties go to the phrase written first. An intent's own
    /// first `example` (``IntentDefinition/examples``) comes before all of these.
    /// An intent with no phrases of its own that adopts a schema (MyMailComposer's) is shown
    /// with the schema's phrases, which are how it is reached.
    public func examples(maximumWords: Int = 9) -> [String: String] {
        rankedExamples(maximumWords: maximumWords).mapValues(\.utterance)
    }

    /// ``examples(maximumWords:)`` with how many of each example's values are made up (free
    /// text, a file name) or left unsaid though required: 0 reads as a real request ("show me
    /// the Lisbon rooftops photo"), more less so ("display photo file holiday.jpg as something new").
    public func rankedExamples(maximumWords: Int = 9) -> [String: (utterance: String, madeUp: Int)] {
        var sampler = self
        sampler.includesOptionalParts = false
        var best: [String: (key: (Int, Int), utterance: String)] = [:]
        for app in library.apps {
            let phrased = Set(app.phrases.map(\.intent))
            var candidates = app.phrases.map { (template: $0, rules: [String: PhraseTemplate]()) }
            for intent in app.intents where !phrased.contains(intent.id) {
                for set in library.schemaPhrases where set.schema == intent.adoptedSchema && set.language == "en" {
                    candidates += set.phrases.map {
                        (PhraseTemplate(intent: intent.id, language: $0.language, text: $0.text), set.rules)
                    }
                }
            }
            for (template, rules) in candidates {
                guard let intent = app.intent(template.intent),
                    let utterance = sampler.sample(template, app: app, intent: intent, rules: rules)
                else { continue }
                let words = utterance.split(separator: " ").count
                let slots = Set(((try? TemplateParser.parse(template.text))?.slots ?? []).map(\.name))
                let madeUpValues = slots.filter {
                    let type = intent.parameter($0)?.type.elementType
                    return type == .string || type == .file
                }.count
                let missing = intent.parameters.filter { $0.isRequired && !slots.contains($0.name) }.count
                // A phrase that leaves a required value unsaid makes a poor example ("remind me").
                let key = (words <= maximumWords ? 10 * missing + madeUpValues : 100 + words, abs(words - 6))
                if let known = best[intent.id], known.key <= key { continue }
                best[intent.id] = (key, utterance)
            }
        }
        var ranked = best.mapValues { (utterance: $0.utterance, madeUp: $0.key.0) }
        // An example its author wrote is a real request, whatever the phrases would make.
        for app in library.apps {
            for intent in app.intents {
                if let written = intent.examples.first { ranked[intent.id] = (written, 0) }
            }
        }
        return ranked
    }

    /// One example per schema phrase of every intent that adopts the schema.
    public func schemaSamples() -> [(intent: String, template: PhraseTemplate, utterance: String)] {
        var result: [(String, PhraseTemplate, String)] = []
        for app in library.apps {
            for intent in app.intents {
                for set in library.schemaPhrases where set.schema == intent.adoptedSchema {
                    for template in set.phrases {
                        guard let utterance = sample(template, app: app, intent: intent, rules: set.rules) else { continue }
                        result.append((intent.id, template, utterance))
                    }
                }
            }
        }
        return result
    }

    func sample(_ template: PhraseTemplate, app: AppDefinition, intent: IntentDefinition, rules: [String: PhraseTemplate] = [:]) -> String? {
        var people = 0
        guard let node = try? TemplateParser.parse(template.text),
            let words = sample(node, app: app, intent: intent, language: template.language, rules: rules, depth: 0, people: &people)
        else { return nil }
        return words.joined(separator: template.language == "zh" ? "" : " ")
    }

    func sample(
        _ node: TemplateNode, app: AppDefinition, intent: IntentDefinition, language: String, rules: [String: PhraseTemplate] = [:],
        depth: Int, people: inout Int
    ) -> [String]? {
        guard depth < 16 else { return nil }
        switch node {
        case .text(let text): return [text]
        case .appName: return [app.displayName]
        case .sequence(let parts), .permutation(let parts):
            var words: [String] = []
            for part in parts {
                guard let w = sample(part, app: app, intent: intent, language: language, rules: rules, depth: depth, people: &people) else { return nil }
                words += w
            }
            return words
        case .alternative(let choices):
            let isOptional = choices.contains { if case .sequence(let p) = $0 { return p.isEmpty } else { return false } }
            if isOptional, !includesOptionalParts { return [] }
            let choice = choices.first { if case .sequence(let p) = $0 { return !p.isEmpty } else { return true } } ?? .empty
            return sample(choice, app: app, intent: intent, language: language, rules: rules, depth: depth, people: &people)
        case .rule(let name, _):
            let template = app.rules["\(name)@\(language)"] ?? app.rules[name] ?? rules[name] ?? library.languages[language]?.rules[name]
            guard let template, let parsed = try? TemplateParser.parse(template.text) else { return nil }
            return sample(parsed, app: app, intent: intent, language: language, rules: rules, depth: depth + 1, people: &people)
        case .slot(let name, _):
            guard let parameter = intent.parameter(name) else { return nil }
            if freeTextAsPlaceholders, parameter.type.elementType == .string { return ["<\(name)>"] }
            if parameter.type.elementType == .person, !library.contacts.isEmpty {
                // Each person said is another contact: not "email John cc John".
                defer { people += 1 }
                return [library.contacts[people % library.contacts.count].person.name]
            }
            return [example(of: parameter.type, in: app, language: language)]
        }
    }

    func example(of type: ValueType, in app: AppDefinition, language: String) -> String {
        switch type.elementType {
        case .entity(let name): return app.entityTypes.first { $0.name == name }?.values.first?.title ?? "thing"
        case .enumeration(let name):
            // As people say it ("small"), not as a menu shows it ("Small (8 oz)").
            guard let first = app.enums.first(where: { $0.name == name })?.cases.first else { return "kind" }
            return first.synonyms.first ?? first.title.lowercased()
        case .int: return language == "zh" ? "三" : "three"
        case .double: return "2.5"
        case .date: return language == "zh" ? "明天" : "tomorrow at 5 pm"
        case .duration: return "20 minutes"
        case .currencyAmount: return "12 dollars"
        case .measurement: return "21 degrees"
        case .person: return library.contacts.first?.person.name ?? "John"
        case .email: return "john@example.com"
        case .url: return "example.com"
        case .phoneNumber: return "555 123 4567"
        case .bool: return "yes"
        case .file: return "holiday.jpg"
        default: return language == "zh" ? "买面包" : "something new"
        }
    }
}
