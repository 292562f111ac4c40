import Foundation
import IntentModel

/// Reads amounts of money: "$12.50", "12 dollars", "twelve dollars fifty", "12 bucks", "€5",
/// "thirty five dollars and twenty cents", "USD 3.14", "a grand", "five nickels", "half a dollar".
enum MoneyReader {
    /// Text as the money reader wants it: symbols spelled out, "USD3.14" and "20Rs" split.
    static func prepare(_ text: String) -> String {
        var out = ""
        var previous: Character = " "
        let characters = Array(text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCompatibilityMapping)
        for (offset, character) in characters.enumerated() {
            // "10k" keeps its scale letter.
            let next = offset + 1 < characters.count ? characters[offset + 1] : " "
            if previous.isNumber, character == "k" || character == "K", !next.isLetter {
                out.append(character)
                previous = character
                continue
            }
            if let word = CurrencyWords.symbolWords[character] {
                out += word
                previous = " "
                continue
            }
            if (previous.isLetter && character.isNumber) || (previous.isNumber && character.isLetter && !out.isEmpty) {
                out.append(" ")
            }
            out.append(character)
            previous = character
        }
        return out
    }

    /// The first words of all currency names, to skip most positions without joining words.
    static let currencyFirstWords = Set(CurrencyWords.names.keys.map { String($0.split(separator: " ").first ?? "") })

    /// The first words of the currency names of several words ("us dollars"): only after
    /// one of them are words joined to look a name up.
    static let multiWordFirstWords = Set(CurrencyWords.names.keys.filter { $0.contains(" ") }.map { String($0.split(separator: " ")[0]) })

    static func currency(_ tokens: [String], at index: Int) -> (CurrencyWords.Currency, end: Int)? {
        guard index < tokens.count, currencyFirstWords.contains(tokens[index]) else { return nil }
        if multiWordFirstWords.contains(tokens[index]) {
            for length in stride(from: CurrencyWords.longest, through: 2, by: -1) where index + length <= tokens.count {
                let key = tokens[index..<index + length].joined(separator: " ")
                if let found = CurrencyWords.names[key] { return (found, index + length) }
            }
        }
        return CurrencyWords.names[tokens[index]].map { ($0, index + 1) }
    }

    static func read(_ tokens: [String], numbers: [NumberSpan]) -> [TaggedSpan] {
        // Every amount names its currency ("$", "dollars", "usd"): without one, none is read.
        guard tokens.contains(where: currencyFirstWords.contains) else { return [] }
        var byStart: [Int: NumberSpan] = [:]
        for number in numbers where number.confidence > 0.5 { byStart[number.range.lowerBound] = number }
        var spans: [TaggedSpan] = []
        var index = 0
        while index < tokens.count {
            if let found = read(tokens, at: index, numbers: byStart) {
                spans.append(money(found.amount, found.code, index..<found.end))
                index = found.end
            } else {
                index += 1
            }
        }
        return spans
    }

    /// The amount of money starting at `start`.
    static func read(_ tokens: [String], at start: Int, numbers: [Int: NumberSpan]) -> (
        amount: Double, code: String, end: Int
    )? {
        var cursor = start
        let prefix = currency(tokens, at: cursor)
        if let prefix { cursor = prefix.end }
        var amount: Double
        if prefix == nil, cursor + 2 < tokens.count, tokens[cursor] == "half", ["a", "an"].contains(tokens[cursor + 1]),
            currency(tokens, at: cursor + 2) != nil
        {
            // "half a dollar": half of one of the unit ("half a million dollars" is a number).
            amount = 0.5
            cursor += 2
        } else if let number = numbers[cursor], !number.isOrdinal {
            amount = number.value
            cursor = number.range.upperBound
        } else if cursor < tokens.count, tokens[cursor] == "a" || tokens[cursor] == "an" || tokens[cursor] == "one", prefix == nil {
            amount = 1
            cursor += 1
        } else {
            return nil
        }
        var unit = prefix?.0
        if let suffix = currency(tokens, at: cursor), prefix == nil || suffix.0.code == prefix?.0.code {
            if prefix == nil || suffix.0.factor != 1 || suffix.0 == prefix?.0 { unit = suffix.0 }
            cursor = suffix.end
            // "75 usd million"
            if cursor < tokens.count, let scale = NumberWords.scales[tokens[cursor]], scale >= 1000 {
                amount *= scale
                cursor += 1
            }
        } else if prefix == nil {
            return nil
        }
        guard let currency = unit else { return nil }
        if prefix != nil, prefix?.0.factor != 1, currency.factor != 1, prefix?.0 != currency { return nil }
        amount *= currency.factor
        // "twelve dollars fifty", "20 dollars 43 cents", "$20 and 43c", "3 GBP and one"
        if currency.factor == 1, let cents = minorPart(tokens, at: cursor, numbers: numbers) {
            amount += cents.value / 100
            cursor = cents.end
        }
        return (amount, currency.code, cursor)
    }

    private static func minorPart(_ tokens: [String], at start: Int, numbers: [Int: NumberSpan]) -> (
        value: Double, end: Int
    )? {
        var cursor = start
        let sawAnd = cursor < tokens.count && tokens[cursor] == "and"
        if sawAnd { cursor += 1 }
        guard let number = numbers[cursor], !number.isOrdinal, number.value < 100, number.value >= 0 else { return nil }
        var end = number.range.upperBound
        if end < tokens.count, CurrencyWords.minor.contains(tokens[end]) {
            end += 1
        } else if end < tokens.count, currency(tokens, at: end) != nil {
            return nil  // "5 dollars and 3 euros" is two amounts
        }
        return (number.value, end)
    }

    /// How sure a number said without a currency is an amount of money: below a number's own
    /// reading, so that it fills only a slot that wants money ("send 20 to sarah", "pay alex
    /// 35"), never one that takes a number or free text.
    static let bareAmountConfidence = 0.6

    /// Each number said without a currency, as an amount in `currency`, where no amount with
    /// one (`besides`) covers it: people leave out the currency when the command says it is
    /// money ("send 50 to john"), and a recognizer drops it ("send 120 to sarah").
    static func appendBareAmounts(_ numbers: [NumberSpan], besides amounts: [TaggedSpan], currency: String, to spans: inout [TaggedSpan]) {
        for number in numbers {
            guard number.confidence > 0.5, !number.isOrdinal, number.value > 0,
                !amounts.contains(where: { $0.range.overlaps(number.range) })
            else { continue }
            var span = money(number.value, currency, number.range)
            span.confidence = bareAmountConfidence
            spans.append(span)
        }
    }

    static func money(_ amount: Double, _ currency: String, _ range: Range<Int>) -> TaggedSpan {
        let rounded = abs(amount) < 1e12 ? (amount * 1e8).rounded() / 1e8 : amount
        return TaggedSpan(
            range: range, type: .currencyAmount,
            value: .currencyAmount(CurrencyAmount(amount: rounded, currency: currency)))
    }
}
