import Foundation

/// What it costs to hear one phone as another, or to miss or add one: the weights of the
/// edit distance between pronunciations.
///
/// The shipped table (`Resources/phone-costs.tsv`) was calibrated on the tune split of
/// Corpus/voice-en.jsonl by `Examples/voice/calibrate_phones.py`: a cost is the negative log
/// of how often a recognizer turned the spoken phone into the heard one, relative to how often
/// it kept it (docs/voice.md). Pairs the data never saw keep a cost by phone class: vowels
/// among themselves, voiced and voiceless twins, nasals, liquids and glides.
package struct PhoneCosts: Sendable {
    /// `substitution[a * count + b]`: hearing `b` where `a` was said.
    package private(set) var substitution: [Float]
    /// Missing a phone that was said.
    package private(set) var deletion: [Float]
    /// Hearing a phone that was not said.
    package private(set) var insertion: [Float]

    private static let count = Phones.count

    /// Costs by phone class alone, before any data.
    package static let byClass: PhoneCosts = PhoneCosts()

    /// The calibrated table shipped with intentd, over the class costs for pairs it lacks.
    package static let shipped: PhoneCosts = {
        var costs = PhoneCosts()
        if let url = Bundle.module.url(forResource: "phone-costs", withExtension: "tsv", subdirectory: "Resources")
            ?? Bundle.module.url(forResource: "phone-costs", withExtension: "tsv"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        {
            costs.read(text)
        }
        return costs
    }()

    private init() {
        let n = Self.count
        substitution = Array(repeating: 1, count: n * n)
        deletion = Array(repeating: 0.8, count: n)
        insertion = Array(repeating: 0.8, count: n)
        for a in 0..<n {
            for b in 0..<n {
                substitution[a * n + b] = Self.classCost(Phone(a), Phone(b))
            }
            if Phones.isVowel(Phone(a)) {
                deletion[a] = 0.6
                insertion[a] = 0.6
            }
        }
        for weak in ["AH", "IH", "HH", "D", "T"] {
            guard let phone = Phones.code(weak) else { continue }
            deletion[Int(phone)] = 0.45
            insertion[Int(phone)] = 0.45
        }
    }

    /// Reads lines `sub A B cost`, `del A cost`, `ins A cost`; `#` starts a comment.
    package mutating func read(_ text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let kind = fields.first, let cost = fields.last.flatMap({ Float($0) }), cost >= 0 else { continue }
            switch (kind, fields.count) {
            case ("sub", 4):
                guard let a = Phones.code(fields[1]), let b = Phones.code(fields[2]), a != b else { continue }
                substitution[Int(a) * Self.count + Int(b)] = cost
            case ("del", 3):
                if let a = Phones.code(fields[1]) { deletion[Int(a)] = cost }
            case ("ins", 3):
                if let a = Phones.code(fields[1]) { insertion[Int(a)] = cost }
            default: continue
            }
        }
    }

    @inline(__always)
    package func substitute(_ said: Phone, _ heard: Phone) -> Float {
        said == heard ? 0 : substitution[Int(said) * Self.count + Int(heard)]
    }

    /// The weighted edit distance of hearing `heard` where `said` was said, unbounded, per heard
    /// phone (per said phone when nothing was heard).
    package func distance(said: [Phone], heard: [Phone]) -> Float {
        var previous = [Float](repeating: 0, count: heard.count + 1)
        for j in heard.indices { previous[j + 1] = previous[j] + insertion[Int(heard[j])] }
        var current = previous
        for phone in said {
            current[0] = previous[0] + deletion[Int(phone)]
            for j in heard.indices {
                current[j + 1] = min(
                    previous[j + 1] + deletion[Int(phone)], current[j] + insertion[Int(heard[j])],
                    previous[j] + substitute(phone, heard[j]))
            }
            swap(&previous, &current)
        }
        return previous[heard.count] / Float(max(heard.count, said.count, 1))
    }

    /// The weighted edit distance, in all (not per phone), of hearing the words `heard` (their
    /// phones one after the other, `heardEnds` where each word ends among them) where the words
    /// `said` were said (each with its pronunciations, the cheapest counting), such that every
    /// word on either side keeps a phone aligned with one of the other side's. A word wholly
    /// unsaid or wholly unheard is a word left out or put in, not misheard: hearing "call" for
    /// "i called", or "i call" for "called", costs more than the plain distance says. Infinite
    /// when no such alignment exists.
    package func wordwiseDistance(said: [[[Phone]]], heard: [Phone], heardEnds: [Int]) -> Float {
        let m = heard.count
        guard m > 0, !said.isEmpty else { return .infinity }
        // Whether heard phone j opens a word other than the first: the word before it must have
        // been heard by then.
        var opensLaterWord = [Bool](repeating: false, count: m)
        for end in heardEnds where end > 0 && end < m { opensLaterWord[end] = true }
        // A row is indexed by j * 2 + b: j heard phones taken, b whether the heard word being
        // taken has a phone aligned yet.
        func index(_ j: Int, _ b: Int) -> Int { j * 2 + b }
        func addInsertions(_ row: inout [Float]) {
            for j in 0..<m {
                let cost = insertion[Int(heard[j])]
                for b in 0...1 where row[index(j, b)] < .infinity {
                    if opensLaterWord[j] && b == 0 { continue }
                    let to = index(j + 1, opensLaterWord[j] || j == 0 ? 0 : b)
                    row[to] = min(row[to], row[index(j, b)] + cost)
                }
            }
        }
        let empty = [Float](repeating: .infinity, count: (m + 1) * 2)
        var entry = empty
        entry[index(0, 0)] = 0
        addInsertions(&entry)
        for pronunciations in said {
            var exit = empty
            for phones in pronunciations where !phones.isEmpty {
                // `open`: the said word has no phone aligned yet; `aligned`: it has.
                var open = entry, aligned = empty
                for phone in phones {
                    let missed = deletion[Int(phone)]
                    var nextOpen = empty, nextAligned = empty
                    for cell in 0..<empty.count {
                        if open[cell] < .infinity { nextOpen[cell] = open[cell] + missed }
                        if aligned[cell] < .infinity { nextAligned[cell] = aligned[cell] + missed }
                    }
                    for j in 0..<m {
                        let cost = substitute(phone, heard[j])
                        for b in 0...1 {
                            if opensLaterWord[j] && b == 0 { continue }
                            let from = min(open[index(j, b)], aligned[index(j, b)])
                            guard from < .infinity else { continue }
                            nextAligned[index(j + 1, 1)] = min(nextAligned[index(j + 1, 1)], from + cost)
                        }
                    }
                    addInsertions(&nextOpen)
                    addInsertions(&nextAligned)
                    open = nextOpen
                    aligned = nextAligned
                }
                for cell in 0..<empty.count { exit[cell] = min(exit[cell], aligned[cell]) }
            }
            entry = exit
        }
        return entry[index(m, 1)]
    }

    /// Groups of phones that recognizers confuse: voiced and voiceless twins, nasals, and so on.
    private static let families: [[String]] = [
        ["P", "B"], ["T", "D"], ["K", "G"], ["F", "V"], ["S", "Z"], ["SH", "ZH"], ["CH", "JH"], ["TH", "DH"],
        ["M", "N", "NG"], ["L", "R"], ["W", "Y"], ["TH", "F"], ["DH", "D"], ["TH", "T"], ["S", "SH"], ["CH", "SH"],
        ["HH", "W"],
    ]

    private static let familyCost: [Set<Phone>] = families.map { Set($0.compactMap { Phones.code($0) }) }

    private static func classCost(_ a: Phone, _ b: Phone) -> Float {
        if a == b { return 0 }
        let aVowel = Phones.isVowel(a)
        if aVowel != Phones.isVowel(b) {
            // ER is half vowel, half R.
            let r = Phones.code("R"), er = Phones.code("ER")
            if (a == er && b == r) || (a == r && b == er) { return 0.4 }
            return 1.2
        }
        if aVowel { return 0.5 }
        if familyCost.contains(where: { $0.contains(a) && $0.contains(b) }) { return 0.5 }
        return 1.0
    }
}
