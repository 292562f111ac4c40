import IntentModel
import Phrases

/// An utterance the benchmarks match, with the intent it should reach (nil: none).
public struct BenchmarkUtterance: Sendable {
    public let text: String
    public let expectedIntent: String?
    public let tokens: [String]
    public let spans: [SlotSpan]

    public init(_ text: String, expecting intent: String?) {
        self.text = text
        expectedIntent = intent
        tokens = TextNormalizer().words(text)
        spans = DigitTagger.spans(tokens)
    }

    /// Twenty utterances of 3 to 15 words: eleven reach intents of the first apps (so they
    /// mean the same at every size), with filler, free text, entity and enum names, a
    /// number and a near-miss name; nine are out of domain or unknown words.
    public static let all: [BenchmarkUtterance] = {
        let apps = (0..<10).map(SyntheticApp.init(index:))
        let a0 = apps[0], a1 = apps[1], a2 = apps[2], a3 = apps[3], a5 = apps[5], a7 = apps[7], a9 = apps[9]
        func intent(_ app: SyntheticApp, _ kind: SyntheticIntent.Kind) -> SyntheticIntent {
            app.intents.first { $0.kind == kind } ?? app.intents[0]
        }
        let create0 = intent(a0, .create), show1 = intent(a1, .show), mode2 = intent(a2, .mode)
        let count3 = intent(a3, .count), query5 = intent(a5, .query), show7 = intent(a7, .show)
        let query9 = intent(a9, .query), create9 = intent(a9, .create), mode7 = intent(a7, .mode)
        // "brantel" heard as "brantl": one letter off, as speech-to-text gets names wrong.
        let item = show7.noun
        let misheardTitle = String(a7.itemTitles[3].dropLast())
        return [
            .init("add a new \(create0.noun) called buy fresh milk in \(a0.name)", expecting: create0.id),
            .init("\(create9.verb) call the plumber tomorrow to my \(a9.itemTitles[4])", expecting: create9.id),
            .init("show me my \(a1.itemTitles[2]) \(show1.noun)", expecting: show1.id),
            .init("open \(a1.name) and show the \(a1.itemTitles[7])", expecting: show1.id),
            .init("switch the \(mode2.noun) mode to \(a2.modeTitles[1]) in \(a2.name)", expecting: mode2.id),
            .init("order 3 \(count3.noun) from \(a3.synonym)", expecting: count3.id),
            .init("how many \(query5.noun) do i have", expecting: query5.id),
            .init("um could you please list all my \(query9.noun) in \(a9.name)", expecting: query9.id),
            .init("take me to the \(misheardTitle) \(item)", expecting: show7.id),
            .init(
                "hey could you please add a new \(create0.noun) called pick up the dry cleaning before friday",
                expecting: create0.id),
            .init("use \(a7.modeTitles[2]) \(mode7.noun)", expecting: mode7.id),
            .init("what's the weather like in paris tomorrow", expecting: nil),
            .init("turn on the lights in the kitchen", expecting: nil),
            .init("book a flight to new york next monday morning please", expecting: nil),
            .init("play some relaxing jazz music", expecting: nil),
            .init("start the car", expecting: nil),
            .init("tell me a joke about cats", expecting: nil),
            .init("set an alarm for seven thirty tomorrow morning", expecting: nil),
            .init("blorvikt tanzumq melkraft", expecting: nil),
            .init("could you maybe show me what is on the other screen over there right now", expecting: nil),
        ]
    }()
}
