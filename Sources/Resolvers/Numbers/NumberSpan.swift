/// A number found in tokens, with how sure the reader is that it is one.
struct NumberSpan: Hashable {
    var range: Range<Int>
    var value: Double
    var confidence: Double
    var isOrdinal = false
    /// True when written in digits ("12", "3rd"), which matters for reading clock times and years.
    var isDigits = false

    /// The value as an integer, when it is one.
    var integer: Int? { value == value.rounded() && abs(value) < 9e15 ? Int(value) : nil }
}
