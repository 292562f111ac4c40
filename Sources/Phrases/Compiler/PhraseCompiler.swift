import IntentModel

/// Compiles a ``PhraseLibrary`` into one ``Matcher``: every phrase of every app and every
/// adopted schema in one automaton, every entity and enum name in one lexicon.
///
/// A template with an error is reported and left out; the rest compile.
public struct PhraseCompiler {
    let library: PhraseLibrary
    let normalizer = TextNormalizer()
    /// The vocabulary ids of the normalized words of each literal text met so far: templates
    /// share their fragments, and normalizing was a sixth of compiling.
    var wordIDsOfText: [String: [Int32]] = [:]
    var nfa = NFA()
    var vocabulary = Vocabulary()
    var lexicon = LexiconBuilder()
    var phrases: [CompiledPhrase] = []
    var slotClasses: [SlotClass] = []
    var slotClassIndex: [SlotClass: Int32] = [:]
    var parameterNames: [String] = []
    var parameterIndex: [String: Int32] = [:]
    var diagnostics: [Diagnostic] = []
    var ruleCache: [String: TemplateNode] = [:]
    /// Words naming each entity type, by slot class (``Matcher/entityAnchors``).
    var entityAnchors: [Int32: Set<Int32>] = [:]

    /// Intents in the order the matcher reports them by index.
    var intents: [IntentDefinition] = []
    /// The literal words of each intent's phrases, by intent index, for the word-overlap fallback.
    var intentWords: [Set<Int32>] = []
    /// The parameters some compiled phrase of each intent fills, by intent index: a slot of
    /// the phrase or of a rule it uses, or a value its words imply.
    var filledParameters: [Int: Set<String>] = [:]

    public init(library: PhraseLibrary) { self.library = library }

    /// Compiles everything; returns the matcher and the diagnostics of the library and the templates.
    public static func compile(_ library: PhraseLibrary) -> (matcher: Matcher, diagnostics: [Diagnostic]) {
        var compiler = PhraseCompiler(library: library)
        let matcher = compiler.build()
        // A problem of a schema phrase would otherwise be reported once per adopting intent.
        var seen = Set<String>()
        let own = compiler.diagnostics.filter { seen.insert($0.description).inserted }
        return (matcher, library.diagnostics + own)
    }

    mutating func build() -> Matcher {
        let adoption = SchemaAdoptionChecker(catalog: library.catalog, locations: library.sourceLocations)
        let allTypeWords = typeWords(of: library.apps)
        for app in library.apps {
            let (problems, adopters) = adoption.check(app)
            diagnostics += problems
            for intent in app.intents {
                let intentIndex = intents.count
                intents.append(intent)
                intentWords.append([])
                for template in app.phrases where template.intent == intent.id {
                    compile(template, intentIndex: intentIndex, app: app, schema: nil)
                }
                if let schemaID = intent.adoptedSchema, adopters.contains(intent.id) {
                    for set in library.schemaPhrases where set.schema == schemaID {
                        for template in set.phrases {
                            compile(template, intentIndex: intentIndex, app: app, schema: set)
                        }
                    }
                }
            }
            addLexicon(for: app, typeWords: allTypeWords)
        }
        warnAboutUnfillableParameters()
        let automaton = nfa.determinized(phrases: phrases, slotClasses: slotClasses, parameterNames: parameterNames)
        var fillerWords = Set<Int32>()
        var fillerPhrases: [[Int32]] = []
        for resources in library.languages.values {
            for word in resources.fillerWords { fillerWords.insert(vocabulary.intern(word)) }
            for phrase in resources.fillerPhrases { fillerPhrases.append(phrase.map { vocabulary.intern($0) }) }
        }
        let compiled = Matcher.Compiled(
            automaton: automaton, vocabulary: vocabulary, lexicon: lexicon.lexicon, fuzzy: FuzzyIndex(vocabulary: vocabulary),
            fillerWords: fillerWords, fillerPhrases: fillerPhrases,
            overlap: WordOverlap(
                intentWords: intentWords,
                fillerWords: fillerWords.union(WordOverlap.functionWords.compactMap { vocabulary.id(of: $0) })),
            entityAnchors: entityAnchors, entityTypeWords: entityAnchors.values.reduce(into: []) { $0.formUnion($1) })
        return Matcher(compiled: compiled, intents: intents, apps: library.apps)
    }

    // MARK: - Templates

    mutating func compile(_ template: PhraseTemplate, intentIndex: Int, app: AppDefinition, schema: SchemaPhraseSet?) {
        let intent = intents[intentIndex]
        let node: TemplateNode
        do {
            node = try TemplateParser.parse(template.text)
        } catch {
            report(error.message, template, offset: error.offset)
            return
        }
        for (name, value) in template.values.sorted(by: { $0.key < $1.key }) {
            guard let problem = Self.impliedValueProblem(name, value, of: intent, in: app) else { continue }
            let message = "phrase \"\(template.text)\" sets \(problem)"
            if schema == nil {
                report(message, template, offset: 0)
            } else {
                // The schema phrase is fine (checked against the catalogue); this adopter lacks the case.
                diagnostics.append(.warning("\(message); the phrase is left out for \(intent.id)", at: template.location))
            }
            return
        }
        var context = TemplateContext(template: template, intent: intent, app: app, schema: schema)
        guard let expanded = expand(node, context: &context, depth: 0) else { return }
        // A slot of a known kind (an entity, an enum case, a number, a date) anchors a phrase as
        // a word does: "[the] {name}" matches only the names it knows. Free text does not.
        // Counted without interning: the vocabulary's ids follow the order words are emitted in.
        let known = wordIDsOfText
        let minimum = Self.minimumLiterals(expanded, countWords: { known[$0]?.count ?? normalizer.words($0).count }) { name in
            intent.parameter(name).map { !($0.type.elementType == .string || $0.type.elementType == .file) } ?? false
        }
        if minimum.literals == 0 && !minimum.hasAnchorSlot {
            report("phrase \"\(template.text)\" has no fixed word, so it would match anything", template, offset: 0)
            return
        }
        filledParameters[intentIndex, default: []].formUnion(expanded.slots.map(\.name))
        filledParameters[intentIndex, default: []].formUnion(template.values.keys)
        var words = intentWords[intentIndex]
        collectWords(expanded, app: app, into: &words)
        intentWords[intentIndex] = words
        let phraseIndex = Int32(phrases.count)
        phrases.append(
            CompiledPhrase(
                intentIndex: intentIndex, template: template.text, location: template.location, schema: schema?.schema,
                language: template.language, minimumLiteralCount: minimum.literals, values: template.values))
        let entry = nfa.newState()
        nfa.addEpsilon(0, entry)
        let end = emit(expanded, from: entry, context: context)
        nfa.accepting[Int(end)] = phraseIndex
    }

    struct TemplateContext {
        var template: PhraseTemplate
        var intent: IntentDefinition
        var app: AppDefinition
        var schema: SchemaPhraseSet?
        var ruleStack: [String] = []
    }

    mutating func report(_ message: String, _ template: PhraseTemplate, offset: Int) {
        let detail = message.contains("\"") ? message : "\(message) in phrase \"\(template.text)\""
        diagnostics.append(.error(detail, at: template.location?.advanced(by: offset)))
    }

    /// Replaces rules, checks slots; nil when the template has an error (already reported).
    mutating func expand(_ node: TemplateNode, context: inout TemplateContext, depth: Int) -> TemplateNode? {
        switch node {
        case .text, .appName: return node
        case .slot(let name, let column):
            guard context.intent.parameter(name) != nil else {
                if library.unreadableParameters.contains("\(context.intent.id).\(name)") { return nil }
                let names = context.intent.parameters.map(\.name)
                let known = names.isEmpty ? "\(context.intent.id) has no parameters" : "\(context.intent.id) has parameters \(names.joined(separator: ", "))"
                let hint = Spelling.suggestion(for: name, among: names).map { "; did you mean '{\($0)}'?" } ?? ""
                report("unknown slot '{\(name)}' in phrase \"\(context.template.text)\"; \(known)\(hint)", context.template, offset: depth == 0 ? column : 0)
                return nil
            }
            return node
        case .rule(let name, let column):
            guard !context.ruleStack.contains(name) else {
                report("rule '<\(name)>' refers to itself", context.template, offset: depth == 0 ? column : 0)
                return nil
            }
            guard let rule = lookUpRule(name, context: context) else {
                let known = Array(context.app.rules.keys.map { $0.split(separator: "@").first.map(String.init) ?? $0 })
                    + Array(context.schema?.rules.keys ?? [:].keys) + Array(library.languages[context.template.language]?.rules.keys ?? [:].keys)
                let near = Spelling.suggestion(for: name, among: known).map { ". Did you mean '<\($0)>'?" } ?? ""
                report("unknown rule '<\(name)>' in phrase \"\(context.template.text)\"\(near)", context.template, offset: depth == 0 ? column : 0)
                return nil
            }
            context.ruleStack.append(name)
            defer { context.ruleStack.removeLast() }
            return expand(rule, context: &context, depth: depth + 1)
        case .sequence(let parts), .alternative(let parts), .permutation(let parts):
            var expanded: [TemplateNode] = []
            for part in parts {
                guard let e = expand(part, context: &context, depth: depth) else { return nil }
                expanded.append(e)
            }
            if case .sequence = node { return .sequence(expanded) }
            if case .alternative = node { return .alternative(expanded) }
            guard expanded.count <= 5 else {
                report("an any-order group '(a; b; ...)' may have at most 5 parts", context.template, offset: 0)
                return nil
            }
            return .alternative(Self.permutations(expanded).map { .sequence($0) })
        }
    }

    mutating func lookUpRule(_ name: String, context: TemplateContext) -> TemplateNode? {
        let language = context.template.language
        let candidates: [(String, PhraseTemplate?)] = [
            ("app:\(context.app.id):\(name)@\(language)", context.app.rules["\(name)@\(language)"]),
            ("app:\(context.app.id):\(name)", context.app.rules[name].flatMap { $0.language == language ? $0 : nil }),
            ("schema:\(context.schema?.schema ?? ""):\(name)", context.schema?.rules[name]),
            ("lang:\(language):\(name)", library.languages[language]?.rules[name]),
        ]
        for (key, template) in candidates {
            guard let template else { continue }
            if let cached = ruleCache[key] { return cached }
            do {
                let node = try TemplateParser.parse(template.text)
                ruleCache[key] = node
                return node
            } catch {
                diagnostics.append(.error("\(error.message) in rule '\(name)'", at: template.location?.advanced(by: error.offset)))
                return nil
            }
        }
        return nil
    }

    /// Adds the literal words of `node` (the app's names for `${app}`) to `words`.
    mutating func collectWords(_ node: TemplateNode, app: AppDefinition, into words: inout Set<Int32>) {
        switch node {
        case .text(let text):
            words.formUnion(literalWords(text))
        case .appName:
            for name in [app.displayName] + app.synonyms { collectWords(.text(name), app: app, into: &words) }
        case .sequence(let parts), .alternative(let parts), .permutation(let parts):
            for part in parts { collectWords(part, app: app, into: &words) }
        case .slot, .rule: break
        }
    }

    /// Why a phrase cannot set `name` to `value` for `intent` ("'isRead' to \"yes\", which is
    /// not a Bool"), or nil when it can.
    static func impliedValueProblem(_ name: String, _ value: JSONValue, of intent: IntentDefinition, in app: AppDefinition) -> String? {
        guard let parameter = intent.parameter(name) else {
            return "'\(name)', which is not a parameter of \(intent.id) (\(intent.parameters.map(\.name).joined(separator: ", ")))"
        }
        guard let typed = Value(implied: value, as: parameter.type) else {
            return "'\(name)' to \(value.serialized), which is not a \(parameter.type)"
        }
        if case .enumeration(let enumName) = parameter.type.elementType, let definition = app.enumType(enumName) {
            let items: [Value] = if case .list(let list) = typed { list } else { [typed] }
            let ids = items.compactMap { item -> String? in if case .enumCase(let id) = item { id } else { nil } }
            if let missing = ids.first(where: { id in !definition.cases.contains { $0.id == id } }) {
                return "'\(name)' to '\(missing)', which is not a case of \(enumName)"
            }
        }
        return nil
    }

    static func permutations(_ items: [TemplateNode]) -> [[TemplateNode]] {
        guard items.count > 1 else { return [items] }
        var result: [[TemplateNode]] = []
        for (index, item) in items.enumerated() {
            var rest = items
            rest.remove(at: index)
            for tail in permutations(rest) { result.append([item] + tail) }
        }
        return result
    }

    /// The fewest literal words any path takes, and whether every path has a slot that is not
    /// free text (`isAnchor` tells, by the slot's parameter name).
    /// The vocabulary ids of `text`'s normalized words, interned in order the first time.
    mutating func literalWords(_ text: String) -> [Int32] {
        if let ids = wordIDsOfText[text] { return ids }
        let ids = normalizer.words(text).map { vocabulary.intern($0) }
        wordIDsOfText[text] = ids
        return ids
    }

    static func minimumLiterals(
        _ node: TemplateNode, countWords: (String) -> Int, isAnchor: (String) -> Bool
    ) -> (literals: Int, hasAnchorSlot: Bool) {
        func minimum(_ node: TemplateNode) -> (literals: Int, hasAnchorSlot: Bool) {
            switch node {
            case .text(let text): return (countWords(text), false)
            case .appName: return (1, false)
            case .slot(let name, _): return (0, isAnchor(name))
            case .rule: return (0, false)
            case .sequence(let parts):
                return parts.map(minimum).reduce((0, false)) { ($0.0 + $1.0, $0.1 || $1.1) }
            case .alternative(let parts):
                let each = parts.map(minimum)
                return (each.map(\.literals).min() ?? 0, !each.isEmpty && each.allSatisfy(\.hasAnchorSlot))
            case .permutation(let parts):
                let each = parts.map(minimum)
                return (each.map(\.literals).min() ?? 0, each.contains(where: \.hasAnchorSlot))
            }
        }
        return minimum(node)
    }
}
