// Routes every utterance of a corpus with the real demo phrases and prints the time per
// utterance of each stage of `Router.route` (normalize, tag values, match, the whole route),
// so that a slow stage shows.
//
//     swift run -c release route-probe [CORPUS.jsonl ...] [--repeat N]
//     swift run -c release route-probe --long [WORDS]
//
// --long routes utterances as long as the router takes (default Router.maximumWords words)
// of the costliest kinds (LongUtterance), typed, and spoken at the longest length searched
// for sound-alikes (Router.soundAlikeWordLimit), and prints the milliseconds of one route.
//
// Defaults: ../Corpus/demo-en.jsonl, 20 repeats. Run from Benchmarks/.
import Foundation
import IntentModel
import Phrases
import Resolvers
import Routing
import SyntheticApps

var repeats = 20
var corpora: [String] = []
var longWords: Int?
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--repeat": repeats = arguments.popFirst().flatMap { Int($0) } ?? repeats
    case "--long":
        longWords = Router.maximumWords
        if let words = arguments.first.flatMap({ Int($0) }) {
            longWords = words
            arguments.removeFirst()
        }
    default: corpora.append(argument)
    }
}

if let longWords {
    let router = Router(phrasesAt: ["../Phrases"])
    let now = LocalDateTime(year: 2026, month: 11, day: 19, hour: 9, minute: 0)
    /// The best and the median of seven routes, in ms, and the status routed.
    func time(_ body: () -> RouteResult) -> (best: Double, median: Double, status: String) {
        var times: [Double] = []
        var status = ""
        for _ in 0..<7 {
            let start = ContinuousClock.now
            status = "\(body().status)"
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        times.sort()
        return (times[0], times[3], status)
    }
    let spokenWords = min(longWords, Router.soundAlikeWordLimit)
    print("Router.route of one utterance, ms (best, median of 7): typed, \(longWords) words; spoken, \(spokenWords) words")
    for ((name, text), (_, spokenText)) in zip(LongUtterance.all(words: longWords), LongUtterance.all(words: spokenWords)) {
        let typed = time { router.route(text, now: now) }
        let spoken = time { router.route(spokenText, now: now, spoken: true) }
        let label = name.padding(toLength: 30, withPad: " ", startingAt: 0)
        let typedStatus = typed.status.padding(toLength: 14, withPad: " ", startingAt: 0)
        print("  \(label)" + String(format: "%7.2f %7.2f  ", typed.best, typed.median) + typedStatus
            + String(format: "%8.2f %8.2f  ", spoken.best, spoken.median) + spoken.status)
    }
    exit(0)
}
if corpora.isEmpty { corpora = ["../Corpus/demo-en.jsonl"] }

var utterances: [String] = []
for path in corpora {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("route-probe: cannot read \(path)\n".utf8))
        exit(1)
    }
    for line in text.split(separator: "\n") {
        if let value = try? JSONValue(parsing: String(line)), let utterance = value["utterance"]?.stringValue {
            utterances.append(utterance)
        }
    }
}

let router = Router(phrasesAt: ["../Phrases"])
let now = LocalDateTime(year: 2026, month: 11, day: 19, hour: 9, minute: 0)
let context = router.context(now: now)
let normalizer = TextNormalizer()
let tagger = ValueTagger()

@MainActor func microseconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    for _ in 0..<repeats { body() }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return seconds / Double(repeats * utterances.count) * 1e6
}

let words = utterances.map { normalizer.tokens($0).map(\.text) }
let spans = words.map { tagger.tag($0, context: context).map { SlotSpan(range: $0.range, type: $0.type, value: $0.value, confidence: $0.confidence) } }
let normalize = microseconds { for u in utterances { _ = normalizer.tokens(u) } }
let tag = microseconds { for w in words { _ = tagger.tag(w, context: context) } }
let match = microseconds { for (w, s) in zip(words, spans) { _ = router.matcher.match(w, spans: s, limit: 5) } }
let route = microseconds { for u in utterances { _ = router.route(u, now: now) } }
print("\(utterances.count) utterances, \(repeats) repeats, µs per utterance:")
print(String(format: "  normalize %8.1f\n  tag       %8.1f\n  match     %8.1f\n  route     %8.1f (all stages, parameters resolved)", normalize, tag, match, route))

// The resolver chain on typical slot texts, one by one.
let chain = ResolverChain()
print("ResolverChain.resolve, µs per call:")
for (text, type) in typicalSlots {
    let start = ContinuousClock.now
    for _ in 0..<2000 { _ = chain.resolve(text, as: type, context: context) }
    let elapsed = ContinuousClock.now - start
    let micro = (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) * 1e-12) / 2000
    let label = "\(text) (\(type))"
    print("  " + label.padding(toLength: 40, withPad: " ", startingAt: 0) + String(format: "%7.1f", micro))
}
