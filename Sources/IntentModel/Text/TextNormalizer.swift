import Foundation

/// Turns text into tokens the same way for utterances, phrase templates and values,
/// so that what people say and what authors write meet in one form.
///
/// - Unicode NFKC and case folding ("Ｍｉｌｋ" and "MILK" both give `milk`).
/// - Punctuation separates words and is dropped, except where it is part of a value:
///   inside numbers (`12.50`, `1,200`, `5:30`, `11/25`), e-mail addresses, URLs and
///   domain names, and the symbols `$ € £ ¥ % °` and `+`, which become tokens of their own.
/// - Dotted abbreviations lose their dots (`p.m.` gives `pm`).
/// - English contractions expand (`what's` gives `what is`, `i'm` gives `i am`); other
///   apostrophes are dropped (`o'clock` gives `oclock`).
/// - CJK characters are one token each, since those scripts do not separate words.
public struct TextNormalizer: Sendable {
    public init() {}

    public func tokens(_ text: String) -> [Token] {
        let scalars = Array(Self.compatibilityComposed(text).unicodeScalars)
        // NFKC may change the scalar count; offsets are into the normalized text, which is
        // what `sourceText(_:in:)` slices, so callers use the same normalized string.
        var result: [Token] = []
        // About one token per five characters: one allocation for most utterances.
        result.reserveCapacity(scalars.count / 4 + 1)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if Self.isCJK(scalar) {
                result.append(Token(text: String(scalar), sourceRange: index..<index + 1, isCJK: true))
                index += 1
                continue
            }
            if Self.isSymbolToken(scalar) {
                result.append(Token(text: String(scalar), sourceRange: index..<index + 1))
                index += 1
                continue
            }
            // A minus sign that begins a number ("-5 dollars", "-3 degrees") is part of it.
            let isMinus =
                scalar == "-" && index + 1 < scalars.count && scalars[index + 1].properties.numericType != nil
                && (index == 0 || scalars[index - 1].properties.isWhitespace)
            if !Self.isWordScalar(scalar), !isMinus {
                index += 1
                continue
            }
            // A run of word characters and joiners, e.g. "john@example.com", "12.50", "p.m.".
            var end = isMinus ? index + 1 : index
            while end < scalars.count {
                let s = scalars[end]
                if Self.isCJK(s) || Self.isSymbolToken(s) { break }
                if Self.isWordScalar(s) {
                    end += 1
                } else if Self.isJoiner(s), end + 1 < scalars.count, Self.isWordScalar(scalars[end + 1]),
                    !Self.isCJK(scalars[end + 1])
                {
                    end += 1
                } else {
                    break
                }
            }
            let (raw, isPlain) = Self.lowercasedWord(scalars[index..<end])
            if isPlain, !Self.contractionPairs.mayContain(raw) || Self.contractions[raw] == nil {
                // Most words are ASCII letters alone, which `split` would return as they are.
                result.append(Token(text: raw, sourceRange: index..<end))
            } else {
                for piece in Self.split(word: raw) {
                    result.append(Token(text: piece, sourceRange: index..<end))
                }
            }
            index = end
        }
        return result
    }

    /// Normalized token texts only.
    public func words(_ text: String) -> [String] { tokens(text).map(\.text) }

    /// A person's name as words, the cheap way (no tokenizer): contact names are plain words,
    /// and this runs on every utterance for every contact ("Mary-Jane O'Neil" gives mary,
    /// jane, oneil).
    public static func nameWords(_ name: String) -> [String] {
        withoutLatinMarks(name.lowercased()).filter { $0 != "'" && $0 != "’" }
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// An identifier as words: "datePublished" gives date, published.
    public static func identifierWords(_ name: String) -> [String] { nameWords(splittingCamelCase(name)) }

    /// A space at each word boundary inside camel case, the rest kept: "currentlyReading" gives
    /// "currently Reading", "URLPath" gives "URL Path", "HarcaMA" gives "Harca MA".
    public static func splittingCamelCase(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || (previous.isUppercase && next?.isLowercase == true) { out.append(" ") }
            }
            out.append(character)
        }
        return out
    }

    /// The source text of each token, with its original casing: one pass over the text, where
    /// ``sourceText(_:of:in:)`` per token would read the whole text each time.
    public func sourceTexts(of tokens: [Token], in text: String) -> [String] {
        let scalars = Array(Self.compatibilityComposed(text).unicodeScalars)
        return tokens.map { token in
            guard token.sourceRange.lowerBound < token.sourceRange.upperBound, token.sourceRange.upperBound <= scalars.count else { return "" }
            return Self.text(of: scalars[token.sourceRange])
        }
    }

    /// The normalized source text covered by tokens `range` of `tokens`, with its original casing.
    public func sourceText(_ range: Range<Int>, of tokens: [Token], in text: String) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokens.count else { return "" }
        let scalars = Array(Self.compatibilityComposed(text).unicodeScalars)
        let from = tokens[range.lowerBound].sourceRange.lowerBound
        let to = tokens[range.upperBound - 1].sourceRange.upperBound
        guard from < to, to <= scalars.count else { return "" }
        return Self.text(of: scalars[from..<to])
    }

    /// A run of scalars as a string, one scalar at a time: building a `UnicodeScalarView` from
    /// a slice, as this did before, cost more than the rest of normalizing a word.
    static func text(of run: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.reserveCapacity(run.count)
        for scalar in run { text.unicodeScalars.append(scalar) }
        return text
    }

    /// NFKC, skipped for ASCII text, which it leaves as it is.
    static func compatibilityComposed(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCompatibilityMapping
    }

    /// Symbols that are tokens of their own: `$ € £ ¥ % ° + #`. A switch, not a set: this runs
    /// for every character of every utterance, and hashing each one cost more than the rest.
    static func isSymbolToken(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "$", "€", "£", "¥", "%", "°", "+", "#": true
        default: false
        }
    }

    /// Characters that join word characters into one token ("12.50", "john@example.com").
    static func isJoiner(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case ".", ",", ":", "/", "@", "'", "’", "-", "_": true
        default: false
        }
    }

    /// The run of word characters lowercased, and whether it is ASCII letters alone (a plain
    /// word, which `split` leaves as it is unless it is a contraction). ASCII text, nearly all
    /// of what people type or a recognizer writes, is lowercased byte by byte.
    static func lowercasedWord(_ run: ArraySlice<Unicode.Scalar>) -> (text: String, isPlain: Bool) {
        guard run.allSatisfy(\.isASCII) else {
            return (withoutLatinMarks(text(of: run).lowercased()), false)
        }
        var isPlain = true
        let text = String(unsafeUninitializedCapacity: run.count) { buffer in
            for (offset, scalar) in run.enumerated() {
                var byte = UInt8(truncatingIfNeeded: scalar.value)
                if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
                if byte < 0x61 || byte > 0x7A { isPlain = false }
                buffer[offset] = byte
            }
            return run.count
        }
        return (text, isPlain)
    }

    /// `text` without the marks on its Latin letters: "café" gives "cafe", "muñoz" "munoz",
    /// "àdd" "add", so that a word typed with or without them, and a name written with them and
    /// heard without, meet. Other scripts keep theirs ("й" is no "и"), and letters that are no
    /// letter with a mark stay ("ß", "ø").
    public static func withoutLatinMarks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xC0...0x24F).contains($0.value) || (0x1E00...0x1EFF).contains($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        var lastIsLatin = false
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value), lastIsLatin { continue }
            out.append(scalar)
            lastIsLatin = scalar.properties.isAlphabetic && (scalar.value < 0x250 || (0x1E00...0x1EFF).contains(scalar.value))
        }
        return String(out).precomposedStringWithCanonicalMapping
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            let v = s.value
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39)
        }
        return s.properties.isAlphabetic || s.properties.numericType != nil || s.properties.generalCategory == .nonspacingMark
    }

    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xAC00...0xD7AF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// The first two letters of ``contractions``: most words are none, known without hashing them.
    static let contractionPairs = LetterPairs(contractions.keys)
    static let contractions: [String: [String]] = [
        "what's": ["what", "is"], "whats": ["what", "is"], "that's": ["that", "is"], "it's": ["it", "is"],
        "there's": ["there", "is"], "here's": ["here", "is"], "who's": ["who", "is"], "where's": ["where", "is"],
        "how's": ["how", "is"], "when's": ["when", "is"], "why's": ["why", "is"], "let's": ["let", "us"], "i'm": ["i", "am"], "im": ["i", "am"],
        "you're": ["you", "are"], "we're": ["we", "are"], "they're": ["they", "are"],
        "i've": ["i", "have"], "you've": ["you", "have"], "we've": ["we", "have"],
        "i'll": ["i", "will"], "you'll": ["you", "will"], "we'll": ["we", "will"],
        "i'd": ["i", "would"], "you'd": ["you", "would"], "we'd": ["we", "would"],
        "don't": ["do", "not"], "dont": ["do", "not"], "doesn't": ["does", "not"], "didn't": ["did", "not"],
        "can't": ["can", "not"], "cant": ["can", "not"], "won't": ["will", "not"], "isn't": ["is", "not"],
        "aren't": ["are", "not"], "wasn't": ["was", "not"], "haven't": ["have", "not"],
        "shouldn't": ["should", "not"], "wouldn't": ["would", "not"], "couldn't": ["could", "not"],
        "hows": ["how", "is"], "whens": ["when", "is"], "wheres": ["where", "is"], "whos": ["who", "is"],
        "thats": ["that", "is"], "theres": ["there", "is"], "isnt": ["is", "not"], "doesnt": ["does", "not"],
        "didnt": ["did", "not"], "arent": ["are", "not"], "havent": ["have", "not"], "ive": ["i", "have"],
        "gonna": ["going", "to"], "wanna": ["want", "to"], "gotta": ["got", "to"],
        // Texting shorthand: "can u play music", "pls add milk".
        "u": ["you"], "ur": ["your"], "pls": ["please"], "plz": ["please"], "thx": ["thanks"],
    ]

    /// Splits one raw word run into tokens: strips trailing joiners, drops dots of
    /// abbreviations, expands contractions, splits on joiners that do not bind a value.
    static func split(word raw: String) -> [String] {
        // Only the standard library's searches here: Foundation's are slow on Linux, and this
        // runs for every word of every utterance.
        let word = raw.unicodeScalars.contains("’") ? String(raw.map { $0 == "’" ? "'" : $0 }) : raw
        if let expanded = contractions[word] { return expanded }
        if word.utf8.contains(UInt8(ascii: "@")) || looksLikeURL(word) { return [word] }
        if word.first?.isNumber == true || (word.first == "-" && word.dropFirst().first?.isNumber == true) {
            // "12.50", "1,200", "5:30", "11/25", "3rd", "5pm", "2h30": one token, and a
            // trailing unit glued by a hyphen ("20-minute") splits off.
            if let hyphen = word.firstIndex(of: "-"), hyphen != word.startIndex {
                return [String(word[..<hyphen])] + split(word: String(word[word.index(after: hyphen)...]))
            }
            return [word]
        }
        if word.utf8.contains(UInt8(ascii: ".")) {
            let parts = word.split(separator: ".")
            if parts.allSatisfy({ $0.count == 1 }) { return [parts.joined()] }  // p.m., u.s.
            return parts.map(String.init)
        }
        var pieces: [String] = []
        for piece in word.split(whereSeparator: { $0 == "," || $0 == ":" || $0 == "/" || $0 == "-" || $0 == "_" }) {
            let text = String(piece)
            if let expanded = contractions[text] {
                pieces += expanded
            } else {
                pieces.append(text.utf8.contains(UInt8(ascii: "'")) ? String(text.filter { $0 != "'" }) : text)
            }
        }
        return pieces.filter { !$0.isEmpty }
    }

    static func looksLikeURL(_ word: String) -> Bool {
        guard word.utf8.contains(UInt8(ascii: ".")) || word.utf8.contains(UInt8(ascii: ":")) else { return false }
        if word.hasPrefix("http") && word.firstRange(of: "://") != nil { return true }
        if word.hasPrefix("www.") { return true }
        let tlds = [".com", ".org", ".net", ".io", ".dev", ".edu", ".gov", ".co.uk", ".de", ".fr"]
        return tlds.contains { word.hasSuffix($0) || word.firstRange(of: $0 + "/") != nil } && word.count > 4
    }
}
