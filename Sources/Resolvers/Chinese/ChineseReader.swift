import IntentModel

/// Reads Chinese numbers and dates: 三, 十二, 两百零五, 明天, 下午五点.
struct ChineseReader {
    let context: ResolutionContext

    func resolve(_ text: String, as type: ValueType) -> [ResolvedCandidate] {
        []
    }

    func tag(_ tokens: [String]) -> [TaggedSpan] {
        []
    }
}
