import IntentModel
import Phrases
import Resolvers

extension Router {
    /// "reply to the last email", "forward the most recent email": a word that picks by date,
    /// in no slot, right before a word naming the type of an entity parameter left without a
    /// value, describes the value, as "the newest book by andy weir" does: by the type's first
    /// date property. The known values are read first; when none is known, the description is
    /// left to the app (`unresolved`). Only for types whose first date says when the thing came
    /// about (``saysWhenItCameAbout(_:)``): otherwise the question which one stays. Returns the
    /// words taken.
    func pickByDate(_ parse: Parse, words: [String], context: ResolutionContext, result: inout RouteResult) -> [Range<Int>] {
        var taken: [Range<Int>] = []
        guard !result.missing.isEmpty else { return taken }
        for index in 0..<max(0, words.count - 1) {
            guard let order = Self.datePickingWords[words[index]], !parse.captures.contains(where: { $0.range.contains(index) }) else { continue }
            for name in result.missing where !result.unresolved.contains(where: { $0.name == name }) {
                guard let parameter = parse.intent.parameter(name), case .entity(let type) = parameter.type.elementType,
                    let definition = matcher.apps.first(where: { $0.id == String(type.prefix { $0 != "." }) })?.entityType(type),
                    let date = definition.properties.first(where: { $0.type.elementType == .date }), Self.saysWhenItCameAbout(date.name),
                    wordsNaming(parameter.type.elementType).contains(words[index + 1])
                else { continue }
                let description = order + " " + words[index + 1]
                taken.append((index > 0 && words[index - 1] == "most" ? index - 1 : index)..<index + 1)
                if case .resolved(let candidates) = ResolverChain(entityTypes: [definition]).resolve(description, as: .entity(type), context: context),
                    let best = candidates.first
                {
                    result.parameters.append((name, parameter.type.isList ? .list([best.value]) : best.value))
                    result.missing.removeAll { $0 == name }
                    result.explanation.resolverSteps.append("\(name): '\(description)' by \(date.name): \(best.value.displayText)")
                } else {
                    result.unresolved.append((name, description))
                    result.explanation.resolverSteps.append("\(name): '\(description)' is no known \(type); the app is asked")
                }
            }
        }
        return taken
    }

    /// "cancel my next meeting", "move my next appointment to friday": a name left to the app
    /// that is "next" (or "upcoming"), alone or with one more word, is the known value whose first date
    /// says when it happens (a start, a due date) and is the soonest from now on. Nothing
    /// known lies ahead: the name stays the app's to look up.
    func pickNext(_ parse: Parse, context: ResolutionContext, result: inout RouteResult) {
        for (name, text) in result.unresolved {
            let said = normalizer.words(text)
            guard (1...2).contains(said.count), Self.nextWords.contains(said[0]), let parameter = parse.intent.parameter(name),
                case .entity(let type) = parameter.type.elementType,
                let definition = matcher.apps.first(where: { $0.id == String(type.prefix { $0 != "." }) })?.entityType(type),
                let date = definition.properties.first(where: { $0.type.elementType == .date }), Self.saysWhenItHappens(date.name)
            else { continue }
            let ahead = definition.values.compactMap { record -> (EntityRecord, LocalDateTime)? in
                guard case .date(let when)? = record.properties[date.name], when >= context.now else { return nil }
                return (record, when)
            }
            guard let soonest = ahead.min(by: { $0.1 < $1.1 })?.0 else { continue }
            let value = Value.entity(EntityReference(id: soonest.id, title: soonest.title))
            result.parameters.removeAll { $0.name == name }
            result.parameters.append((name, parameter.type.isList ? .list([value]) : value))
            result.unresolved.removeAll { $0.name == name }
            result.missing.removeAll { $0 == name }
            result.explanation.resolverSteps.append("\(name): '\(text)' is the soonest by \(date.name) from now: \(soonest.title)")
        }
    }

    /// Words that pick the soonest of what lies ahead.
    static let nextWords: Set<String> = ["next", "upcoming"]

    /// Words of a date property that says when the thing happens: a start, a due date.
    static func saysWhenItHappens(_ property: String) -> Bool {
        !Set(TextNormalizer.identifierWords(property)).isDisjoint(with: ["start", "starts", "due", "begins", "scheduled"])
    }

    /// Words of a date property that says when the thing came about ("dateReceived", "date"
    /// of an expense): only by such a date is one the last. A task's due date or an event's
    /// start says nothing of which was last.
    static func saysWhenItCameAbout(_ property: String) -> Bool {
        let words = TextNormalizer.identifierWords(property)
        return words == ["date"] || !Set(words).isDisjoint(with: ["sent", "received", "created", "added", "taken", "recorded", "made"])
    }
    /// Words that pick an entity by its date, as the property query reads them.
    static let datePickingWords: [String: String] = [
        "last": "latest", "latest": "latest", "newest": "newest", "recent": "most recent", "oldest": "oldest", "earliest": "earliest",
    ]
}
