import IntentModel

/// Finds typed values in normalized tokens before matching, so typed slots can consume them:
/// numbers (digits and words), ordinals, dates and times, durations, money and people.
///
/// Every reading is returned, overlapping ones included ("5 pm" is a time and "5" a number);
/// the matcher picks the one that fits a phrase.
public struct ValueTagger: Sendable {
    public init() {}

    public func tag(_ tokens: [String], context: ResolutionContext) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        let numbers = NumberReader.read(tokens)
        for number in numbers {
            if let int = number.integer {
                spans.append(TaggedSpan(range: number.range, type: .int, value: .int(int), confidence: number.confidence))
            }
            spans.append(TaggedSpan(range: number.range, type: .double, value: .double(number.value), confidence: number.confidence))
        }
        spans += MoneyReader.read(tokens, numbers: numbers)
        spans += DurationReader.read(tokens, numbers: numbers)
        spans += DateReader(context: context).read(tokens, numbers: numbers)
        spans += PersonReader.read(tokens, contacts: context.contacts)
        return spans
    }
}
