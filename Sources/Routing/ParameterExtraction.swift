import Foundation
import IntentModel
import Phrases
import Resolvers

/// Turns a parse's captures into typed parameter values, fills defaults, and lists what is missing.
struct ParameterExtraction {
    let utterance: String
    let tokens: [Token]
    let parse: Parse
    let matcher: Matcher
    let context: ResolutionContext
    /// The values tagged in the utterance (only routing passes them: an answer has none).
    var spans: [SlotSpan] = []
    var parameters: [(name: String, value: Value)] = []
    var ambiguities: [(name: String, candidates: [Value])] = []
    var missing: [String] = []
    /// Entity parameters said by a name no known value has, with the name as said.
    var unresolved: [(name: String, text: String)] = []
    /// Values outside their parameter's range, with why; not taken.
    var outOfRange: [(name: String, problem: String)] = []
    var steps: [ResolverStep] = []

    init(utterance: String, tokens: [Token], parse: Parse, matcher: Matcher, context: ResolutionContext) {
        self.utterance = utterance
        self.tokens = tokens
        self.parse = parse
        self.matcher = matcher
        self.context = context
    }

    mutating func run() {
        var values = FoundValues(capacity: parse.intent.parameters.count)
        var datesSaid: [(name: String, range: Range<Int>)] = []
        steps.reserveCapacity(parse.values.count + parse.captures.count + parse.intent.parameters.count)
        func imply(_ name: String, _ raw: JSONValue) {
            guard let parameter = parse.intent.parameter(name), let value = Value(implied: raw, as: parameter.type) else { return }
            values[name] = value
            steps.append(.implied(parameter: name, value: value))
        }
        // In the order of their names; one or none (the most) needs no sorted copy.
        if parse.values.count > 1 {
            for (name, raw) in parse.values.sorted(by: { $0.key < $1.key }) { imply(name, raw) }
        } else {
            for (name, raw) in parse.values { imply(name, raw) }
        }
        for capture in textsKeepingTheirDates(parse.captures) {
            guard let parameter = parse.intent.parameter(capture.parameter) else { continue }
            switch capture.content {
            case .value(let value, _):
                let fitted = fit(inThePast(value, for: parameter, range: capture.range), to: parameter.type)
                if let problem = parameter.rangeProblem(fitted) {
                    outOfRange.append((parameter.name, problem))
                    steps.append(.text("\(parameter.name): \(fitted.displayText) not taken: \(problem)"))
                    continue
                }
                values[parameter.name] = fitted
                steps.append(.tagged(parameter: parameter.name, value: fitted))
                if case .date = fitted { datesSaid.append((parameter.name, capture.range)) }
            case .names(let names, let type):
                func value(_ name: NameMatch) -> Value {
                    if case .enumeration = parameter.type.elementType { return .enumCase(name.id) }
                    return .entity(EntityReference(id: name.id, title: name.title))
                }
                if names.count == 1 || (names.count > 1 && names[0].quality - names[1].quality > 0.05) {
                    values[parameter.name] = fit(value(names[0]), to: parameter.type)
                    steps.append(.name(parameter: parameter.name, type: type, name: names[0]))
                } else {
                    ambiguities.append((parameter.name, names.map(value)))
                    steps.append(.names(parameter: parameter.name, type: type, names: names))
                }
            case .freeText:
                var range = capture.range
                if case .string = parameter.type, let closing = dateClosingText(range) {
                    values[closing.parameter.name] = fit(inThePast(closing.value, for: closing.parameter, range: closing.dateRange), to: closing.parameter.type)
                    steps.append(.text("\(closing.parameter.name): the date that closes the text, '\(tokens[closing.dateRange].map(\.text).joined(separator: " "))'"))
                    range = range.lowerBound..<closing.textEnd
                }
                let text = withItsGathering(freeText(range), before: range)
                guard !text.isEmpty else { continue }
                if parameter.type.elementType == .file {
                    // A path, or a name in the parameter's folder, of the kinds it accepts;
                    // when none fits, the value stays missing and the user is asked.
                    let resolution = ResolverChain.resolveFile(text, types: parameter.fileTypes, directory: parameter.fileDirectory)
                    take(resolution, for: parameter, described: "file '\(text)'", into: &values)
                    continue
                }
                if case .entity(let type) = parameter.type.elementType {
                    resolveEntityName(superlative(before: capture.range) + text, type: type, for: parameter, into: &values)
                    continue
                }
                values[parameter.name] = fit(.string(text), to: parameter.type)
                steps.append(.freeText(parameter: parameter.name, text: text))
            }
        }
        alignTheDaysOfRanges(&values)
        if !datesSaid.isEmpty { keepTheDatesOfEntities(&values, said: datesSaid) }
        // The values found, then the defaults, in the order of the intent's parameters: in
        // the buffer the values were found in.
        parameters = values.pairs
        values = FoundValues(capacity: 0)
        for parameter in parse.intent.parameters {
            if parameters.contains(where: { $0.name == parameter.name }) {
                continue
            } else if unresolved.contains(where: { $0.name == parameter.name }) {
                // Asked about even when optional: the user named one.
                missing.append(parameter.name)
            } else if ambiguities.contains(where: { $0.name == parameter.name }) {
                continue
            } else if let defaultValue = parameter.defaultValue {
                parameters.append((parameter.name, defaultValue.resolve(now: context.now)))
                steps.append(.defaulted(parameter: parameter.name))
            } else if parameter.isRequired {
                missing.append(parameter.name)
            }
        }
        // Into the intent's order, in place: each parameter's value swapped to the next place.
        var next = 0
        for parameter in parse.intent.parameters {
            guard let found = parameters[next...].firstIndex(where: { $0.name == parameter.name }) else { continue }
            parameters.swapAt(next, found)
            next += 1
        }
    }

    /// A date said for an `inThePast` parameter, read again as the day just past when the
    /// utterance was read toward the future ("photos from october" is last October).
    func inThePast(_ value: Value, for parameter: ParameterDefinition, range: Range<Int>) -> Value {
        guard parameter.inThePast, context.prefersFuture, case .date(let read) = value, read > context.now else { return value }
        var past = context
        past.prefersFuture = false
        let text = tokens[range].map(\.text).joined(separator: " ")
        guard case .resolved(let candidates) = ResolverChain().resolve(text, as: .date, context: past),
            case .date(let again)? = candidates.first?.value, again <= read
        else { return value }
        return .date(again)
    }

    /// Takes the one reading of a resolution, or every reading within a hair of the best as
    /// an ambiguity; returns false when it failed.
    @discardableResult
    mutating func take(_ resolution: Resolution, for parameter: ParameterDefinition, described: String, into values: inout FoundValues) -> Bool {
        switch resolution {
        case .resolved(let candidates):
            if candidates.count > 1, candidates[0].confidence - candidates[1].confidence < 0.05 {
                ambiguities.append((parameter.name, candidates.map(\.value)))
                steps.append(.text("\(parameter.name): \(described) ambiguous"))
            } else if let best = candidates.first {
                values[parameter.name] = fit(best.value, to: parameter.type)
                steps.append(.text("\(parameter.name): \(described)"))
            }
            return !candidates.isEmpty
        case .failed(let reason):
            steps.append(.text("\(parameter.name): \(reason)"))
            return false
        }
    }

    /// "jot down call mom tomorrow", "expense 40 dollars for dinner yesterday": free text that
    /// ends in a sure date, in a parse that gives the intent's date parameter nothing, gives
    /// it that date and keeps the words before it, read as an answer's text is
    /// (``TextEnding``): a word that links the date ("on", "by", "due") goes with it; nothing
    /// when the words before would hang ("plan for next week"), hold no content word, or the
    /// date is a meal alone ("team lunch").
    func dateClosingText(_ range: Range<Int>) -> (parameter: ParameterDefinition, value: Value, dateRange: Range<Int>, textEnd: Int)? {
        guard !spans.isEmpty,
            let parameter = parse.intent.parameters.first(where: { if case .date = $0.type { true } else { false } }),
            parse.values[parameter.name] == nil, !parse.captures.contains(where: { $0.parameter == parameter.name })
        else { return nil }
        var date: SlotSpan?
        for span in spans where span.range.upperBound == range.upperBound && span.range.lowerBound > range.lowerBound && span.confidence >= 0.9 {
            guard case .date = span.type, span.range.lowerBound < (date?.range.lowerBound ?? .max) else { continue }
            date = span
        }
        guard let date, !date.range.allSatisfy({ TextEnding.mealWords.contains(tokens[$0].text) }) else { return nil }
        var textEnd = date.range.lowerBound
        if textEnd > range.lowerBound + 1, TextEnding.valueLinks.contains(tokens[textEnd - 1].text) { textEnd -= 1 }
        guard !TextEnding.hangingWords.subtracting(TextEnding.valueLinks).contains(tokens[textEnd - 1].text),
            tokens[range.lowerBound..<textEnd].contains(where: { !Lexicon.noContentWords.contains($0.text) && !matcher.isFiller($0.text) })
        else { return nil }
        return (parameter, date.value, date.range, textEnd)
    }

    /// `captures`, where a free text ends in a word that leaves it hanging and an optional date
    /// follows right after ("remind me to prepare for tomorrow", "think about tomorrow"):
    /// the date is the text's end, not a date of its own ("prepare for" due tomorrow was read).
    mutating func textsKeepingTheirDates(_ captures: [Capture]) -> [Capture] {
        guard captures.count > 1 else { return captures }
        var kept = captures
        var index = 0
        while index < kept.count {
            defer { index += 1 }
            guard case .freeText = kept[index].content, let end = kept[index].range.last,
                TextEnding.hangingWords.subtracting(TextEnding.valueLinks).contains(tokens[end].text),
                let next = kept.firstIndex(where: { $0.range.lowerBound == end + 1 }),
                case .value(.date, _) = kept[next].content, parse.intent.parameter(kept[next].parameter)?.isRequired == false
            else { continue }
            let date = kept[next]
            steps.append(.text("\(date.parameter): '\(tokens[date.range].map(\.text).joined(separator: " "))' ends the text before it"))
            kept[index].range = kept[index].range.lowerBound..<date.range.upperBound
            kept.remove(at: next)
            if next < index { index -= 1 }
        }
        return kept
    }

    /// "move the dentist to 4 pm", "push the standup to 10": a time said alone for a date
    /// parameter that the value of an entity parameter has as a property of the same name (the
    /// event's `startDate` for moveEvent's) goes on that date's day, not today's
    /// (``DateKeeping``). A day said alone stays a day (midnight), which the app reads as
    /// keeping its time. Only for values whose properties the phrase files give.
    ///
    /// An offset from the time it is said ("an hour later", "30 minutes earlier") is one from
    /// the entity's date: "move the standup an hour later" moves it to 10:30 from 9:30.
    mutating func keepTheDatesOfEntities(_ values: inout FoundValues, said dates: [(name: String, range: Range<Int>)]) {
        for (name, range) in dates {
            guard case .date(let read)? = values[name], let before = entityDate(name, in: values) else { continue }
            let text = tokens[range].map(\.text).joined(separator: " ")
            let context = self.context
            func reread(from reference: LocalDateTime) -> LocalDateTime? {
                var fromThere = context
                fromThere.now = reference
                guard case .resolved(let candidates) = ResolverChain().resolve(text, as: .date, context: fromThere),
                    case .date(let again)? = candidates.first?.value
                else { return nil }
                return again
            }
            if let moved = DateKeeping.offset(from: before, read: read, now: context.now, reread: reread) {
                values[name] = .date(moved)
                steps.append(.text("\(name): '\(text)' from \(before.iso8601), the date it changes"))
                continue
            }
            let kept = DateKeeping.keepingDay(of: before, in: read, said: text, reread: reread)
            guard kept != read else { continue }
            values[name] = .date(kept)
            steps.append(.text("\(name): '\(text)' on the day of \(before.iso8601), the date it changes"))
        }
    }

    /// The date property `name` of the known value an entity parameter has in `values`.
    func entityDate(_ name: String, in values: FoundValues) -> LocalDateTime? {
        for parameter in parse.intent.parameters {
            guard case .entity(let type) = parameter.type, case .entity(let reference)? = values[parameter.name] else { continue }
            let appID = String(type.prefix { $0 != "." })
            guard let record = matcher.apps.first(where: { $0.id == appID })?.entityType(type)?.values.first(where: { $0.id == reference.id }),
                case .date(let date)? = record.properties[name]
            else { continue }
            return date
        }
        return nil
    }

    /// Words that introduce a name and are not part of it ("the task called buy bread", "the
    /// task about the slides").
    static let namingWords: Set<String> = ["called", "named", "titled", "about"]

    /// An entity slot that took free text ("open the task buy bread"): the known values first,
    /// by near name or described by their properties ("the most recent book by andy weir");
    /// when none fits, an unresolved name the app is asked about by its string query.
    mutating func resolveEntityName(_ spoken: String, type: String, for parameter: ParameterDefinition, into values: inout FoundValues) {
        var text = spoken
        if let first = text.split(separator: " ").first, Self.namingWords.contains(first.lowercased()) {
            text = String(text.dropFirst(first.count)).trimmingCharacters(in: .whitespaces)
        }
        // "mark the first task as done" gave the task "as": words that name nothing are no
        // name, and the task is asked for.
        guard text.split(separator: " ").contains(where: { !Router.minorWords.contains($0.lowercased()) }) else { return }
        let appID = String(type.prefix { $0 != "." })
        let definitions = matcher.apps.first { $0.id == appID }?.entityType(type).map { [$0] } ?? []
        let chain = ResolverChain(entityTypes: definitions)
        if take(chain.resolve(text, as: .entity(type), context: context), for: parameter, described: "\(type) named '\(text)'", into: &values) {
            return
        }
        unresolved.append((parameter.name, text))
        steps.append(.text("\(parameter.name): '\(text)' is no known \(type); the app is asked by name"))
    }

    /// Puts both ends of a range on the day said for it. Pairs are Date parameters named
    /// start…/end…, both with a value.
    /// - "tomorrow from 3 pm to 4 pm": the end was read as a time alone (today at 4 pm), before
    ///   the start; it takes the start's day, or the next day when its time is earlier than the
    ///   start's ("from 11 pm to 1 am").
    /// - "from 1 pm to 3 pm on friday": the start was read as a time alone (today's), the end on
    ///   a later day; when the start's words are a clock time and nothing more ("2", "1 pm",
    ///   "9:30", "noon"), it moves to the end's day. "from today at 2 to wednesday at 3" names
    ///   the start's day and keeps it.
    mutating func alignTheDaysOfRanges(_ values: inout FoundValues) {
        let parameters = parse.intent.parameters
        // By index: most intents have no date to look at, and a copy of each parameter cost more than the look.
        for index in parameters.indices where parameters[index].type.elementType == .date && parameters[index].name.lowercased().hasPrefix("start") {
            let start = parameters[index]
            let endName = "end" + start.name.dropFirst("start".count)
            guard let end = parameters.first(where: { $0.name.lowercased() == endName.lowercased() }),
                case .date(let from)? = values[start.name], case .date(let to)? = values[end.name]
            else { continue }
            if to < from {
                var moved = to
                (moved.year, moved.month, moved.day) = (from.year, from.month, from.day)
                if moved < from { moved = moved.adding(days: 1) }
                values[end.name] = .date(moved)
                steps.append(.text("\(end.name): on the day of \(start.name), \(moved.iso8601)"))
                continue
            }
            guard (from.year, from.month, from.day) == (context.now.year, context.now.month, context.now.day),
                (to.year, to.month, to.day) != (from.year, from.month, from.day),
                let range = parse.captures.first(where: { $0.parameter == start.name })?.range,
                range.allSatisfy({ Self.isClockWord(tokens[$0].text) })
            else { continue }
            var moved = from
            (moved.year, moved.month, moved.day) = (to.year, to.month, to.day)
            // "from 9 to 10 on monday" said at 10:00: 9 was read as tonight's 21:00; on Monday it is the morning's.
            if moved > to, moved.hour >= 12 { moved.hour -= 12 }
            guard moved <= to else { continue }
            values[start.name] = .date(moved)
            steps.append(.text("\(start.name): on the day of \(end.name), \(moved.iso8601)"))
        }
    }

    /// Words of a clock time that name no day: numbers, "9:30", "am", "pm", "noon", "o'clock".
    static func isClockWord(_ word: String) -> Bool {
        word.first?.isNumber == true || clockWords.contains(word)
    }

    static let clockWords: Set<String> = [
        "am", "pm", "a.m.", "p.m.", "noon", "midday", "midnight", "oclock", "o'clock", "at", "from", "half", "past", "quarter",
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen", "thirty",
        "forty", "fifty",
    ]

    /// Wraps single values for list parameters and widens Int to Double.
    func fit(_ value: Value, to type: ValueType) -> Value {
        switch (type, value) {
        case (.list, .list): return value
        case (.list(let element), _): return .list([fit(value, to: element)])
        case (.double, .int(let i)): return .double(Double(i))
        case (.double, .currencyAmount(let money)): return .double(money.amount)
        default: return value
        }
    }

    /// The words of a free-text slot as the user wrote them, without filler at either end.
    /// "newest book " in "open the newest book by andy weir": a superlative said just before
    /// the word naming the type belongs to the description after it, which then reads as "the
    /// newest one by andy weir" rather than every book by him. Empty when there is none.
    func superlative(before range: Range<Int>) -> String {
        let anchor = range.lowerBound - 1
        guard anchor >= 1, PropertyQuery.sortWords.contains(tokens[anchor - 1].text) else { return "" }
        let first = anchor >= 2 && tokens[anchor - 2].text == "most" ? anchor - 2 : anchor - 1
        return tokens[first...anchor].map(\.text).joined(separator: " ") + " "
    }

    func freeText(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        // Filler that opens a text is a word of it (`Lexicon.fillerOpeningText`: "saying thanks
        // for the help"), and a text that is only such a word keeps it ("saying hi").
        while lower < upper, matcher.isFiller(tokens[lower].text), !Lexicon.fillerOpeningText.contains(tokens[lower].text) { lower += 1 }
        let kept = lower < upper && Lexicon.fillerOpeningText.contains(tokens[lower].text) ? lower + 1 : lower
        while upper > kept, matcher.isFiller(tokens[upper - 1].text) { upper -= 1 }
        let text = TextNormalizer().sourceText(lower..<upper, of: tokens, in: utterance)
        // Most texts begin and end with a letter or a digit: nothing to trim, and Foundation's
        // trimming costs a bridge to NSString.
        func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) }
        if let first = text.utf8.first, let last = text.utf8.last, isASCIIAlphanumeric(first), isASCIIAlphanumeric(last) { return text }
        return text.trimmingCharacters(in: Self.trimmed)
    }

    /// "add a meeting with john": a text that begins with "with" is about the gathering the
    /// phrase word just before it names, and keeps it ("meeting with john", not "with john").
    func withItsGathering(_ text: String, before range: Range<Int>) -> String {
        guard text.utf8.starts(with: "with ".utf8), range.lowerBound > 0 else { return text }
        let word = tokens[range.lowerBound - 1].text
        return Self.gatherings.contains(word) ? word + " " + text : text
    }

    /// Words for a get-together, which a phrase may take as the kind of event.
    static let gatherings: Set<String> = [
        "meeting", "meetings", "call", "lunch", "dinner", "breakfast", "brunch", "coffee", "appointment", "chat", "catchup",
        "session", "interview", "meetup", "drinks", "sync",
    ]

    /// What free text loses at its ends: made once, as a union of character sets costs tens
    /// of thousands of instructions.
    private static let trimmed = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters)
}

/// The values of a parse's parameters found so far, by name: a few, so a list looked through
/// is cheaper than a dictionary, and its buffer becomes the extraction's `parameters`.
struct FoundValues {
    private(set) var pairs: [(name: String, value: Value)] = []

    init(capacity: Int) { pairs.reserveCapacity(capacity) }

    subscript(name: String) -> Value? {
        get { pairs.first { $0.name == name }?.value }
        set {
            let index = pairs.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): pairs[index].value = value
            case (let index?, nil): pairs.remove(at: index)
            case (nil, let value?): pairs.append((name, value))
            case (nil, nil): break
            }
        }
    }
}
