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
            return number(text).compactMap { reading in
                guard reading.value == reading.value.rounded(), abs(reading.value) < 9e15 else { return nil }
                return ResolvedCandidate(value: .int(Int(reading.value)), confidence: reading.confidence)
            }
        case .double:
            return number(text).map { ResolvedCandidate(value: .double($0.value), confidence: $0.confidence) }
        case .bool:
            return BoolReader.read(text).map { [ResolvedCandidate(value: .bool($0), confidence: 1)] } ?? []
        case .enumeration(let name):
            return chain.choices.enumCandidates(text, enumName: name)
        case .entity(let name):
            return chain.choices.entityCandidates(text, typeName: name)
        case .file:
            return FileResolver.resolve(text)
        case .url, .email, .phoneNumber:
            return SequenceReader.resolve(text, as: type)
        case .date, .duration, .currencyAmount, .measurement, .person, .list:
            return spans(text, as: type)
        }
    }

    /// Numbers: the literal forms first ("1.3e6", "-1,200"), then words.
    func number(_ text: String) -> [(value: Double, confidence: Double)] {
        if let literal = NumberLiteral.read(text) { return [(literal, 1)] }
        var tokens = TextNormalizer().words(text)
        var sign = 1.0
        if text.trimmingCharacters(in: .whitespaces).hasPrefix("-"), tokens.first?.hasPrefix("-") == false {
            sign = -1
        }
        while let first = tokens.first, first == "the" || first == "number" { tokens.removeFirst() }
        if tokens.last == "of" { tokens.removeLast() }
        guard !tokens.isEmpty else { return [] }
        if let span = NumberReader.number(tokens, from: 0), span.range.upperBound == tokens.count {
            return [(sign * span.value, span.confidence)]
        }
        if tokens.count == 1, let homophone = NumberWords.homophones[tokens[0]] {
            return [(Double(homophone), 0.3)]
        }
        return []
    }

    /// Types read by the taggers: the spans of `type` that cover the whole text but fillers.
    func spans(_ text: String, as type: ValueType) -> [ResolvedCandidate] {
        let tokens = TextNormalizer().words(text)
        guard !tokens.isEmpty else { return [] }
        var first = 0
        while first < tokens.count - 1, Self.fillers.contains(tokens[first]) { first += 1 }
        let found = ValueTagger().tag(tokens, context: context).filter { span in
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
