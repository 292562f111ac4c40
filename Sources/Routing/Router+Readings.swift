import Foundation
import IntentModel
import Phrases

/// A way to read a transcript as one of the phrases: the words a phrase would have the
/// speaker say, with the heard words put back where a slot takes them.
public struct Reading: Hashable, Sendable {
    /// The words as the phrase reads them: "take me back to my book" for the heard "take me
    /// back to my work".
    public var text: String
    /// The intent the reading reaches.
    public var intent: String
    /// The router's confidence in the reading of the transcript as heard.
    public var confidence: Double

    /// `{"text", "intent", "confidence"}`, as `route` gives it with `"readings"`.
    public var json: JSONValue {
        .object([("text", .string(text)), ("intent", .string(intent)), ("confidence", .number(RouteResult.round(confidence)))])
    }
}

extension Router {
    /// The phrase readings closest to a transcript, best first, for a speech recognizer to
    /// check against the audio (docs/voice.md, "Recognizer in the loop"): readings as written,
    /// with sound-alike words and names (people's too), farther from the heard words than
    /// routing allows (``SoundTolerance/checkedAgainstAudio``), and with one word taken as
    /// misheard whatever it sounds like.
    /// Unlike ``route(_:now:timeZone:spoken:compound:)`` they are not held to the threshold:
    /// the recognizer, which hears the audio, says which reading was said.
    public func readings(of utterance: String, now: LocalDateTime? = nil, timeZone: TimeZone = .current, limit: Int = 5) -> [Reading] {
        let tokens = normalizer.tokens(utterance)
        guard !tokens.isEmpty, tokens.count <= Self.soundAlikeWordLimit else { return [] }
        let words = tokens.map(\.text)
        let context = context(now: now, timeZone: timeZone, language: "en")
        let spans = tagger.tag(words, context: context, readers: readers).map {
            SlotSpan(range: $0.range, type: $0.type, value: $0.value, confidence: $0.confidence)
        }
        let parses = matcher.match(words, spans: spans, limit: limit, allowed: allowedIntents)
            + matcher.match(
                words, spans: spans + peopleHeardBySound(words, written: spans, tolerance: .checkedAgainstAudio), limit: limit,
                soundAlike: true, tolerance: .checkedAgainstAudio, allowed: allowedIntents)
            + matcher.match(words, spans: spans, limit: limit, misheardWords: true, allowed: allowedIntents)
        var seen: Set<String> = []
        var found: [(reading: Reading, score: Double)] = []
        for parse in parses {
            let text = readingText(of: parse, tokens: tokens, utterance: utterance)
            guard !text.isEmpty, seen.insert(text).inserted else { continue }
            found.append((Reading(text: text, intent: parse.intent.id, confidence: parse.confidence), parse.score))
        }
        return found.sorted { $0.score > $1.score }.prefix(limit).map(\.reading)
    }

    /// The parse's words: what a step reads heard words as (a sound-alike's phrase words, a
    /// name heard by sound), and elsewhere the words as heard, in their source form ("haven't",
    /// not the tokens "have not"), lowercased, without punctuation.
    private func readingText(of parse: Parse, tokens: [Token], utterance: String) -> String {
        var pieces: [String] = []
        var heardRun: Range<Int>?
        func flush() {
            if let run = heardRun { pieces.append(normalizer.sourceText(run, of: tokens, in: utterance)) }
            heardRun = nil
        }
        for step in parse.steps {
            if let reading = step.reading {
                flush()
                pieces.append(reading)
            } else if let run = heardRun, run.upperBound == step.range.lowerBound {
                heardRun = run.lowerBound..<step.range.upperBound
            } else {
                flush()
                heardRun = step.range
            }
        }
        flush()
        return Self.readingWords(pieces.joined(separator: " "))
    }

    /// A reading's words as a recognizer would write them: lowercase, without punctuation, but
    /// what belongs to a word kept: apostrophes, currency signs and percent signs, and the
    /// point, comma or colon between digits ("$12.50", "£1,000", "9:30"). A hyphen splits
    /// ("off site"): a sound-alike name is found across words ("non applesy" for *John
    /// Appleseed*), not inside one. (Examples/voice's `words_of` writes a transcript by the same rule.)
    static func readingWords(_ text: String) -> String {
        let characters = Array(text.lowercased())
        var words: [String] = []
        var word = ""
        for (index, character) in characters.enumerated() {
            let before = index > 0 ? characters[index - 1] : " "
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            let kept: Bool =
                switch character {
                case "'", "’", "%": true
                case ".", ",", ":": before.isNumber && after.isNumber
                default: character.isLetter || character.isNumber || character.isCurrencySymbol
                }
            if kept {
                word.append(character == "’" ? "'" : character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.joined(separator: " ")
    }
}
