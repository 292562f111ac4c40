import IntentModel
import Routing
import Wire

extension Conversation {
    /// Applies an answer to the session's pending question and takes the next step.
    ///
    /// A question never traps: words that are no answer to it but a request that routes on its
    /// own ("show my tasks" while a soup order waits for its size) drop the question, and the
    /// request is performed in the same session; the outcome says which question was dropped.
    func answer(_ params: Methods.Continue.Parameters, client: Client) async throws(RPCError) -> RunOutcome {
        let waiting = await sessions.waiting(params.session, uid: client.uid)
        do {
            let outcome = try await answerPending(params, client: client)
            guard let waiting else { return outcome }
            return try await continueParts(after: outcome, of: waiting, params, client: client)
        } catch let error where error.code == .invalidAnswer {
            // "help" or "i don't know" asks about the question: it stays.
            guard case .text(let text) = params.answer, let pending = error.data?["question"], !AnswerReader.isNoAnswer(text),
                let request = await requestOfItsOwn(text), let question = try? Question(json: pending)
            else { throw error }
            let call = try? await sessions.pending(params.session, uid: client.uid)
            // "what soups do you have" (or "order soup" again) while "Which soup would you
            // like?" waits asks for the same call with nothing new: the question again, with
            // its choices, rather than the same question dropped and asked anew.
            if let call, request.intent?.id == call.intent.id,
                request.parameters.allSatisfy({ call.value($0.name) == $0.value.json })
            {
                let parameter = question.parameter.flatMap(call.intent.parameter)
                throw invalidAnswer(question, expected: expected(by: question, for: parameter), noAnswer: true)
            }
            // The new request keeps the conversation's reference time ("next week" from then).
            let now = call?.now
            if case .readOnly? = request.intent?.effect, request.status == .complete {
                // A question of its own that only reads ("how much money do i have" while a
                // transfer waits for its amount) is answered beside the question, which stays.
                let asideSession = params.session + Self.asideSuffix
                var aside = try await run(.init(utterance: text, session: asideSession, now: now ?? nil), client: client)
                if aside.status != .question {
                    aside.session = params.session
                    aside.heldQuestion = question
                    return aside
                }
                // The app asked a question of its own: that one is the session's now, and the
                // request runs again where the client answers.
                await sessions.cancel(asideSession, uid: client.uid)
            }
            var outcome = try await run(.init(utterance: text, session: params.session, now: now ?? nil), client: client)
            outcome.droppedQuestion = question
            return outcome
        }
    }

    /// The session a request said beside a pending question runs in: the question's session
    /// with this after its id.
    static let asideSuffix = "-aside"

    /// The route of `text` when it is, on its own, a request with a confident parse.
    private func requestOfItsOwn(_ text: String) async -> RouteResult? {
        let routed = await registry.route(text)
        guard routed.intent != nil, routed.status != .notUnderstood, routed.confidence >= Self.interruptionConfidence else { return nil }
        return routed
    }

    /// Whether `text` routes, on its own, to an intent with a confident parse.
    private func isRequestOfItsOwn(_ text: String) async -> Bool { await requestOfItsOwn(text) != nil }

    /// How sure the router must be of a reply to take it as a new request rather than a wrong answer.
    static let interruptionConfidence = 0.75
    /// How sure it must be of an answer read as the request (``readAsRequest``): less, since the
    /// intent is known and must be the same ("add the road by cormac mccarthy" is 67%).
    static let answerAsRequestConfidence = 0.6

    private func answerPending(_ params: Methods.Continue.Parameters, client: Client) async throws(RPCError) -> RunOutcome {
        let session = params.session
        var call = try await sessions.pending(session, uid: client.uid)
        guard let question = call.question else { throw RPCError(.unknownSession, "No question pending in this session") }
        call.unusedInAnswer = []
        let reader = AnswerReader(router: registry.router, now: call.now)
        var cancelled = false
        switch params.answer {
        case .cancel: cancelled = true
        case .text(let text): cancelled = reader.isCancel(text) || (question.kind == .choice && reader.choosesNone(text))
        default: break
        }
        if cancelled {
            await sessions.finish(session, uid: client.uid, turn: call.turn)
            return RunOutcome(session: session, status: .cancelled, intent: call.intent.id, parameters: call.parameters, message: Self.cancelled)
        }
        switch question.kind {
        case .confirm:
            // "no, make it 40", "yes but make it 25": not a refusal, nor a yes, but a correction;
            // asked again with it.
            if case .text(let text) = params.answer,
                let (name, value) = correction(text, of: call, reader: reader) ?? reader.afterYes(text).flatMap({ correction($0, of: call, reader: reader) })
            {
                call.set(name, value)
                call.confirmed = false
                try authorize(call.intent, client)
                return try await advance(call, session: session, client: client)
            }
            let yes: Bool?
            switch params.answer {
            case .confirm(let b): yes = b
            case .text(let text): yes = reader.yesNo(text)
            default: yes = nil
            }
            guard let yes else { throw invalidAnswer(question, expected: "yes or no") }
            guard yes else {
                await sessions.finish(session, uid: client.uid, turn: call.turn)
                return RunOutcome(session: session, status: .cancelled, intent: call.intent.id, parameters: call.parameters, message: Self.cancelled)
            }
            call.confirmed = true
        case .choice:
            var index: Int?
            switch params.answer {
            case .choice(let n): index = (1...max(1, question.choices.count)).contains(n) ? n : nil
            case .text(let text):
                index = reader.choice(text, among: question.choices)
                // "buy the martian" to "Which book?" names a choice inside a request of its
                // own, which takes over rather than open the book.
                if let chosen = question.choices.first(where: { $0.index == index }),
                    !TextNormalizer().words(text).allSatisfy({ TextNormalizer().words(chosen.title).contains($0) || AnswerReader.articles.contains($0) }),
                    let request = await requestOfItsOwn(text), request.intent?.id != call.intent.id
                {
                    throw invalidAnswer(question, expected: expected(by: question, for: question.parameter.flatMap(call.intent.parameter)))
                }
                if index == nil, let name = question.parameter, case .entity(let type)? = call.intent.parameter(name)?.type {
                    let fits = await choicesByProperty(text, among: question.choices, of: type)
                    if fits.count == 1 {
                        index = fits[0].index
                    } else if fits.count > 1, fits.count < question.choices.count {
                        // "the one by andy weir" among six books: asked again among his three.
                        var narrowed = question
                        narrowed.choices = fits.enumerated().map { Choice(index: $0.offset + 1, title: $0.element.title, value: $0.element.value) }
                        return await ask(narrowed, call, session, client)
                    }
                }
            case .value(let value): index = question.choices.first { $0.value == value }?.index
            default: index = nil
            }
            if let index, let choice = question.choices.first(where: { $0.index == index }) {
                try apply(choice, to: &call, question: question)
                // "the large tomato one" to "Which soup would you like?": the size said with the
                // choice is kept, not dropped.
                if case .text(let text) = params.answer, let said = caseOfAnotherEnum(text, in: call, reader: reader) {
                    call.set(said.name, said.value)
                }
                // What is said with the choice is kept too: read as the request would read it
                // ("the standup to 11" or "the dentist an hour later" to "Which event?" is a time
                // on the event's own day), else as values beside it ("tomorrow at 3 uptown" to
                // "Which location?", "a haircut at downtown tomorrow" to "Which service?").
                if case .text(let text) = params.answer {
                    if let name = question.parameter, let parameter = call.intent.parameter(name), let chosen = choice.value,
                        TextNormalizer().words(text).count > 1,
                        let read = await readAsRequest(text, for: parameter, in: call, onlyNaming: false),
                        read.contains(where: { $0.0 == name && Self.sameValue($0.1, chosen) })
                    {
                        for (other, said) in read where other != name {
                            call.set(other, said)
                            call.defaulted.remove(other)
                        }
                    } else {
                        for said in valuesSaidBeside(choice, in: text, of: call, reader: reader) { call.set(said.name, said.value) }
                    }
                }
            } else if case .text(let text) = params.answer, let name = question.parameter, let parameter = call.intent.parameter(name) {
                // Not one of the choices: read it as a value (an entity the app can find by name).
                if let asked = try await read(text, for: parameter, into: &call, question: question) {
                    return await ask(asked, call, session, client)
                }
            } else {
                throw invalidAnswer(question, expected: expected(by: question, for: nil))
            }
        case .value:
            guard let name = question.parameter, let parameter = call.intent.parameter(name) else {
                throw invalidAnswer(question, expected: "nothing: the question has no parameter")
            }
            switch params.answer {
            case .value(let raw):
                guard let value = Value(json: raw, as: parameter.type) else {
                    throw invalidAnswer(question, expected: expectedAnswer(for: parameter))
                }
                call.set(name, value.json)
                call.midnightMeant.insert(name)
            case .text(let text):
                if let asked = try await read(text, for: parameter, into: &call, question: question) {
                    var outcome = await ask(asked, call, session, client)
                    outcome.ignored = call.unusedInAnswer
                    return outcome
                }
            default: throw invalidAnswer(question, expected: "a value (\"text\" or \"value\")")
            }
        }
        try authorize(call.intent, client)
        var outcome = try await advance(call, session: session, client: client)
        outcome.ignored = call.unusedInAnswer
        return outcome
    }

    /// An answer read as the intent's own request reads it, opened with the words the request
    /// began with, or those its phrases say before the value asked ("add" of "add {title} to
    /// {list}"), when that reading gives the value and more: the values of other parameters
    /// that have none yet, or only their default, and none that differ from those given. Nil
    /// otherwise.
    ///
    /// A text answer is read so only when it also names an entity, a person or more text, or
    /// two other values (`onlyNaming`): a date or a price alone is read by the ways of
    /// ``read(_:for:into:question:)``, which keep the words of a title that would hang without
    /// them. Any other answer is read so when its words are all used: "50 to john for dinner"
    /// to "How much?" gives the recipient and the note too.
    private func readAsRequest(
        _ text: String, for parameter: ParameterDefinition, in call: PendingCall, onlyNaming: Bool = true
    ) async -> [(String, JSONValue)]? {
        // The words the request began with ("send an email", then "to sarah about the budget"),
        // then the words its phrases say before the value.
        let began = call.utterance.map { [$0] } ?? []
        let answerWords = TextNormalizer().words(text).joined(separator: " ")
        let openers = began + Self.wordsBefore(parameter.name, in: registry.router.library.app(call.intent.appID)?.phrases ?? [], of: call.intent.id).prefix(3)
        for opener in openers {
            let routed = await registry.route(opener + " " + text, now: call.now, compound: false)
            guard routed.intent?.id == call.intent.id, routed.status != .notUnderstood, routed.confidence >= Self.answerAsRequestConfidence,
                routed.parameters.contains(where: { $0.name == parameter.name }), onlyNaming || routed.ignored.isEmpty
            else { continue }
            // The text asked for is the answer's, not the opening's ("add a task", then "buy milk
            // …", is no task called "a task buy milk").
            if let asked = routed.parameters.first(where: { $0.name == parameter.name })?.value.json.stringValue,
                !answerWords.contains(TextNormalizer().words(asked).joined(separator: " "))
            {
                continue
            }
            var read: [(String, JSONValue)] = []
            let defaulted = Set(routed.explanation.defaultedParameters)
            for (name, value) in routed.parameters where !defaulted.contains(name) {
                if name == parameter.name {
                    read.append((name, value.json))
                } else if call.value(name) == nil || call.defaulted.contains(name) {
                    read.append((name, value.json))
                } else if call.value(name) != value.json {
                    return nil
                }
            }
            // A text answer only when it names something more (a list, a person, an author: "the
            // road by cormac mccarthy" to "What's the title of the book?"): a date or a price is
            // read by the ways below, which keep the words of a title that would hang without
            // them ("plan for next week", "a dinner worth 30 pounds").
            let names = read.contains { said in
                switch call.intent.parameter(said.0)?.type.elementType {
                case .entity, .person, .string: said.0 != parameter.name
                default: false
                }
            }
            // Two values besides the text are read so too ("team offsite next friday from 9 to 5":
            // its start and end); one alone may be words of the title ("plan for next week").
            let besides = read.filter { $0.0 != parameter.name }.count
            return names || besides >= 2 || !onlyNaming ? read : nil
        }
        return nil
    }

    /// Whether two values are the same: entities by their id (a choice carries the entity's
    /// properties, a reading may not).
    static func sameValue(_ one: JSONValue, _ other: JSONValue) -> Bool {
        if let id = one["id"]?.stringValue, let otherID = other["id"]?.stringValue { return id == otherID }
        return one == other
    }

    /// The words the phrases of `intent` say right before the slot `name`, when they open the
    /// phrase ("add {title} ...", "(add|put) {title} ..." give "add"), most said first.
    static func wordsBefore(_ name: String, in phrases: [PhraseTemplate], of intent: String) -> [String] {
        var counts: [String: Int] = [:]
        for phrase in phrases where phrase.intent == intent {
            guard let slot = phrase.text.range(of: "{" + name + "}") else { continue }
            var before = String(phrase.text[..<slot.lowerBound])
            // Optional words are left out: "(move|reschedule) [the|my] {event}" opens with "move".
            while let open = before.lastIndex(of: "["), let close = before[open...].firstIndex(of: "]"),
                !before[open...close].dropFirst().contains("[")
            {
                before.removeSubrange(open...close)
            }
            before = before.split(separator: " ").joined(separator: " ")
            guard !before.isEmpty, !before.contains(where: { "[]<>{}".contains($0) }) else { continue }
            if before.hasPrefix("("), before.hasSuffix(")"), !before.dropFirst().contains("(") {
                before = String(before.dropFirst().prefix { $0 != "|" && $0 != ")" })
            }
            guard !before.contains(where: { "()|".contains($0) }) else { continue }
            counts[before, default: 0] += 1
        }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
    }

    /// Words that open a correction of what a confirmation shows, besides the language's
    /// self-repair markers ("i mean", "actually", "make that"): answers start with these too.
    static let answerCorrectionOpeners: [[String]] = [["make", "it"], ["change", "it", "to"], ["wait"], ["no"], ["nope"]]

    /// "no, make it 40" or "no, to sarah" answered to a confirmation: the parameter the rest of
    /// the words fit (one that already has a value, in the order they were said) and its new
    /// value; then, failing that, a bare number for an amount, in the amount's currency; then
    /// new words for free text, said as a renaming (``freeTextCorrection(_:of:reader:)``). Nil
    /// for a plain yes or no. `namingUnsetText`: free text named by its parameter's title may
    /// give a value to a parameter that has none ("add a note saying for lunch" while asked to
    /// confirm); not once the request is done, when such words are a request of their own.
    func correction(_ text: String, of call: PendingCall, reader: AnswerReader, namingUnsetText: Bool = true) -> (String, JSONValue)? {
        var words = TextNormalizer().words(text)
        let markers = registry.router.library.languages["en"]?.selfRepair ?? []
        let openers = (markers + Self.answerCorrectionOpeners).sorted { $0.count > $1.count }
        var opened = false
        while let opener = openers.first(where: { words.starts(with: $0) }) {
            words.removeFirst(opener.count)
            opened = true
        }
        if words.last == "instead" || words.last == "please" { words.removeLast() }
        guard opened || text.lowercased().contains("instead"), !words.isEmpty else {
            return freeTextCorrection(text, of: call, reader: reader, namingUnsetText: namingUnsetText)
        }
        let rest = words.joined(separator: " ")
        // Free text fits anything, so String parameters (and lists of them) are left out.
        let said = call.parameters.compactMap { name, given in call.intent.parameter(name).map { ($0, given) } }
            .filter { $0.0.type != .string && $0.0.type != .list(.string) }
        for (parameter, given) in said {
            // "make it 40" for 30 euros names no currency: read below, in the one given.
            if parameter.type == .currencyAmount, reader.coversAllWords(rest, as: .int) { continue }
            // "make it 4" for an event at 3 PM: the hour, as "at 4" says it.
            let words = parameter.type == .date ? Self.clockHourSaid(rest, changing: given, reader: reader) ?? rest : rest
            guard case .value(let value) = reader.value(words, as: parameter.type) else { continue }
            return (parameter.name, parameter.type == .date ? Self.keepingDayAndTime(of: given, in: value, said: words, reader: reader) : value)
        }
        // "make it 40" for $50: the number, in the currency already given.
        for (parameter, given) in said where parameter.type == .currencyAmount {
            guard case .value(let number) = reader.value(rest, as: .double), let amount = number.numberValue,
                let currency = given["currency"]?.stringValue
            else { continue }
            return (parameter.name, .object([("amount", .number(amount)), ("currency", .string(currency))]))
        }
        // "make it tomorrow" for a transfer with no date yet: a value for an optional parameter
        // that has none, when the words are all of it.
        for parameter in call.intent.parameters where !parameter.isRequired && call.value(parameter.name) == nil && !parameter.type.isList {
            switch parameter.type {
            case .date, .duration, .currencyAmount, .enumeration, .entity, .person: break
            default: continue
            }
            if [.date, .duration, .currencyAmount, .person].contains(parameter.type), !reader.coversAllWords(rest, as: parameter.type) { continue }
            guard case .value(let value) = reader.value(rest, as: parameter.type) else { continue }
            return (parameter.name, value)
        }
        return freeTextCorrection(text, of: call, reader: reader, namingUnsetText: namingUnsetText)
    }

    /// Words that rename what free text said, and only that: after them, the rest is the new text.
    static let renamingOpeners: [[String]] = [
        ["make", "it"], ["make", "that"], ["change", "it", "to"], ["change", "that", "to"], ["call", "it"], ["name", "it"],
        ["rename", "it", "to"], ["rename", "it"], ["i", "meant"], ["i", "mean"],
    ]

    /// "actually make it dinner with sarah" to "When does it start?" after the title "lunch with
    /// sarah", or "no, call it dinner" to the confirmation: new words for the free text said
    /// last. Free text fits anything, so only words said as a renaming count: after "make it",
    /// "call it", "change the title to" and the like, or before a closing "instead"; a lone
    /// "no" or "actually" opens no renaming ("no thanks" is no title).
    func freeTextCorrection(_ text: String, of call: PendingCall, reader: AnswerReader, namingUnsetText: Bool = true) -> (String, JSONValue)? {
        if let named = namedTextValue(text, of: call, unsetToo: namingUnsetText) { return named }
        guard
            let parameter = call.parameters.reversed().lazy.compactMap({ call.intent.parameter($0.0) })
                .first(where: { $0.type == .string })
        else { return nil }
        let normalizer = TextNormalizer()
        let titleWords = normalizer.words(parameter.title)
        let naming: [[String]] =
            Self.renamingOpeners + [
                ["change", "the"] + titleWords + ["to"], ["make", "the"] + titleWords, ["the"] + titleWords + ["is"],
                ["the"] + titleWords + ["should", "be"], ["set", "the"] + titleWords + ["to"],
            ]
        let markers = registry.router.library.languages["en"]?.selfRepair ?? []
        let openers = (naming + markers + Self.answerCorrectionOpeners).sorted { $0.count > $1.count }
        var words = normalizer.words(text)
        var renamed = false
        while let opener = openers.first(where: { words.starts(with: $0) }) {
            words.removeFirst(opener.count)
            if naming.contains(opener) { renamed = true }
        }
        if words.last == "please" { words.removeLast() }
        if words.last == "instead" {
            words.removeLast()
            renamed = true
        }
        let rest = words.joined(separator: " ")
        guard renamed, !rest.isEmpty, reader.yesNo(rest) == nil, !reader.isCancel(rest) else { return nil }
        let renaming = AnswerReader.withoutFraming(rest)
        guard !renaming.isEmpty, call.value(parameter.name) != .string(renaming) else { return nil }
        return (parameter.name, .string(renaming))
    }

    /// "add a note saying for lunch", "with the note lunch money", "the note is rent" to a
    /// transfer's confirmation: free text for the parameter the words name by its title, after
    /// "add", "with", "set the … to" and the like (the title must be said: free text fits
    /// anything). `unsetToo`: a parameter with no value yet may be named
    /// (``correction(_:of:reader:namingUnsetText:)``).
    func namedTextValue(_ text: String, of call: PendingCall, unsetToo: Bool) -> (String, JSONValue)? {
        var words = TextNormalizer().words(text)
        while let first = words.first, Self.namingLeads.contains(first), words.count > 1 { words.removeFirst() }
        for parameter in call.intent.parameters where parameter.type == .string && (unsetToo || call.value(parameter.name) != nil) {
            let title = TextNormalizer().words(parameter.title)
            guard !title.isEmpty, words.count > title.count else { continue }
            var rest: ArraySlice<String>?
            for verb in Self.namingVerbs where words.starts(with: verb) {
                let afterVerb = words.dropFirst(verb.count)
                let afterArticle = afterVerb.first.map(Self.namingArticles.contains) == true ? afterVerb.dropFirst() : afterVerb
                guard afterArticle.starts(with: title) else { continue }
                rest = afterArticle.dropFirst(title.count)
                break
            }
            if rest == nil, words.starts(with: ["the"] + title) || words.starts(with: title) {
                // "the note is lunch money", "note: lunch money"; not "note to self …", which
                // may be a title of its own.
                let afterTitle = words.dropFirst(words.first == "the" ? title.count + 1 : title.count)
                let colon = text.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix(title.joined(separator: " ") + ":")
                if afterTitle.starts(with: ["should", "be"]) {
                    rest = afterTitle.dropFirst(2)
                } else if afterTitle.first == "is" || afterTitle.first == "saying" {
                    rest = afterTitle.dropFirst()
                } else if colon {
                    rest = afterTitle
                }
            }
            guard var value = rest else { continue }
            if let linking = Self.namingLinks.first(where: { value.starts(with: $0) }) { value = value.dropFirst(linking.count) }
            if value.last == "please" { value = value.dropLast() }
            let said = AnswerReader.withoutFraming(value.joined(separator: " "))
            guard !said.isEmpty, call.value(parameter.name) != .string(said) else { continue }
            return (parameter.name, .string(said))
        }
        return nil
    }

    /// Words before a named value that add nothing ("and also add a note …").
    static let namingLeads: Set<String> = ["and", "also", "oh", "plus", "then", "please", "could", "you", "can", "actually", "no", "wait"]
    /// Verbs that give a parameter named by its title a value: "add a note", "set the memo to".
    static let namingVerbs: [[String]] = [["add"], ["with"], ["include"], ["put"], ["attach"], ["set"], ["change"], ["make"], ["use"]]
    static let namingArticles: Set<String> = ["a", "an", "the", "this", "my", "that"]
    /// Words between the title and its value: "a note saying …", "set the memo to …".
    static let namingLinks: [[String]] = [["that", "says"], ["which", "says"], ["saying"], ["reading"], ["of"], ["to"], ["as"], ["is"]]

    /// "4" or "4:30" said to change a date that has a time of day: the clock time "at 4", which
    /// a bare number alone does not say; nil for any other words, or for a date with no time.
    static func clockHourSaid(_ text: String, changing given: JSONValue, reader: AnswerReader) -> String? {
        guard let before = given.stringValue.flatMap(LocalDateTime.init(iso8601:)), before.hour != 0 || before.minute != 0,
            case .none = reader.value(text, as: .date), reader.coversAllWords(text, as: .double) || text.contains(":")
        else { return nil }
        let atThatHour = "at " + text
        guard reader.coversAllWords(atThatHour, as: .date) else { return nil }
        return atThatHour
    }

    /// A date said to change another: a time said alone keeps the day (``keepingDay(of:in:said:reader:)``),
    /// a day said alone the time of day (``keepingTimeOfDay(of:in:said:)``).
    static func keepingDayAndTime(of given: JSONValue, in value: JSONValue, said text: String, reader: AnswerReader) -> JSONValue {
        keepingTimeOfDay(of: given, in: keepingDay(of: given, in: value, said: text, reader: reader), said: text)
    }

    /// "make it 1 pm" for lunch at noon on Friday: a time said alone goes on the day the date
    /// had (``DateKeeping/keepingDay(of:in:reread:)``).
    static func keepingDay(of given: JSONValue, in value: JSONValue, said text: String, reader: AnswerReader) -> JSONValue {
        guard let before = given.stringValue.flatMap(LocalDateTime.init(iso8601:)),
            let after = value.stringValue.flatMap(LocalDateTime.init(iso8601:))
        else { return value }
        let kept = DateKeeping.keepingDay(of: before, in: after, said: text) { reference in
            var onThatDay = reader
            onThatDay.now = reference
            guard case .value(let again) = onThatDay.value(text, as: .date) else { return nil }
            return again.stringValue.flatMap(LocalDateTime.init(iso8601:))
        }
        return kept == after ? value : .string(kept.iso8601)
    }

    /// "no, tomorrow instead" for lunch at noon on Friday: a day said alone (read as midnight,
    /// no midnight said) keeps the time of day the date had.
    static func keepingTimeOfDay(of given: JSONValue, in value: JSONValue, said text: String) -> JSONValue {
        guard let before = given.stringValue.flatMap(LocalDateTime.init(iso8601:)),
            let after = value.stringValue.flatMap(LocalDateTime.init(iso8601:))
        else { return value }
        let kept = DateKeeping.keepingTimeOfDay(of: before, in: after, said: text)
        return kept == after ? value : .string(kept.iso8601)
    }

    /// "twelve dollars fifty" answered for a plain number keeps its currency: it goes into the
    /// intent's optional currency parameter, an enum whose case ids are ISO codes (`usd`,
    /// `eur`), when there is one and nothing set it yet.
    private func keepCurrency(of text: String, reader: AnswerReader, into call: inout PendingCall) {
        guard let code = reader.currency(in: text) else { return }
        keepCurrency(code, into: &call)
    }

    /// The currency `code` (ISO, any case) in the intent's optional currency parameter, when
    /// there is one and nothing set it yet.
    private func keepCurrency(_ code: String, into call: inout PendingCall) {
        let code = code.lowercased()
        let library = registry.router.library
        for parameter in call.intent.parameters where call.value(parameter.name) == nil {
            guard case .enumeration(let type) = parameter.type,
                library.app(call.intent.appID)?.enumType(type)?.cases.contains(where: { $0.id == code }) == true
            else { continue }
            call.set(parameter.name, Value.enumCase(code).json)
            return
        }
    }

    /// An answer for a date that needs a time, put together with what was given before: a
    /// time alone ("9 am") goes on the day already said; a day alone ("friday") keeps the
    /// time already said; a day and a time replace both. Nil when the words are no date.
    private func readDate(_ said: String, for parameter: ParameterDefinition, given: JSONValue?, meal: String? = nil, reader: AnswerReader)
        -> LocalDateTime?
    {
        // "friday at 8" for a dinner: the hour of the meal the title names, as "dinner friday at
        // 8" said whole reads it. Only words that are a date without it ("actually make it
        // dinner with maria" is none, though "lunch" before it would make one).
        var text = said
        if let meal, case .value = reader.value(said, as: .date), case .value = reader.value(meal + " " + said, as: .date) {
            text = meal + " " + said
        }
        guard case .value(let read) = reader.value(text, as: .date), let answer = read.stringValue.flatMap(LocalDateTime.init(iso8601:)) else {
            return nil
        }
        guard let before = given?.stringValue.flatMap(LocalDateTime.init(iso8601:)) else { return answer }
        let beforeHasTime = before.hour != 0 || before.minute != 0 || before.second != 0
        let answerHasTime = answer.hour != 0 || answer.minute != 0 || answer.second != 0 || Self.saysMidnight(text)
        if !beforeHasTime, answerHasTime {
            // Read again on the day given, unless the answer names a day of its own ("tomorrow
            // at 9"): from 7 in the morning first, so that a bare "at 3" is 3 PM, as people
            // mean for an event; then from midnight, for "6:30 am".
            for hour in [7, 0] {
                var onThatDay = reader
                onThatDay.now = LocalDateTime(year: before.year, month: before.month, day: before.day, hour: hour)
                guard case .value(let again) = onThatDay.value(text, as: .date),
                    let timed = again.stringValue.flatMap(LocalDateTime.init(iso8601:)),
                    (timed.year, timed.month, timed.day) == (before.year, before.month, before.day)
                else { continue }
                return timed
            }
            return answer
        }
        if beforeHasTime, !answerHasTime {
            return LocalDateTime(year: answer.year, month: answer.month, day: answer.day, hour: before.hour, minute: before.minute, second: before.second)
        }
        return answer
    }

    /// Reads a text answer for `parameter` into `call`; returns the next question when the
    /// words fit several values (a choice among them).
    private func read(_ text: String, for parameter: ParameterDefinition, into call: inout PendingCall, question: Question)
        async throws(RPCError) -> Question?
    {
        let name = parameter.name
        let reader = AnswerReader(router: registry.router, now: call.now)
        // "i don't know" or "help" to "What's the event called?" was the event's title: the
        // question stays, with what it needs (and the options, where there are some).
        if AnswerReader.isNoAnswer(text) { throw invalidAnswer(question, expected: expected(by: question, for: parameter), noAnswer: true) }
        // "how big are they" to "How many soups?" set the size to large, and "what do you need"
        // to "What's the title of the book?" became the title. A question back is no value; the
        // question stays, with its options, or the words are a request of their own
        // (``answer(_:client:)``).
        if AnswerReader.asksSomething(text, freeText: parameter.type == .string || parameter.type == .list(.string)) {
            throw invalidAnswer(question, expected: expected(by: question, for: parameter), noAnswer: true)
        }
        // Free text takes any words, so a request said instead of the answer would become the
        // text: "add milk to my groceries list" to "What would you like to add?" (the same
        // request said whole) and "show my tasks" (a request that only reads) are requests of
        // their own (``answer(_:client:)``). Others stay the text: "book a haircut" is a task.
        if parameter.type == .string || parameter.type == .list(.string), let request = await requestOfItsOwn(text),
            request.intent?.id == call.intent.id ? request.parameters.contains { $0.name == name } : request.intent?.effect == .readOnly && request.status == .complete
        {
            throw invalidAnswer(question, expected: expected(by: question, for: parameter))
        }
        // "20 dollars" to "What did you spend on?" was the title "20 dollars": an answer that is
        // all an amount or a date is that value, and the question is asked again.
        if parameter.type == .string, let (other, value) = wholeValueOfAnotherParameter(text, besides: parameter, in: call, reader: reader) {
            call.set(other, value)
            call.defaulted.remove(other)
            keepCurrency(of: text, reader: reader, into: &call)
            return question
        }
        // "buy milk to my groceries list for tomorrow" to "What would you like to add?": the
        // text, and the list and the day it also says, as the request would have read them.
        if parameter.type == .string, let read = await readAsRequest(text, for: parameter, in: call) {
            for (other, value) in read {
                call.set(other, value)
                call.defaulted.remove(other)
            }
            return nil
        }
        let titles = call.parameters.compactMap { $0.1.stringValue }
        if parameter.needsTime, parameter.type == .date,
            let date = readDate(text, for: parameter, given: call.value(name), meal: reader.mealNamed(in: titles), reader: reader)
        {
            call.set(name, .string(date.iso8601))
            if Self.saysMidnight(text) { call.midnightMeant.insert(name) }
            // "at 3 uptown for 90 minutes" to "At what time?": the rest is kept too.
            for said in valuesSaid(in: text, besidesValue: .string(date.iso8601), of: parameter, call: call, reader: reader) ?? [] {
                call.set(said.name, said.value)
            }
            return nil
        }
        // "lunch with sam tomorrow at noon" to "What's the event called?": the title, and the
        // start it also says, as the request would have read them. Only the intent's first
        // date, while it has none ("lunch on friday" is no end date for an event that has a start).
        if parameter.type == .string, let date = call.intent.parameters.first(where: { $0.type == .date }),
            call.value(date.name) == nil || call.defaulted.contains(date.name),
            let (title, value) = reader.textEndingInValue(text, of: .date, inThePast: date.inThePast)
        {
            call.set(name, .string(AnswerReader.withoutFraming(textBeforeAmount(title, into: &call, reader: reader) ?? title)))
            call.set(date.name, value.json)
            call.defaulted.remove(date.name)
            if Self.saysMidnight(text) { call.midnightMeant.insert(date.name) }
            return nil
        }
        // "coffee for 4 dollars" to "What did you spend on?": the text, and the price it also
        // says, which was taken into the text and asked for next.
        if parameter.type == .string, let title = textBeforeAmount(text, into: &call, reader: reader) {
            call.set(name, .string(AnswerReader.withoutFraming(title)))
            return nil
        }
        var reading =
            parameter.type.elementType == .file && !parameter.type.isList
            ? reader.file(text, types: parameter.fileTypes, directory: parameter.fileDirectory)
            : reader.value(text, as: parameter.type)
        // "the quarterly review to 11" names "quarterly review", not also "review".
        if case .candidates(let values) = reading, let widest = reader.widestSaid(in: text, among: values.map(\.displayText)) {
            reading = .value(values[widest].json)
        }
        switch reading {
        case .value(let value):
            // "make it 11" to "What's the event called?" after "at 2 pm": free text fits any
            // words, but these change the time said before; the question stays.
            if parameter.type.elementType == .string, let (other, corrected) = correction(text, of: call, reader: reader), other != name,
                call.intent.parameter(other)?.type.elementType != .string
            {
                call.set(other, corrected)
                call.ambiguities.removeAll { $0.name == other }
                return question
            }
            // "send 20 euros to sarah" to "How many soups?" holds a number, but it is a request
            // of its own: it takes over (``answer(_:client:)``) rather than order 20 soups. So
            // does the same request said anew with another value ("i want two large tomato
            // soups" while Chicken Noodle waits for its number), rather than lose "tomato".
            if parameter.type != .string, !Self.saysOnly(value, text, as: parameter.type, reader: reader),
                let request = await requestOfItsOwn(text),
                request.intent?.id != call.intent.id
                    || request.parameters.contains(where: { said in said.name != name && call.value(said.name).map { $0 != said.value.json } ?? false })
            {
                throw invalidAnswer(question, expected: expected(by: question, for: parameter))
            }
            if let typed = Value(json: value, as: parameter.type), parameter.rangeProblem(typed) != nil {
                throw invalidAnswer(question, expected: parameter.rangeExpectation)
            }
            call.outOfRange[name] = nil
            call.set(name, value)
            call.ambiguities.removeAll { $0.name == name }
            keepCurrency(of: text, reader: reader, into: &call)
            // "3 large ones" to "How many soups?", "uptown on friday at 3" to "Which location?":
            // what is said with the value is kept.
            let besidesRead = valuesSaid(in: text, besidesValue: value, of: parameter, call: call, reader: reader)
            // "50 to john for dinner" to "How much?": words the ways above cannot link (free
            // text) are read as the request would read them, rather than dropped.
            let unread = besidesRead.map(\.isEmpty) ?? (TextNormalizer().words(text).count > 1 && !reader.coversAllWords(text, as: parameter.type))
            if unread, parameter.type != .string,
                let read = await readAsRequest(text, for: parameter, in: call, onlyNaming: false),
                read.contains(where: { $0.0 == name && Self.sameValue($0.1, value) })
            {
                for (other, said) in read where other != name {
                    call.set(other, said)
                    call.defaulted.remove(other)
                }
                return nil
            }
            let besides = besidesRead ?? []
            for said in besides { call.set(said.name, said.value) }
            if besidesRead?.isEmpty == true { call.unusedInAnswer = unusedWords(of: text, besidesValue: value, of: parameter, reader: reader) }
            if besides.isEmpty, let said = caseOfAnotherEnum(text, in: call, reader: reader) { call.set(said.name, said.value) }
            return nil
        case .candidates(let values):
            // "check off buy milk" to "Which task should I delete?": the name said is in a
            // request of its own, which takes over rather than be asked which one to delete.
            if !values.contains(where: { Self.saysOnly($0.json, text, as: parameter.type, reader: reader) }), let request = await requestOfItsOwn(text),
                request.intent?.id != call.intent.id
            {
                throw invalidAnswer(question, expected: expected(by: question, for: parameter))
            }
            let choices = values.enumerated().map { Choice(index: $0.offset + 1, title: $0.element.displayText, value: $0.element.json) }
            return Question(kind: .choice, parameter: name, prompt: question.prompt, choices: choices)
        case .none:
            // "make it minestrone" or "actually, to sarah" to "How many soups?": what was said
            // before is corrected, and the question stays.
            if let (other, value) = correction(text, of: call, reader: reader), other != name {
                call.set(other, value)
                call.ambiguities.removeAll { $0.name == other }
                return question
            }
            if let aside = valueOfAnotherParameter(text, besides: parameter, in: call, reader: reader) {
                // "remind me next week to call mom" holds a date but is a request of its own: it
                // takes over (``answer(_:client:)``), as any request does.
                if await isRequestOfItsOwn(text) { throw invalidAnswer(question, expected: expected(by: question, for: parameter)) }
                // "next tuesday at 3" to "Which location?": the date is kept, the location asked again.
                call.set(aside.name, aside.value)
                call.defaulted.remove(aside.name)
                return question
            }
            if parameter.type == .file {
                throw invalidAnswer(question, expected: FileTypes.noun(parameter.fileTypes))
            }
            guard case .entity(let type) = parameter.type else {
                throw invalidAnswer(question, expected: expected(by: question, for: parameter))
            }
            var found = (try? await query(EntityQuery(entityType: type, kind: .string(text), limit: 10)).entities) ?? []
            // "check off buy milk" to "Which task should I delete?": the name is said in a
            // request of its own, which takes over; a name said whole is still the answer.
            if let named = found.first(where: { Self.saysOnly(Value.entity($0.reference).json, text, as: parameter.type, reader: reader) }) {
                found = [named]
            } else if let request = await requestOfItsOwn(text), request.intent?.id != call.intent.id {
                throw invalidAnswer(question, expected: expected(by: question, for: parameter))
            }
            guard !found.isEmpty else { throw invalidAnswer(question, expected: expected(by: question, for: parameter)) }
            if found.count == 1 {
                // Found by name, though not among the choices the router offered: the value is
                // settled, so that question is not asked again.
                call.set(name, Value.entity(found[0].reference).json)
                call.ambiguities.removeAll { $0.name == name }
                return nil
            }
            let choices = found.enumerated().map {
                Choice(index: $0.offset + 1, title: $0.element.title, value: Value.entity($0.element.reference).json)
            }
            return Question(kind: .choice, parameter: name, prompt: question.prompt, choices: choices)
        }
    }

    /// Whether `text` says `value` and nothing else: an entity by its title ("the martian"), any
    /// other type by words the taggers read whole as one ("twenty dollars").
    static func saysOnly(_ value: JSONValue, _ text: String, as type: ValueType, reader: AnswerReader) -> Bool {
        guard case .entity = type.elementType else { return reader.coversAllWords(text, as: type) }
        let normalizer = TextNormalizer()
        func named(_ words: [String]) -> [String] { Array(words.drop { AnswerReader.articles.contains($0) }) }
        let titles = (value.arrayValue ?? [value]).compactMap { $0["title"]?.stringValue }
        return titles.contains { named(normalizer.words($0)) == named(normalizer.words(text)) }
    }

    /// The words of a free-text answer before the amount of money that ends it, the amount put
    /// into the call's first price with no value (an amount, or a number with the currency in
    /// the optional currency parameter); nil when no amount ends it or no price is missing.
    private func textBeforeAmount(_ text: String, into call: inout PendingCall, reader: AnswerReader) -> String? {
        guard
            let price = call.intent.parameters.first(where: {
                ($0.type == .currencyAmount || $0.type == .double) && call.value($0.name) == nil
            }),
            let (title, value) = reader.textEndingInValue(text, of: .currencyAmount), case .currencyAmount(let money) = value
        else { return nil }
        if price.type == .currencyAmount {
            call.set(price.name, value.json)
        } else {
            call.set(price.name, .number(money.amount))
            keepCurrency(money.currency, into: &call)
        }
        return title
    }

    /// An answer to a text question that is all an amount of money ("20 dollars", not a bare
    /// number) or all a date, for another parameter with no value yet or only its default.
    func wholeValueOfAnotherParameter(_ text: String, besides asked: ParameterDefinition, in call: PendingCall, reader: AnswerReader)
        -> (name: String, value: JSONValue)?
    {
        for other in call.intent.parameters where other.name != asked.name && !other.type.isList {
            guard call.value(other.name) == nil || call.defaulted.contains(other.name) else { continue }
            switch other.type {
            case .currencyAmount, .double:
                guard reader.coversAllWords(text, as: .currencyAmount), !reader.coversAllWords(text, as: .int),
                    case .value(let money) = reader.value(text, as: .currencyAmount), let amount = money["amount"]?.numberValue
                else { continue }
                return (other.name, other.type == .double ? .number(amount) : money)
            case .date:
                // "lunch" to "What did you spend on?" is what was bought, not noon.
                guard reader.coversAllWords(text, as: .date), !reader.namesOnlyAMeal(text),
                    case .value(let date) = reader.value(text, as: .date)
                else { continue }
                return (other.name, date)
            default: continue
            }
        }
        return nil
    }

    /// An answer that is no value of the parameter asked about but, said aside, one of another
    /// parameter of the call that has none yet, or only its default: a date, a duration, an
    /// amount, an enum case, a known entity, or a length in a number's unit ("for 90 minutes" to
    /// "When would you like it?" for a massage of 60 by default), whose words cannot be
    /// mistaken for free text.
    func valueOfAnotherParameter(_ text: String, besides asked: ParameterDefinition, in call: PendingCall, reader: AnswerReader)
        -> (name: String, value: JSONValue)?
    {
        for other in call.intent.parameters
        where other.name != asked.name && (call.value(other.name) == nil || call.defaulted.contains(other.name)) && !other.type.isList {
            switch other.type.elementType {
            case .date, .duration, .currencyAmount, .enumeration, .entity: break
            case .int:
                guard let count = countOfUnit(TextNormalizer().words(text), for: other.name, in: call, reader: reader) else { continue }
                if let typed = Value(json: .number(count), as: other.type), other.rangeProblem(typed) != nil { continue }
                return (other.name, .number(count))
            case .person:
                // "to john" to "How much?": the recipient, when the words are a person and no more.
                var words = TextNormalizer().words(text)
                if words.count > 1, Self.followUpLinkWords.contains(words[0]) { words.removeFirst() }
                guard reader.coversAllWords(words.joined(separator: " "), as: .person),
                    case .value(let value) = reader.value(words.joined(separator: " "), as: .person)
                else { continue }
                return (other.name, value)
            default: continue
            }
            guard case .value(let value) = reader.value(text, as: other.type) else { continue }
            if let typed = Value(json: value, as: other.type), other.rangeProblem(typed) != nil { continue }
            return (other.name, value)
        }
        return nil
    }

    /// The words of a choice's answer besides the choice's title, read as other values
    /// (``valuesSaid(in:besides:of:reader:)``). Only when the title was said: "the 2nd one"
    /// chooses by place, and is no day.
    func valuesSaidBeside(_ choice: Choice, in text: String, of call: PendingCall, reader: AnswerReader) -> [(name: String, value: JSONValue)] {
        let normalizer = TextNormalizer()
        let words = normalizer.words(text)
        let title = normalizer.words(choice.title)
        guard !title.isEmpty, let said = words.firstRange(of: title) else { return [] }
        return valuesSaid(in: words, besides: said, of: call, reader: reader)
    }

    /// The words of an answer besides the value asked for, read as values of the call's other
    /// parameters ("friday at 3 uptown" to "Which location?"), or nil when the value's own words
    /// cannot be told: the widest span that is all a date, length, amount or number, or the
    /// narrowest that names the enum case or entity given.
    func valuesSaid(in text: String, besidesValue value: JSONValue, of parameter: ParameterDefinition, call: PendingCall, reader: AnswerReader)
        -> [(name: String, value: JSONValue)]?
    {
        let words = TextNormalizer().words(text)
        guard let given = span(of: value, in: words, as: parameter, reader: reader), given.count < words.count else { return nil }
        return valuesSaid(in: words, besides: given, of: call, reader: reader)
    }

    /// The words of `words` that say `value`: the widest span that is all a date, length,
    /// amount or number, or the narrowest that names the enum case or entity; nil when they
    /// cannot be told, or the answer is longer than ``mostWordsReadAsValues``.
    func span(of value: JSONValue, in words: [String], as parameter: ParameterDefinition, reader: AnswerReader) -> Range<Int>? {
        guard words.count <= Self.mostWordsReadAsValues else { return nil }
        let spans = words.indices.flatMap { start in (start + 1...words.count).map { start..<$0 } }
        switch parameter.type {
        case .date, .duration, .currencyAmount, .int, .double:
            return spans.sorted { $0.count > $1.count }.first { reader.coversAllWords(words[$0].joined(separator: " "), as: parameter.type) }
        case .enumeration, .entity, .person:
            return spans.sorted { $0.count < $1.count }.first { span in
                guard case .value(let read) = reader.value(words[span].joined(separator: " "), as: parameter.type) else { return false }
                return read == value
            }
        default: return nil
        }
    }

    /// The words of an answer besides those that say `value`, as the runs they were said in
    /// ("yesterday at starbucks" of "4.50 yesterday at starbucks" to "How much was it?"); none
    /// when they are only articles and closers ("3 of them please").
    func unusedWords(of text: String, besidesValue value: JSONValue, of parameter: ParameterDefinition, reader: AnswerReader) -> [String] {
        let words = TextNormalizer().words(text)
        guard let given = span(of: value, in: words, as: parameter, reader: reader) else { return [] }
        let filler = AnswerReader.articles.union(AnswerReader.answerClosers).union(["ones", "of", "them", "it", "and"])
        guard !words.indices.allSatisfy({ given.contains($0) || filler.contains(words[$0]) }) else { return [] }
        return [words[..<given.lowerBound], words[given.upperBound...]].filter { !$0.isEmpty }.map { $0.joined(separator: " ") }
    }

    /// `words` but those in `given` read as values of parameters with no value yet (or only
    /// their default): a date, duration or amount ("tomorrow at 3"), a number in the unit the
    /// intent's phrases give it ("30 minutes of yoga"), an enum case, a known entity or a person
    /// ("downtown" in "a haircut at downtown tomorrow"); then a name of a parameter that has a
    /// value already changes it ("massage" in "massage uptown" to "Which location?" after a
    /// haircut). All or nothing: every other word must be one that links them ("at", "on",
    /// "for") or an article, so no word is read twice or dropped.
    func valuesSaid(in words: [String], besides given: Range<Int>, of call: PendingCall, reader: AnswerReader) -> [(name: String, value: JSONValue)] {
        guard given.count < words.count, words.count <= Self.mostWordsReadAsValues else { return [] }
        let open = call.intent.parameters.filter { (call.value($0.name) == nil || call.defaulted.contains($0.name)) && !$0.type.isList }
        var taken = Set(given)
        var found: [(name: String, value: JSONValue)] = []
        /// The spans of the words not read yet, widest first or narrowest first.
        func spans(widestFirst: Bool) -> [Range<Int>] {
            var all: [Range<Int>] = []
            for start in words.indices where !taken.contains(start) {
                var end = start
                while end < words.count, !taken.contains(end) {
                    end += 1
                    all.append(start..<end)
                }
            }
            return all.sorted { widestFirst ? $0.count > $1.count : $0.count < $1.count }
        }
        func phrase(_ span: Range<Int>) -> String { words[span].joined(separator: " ") }
        func startsWithLink(_ span: Range<Int>) -> Bool { Self.valueLinks.contains(words[span.lowerBound]) || AnswerReader.articles.contains(words[span.lowerBound]) }
        // Dates, lengths and amounts take their widest span ("tomorrow at 3", not "3").
        for parameter in open where [.date, .duration, .currencyAmount].contains(parameter.type) {
            for span in spans(widestFirst: true) where !startsWithLink(span) || span.count > 1 {
                guard reader.coversAllWords(phrase(span), as: parameter.type),
                    case .value(let value) = reader.value(phrase(span), as: parameter.type)
                else { continue }
                found.append((parameter.name, value))
                taken.formUnion(span)
                break
            }
        }
        for parameter in open where parameter.type == .int && unitSaidAfter(parameter.name, in: call) != nil {
            for span in spans(widestFirst: true) {
                guard let count = countOfUnit(Array(words[span]), for: parameter.name, in: call, reader: reader) else { continue }
                found.append((parameter.name, .number(count)))
                taken.formUnion(span)
                break
            }
        }
        // "chicken noodle small 2 please" to "Which soup?": a bare number is the one count the
        // intent still needs, when no other number (an amount, a measure) could take it.
        let counts = open.filter { parameter in parameter.type == .int && !found.contains { $0.name == parameter.name } }
        if counts.count == 1, !open.contains(where: { [.double, .currencyAmount, .duration].contains($0.type) }) {
            // Not "one" of "the tomato one", nor "a".
            for span in spans(widestFirst: true) where span.count == 1 && !AnswerReader.articles.contains(words[span.lowerBound]) {
                guard reader.coversAllWords(phrase(span), as: .int), case .value(let value) = reader.value(phrase(span), as: .int) else { continue }
                found.append((counts[0].name, value))
                taken.formUnion(span)
                break
            }
        }
        let named = open + call.intent.parameters.filter { parameter in !open.contains { $0.name == parameter.name } }
        for parameter in named where !found.contains(where: { $0.name == parameter.name }) {
            switch parameter.type {
            case .enumeration, .entity, .person: break
            default: continue
            }
            for span in spans(widestFirst: false) where !startsWithLink(span) {
                if parameter.type == .person, !reader.coversAllWords(phrase(span), as: .person) { continue }
                guard case .value(let value) = reader.value(phrase(span), as: parameter.type) else { continue }
                if value != call.value(parameter.name) { found.append((parameter.name, value)) }
                taken.formUnion(span)
                break
            }
        }
        let unread = words.indices.filter { !taken.contains($0) }
        guard unread.allSatisfy({ Self.valueLinks.contains(words[$0]) || AnswerReader.articles.contains(words[$0]) }) else { return [] }
        return found
    }

    /// The longest answer whose words are read as several values: each span of its words is
    /// tried, so the work grows with the square of their number.
    static let mostWordsReadAsValues = 16

    /// Words that join values said together in an answer ("at downtown on friday for an hour").
    static let valueLinks: Set<String> = ["at", "on", "in", "for", "from", "to", "with", "by", "and", "of", "around", "ones", "thanks"]

    /// Words that join a length of time to what it is of ("30 minutes of yoga").
    static let unitLinks: Set<String> = ["of", "for"]

    /// "30 minutes", "for an hour and a half": a length of time, all of the words but those that
    /// link it, as a whole number of the unit the intent's phrases say after the number `name`
    /// (``unitSaidAfter(_:in:)``). Nil for other words, or a length no whole number of it.
    func countOfUnit(_ words: [String], for name: String, in call: PendingCall, reader: AnswerReader) -> Double? {
        guard let unit = unitSaidAfter(name, in: call) else { return nil }
        var length = words[...]
        while let last = length.last, Self.unitLinks.contains(last) { length.removeLast() }
        while let first = length.first, Self.unitLinks.contains(first) { length.removeFirst() }
        let duration = length.joined(separator: " ")
        guard !length.isEmpty, reader.coversAllWords(duration, as: .duration), case .value(.number(let seconds)) = reader.value(duration, as: .duration),
            seconds > 0, seconds / unit <= Double(Int32.max), (seconds / unit).rounded() == seconds / unit
        else { return nil }
        return seconds / unit
    }

    /// The seconds in the unit of time a phrase of the call's intent says right after the
    /// number `name` ("{duration} <minutes>", "{length} hours"): 60 for minutes, 3,600 for hours.
    func unitSaidAfter(_ name: String, in call: PendingCall) -> Double? {
        guard let app = registry.router.library.app(call.intent.appID) else { return nil }
        let pattern = "\\{" + name + "\\}\\s+<?([A-Za-z_]+)>?"
        for phrase in app.phrases where phrase.intent == call.intent.id {
            guard let match = phrase.text.range(of: pattern, options: .regularExpression) else { continue }
            var after = phrase.text[match].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
            if after.hasPrefix("<"), let rule = app.rules[String(after.dropFirst().dropLast())] { after = rule.text }
            if after.contains("minute") { return 60 }
            if after.contains("hour") { return 3600 }
            if after.contains("second") { return 1 }
        }
        return nil
    }

    /// "the one by frank herbert" to "Which book?": the choices whose properties (the author,
    /// the list, any text or entity property the app gives) hold every word said but the words
    /// that link them ("by", "from", "about", "in"). One is chosen; several are asked again.
    func choicesByProperty(_ text: String, among choices: [Choice], of type: String) async -> [Choice] {
        let normalizer = TextNormalizer()
        let said = normalizer.words(text).filter { !Self.propertyLinkWords.contains($0) }
        guard !said.isEmpty else { return [] }
        // What the app says of them, and what its phrase files do.
        let appID = String(type.prefix { $0 != "." })
        let records = await suggestedEntities(type) + (registry.router.library.app(appID)?.entityType(type)?.values ?? [])
        if let pick = Self.choiceBySuperlative(said, among: choices, records: records) { return [pick] }
        let fits = choices.filter { choice in
            guard let id = choice.value?["id"]?.stringValue else { return false }
            var words: Set<String> = []
            for record in records where record.id == id {
                words.formUnion(propertyWords(of: record, normalizer: normalizer))
            }
            return said.allSatisfy(words.contains)
        }
        return fits
    }

    /// "the newest one" to "Which book?", "the cheapest" to "Which soup?": the choice with the
    /// latest or earliest date, or the lowest or highest price, of a property every choice has
    /// (a date property named for publishing or starting first, a number named for price or
    /// cost first). Nil for other words, or when no such property sets one choice apart.
    static func choiceBySuperlative(_ said: [String], among choices: [Choice], records: [EntityRecord]) -> Choice? {
        let words = said.filter { $0 != "most" && $0 != "the" }
        guard words.count == 1, let (kind, highest) = superlatives[words[0]] else { return nil }
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let chosen = choices.compactMap { choice in choice.value?["id"]?.stringValue.flatMap { byID[$0] }.map { (choice, $0) } }
        guard chosen.count == choices.count, choices.count > 1 else { return nil }
        func key(_ value: Value) -> Double? {
            func seconds(_ date: LocalDateTime) -> Double {
                Double(((date.year * 12 + date.month) * 31 + date.day) * 86_400 + date.hour * 3_600 + date.minute * 60 + date.second)
            }
            switch (kind, value) {
            case (.date, .date(let date)): return seconds(date)
            // An app's entities may give a date as its text ("2011-02-11").
            case (.date, .string(let text)):
                return (LocalDateTime(iso8601: text) ?? LocalDateTime(iso8601: text + "T00:00:00")).map(seconds)
            case (.number, .double(let number)): return number
            case (.number, .int(let number)): return Double(number)
            default: return nil
            }
        }
        let names = Set(chosen.flatMap { $0.1.properties.compactMap { key($0.value) != nil ? $0.key : nil } })
        let preferred = kind == .date ? ["published", "start", "date", "created"] : ["price", "cost", "amount"]
        let ordered = names.sorted { a, b in
            let rank = { (name: String) in preferred.firstIndex { name.lowercased().contains($0) } ?? preferred.count }
            return (rank(a), a) < (rank(b), b)
        }
        for name in ordered {
            let keyed = chosen.compactMap { pair in pair.1.properties[name].flatMap(key).map { (pair.0, $0) } }
            guard keyed.count == chosen.count else { continue }
            let sorted = keyed.sorted { $0.1 < $1.1 }
            guard let best = highest ? sorted.last : sorted.first,
                keyed.filter({ $0.1 == best.1 }).count == 1
            else { return nil }
            return best.0
        }
        return nil
    }

    enum SuperlativeKind { case date, number }
    /// Words that pick a choice by a date or a price, and whether the highest is meant.
    static let superlatives: [String: (SuperlativeKind, Bool)] = [
        "newest": (.date, true), "latest": (.date, true), "recent": (.date, true), "oldest": (.date, false), "earliest": (.date, false),
        "cheapest": (.number, false), "expensive": (.number, true), "priciest": (.number, true), "dearest": (.number, true),
    ]

    /// The words of an entity's text, entity and enum properties.
    private func propertyWords(of record: EntityRecord, normalizer: TextNormalizer) -> Set<String> {
        var words: Set<String> = []
        for value in record.properties.values {
            switch value {
            case .string(let string): words.formUnion(normalizer.words(string))
            case .entity(let reference): words.formUnion(normalizer.words(reference.title) + normalizer.words(reference.id))
            case .enumCase(let id): words.formUnion(TextNormalizer.identifierWords(id))
            default: continue
            }
        }
        return words
    }

    /// Words of a choice described by its properties that name none ("the one by ...").
    static let propertyLinkWords: Set<String> = [
        "the", "one", "a", "an", "that", "which", "is", "by", "from", "about", "in", "on", "with", "written", "called", "of", "it",
        "please", "book", "task", "event", "list", "shelf", "my", "i", "mean", "um", "uh",
    ]

    /// A case of an enum parameter with no value yet named among the words of an answer that
    /// chose something else ("large" in "the large tomato one"): one case of one parameter.
    func caseOfAnotherEnum(_ text: String, in call: PendingCall, reader: AnswerReader) -> (name: String, value: JSONValue)? {
        for parameter in call.intent.parameters where call.value(parameter.name) == nil {
            guard case .enumeration = parameter.type, case .value(let value) = reader.value(text, as: parameter.type) else { continue }
            return (parameter.name, value)
        }
        return nil
    }

    private func apply(_ choice: Choice, to call: inout PendingCall, question: Question) throws(RPCError) {
        if let intentID = choice.intent {
            // Only an intent the daemon offered, or one of the same app, can be chosen.
            guard let intent = registry.router.library.intent(intentID),
                call.intentChoices.contains(intentID) || intent.appID == call.intent.appID
            else {
                throw RPCError(.unknownName, "Unknown intent", data: .object([("intent", .string(intentID))]))
            }
            if let reading = call.appReadings[intentID] {
                // The chosen app's own reading: its entities, not the first app's.
                call.parameters = reading.parameters
                call.ambiguities = reading.ambiguities
                call.unresolved = []
            } else {
                call.parameters = call.parameters.filter { intent.parameter($0.0) != nil }
                call.ambiguities = []
                call.unresolved = call.unresolved.filter { intent.parameter($0.name) != nil }
            }
            call.intent = intent
            call.intentChoices = []
            call.appReadings = [:]
            return
        }
        guard let name = question.parameter, let value = choice.value else { throw invalidAnswer(question, expected: "a choice") }
        call.set(name, value)
        call.ambiguities.removeAll { $0.name == name }
    }

    /// What a question wants, in the user's words: the parameter's title, an enum's options,
    /// an entity type's display name; never a type id or a JSON field.
    func expectedAnswer(for parameter: ParameterDefinition) -> String {
        let apps = registry.router.library.apps
        switch parameter.type.elementType {
        case .enumeration(let name):
            guard let definition = apps.lazy.flatMap(\.enums).first(where: { $0.name == name }) else { break }
            let titles = definition.cases.map(\.title)
            let shown = titles.prefix(Self.optionsListed).joined(separator: ", ")
            return "one of: " + shown + (titles.count > Self.optionsListed ? ", …" : "")
        case .entity(let name):
            let display = apps.lazy.flatMap(\.entityTypes).first(where: { $0.name == name })?.displayName ?? parameter.title
            return "the name of " + Spelling.withArticle(display.lowercased())
        case .person:
            // "who can i send it to": the people a name can be, as a choice lists its options.
            let names = registry.router.library.contacts.map(\.person.name)
            guard !names.isEmpty else { break }
            let shown = names.prefix(Self.optionsListed).joined(separator: ", ")
            return "the \(parameter.title.lowercased()), one of your contacts: " + shown + (names.count > Self.optionsListed ? ", …" : "")
        case .int, .double: return "a number (\(parameter.title.lowercased()))"
        case .date: return "a date or time (\(parameter.title.lowercased()))"
        case .duration: return "a duration, such as 20 minutes"
        case .bool: return "yes or no"
        case .file: return FileTypes.noun(parameter.fileTypes)
        default: break
        }
        return "the \(parameter.title.lowercased())"
    }

    /// What `question` wants: its choices when it offers some ("one of: Tomato, Chicken
    /// Noodle, … (or its number)"), else what the parameter takes.
    func expected(by question: Question, for parameter: ParameterDefinition?) -> String {
        guard question.kind == .choice, !question.choices.isEmpty else {
            return parameter.map(expectedAnswer(for:)) ?? "an answer to the question"
        }
        let titles = question.choices.map(\.title)
        let shown = titles.prefix(Self.optionsListed).joined(separator: ", ")
        return "one of: " + shown + (titles.count > Self.optionsListed ? ", …" : "") + " (or its number)"
    }

    /// How many options of an enum a question lists before "…".
    static let optionsListed = 8

    /// `noAnswer`: the words said there is no answer ("i don't know", "help"), so that a client
    /// keeps the question rather than perform them as a request.
    private func invalidAnswer(_ question: Question, expected: String, noAnswer: Bool = false) -> RPCError {
        var data: [(String, JSONValue)] = [("expected", .string(expected)), ("question", question.json)]
        if noAnswer { data.append(("noAnswer", .bool(true))) }
        return RPCError(.invalidAnswer, "Invalid answer", data: .object(data))
    }
}
