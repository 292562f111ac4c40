import IntentModel

extension PhraseCompiler {
    /// Adds the NFA for `node` starting at `from`; returns its end state.
    mutating func emit(_ node: TemplateNode, from start: Int32, context: TemplateContext) -> Int32 {
        switch node {
        case .text(let text):
            var state = start
            for word in literalWords(text) {
                let next = nfa.newState()
                nfa.addWord(state, word, next)
                state = next
            }
            return state
        case .sequence(let parts):
            var state = start
            for part in parts { state = emit(part, from: state, context: context) }
            return state
        case .alternative(let choices):
            let end = nfa.newState()
            for choice in choices {
                let entry = nfa.newState()
                nfa.addEpsilon(start, entry)
                nfa.addEpsilon(emit(choice, from: entry, context: context), end)
            }
            return end
        case .permutation(let parts):
            return emit(.sequence(parts), from: start, context: context)
        case .appName:
            let names = [context.app.displayName] + context.app.synonyms
            return emit(.alternative(names.map(TemplateNode.text)), from: start, context: context)
        case .slot(let name, _):
            guard let parameter = context.intent.parameter(name) else { return start }
            let end = nfa.newState()
            nfa.addSlot(start, slotClass: slotClass(for: parameter.type), parameter: parameterID(name), end)
            return end
        case .rule:
            return start  // rules are expanded before emitting
        }
    }

    mutating func slotClass(for type: ValueType) -> Int32 {
        let slot: SlotClass
        switch type.elementType {
        case .string, .file: slot = .freeText
        case .enumeration(let name), .entity(let name): slot = .lexicon(type: name)
        case .measurement: slot = .typed(.measurement(dimension: nil))
        case let element: slot = .typed(element)
        }
        if let index = slotClassIndex[slot] { return index }
        let index = Int32(slotClasses.count)
        slotClasses.append(slot)
        slotClassIndex[slot] = index
        return index
    }

    mutating func parameterID(_ name: String) -> Int32 {
        if let id = parameterIndex[name] { return id }
        let id = Int32(parameterNames.count)
        parameterNames.append(name)
        parameterIndex[name] = id
        return id
    }

    /// The words that name some entity type of any app ("book", "books", "task", "list").
    func typeWords(of apps: [AppDefinition]) -> Set<String> {
        var words: Set<String> = []
        for type in apps.flatMap(\.entityTypes) {
            for word in normalizer.words(TextNormalizer.splittingCamelCase(type.displayName)) { words.formUnion([word, word + "s"]) }
        }
        return words
    }

    /// Compiles the names of the app's entity values and enum cases into the lexicon. A part
    /// of a name made only of words naming an entity type of any app ("book" of "Book club
    /// picks") is no name on its own: "open the book" names a book, not that mail.
    mutating func addLexicon(for app: AppDefinition, typeWords: Set<String>) {
        for type in app.entityTypes {
            let slot = slotClass(for: .entity(type.name))
            // The last word of the type's name, alone and plural ("task", "tasks"; "list" of
            // "Task List"), anchors a name said as free text.
            if let head = normalizer.words(TextNormalizer.splittingCamelCase(type.displayName)).last {
                entityAnchors[slot, default: []].formUnion([head, head + "s"].map { vocabulary.intern($0) })
            }
            for value in type.values {
                for (index, name) in ([value.title] + value.synonyms).enumerated() {
                    let entry = LexiconEntry(slotClass: slot, valueID: value.id, title: value.title, quality: index == 0 ? 1 : 0.98)
                    lexicon.insertName(normalizer.words(name), vocabulary: &vocabulary, entry: entry, typeWords: typeWords)
                }
            }
        }
        for enumType in app.enums {
            let slot = slotClass(for: .enumeration(enumType.name))
            for enumCase in enumType.cases {
                var names = [enumCase.title, enumCase.id] + enumCase.synonyms
                // "Small (8 oz)": people say "small".
                if let paren = enumCase.title.firstIndex(of: "(") {
                    names.append(String(enumCase.title[..<paren]))
                }
                for (index, name) in names.enumerated() {
                    let entry = LexiconEntry(
                        slotClass: slot, valueID: enumCase.id, title: enumCase.title, quality: index == 0 ? 1 : 0.98)
                    lexicon.insertName(normalizer.words(TextNormalizer.splittingCamelCase(name)), vocabulary: &vocabulary, entry: entry)
                }
            }
        }
    }

    /// Warns about required parameters that no phrase of their intent can fill.
    mutating func warnAboutUnfillableParameters() {
        let hasPhrases = Set(phrases.map(\.intentIndex))
        for (index, intent) in intents.enumerated() where hasPhrases.contains(index) {
            for parameter in intent.parameters where parameter.isRequired && !(filledParameters[index]?.contains(parameter.name) ?? false) {
                let location = library.app(intent.appID)?.phrases.first { $0.intent == intent.id }?.location
                diagnostics.append(
                    .warning(
                        "required parameter '\(parameter.name)' of \(intent.id) is in no phrase; it will always be asked for",
                        at: location))
            }
        }
    }
}
