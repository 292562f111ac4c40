import Routing
import Testing

/// The line forms `intentd run` reads from speech recognizers.
struct RecognizerLineTests {
    typealias Hypothesis = RecognizerLine.Hypothesis

    @Test(arguments: [
        ("add milk to my groceries list", "add milk to my groceries list"),
        ("  Add milk.\r", "Add milk."),
        ("[00:00.000 --> 00:02.000]  Add milk to my groceries list.", "Add milk to my groceries list."),
        ("[00:00:01,000 --> 00:00:02,500] order two soups", "order two soups"),
        (#"{"text": " what is left in mighty tasks "}"#, "what is left in mighty tasks"),
        (#"{"transcript": "order two soups", "is_final": true}"#, "order two soups"),
        (#"{"type": "final", "text": "order two soups"}"#, "order two soups"),
        (#"{"text": "order two soups", "partial": false}"#, "order two soups"),
        (
            #"{"type":"Results","is_final":true,"channel":{"alternatives":[{"transcript":"play music","confidence":0.9}]}}"#,
            "play music"
        ),
        (#"{"results":[{"alternatives":[{"transcript":"play music"}],"isFinal":true}]}"#, "play music"),
        ("[inaudible] add milk", "[inaudible] add milk"),
    ])
    func readsTheText(_ line: String, _ text: String) {
        #expect(RecognizerLine(parsing: line) == .text(text))
    }

    @Test(arguments: [
        ("", "an empty line"),
        ("   ", "an empty line"),
        (#"{"partial": "add mi"}"#, "a partial result"),
        (#"{"text": "add mi", "partial": true}"#, "a partial result"),
        (#"{"text": "add mi", "is_final": false}"#, "a partial result (is_final: false)"),
        (#"{"text": "add mi", "isFinal": false}"#, "a partial result (isFinal: false)"),
        (#"{"type": "partial", "text": "add mi"}"#, "a partial result (type: partial)"),
        (#"{"type": "PartialTranscript", "text": "add mi"}"#, "a partial result (type: PartialTranscript)"),
        (#"{"type": "UtteranceEnd"}"#, "a result without text"),
        ("[00:00.000 --> 00:02.000]  [BLANK_AUDIO]", "a non-speech marker [BLANK_AUDIO]"),
        ("(music)", "a non-speech marker (music)"),
        ("[00:00.000 --> 00:02.000]", "no words after the timestamps"),
    ])
    func skips(_ line: String, _ reason: String) {
        #expect(RecognizerLine(parsing: line) == .skip(reason: reason))
    }

    @Test func invalidJSONSaysWhatIsWrong() {
        #expect(
            RecognizerLine(parsing: "{text: add milk}") == .invalid("not valid JSON: expected a string key at byte 1"))
    }

    @Test func nBestIsSortedByConfidence() {
        let line =
            #"{"alternatives": [{"text": "order to soups", "confidence": 0.4}, {"text": "order two soups", "confidence": 0.6}]}"#
        #expect(
            RecognizerLine(parsing: line)
                == .alternatives([
                    Hypothesis(text: "order two soups", confidence: 0.6),
                    Hypothesis(text: "order to soups", confidence: 0.4),
                ]))
    }

    @Test func voskScoresAreScaledAndLogProbabilitiesExponentiated() {
        let vosk =
            #"{"alternatives": [{"confidence": 200.0, "text": "add milk"}, {"confidence": 150.0, "text": "add silk"}]}"#
        #expect(
            RecognizerLine(parsing: vosk)
                == .alternatives([
                    Hypothesis(text: "add milk", confidence: 1), Hypothesis(text: "add silk", confidence: 0.75),
                ]))
        let logs =
            #"{"nbest": [{"text": "add milk", "avg_logprob": 0}, {"text": "add silk", "avg_logprob": -0.6931471805599453}]}"#
        guard case .alternatives(let readings) = RecognizerLine(parsing: logs) else {
            Issue.record("not read as alternatives")
            return
        }
        #expect(readings.map(\.text) == ["add milk", "add silk"])
        #expect(abs(readings[1].confidence - 0.5) < 1e-9)
    }

    @Test func alternativesWithoutConfidenceRankByOrder() {
        #expect(
            RecognizerLine(parsing: #"["add milk", "add silk"]"#)
                == .alternatives([
                    Hypothesis(text: "add milk", confidence: 1), Hypothesis(text: "add silk", confidence: 0.95),
                ]))
    }

    @Test func oneAlternativeLeftIsPlainText() {
        #expect(
            RecognizerLine(parsing: #"{"alternatives": [{"text": ""}, {"text": "add milk", "confidence": 0.3}]}"#)
                == .text("add milk"))
    }

    @Test func bestReadingWeighsRecognizerAndRouter() {
        let readings = [Hypothesis(text: "ad milk", confidence: 0.6), Hypothesis(text: "add milk", confidence: 0.4)]
        // The recognizer's favourite is not understood: the second reading wins.
        #expect(RecognizerLine.best(of: readings, routeConfidence: [0, 0.9])?.index == 1)
        // Both understood: the product decides.
        #expect(RecognizerLine.best(of: readings, routeConfidence: [0.7, 0.9])?.index == 0)
        #expect(RecognizerLine.best(of: readings, routeConfidence: [0.5, 0.9])?.index == 1)
        #expect(RecognizerLine.best(of: readings, routeConfidence: [0, 0]) == nil)
    }
}
