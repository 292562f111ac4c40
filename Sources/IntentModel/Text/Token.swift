/// One normalized word of an utterance, with where it came from.
public struct Token: Hashable, Sendable {
    /// The normalized form: NFKC, case-folded, punctuation removed ("what's" gives two tokens).
    public var text: String
    /// Where the token's source text sits in the original utterance, in Unicode scalars.
    public var sourceRange: Range<Int>
    /// True for a Chinese, Japanese or Korean character, which is a token on its own.
    public var isCJK: Bool

    public init(text: String, sourceRange: Range<Int>, isCJK: Bool = false) {
        self.text = text
        self.sourceRange = sourceRange
        self.isCJK = isCJK
    }
}
