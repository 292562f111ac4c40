// Routes Home Assistant's English test sentences with intentd's Router, each against only
// its own test's home (entities, areas, floors), and writes predictions that
// run_hassil.py --score scores with the intents repository's checks.
//
//     swift run -c release ha-yardstick [--ha DIR] [--build DIR] [--out FILE] [--passes N]
//
// The templates (DIR/en_templates.json) are read natively, as `intentd --phrases` reads them
// (docs/phrases.md, "Home Assistant sentence files"). Defaults: --ha ../shared/ha beside the
// repository, --build HomeAssistant/build, --out HomeAssistant/build/predictions.jsonl, 3
// timed passes after an untimed warm-up pass.
// latency_ms is the time of Router.route alone. Run from Benchmarks/; see
// HomeAssistant/README.md.
import Foundation
import HomeAssistantSuite
import IntentModel
import Phrases
import Resolvers
import Routing

struct Options {
    var ha = "../../shared/ha"
    var build = "HomeAssistant/build"
    var out: String?
    var passes = 3
    /// Test ids whose routing to print stage by stage, instead of timing.
    var explain: [String] = []
    /// Also time the stages of Router.route (normalize, tag values, match) over all sentences.
    var stages = false

    static let usage = "usage: ha-yardstick [--ha DIR] [--build DIR] [--out FILE] [--passes N] [--stages] [--explain TEST_ID ...]"

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--explain":
                guard let value = rest.popFirst() else { throw YardstickFailure(description: "--explain needs a test id\n\(Self.usage)") }
                explain.append(value)
            case "--ha", "--build", "--out", "--passes":
                guard let value = rest.popFirst() else { throw YardstickFailure(description: "\(argument) needs a value\n\(Self.usage)") }
                switch argument {
                case "--ha": ha = value
                case "--build": build = value
                case "--out": out = value
                default:
                    guard let n = Int(value), n > 0 else { throw YardstickFailure(description: "--passes takes a positive number, not '\(value)'") }
                    passes = n
                }
            case "--stages": stages = true
            case "-h", "--help":
                print(Self.usage)
                exit(0)
            default:
                throw YardstickFailure(description: "unknown argument '\(argument)'\n\(Self.usage)")
            }
        }
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// CPU seconds this thread has used.
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// Nearest-rank percentile, as run_hassil.py computes it.
func percentile(_ sorted: [Double], _ pct: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = min(max(1, Int((pct / 100 * Double(sorted.count) + 0.5 - 1e-9).rounded(.down))), sorted.count)
    return sorted[rank - 1]
}

func run() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let clock = ContinuousClock()
    let buildStart = clock.now
    let suite = try HomeAssistantSuite(folder: options.ha)
    let buildSeconds = seconds(clock.now - buildStart)
    let (tests, routers, map, base) = (suite.tests, suite.routers, suite.map, suite.templates)
    for problem in suite.leftOut { print("left out: \(problem)") }
    let now = HomeAssistantSuite.now
    if !options.explain.isEmpty {
        for id in options.explain {
            guard let test = tests.first(where: { $0.id == id }) else { throw YardstickFailure(description: "no test '\(id)' in the tests") }
            let result = routers[test.fixturesKey]!.route(test.sentence, now: now)
            let prediction = HAPrediction(result, test: test, map: map)
            print("\(id): \(test.sentence)\n\(result.explanation.text)\nprediction: \(prediction.json(id: id, sentence: test.sentence, latencyMilliseconds: 0).serialized)\n")
        }
        return
    }

    func pass() -> (latencies: [Double], results: [RouteResult]) {
        let cpuStart = threadCPUSeconds()
        defer { passCPUSeconds.append(threadCPUSeconds() - cpuStart) }
        var latencies: [Double] = []
        var results: [RouteResult] = []
        latencies.reserveCapacity(tests.count)
        results.reserveCapacity(tests.count)
        for test in tests {
            let router = routers[test.fixturesKey]!
            let start = clock.now
            let result = router.route(test.sentence, now: now)
            latencies.append(seconds(clock.now - start))
            results.append(result)
        }
        return (latencies, results)
    }

    var passCPUSeconds: [Double] = []
    let warmStart = clock.now
    _ = pass()
    let warmSeconds = seconds(clock.now - warmStart)
    passCPUSeconds.removeAll()
    var passLatencies: [[Double]] = []
    var lastResults: [RouteResult] = []
    for _ in 0..<options.passes {
        let (latencies, results) = pass()
        passLatencies.append(latencies)
        lastResults = results
    }

    // Reading the answers in hassil's terms comes after, outside the timed region.
    var outcomes: [HAPrediction.Outcome: Int] = [:]
    var lines: [String] = []
    for (index, test) in tests.enumerated() {
        let prediction = HAPrediction(lastResults[index], test: test, map: map)
        outcomes[prediction.outcome, default: 0] += 1
        lines.append(prediction.json(id: test.id, sentence: test.sentence, latencyMilliseconds: passLatencies.last![index] * 1e3).serialized)
    }
    let out = options.out ?? options.build + "/predictions.jsonl"
    guard FileManager.default.createFile(atPath: out, contents: Data((lines.joined(separator: "\n") + "\n").utf8)) else {
        throw YardstickFailure(description: "cannot write \(out)")
    }

    let throughputs = passLatencies.map { Double(tests.count) / $0.reduce(0, +) }.sorted()
    let pooled = passLatencies.flatMap { $0 }.sorted()
    let intents = base.apps.first { $0.id == HomeAssistantMap.appID }?.intents.count ?? 0
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    print("system            : intentd (Router.route, in process)")
    print("test sentences    : \(tests.count) in \(routers.count) fixture sets; \(intents) intentd intents")
    print(String(format: "routers built     : %.2f s (%d, one per fixture set; with reading the tests and templates)", buildSeconds, routers.count))
    print(String(format: "cold first pass   : %.3f s (not in median)", warmSeconds))
    print(
        String(
            format: "throughput        : %.1f sentences/s (median of %d passes: %@)", throughputs[throughputs.count / 2],
            throughputs.count, throughputs.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
    // CPU time of this thread: what the passes cost whatever else the machine runs, as
    // run_hassil.py's "CPU-time throughput" (wall over CPU above 1 means the machine was busy).
    let cpuThroughputs = passCPUSeconds.map { Double(tests.count) / $0 }.sorted()
    let wallOverCPU = zip(passLatencies, passCPUSeconds).map { $0.reduce(0, +) / $1 }.sorted()
    print(
        String(
            format: "CPU-time throughput: %.1f sentences/s (wall/CPU = %.2f)", cpuThroughputs[cpuThroughputs.count / 2],
            wallOverCPU[wallOverCPU.count / 2]))
    print(
        String(
            format: "latency per sent. : p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms", percentile(pooled, 50) * 1e3,
            percentile(pooled, 90) * 1e3, percentile(pooled, 99) * 1e3, (pooled.last ?? .nan) * 1e3))
    print("outcomes          : " + HAPrediction.Outcome.allCases.compactMap { o in outcomes[o].map { "\(o.rawValue) \($0)" } }.joined(separator: ", "))
    if options.stages { printStages(tests, routers: routers, now: now) }
    print("loadavg at end    : \(load)")
    print("predictions       : \(out)")
}

/// Microseconds per sentence of each stage of Router.route, over all sentences (a mean).
func printStages(_ tests: [HATestCase], routers: [String: Router], now: LocalDateTime) {
    let normalizer = TextNormalizer()
    let tagger = ValueTagger()
    let context = ResolutionContext(now: now)
    let words = tests.map { normalizer.words($0.sentence) }
    let spans = words.map { tagger.tag($0, context: context).map { SlotSpan(range: $0.range, type: $0.type, value: $0.value, confidence: $0.confidence) } }
    func perSentence(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        for _ in 0..<5 { body() }
        return seconds(ContinuousClock.now - start) / Double(5 * tests.count) * 1e6
    }
    let normalize = perSentence { for test in tests { _ = normalizer.tokens(test.sentence) } }
    let tag = perSentence { for w in words { _ = tagger.tag(w, context: context) } }
    let match = perSentence { for (i, test) in tests.enumerated() { _ = routers[test.fixturesKey]!.matcher.match(words[i], spans: spans[i], limit: 5) } }
    let route = perSentence { for test in tests { _ = routers[test.fixturesKey]!.route(test.sentence, now: now) } }
    print(String(format: "stages, µs/sent.  : normalize %.1f, tag values %.1f, match %.1f; whole route %.1f", normalize, tag, match, route))
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("ha-yardstick: \(error)\n".utf8))
    exit(1)
}
