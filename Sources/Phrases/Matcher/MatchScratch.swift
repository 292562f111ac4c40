import Synchronization

/// The buffers one match works in, kept for the next match so that matching an utterance
/// allocates little: the arena of hypotheses, the chart of states per position and the
/// per-word tables keep their capacity from one utterance to the next. Unchecked Sendable:
/// only the one match that took it from its ``MatchScratchPool`` touches it, and the pool
/// hands it over whole through its lock.
final class MatchScratch: @unchecked Sendable {
    var arena: [MatchRun.Hypothesis] = []
    var chart: [StateTable] = []
    var exact: [Int32?] = []
    var near: [[(word: Int32, similarity: Float)]] = []
    var filler: [Bool] = []
    var functionWord: [Bool] = []
    var numeric: [Bool] = []
    var typeWord: [Bool] = []
    var fillerPhraseEnds: [[Int]] = []
    var spansAt: [[Int]] = []
    var slotSpans: [MatchRun.SpanChoice] = []
    var alive: [(state: Int32, index: Int32)] = []
    var candidates: [MatchRun.ParseCandidate] = []
    var candidateOfIntent: [Int32] = []
    var path: [MatchRun.Hypothesis] = []
    var freeText: [(end: Int, score: Float)] = []
    /// The lexicon walk's frontier and the next one.
    var frontiers: (TrieFrontier, TrieFrontier) = ([], [])
    /// The names one step of that walk ends on, and the names of the spans it adds.
    var namesFound = NamesFound()
    var namePool: [NameMatch] = []
}

/// A walk over the lexicon trie: (trie node, summed similarity, whether some word was exact).
typealias TrieFrontier = [(node: Int32, similarity: Float, anyExact: Bool)]

/// The scratch buffers of one matcher's matches: a match takes one (or makes one when all are
/// in use, as when several threads match at once) and gives it back when done.
final class MatchScratchPool: Sendable {
    /// At most this many are kept; more are made when needed and dropped after.
    private static let kept = 8
    /// Buffers grown by a long utterance (past this many hypotheses, or this many words) are
    /// dropped rather than kept: a chart of 256 positions holds megabytes, and an idle
    /// matcher should not.
    static let largestKept = (hypotheses: 1 << 16, words: 64)
    private let free = Mutex<[MatchScratch]>([])

    init() {}

    func take() -> MatchScratch {
        free.withLock { $0.popLast() } ?? MatchScratch()
    }

    func giveBack(_ scratch: MatchScratch) {
        guard scratch.arena.capacity <= Self.largestKept.hypotheses, scratch.chart.count <= Self.largestKept.words + 1 else { return }
        free.withLock { if $0.count < Self.kept { $0.append(scratch) } }
    }

    /// How many scratches wait for the next match.
    var keptCount: Int { free.withLock { $0.count } }
}
