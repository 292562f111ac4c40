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

    /// A copy of the demo phrase files to change, as a daemon's files are edited before SIGHUP.
    static func scratchPhrases() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.phrases, toPath: folder.appendingPathComponent("Phrases").path)
        return folder.appendingPathComponent("Phrases").path
    }

    /// How many phrase files there are under `folder`.
    static func fileCount(_ folder: String) -> Int { PhraseLibraryLoader.readFiles(paths: [folder]).files.count }

    /// A reload with no file changed reads none again, and keeps the errors of the files it
    /// did not read again: a file's diagnostics come with its read.
    @Test func aReloadReadsAgainOnlyTheFilesThatChanged() throws {
        let phrases = try Self.scratchPhrases()
        defer { try? FileManager.default.removeItem(atPath: (phrases as NSString).deletingLastPathComponent) }
        try Self.edit(phrases + "/tasks.yaml") { $0.replacingOccurrences(of: "      - add {title} [to ${app}]\n", with: "      - add {title} [to ${app}]\n      - frobnicate (the {title}\n") }
        let first = CompiledPhrases.load(paths: [phrases], cache: nil).phrases
        let (second, source) = CompiledPhrases.load(paths: [phrases], cache: nil, previous: first)
        #expect(source == .compiled(reason: "the cache is off; 0 of \(Self.fileCount(phrases)) files read again; only the apps that changed"))
        #expect(second.diagnostics.contains { $0.severity == .error && $0.location?.file.hasSuffix("tasks.yaml") == true })
        try Self.expectSameRouting(Router(compiled: second), Router(compiled: first))
    }

    static func edit(_ file: String, _ change: (String) -> String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit did not apply to \(file)")
        try changed.write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// A reload whose files changed only in their apps compiles only those apps, and routes as
    /// compiling the new files whole does; twice in a row, each relative to the first compile.
    @Test func aReloadCompilesOnlyTheAppsThatChanged() throws {
        let phrases = try Self.scratchPhrases()
        defer { try? FileManager.default.removeItem(atPath: (phrases as NSString).deletingLastPathComponent) }
        let first = CompiledPhrases.load(paths: [phrases], cache: nil).phrases

        try Self.edit(phrases + "/tasks.yaml") { $0.replacingOccurrences(of: "      - add {title} [to ${app}]\n", with: "      - add {title} [to ${app}]\n      - frobnicate {title}\n") }
        try FileManager.default.removeItem(atPath: phrases + "/soup.yaml")
        let (second, source) = CompiledPhrases.load(paths: [phrases], cache: nil, previous: first)
        // Only the edited file's YAML is read again; the others are taken as the first load read them.
        #expect(source == .compiled(reason: "the cache is off; 1 of \(Self.fileCount(phrases)) files read again; only the apps that changed"))
        #expect(second.library.app("soup") == nil)
        var router = Router(compiled: second)
        #expect(router.route("frobnicate the milk", now: Self.now).intent?.id == "tasks.add")
        #expect(router.route("order a tomato soup", now: Self.now).intent?.appID != "soup")
        try Self.expectSameRouting(router, Router(compiled: CompiledPhrases(library: PhraseLibraryLoader.load(paths: [phrases]))))

        // A second reload, of another app: laid over the first compile, the first change kept.
        try Self.edit(phrases + "/bank.yaml") { $0.replacingOccurrences(of: "name: Bank", with: "name: Piggy Bank") }
        let (third, thirdSource) = CompiledPhrases.load(paths: [phrases], cache: nil, previous: second)
        #expect(thirdSource == .compiled(reason: "the cache is off; 1 of \(Self.fileCount(phrases)) files read again; only the apps that changed"))
        router = Router(compiled: third)
        #expect(router.route("frobnicate the milk", now: Self.now).intent?.id == "tasks.add")
        #expect(third.library.app("bank")?.displayName == "Piggy Bank")
        try Self.expectSameRouting(router, Router(compiled: CompiledPhrases(library: PhraseLibraryLoader.load(paths: [phrases]))))
    }

    @Test func aReloadThatChangesSharedFilesCompilesEverything() throws {
        let phrases = try Self.scratchPhrases()
        defer { try? FileManager.default.removeItem(atPath: (phrases as NSString).deletingLastPathComponent) }
        let first = CompiledPhrases.load(paths: [phrases], cache: nil).phrases
        try Self.edit(phrases + "/common.en.yaml") { $0.replacingOccurrences(of: "filler: [um, ", with: "filler: [blimey, um, ") }
        let (second, source) = CompiledPhrases.load(paths: [phrases], cache: nil, previous: first)
        #expect(source == .compiled(reason: "the cache is off; 1 of \(Self.fileCount(phrases)) files read again"))
        #expect(second.library.languages["en"]?.fillerWords.contains("blimey") == true)
    }

    /// An error of an app's phrase that the reload fixes is no longer reported.
    @Test func aFixedErrorIsGoneAfterTheReload() throws {
        let phrases = try Self.scratchPhrases()
        defer { try? FileManager.default.removeItem(atPath: (phrases as NSString).deletingLastPathComponent) }
        try Self.edit(phrases + "/tasks.yaml") { $0.replacingOccurrences(of: "      - add {title} [to ${app}]\n", with: "      - add {title} [to ${app}]\n      - frobnicate (the {title}\n") }
        let broken = CompiledPhrases.load(paths: [phrases], cache: nil).phrases
        #expect(broken.diagnostics.contains { $0.severity == .error && $0.location?.file.hasSuffix("tasks.yaml") == true })
        try Self.edit(phrases + "/tasks.yaml") { $0.replacingOccurrences(of: "frobnicate (the {title}", with: "frobnicate the {title}") }
        let (fixed, source) = CompiledPhrases.load(paths: [phrases], cache: nil, previous: broken)
        #expect(source == .compiled(reason: "the cache is off; 1 of \(Self.fileCount(phrases)) files read again; only the apps that changed"))
        #expect(!fixed.diagnostics.contains { $0.severity == .error }, "\(fixed.diagnostics)")
        #expect(Router(compiled: fixed).route("frobnicate the milk", now: Self.now).intent?.id == "tasks.add")
    }

    /// The demo corpus routed by both gives the same intents, statuses and parameters.
    static func expectSameRouting(_ a: Router, _ b: Router) throws {
        var differing: [String] = []
        for line in try CorpusLoader.load("demo-en.jsonl") {
            let x = signature(a.route(line.utterance, now: now))
            let y = signature(b.route(line.utterance, now: now))
            if x != y { differing.append("\(line.utterance): \(x), compiled whole: \(y)") }
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
    }
}
