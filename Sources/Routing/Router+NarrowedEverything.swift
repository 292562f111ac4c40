import IntentModel
import Phrases

extension Router {
    /// Whether `parse` is of an intent that destroys everything at once, with no parameter to
    /// say which part ("delete all my tasks"), and skips words that would narrow it: "delete all
    /// *completed* tasks", "clear all my *work* tasks", "delete all tasks *from yesterday*".
    /// Doing more than was asked cannot be taken back, so such a parse is no reading of the
    /// words; "get rid of every single task" narrows nothing and stays one.
    ///
    /// Narrowing words are a state or an age a value can have (`narrowingWords`), the words of
    /// the names of the app's own values (the lists "work" and "groceries", a task's title),
    /// and a date.
    func narrowsWhatItDestroys(_ parse: Parse, words: [String], spans: [SlotSpan]) -> Bool {
        guard parse.intent.effect == .destructive, parse.intent.parameters.isEmpty, parse.hasStep(.skipped) else { return false }
        let skipped = parse.ranges(of: .skipped)
        if spans.contains(where: { span in span.type == .date && skipped.contains { $0.overlaps(span.range) } }) { return true }
        let said = skipped.flatMap { range in range.map { words[$0] } }.filter(isContentWord)
        guard !said.isEmpty else { return false }
        if said.contains(where: Self.narrowingWords.contains) { return true }
        guard let app = matcher.apps.first(where: { $0.id == parse.intent.appID }) else { return false }
        let typeWords = Set(app.entityTypes.flatMap { wordsNaming(.entity($0.name)) })
        let nameWords = Set(
            app.entityTypes.flatMap(\.values).flatMap { [$0.title] + $0.synonyms }.flatMap { normalizer.words($0) }
        ).subtracting(typeWords)
        return said.contains(where: nameWords.contains)
    }

    /// Words that pick some of a kind out of all of it by their state or age.
    static let narrowingWords: Set<String> = [
        "completed", "complete", "done", "finished", "checked", "ticked", "crossed", "unfinished", "incomplete",
        "open", "outstanding", "pending", "remaining", "overdue", "late", "old", "older", "new", "newer", "recent",
        "past", "previous", "earlier", "later", "future", "upcoming", "read", "unread", "starred", "flagged",
        "archived", "important", "urgent", "duplicate", "duplicated", "cancelled", "canceled", "expired", "other",
    ]

    /// Whether `parse` skips a word that asks for many ("all", "every") for an intent that acts
    /// on one entity it needs: "delete all completed tasks" is no request to delete the one
    /// task called "completed", nor to be asked which one.
    func asksManyOfOne(_ parse: Parse, words: [String]) -> Bool {
        guard parse.hasStep(.skipped),
            parse.intent.parameters.contains(where: { parameter in
                guard parameter.isRequired, case .entity = parameter.type else { return false }
                return true
            })
        else { return false }
        return Self.skipsWord(parse) { Self.quantifiersOfMany.contains(words[$0]) }
    }

    static let quantifiersOfMany: Set<String> = ["all", "every", "everything", "each", "both"]

    /// Whether `parse` skips a word that denies what it would do: "don't delete the buy milk
    /// task", "mark buy milk as not done", "i did not finish buy milk". Firing the intent
    /// would do the opposite of what was said; a phrase that says the word itself ("don't
    /// forget to buy milk") reads it and stays.
    func deniesWhatItDoes(_ parse: Parse, words: [String]) -> Bool {
        Self.skipsWord(parse) { Self.negations.contains(words[$0]) }
    }

    /// Whether `parse` skips a word at whose index `test` holds; read in place, with no array
    /// of the skipped ranges made (every parse of every utterance is asked).
    static func skipsWord(_ parse: Parse, where test: (Int) -> Bool) -> Bool {
        parse.steps.contains { step in step.kind == .skipped && step.range.contains(where: test) }
    }

    /// Words that deny a request once contractions are undone ("don't" is "do not").
    static let negations: Set<String> = ["not", "never", "neither", "nor"]

    /// Whether `parse` skips a word that names a kind of thing of another app, and of none of
    /// its own: "show me the *task* about the dentist" is no request to open the Dentist event.
    /// Generic words that name a kind in some app and are said of anything ("list", "order")
    /// do not count.
    func skipsAKindOfAnotherApp(_ parse: Parse, words: [String]) -> Bool {
        Self.skipsWord(parse) { index in
            let word = words[index]
            guard let apps = appsByKindWord[word], !Self.kindsOfAnything.contains(word), isContentWord(word) else { return false }
            return !apps.contains(parse.intent.appID)
        }
    }

    /// Words some app names a kind of thing by that are said of things of every kind, or are
    /// verbs too ("can you book one at the downtown location").
    static let kindsOfAnything: Set<String> = [
        "list", "lists", "order", "orders", "account", "accounts", "location", "locations", "service", "services", "item", "items",
        "book", "books",
    ]
}
