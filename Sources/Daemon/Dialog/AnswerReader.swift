import Foundation
import IntentModel
import Resolvers
import Routing
import Wire

/// Reads what a user typed or said in answer to a question: a value of a type, a choice,
/// yes or no. Uses the router's normalizer and value taggers, so "tomorrow at 5", "two"
/// and "twelve dollars" mean here what they mean in an utterance.
struct AnswerReader {
    let router: Router
    /// The reference time of the request the question belongs to ("tomorrow" is relative to it).
    var now: LocalDateTime? = nil
    let normalizer = TextNormalizer()

    enum Reading {
        case value(JSONValue)
        /// Several known values fit the words.
        case candidates([Value])
        case none
    }

    func value(_ text: String, as type: ValueType) -> Reading {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .none }
        switch type {
        case .string:
            // "Team lunch." as a recognizer writes it: the full stop ends the sentence, not the title.
            let title = Self.withoutFraming(Self.withoutClosingStop(trimmed))
            return .value(.string(title))
        case .url, .email, .phoneNumber: return .value(.string(trimmed))
        case .bool: return yesNo(trimmed).map { .value(.bool($0)) } ?? .none
        case .enumeration(let name):
            guard let definition = router.library.app(appID(of: name))?.enumType(name) else { return .none }
            let fits = definition.cases.filter { matches(trimmed, names: [$0.id, $0.title] + $0.synonyms) }
            return reading(fits.map { Value.enumCase($0.id) })
        case .entity(let name):
            guard let definition = router.library.app(appID(of: name))?.entityType(name) else { return .none }
            let fits = definition.values.filter { matches(trimmed, names: [$0.id, $0.title] + $0.synonyms) }
            return reading(fits.map { Value.entity($0.reference) })
        case .list(let element):
            let parts = trimmed.components(separatedBy: CharacterSet(charactersIn: ",")).flatMap { $0.components(separatedBy: " and ") }
            var values: [JSONValue] = []
            for part in parts where !part.trimmingCharacters(in: .whitespaces).isEmpty {
                guard case .value(let value) = value(part, as: element) else { return .none }
                values.append(value)
            }
            return values.isEmpty ? .none : .value(.array(values))
        default:
            if let direct = Value(json: .string(trimmed), as: type) { return .value(direct.json) }
            return tagged(trimmed, as: type)
        }
    }

    /// A file answer: a path, or a name in the parameter's folder, of the kinds it accepts.
    func file(_ text: String, types: [String], directory: String?) -> Reading {
        guard case .resolved(let found) = ResolverChain.resolveFile(text, types: types, directory: directory),
            let best = found.first
        else { return .none }
        let close = found.filter { best.confidence - $0.confidence < 0.05 }
        return reading(close.map(\.value))
    }

    private func reading(_ values: [Value]) -> Reading {
        switch values.count {
        case 0: .none
        case 1: .value(values[0].json)
        default: .candidates(values)
        }
    }

    /// The typed value the taggers find covering the most words of the answer.
    private func tagged(_ text: String, as type: ValueType) -> Reading {
        // A weak reading ("too" as 2, "for" as 4) only when it is all that was said: "and
        // yesterday too" is no quantity.
        guard let best = widestValue(in: normalizer.words(text), as: type, weakOnlyWhole: true) else { return .none }
        var value = best.value
        if type == .double, case .int(let i) = value { value = .double(Double(i)) }
        // "twelve dollars fifty" for a plain number: the amount, 12.5 (its currency: `currency(in:)`).
        if type == .double, case .currencyAmount(let money) = value { value = .double(money.amount) }
        return .value(value.json)
    }

    /// A free-text answer that ends with a value of `type`, as an utterance would be read: "lunch
    /// with sam tomorrow at noon" to "What's the event called?" is the text "lunch with sam" and
    /// the date. Nil when no such value ends the answer, or the words before it would be left
    /// hanging ("plan for next week" stays one text). `inThePast`: "friday" is the one just gone.
    func textEndingInValue(_ text: String, of type: ValueType, inThePast: Bool = false) -> (text: String, value: Value)? {
        let tokens = normalizer.tokens(text)
        let words = tokens.map(\.text)
        var end = words.count
        while end > 0, Self.articles.contains(words[end - 1]) { end -= 1 }
        guard end > 1 else { return nil }
        var context = router.context(now: now)
        context.prefersFuture = !inThePast
        let tagged = ValueTagger().tag(Array(words[..<end]), context: context)
        // A bare number is read as an amount too, in no currency said ("buy 2"): not one here.
        let bareNumbers = Set(tagged.filter { $0.type == .int || $0.type == .double }.map(\.range))
        let endings = tagged.filter {
            fits($0.type, type) && $0.range.upperBound == end && $0.range.lowerBound > 0 && $0.confidence >= Self.weakReading
                && !($0.type == .currencyAmount && bareNumbers.contains($0.range))
        }
        guard let best = endings.max(by: { ($0.range.count, $0.confidence) < ($1.range.count, $1.confidence) }),
            !best.range.allSatisfy({ TextEnding.mealWords.contains(words[$0]) })
        else { return nil }
        var start = best.range.lowerBound
        // "coffee for 4 dollars": an amount is linked by "for", where a date is part of the text.
        let links = type == .currencyAmount ? TextEnding.valueLinks.union(TextEnding.amountLinks) : TextEnding.valueLinks
        if start > 1, links.contains(words[start - 1]) { start -= 1 }
        guard !TextEnding.hangingWords.subtracting(links).contains(words[start - 1]) else { return nil }
        let before = normalizer.sourceText(0..<start, of: tokens, in: text).trimmingCharacters(in: Self.textEnds)
        // The words as written, when they can be told apart in the text: control characters can
        // leave no place for them (a fuzzer's input), and the whole text would come back.
        guard !before.isEmpty, normalizer.words(before) == Array(words[..<start]) else { return nil }
        return (before, best.value)
    }

    /// `text` without the full stop, exclamation or question marks that close it ("Team lunch."),
    /// unless they are all of it or close an ellipsis ("wait...").
    static func withoutClosingStop(_ text: String) -> String {
        guard !text.hasSuffix("..."), !text.hasSuffix("…") else { return text }
        let kept = text.trimmingCharacters(in: CharacterSet(charactersIn: ".!?")).trimmingCharacters(in: .whitespaces)
        guard !kept.isEmpty, text.hasPrefix(kept) else { return text }
        return kept
    }

    /// A free-text answer without the words that frame it: "it's called team lunch" is *team
    /// lunch*, "for groceries" to "What did you spend on?" *groceries*, "to buy milk" to "What
    /// would you like to add?" *buy milk*. The rest is kept as written; words that are all the
    /// answer stay ("for", "it's").
    static func withoutFraming(_ text: String) -> String {
        var rest = Substring(text)
        var stripped = true
        while stripped {
            stripped = false
            for framing in framings {
                guard rest.count > framing.count + 1,
                    rest.prefix(framing.count).lowercased().replacingOccurrences(of: "’", with: "'") == framing,
                    rest.dropFirst(framing.count).first == " "
                else { continue }
                rest = rest.dropFirst(framing.count + 1).drop(while: { $0 == " " })
                stripped = true
                break
            }
        }
        return String(rest)
    }

    /// Longer first, so that "it's called" goes before "it's".
    static let framings: [String] = [
        "let's call it", "let us call it", "it's called", "it is called", "it's named", "it is named", "it's titled", "it is titled",
        "the title is", "the name is", "call it", "name it", "title it", "it was", "it's", "it is", "that's", "that is",
        "for", "on", "to", "about",
    ]

    /// Whether `text` is a meal and nothing else ("lunch", "a dinner"): a time of day to a
    /// question about when, but what was bought or planned to a question about what.
    func namesOnlyAMeal(_ text: String) -> Bool {
        let words = normalizer.words(text).filter { !["a", "an", "the", "my", "our", "for", "on"].contains($0) }
        return !words.isEmpty && words.allSatisfy(ValueTagger.mealWords.contains)
    }

    /// The first meal named in `texts` ("dinner" of the event "team dinner"), whose part of the
    /// day a bare hour answered later is in: "friday at 8" for a dinner is 8 PM.
    func mealNamed(in texts: [String]) -> String? {
        for text in texts {
            if let meal = normalizer.words(text).first(where: ValueTagger.mealWords.contains) { return meal }
        }
        return nil
    }

    private static let textEnds = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters)

    /// Whether the value read from `text` as `type` takes all its words but articles ("on
    /// friday", not "lunch" of "lunch with sam").
    func coversAllWords(_ text: String, as type: ValueType) -> Bool {
        if Value(json: .string(text.trimmingCharacters(in: .whitespaces)), as: type) != nil { return true }
        let words = normalizer.words(text)
        guard let best = widestValue(in: words, as: type, weakOnlyWhole: false) else { return false }
        return words.indices.allSatisfy { best.range.contains($0) || Self.articles.contains(words[$0]) }
    }

    /// The value of `type` the taggers find over the most of `words`, the surest of the widest;
    /// with `weakOnlyWhole`, a weak reading (``weakReading``) only when it takes every word.
    private func widestValue(in words: [String], as type: ValueType, weakOnlyWhole: Bool) -> TaggedSpan? {
        ValueTagger().tag(words, context: router.context(now: now))
            .filter { fits($0.type, type) && (!weakOnlyWhole || $0.confidence >= Self.weakReading || $0.range.count == words.count) }
            .max { ($0.range.count, $0.confidence) < ($1.range.count, $1.confidence) }
    }

    /// Below this confidence a tagged value is a guess from a word that usually means
    /// something else ("to", "too", "for").
    static let weakReading = 0.5

    /// The currency (ISO code) of an answer that is an amount of money ("forty euros"), or nil.
    func currency(in text: String) -> String? {
        let words = normalizer.words(text)
        let money = ValueTagger().tag(words, context: router.context(now: now)).first { $0.type == .currencyAmount && $0.range.count == words.count }
        guard case .currencyAmount(let amount)? = money?.value else { return nil }
        return amount.currency
    }

    private func fits(_ found: ValueType, _ wanted: ValueType) -> Bool {
        if found == wanted { return true }
        switch (found, wanted) {
        case (.int, .double), (.measurement, .measurement), (.currencyAmount, .double): return true
        default: return false
        }
    }

    private func appID(of qualifiedName: String) -> String { String(qualifiedName.prefix { $0 != "." }) }

    /// True when the answer names the thing: all of a name's words, or the answer's words within a name.
    private func matches(_ text: String, names: [String]) -> Bool {
        let answer = normalizer.words(text).filter { !Self.articles.contains($0) }
        guard !answer.isEmpty else { return false }
        for name in names {
            let words = normalizer.words(name).filter { !Self.articles.contains($0) }
            if words == answer { return true }
            if !words.isEmpty, answer.count >= words.count, contains(answer, words) { return true }
        }
        return false
    }

    private func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            return true
        }
        return false
    }

    static let articles: Set<String> = ["the", "a", "an", "one", "please", "my"]

    /// "yes", "sure, go ahead", "no", "better not" ...; nil when the answer is neither.
    ///
    /// Yes is read strictly, since it may let a destructive action go ahead: a yes word must
    /// open the answer ("yes", "sure", "okay, delete it"), or the whole answer must be a yes
    /// phrase ("do it", "please", "sounds good"). Words that only begin like one ("do i have
    /// anything on thursday", "please add milk") are no answer, and may be a request of their own.
    func yesNo(_ text: String) -> Bool? {
        let said = normalizer.words(text)
        var words = Array(said.drop { Self.answerOpeners.contains($0) })
        // "not sure", "i don't know": no answer, though it begins like one.
        guard let first = words.first, !Self.noAnswerPhrases.contains(words.joined(separator: " ")) else { return nil }
        if Self.noWords.contains(first) || Self.noOpenings.contains(where: { words.starts(with: $0) }) { return false }
        // "yes but make it 25", "sure, not to john": a yes with terms is no plain yes.
        // "yes and add a note saying for lunch": a yes that adds to the request is none either;
        // "yes and thank you" is.
        if Self.yesWords.contains(first) {
            let rest = words.dropFirst().filter { !Self.answerClosers.contains($0) && $0 != "and" }
            return words.dropFirst().contains(where: Self.yesTerms.contains) || (rest.first.map(Self.yesAdditions.contains) ?? false) ? nil : true
        }
        while let last = words.last, Self.answerClosers.contains(last), words.count > 1 { words.removeLast() }
        let answer = words.joined(separator: " ")
        if Self.yesPhrases.contains(answer) || Self.yesOpenings.contains(where: { words.starts(with: $0) }) { return true }
        // "right, go ahead", "please delete it": a soft yes word, then a yes.
        if Self.yesPhrases.contains(first), words.count > 1, yesNo(words.dropFirst().joined(separator: " ")) == true { return true }
        return nil
    }

    /// Words said before an answer that change nothing of it ("uh yes", "well okay").
    static let answerOpeners: Set<String> = ["uh", "um", "er", "erm", "hmm", "well", "oh", "so", "ah", "mm"]
    /// Words said after an answer that change nothing of it ("do it please", "go ahead thanks").
    static let answerClosers: Set<String> = ["please", "thanks", "thank", "you", "now", "then"]
    /// Words that, after a yes, make it a yes on terms ("yes but make it 25"): no plain yes.
    static let yesTerms: Set<String> = ["but", "no", "not", "wait", "except", "instead", "actually", "make", "change", "only", "rather"]
    /// Words that, first after a yes (and "and"), add to the request ("yes and add a note
    /// saying for lunch", "sure, with the memo rent"): no plain yes, or what they add is lost.
    static let yesAdditions: Set<String> = ["add", "also", "with", "plus", "include", "including", "set", "put"]

    /// What follows a yes that opens the answer ("make it 25" of "yes but make it 25"), or nil
    /// when the answer opens with no yes or says nothing after it.
    func afterYes(_ text: String) -> String? {
        var words = Array(normalizer.words(text).drop { Self.answerOpeners.contains($0) })
        guard let first = words.first, Self.yesWords.contains(first), words.count > 1 else { return nil }
        words.removeFirst()
        while let next = words.first, ["but", "and", "just", "then", "only"].contains(next), words.count > 1 { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// Words that say yes when they open the answer, unless terms follow (``yesTerms``): "sure, delete it".
    static let yesWords: Set<String> = [
        "yes", "yeah", "yep", "yup", "yea", "ya", "sure", "ok", "okay", "confirm", "confirmed", "correct", "absolutely",
        "definitely", "certainly", "affirmative", "alright", "y",
    ]
    /// Whole answers that say yes, as the normalizer writes them ("that's right" is "that is right").
    static let yesPhrases: Set<String> = [
        "please", "do it", "please do", "do so", "do that", "go", "go on", "proceed", "right", "that is right", "that is correct",
        "of course", "sounds good", "that sounds good", "fine", "that is fine", "all right", "good", "great", "perfect",
        "i am sure", "i do", "why not", "by all means", "send it", "delete it", "book it", "order it", "let us do it",
        "let us go", "you bet",
    ]
    /// Openings that say yes whatever follows ("go ahead and delete it").
    static let yesOpenings: [[String]] = [["go", "ahead"], ["go", "for", "it"], ["do", "it"], ["please", "go", "ahead"], ["please", "do", "it"]]
    /// Words that say no when they open the answer. "cancel" and "stop" alone call the
    /// question off (``cancelPhrases``); opening more words ("cancel the minestrone order")
    /// they may be a request of their own.
    static let noWords: Set<String> = ["no", "nope", "nah", "n", "negative", "dont"]
    /// Openings that say no, checked before the yes words ("absolutely not", "of course not").
    static let noOpenings: [[String]] = [
        ["do", "not"], ["not"], ["absolutely", "not"], ["definitely", "not"], ["certainly", "not"], ["of", "course", "not"],
        ["better", "not"], ["rather", "not"], ["i", "would", "rather", "not"], ["i", "do", "not", "want"], ["hold", "off"],
        ["sure", "not"],
    ]

    /// True when the answer calls the question off ("cancel", "never mind", "forget it"),
    /// whatever the question: so "cancel" does not become a task's title.
    func isCancel(_ text: String) -> Bool {
        let words = normalizer.words(text).filter { !["please", "oh", "ok", "okay", "just", "actually"].contains($0) }
        return Self.cancelPhrases.contains(words.joined(separator: " "))
    }

    /// True when the answer to a choice takes none of its choices ("neither", "none of them"):
    /// the question is called off, as by "cancel".
    func choosesNone(_ text: String) -> Bool {
        let words = normalizer.words(text).filter { !["please", "oh", "ok", "okay", "just", "actually", "um", "uh"].contains($0) }
        return Self.nonePhrases.contains(words.joined(separator: " "))
    }

    static let nonePhrases: Set<String> = [
        "neither", "none", "neither of them", "none of them", "neither one", "none of those", "neither of those", "not any of them",
        "no one of them", "none of these", "neither of these", "no", "nope", "nah", "no thanks", "no thank you",
    ]

    /// Whether the words say that the user has no answer, or asks what one could be ("i don't
    /// know", "not sure", "help", "what are my options"): never a value, even for free text.
    static func isNoAnswer(_ text: String) -> Bool {
        let said = TextNormalizer().words(text)
        var words = said.filter { !["please", "oh", "ok", "okay", "um", "uh", "hmm", "well", "sorry"].contains($0) }
        if words.last == "yet" { words.removeLast() }
        // "um", "sorry?" alone: only filler, no answer.
        if words.isEmpty { return !said.isEmpty }
        return Self.noAnswerPhrases.contains(words.joined(separator: " "))
    }

    /// Whether the words ask something back ("how big are they", "which ones are hot", "what
    /// sizes are there"): a question opened by a question word, which is no value of a number,
    /// date or choice even when a value's word is in it ("big" is the large size). "how about
    /// 3" and "what about the large one" answer; nor is a question opened by its verb ("is
    /// friday free").
    ///
    /// `freeText`: the answer is any words, and a title may open with a question word ("where
    /// the crawdads sing", "what to get mom"): only a question put to someone is asked back,
    /// the question word followed by a verb and its subject ("what do you need", "when is it").
    static func asksSomething(_ text: String, freeText: Bool = false) -> Bool {
        var words = TextNormalizer().words(text)[...]
        while let first = words.first, hedges.contains([first]) || questionOpeners.contains(first) { words.removeFirst() }
        // "is friday free" to "When does it start?" was Friday: a question to be answered yes
        // or no, opened by its verb, is no value either.
        if !freeText, let first = words.first, yesNoQuestionVerbs.contains(first), words.count > 1 { return true }
        guard let first = words.first, questionWords.contains(first) else { return false }
        let rest = words.dropFirst()
        guard rest.first != "about" else { return false }
        guard freeText else { return true }
        // "how much was it again", "what currency is that": the verb, then its subject.
        guard let (said, verb) = questionVerb(in: text), said.indices.contains(verb + 1) else { return false }
        return questionSubjects.contains(said[verb + 1])
    }

    /// Whether the words open as a question: a question word, then a verb ("what was the
    /// subject", "how much is it", "when does it start"); "where the crawdads sing" and "what
    /// to get mom" do not.
    static func opensAQuestion(_ text: String) -> Bool { questionVerb(in: text) != nil }

    /// Where the verb of a question stands in the words of `text` (hedges dropped): after the
    /// question word, its amount ("how *much*") or the one word it asks of ("what *currency*
    /// is that", "which *one* is it"). Nil when the words do not open a question.
    static func questionVerb(in text: String) -> (words: [String], at: Int)? {
        var words = TextNormalizer().words(text)[...]
        while let first = words.first, hedges.contains([first]) || questionOpeners.contains(first) { words.removeFirst() }
        guard let first = words.first, questionWords.contains(first) else { return nil }
        let said = Array(words)
        if said.count > 1, questionVerbs.contains(said[1]) { return (said, 1) }
        if said.count > 2, first == "how" ? questionAmounts.contains(said[1]) : first != "why", questionVerbs.contains(said[2]) { return (said, 2) }
        return nil
    }

    /// Words said before a question that are no hedge of an answer: "wait what currency is that".
    static let questionOpeners: Set<String> = ["wait", "sorry", "actually", "hey", "and", "but"]

    static let questionWords: Set<String> = ["how", "what", "which", "why", "who", "where", "when"]
    /// Verbs that open a question to be answered yes or no, and no answer to a question.
    static let yesNoQuestionVerbs: Set<String> = ["is", "are", "am", "was", "were", "does"]
    /// What "how" asks the amount of, before the verb ("how much was it").
    static let questionAmounts: Set<String> = ["much", "many", "long", "often", "far", "old", "big"]
    static let questionVerbs: Set<String> = [
        "do", "does", "did", "should", "shall", "can", "could", "would", "will", "is", "are", "was", "am", "must", "have", "has",
    ]
    /// The words after a question's verb that make free text a question put to someone: its
    /// subject ("what do *you* need"), or a place or state asked about ("what's *on* my
    /// calendar", "what's *left*").
    static let questionSubjects: Set<String> = [
        "you", "i", "we", "it", "they", "that", "this", "he", "she", "there", "on", "in", "left", "due", "next",
    ]

    /// As the normalizer writes them: "don't" is "do not", "i'm" is "i am".
    static let noAnswerPhrases: Set<String> = [
        "i do not know", "do not know", "dunno", "i dunno", "idk", "no idea", "i have no idea", "no clue", "i have no clue",
        "not sure", "i am not sure", "i can not decide", "i cannot decide", "i have not decided", "not decided",
        "help", "help me", "what can i say", "what do i say", "what should i say", "what are my options", "what are the options",
        "what options are there", "options", "what are the choices", "what can i choose", "i do not understand",
        // Asking for the question again.
        "what", "huh", "pardon", "pardon me", "come again", "say that again", "say again", "repeat", "repeat that",
        "repeat the question", "what was the question", "what did you say", "what was that", "excuse me",
        // Taking a moment: "hmm let me think" to "What would you like to add?" was a task.
        "let me think", "let me think about it", "let me see", "let us see", "give me a second", "give me a sec",
        "give me a minute", "one second", "one sec", "just a second", "just a sec", "just a moment", "one moment",
        "hold on", "hang on", "wait a second", "wait a minute", "i am thinking", "good question",
    ]

    static let cancelPhrases: Set<String> = [
        "cancel", "cancel that", "cancel it", "never mind", "nevermind", "forget it", "forget about it", "stop", "abort", "quit",
        "i changed my mind", "i have changed my mind", "changed my mind", "never mind that", "forget that", "do not bother",
        "skip it", "leave it", "not anymore", "no never mind", "never mind then", "forget it then",
    ]


    /// The 1-based index the answer picks among `choices`: "2", "the second one", "last", or a title.
    func choice(_ text: String, among choices: [Choice]) -> Int? {
        // Nothing to choose from: no answer picks anything (and 1...0 is no range).
        guard !choices.isEmpty else { return nil }
        let text = withoutHedges(text).joined(separator: " ")
        let words = normalizer.words(text).filter { !["the", "one", "number", "option", "choice", "please"].contains($0) }
        // "yes" to a choice of one: the one shown.
        if choices.count == 1, yesNo(text) == true { return choices[0].index }
        if words.count == 1, let word = words.first {
            if let n = Int(word), (1...choices.count).contains(n) { return n }
            if let n = Self.ordinals[word], (1...choices.count).contains(n) { return n }
            if word == "last" { return choices.count }
        }
        let fits = choices.filter { matches(text, names: [$0.title]) }
        if fits.count == 1 { return fits[0].index }
        if fits.count > 1, let widest = widestSaid(in: text, among: fits.map(\.title)) { return fits[widest].index }
        // Words that appear in one title only: "travel" for "Travel plans".
        let answer = normalizer.words(text).filter { !Self.articles.contains($0) }
        guard !answer.isEmpty else { return nil }
        let partial = choices.filter { choice in
            let title = Set(normalizer.words(choice.title))
            return answer.allSatisfy(title.contains)
        }
        return partial.count == 1 ? partial[0].index : nil
    }

    /// Of several names an answer fits, the one said whole whose words hold every other's
    /// ("the quarterly review" fits "review" too, but names "quarterly review"); nil when no
    /// one does.
    func widestSaid(in text: String, among names: [String]) -> Int? {
        let said = Set(normalizer.words(text))
        let words = names.map { Set(normalizer.words($0)) }
        guard let widest = words.indices.max(by: { words[$0].count < words[$1].count }), words[widest].isSubset(of: said),
            words.indices.allSatisfy({ $0 == widest || (words[$0].isSubset(of: words[widest]) && words[$0].count < words[widest].count) })
        else { return nil }
        return widest
    }

    /// The words of an answer without the hedges around it, as people say them aloud: "uh the
    /// second one i think" chooses as "the second one" does. A hedge that is all the answer
    /// is kept.
    func withoutHedges(_ text: String) -> [String] {
        var words = normalizer.words(text)
        var trimmed = true
        while trimmed {
            trimmed = false
            for hedge in Self.hedges where words.count > hedge.count {
                if words.starts(with: hedge) {
                    words.removeFirst(hedge.count)
                    trimmed = true
                } else if words.suffix(hedge.count).elementsEqual(hedge) {
                    words.removeLast(hedge.count)
                    trimmed = true
                }
            }
        }
        return words
    }

    /// As the normalizer writes them ("let's" is "let us", "i'll" is "i will").
    static let hedges: [[String]] = [
        ["uh"], ["um"], ["er"], ["erm"], ["hmm"], ["well"], ["so"], ["ok"], ["okay"], ["oh"], ["please"], ["maybe"], ["probably"],
        ["i", "think"], ["i", "guess"], ["i", "suppose"], ["let", "us", "go", "with"], ["let", "us", "do"], ["go", "with"],
        ["i", "will", "take"], ["i", "will", "go", "with"], ["i", "would", "like"], ["i", "want"], ["how", "about"],
    ]

    static let ordinals: [String: Int] = [
        "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
        "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "two": 2, "three": 3, "four": 4, "five": 5,
    ]
}
