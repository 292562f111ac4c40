import IntentModel
import Routing
import Wire

extension Conversation {
    /// Words that point back at what the session's last request showed or made.
    static let pointingWords: [[String]: Int] = [
        ["it"]: 0, ["that"]: 0, ["this"]: 0, ["that", "one"]: 0, ["this", "one"]: 0,
        ["the", "first", "one"]: 0, ["the", "second", "one"]: 1, ["the", "third", "one"]: 2, ["the", "fourth", "one"]: 3,
        ["the", "fifth", "one"]: 4, ["the", "first"]: 0, ["the", "second"]: 1, ["the", "third"]: 2,
    ]
    static let lastOne: Set<[String]> = [["the", "last", "one"], ["the", "last"]]
    /// The pointing words that say no place in a list: "it", "that one".
    static func namesOne(_ words: [String]) -> Bool { pointingWords[words] == 0 && !words.contains { $0 == "first" } }

    /// How many entities a result lists, first among ``entities(of:_:)``: its value when that
    /// is a list, and what it says it shows. "It" picks none of several.
    static func listedCount(_ result: IntentResult) -> Int {
        var count = result.shows?.count ?? 0
        if case .array(let items)? = result.value { count += items.count }
        return count
    }

    /// "send it" after "email john about lunch", "move it to saturday" after "open the dentist
    /// event", "open the second one" after "find books by andy weir": the request read with the
    /// entity the session's last request showed or made in place of the words that point at it.
    ///
    /// Taken only when that reading puts the entity into a parameter of its intent, and reads
    /// at least as well as the words as said; the words as said stay the reading otherwise.
    func readingOfReference(in params: Methods.Run.Parameters, session: String, client: Client, asSaid: RouteResult) async -> RouteResult? {
        let normalizer = TextNormalizer()
        let words = normalizer.words(params.utterance)
        guard let pointer = Self.pointer(in: words) else { return nil }
        let (recalled, listed, list) = await sessions.recalledWithList(session, uid: client.uid)
        // "open it" after "find books by andy weir" names none of the three: it is asked which
        // of them ("the second one" names one, and "the last one" is the last of them).
        let namesOne = Self.namesOne(pointer.range.map { words[$0] })
        let oneOfTheList = listed > 1 && namesOne
        // A place in a list is in the last list shown, though one of it was shown since.
        let inList = !namesOne && list.count > 1
        let pool = inList ? list : recalled
        let index = pointer.index ?? ((inList ? list.count : listed > 0 ? listed : recalled.count) - 1)
        guard pool.indices.contains(index) else { return nil }
        // "archive it" after "forward the invoice to sarah": the forward just made is no
        // message to archive, the invoice it forwarded is. "It" is the entity the last request
        // made or showed first, then the others it held, the newest first.
        var candidates = [index]
        if namesOne, !oneOfTheList, !inList {
            candidates += pool.indices.reversed().filter { $0 != index }.prefix(Self.otherEntitiesTried)
        }
        for candidate in candidates {
            if let reading = await reading(
                words, pointing: pointer.range, at: pool[candidate], recalled: recalled, listed: listed, params: params, session: session,
                client: client, asSaid: asSaid)
            {
                return reading
            }
        }
        return nil
    }

    /// How many other entities of the last request "it" may stand for when the first does not fit.
    static let otherEntitiesTried = 3

    /// The request read with `entity` in place of the words at `pointer` (``readingOfReference(in:session:client:asSaid:)``).
    private func reading(
        _ words: [String], pointing pointer: Range<Int>, at entity: EntityReference, recalled: [EntityReference], listed: Int,
        params: Methods.Run.Parameters, session: String, client: Client, asSaid: RouteResult
    ) async -> RouteResult? {
        let normalizer = TextNormalizer()
        let oneOfTheList = listed > 1 && Self.namesOne(pointer.map { words[$0] })
        let title = normalizer.words(entity.title)
        var replaced = words
        replaced.replaceSubrange(pointer, with: title)
        var reading = await registry.route(replaced.joined(separator: " "), now: params.now, spoken: params.spoken)
        // "delete it" after "complete buy milk": a done task is no longer among the names the
        // router knows, so its title alone reads as nothing. Said after its type's word
        // ("delete task buy milk"), the phrase takes the words as a name of that type.
        var typeWordCount = 0
        if reading.status == .notUnderstood, let typeWords = await typeWords(of: entity, session: session, client: client) {
            var typed = words
            typed.replaceSubrange(pointer, with: typeWords + title)
            reading = await registry.route(typed.joined(separator: " "), now: params.now, spoken: params.spoken)
            typeWordCount = typeWords.count
        }
        guard let intent = reading.intent, reading.status != .notUnderstood,
            asSaid.status == .notUnderstood || reading.confidence >= asSaid.confidence
        else { return nil }
        // The slot that took the words of the entity's title, whatever value the router found
        // for them (a draft made a moment ago is not among the names it knows).
        let start = pointer.lowerBound + typeWordCount
        let covered = start..<(start + title.count)
        let slot = reading.explanation.parses.first { $0.intent.id == intent.id }?.captures.first { $0.range.overlaps(covered) }?.parameter
        guard let name = slot, let parameter = intent.parameter(name), case .entity(let type) = parameter.type.elementType else { return nil }
        // The title read as another known entity ("Re: Invoice 1042", a reply draft, as the
        // message it answers) is no reading of this one: its id would go to the wrong type.
        // Read as no known one, the app says whether the entity is of the slot's type ("open
        // the last one" after the Work list was shown is no task).
        if let found = reading.parameters.first(where: { $0.name == name })?.value {
            guard Self.holdsOnly(entity, found) else { return nil }
        } else if await registry.isConnected(String(type.prefix { $0 != "." })) {
            let known = try? await query(EntityQuery(entityType: type, kind: .identifiers([entity.id]), limit: 1)).entities
            guard known?.isEmpty == false else { return nil }
        }
        reading.parameters.removeAll { $0.name == name }
        reading.unresolved.removeAll { $0.name == name }
        reading.missing.removeAll { $0 == name }
        reading.ambiguities.removeAll { $0.name == name }
        if oneOfTheList {
            reading.ambiguities.append((name, recalled.prefix(listed).map { Value.entity($0) }))
            reading.status = .ambiguous
        } else {
            reading.parameters.append((name, parameter.type.isList ? .list([.entity(entity)]) : .entity(entity)))
            if reading.status == .incomplete, reading.missing.isEmpty { reading.status = .complete }
        }
        reading.utterance = params.utterance
        let pointed = pointer.map { words[$0] }.joined(separator: " ")
        reading.explanation.resolverSteps.append(
            oneOfTheList
                ? "'\(pointed)' refers to one of the \(listed) the session's last request listed"
                : "'\(pointed)' refers to \(entity.title) (\(entity.id)), from the session's last request")
        return reading
    }

    /// Whether `value`, an entity or a list of them, is `entity` alone.
    static func holdsOnly(_ entity: EntityReference, _ value: Value) -> Bool {
        switch value {
        case .entity(let found): found.id == entity.id
        case .list(let items): items.count == 1 && holdsOnly(entity, items[0])
        default: false
        }
    }

    /// The words of the type of `entity` ("task"), read off the call of the session's last
    /// request that held it; nil when no parameter of that call held it.
    private func typeWords(of entity: EntityReference, session: String, client: Client) async -> [String]? {
        let library = registry.router.library
        for (call, _) in await sessions.lastPerformed(session, uid: client.uid).reversed() {
            for parameter in call.intent.parameters {
                guard case .entity(let type) = parameter.type.elementType,
                    call.value(parameter.name)?["id"]?.stringValue == entity.id,
                    let definition = library.app(String(type.prefix { $0 != "." }))?.entityType(type)
                else { continue }
                let words = TextNormalizer().words(TextNormalizer.splittingCamelCase(definition.displayName))
                return words.isEmpty ? nil : words
            }
        }
        return nil
    }

    /// "change the subject to team lunch" right after "email john about lunch": a required
    /// entity the request leaves out is the one the session's last request showed or made,
    /// when that one is of the parameter's type (the app finds it by id). Only one entity
    /// recalled, the latest: a list just shown is not guessed from. Not when the request says
    /// "a" or "another" of its type ("read a book" after Dune was opened asks which). A name
    /// the request said that several entities bear is not left out: the one recalled is taken
    /// only when it is one of them ("check off buy milk" right after adding a second "buy
    /// milk" is the one added), and otherwise the choice stays.
    func fillFromLastRequest(_ call: inout PendingCall, session: String, client: Client) async {
        let recalled = await sessions.recalled(session, uid: client.uid)
        guard recalled.count == 1, let entity = recalled.first else { return }
        let words = TextNormalizer().words(call.utterance ?? "")
        for parameter in call.intent.parameters where parameter.isRequired && call.value(parameter.name) == nil {
            if let ambiguity = call.ambiguities.first(where: { $0.name == parameter.name }) {
                if let named = ambiguity.candidates.first(where: { $0 == .entity(entity) }) {
                    call.set(parameter.name, named.json)
                    call.ambiguities.removeAll { $0.name == parameter.name }
                }
                continue
            }
            guard case .entity(let type) = parameter.type, !call.unresolved.contains(where: { $0.name == parameter.name }),
                !saysAnyOne(of: type, parameter: parameter, in: words)
            else { continue }
            let appID = String(type.prefix { $0 != "." })
            guard await registry.isConnected(appID),
                let found = try? await query(EntityQuery(entityType: type, kind: .identifiers([entity.id]), limit: 1)).entities.first
            else { continue }
            call.set(parameter.name, Value.entity(found.reference).json)
            call.ambiguities.removeAll { $0.name == parameter.name }
        }
    }

    /// Whether `words` ask for any one of an entity type, not a known one: "a", "an" or
    /// "another" before a word of the type's or the parameter's name ("delete a task", "read a
    /// book", "open another event").
    func saysAnyOne(of type: String, parameter: ParameterDefinition, in words: [String]) -> Bool {
        let appID = String(type.prefix { $0 != "." })
        let typeName = registry.router.library.app(appID)?.entityType(type)?.displayName ?? ""
        let normalizer = TextNormalizer()
        let named = Set(normalizer.words(typeName) + normalizer.words(parameter.title) + TextNormalizer.identifierWords(String(type.drop { $0 != "." }.dropFirst())))
        return zip(words, words.dropFirst()).contains { Self.anyOneWords.contains($0) && named.contains($1) }
    }

    static let anyOneWords: Set<String> = ["a", "an", "another"]

    /// Where the words point back, and at which of the remembered entities (nil: the last).
    static func pointer(in words: [String]) -> (range: Range<Int>, index: Int?)? {
        for length in stride(from: 3, through: 1, by: -1) where words.count >= length {
            for start in 0...(words.count - length) {
                let phrase = Array(words[start..<start + length])
                if let index = pointingWords[phrase] { return (start..<start + length, index) }
                if lastOne.contains(phrase) { return (start..<start + length, nil) }
            }
        }
        return nil
    }

    /// The entities a result showed or made (its value, one or a list, and the list it says it
    /// shows), then the call's own entity parameters: what "it" and "the second one" can mean in the next request.
    static func entities(of result: IntentResult, _ call: PendingCall) -> [EntityReference] {
        func reference(_ json: JSONValue) -> EntityReference? {
            guard let id = json["id"]?.stringValue, let title = json["title"]?.stringValue else { return nil }
            return EntityReference(id: id, title: title)
        }
        var found: [EntityReference] = []
        if let value = result.value {
            if case .array(let items) = value { found += items.compactMap(reference) } else if let one = reference(value) { found.append(one) }
        }
        found += (result.shows ?? []).compactMap(reference)
        for (name, value) in call.parameters {
            guard case .entity? = call.intent.parameter(name)?.type.elementType else { continue }
            if case .array(let items) = value { found += items.compactMap(reference) } else if let one = reference(value) { found.append(one) }
        }
        var seen: Set<String> = []
        return found.filter { seen.insert($0.id).inserted }
    }
}
