import IntentModel

/// Reads e-mail addresses, URLs and phone numbers, typed or spoken.
enum SequenceReader {
    static func resolve(_ text: String, as type: ValueType) -> [ResolvedCandidate] {
        []
    }
}

extension SequenceReader {
    /// Every value of `kind` in a sentence, in order.
    static func extract(_ text: String, kind: ValueType) -> [String] { [] }
}

extension SequenceReader {
    static func tag(_ tokens: [String]) -> [TaggedSpan] { [] }
}
