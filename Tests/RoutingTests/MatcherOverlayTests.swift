import Foundation
import IntentModel
import IntentTesting
import Phrases
import Routing
import Testing

/// Apps added to compiled phrases (`CompiledPhrases.adding`) are compiled alone and matched
/// beside the automaton already built: routing must be what compiling everything gives.
struct MatcherOverlayTests {
    static let now = LocalDateTime(year: 2026, month: 11, day: 23, hour: 9)
    static let demo = PhraseLibraryLoader.load(paths: [TestPaths.phrases])

    static func signature(_ result: RouteResult) -> String {
        let parameters = result.parameters.map { "\($0.name)=\($0.value.printed)" }.joined(separator: ",")
        return "\(result.status) \(result.intent?.id ?? "-") [\(parameters)] missing \(result.missing)"
    }

    /// Each demo app in turn left out of the files and added as an app registers: the demo
    /// corpus routes as with everything compiled together.
    @Test(arguments: ["soup", "tasks", "bank", "player"])
    func anAddedAppRoutesAsCompilingItWithTheRest(_ appID: String) throws {
        var without = Self.demo
        let app = try #require(without.app(appID))
        without.apps.removeAll { $0.id == appID }
        let overlaid = Router(compiled: CompiledPhrases(library: without).adding([app]))
        let whole = Router(compiled: CompiledPhrases(library: Self.demo))
        #expect(overlaid.matcher.intents.count == whole.matcher.intents.count)
        var differing: [String] = []
        var reachedTheAddedApp = 0
        for line in try CorpusLoader.load("demo-en.jsonl") {
            let expected = Self.signature(whole.route(line.utterance, now: Self.now))
            let got = Self.signature(overlaid.route(line.utterance, now: Self.now))
            if got != expected { differing.append("\(line.utterance): \(got), compiled together: \(expected)") }
            if line.intent?.hasPrefix(appID + ".") == true, got == expected { reachedTheAddedApp += 1 }
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
        #expect(reachedTheAddedApp > 5)
    }

    @Test func anAppAddedInPlaceOfAnotherHidesItsOldPhrases() throws {
        var tasks = try #require(Self.demo.app("tasks"))
        tasks.phrases = [PhraseTemplate(intent: "tasks.add", language: "en", text: "frobnicate {title} onto {list}")]
        let base = CompiledPhrases(library: Self.demo)
        let router = Router(compiled: base.adding([tasks]))
        let frobnicated = router.route("frobnicate milk onto my groceries", now: Self.now)
        #expect(frobnicated.intent?.id == "tasks.add")
        #expect(frobnicated.parameters.first { $0.name == "title" }?.value == .string("milk"))
        // The file's phrases of the replaced app are no longer reached.
        #expect(router.route("add milk to my groceries list", now: Self.now).intent?.id != "tasks.add")
        #expect(router.matcher.apps.filter { $0.id == "tasks" } == [tasks])
        // Other apps are untouched.
        #expect(router.route("transfer 20 dollars to john", now: Self.now).intent?.id == "bank.transferMoney")
    }

    @Test func aRestrictedRouterMasksBothTheFilesAndTheAddedApps() throws {
        var without = Self.demo
        let soup = try #require(without.app("soup"))
        without.apps.removeAll { $0.id == "soup" }
        let router = Router(compiled: CompiledPhrases(library: without).adding([soup]))
        let order = "order a tomato soup"
        #expect(router.route(order, now: Self.now).intent?.appID == "soup")
        #expect(router.restricted(to: ["tasks", "bank"]).route(order, now: Self.now).intent?.appID != "soup")
        #expect(router.restricted(to: ["soup"]).route(order, now: Self.now).intent?.appID == "soup")
        #expect(router.restricted(to: ["soup"]).route("add milk to my groceries list", now: Self.now).intent == nil)
    }
}
