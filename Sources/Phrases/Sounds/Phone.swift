/// The 39 phones of the CMU Pronouncing Dictionary (ARPAbet without stress), as small integers.
///
/// A pronunciation is a `[Phone]`; words are compared by a weighted edit distance over them
/// (``PhoneCosts``), so "tasks" and "turks", or "mighty tasks" and "my detox", are close
/// while their spellings are not.
package typealias Phone = UInt8

package enum Phones {
    /// ARPAbet symbols in code order: the 15 vowels first, then the 24 consonants.
    package static let symbols: [String] = [
        "AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW",
        "B", "CH", "D", "DH", "F", "G", "HH", "JH", "K", "L", "M", "N", "NG", "P", "R", "S", "SH", "T", "TH", "V",
        "W", "Y", "Z", "ZH",
    ]
    package static let count = symbols.count
    static let vowelCount: Phone = 15

    private static let codes: [String: Phone] = Dictionary(
        uniqueKeysWithValues: symbols.enumerated().map { ($1, Phone($0)) })

    /// The code of an ARPAbet symbol, stress digits ignored ("AE1" is `AE`).
    package static func code(_ symbol: Substring) -> Phone? {
        var letters = symbol
        while let last = letters.last, last.isNumber { letters = letters.dropLast() }
        return codes[String(letters)]
    }

    package static func code(_ symbol: String) -> Phone? { code(Substring(symbol)) }

    package static func isVowel(_ phone: Phone) -> Bool { phone < vowelCount }

    /// A pronunciation written as symbols: "T AE S K S".
    package static func spell(_ phones: [Phone]) -> String {
        phones.map { symbols[Int($0)] }.joined(separator: " ")
    }
}
