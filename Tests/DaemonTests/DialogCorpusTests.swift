import Daemon
import Foundation
import IntentModel
import IntentTesting
import Testing
import Wire

/// Corpus/dialogs-en.jsonl played through a real daemon and the demo-apps process, turn by
/// turn, as a front end would (Corpus/README.md has the format): each turn must do what it
/// says it does (issue 16).
@Suite(.serialized) struct DialogCorpusTests {
    struct Dialog {
        var id: String
        var line: Int
        var turns: [(say: String, expect: JSONValue)]
    }

    static func dialogs() throws -> [Dialog] {
        let text = try String(contentsOf: TestPaths.corpus.appendingPathComponent("dialogs-en.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            let json = try JSONValue(parsing: String(line))
            guard let id = json["id"]?.stringValue, case .array(let turns)? = json["turns"] else { return nil }
            return Dialog(id: id, line: index + 1, turns: turns.map { ($0["say"]?.stringValue ?? "", $0["expect"] ?? .object([])) })
        }
    }

    @Test func theCorpusHasAtLeastSixtyDialogs() throws {
        #expect(try Self.dialogs().count >= 60)
    }

    @Test func everyDialogDoesWhatItSays() async throws {
        let dialogs = try Self.dialogs()
        try await withDemoApps { demo in
            for dialog in dialogs {
                var pending = false
                for (number, turn) in dialog.turns.enumerated() {
                    let place = "dialogs-en.jsonl:\(dialog.line) \(dialog.id) turn \(number + 1) \"\(turn.say)\""
                    let outcome: RunOutcome
                    do {
                        outcome =
                            pending
                            ? try await demo.client.call(Methods.Continue.self, .init(session: dialog.id, answer: .text(turn.say)))
                            : try await demo.client.call(
                                Methods.Run.self, .init(utterance: turn.say, session: dialog.id, now: DemoRouter.now))
                    } catch let error as RPCError {
                        #expect(turn.expect["error"] == .number(Double(error.code.rawValue)), "\(place): \(error)")
                        pending = error.code == .invalidAnswer
                        continue
                    }
                    pending = outcome.status == .question || outcome.heldQuestion != nil
                    Self.check(outcome, against: turn.expect, place)
                }
            }
        }
    }

    static func check(_ outcome: RunOutcome, against expect: JSONValue, _ place: String) {
        let json = outcome.json
        #expect(expect["error"] == nil, "\(place): expected an error, got \(json.serialized)")
        if let status = expect["status"] { #expect(json["status"] == status, "\(place): \(json.serialized)") }
        if let intent = expect["intent"] { #expect(json["intent"] == intent, "\(place): \(json.serialized)") }
        if case .object(let pairs)? = expect["parameters"] {
            for (name, value) in pairs { #expect(json["parameters"]?[name] == value, "\(place): \(name) in \(json.serialized)") }
        }
        if let kind = expect["kind"] { #expect(json["question"]?["kind"] == kind, "\(place): \(json.serialized)") }
        if let prompt = expect["prompt"] { #expect(json["question"]?["prompt"] == prompt, "\(place): \(json.serialized)") }
        if case .array(let titles)? = expect["choices"] {
            let got = (json["question"]?["choices"]?.arrayValue ?? []).map { $0["title"] ?? .null }
            #expect(got == titles, "\(place): \(json.serialized)")
        }
        if let dialog = expect["dialog"] { #expect(json["result"]?["dialog"] == dialog, "\(place): \(json.serialized)") }
        if let message = expect["message"] { #expect(json["message"] == message, "\(place): \(json.serialized)") }
        if let dropped = expect["dropped"] { #expect(json["droppedQuestion"]?["prompt"] == dropped, "\(place): \(json.serialized)") }
        if let held = expect["held"] { #expect(json["heldQuestion"]?["prompt"] == held, "\(place): \(json.serialized)") }
        if let ignored = expect["ignored"] { #expect(json["ignored"] == ignored, "\(place): \(json.serialized)") }
    }
}
