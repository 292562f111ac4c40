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

    /// Whether `parse` breaks a date apart: one of its slots takes some of the words of a date
    /// said in several words, and it skips another of them. "30 August for 20 minutes" is no
    /// expense of 30 dollars with "August" left over, nor "12 december for lunch" one of 12
    /// dollars: the words say a day, and a reading that drops part of it fires the wrong intent.
    /// A slot that takes the whole date, or a parse that reads every other word of it, is not
    /// held to it.
    func breaksADate(_ parse: Parse, spans: [SlotSpan]) -> Bool {
        guard parse.hasStep(.skipped) else { return false }
        let skipped = parse.ranges(of: .skipped)
        return spans.contains { span in
            guard span.type == .date, span.range.count > 1, span.confidence >= Self.sureDateConfidence,
                skipped.contains(where: { $0.overlaps(span.range) })
            else { return false }
            // Some slot takes part of the date, not all of it.
            return parse.captures.indices.contains { index in
                let taken = parse.captures[index].range
                return taken.overlaps(span.range) && !(taken.contains(span.range.lowerBound) && taken.contains(span.range.upperBound - 1))
            }
        }
    }

    /// How sure the tagger must be of a date for ``breaksADate(_:spans:)`` to keep it whole.
    static let sureDateConfidence = 0.9

    /// Whether `parse` skips a word it must not, by one of three rules:
    ///
    /// - A word that asks for many ("all", "every") for an intent that acts on one entity it
    ///   needs: "delete all completed tasks" is no request to delete the one task called
    ///   "completed", nor to be asked which one.
    /// - A word that denies what it would do: "don't delete the buy milk task", "mark buy milk
    ///   as not done", "i did not finish buy milk". Firing the intent would do the opposite of
    ///   what was said; a phrase that says the word itself ("don't forget to buy milk") reads
    ///   it and stays.
    /// - A word that names a kind of thing of another app, and of none of its own: "show me the
    ///   *task* about the dentist" is no request to open the Dentist event. Generic words that
    ///   name a kind in some app and are said of anything ("list", "order") do not count.
    ///
    /// `unskippable` holds ``unskippable(_:)`` of `words` once a parse that skips words has
    /// been asked: every parse of every utterance is asked, so each word is looked up once, and
    /// only when some parse skips one.
    func skipsAWordItMustNot(_ parse: Parse, unskippable: inout [UnskippableWord?]?, words: [String]) -> Bool {
        guard parse.hasStep(.skipped) else { return false }
        if unskippable == nil { unskippable = self.unskippable(words) }
        guard let unskippable, unskippable.contains(where: { $0 != nil }) else { return false }
        var needsOneEntity: Bool?
        return Self.skipsWord(parse) { index in
            guard let word = unskippable[index] else { return false }
            if word.denies { return true }
            if !word.kindOfApps.isEmpty, !word.kindOfApps.contains(parse.intent.appID) { return true }
            guard word.asksForMany else { return false }
            if needsOneEntity == nil {
                needsOneEntity = parse.intent.parameters.indices.contains { index in
                    guard parse.intent.parameters[index].isRequired, case .entity = parse.intent.parameters[index].type else { return false }
                    return true
                }
            }
            return needsOneEntity ?? false
        }
    }

    /// By index, what each of `words` is to ``skipsAWordItMustNot(_:unskippable:words:)``; nil for a
    /// word any parse may skip.
    func unskippable(_ words: [String]) -> [UnskippableWord?] {
        words.map { unskippableWordSet.contains($0) ? unskippableWords[$0] : nil }
    }

    /// What a word a parse must not skip says, by the rules of
    /// ``skipsAWordItMustNot(_:unskippable:words:)``.
    struct UnskippableWord: Equatable, Sendable {
        /// It asks for many ("all").
        var asksForMany = false
        /// It denies a request ("not").
        var denies = false
        /// The apps whose kinds of thing it names, when it is a content word and not a kind of
        /// anything; empty otherwise.
        var kindOfApps: Set<String> = []
    }

    /// The words no parse may skip (``skipsAWordItMustNot(_:unskippable:words:)``), built once at init
    /// from the kinds the apps name.
    static func unskippableWords(appsByKindWord: [String: Set<String>], isContentWord: (String) -> Bool) -> [String: UnskippableWord] {
        var table: [String: UnskippableWord] = [:]
        for word in quantifiersOfMany { table[word, default: UnskippableWord()].asksForMany = true }
        for word in negations { table[word, default: UnskippableWord()].denies = true }
        for (word, apps) in appsByKindWord where !kindsOfAnything.contains(word) && isContentWord(word) {
            table[word, default: UnskippableWord()].kindOfApps = apps
        }
        return table
    }

    static let quantifiersOfMany: Set<String> = ["all", "every", "everything", "each", "both"]

    /// Whether `parse` skips a word at whose index `test` holds; read in place, with no array
    /// of the skipped ranges made (every parse of every utterance is asked).
    static func skipsWord(_ parse: Parse, where test: (Int) -> Bool) -> Bool {
        parse.steps.indices.contains { parse.steps[$0].kind == .skipped && parse.steps[$0].range.contains(where: test) }
    }

    /// Words that deny a request once contractions are undone ("don't" is "do not").
    static let negations: Set<String> = ["not", "never", "neither", "nor"]

    /// Words some app names a kind of thing by that are said of things of every kind, or are
    /// verbs too ("can you book one at the downtown location").
    static let kindsOfAnything: Set<String> = [
        "list", "lists", "order", "orders", "account", "accounts", "location", "locations", "service", "services", "item", "items",
        "book", "books",
    ]
}
