import Foundation

/// Reads a number written as one literal, before tokenizing would split it: "-1,200,000",
/// "1.3e6", "1.3x10^6", "2.5^-1", "1 234 567", "100k", "- 1 4/5", "⅔", ".08".
enum NumberLiteral {
    static let suffixes: [(String, Double)] = [
        ("tln", 1e12), ("bln", 1e9), ("mil", 1e6), ("mm", 1e6), ("bn", 1e9), ("k", 1e3),
    ]

    static func read(_ text: String) -> Double? {
        // Every literal holds a digit (or a vulgar fraction such as "⅔"): "two" needs no more work.
        guard text.unicodeScalars.contains(where: { $0.properties.numericType != nil }) else { return nil }
        let folded = fold(text).lowercased()
        let words = folded.split(whereSeparator: { $0.isWhitespace })
        guard !words.isEmpty, words.count <= 6 else { return nil }
        var sign = 1.0
        var pieces = words.map(String.init)
        if pieces[0] == "-" {
            sign = -1
            pieces.removeFirst()
        } else if pieces[0].hasPrefix("-") {
            sign = -1
            pieces[0].removeFirst()
        }
        guard let head = pieces.first, !head.isEmpty else { return nil }
        // "1 4/5", "2  1/4"
        if pieces.count == 2, let whole = Int(head), let fraction = fraction(pieces[1]) {
            return sign * (Double(whole) + fraction)
        }
        if pieces.count > 1 {
            // "1 234 567", "40 000": thousands separated by spaces.
            if pieces.dropFirst().allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isNumber) }), head.count <= 3,
                head.allSatisfy(\.isNumber)
            {
                return Double(pieces.joined()).map { sign * $0 }
            }
            pieces = [pieces.joined()]
        }
        guard let value = plain(pieces[0]) else { return nil }
        return sign * value
    }

    /// `text` with compatibility forms folded ("⅔" → "2⁄3", full-width digits), the fraction
    /// slash as "/" and the minus sign as "-". ASCII text is returned as it is (the common case).
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return text.precomposedStringWithCompatibilityMapping
            .replacingOccurrences(of: "\u{2044}", with: "/").replacingOccurrences(of: "−", with: "-")
    }

    private static func plain(_ raw: String) -> Double? {
        if let fraction = fraction(raw) { return fraction }
        let text = raw.filter { $0 != "," }
        if let range = text.range(of: "x10^"), let base = Double(text[..<range.lowerBound]),
            let exponent = Double(text[range.upperBound...])
        {
            return base * pow(10, exponent)
        }
        if let caret = text.firstIndex(of: "^"), let base = Double(text[..<caret]),
            let exponent = Double(text[text.index(after: caret)...])
        {
            return pow(base, exponent)
        }
        if text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.e".contains($0)) }), text.first != "e",
            let value = Double(text)
        {
            return value
        }
        for (suffix, multiplier) in suffixes where text.hasSuffix(suffix) {
            let body = text.dropLast(suffix.count)
            if body.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(body) { return value * multiplier }
        }
        return nil
    }

    private static func fraction(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom != 0,
            parts.allSatisfy({ $0.allSatisfy(\.isNumber) })
        else { return nil }
        return top / bottom
    }
}
