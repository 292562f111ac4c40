import Foundation
import IntentModel

/// The built-in resolver for each type: reads a whole slot text as one value of that type.
struct TypedResolver {
    let chain: ResolverChain
    let context: ResolutionContext

    /// Words a slot may carry around its value without changing it ("at 5", "on monday", "the 3rd").
    static let fillers: Set<String> = ["at", "on", "the", "for", "by", "about", "around", "in", "of", "is", "it"]

    func resolve(_ text: String, as type: ValueType) -> [ResolvedCandidate] {
        if context.language == "zh" || text.unicodeScalars.contains(where: { TextNormalizerCJK.isCJK($0) }) {
            let chinese = ChineseReader(context: context).resolve(text, as: type)
            if !chinese.isEmpty { return chinese }
        }
        switch type {
        case .string:
            return [ResolvedCandidate(value: .string(text), confidence: 1)]
        case .int:
            return number(text, preferFraction: false).compactMap { reading in
                guard reading.value == reading.value.rounded(), abs(reading.value) < 9e15 else { return nil }
                return ResolvedCandidate(value: .int(Int(reading.value)), confidence: reading.confidence)
            }
        case .double:
            return number(text, preferFraction: true).map {
                ResolvedCandidate(value: .double($0.value), confidence: $0.confidence)
            }
        case .bool:
            return BoolReader.read(text).map { [ResolvedCandidate(value: .bool($0), confidence: 1)] } ?? []
        case .enumeration(let name):
            return chain.choices.enumCandidates(text, enumName: name)
        case .entity(let name):
            let named = chain.choices.entityCandidates(text, typeName: name)
            return named.isEmpty ? describedEntities(text, typeName: name) : named
        case .file:
            return FileResolver.resolve(text)
        case .url, .email, .phoneNumber:
            return SequenceReader.resolve(text, as: type)
        case .date:
            return date(text)
        case .duration:
            return duration(text)
        case .currencyAmount:
            return money(text)
        case .measurement:
            // The normalizer drops a leading minus ("-5 degrees"); put it back.
            let negative = ResolverChain.trimmed(text).hasPrefix("-") || text.hasPrefix("−")
            return spans(text, as: type).map { candidate in
                guard negative, case .measurement(var measurement) = candidate.value, measurement.value > 0 else {
                    return candidate
                }
                measurement.value = -measurement.value
                return ResolvedCandidate(value: .measurement(measurement), confidence: candidate.confidence)
            }
        case .person:
            let exact = spans(text, as: type)
            return exact.isEmpty ? nearPeople(text) : exact
        case .list:
            return spans(text, as: type)
        }
    }

    /// Contacts whose name or alias is a near miss of `text` ("jon", "sara appleseed").
    func nearPeople(_ text: String) -> [ResolvedCandidate] {
        let wanted = PersonReader.words(text).joined(separator: " ")
        guard wanted.count >= 3 else { return [] }
        var best: [Person: Double] = [:]
        for contact in context.contacts {
            let full = PersonReader.words(contact.person.name)
            let names =
                [full.joined(separator: " "), full.first ?? ""]
                + contact.aliases.map { PersonReader.words($0).joined(separator: " ") }
            let score = names.map { ChoiceIndex.similarity(wanted, $0) }.max() ?? 0
            if score >= 0.75 { best[contact.person] = max(best[contact.person] ?? 0, score * 0.9) }
        }
        guard let top = best.values.max() else { return [] }
        return best.filter { $0.value >= top - 0.05 }.sorted { $0.value > $1.value }
            .map { ResolvedCandidate(value: .person($0.key), confidence: $0.value) }
    }

    /// Numbers: the literal forms first ("1.3e6", "-1,200"), then words.
    func number(_ text: String, preferFraction: Bool) -> [(value: Double, confidence: Double)] {
        if let literal = NumberLiteral.read(text) { return [(literal, 1)] }
        var tokens = TextNormalizer().words(text)
        var sign = 1.0
        if ResolverChain.trimmed(text).hasPrefix("-"), tokens.first?.hasPrefix("-") == false {
            sign = -1
        }
        while let first = tokens.first, first == "the" || first == "number" { tokens.removeFirst() }
        if tokens.last == "of" { tokens.removeLast() }
        guard !tokens.isEmpty else { return [] }
        if tokens == ["single"] { return [(1, 0.8)] }
        if let span = NumberReader.number(tokens, from: 0, preferFraction: preferFraction),
            span.range.upperBound == tokens.count
        {
            return [(sign * span.value, span.confidence)]
        }
        if tokens.count == 1, let homophone = NumberWords.homophone(tokens[0]) {
            return [(Double(homophone), 0.3)]
        }
        return []
    }

    /// A length of time, the whole text read as one: "an hour and a half", "1/2 hour", "2'", "90\"".
    func duration(_ text: String) -> [ResolvedCandidate] {
        let trimmed = ResolverChain.trimmed(text)
        for (mark, unit) in [("\"", 1.0), ("''", 1.0), ("'", 60.0)] where trimmed.hasSuffix(mark) {
            if let value = Double(trimmed.dropLast(mark.count).trimmingCharacters(in: .whitespaces)) {
                return [ResolvedCandidate(value: .duration(value * unit), confidence: 1)]
            }
        }
        var tokens = TextNormalizer().words(NumberLiteral.fold(text))
        while let first = tokens.first, ["for", "about", "around", "during", "within", "over"].contains(first) {
            tokens.removeFirst()
        }
        guard !tokens.isEmpty else { return [] }
        let parser = DateParser(tokens: tokens, context: context, wholeText: true)
        guard let found = DurationReader.read(parser, at: 0), found.end == tokens.count else { return [] }
        return [ResolvedCandidate(value: .duration(found.seconds), confidence: 1)]
    }

    /// An amount of money, the whole text read as one: "$12.50", "twelve dollars fifty", "a dime".
    func money(_ text: String) -> [ResolvedCandidate] {
        var tokens = TextNormalizer().words(MoneyReader.prepare(text))
        if tokens.first == "a" || tokens.first == "an", tokens.count > 2 { tokens.removeFirst() }
        guard !tokens.isEmpty else { return [] }
        let sign: Double = ResolverChain.trimmed(text).hasPrefix("-") ? -1 : 1
        var numbers: [Int: NumberSpan] = [:]
        for number in NumberReader.read(tokens) where number.confidence > 0.5 {
            numbers[number.range.lowerBound] = number
        }
        if let found = MoneyReader.read(tokens, at: 0, numbers: numbers), found.end == tokens.count {
            let span = MoneyReader.money(sign * found.amount, found.code, 0..<found.end)
            return [ResolvedCandidate(value: span.value, confidence: 1)]
        }
        // A coin or a unit alone: "a dime", "quarter", "nickel".
        if tokens.count <= 2, let last = tokens.last, ["dime", "nickel", "quarter", "penny", "grand"].contains(last),
            tokens.count == 1 || ["a", "one"].contains(tokens[0])
        {
            let value: Double = ["dime": 0.1, "nickel": 0.05, "quarter": 0.25, "penny": 0.01, "grand": 1000][last] ?? 0
            return [
                ResolvedCandidate(
                    value: .currencyAmount(CurrencyAmount(amount: value, currency: "USD")), confidence: 0.9)
            ]
        }
        return []
    }

    /// A date or time, the whole text read as one; "2018-09-23" and "2 - 15" keep their dashes.
    func date(_ text: String) -> [ResolvedCandidate] {
        if text.contains("T") || text.contains(":"), text.first?.isNumber == true,
            let iso = LocalDateTime(iso8601: text)
        {
            return [ResolvedCandidate(value: .date(iso), confidence: 1)]
        }
        var tokens = TextNormalizer().words(Self.joiningDateDashes(text))
        while let last = tokens.last, DateParser.fillers.contains(last) { tokens.removeLast() }
        guard !tokens.isEmpty else { return [] }
        let parser = DateParser(tokens: tokens, context: context, wholeText: true)
        var start = 0
        while start < tokens.count - 1, DateParser.fillers.contains(tokens[start]) { start += 1 }
        guard let found = parser.parse(from: 0) ?? parser.parse(from: start), found.end == tokens.count else {
            return []
        }
        return [ResolvedCandidate(value: .date(found.value), confidence: 1)]
    }

    /// "2018-09-23" becomes "2018/09/23", which the normalizer keeps whole; "5-6 pm" stays.
    static func joiningDateDashes(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        func isDigit(_ index: Int) -> Bool {
            index >= 0 && index < scalars.count && scalars[index].properties.numericType != nil
        }
        var index = 0
        while index < scalars.count {
            if scalars[index] == "-" || scalars[index] == "/" {
                var left = index - 1
                while left >= 0, scalars[left] == " " { left -= 1 }
                var right = index + 1
                while right < scalars.count, scalars[right] == " " { right += 1 }
                var rightEnd = right
                while isDigit(rightEnd) { rightEnd += 1 }
                // Only a run of digits on both sides, the right one not a clock ("2017 - 6:37am").
                let clockAfter =
                    rightEnd < scalars.count && (scalars[rightEnd] == ":" || scalars[rightEnd].properties.isAlphabetic)
                if isDigit(left), isDigit(right), !clockAfter {
                    scalars.replaceSubrange((left + 1)..<right, with: ["/"])
                    index = left + 1
                }
            }
            index += 1
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// True for "2015-03-28" and "2015-03-28 17:00:00/2015-03-29 21:00:00": dashes inside ISO dates.
    static func isoDateLike(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 10 else { return false }
        for start in 0...(scalars.count - 10) {
            let window = scalars[start..<start + 10]
            let shape = window.enumerated().allSatisfy { offset, scalar in
                offset == 4 || offset == 7 ? scalar == "-" : scalar.properties.numericType != nil
            }
            if shape { return true }
        }
        return false
    }

    /// Types read by the taggers: the spans of `type` that cover the whole text but fillers.
    func spans(_ text: String, as type: ValueType) -> [ResolvedCandidate] {
        let tokens = TextNormalizer().words(text)
        guard !tokens.isEmpty else { return [] }
        var first = 0
        while first < tokens.count - 1, Self.fillers.contains(tokens[first]) { first += 1 }
        // People are found by their own reader alone; other types need the numbers and dates.
        let tagged: [TaggedSpan]
        switch type {
        case .person, .list(.person): tagged = PersonReader.read(tokens, contacts: context.contacts, prebuilt: context.contactIndex)
        default: tagged = ValueTagger().tag(tokens, context: context)
        }
        let found = tagged.filter { span in
            span.range.lowerBound <= first && span.range.upperBound == tokens.count && Self.fits(span.type, type)
        }
        return found.map { ResolvedCandidate(value: $0.value, confidence: $0.confidence) }
    }

    static func fits(_ found: ValueType, _ wanted: ValueType) -> Bool {
        if found == wanted { return true }
        if case .measurement(let dimension) = wanted, case .measurement(let foundDimension) = found {
            return dimension == nil || dimension == foundDimension
        }
        return false
    }

    /// Entities described by their properties rather than named ("the most recent book by
    /// andy weir"): the property query's matches, in its order; several are offered as a
    /// choice, as two books with one title are.
    func describedEntities(_ text: String, typeName: String) -> [ResolvedCandidate] {
        guard let query = chain.propertyQuery(text, for: typeName, context: context) else { return [] }
        return chain.entities(of: typeName, matching: query).map { record in
            ResolvedCandidate(value: .entity(EntityReference(id: record.id, title: record.title)), confidence: 0.9)
        }
    }
}

/// The CJK test of the normalizer, for choosing the Chinese readers.
enum TextNormalizerCJK {
    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}
