import IntentModel
import IntentTesting
import Phrases
import Routing
import Testing
import Wire

/// `inclusiveRange` on a number or an amount (App Intents' `@Parameter(inclusiveRange:)`):
/// declared in phrase files, over the socket and in the SDK alike (the demo bank's amount, which
/// ManifestAgreementTests holds to its code), and a value said outside it is not taken.
struct InclusiveRangeTests {
    func route(_ utterance: String) -> RouteResult { DemoRouter.shared.route(utterance, now: DemoRouter.now) }

    @Test func theBanksAmountHasARange() throws {
        let transfer = try #require(DemoRouter.shared.library.intent("bank.transferMoney"))
        #expect(transfer.parameter("amount")?.inclusiveRange == 0.01...10_000)
    }

    /// "send -5 dollars to john" sent $5 (the minus was dropped), "send minus 5 dollars" asked
    /// to confirm $-5: neither is taken now, and the amount is asked for with the reason.
    @Test(arguments: ["send -5 dollars to john", "send minus 5 dollars to john", "send 20000 dollars to john", "send 0 dollars to john"])
    func anAmountOutsideTheRangeIsNotTaken(utterance: String) {
        let result = route(utterance)
        #expect(result.intent?.id == "bank.transferMoney")
        #expect(result.parameter("amount") == nil)
        #expect(result.missing == ["amount"])
        #expect(result.outOfRange.map(\.problem) == ["The amount must be between 0.01 and 10000."])
        #expect(result.json["outOfRange"]?["amount"] == .string("The amount must be between 0.01 and 10000."))
    }

    @Test func anAmountInsideTheRangeIsTaken() {
        #expect(route("send 50 dollars to john").parameter("amount") == .currencyAmount(CurrencyAmount(amount: 50, currency: "USD")))
        #expect(route("send 10000 dollars to john").outOfRange.isEmpty)
    }

    /// A minus sign before a number is part of it; a hyphen inside a word or a number is not.
    @Test func aMinusSignBelongsToItsNumber() {
        let words = TextNormalizer().words
        #expect(words("send -5 dollars") == ["send", "-5", "dollars"])
        #expect(words("-3 degrees") == ["-3", "degrees"])
        #expect(words("a 20-minute run") == ["a", "20", "minute", "run"])
        #expect(words("well-known - 5") == ["well", "known", "5"])
    }

    @Test func theRangeIsReadFromAPhraseFile() {
        let text = "language: en\napp: {id: x}\nintents:\n  a:\n    parameters:\n      n: {type: Int, inclusiveRange: [1, 10]}\n"
        let library = PhraseLibraryLoader.load(files: [("f.yaml", text)])
        #expect(library.diagnostics.isEmpty)
        #expect(library.intent("x.a")?.parameter("n")?.inclusiveRange == 1...10)
    }

    @Test(arguments: [
        ("{type: String, inclusiveRange: [1, 10]}", "f.yaml:6:41: error: 'inclusiveRange' is for Int, Double and CurrencyAmount parameters; 'n' is String"),
        ("{type: Int, inclusiveRange: [10, 1]}", "f.yaml:6:38: error: 'inclusiveRange' of 'n' must be two numbers, the lowest first: [1, 10]"),
        ("{type: Double, inclusiveRange: [1]}", "f.yaml:6:41: error: 'inclusiveRange' of 'n' must be two numbers, the lowest first: [1, 10]"),
        ("{type: Int, inclusiveRange: [one, 10]}", "f.yaml:6:38: error: 'inclusiveRange' of 'n' must be two numbers, the lowest first: [1, 10]"),
    ])
    func aWrongRangeIsAnErrorAtItsPlace(parameter: String, error: String) {
        let text = "language: en\napp: {id: x}\nintents:\n  a:\n    parameters:\n      n: \(parameter)\n"
        let library = PhraseLibraryLoader.load(files: [("f.yaml", text)])
        #expect(library.diagnostics.map(\.description) == [error])
    }

    @Test func itTravelsOverTheSocket() throws {
        let json = try JSONValue(parsing: #"{"id": "x", "intents": [{"id": "a", "parameters": [{"name": "n", "type": "Int", "inclusiveRange": [1, 10]}]}]}"#)
        let app = try AppDefinition(json: json)
        #expect(app.intents.first?.parameters.first?.inclusiveRange == 1...10)
        #expect(app.json.serialized.contains(#""inclusiveRange":[1,10]"#))
        for wrong in [#"[10, 1]"#, #"[1]"#, #""1-10""#] {
            let text = #"{"id": "x", "intents": [{"id": "a", "parameters": [{"name": "n", "type": "Int", "inclusiveRange": "# + wrong + "}]}]}"
            #expect(throws: RPCError.self) { try AppDefinition(json: try JSONValue(parsing: text)) }
        }
        let onText = #"{"id": "x", "intents": [{"id": "a", "parameters": [{"name": "n", "type": "String", "inclusiveRange": [1, 10]}]}]}"#
        #expect(throws: RPCError.self) { try AppDefinition(json: try JSONValue(parsing: onText)) }
    }
}
