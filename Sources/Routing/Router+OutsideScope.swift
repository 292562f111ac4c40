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
    ///
    /// A marker inside the text an intent that makes something keeps is part of that text:
    /// "remind me to pay the bill online", "add watch the game on tv to my tasks" are tasks
    /// (the marker wholly inside a free-text capture, past its first word, of a String
    /// parameter of an intent that makes something undoable: a task, an event, an expense).
    /// "show me pictures of cats on the internet" makes nothing, and "set an alarm for 7" says
    /// its marker outside the text.
    static func reachesOutside(_ parse: Parse, markers: [Range<Int>]) -> Bool {
        guard !markers.isEmpty else { return false }
        var literal = Set<Int>()
        for range in parse.ranges { $0 == .word } { literal.formUnion(range) }
        guard case .reversible? = parse.intent.effect else { return markers.contains { !$0.allSatisfy(literal.contains) } }
        let keptText: [Range<Int>] =
            parse.captures.compactMap { capture in
                guard capture.content == .freeText, parse.intent.parameter(capture.parameter)?.type == .string else { return nil }
                return capture.range
            }
        return markers.contains { marker in
            !marker.allSatisfy(literal.contains)
                && !keptText.contains { $0.lowerBound < marker.lowerBound && marker.upperBound <= $0.upperBound }
        }
    }
}
