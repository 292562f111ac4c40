import Foundation
import IntentModel
import IntentTesting
import Phrases
import Resolvers
import Routing
import Testing

/// A router reads only the values some slot of its phrases takes: numbers always, dates,
/// durations, money and the rest when a phrase can use them.
struct ValueReaderChoiceTests {
    static let now = LocalDateTime(year: 2026, month: 11, day: 23, hour: 9)
    static let demo = PhraseLibraryLoader.load(paths: [TestPaths.phrases])

    static func library(_ appIDs: Set<String>) -> PhraseLibrary {
        var library = demo
        library.apps.removeAll { !appIDs.contains($0.id) }
        return library
    }

    @Test func aLibraryWithoutDateSlotsReadsNoDatesButStillNumbers() {
        // Soup and player take numbers and names only.
        let router = Router(library: Self.library(["soup", "player"]))
        let ordered = router.route("order two tomato soups", now: Self.now)
        #expect(ordered.intent?.id == "soup.order")
        #expect(ordered.parameters.first { $0.name == "quantity" }?.value == .int(2))
        let result = router.route("order two tomato soups tomorrow at 5 pm", now: Self.now)
        let types = Set(result.explanation.taggedValues.map(\.type))
        #expect(types.contains(.int))
        #expect(!types.contains(.date) && !types.contains(.duration) && !types.contains(.person))
        // The whole demo has date slots: the same words give dates there.
        let whole = Router(library: Self.demo).route("order two tomato soups tomorrow at 5 pm", now: Self.now)
        #expect(whole.explanation.taggedValues.contains { $0.type == .date })
    }

    @Test func anAppAddedWithDateSlotsTurnsDatesOn() throws {
        let calendar = try #require(Self.demo.app("calendar"))
        let base = CompiledPhrases(library: Self.library(["soup", "player"]))
        let router = Router(compiled: base.adding([calendar]))
        let result = router.route("create an event called team lunch tomorrow at noon", now: Self.now)
        #expect(result.intent?.id == "calendar.createEvent")
        #expect(result.parameters.first { $0.name == "startDate" }?.value == .date(LocalDateTime(year: 2026, month: 11, day: 24, hour: 12)))
    }

    @Test func theReadersFollowTheTypesTheSlotsTake() {
        #expect(ValueTagger.Readers.taking { _ in false } == [])
        #expect(ValueTagger.Readers.taking { _ in true } == .all)
        #expect(ValueTagger.Readers.taking { $0 == .date } == .dates)
        #expect(ValueTagger.Readers.taking { $0 == .phoneNumber } == .sequences)
        // A Double slot takes an amount of money as a number; a measurement slot any dimension.
        let soup = Router(library: Self.library(["soup"])).matcher
        #expect(soup.takesValues(of: .int) && !soup.takesValues(of: .currencyAmount) && !soup.takesValues(of: .date))
        // The demo's durations are numbers of minutes: no slot takes a Duration.
        let demo = Router(library: Self.demo).matcher
        #expect(ValueTagger.Readers.taking(demo.takesValues(of:)) == [.dates, .money, .people])
    }
}
