import Foundation

/// How English words sound: the CMU Pronouncing Dictionary (shipped beside this file with its
/// licence), and letter-to-sound rules for words it lacks ("harkerma", "revoom").
package struct PronouncingDictionary: Sendable {
    /// The dictionary's text as read: lines of `word PH ON ES`. Kept whole and looked up in
    /// place: a dictionary of Swift strings and arrays took about 20 MB for the 134,000 words
    /// (docs/performance.md), the text and its index take 4.
    private let text: [UInt8]
    /// Where each line with a word and phones starts, ordered by the word's bytes and, for the
    /// lines of one word, as in the file (its first pronunciation first).
    private let lines: [UInt32]
    /// How many distinct words the dictionary has.
    package let count: Int

    /// The dictionary shipped with intentd, read once per process on first use; empty (so
    /// every word goes through the letter-to-sound rules) when its file cannot be read.
    package static let shipped: PronouncingDictionary = {
        guard let url = Bundle.module.url(forResource: "cmudict", withExtension: "txt", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "cmudict", withExtension: "txt"),
            let data = try? Data(contentsOf: url)
        else { return PronouncingDictionary() }
        return PronouncingDictionary(text: data)
    }()

    package init() {
        text = []
        lines = []
        count = 0
    }

    /// Reads lines of `word PH ON ES` (stress digits allowed); lines without a word and a
    /// space after it are skipped, and so, when looked up, are lines with an unknown phone.
    package init(text data: Data) {
        let text = [UInt8](data)
        var lines: [UInt32] = []
        lines.reserveCapacity(text.count / 20)
        var lineStart = 0
        while lineStart < text.count {
            let lineEnd = text[lineStart...].firstIndex(of: 0x0A) ?? text.count
            if let space = text[lineStart..<lineEnd].firstIndex(of: 0x20), space > lineStart, space + 1 < lineEnd {
                lines.append(UInt32(lineStart))
            }
            lineStart = lineEnd + 1
        }
        // The CMU file is nearly sorted; sort it fully, keeping a word's lines in file order.
        func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
            switch Self.compare(word(at: a), word(at: b)) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: a < b
            }
        }
        func word(at line: UInt32) -> ArraySlice<UInt8> {
            let start = Int(line)
            return text[start..<text[start...].firstIndex(of: 0x20)!]
        }
        if !zip(lines, lines.dropFirst()).allSatisfy({ precedes($0, $1) }) { lines.sort(by: precedes) }
        var distinct = 0
        for (index, line) in lines.enumerated() where index == 0 || word(at: lines[index - 1]) != word(at: line) { distinct += 1 }
        self.text = text
        self.lines = lines
        self.count = distinct
    }

    private static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> ComparisonResult {
        for (x, y) in zip(a, b) where x != y { return x < y ? .orderedAscending : .orderedDescending }
        return a.count == b.count ? .orderedSame : (a.count < b.count ? .orderedAscending : .orderedDescending)
    }

    /// The word of the line starting at `line`.
    private func word(at line: UInt32) -> ArraySlice<UInt8> {
        let start = Int(line)
        return text[start..<text[start...].firstIndex(of: 0x20)!]
    }

    /// The dictionary's pronunciations of `word`, at most `limit`, in file order.
    private func entries(of word: String, limit: Int) -> [[Phone]] {
        let key = ArraySlice(word.utf8)
        // The first line whose word is not before `key`.
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if Self.compare(self.word(at: lines[middle]), key) == .orderedAscending { low = middle + 1 } else { high = middle }
        }
        var found: [[Phone]] = []
        var index = low
        while index < lines.count, found.count < limit, self.word(at: lines[index]) == key {
            if let phones = phones(ofLineAt: lines[index]) { found.append(phones) }
            index += 1
        }
        return found
    }

    /// The phones of a line, nil when one of its symbols is no phone.
    private func phones(ofLineAt line: UInt32) -> [Phone]? {
        let start = Int(line)
        let end = text[start...].firstIndex(of: 0x0A) ?? text.count
        var phones: [Phone] = []
        var symbolStart = text[start..<end].firstIndex(of: 0x20)! + 1
        var index = symbolStart
        while index <= end {
            if index == end || text[index] == 0x20 || text[index] == 0x0D {
                if index > symbolStart {
                    guard let phone = Phones.code(Substring(decoding: text[symbolStart..<index], as: UTF8.self)) else { return nil }
                    phones.append(phone)
                }
                symbolStart = index + 1
            }
            index += 1
        }
        return phones.isEmpty ? nil : phones
    }

    /// The pronunciations of a lowercase word: the dictionary's (at most `limit`), or one made by
    /// letter-to-sound rules. Empty for words with no letters ("12", "5:30").
    package func pronunciations(of word: String, limit: Int = 2) -> [[Phone]] {
        let known = entries(of: word, limit: limit)
        if !known.isEmpty { return known }
        let guessed = LetterToSound.phones(for: word)
        return guessed.isEmpty ? [] : [guessed]
    }

    /// Whether the dictionary itself knows `word` (no rules).
    package func knows(_ word: String) -> Bool { !entries(of: word, limit: 1).isEmpty }
}
