import IntentModel
import IntentTesting
import Phrases
import Testing
import Wire

/// `needsTime` on a Date parameter (issue 16): declared in phrase files, over the socket and in
/// the SDK's manifests alike, and refused on any other type. The daemon's questions are played
/// by the calendar dialogs of Corpus/dialogs-en.jsonl.
struct NeedsTimeTests {
    @Test func theCalendarsStartDateNeedsATime() throws {
        let createEvent = try #require(DemoRouter.shared.library.intent("calendar.createEvent"))
        #expect(createEvent.parameter("startDate")?.needsTime == true)
        #expect(createEvent.parameter("endDate")?.needsTime == false)
    }

    @Test func onlyADateNeedsATime() {
        let text = "language: en\napp: {id: x}\nintents:\n  a:\n    parameters:\n      n: {type: Int, needsTime: true}\n"
        let library = PhraseLibraryLoader.load(files: [("f.yaml", text)])
        #expect(library.diagnostics.map(\.description) == ["f.yaml:6:33: error: 'needsTime' is for Date parameters; 'n' is Int"])
    }

    @Test func itTravelsOverTheSocket() throws {
        let json = try JSONValue(parsing: #"{"id": "x", "intents": [{"id": "a", "parameters": [{"name": "when", "type": "Date", "needsTime": true}]}]}"#)
        let app = try AppDefinition(json: json)
        #expect(app.intents.first?.parameters.first?.needsTime == true)
        #expect(app.json.serialized.contains(#""needsTime":true"#))
        let wrong = try JSONValue(parsing: #"{"id": "x", "intents": [{"id": "a", "parameters": [{"name": "n", "type": "Int", "needsTime": true}]}]}"#)
        #expect(throws: RPCError.self) { try AppDefinition(json: wrong) }
    }
}
