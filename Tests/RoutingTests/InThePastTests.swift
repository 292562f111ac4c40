import IntentModel
import IntentTesting
import Phrases
import Routing
import Testing
import Wire

/// `inThePast` on a Date parameter: a day said without its year or week is the last one, for
/// a photo's day or a spending's date, whatever the tense ("show me pictures from october" was
/// October of next year). Declared in phrase files, over the socket and in the SDK alike (the
/// demo photos' and expenses', which ManifestAgreementTests holds to their code).
struct InThePastTests {
    /// Sunday, November 22, 2026, 10:00.
    let now = LocalDateTime(year: 2026, month: 11, day: 22, hour: 10)

    func day(_ utterance: String, _ parameter: String) -> Value? {
        DemoRouter.shared.route(utterance, now: now).parameter(parameter)
    }

    func date(_ month: Int, _ day: Int, year: Int = 2026) -> Value { .date(LocalDateTime(year: year, month: month, day: day)) }

    @Test func aPhotosDayIsTheLastOne() {
        #expect(day("show me pictures from october", "day") == date(10, 1))
        #expect(day("show me the photos from november 3", "day") == date(11, 3))
        #expect(day("show me photos from saturday", "day") == date(11, 21))
    }

    @Test func aSpendingsDayIsTheLastOne() {
        #expect(day("add an expense of 12 dollars for lunch on friday", "date") == date(11, 20))
    }

    /// Words that name their own side of today stay as said, and today is today.
    @Test func whatNamesItsSideStays() {
        #expect(day("show me photos from today", "day") == date(11, 22))
        #expect(day("add an expense of 5 dollars for coffee tomorrow", "date") == date(11, 23))
    }

    /// Other dates still look ahead: a task due on friday is due this coming Friday.
    @Test func otherDatesLookAhead() {
        #expect(day("remind me to call mom on friday", "dueDate") == date(11, 27))
    }

    @Test func itIsReadFromAPhraseFileAndOnlyForDates() {
        let good = "language: en\napp: {id: x}\nintents:\n  a:\n    parameters:\n      d: {type: Date, inThePast: true}\n"
        let library = PhraseLibraryLoader.load(files: [("f.yaml", good)])
        #expect(library.diagnostics.isEmpty)
        #expect(library.intent("x.a")?.parameter("d")?.inThePast == true)
        let wrong = "language: en\napp: {id: x}\nintents:\n  a:\n    parameters:\n      d: {type: Int, inThePast: true}\n"
        #expect(
            PhraseLoaderDiagnostics.of(wrong)
                == ["f.yaml:6:33: error: 'inThePast' is for Date parameters; 'd' is Int"])
    }

    @Test func itTravelsOverTheSocket() throws {
        let json = try JSONValue(parsing: #"{"id": "x", "intents": [{"id": "a", "parameters": [{"name": "d", "type": "Date", "inThePast": true}]}]}"#)
        let app = try AppDefinition(json: json)
        #expect(app.intents.first?.parameters.first?.inThePast == true)
        #expect(app.json.serialized.contains(#""inThePast":true"#))
        let onInt = #"{"id": "x", "intents": [{"id": "a", "parameters": [{"name": "d", "type": "Int", "inThePast": true}]}]}"#
        #expect(throws: RPCError.self) { try AppDefinition(json: try JSONValue(parsing: onInt)) }
    }
}

private enum PhraseLoaderDiagnostics {
    static func of(_ text: String) -> [String] {
        PhraseLibraryLoader.load(files: [("f.yaml", text)]).diagnostics.map(\.description)
    }
}
