import Foundation

/// Ranks intents by the words an utterance shares with their phrases, each word weighted by
/// its rarity among intents (inverse document frequency), as a search engine ranks pages.
///
/// The share is of the utterance's weight: a word no phrase uses weighs as much as the rarest,
/// so requests about something else score low.
struct WordOverlap: Sendable {
    /// For each word id, the intents whose phrases use it.
    let intentsByWord: [Int32: [Int32]]
    let fillerWords: Set<Int32>
    let intentCount: Int

    /// Words that say nothing about what is asked ("the", "my", "what", "is").
    static let functionWords: Set<String> = Lexicon.weakWords.union([
        "what", "how", "when", "where", "who", "which", "i", "me", "you", "do", "does", "are", "was", "be", "can",
        "could", "would", "will", "have", "has", "there", "some", "any", "not",
    ])

    init(intentWords: [Set<Int32>], fillerWords: Set<Int32>) {
        var index: [Int32: [Int32]] = [:]
        for (intent, words) in intentWords.enumerated() {
            for word in words { index[word, default: []].append(Int32(intent)) }
        }
        self.init(intentsByWord: index, fillerWords: fillerWords, intentCount: max(intentWords.count, 1))
    }

    init(intentsByWord: [Int32: [Int32]], fillerWords: Set<Int32>, intentCount: Int) {
        self.intentsByWord = intentsByWord
        self.fillerWords = fillerWords
        self.intentCount = intentCount
    }

    private func weight(of word: Int32?) -> Double {
        let frequency = word.flatMap { intentsByWord[$0]?.count } ?? 1
        return log(1 + Double(intentCount) / Double(frequency))
    }

    /// `words`: the utterance's word ids, nil for words no phrase or name uses.
    func rank(_ words: [Int32?], limit: Int, allowed: [Bool]? = nil, reached: [Bool]? = nil) -> [(intent: Int, overlap: Double, words: Int)] {
        var total = 0.0
        var shared: [Int32: (weight: Double, words: Int)] = [:]
        var counted: Set<Int32> = []
        for word in words {
            if let word, fillerWords.contains(word) { continue }
            if let word, !counted.insert(word).inserted { continue }
            let weight = weight(of: word)
            total += weight
            guard let word else { continue }
            for intent in intentsByWord[word] ?? [] where (allowed?[Int(intent)] ?? true) && (reached?[Int(intent)] ?? true) {
                let current = shared[intent] ?? (0, 0)
                shared[intent] = (current.weight + weight, current.words + 1)
            }
        }
        guard total > 0 else { return [] }
        return shared.map { (intent: Int($0.key), overlap: $0.value.weight / total, words: $0.value.words) }
            .sorted { $0.overlap != $1.overlap ? $0.overlap > $1.overlap : $0.intent < $1.intent }
            .prefix(limit).map { $0 }
    }

    /// How many of `words` the phrases of `intent` use, counted as ``rank(_:limit:allowed:reached:)``
    /// counts them (each word once, filler aside): one intent's count, without ranking the rest.
    func wordsShared(_ words: [Int32?], intent: Int32) -> Int {
        var counted: Set<Int32> = []
        var shared = 0
        for case let word? in words where !fillerWords.contains(word) && counted.insert(word).inserted {
            if intentsByWord[word]?.contains(intent) == true { shared += 1 }
        }
        return shared
    }
}
