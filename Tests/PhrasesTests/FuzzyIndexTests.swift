import IntentModel
import Testing

@testable import Phrases

/// The fuzzy index finds a heard word's near words by letters deleted and by sound.
struct FuzzyIndexTests {
    /// The sound keys, pinned as the first (character-based) implementation gave them; the
    /// byte-based one agreed with it on all 234,500 words of the shipped dictionary.
    @Test(arguments: [
        ("martian", "MRXN"), ("marshan", "MRXN"), ("thought", "0KT"), ("photo", "FT"), ("church", "XRX"),
        ("nation", "NXN"), ("Knight", "KNKT"), ("whale", "L"), ("cygnus", "SKNS"), ("giraffe", "JRF"),
        ("schedule", "SXTL"), ("wheat", "T"),
    ])
    func soundKeys(word: String, key: String) {
        #expect(Phonetic.key(word) == key)
    }

    /// Deletions are hashed without making the strings: the same set as deleting letters one
    /// by one and hashing what is left, each variant once.
    @Test(arguments: ["hello", "martian", "groceries", "abc", "ab"])
    func deletionHashesAreThoseOfTheStringsLeft(word: String) {
        let bytes = Array(word.utf8)
        var expected: Set<UInt64> = [FuzzyIndex.hash(bytes)]
        var level: Set<[UInt8]> = [bytes]
        for _ in 0..<FuzzyIndex.maximumDistance(for: bytes.count) {
            var next: Set<[UInt8]> = []
            for w in level where w.count > 1 {
                for i in w.indices {
                    var copy = w
                    copy.remove(at: i)
                    next.insert(copy)
                }
            }
            for w in next { expected.insert(FuzzyIndex.hash(w)) }
            level = next
        }
        #expect(FuzzyIndex.deletions(of: bytes, upTo: FuzzyIndex.maximumDistance(for: bytes.count)) == expected)
    }

    @Test func nearWordsByLettersAndBySound() {
        let index = FuzzyIndex(vocabulary: Vocabulary(words: ["martian", "groceries", "weather", "light"]))
        let words = ["martian", "groceries", "weather", "light"]
        func near(_ heard: String) -> [String] { index.candidates(for: heard).map { words[Int($0.word)] } }
        #expect(near("groseries") == ["groceries"])
        #expect(near("marshan") == ["martian"])
        #expect(near("wether") == ["weather"])
        #expect(near("zzzzzz").isEmpty)
    }

    /// A typed word that only shares the sound key of a vocabulary word, most of its letters
    /// other, is another word, not a slip: "tennis" (key TNS) is not *tunes*, so "play tennis"
    /// plays nothing.
    @Test func aSoundKeyAloneDoesNotMakeAnotherWordNear() {
        let words = ["tunes", "martian"]
        let index = FuzzyIndex(vocabulary: Vocabulary(words: words))
        func near(_ heard: String) -> [String] { index.candidates(for: heard).map { words[Int($0.word)] } }
        #expect(Phonetic.key("tennis") == Phonetic.key("tunes"))
        #expect(near("tennis").isEmpty)
        #expect(near("marshan") == ["martian"])
        // A recognizer writes real words for the ones said: heard, the key is enough.
        #expect(index.candidates(for: "tennis", fromSpeech: true).map { words[Int($0.word)] } == ["tunes"])
    }

    /// Two neighbouring letters swapped, the commonest slip of typing, is one edit: a four-letter
    /// word allows one ("shwo" for "show"), where plain edits would count two.
    @Test func aSwapOfNeighbouringLettersIsOneEdit() {
        let words = ["show", "much", "tasks"]
        let index = FuzzyIndex(vocabulary: Vocabulary(words: words))
        func near(_ heard: String) -> [String] { index.candidates(for: heard).map { words[Int($0.word)] } }
        #expect(near("shwo") == ["show"])
        #expect(near("mcuh") == ["much"])
        #expect(near("tsaks") == ["tasks"])
        #expect(FuzzyIndex.distance(Array("shwo".utf8), Array("show".utf8)) == 1)
        #expect(near("owsh").isEmpty)
    }
}
