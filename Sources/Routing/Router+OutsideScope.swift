import Phrases

extension Router {
    /// Where the markers of the language's `outside_scope` (the shared phrase file: "on the
    /// internet", "online") stand in `words`. "show me pictures of cats on the internet" is a
    /// web search, however well "show me pictures of {imageTitle}" fits the rest.
    func outsideMarkers(in words: [String], language: String) -> [Range<Int>] {
        guard let markers = outsideMarkersByFirstWord[language], !markers.isEmpty else { return [] }
        var found: [Range<Int>] = []
        for start in words.indices {
            for marker in markers[words[start]] ?? [] where start + marker.count <= words.count {
                if words[start..<start + marker.count].elementsEqual(marker) { found.append(start..<start + marker.count) }
            }
        }
        return found
    }

    /// Whether `parse` explains the words of an outside-scope marker other than as phrase words
    /// said exactly: by free text, by skipping them, or by hearing them as other words ("wake
    /// me up" heard as *make meetup*, a new event).
    static func reachesOutside(_ parse: Parse, markers: [Range<Int>]) -> Bool {
        guard !markers.isEmpty else { return false }
        var literal = Set<Int>()
        for range in parse.ranges { $0 == .word } { literal.formUnion(range) }
        return markers.contains { !$0.allSatisfy(literal.contains) }
    }
}
