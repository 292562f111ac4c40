import Foundation
import IntentModel

/// Reads e-mail addresses, URLs and phone numbers, typed ("john@example.com", "www.abc.com",
/// "+1 (541) 754-3010") or spoken ("john at example dot com", "five five five one two one two").
///
/// Two entry points: `resolve` reads a slot's whole text as one value; `extract` finds every
/// value in a sentence, in order, and `tag` finds them in normalized tokens for the matcher.
enum SequenceReader {
    static func resolve(_ text: String, as type: ValueType) -> [ResolvedCandidate] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".,;!?")))
        switch type {
        case .email:
            if let address = EmailScanner.whole(trimmed) {
                return [ResolvedCandidate(value: .email(address), confidence: 1)]
            }
            if let spoken = EmailScanner.spoken(TextNormalizer().words(trimmed)) {
                return [ResolvedCandidate(value: .email(spoken), confidence: 0.8)]
            }
            return []
        case .url:
            let found = URLScanner.extract(trimmed)
            if found.count == 1, found[0].count >= trimmed.count - 1 {
                return [ResolvedCandidate(value: .url(found[0]), confidence: 1)]
            }
            let spoken = trimmed.lowercased().replacingOccurrences(of: " dot ", with: ".").replacingOccurrences(
                of: " slash ", with: "/")
            if spoken != trimmed.lowercased(), let url = URLScanner.extract(spoken).first, url.count == spoken.count {
                return [ResolvedCandidate(value: .url(url), confidence: 0.8)]
            }
            return []
        case .phoneNumber:
            let found = PhoneScanner.extract(trimmed)
            if found.count == 1, found[0].count >= trimmed.count - 2 {
                return [ResolvedCandidate(value: .phoneNumber(found[0]), confidence: 1)]
            }
            if let spoken = PhoneScanner.spoken(TextNormalizer().words(trimmed), from: 0),
                spoken.end == TextNormalizer().words(trimmed).count
            {
                return [ResolvedCandidate(value: .phoneNumber(spoken.number), confidence: 0.8)]
            }
            return []
        default:
            return []
        }
    }

    /// Every value of `kind` in a sentence, in order.
    static func extract(_ text: String, kind: ValueType) -> [String] {
        switch kind {
        case .email: EmailScanner.extract(text)
        case .url: URLScanner.extract(text)
        case .phoneNumber: PhoneScanner.extract(text)
        default: []
        }
    }

    /// E-mail addresses, URLs and phone numbers in normalized tokens.
    static func tag(_ tokens: [String]) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        for (index, token) in tokens.enumerated() {
            // The byte test first: it is cheap, and a token without the byte has no such character.
            if token.utf8.contains(UInt8(ascii: "@")), token.contains(Character("@")) {
                if let address = EmailScanner.whole(token) {
                    spans.append(TaggedSpan(range: index..<index + 1, type: .email, value: .email(address)))
                }
            } else if token.utf8.contains(UInt8(ascii: ".")), token.contains(Character(".")), let url = URLScanner.extract(token).first,
                url.count == token.count
            {
                spans.append(TaggedSpan(range: index..<index + 1, type: .url, value: .url(url)))
            }
            // "john at example dot com"
            if index + 4 < tokens.count + 1, tokens[safe: index + 1] == "at", tokens[safe: index + 3] == "dot" {
                var end = index + 5
                while tokens[safe: end] == "dot", end + 1 < tokens.count { end += 2 }
                if end <= tokens.count, let spoken = EmailScanner.spoken(Array(tokens[index..<end])) {
                    spans.append(TaggedSpan(range: index..<end, type: .email, value: .email(spoken), confidence: 0.8))
                }
            }
        }
        var index = 0
        while index < tokens.count {
            if let phone = PhoneScanner.spoken(tokens, from: index) {
                spans.append(
                    TaggedSpan(
                        range: index..<phone.end, type: .phoneNumber, value: .phoneNumber(phone.number), confidence: 0.8
                    ))
                index = phone.end
            } else {
                index += 1
            }
        }
        return spans
    }
}

extension Array where Element == String {
    subscript(safe index: Int) -> String? { index >= 0 && index < count ? self[index] : nil }
}
