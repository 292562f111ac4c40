import Foundation
import IntentModel
import Routing
import Wire

/// "and milk" right after "add eggs to my groceries list": the same request again, with one
/// thing different (docs/memory.md, "The same again").
extension Conversation {
    /// Words that open a follow-up, longest first.
    static let followUpOpeners: [[String]] = [
        ["and", "what", "about"], ["and", "how", "about"], ["and", "also"], ["what", "about"], ["how", "about"],
        ["same", "for"], ["same", "with"], ["and"], ["also"], ["plus"],
    ]
    /// Openers that ask rather than add: "what about saturday" after a lookup looks again, but
    /// after an event was created it is no second event.
    static let askingOpeners = Set(Router.askingAbout)
    /// Words that may close one ("and milk too").
    static let followUpClosers: [[String]] = [["as", "well"], ["too"], ["also"], ["please"]]
    /// A word said before the value that the value's reading may do without ("and to sarah").
    static let followUpLinkWords: Set<String> = ["to", "for", "on", "in", "from", "with", "at", "by", "of", "into"]

    /// After a request was performed, words that open with "and", "also", "what about" and
    /// say a new value for one of its parameters ("and milk", "and to sarah", "what about
    /// tomorrow"): the request performed again with that value, the first one kept. Nil when
    /// the words are a request of their own or fit none of its parameters.
    func followUpLast(_ params: Methods.Run.Parameters, session: String, client: Client, turn: Int) async throws(RPCError) -> RunOutcome? {
        guard let (rest, asks) = Self.followUpValue(in: params.utterance) else { return nil }
        let performed = await sessions.lastPerformed(session, uid: client.uid)
        guard !performed.isEmpty else { return nil }
        // "and then show my workouts", "also, what's my balance": a request of its own.
        let routed = await registry.route(params.utterance, now: params.now, spoken: params.spoken)
        if routed.intent != nil, routed.status != .notUnderstood, routed.confidence >= Self.interruptionConfidence { return nil }
        for (call, _) in performed.reversed() where call.utterance?.isEmpty == false && (!asks || call.intent.effect == .readOnly) {
            let reader = AnswerReader(router: registry.router, now: params.now ?? call.now)
            // "and 8 on coffee": a price and what it was for, both new.
            let both = valueAndText(rest, for: call, reader: reader)
            guard let (name, value) = both?.text ?? newValue(rest, for: call, reader: reader) else { continue }
            var again = call.again(setting: name, to: value, for: params, turn: turn)
            if let typed = both?.typed { again.set(typed.name, typed.value) }
            // "and three minestrone" after "order two tomato soups": three of them, not two.
            for (other, said) in countAndCasesSaid(rest, besides: name, in: call, reader: reader) { again.set(other, said) }
            try authorize(again.intent, client)
            var outcome = try await advance(again, session: session, client: client)
            outcome.followUp = RunOutcome.FollowUp(parameter: name, before: call.value(name), value: value)
            return outcome
        }
        return nil
    }

    /// The count and enum cases said beside a follow-up's new value ("three" and "large" in "and
    /// three large minestrone"), where the call was given a count or has the enum: "a" or "an"
    /// before the value is one ("and a minestrone" after two tomato soups is one minestrone).
    func countAndCasesSaid(_ words: [String], besides name: String, in call: PendingCall, reader: AnswerReader)
        -> [(String, JSONValue)]
    {
        var said: [(String, JSONValue)] = []
        let text = words.joined(separator: " ")
        for parameter in call.intent.parameters where parameter.name != name && !parameter.type.isList {
            switch parameter.type {
            case .int where call.value(parameter.name) != nil && countsBefore(parameter.name, name, in: call):
                var count: JSONValue = .number(1)
                if !Self.countOfOne.contains(words[0]) {
                    guard case .value(let number) = reader.value(text, as: .int) else { continue }
                    count = number
                }
                if let typed = Value(json: count, as: parameter.type), parameter.rangeProblem(typed) == nil {
                    said.append((parameter.name, count))
                }
            case .enumeration:
                if case .value(let value) = reader.value(text, as: parameter.type) { said.append((parameter.name, value)) }
            default: continue
            }
        }
        return said
    }

    /// Whether a phrase of the call's intent says the number `count` right before `thing`, with
    /// at most optional slots between ("{quantity} [{size}] {soup}"): a count of it, not a
    /// number of its own ("{duration} <minutes> {workoutType}").
    func countsBefore(_ count: String, _ thing: String, in call: PendingCall) -> Bool {
        let pattern = "\\{" + count + "\\}(\\s+\\[\\{[A-Za-z0-9_]+\\}\\])*\\s+\\{" + thing + "\\}"
        let phrases = registry.router.library.app(call.intent.appID)?.phrases ?? []
        return phrases.contains { $0.intent == call.intent.id && $0.text.range(of: pattern, options: .regularExpression) != nil }
    }

    /// Words before a follow-up's value that count one of it.
    static let countOfOne: Set<String> = ["a", "an", "one", "another"]

    /// The words after a follow-up's opener and before its closer, or nil when the utterance
    /// does not open as a follow-up or says nothing after the opener.
    static func followUpValue(in utterance: String) -> (words: [String], asks: Bool)? {
        var words = TextNormalizer().words(utterance)
        guard let opener = followUpOpeners.first(where: { words.starts(with: $0) }) else { return nil }
        words.removeFirst(opener.count)
        // "and then show my workouts" goes on to a request of its own.
        guard words.first != "then" else { return nil }
        while let closer = followUpClosers.first(where: { words.count > $0.count && words.suffix($0.count).elementsEqual($0) }) {
            words.removeLast(closer.count)
        }
        return words.isEmpty ? nil : (words, askingOpeners.contains(opener))
    }

    /// "and 8 on coffee" after "i spent 15 euros on a taxi": words that are a new typed value
    /// of a parameter the call was given, a word that links, and a new text for its one text
    /// parameter (``newValue(_:for:reader:)`` of each side). Nil when the words do not split so.
    func valueAndText(_ words: [String], for call: PendingCall, reader: AnswerReader)
        -> (typed: (name: String, value: JSONValue), text: (name: String, value: JSONValue))?
    {
        guard words.count >= 3 else { return nil }
        for link in 1..<(words.count - 1) where Self.followUpLinkWords.contains(words[link]) {
            guard let typed = newValue(Array(words[..<link]), for: call, reader: reader), call.intent.parameter(typed.0)?.type != .string,
                let text = newValue(Array(words[(link + 1)...]), for: call, reader: reader), call.intent.parameter(text.0)?.type == .string
            else { continue }
            return ((typed.0, typed.1), (text.0, text.1))
        }
        return nil
    }

    /// The parameter of `call` the words are a new value for, and that value: first one the
    /// call was given (in the order said), then one it left out; typed values before text. A
    /// text parameter takes the words only when the call had exactly one, and the words do not
    /// begin a request ("and what's the weather" is no task).
    func newValue(_ words: [String], for call: PendingCall, reader: AnswerReader) -> (String, JSONValue)? {
        let given = call.parameters.compactMap { name, _ in call.intent.parameter(name) }
        let left = call.intent.parameters.filter { call.value($0.name) == nil }
        let readings = [words] + (Self.followUpLinkWords.contains(words[0]) && words.count > 1 ? [Array(words.dropFirst())] : [])
        for parameter in given + left where parameter.type != .string && parameter.type != .list(.string) {
            for reading in readings {
                guard case .value(let value) = reader.value(reading.joined(separator: " "), as: parameter.type), value != call.value(parameter.name),
                    fillsWholly(reading, with: value, as: parameter.type, reader: reader)
                else { continue }
                let kept =
                    parameter.type == .date
                    ? Self.keepingDayAndTime(of: call.value(parameter.name) ?? .null, in: value, said: reading.joined(separator: " "), reader: reader)
                    : value
                return (parameter.name, kept)
            }
        }
        let texts = given.filter { $0.type == .string }
        guard texts.count == 1, let text = texts.first, !registry.router.matcher.beginsAPhrase(words[0]), words.count <= Self.followUpTextWords else {
            return nil
        }
        // "and show my workouts": words that read as a request are none of its text.
        let alone = registry.router.route(words.joined(separator: " "), now: reader.now, compound: false)
        guard alone.intent == nil || alone.status == .notUnderstood || alone.confidence < Self.interruptionConfidence / 1.5 else { return nil }
        // "and by frank herbert" after "find books by andy weir": the word that linked the
        // first value, said again, is no part of the new one.
        var said = words
        let normalizer = TextNormalizer()
        if said.count > 1, Self.followUpLinkWords.contains(said[0]), let before = call.value(text.name)?.stringValue,
            let utterance = call.utterance, normalizer.words(utterance).firstRange(of: [said[0]] + normalizer.words(before)) != nil
        {
            said.removeFirst()
        }
        let value = JSONValue.string(said.joined(separator: " "))
        return value == call.value(text.name) ? nil : (text.name, value)
    }

    /// "at 5 pm" after "remind me to call mom": words that are, all of them, a typed value for
    /// one parameter the call left out (not text: it would fit anything), and that parameter.
    func missingDetail(_ text: String, of call: PendingCall, reader: AnswerReader) -> (String, JSONValue)? {
        var words = TextNormalizer().words(text)
        if words.last == "please" { words.removeLast() }
        guard !words.isEmpty, words.count <= Self.followUpTextWords, reader.yesNo(text) == nil, !reader.isCancel(text),
            !AnswerReader.isNoAnswer(text)
        else { return nil }
        let left = call.intent.parameters.filter { call.value($0.name) == nil && Self.isDetailType($0.type.elementType) }
        let said = words.joined(separator: " ")
        var fits: [(String, JSONValue)] = []
        for parameter in left {
            guard case .value(let value) = reader.value(said, as: parameter.type), fillsWholly(words, with: value, as: parameter.type, reader: reader)
            else { continue }
            fits.append((parameter.name, value))
        }
        // "tomorrow" for a call that left out both a start and an end: which is not said.
        return fits.count == 1 ? fits[0] : nil
    }

    /// "about the budget" after "email john", "saying see you at 5", "for 90 minutes" after
    /// "book a massage": words that, said after the request's own, give it a text or value it left
    /// out by the intent's phrases ("about {subject}", "for {duration} minutes"), every value it
    /// had unchanged and nothing left over. That value, its parameter, and the words of both.
    /// A question is none ("what was the subject of her last email" after "email dana" was
    /// the body, "what" heard as "that").
    func textDetail(_ text: String, after call: PendingCall, now: LocalDateTime?) -> (name: String, value: JSONValue, said: String)? {
        guard let said = call.utterance, !said.isEmpty, case let words = TextNormalizer().words(text), !words.isEmpty,
            words.count <= Self.textDetailWords, !AnswerReader.opensAQuestion(text)
        else { return nil }
        let both = said + " " + text
        let whole = registry.router.route(both, now: now, compound: false)
        // A value the request had by default was not said, and may be ("for 90 minutes" after
        // "book a massage", 60 by default).
        guard whole.intent?.id == call.intent.id, whole.status != .notUnderstood, whole.ignored.isEmpty, whole.unresolved.isEmpty,
            call.parameters.allSatisfy({ name, value in
                call.defaulted.contains(name) || whole.parameters.first { $0.name == name }?.value.json == value
            })
        else { return nil }
        let added = whole.parameters.filter { call.value($0.name) == nil || (call.defaulted.contains($0.name) && call.value($0.name) != $0.value.json) }
        guard added.count == 1, let detail = added.first else { return nil }
        return (detail.name, detail.value.json, both)
    }

    /// The most words a text said after a request may have ("saying see you at the station at 5").
    static let textDetailWords = 16

    /// The types a detail said alone may be: values the taggers or names read, not text that
    /// any words would make (a file path, an address, yes or no).
    static func isDetailType(_ type: ValueType) -> Bool {
        switch type {
        case .int, .double, .date, .duration, .currencyAmount, .measurement, .person, .enumeration, .entity: true
        default: false
        }
    }

    /// The most words a follow-up's text value may have: more is a sentence, not a title.
    static let followUpTextWords = 6

    /// Whether a typed reading covers all of the words (a date read from "lunch" out of "and
    /// lunch with sam" is no new date): the words of a number, amount or date, once read, may
    /// leave only minor words.
    private func fillsWholly(_ words: [String], with value: JSONValue, as type: ValueType, reader: AnswerReader) -> Bool {
        switch type.elementType {
        case .entity, .enumeration, .bool, .file: return true
        default: return reader.coversAllWords(words.joined(separator: " "), as: type)
        }
    }
}

extension PendingCall {
    /// This call made again for the request `params` said at `turn`, with one value changed
    /// (a correction, a follow-up).
    func again(setting name: String, to value: JSONValue, for params: Methods.Run.Parameters, turn: Int) -> PendingCall {
        var again = self
        again.set(name, value)
        again.defaulted.remove(name)
        again.turn = turn
        again.utterance = params.utterance
        again.now = params.now ?? now
        again.confirmed = params.assertions.confirmed
        again.question = nil
        return again
    }
}
