import IntentModel
import Phrases
import Testing

struct MatcherTests {
    static let library = PhraseLibraryLoader.load(files: [
        (
            "shop.yaml",
            """
            language: en
            app: {id: shop, name: Corner Shop, synonyms: [the shop]}
            enums:
              Size:
                cases:
                  small: {title: Small (8 oz), synonyms: [little]}
                  large: Large
            entities:
              Item:
                values:
                  - {id: milk, title: Oat Milk}
                  - {id: bread, title: Sourdough Bread}
                  - {id: lost1, title: The Lost World, subtitle: Doyle}
                  - {id: lost2, title: The Lost World, subtitle: Crichton}
            intents:
              order:
                parameters: {item: Item, size: Size?, quantity: Int?}
                phrases:
                  - (order|buy) [a|an] [{size}] {item} [(from|at) ${app}]
                  - (order|buy) {quantity} {item}
              note:
                parameters: {text: String}
                phrases:
                  - (note|write down) {text}
                  - (note|write down) {text} (in|at) ${app}
            """
        ),
        ("common.yaml", "language: en\nfiller: [um, please]\nfiller_phrases: [could you]\n"),
    ])
    static let matcher = PhraseCompiler.compile(library).matcher

    func top(_ words: [String], spans: [SlotSpan] = []) -> Parse? {
        Self.matcher.match(words, spans: spans).first
    }

    @Test func aGluedEndingJoinsEveryAlternativeOfSeveralWords() throws {
        let library = PhraseLibraryLoader.load(files: [
            (
                "home.yaml",
                "language: en\napp: {id: home}\nintents:\n  lock:\n    phrases: [\"lock the (gate|garage door)[s]\"]\n"
            )
        ])
        let compiled = PhraseCompiler.compile(library)
        #expect(compiled.diagnostics.isEmpty)
        for words in [["lock", "the", "garage", "doors"], ["lock", "the", "garage", "door"], ["lock", "the", "gates"]] {
            let parse = try #require(compiled.matcher.match(words, spans: []).first)
            #expect(parse.confidence == 1, "\(words)")
        }
        #expect((compiled.matcher.match(["lock", "the", "garage", "door", "s"], spans: []).first?.confidence ?? 0) < 1)
    }

    @Test func literalWordsAndCompiledNames() throws {
        let parse = try #require(top(["order", "a", "small", "oat", "milk", "from", "the", "shop"]))
        #expect(parse.intent.id == "shop.order")
        #expect(parse.captures.map(\.parameter) == ["size", "item"])
        #expect(parse.confidence > 0.95)
    }

    @Test func fillerIsFreeAndUnknownWordsCost() throws {
        let clean = try #require(top(["order", "oat", "milk"]))
        let filler = try #require(top(["um", "could", "you", "order", "oat", "milk", "please"]))
        let unknown = try #require(top(["order", "oat", "milk", "quickly", "tomorrow"]))
        #expect(filler.confidence == clean.confidence)
        #expect(unknown.confidence < clean.confidence)
        #expect(unknown.intent.id == "shop.order")
    }

    @Test func nearMissWordsMatchAtACost() throws {
        let parse = try #require(top(["ordr", "sourdogh", "bread"]))
        #expect(parse.intent.id == "shop.order")
        guard case .names(let names, _) = parse.captures[0].content else { Issue.record("no names"); return }
        #expect(names.map(\.id) == ["bread"])
        #expect(parse.confidence < 1)
    }

    @Test func partOfANameStillFindsIt() throws {
        let parse = try #require(top(["buy", "sourdough"]))
        guard case .names(let names, _) = parse.captures[0].content else { Issue.record("no names"); return }
        #expect(names.map(\.id) == ["bread"])
    }

    @Test func ambiguousNamesComeBackTogether() throws {
        let parse = try #require(top(["buy", "the", "lost", "world"]))
        guard case .names(let names, _) = parse.captures[0].content else { Issue.record("no names"); return }
        #expect(Set(names.map(\.id)) == ["lost1", "lost2"])
    }

    @Test func typedSlotsConsumeTaggedSpans() throws {
        let spans = [SlotSpan(range: 1..<2, type: .int, value: .int(3), confidence: 1)]
        let parse = try #require(top(["buy", "three", "oat", "milk"], spans: spans))
        #expect(parse.captures.first?.content == .value(.int(3), confidence: 1))
    }

    @Test func freeTextIsBoundedByTheWordsAround() throws {
        let parse = try #require(top(["note", "call", "the", "bank", "in", "the", "shop"]))
        #expect(parse.intent.id == "shop.note")
        #expect(parse.captures.first?.range == 1..<4)
    }

    @Test func nothingMatchesNothing() {
        #expect(Self.matcher.match([]).isEmpty)
        #expect(Self.matcher.match(["what", "is", "the", "weather"]).isEmpty)
    }

    @Test func hugeUtteranceDoesNotBlowUp() {
        let words = Array(repeating: ["order", "oat", "milk"], count: 300).flatMap { $0 }
        #expect(Self.matcher.match(words).count <= 5)
    }

    @Test func unicodeWordsAreJustWords() {
        #expect(Self.matcher.match(["🥛", "order", "oat", "milk", "ñ"]).first?.intent.id == "shop.order")
    }
}
