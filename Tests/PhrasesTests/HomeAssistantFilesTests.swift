import Foundation
import IntentModel
import IntentTesting
import Phrases
import Routing
import Testing

/// Home Assistant sentence files read as they are (docs/phrases.md, "Home Assistant sentence
/// files"): Examples/home-assistant is a folder in the intents repository's layout.
struct HomeAssistantFilesTests {
    static let folder = TestPaths.root.appendingPathComponent("Examples/home-assistant").path
    static let router = Router(phrasesAt: [folder])

    private func route(_ utterance: String) -> RouteResult { Self.router.route(utterance, now: DemoRouter.now) }

    private func values(_ result: RouteResult) -> [String: String] {
        Dictionary(result.parameters.map { ($0.name, $0.value.json.stringValue ?? $0.value.displayText) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func theFolderReadsWithoutAProblem() throws {
        #expect(Self.router.library.diagnostics.map(\.description) == [])
        #expect(Self.router.diagnostics.map(\.description) == [])
        let app = try #require(Self.router.library.app(HomeAssistantMap.appID))
        #expect(app.intents.count == 7)
        #expect(Self.router.library.homeAssistant?.intents["ha.HassLightSet_0"]?.slotCombination == "name_brightness")
    }

    /// Each kind of list, names from the home (limited to the block's domains), fixed slots,
    /// expansion rules that hold slots, and skip words.
    @Test(arguments: [
        ("turn on the kitchen light", "HassTurnOn", ["name": "Kitchen Light"]),
        ("please switch the coffee maker off", "HassTurnOff", ["name": "Coffee Maker"]),
        ("turn on the lights in the bedroom", "HassTurnOn", ["area": "Bedroom", "domain": "light"]),
        ("dim the reading lamp to 30 percent", "HassLightSet", ["name": "Reading Lamp", "brightness": "30"]),
        ("can you make it 19.5 degrees in the kitchen", "HassClimateSetTemperature", ["temperature": "19.5", "area": "Kitchen"]),
        ("set the ceiling fan to fast", "HassFanSetSpeed", ["name": "Ceiling Fan", "fan_speed": "100"]),
        ("add oat milk to my shopping list", "HassShoppingListAddItem", ["item": "oat milk"]),
    ])
    func sentencesReachTheirIntentAndSlots(utterance: String, haIntent: String, slots: [String: String]) throws {
        let result = route(utterance)
        let id = try #require(result.intent?.id, "\(utterance) was not understood")
        #expect(Self.router.library.homeAssistant?.intents[id]?.haIntent == haIntent)
        #expect(values(result) == slots)
        if let outs = Self.router.library.homeAssistant?.intents[id]?.parameters["fan_speed"], case .enumeration(let map) = outs.reading {
            #expect(map["100"] == .number(100), "a case keeps the out value it stands for")
        }
    }

    /// `{name}` in a block that requires the light and switch domains is never a fan, and a
    /// sentence of no template is not understood.
    @Test func namesOutsideTheBlocksDomainsAndStrangersAreNotUnderstood() {
        #expect(route("turn on the ceiling fan").status == .notUnderstood)
        #expect(route("turn on the garage door").status == .notUnderstood)
        #expect(route("what is the weather like").status == .notUnderstood)
    }

    /// A mistake is reported at its file, line and column, and the rest still loads.
    @Test func mistakesAreReportedWhereTheyAre() {
        let common = """
            language: en
            lists:
              speed:
                values:
                  - in: (slow|fast
                    out: 1
              level:
                range:
                  from: 10
                  to: 1
            """
        let intents = """
            language: en
            intents:
              HassSetSpeed:
                data:
                  - sentences:
                      - "set the speed to {sped}"
              HassTurnOn:
                data:
                  - sentences:
                      - "turn on {name}"
                    requires_context:
                      occupied: true
            """
        let library = PhraseLibraryLoader.load(files: [("ha/_common.yaml", common), ("ha/speed.yaml", intents)])
        let messages = library.diagnostics.map(\.description)
        #expect(messages.contains("ha/_common.yaml:5:13: error: unclosed '(' in value \"(slow|fast\" of list 'speed'"), "\(messages)")
        #expect(messages.contains("ha/_common.yaml:9:7: error: the range of list 'level' needs numbers 'from' and 'to', from ≤ to"), "\(messages)")
        #expect(messages.contains("ha/speed.yaml:6:14: error: unknown list 'sped'; did you mean 'speed'?"), "\(messages)")
        #expect(messages.contains("ha/speed.yaml:12:11: warning: requires_context 'occupied' is not supported: the block is matched without it"), "\(messages)")
        #expect(library.app(HomeAssistantMap.appID)?.intents.map(\.id) == ["ha.HassTurnOn_0"])
    }

    /// A list value's template expands into every text it allows.
    @Test func listValuesExpand() throws {
        let library = PhraseLibraryLoader.load(files: [("ha/all.yaml", """
            language: en
            lists:
              door:
                values:
                  - in: "[the ]garage door[s]"
                    out: garage
                  - in: (front|main) door
                    out: front
            intents:
              HassOpen:
                data:
                  - sentences:
                      - "open {door}"
            """)])
        let type = try #require(library.app("ha")?.enumType("ha.Door"))
        #expect(type.cases.map(\.id) == ["garage", "front"])
        #expect([type.cases[0].title] + type.cases[0].synonyms == ["garage door", "garage doors", "the garage door", "the garage doors"])
        #expect([type.cases[1].title] + type.cases[1].synonyms == ["front door", "main door"])
    }

    /// Home Assistant's own English templates, when they are beside the repository
    /// (../shared/ha, as Benchmarks/HomeAssistant uses them): read with no error.
    static let sharedTemplates = TestPaths.root.deletingLastPathComponent().appendingPathComponent("shared/ha/en_templates.json").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sharedTemplates)))
    func homeAssistantsOwnTemplatesRead() {
        let library = PhraseLibraryLoader.load(paths: [Self.sharedTemplates])
        #expect(library.errors.map(\.description) == [])
        #expect(library.app(HomeAssistantMap.appID)?.intents.count == library.homeAssistant?.intents.count)
        #expect(Set(library.homeAssistant?.intents.values.map(\.haIntent) ?? []).count >= 40)
    }
}
