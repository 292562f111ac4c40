import Synchronization

/// The pronunciations of a matcher's vocabulary by word id, worked out once, when the first
/// sound-alike search needs them, so a matcher that never hears speech never pays for them.
package final class VocabularySounds: Sendable {
    private let words: [String]
    private let table = Mutex<[[[Phone]]]?>(nil)

    package init(words: [String]) { self.words = words }

    /// Up to two pronunciations of each vocabulary word (empty for words without letters).
    package func pronunciations() -> [[[Phone]]] {
        table.withLock { table in
            if let table { return table }
            let dictionary = PronouncingDictionary.shipped
            let made = words.map { dictionary.pronunciations(of: $0, limit: 2) }
            table = made
            return made
        }
    }
}
