/// The English number vocabulary, built once: cardinal and ordinal words, scales, and
/// the fraction denominators ("thirds", "quarters").
enum NumberWords {
    static let units: [String: Int] = [
        "zero": 0, "nought": 0, "naught": 0, "nil": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
        "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
        "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90,
    ]
    static let scales: [String: Double] = [
        "hundred": 100, "hundreds": 100, "thousand": 1_000, "thousands": 1_000, "million": 1_000_000,
        "millions": 1_000_000, "mil": 1_000_000, "billion": 1_000_000_000, "billions": 1_000_000_000,
        "bln": 1_000_000_000, "trillion": 1_000_000_000_000, "trillions": 1_000_000_000_000,
        "tln": 1_000_000_000_000, "lakh": 100_000, "lakhs": 100_000, "lac": 100_000, "crore": 10_000_000,
        "crores": 10_000_000, "koti": 10_000_000, "krore": 10_000_000, "krores": 10_000_000,
        "quadrillion": 1e15, "quadrillions": 1e15, "quintillion": 1e18, "quintillions": 1e18, "sextillion": 1e21,
        "sextillions": 1e21,
    ]
    /// Words that multiply what precedes them by twelve or two ("two dozen", "a pair").
    static let groups: [String: Int] = [
        "dozen": 12, "dozens": 12, "dzs": 12, "dz": 12, "doz": 12, "dozs": 12, "pair": 2, "couple": 2,
    ]
    static let unitOrdinals: [String: Int] = [
        "zeroth": 0, "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
        "eighth": 8, "ninth": 9, "nineth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
        "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
        "nineteenth": 19,
    ]
    static let tensOrdinals: [String: Int] = [
        "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70,
        "eightieth": 80, "ninetieth": 90,
    ]
    static let scaleOrdinals: [String: Double] = [
        "hundredth": 100, "thousandth": 1_000, "millionth": 1_000_000, "billionth": 1_000_000_000,
        "trillionth": 1_000_000_000_000, "quadrillionth": 1e15, "quintillionth": 1e18, "sextillionth": 1e21,
    ]
    /// Denominator words in the plural ("thirds") and the special ones ("half", "quarter").
    static let denominators: [String: Double] = {
        var table: [String: Double] = ["half": 2, "halves": 2, "halfs": 2, "quarter": 4, "quarters": 4]
        for (word, value) in unitOrdinals.merging(tensOrdinals, uniquingKeysWith: { a, _ in a }) where value > 2 {
            table[word] = Double(value)
            table[word + "s"] = Double(value)
        }
        for (word, value) in scaleOrdinals {
            table[word] = value
            table[word + "s"] = value
        }
        // "first" only ends a fraction after tens ("three twenty-firsts"); see FractionReader.
        table["first"] = 1
        table["firsts"] = 1
        table["seconds"] = nil
        table["second"] = nil
        return table
    }()

    /// One word of a spoken number, classified.
    enum Atom: Equatable {
        case unit(Int)
        case tens(Int)
        case scale(Double)
        case group(Int)
        /// An ordinal word; `scale` when it is "hundredth", "thousandth", ...
        case ordinal(Double, scale: Bool)
        /// Run-together tens and unit: "twentyfifth", "thirtyone".
        case compound(tens: Int, unit: Int, ordinal: Bool)
    }

    static let atoms: [String: Atom] = {
        var table: [String: Atom] = [:]
        for (word, value) in units { table[word] = .unit(value) }
        for (word, value) in tens { table[word] = .tens(value) }
        for (word, value) in scales { table[word] = .scale(value) }
        for (word, value) in groups { table[word] = .group(value) }
        for (word, value) in unitOrdinals { table[word] = .ordinal(Double(value), scale: false) }
        for (word, value) in tensOrdinals { table[word] = .ordinal(Double(value), scale: false) }
        for (word, value) in scaleOrdinals { table[word] = .ordinal(value, scale: true) }
        for (tensWord, tensValue) in tens {
            for (unitWord, unitValue) in units where (1...9).contains(unitValue) {
                table[tensWord + unitWord] = .compound(tens: tensValue, unit: unitValue, ordinal: false)
            }
            for (unitWord, unitValue) in unitOrdinals where (1...9).contains(unitValue) {
                table[tensWord + unitWord] = .compound(tens: tensValue, unit: unitValue, ordinal: true)
            }
        }
        return table
    }()

    /// Words heard in place of a number by speech-to-text; only used where a number is expected
    /// (and, for the date parser, an hour: "free o'clock").
    static let homophones = ["won", "to", "too", "free", "tree", "for", "fore", "ate"]

    /// The number a word of ``homophones`` is heard for ("to" for 2): a switch, as it is asked
    /// for every word.
    static func homophone(_ word: String) -> Int? {
        // Every homophone has two to four letters: longer and shorter words skip the compares.
        guard (2...4).contains(word.utf8.count) else { return nil }
        return switch word {
        case "to", "too": 2
        case "free", "tree": 3
        case "for", "fore": 4
        case "won": 1
        case "ate": 8
        default: nil
        }
    }
}
