import IntentModel

/// Prices said the way people read them off a tag: "twelve fifty" ($12.50), "four ninety
/// nine" (4.99), "twenty five seventy five". A number reader sees two numbers, 12 and 50; this
/// reads the pair as one amount, a whole number from 1 to 99 and then cents from 10 to 99,
/// both in words, as a Double and as money in `currency` (when money is read), with the
/// confidence of a number said without a currency (0.6): it fills only a slot that wants a
/// price there ("add an expense of twelve fifty for lunch"), while "order twelve fifty soups"
/// or "nineteen seventy" keep their numbers and their year.
enum SpokenPriceReader {
    /// Appends the prices read to `spans`. Nothing is allocated when there is none: the numbers
    /// are few, so the one after a number is looked for in place.
    static func read(_ tokens: [String], numbers: [NumberSpan], currency: String?, into spans: inout [TaggedSpan]) {
        guard numbers.count >= 2 else { return }
        for whole in numbers where !whole.isDigits && !whole.isOrdinal && whole.confidence > 0.5 {
            guard let dollars = whole.integer, (1...99).contains(dollars),
                let cents = numbers.first(where: { $0.range.lowerBound == whole.range.upperBound }),
                !cents.isDigits, !cents.isOrdinal, cents.confidence > 0.5, let hundredths = cents.integer, (10...99).contains(hundredths)
            else { continue }
            let range = whole.range.lowerBound..<cents.range.upperBound
            let amount = Double(dollars) + Double(hundredths) / 100
            spans.append(TaggedSpan(range: range, type: .double, value: .double(amount), confidence: MoneyReader.bareAmountConfidence))
            if let currency {
                var money = MoneyReader.money(amount, currency, range)
                money.confidence = MoneyReader.bareAmountConfidence
                spans.append(money)
            }
        }
    }
}
