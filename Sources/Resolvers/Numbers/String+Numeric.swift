extension StringProtocol {
    /// Whether the first character is a number, as `first?.isNumber` says, without asking
    /// Unicode's tables for an ASCII first character (numeric only as a digit). The readers ask
    /// this of nearly every word of an utterance.
    var startsWithNumber: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= 0x30 && byte <= 0x39 }
        return first?.isNumber == true
    }

    /// Whether every character is a number, as `allSatisfy(\.isNumber)` says (true when empty),
    /// answering no at once for a word that starts with an ASCII character other than a digit.
    var isAllNumbers: Bool {
        if let byte = utf8.first, byte < 0x80, byte < 0x30 || byte > 0x39 { return false }
        return allSatisfy(\.isNumber)
    }
}
