import Foundation

/// How English words sound: the CMU Pronouncing Dictionary (shipped beside this file with its
/// licence), and letter-to-sound rules for words it lacks ("harkerma", "revoom").
package struct PronouncingDictionary: Sendable {
    private var entries: [String: [[Phone]]] = [:]

    /// The dictionary shipped with intentd, read once per process on first use; empty (so
    /// every word goes through the letter-to-sound rules) when its file cannot be read.
    package static let shipped: PronouncingDictionary = {
        guard let url = Bundle.module.url(forResource: "cmudict", withExtension: "txt", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "cmudict", withExtension: "txt"),
            let data = try? Data(contentsOf: url)
        else { return PronouncingDictionary() }
        return PronouncingDictionary(text: data)
    }()

    package init() {}

    /// Reads lines of `word PH ON ES` (stress digits allowed); other lines are skipped.
    package init(text: Data) {
        var entries: [String: [[Phone]]] = [:]
        entries.reserveCapacity(140_000)
        text.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                Self.readLine(bytes[lineStart..<lineEnd], into: &entries)
                lineStart = lineEnd + 1
            }
        }
        self.entries = entries
    }

    private static func readLine(_ line: Slice<UnsafeBufferPointer<UInt8>>, into entries: inout [String: [[Phone]]]) {
        guard let space = line.firstIndex(of: 0x20), space > line.startIndex else { return }
        let word = String(decoding: line[line.startIndex..<space], as: UTF8.self)
        var phones: [Phone] = []
        var symbolStart = space + 1
        var index = symbolStart
        while index <= line.endIndex {
            if index == line.endIndex || line[index] == 0x20 {
                if index > symbolStart {
                    let symbol = String(decoding: line[symbolStart..<index], as: UTF8.self)
                    guard let phone = Phones.code(symbol) else { return }
                    phones.append(phone)
                }
                symbolStart = index + 1
            }
            index += 1
        }
        if !phones.isEmpty { entries[word, default: []].append(phones) }
    }

    /// The pronunciations of a lowercase word: the dictionary's (at most `limit`), or one made by
    /// letter-to-sound rules. Empty for words with no letters ("12", "5:30").
    package func pronunciations(of word: String, limit: Int = 2) -> [[Phone]] {
        if let known = entries[word] { return Array(known.prefix(limit)) }
        let guessed = LetterToSound.phones(for: word)
        return guessed.isEmpty ? [] : [guessed]
    }

    /// Whether the dictionary itself knows `word` (no rules).
    package func knows(_ word: String) -> Bool { entries[word] != nil }

    package var count: Int { entries.count }
}
