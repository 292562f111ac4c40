import Foundation
import IntentModel
import Phrases
import Routing

/// Home Assistant's English test sentences and one router per home they run in, read from a
/// folder holding `en_templates.json` and `en_tests.jsonl` (../shared/ha beside the
/// repository): what `ha-yardstick` and the route benchmark run.
public struct HomeAssistantSuite: Sendable {
    public let tests: [HATestCase]
    /// A router per distinct set of fixtures, by ``HATestCase/fixturesKey``.
    public let routers: [String: Router]
    public let map: HomeAssistantMap
    /// The templates as read, before any home is filled in.
    public let templates: PhraseLibrary
    /// Phrases the compiler refused (the rest route), sorted.
    public let leftOut: [String]

    /// The moment every sentence is routed at, so that dates resolve the same on every run.
    public static let now = LocalDateTime(year: 2026, month: 11, day: 19, hour: 9, minute: 0)

    /// The folder of the tests when `ha-yardstick` and the benchmarks run from Benchmarks/.
    public static let defaultFolder = "../../shared/ha"

    public init(folder: String) throws {
        tests = try HATestCase.load(folder + "/en_tests.jsonl")
        let base = PhraseLibraryLoader.load(paths: [folder + "/en_templates.json"])
        let problems = base.diagnostics.filter { $0.severity == .error }
        guard problems.isEmpty else {
            throw YardstickFailure(description: problems.prefix(20).map { "\($0)" }.joined(separator: "\n") + "\n\(problems.count) errors in the templates")
        }
        guard let map = base.homeAssistant else { throw YardstickFailure(description: "\(folder)/en_templates.json defines no intents") }
        var routers: [String: Router] = [:]
        var leftOut: Set<String> = []
        for test in tests where routers[test.fixturesKey] == nil {
            let router = Router(library: try FixtureLibrary.make(base, fixtures: test.fixtures, map: map))
            leftOut.formUnion(router.diagnostics.filter { $0.severity == .error }.map { "\($0)" })
            routers[test.fixturesKey] = router
        }
        self.routers = routers
        self.map = map
        self.templates = base
        self.leftOut = leftOut.sorted()
    }

    /// The router of `test`'s home.
    public func router(for test: HATestCase) -> Router { routers[test.fixturesKey]! }
}

/// What went wrong reading the suite or the command line, said plainly.
public struct YardstickFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}
