import Foundation
import IntentModel

extension Router {
    /// The reading of an utterance in which the speaker corrected themselves, when it routes
    /// better than the words as said: "add eggs to groceries no wait to my work list" is "add
    /// eggs to my work list", "remind me to call mom i mean to call dad" is "remind me to call dad".
    ///
    /// The markers are the `self_repair` words of the language's shared phrase file. What
    /// follows the last marker (the repair) replaces what came just before it: from the last
    /// earlier word the repair begins with ("to groceries" for "to my work list"), else the
    /// last value of the repair's type ("two" for "three"), else one to four words. Each reading is routed; the best is taken only if it is understood and at
    /// least as sure as the words as said, so a marker that is part of a request ("send a
    /// message saying sorry i mean it") changes nothing.
    func selfRepaired(
        _ utterance: String, tokens: [Token], words: [String], asSaid: RouteResult, now: LocalDateTime?, timeZone: TimeZone, spoken: Bool
    ) -> RouteResult? {
        guard words.contains(where: repairMarkerStarts.contains) else { return nil }
        let language = tokens.contains(where: \.isCJK) ? "zh" : "en"
        guard let marker = lastRepairMarker(in: words, language: language) else { return nil }
        // Readings are lists of token positions; what each token says is read once.
        let said = Array(0..<marker.lowerBound)
        let repair = Array(marker.upperBound..<tokens.count)
        // In order of preference, where readings route equally well.
        var readings: [[Int]] = []
        if said.isEmpty || repair.isEmpty {
            readings.append(said + repair)
        } else {
            if let first = repair.first, let start = said.lastIndex(where: { words[$0] == words[first] }), start > 0 {
                readings.append(Array(said[..<start]) + repair)
            }
            if let replaced = replacingValue(in: said, with: repair, words: words, language: language, now: now, timeZone: timeZone) {
                readings.append(replaced)
            }
            for dropped in 1...min(4, said.count) where dropped < said.count || readings.isEmpty {
                readings.append(Array(said.dropLast(dropped)) + repair)
            }
        }
        let pieces = normalizer.sourceTexts(of: tokens, in: utterance)
        var best: (result: RouteResult, text: String)?
        for reading in readings where !reading.isEmpty {
            let text = reading.map { pieces[$0] }.joined(separator: " ")
            let readingTokens = normalizer.tokens(text)
            let result = routeAsSaid(
                text, tokens: readingTokens, words: readingTokens.map(\.text), now: now, timeZone: timeZone, spoken: spoken)
            guard result.status != .notUnderstood else { continue }
            // An earlier reading keeps its place unless a later one is clearly better.
            if let known = best, !Self.rank(result, clearlyAbove: known.result) { continue }
            best = (result, text)
        }
        guard let (chosen, text) = best else { return nil }
        var result = chosen
        if asSaid.status != .notUnderstood {
            if Self.rank(asSaid) > Self.rank(result) { return nil }
            // A correction of the same request keeps what was said: one that loses a value
            // ("saying sorry i mean it" without its message) is no correction.
            if result.intent?.id == asSaid.intent?.id, asSaid.parameters.contains(where: { result.parameter($0.name) == nil }) { return nil }
        }
        result.utterance = utterance
        result.repaired = text
        let repaired = words[marker.upperBound...].joined(separator: " ")
        result.explanation.resolverSteps.insert(
            "self-repair: '\(words[marker].joined(separator: " "))' — '\(repaired)' corrects what came before; understood as '\(text)'",
            at: 0)
        return result
    }

    /// "order two soups no wait three": a repair that is one value, in place of the last value
    /// of the same type said before it.
    private func replacingValue(
        in said: [Int], with repair: [Int], words: [String], language: String, now: LocalDateTime?, timeZone: TimeZone
    ) -> [Int]? {
        guard !said.isEmpty, !repair.isEmpty else { return nil }
        let context = context(now: now, timeZone: timeZone, language: language)
        let whole = tagger.tag(repair.map { words[$0] }, context: context).filter { $0.range == 0..<repair.count && $0.confidence >= 0.9 }
        guard !whole.isEmpty else { return nil }
        let earlier = tagger.tag(said.map { words[$0] }, context: context).filter { span in
            span.confidence >= 0.9 && whole.contains { $0.type == span.type }
        }
        guard let last = earlier.max(by: { ($0.range.lowerBound, $0.range.count) < ($1.range.lowerBound, $1.range.count) }) else { return nil }
        var reading = said
        reading.replaceSubrange(last.range, with: repair)
        return reading
    }

    /// A better status, or the same and surer by more than rounding.
    private static func rank(_ result: RouteResult, clearlyAbove other: RouteResult) -> Bool {
        let (a, b) = (rank(result), rank(other))
        return a.0 > b.0 || (a.0 == b.0 && a.1 > b.1 + 0.03)
    }

    /// Complete readings first, then the surer; a reading must beat the words as said.
    private static func rank(_ result: RouteResult) -> (Int, Double) {
        let status: Int
        switch result.status {
        case .complete: status = 3
        case .ambiguous: status = 2
        case .incomplete: status = 1
        case .notUnderstood: status = 0
        }
        return (status, result.confidence)
    }

    /// The self-repair marker that ends last in `words`, the longest where several end alike
    /// ("sorry i mean" rather than "i mean").
    func lastRepairMarker(in words: [String], language: String) -> Range<Int>? {
        let markers = library.languages[language]?.selfRepair ?? []
        var found: Range<Int>?
        for marker in markers where marker.count <= words.count {
            for start in 0...(words.count - marker.count) where words[start..<start + marker.count].elementsEqual(marker) {
                let range = start..<start + marker.count
                if let known = found, known.upperBound > range.upperBound || (known.upperBound == range.upperBound && known.count >= range.count) {
                    continue
                }
                found = range
            }
        }
        return found
    }
}
