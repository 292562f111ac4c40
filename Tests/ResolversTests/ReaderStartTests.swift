import Foundation
import IntentModel
import IntentTesting
import Testing

@testable import Resolvers

/// The first-word gates of the value tagger (`DateParser.mayStart(at:)`,
/// `NumberReader.mayStart(_:)`) only skip work: at every word they turn away, the readers
/// themselves find nothing. Checked at every word of every corpus sentence, the resolver
/// corpus included (its dates, times, numbers and amounts), and of sentences written to
/// reach each reader's first-word tests.
@Suite struct ReaderStartTests {
    static let written = [
        "at noon", "mid day", "midmorning tomorrow", "a quarter past seven", "three quarters past 8", "half three",
        "free o'clock", "ate pm", "in 20 minutes", "upcoming two days", "2 upcoming days", "a fortnight from now",
        "half an hour ago", "a quarter of an hour later", "two sundays from now", "the 3rd of march",
        "last friday in october", "this past wednesday", "next week sunday", "christmas eve 2019", "right now",
        "the day after tomorrow", "early morning", "late evening", "in the afternoon", "tonight", "the present time",
        "third tuesday of september 2014", "march 3rd", "3 march 2015", "oct 25", "5pm", "17h00", "11/25",
        "one and a half hours", "minus five", "point five", "a dozen eggs", "two thirds of a million", "1/2 hour",
        "twenty to 8", "five to three", "1430 hours", "at 7.30", "nineteen ninety three", "the minute", "asap",
    ]

    /// Every utterance of Corpus/ and every text of ../shared/resolver-corpus (when present).
    static var sentences: [String] {
        var texts = written
        let corpus = TestPaths.corpus
        let shared = TestPaths.root.deletingLastPathComponent().appendingPathComponent("shared/resolver-corpus")
        for folder in [corpus, shared] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".jsonl") {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
                for line in text.split(separator: "\n") {
                    guard let json = try? JSONValue(parsing: String(line)) else { continue }
                    if let found = json["utterance"]?.stringValue ?? json["text"]?.stringValue { texts.append(found) }
                }
            }
        }
        return texts
    }

    static let context = ResolutionContext(
        now: LocalDateTime(year: 2026, month: 11, day: 19, hour: 9, minute: 0), timeZone: TimeZone(identifier: "UTC")!)

    @Test func aWordTheDateGateTurnsAwayBeginsNoDate() {
        let sentences = Self.sentences
        #expect(sentences.count > 1000)
        var missed: [String] = []
        var turnedAway = 0
        for sentence in sentences {
            let tokens = TextNormalizer().words(sentence)
            let parser = DateParser(tokens: tokens, context: Self.context, wholeText: false)
            for index in tokens.indices where !DateParser.fillers.contains(tokens[index]) && !parser.mayStart(at: index) {
                turnedAway += 1
                if let found = parser.parse(from: index) { missed.append("\(sentence) [\(index)]: \(found.value.iso8601)") }
            }
        }
        #expect(missed.isEmpty, "dates the gate hides:\n\(missed.prefix(20).joined(separator: "\n"))")
        #expect(turnedAway > 1000, "the gate should turn most words away")
    }

    @Test func noDateStartsPastTheLastWordADateMayHold() {
        var missed: [String] = []
        var skipped = 0
        for sentence in Self.sentences {
            let tokens = TextNormalizer().words(sentence)
            let parser = DateParser(tokens: tokens, context: Self.context, wholeText: false)
            let lastCore = tokens.indices.last(where: parser.mayHoldDate(at:)) ?? -1
            for index in tokens.indices where index > lastCore {
                skipped += 1
                if let found = parser.parse(from: index) { missed.append("\(sentence) [\(index)]: \(found.value.iso8601)") }
            }
        }
        #expect(missed.isEmpty, "dates the gate hides:\n\(missed.prefix(20).joined(separator: "\n"))")
        #expect(skipped > 1000, "most sentences hold no date: their words should be skipped")
    }

    @Test func noDurationStartsPastTheLastWordADurationMayHold() {
        var missed: [String] = []
        for sentence in Self.sentences {
            let tokens = TextNormalizer().words(sentence)
            let parser = DateParser(
                tokens: tokens, context: ResolutionContext(now: LocalDateTime(year: 2000, month: 1, day: 1)), wholeText: false)
            let lastCore = tokens.lastIndex(where: DurationReader.mayHoldDuration) ?? -1
            for index in tokens.indices where index > lastCore {
                if let found = DurationReader.read(parser, at: index) { missed.append("\(sentence) [\(index)]: \(found.seconds) s") }
            }
        }
        #expect(missed.isEmpty, "durations the gate hides:\n\(missed.prefix(20).joined(separator: "\n"))")
    }

    @Test func weakWordsAloneHoldNoDate() {
        let tokens = ["turn", "on", "the", "lights", "in", "the", "kitchen", "this", "last"]
        let parser = DateParser(tokens: tokens, context: Self.context, wholeText: false)
        #expect(tokens.indices.allSatisfy { !parser.mayHoldDate(at: $0) })
        let dated = ["in", "the", "morning", "at", "5", "asap"]
        let datedParser = DateParser(tokens: dated, context: Self.context, wholeText: false)
        #expect(dated.indices.filter { datedParser.mayHoldDate(at: $0) } == [2, 4, 5])
        #expect(!DurationReader.mayHoldDuration("kitchen") && DurationReader.mayHoldDuration("2h30") && DurationReader.mayHoldDuration("mins"))
    }

    @Test func aWordTheNumberGateTurnsAwayBeginsNoNumber() {
        var missed: [String] = []
        for sentence in Self.sentences {
            let tokens = TextNormalizer().words(sentence)
            for index in tokens.indices where !NumberReader.mayStart(tokens[index]) {
                let cardinal = CardinalParser(tokens: tokens).parse(from: index)
                let fraction = FractionReader(tokens: tokens, limit: tokens.count).read(from: index)
                if cardinal != nil || fraction != nil || tokens[index] == "point" {
                    missed.append("\(sentence) [\(index)]")
                }
            }
        }
        #expect(missed.isEmpty, "numbers the gate hides:\n\(missed.prefix(20).joined(separator: "\n"))")
    }

    /// The homophones the number reader hears are those the date parser hears for an hour
    /// ("free o'clock"): one list, every word of it read as a number and let start a date.
    @Test func homophonesAreOneListForNumbersAndHours() {
        for word in NumberWords.homophones {
            #expect(NumberWords.homophone(word) != nil, "\(word)")
            let parser = DateParser(tokens: ["at", word, "pm"], context: Self.context, wholeText: false)
            #expect(parser.mayStart(at: 1), "\(word)")
        }
        #expect(NumberWords.homophone("three") == nil)
    }

    @Test func gatesLetDigitsAndOtherScriptsThrough() {
        let tokens = ["turn", "5pm", "五", "kitchen", "½"]
        let parser = DateParser(tokens: tokens, context: Self.context, wholeText: false)
        #expect(parser.mayStart(at: 0) == false)
        #expect(parser.mayStart(at: 1))
        #expect(parser.mayStart(at: 2))
        #expect(parser.mayStart(at: 3) == false)
        #expect(NumberReader.mayStart("kitchen") == false)
        #expect(NumberReader.mayStart("½"))
        #expect(NumberReader.mayStart("twenty"))
    }
}
