import Phrases

extension Router {
    /// Words that place a request outside every app on this machine: "show me pictures of
    /// cats on the internet" is a web search, however well "show me pictures of {imageTitle}"
    /// fits the rest. A parse that leaves such words to free text or skips them is dropped; a
    /// phrase that spells them out ("search online for ...") still matches. English only, like
    /// the phrases they guard.
    static let outsideScope: [[String]] = [
        ["on", "the", "internet"], ["from", "the", "internet"], ["on", "the", "web"], ["from", "the", "web"],
        ["online"], ["on", "google"], ["on", "youtube"], ["on", "wikipedia"],
    ]

    /// Where the markers of `outsideScope` stand in `words`.
    static func outsideMarkers(in words: [String]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        for marker in outsideScope where marker.count <= words.count {
            for start in 0...(words.count - marker.count) where Array(words[start..<start + marker.count]) == marker {
                found.append(start..<start + marker.count)
            }
        }
        return found
    }

    /// Whether `parse` explains the words of an outside-scope marker only by free text or by
    /// skipping them.
    static func reachesOutside(_ parse: Parse, markers: [Range<Int>]) -> Bool {
        guard !markers.isEmpty else { return false }
        var literal = Set<Int>()
        for step in parse.steps where step.kind == .word || step.kind == .nearWord { literal.formUnion(step.range) }
        return markers.contains { !$0.allSatisfy(literal.contains) }
    }
}
