// The matcher's cost against the number of phrases (issue 2: "the time per utterance
// growing less than 2× from 1,000 to 10,000 intents"), and the full pipeline on the demo
// apps. Figures and how to read them: docs/performance.md.
//
//     cd Benchmarks && swift package --disable-sandbox benchmark
import Benchmark
import Foundation
import HomeAssistantSuite
import IntentModel
import Phrases
import Resolvers
import Routing
import Synchronization
import SyntheticApps

/// The synthetic apps of one size written as phrase files, with a cache that holds them.
enum CacheFixture {
    static func prepared(_ size: Int) throws -> (folder: String, cache: PhraseCache) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("intentd-bench-cache-\(size)")
        let folder = root.appendingPathComponent("apps")
        let cache = PhraseCache(directory: root.appendingPathComponent("cache").path, version: "benchmark")
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in SyntheticLibrary.files(intentCount: size) {
                let name = URL(fileURLWithPath: file.path).lastPathComponent
                try file.text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
        }
        _ = cache.load(paths: [folder.path])  // compiled and written once, or already there
        return (folder.path, cache)
    }
}

/// Compiled matchers and libraries by size, built in a benchmark's `setup` so that the
/// measured closure only matches.
final class Fixtures: Sendable {
    static let shared = Fixtures()

    private let libraries = Mutex<[Int: PhraseLibrary]>([:])
    private let matchers = Mutex<[Int: Matcher]>([:])
    private let demoRouter = Mutex<Router?>(nil)

    func library(_ size: Int) -> PhraseLibrary {
        if let library = libraries.withLock({ $0[size] }) { return library }
        let library = SyntheticLibrary.library(intentCount: size)
        libraries.withLock { $0[size] = library }
        return library
    }

    private let compiledPhrases = Mutex<[Int: CompiledPhrases]>([:])

    /// The synthetic apps of `size` intents, compiled as a daemon holds its phrase files.
    func compiled(_ size: Int) -> CompiledPhrases {
        if let compiled = compiledPhrases.withLock({ $0[size] }) { return compiled }
        let compiled = CompiledPhrases(library: library(size))
        compiledPhrases.withLock { $0[size] = compiled }
        return compiled
    }

    func matcher(_ size: Int) -> Matcher {
        if let matcher = matchers.withLock({ $0[size] }) { return matcher }
        let matcher = PhraseCompiler.compile(library(size)).matcher
        matchers.withLock { $0[size] = matcher }
        return matcher
    }

    private let homeAssistant = Mutex<HomeAssistantSuite?>(nil)

    /// Home Assistant's sentences and routers, from `$INTENTD_HA` or ../shared/ha beside the
    /// repository (run from Benchmarks/).
    func homeAssistantSuite() throws -> HomeAssistantSuite {
        if let suite = homeAssistant.withLock({ $0 }) { return suite }
        let suite = try HomeAssistantSuite(folder: Self.homeAssistantFolder)
        homeAssistant.withLock { $0 = suite }
        return suite
    }

    static let homeAssistantFolder = ProcessInfo.processInfo.environment["INTENTD_HA"] ?? HomeAssistantSuite.defaultFolder

    /// Which of Home Assistant's sentences the route benchmark routes next.
    let nextSentence = Atomic<Int>(0)

    func router() -> Router {
        if let router = demoRouter.withLock({ $0 }) { return router }
        let router = Router(phrasesAt: [SyntheticLibrary.demoPhrasesPath])
        demoRouter.withLock { $0 = router }
        return router
    }
}

/// Typical requests to the demo apps, as a person says them (demo-apps.md).
let demoUtterances = [
    "add milk to my groceries list",
    "how many tasks are left in mighty tasks",
    "um could you add buy eggs to the shopping list",
    "remind me to call mom tomorrow",
    "what's the weather like in paris",
    "turn on the lights in the kitchen",
    "i spent twelve dollars on coffee",
    "show my total expenses",
    "add the martian to my reading shelf",
    "how many books have i read",
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(8),
        maxIterations: 400
    )
    let utterances = BenchmarkUtterance.all

    // (a) One iteration matches all 20 utterances: divide by 20 for the time per utterance.
    for size in SyntheticLibrary.sizes {
        Benchmark("Matcher.match 20 utterances, \(size) intents") { benchmark in
            let matcher = Fixtures.shared.matcher(size)
            benchmark.startMeasurement()
            for utterance in utterances {
                blackHole(matcher.match(utterance.tokens, spans: utterance.spans, limit: 5))
            }
        } setup: {
            _ = Fixtures.shared.matcher(size)
        }
    }

    // (b) Compiling a loaded library into one automaton.
    for size in SyntheticLibrary.sizes {
        Benchmark(
            "PhraseCompiler.compile, \(size) intents",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds,
                warmupIterations: 0, maxDuration: .seconds(20), maxIterations: size >= 10_000 ? 3 : 10)
        ) { benchmark in
            let library = Fixtures.shared.library(size)
            benchmark.startMeasurement()
            blackHole(PhraseCompiler.compile(library))
        } setup: {
            _ = Fixtures.shared.library(size)
        }
    }

    // (b') Start-up, cold: the phrase files read (YAML) and compiled into a router, as
    // `intentd route` and `serve` do when the phrase cache does not hold them; warm: read
    // from the cache; and one app registered into a daemon that holds N intents (issue 13
    // asks for 50 ms at 10,000 intents), compiled alone beside the automaton of the N.
    for size in SyntheticLibrary.sizes {
        let heavy = Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds,
            warmupIterations: 0, maxDuration: .seconds(20), maxIterations: size >= 10_000 ? 3 : 10)
        Benchmark("Start-up, cold (YAML and compile), \(size) intents", configuration: heavy) { benchmark in
            let files = SyntheticLibrary.files(intentCount: size)
            benchmark.startMeasurement()
            blackHole(Router(library: PhraseLibraryLoader.load(files: files)))
        }
        // Start-up, warm: the same phrase files, their compiled form read from the cache
        // (PhraseCache): the files read and hashed, the cache file mapped, checked and decoded.
        Benchmark("Start-up, warm (from the cache), \(size) intents", configuration: heavy) { benchmark in
            let (folder, cache) = try CacheFixture.prepared(size)
            benchmark.startMeasurement()
            let (phrases, source) = cache.load(paths: [folder])
            blackHole(Router(compiled: phrases))
            benchmark.stopMeasurement()
            precondition(source == .cache, "the warm start-up compiled: \(source)")
        }
        Benchmark("Registering one app into \(size) intents", configuration: heavy) { benchmark in
            // The daemon compiles the new app alone and matches it beside the automaton it
            // holds (CompiledPhrases.adding), then builds the router around both.
            let held = Fixtures.shared.compiled(size)
            let app = Fixtures.shared.library(size + SyntheticApp.intentsPerApp).apps.last!
            benchmark.startMeasurement()
            blackHole(Router(compiled: held.adding([app])))
        } setup: {
            _ = Fixtures.shared.compiled(size)
            _ = Fixtures.shared.library(size + SyntheticApp.intentsPerApp)
        }
    }

    // (c) The whole path of one utterance on the demo apps: normalize, tag, match, extract.
    Benchmark("Router.route \(demoUtterances.count) demo utterances") { benchmark in
        let router = Fixtures.shared.router()
        let now = LocalDateTime(year: 2026, month: 11, day: 19, hour: 9)
        benchmark.startMeasurement()
        for utterance in demoUtterances {
            blackHole(router.route(utterance, now: now))
        }
    } setup: {
        _ = Fixtures.shared.router()
    }

    // (c'') Home Assistant's 1,110 test sentences, one per iteration, each by its own home's
    // router (issue 13: p50 at most 25 µs, at most 20 allocations): the per-utterance
    // figures ha-yardstick times, with allocations counted. Skipped without ../shared/ha.
    if FileManager.default.fileExists(atPath: Fixtures.homeAssistantFolder + "/en_tests.jsonl") {
        Benchmark("Router.route one of Home Assistant's sentences", configuration: .init(maxDuration: .seconds(10), maxIterations: 20_000)) { benchmark in
            let suite = try Fixtures.shared.homeAssistantSuite()
            for _ in benchmark.scaledIterations {
                let test = suite.tests[Fixtures.shared.nextSentence.add(1, ordering: .relaxed).oldValue % suite.tests.count]
                let router = suite.router(for: test)
                benchmark.startMeasurement()
                blackHole(router.route(test.sentence, now: HomeAssistantSuite.now))
                benchmark.stopMeasurement()
            }
        } setup: {
            // Every sentence once, so that what runs once per process (tables built on first
            // use) is not counted against the first sentences.
            let suite = try Fixtures.shared.homeAssistantSuite()
            for test in suite.tests { blackHole(suite.router(for: test).route(test.sentence, now: HomeAssistantSuite.now)) }
        }
    } else {
        FileHandle.standardError.write(Data("MatcherBenchmark: no \(Fixtures.homeAssistantFolder)/en_tests.jsonl (set INTENTD_HA): Home Assistant's sentences are not benchmarked\n".utf8))
    }

    // (c') One utterance as long as the router takes, of each costly kind (issue 13: at the
    // limit, one route costs at most 10 ms), and spoken at the most words searched for
    // sound-alikes, the costliest spoken length.
    for (words, spoken) in [(Router.maximumWords, false), (Router.soundAlikeWordLimit, true)] {
        for (name, text) in LongUtterance.all(words: words) {
            Benchmark("Router.route one \(words)-word \(spoken ? "spoken" : "typed") utterance, \(name)") { benchmark in
                let router = Fixtures.shared.router()
                let now = LocalDateTime(year: 2026, month: 11, day: 19, hour: 9)
                benchmark.startMeasurement()
                blackHole(router.route(text, now: now, spoken: spoken))
            } setup: {
                _ = Fixtures.shared.router()
            }
        }
    }

    // (d) Resolving the slots against matching them, on the same demo utterances (issue 3:
    // the resolvers' cost must stay well under the matching itself). Tokens are normalized
    // in setup; "tag" finds every typed value (numbers, dates, money, people, ...),
    // "resolve" reads each captured slot text as its parameter's type through the chain.
    let now = LocalDateTime(year: 2026, month: 11, day: 19, hour: 9)
    Benchmark("ValueTagger.tag \(demoUtterances.count) demo utterances") { benchmark in
        let router = Fixtures.shared.router()
        let context = router.context(now: now)
        let tokens = demoUtterances.map { TextNormalizer().words($0) }
        let tagger = ValueTagger()
        benchmark.startMeasurement()
        for words in tokens { blackHole(tagger.tag(words, context: context)) }
    } setup: {
        _ = Fixtures.shared.router()
    }

    Benchmark("Matcher.match \(demoUtterances.count) demo utterances") { benchmark in
        let router = Fixtures.shared.router()
        let context = router.context(now: now)
        let tagger = ValueTagger()
        let inputs = demoUtterances.map { utterance in
            let words = TextNormalizer().words(utterance)
            let spans = tagger.tag(words, context: context).map {
                SlotSpan(range: $0.range, type: $0.type, value: $0.value, confidence: $0.confidence)
            }
            return (words, spans)
        }
        benchmark.startMeasurement()
        for (words, spans) in inputs { blackHole(router.matcher.match(words, spans: spans, limit: 5)) }
    } setup: {
        _ = Fixtures.shared.router()
    }

    Benchmark("ResolverChain.resolve the slots of 10 demo utterances") { benchmark in
        let router = Fixtures.shared.router()
        let context = router.context(now: now)
        let chain = ResolverChain()
        benchmark.startMeasurement()
        for (text, type) in typicalSlots { blackHole(chain.resolve(text, as: type, context: context)) }
    } setup: {
        _ = Fixtures.shared.router()
    }
}
