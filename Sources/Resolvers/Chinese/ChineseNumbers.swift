/// Chinese numerals read from one-character tokens: 三, 十二, 两百零五, 一万二千, 三点五, and
/// digit tokens ("30") among them.
enum ChineseNumbers {
    static let digits: [String: Int] = [
        "零": 0, "〇": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "两": 2, "三": 3, "叁": 3, "四": 4, "肆": 4, "五": 5,
        "伍": 5, "六": 6, "陆": 6, "七": 7, "柒": 7, "八": 8, "捌": 8, "九": 9, "玖": 9,
    ]
    static let units: [String: Int] = ["十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000]
    static let bigUnits: [String: Double] = ["万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000]

    /// The number starting at `start`, with where it ends, or nil.
    static func read(_ tokens: [String], from start: Int) -> (value: Double, end: Int)? {
        guard start < tokens.count else { return nil }
        if let value = Double(tokens[start].filter { $0 != "," }), tokens[start].first?.isNumber == true {
            // "3" "." is gone after normalizing; "3.5" is one token.
            return (value, start + 1)
        }
        var total = 0.0
        var section = 0.0
        var digit: Double?
        var index = start
        var lastUnit = 1.0
        while index < tokens.count {
            let token = tokens[index]
            if let value = digits[token] {
                digit = Double(value)
            } else if let unit = units[token] {
                section += (digit ?? (section == 0 && total == 0 ? 1 : 0)) * Double(unit)
                lastUnit = Double(unit)
                digit = nil
            } else if let big = bigUnits[token], index > start {
                section += digit ?? 0
                total = (total + section) * big
                section = 0
                digit = nil
                lastUnit = big
            } else {
                break
            }
            index += 1
        }
        guard index > start else { return nil }
        // "一百五" is 150: a last digit after a unit counts one unit down.
        if let last = digit {
            let previousIsUnit = index >= 2 && (units[tokens[index - 2]] != nil || bigUnits[tokens[index - 2]] != nil)
            section += previousIsUnit && lastUnit >= 100 ? last * lastUnit / 10 : last
        }
        var value = total + section
        // "三点五": a decimal point followed by digits.
        if index + 1 < tokens.count, tokens[index] == "点", digits[tokens[index + 1]] != nil {
            var fraction = "0."
            var cursor = index + 1
            while cursor < tokens.count, let next = digits[tokens[cursor]] {
                fraction += String(next)
                cursor += 1
            }
            if cursor < tokens.count, units[tokens[cursor]] == nil, tokens[cursor] != "分" {
                value += Double(fraction) ?? 0
                index = cursor
            }
        }
        return (value, index)
    }
}
