// Builds the synthetic phrase sets, checks what each benchmark utterance matches, and
// times compiling and matching with a plain clock: the numbers behind docs/performance.md
// that the benchmark's table does not show (per utterance, sizes of the automaton).
//
//     swift run -c release matcher-probe [SIZE ...] [--repeat N] [--quiet] [--utterance TEXT ...]
//     swift run -c release matcher-probe --warm DIR [--repeat N]
//
// `--warm DIR` loads DIR's phrase files through a phrase cache in DIR/../cache, once to fill
// it and then N times, and prints the time of one warm load: a loop to run under perf.
//
// `--utterance` replaces the twenty benchmark utterances (expected intent: none), e.g. a
// single word to see how the cost of one position grows with the phrases it begins.
//
// Under callgrind, count only the matching (instructions are repeatable on a busy machine):
//
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='$s7Phrases7MatcherV5match*' \
//         .build/release/matcher-probe 1000 --repeat 1 --quiet
import Foundation
import IntentModel
import Phrases
import SyntheticApps

var sizes: [Int] = []
var repeats = 50
var quiet = false
var custom: [String] = []
/// `--warm DIR`: only load DIR's phrase files through a cache (in DIR/../cache) `--repeat` times, for a profiler.
var warm: String?
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--repeat": repeats = arguments.popFirst().flatMap { Int($0) } ?? repeats
    case "--quiet": quiet = true
    case "--utterance": custom += arguments.popFirst().map { [$0] } ?? []
    case "--warm": warm = arguments.popFirst()
    default:
        guard let size = Int(argument) else {
            print("usage: matcher-probe [SIZE ...] [--repeat N] [--quiet] [--utterance TEXT ...]")
            exit(2)
        }
        sizes.append(size)
    }
}
if let warm {
    let cache = PhraseCache(directory: warm + "/../cache", version: "probe")
    print("first load:", cache.load(paths: [warm]).source)
    let start = ContinuousClock.now
    for _ in 0..<repeats { _ = cache.load(paths: [warm]) }
    print("warm load: \((ContinuousClock.now - start) / repeats)")
    exit(0)
}
if sizes.isEmpty { sizes = SyntheticLibrary.sizes }

func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

let utterances = custom.isEmpty ? BenchmarkUtterance.all : custom.map { BenchmarkUtterance($0, expecting: nil) }
for size in sizes {
    var library = PhraseLibrary()
    let loadTime = seconds { library = SyntheticLibrary.library(intentCount: size) }
    var compiled: (matcher: Matcher, diagnostics: [Diagnostic])?
    let compileTime = seconds { compiled = PhraseCompiler.compile(library) }
    guard let (matcher, diagnostics) = compiled else { continue }
    let errors = diagnostics.filter { $0.severity == .error }
    let stats = matcher.statistics
    if !quiet {
        print("== \(size) intents: \(library.apps.count) apps, \(stats.phrases) phrases, \(stats.states) states, \(stats.words) words")
        print("   load \(format(loadTime * 1000)) ms, compile \(format(compileTime * 1000)) ms, \(errors.count) errors")
        for error in errors.prefix(3) { print("   \(error)") }
    }
    var total = 0.0
    var correct = 0
    var ambiguous = 0
    for utterance in utterances {
        var parses: [Parse] = []
        let time = seconds {
            for _ in 0..<repeats { parses = matcher.match(utterance.tokens, spans: utterance.spans, limit: 5) }
        }
        total += time
        let best = parses.first.flatMap { $0.confidence >= 0.6 ? $0 : nil }
        // Where two apps share all the words of a request, the router asks which one was meant:
        // right, if the expected intent is among the tied best.
        let tied = parses.filter { best != nil && $0.score == best!.score && $0.confidence == best!.confidence }
        let ok = best?.intent.id == utterance.expectedIntent
        let asks = !ok && tied.count > 1 && tied.contains { $0.intent.id == utterance.expectedIntent }
        if ok { correct += 1 }
        if asks { ambiguous += 1 }
        if !quiet {
            let got = parses.first.map { "\($0.intent.id) \(format($0.confidence, 2))" } ?? "-"
            let perCall = time / Double(max(repeats, 1)) * 1e6
            print("   \(ok ? "ok  " : asks ? "ASKS" : "MISS") \(format(perCall).padding(toLength: 8, withPad: " ", startingAt: 0)) µs  "
                + "\(utterance.tokens.count) words  \(got)  [\(utterance.expectedIntent ?? "none")]  \(utterance.text)")
        }
    }
    if !quiet {
        let mean = total / Double(max(repeats, 1) * utterances.count) * 1e6
        print("   mean \(format(mean)) µs per utterance, \(correct)/\(utterances.count) as expected"
            + (ambiguous > 0 ? ", \(ambiguous) asked among tied intents including the expected one" : ""))
    }
}
