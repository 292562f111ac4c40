/// A vocabulary word that may begin a sound-alike step at some position, with its distance row.
struct FirstWord {
    var word: Int32
    var row: [Float]
    var length: Int
}

/// One sound-alike step of a parse: the phrase words heard and what hearing them cost.
struct SoundStep {
    var words: [Int32]
    /// Phone edit distance over the phones compared, 0 (same sounds) to ``Matcher/Weight/soundMaximumCost``;
    /// ``Matcher/Weight/misheardCost`` for a word taken as misheard whatever it sounds like.
    var cost: Float
    /// A word the recognizer got wrong, taken for the phrase word its neighbours call for.
    var misheard = false
}

/// The rows of the weighted phone edit distance (``PhoneCosts``) between the phrase words of
/// a sound-alike walk and the heard phones: row `d` after the walk's first `d` words, so that a
/// walk one word deeper extends the row above it and backing out costs nothing. Row 0 is where
/// the walk starts. All rows, and two to work in, share one allocation for the whole walk.
///
/// A cell above the bound can lead to no step (costs are never negative), so each row keeps
/// the band of cells at or below it and is infinite outside: a row is worked out over its
/// band only (Ukkonen's cut-off), which gives the same answers as the whole row.
struct PhoneRows {
    let heard: [Phone]
    private let width: Int
    private let scratch: Int
    private var storage: [Float]
    /// Per row, the first and last cell at or below ``bound`` (first > last: none).
    private var bands: [(first: Int, last: Int)]
    /// The least cost a row may keep and still lead to a step: a step ends at a heard-word
    /// boundary `b` with cost at most `maximumCost × b`, and no phone said after can lower
    /// a row's least cost.
    private let bound: Float
    /// The cells of the edit distance a walk asks for, for ``MatchRun/soundWork``: the whole
    /// rows, whatever the band spares, so the budget stops a walk where it always has.
    private(set) var work = 0

    var heardCount: Int { heard.count }

    /// Room for a walk of up to `depth` words, with steps of at most `maximumCost` per heard phone.
    init(heard: [Phone], depth: Int, maximumCost: Float) {
        self.heard = heard
        width = heard.count + 1
        scratch = width * (depth + 1)
        storage = [Float](repeating: .infinity, count: width * (depth + 3))
        bands = Array(repeating: (1, 0), count: depth + 1)
        bound = maximumCost * Float(heard.count)
    }

    /// Row 0 before anything is said: every heard phone an insertion.
    mutating func setStart(costs: PhoneCosts) {
        storage[0] = 0
        for j in 0..<heard.count { storage[j + 1] = storage[j] + costs.insertion[Int(heard[j])] }
        clip(0)
    }

    mutating func set(_ depth: Int, to row: [Float]) {
        storage.replaceSubrange(depth * width..<(depth + 1) * width, with: row)
        clip(depth)
    }

    /// Finds row `depth`'s band and makes the cells outside it infinite.
    private mutating func clip(_ depth: Int) {
        let from = depth * width
        var first = 0, last = -1
        for j in 0..<width where storage[from + j] <= bound {
            if last < 0 { first = j }
            last = j
        }
        if last < 0 { first = 1 }
        for j in 0..<width where j < first || j > last { storage[from + j] = .infinity }
        bands[depth] = (first, last)
    }

    func row(_ depth: Int) -> [Float] { Array(storage[depth * width..<(depth + 1) * width]) }

    /// The least cost of hearing the first `heardPhones` heard phones for the walk's first `depth` words.
    @inline(__always)
    func value(_ depth: Int, at heardPhones: Int) -> Float { storage[depth * width + heardPhones] }

    /// Row `depth + 1` becomes row `depth` with `phones` said after it. False, as soon as it is
    /// known, when the row can lead to no step (no cell of it is at or below the bound).
    mutating func extend(_ depth: Int, with phones: [Phone], costs: PhoneCosts) -> Bool {
        let width = width, bound = bound, count = heard.count
        let from = depth * width, to = (depth + 1) * width, scratch = scratch
        work += phones.count * count
        var (first, last) = bands[depth]
        guard first <= last else { return false }
        let extended: Bool = storage.withUnsafeMutableBufferPointer { rows in
            heard.withUnsafeBufferPointer { heard in
                costs.substitution.withUnsafeBufferPointer { substitution in
                    costs.deletion.withUnsafeBufferPointer { deletion in
                        costs.insertion.withUnsafeBufferPointer { insertion in
                            let base = rows.baseAddress!
                            var previous = base + from
                            var current = base + scratch
                            var spare = base + scratch + width
                            // Plain loops and comparisons: a debug build (the tests') runs generic
                            // `min` and range iterators through metadata lookups.
                            var index = 0
                            while index < phones.count {
                                let said = phones[index]
                                index += 1
                                let missed = deletion[Int(said)]
                                let substitutionRow = substitution.baseAddress! + Int(said) * Phones.count
                                // Cells before the band stay above the bound; so do cells past
                                // it once the row leaves the band of the row before.
                                var nextFirst = 1, nextLast = -1
                                var j = first
                                var left = Float.infinity
                                if j == 0 {
                                    left = previous[0] + missed
                                    current[0] = left
                                    if left <= bound { nextFirst = 0; nextLast = 0 }
                                    j = 1
                                }
                                while j <= count {
                                    let h = heard[j - 1]
                                    var value = left + insertion[Int(h)]
                                    if j <= last {
                                        let deleted = previous[j] + missed
                                        if deleted < value { value = deleted }
                                    }
                                    if j - 1 <= last {
                                        let substituted = previous[j - 1] + (said == h ? 0 : substitutionRow[Int(h)])
                                        if substituted < value { value = substituted }
                                    }
                                    current[j] = value
                                    left = value
                                    if value <= bound {
                                        if nextLast < 0 { nextFirst = j }
                                        nextLast = j
                                    } else if j > last {
                                        j += 1
                                        break
                                    }
                                    j += 1
                                }
                                // The rest of the row (and what an earlier row left in it) is out of reach.
                                if j <= count { (current + j).update(repeating: .infinity, count: count + 1 - j) }
                                guard nextFirst <= nextLast else { return false }
                                // Cells between the row's start and its band are above the bound too.
                                if nextFirst > 0 { current.update(repeating: .infinity, count: nextFirst) }
                                first = nextFirst
                                last = nextLast
                                previous = current
                                swap(&current, &spare)
                            }
                            (base + to).update(from: previous, count: width)
                            return true
                        }
                    }
                }
            }
        }
        if extended { bands[depth + 1] = (first, last) }
        return extended
    }
}

extension MatchRun {
    /// Sound-alike steps from `state` at `position`: one to three heard words whose phones are
    /// close to those of one to three phrase words that follow `state` in the automaton,
    /// across word boundaries ("my detox" for "mighty tasks", "booker massage" for "book a
    /// massage", "revoom" for "resume").
    ///
    /// A depth-first walk of the automaton's word edges carries one row of the weighted edit
    /// distance (``PhoneCosts``) between the phones of the words walked and the heard phones;
    /// a branch stops as soon as no continuation can come under the cost bound.
    mutating func expandSoundAlikes(from state: Int32, at position: Int, base: Hypothesis) {
        let heard = heardAt(position)
        guard !heard.phones.isEmpty, soundWork < Weight.soundWork else { return }
        let automaton = matcher.automaton
        let sounds = matcher.sounds.pronunciations()
        let costs = PhoneCosts.shipped
        // The first phrase word's row depends on the position alone: worked out once for
        // every vocabulary word, and only the words that can still come close are tried.
        let firsts = firstWords(at: position, heard: heard.phones, sounds: sounds, costs: costs)
        guard !firsts.isEmpty else { return }
        // One row per word of the walk, and two to work in, allocated once for the whole walk.
        var rows = PhoneRows(heard: heard.phones, depth: Weight.soundMaximumWords, maximumCost: soundMaximumCost)
        defer { soundWork += rows.work }
        for first in firsts {
            // A step that begins with the heard word itself is never taken (``offer``): the
            // literal edge has it. Its walk, the cheapest of all, would be wasted.
            guard first.word != exact[position], let target = automaton.wordTarget(from: state, word: first.word) else { continue }
            var path = [first.word]
            rows.set(0, to: first.row)
            offer(path, target: target, rows: rows, depth: 0, boundaries: heard.boundaries, position: position, base: base)
            if first.length < 2 * heard.phones.count {
                walk(from: target, depth: 0, pathPhones: first.length, path: &path, rows: &rows,
                     boundaries: heard.boundaries, position: position, base: base, sounds: sounds, costs: costs)
            }
        }
    }

    /// One heard word taken as a misheard phrase word, whatever it sounds like, when the words
    /// around it say which: the word before it was heard as written ("take me back to my
    /// *work*" for *book*), or the word after it is heard as written and follows that phrase
    /// word ("*have* a new task called ..." for *add*). Only for readings the recognizer checks
    /// against the audio (``Matcher/match(_:spans:limit:soundAlike:misheardWords:allowed:)``):
    /// on transcripts alone it lets too much out-of-domain speech in ("unlock my *phone*").
    mutating func expandMisheardWord(from state: Int32, at position: Int, base: Hypothesis, reachedBy h: Hypothesis) {
        // Numbers and symbols are read by the value taggers; filler is skipped for free anyway.
        guard !heardPhones[position].isEmpty, !filler[position] else { return }
        let literalBefore = h.action == .word
        let literalAfter = position + 1 < count ? exact[position + 1] : nil
        guard literalBefore || literalAfter != nil else { return }
        let automaton = matcher.automaton
        let sounds = matcher.sounds.pronunciations()
        let heard = heardPhones[position]
        let edges = Int(automaton.wordEdgeStart[Int(state)])..<Int(automaton.wordEdgeStart[Int(state) + 1])
        for edge in edges {
            let word = automaton.wordEdgeWord[edge]
            let target = automaton.wordEdgeTarget[edge]
            guard word != exact[position] else { continue }
            if !literalBefore {
                guard let literalAfter, automaton.wordTarget(from: target, word: literalAfter) != nil else { continue }
            }
            // Of the phrase words that may stand here ("unlock the (vault|safe)"), the one that
            // sounds closest is the likeliest misheard: a tie-break far below a word's score.
            let distance = sounds[Int(word)].map { PhoneCosts.shipped.distance(said: $0, heard: heard) }.min() ?? 2
            var next = base
            next.state = target
            next.action = .soundAlike
            next.to = Int32(position + 1)
            next.payload = Int32(soundSteps.count)
            next.similarity = 1 - Weight.misheardCost
            next.score += Weight.word - Weight.soundScoreScale * Weight.misheardCost - Weight.misheardTieBreak * min(distance, 2)
            if let existing = chart[position + 1].value(for: target), arena[Int(existing)].score >= next.score { continue }
            soundSteps.append(SoundStep(words: [word], cost: Weight.misheardCost, misheard: true))
            relax(position + 1, next)
        }
    }

    /// The cost per heard phone of hearing the first `words` of the heard words (`heard`, each
    /// ending at its place in `ends`) for the phrase or name words `path`, every word on either
    /// side heard at least in part (``PhoneCosts/wordwiseDistance(said:heard:heardEnds:)``): a
    /// step of several words must not drop a word whole.
    func wordwiseCost(of path: [Int32], heard: [Phone], ends: [Int], words: Int) -> Float {
        let sounds = matcher.sounds.pronunciations()
        let end = ends[words - 1]
        let distance = PhoneCosts.shipped.wordwiseDistance(
            said: path.map { sounds[Int($0)] }, heard: Array(heard[..<end]), heardEnds: Array(ends[..<words]))
        return distance / Float(end)
    }

    /// The phones of up to `words` heard words from `position`, and where each word ends
    /// among them.
    private func heardAt(_ position: Int, words: Int = Weight.soundMaximumWords) -> (phones: [Phone], boundaries: [Int]) {
        var phones: [Phone] = []
        var boundaries: [Int] = []
        for index in position..<min(count, position + words) {
            // Numbers and symbols are read by the value taggers, not by ear.
            guard !heardPhones[index].isEmpty else { break }
            phones += heardPhones[index]
            boundaries.append(phones.count)
        }
        return (phones, boundaries)
    }

    /// Every vocabulary word that can begin a sound-alike step at `position`, with its row.
    private mutating func firstWords(at position: Int, heard: [Phone], sounds: [[[Phone]]], costs: PhoneCosts)
        -> [FirstWord]
    {
        if let known = firstWordCache[position] { return known }
        var rows = PhoneRows(heard: heard, depth: 1, maximumCost: soundMaximumCost)
        rows.setStart(costs: costs)
        var found: [FirstWord] = []
        for (word, pronunciations) in sounds.enumerated() {
            for phones in pronunciations where rows.extend(0, with: phones, costs: costs) {
                found.append(FirstWord(word: Int32(word), row: rows.row(1), length: phones.count))
            }
        }
        firstWordCache[position] = found
        soundWork += rows.work
        return found
    }

    private mutating func walk(
        from state: Int32, depth: Int, pathPhones: Int, path: inout [Int32], rows: inout PhoneRows, boundaries: [Int],
        position: Int, base: Hypothesis, sounds: [[[Phone]]], costs: PhoneCosts
    ) {
        guard path.count < Weight.soundMaximumWords, soundWork + rows.work < Weight.soundWork else { return }
        let automaton = matcher.automaton
        let edges = Int(automaton.wordEdgeStart[Int(state)])..<Int(automaton.wordEdgeStart[Int(state) + 1])
        for edge in edges {
            let word = automaton.wordEdgeWord[edge]
            let target = automaton.wordEdgeTarget[edge]
            for phones in sounds[Int(word)] {
                let length = pathPhones + phones.count
                guard length < 2 * rows.heardCount + 2, rows.extend(depth, with: phones, costs: costs) else { continue }
                path.append(word)
                offer(path, target: target, rows: rows, depth: depth + 1, boundaries: boundaries, position: position, base: base)
                walk(from: target, depth: depth + 1, pathPhones: length, path: &path, rows: &rows, boundaries: boundaries,
                     position: position, base: base, sounds: sounds, costs: costs)
                path.removeLast()
            }
        }
    }

    /// Takes the step for every heard-word boundary where the words walked sound close enough,
    /// unless they are the heard words themselves (the literal edges take those).
    private mutating func offer(
        _ path: [Int32], target: Int32, rows: PhoneRows, depth: Int, boundaries: [Int], position: Int, base: Hypothesis
    ) {
        for (k, boundary) in boundaries.enumerated() {
            let heardWords = k + 1
            // One heard word for three phrase words ("revoom" as "read of item") is a stretch.
            guard abs(heardWords - path.count) <= 1 else { continue }
            // A word heard as itself at either end belongs to a literal edge; the step is the
            // words between ("to buy" is no sound-alike of "to see file", "buy" may be of "see file").
            if exact[position] == path[0] || exact[position + heardWords - 1] == path[path.count - 1] { continue }
            // Per heard phone: phrase words the speaker never said ("the" as "the file") cost
            // their whole length, not a share of it.
            var cost = rows.value(depth, at: boundary) / Float(boundary)
            guard cost <= soundMaximumCost else { continue }
            if path.count > 1 || heardWords > 1 {
                cost = wordwiseCost(of: path, heard: rows.heard, ends: boundaries, words: heardWords)
                guard cost <= soundMaximumCost else { continue }
            }
            var next = base
            next.state = target
            next.action = .soundAlike
            next.to = Int32(position + heardWords)
            next.payload = Int32(soundSteps.count)
            next.similarity = 1 - cost
            next.score += Float(heardWords) * (Weight.word - Weight.soundScoreScale * cost)
            if let existing = chart[position + heardWords].value(for: target), arena[Int(existing)].score >= next.score { continue }
            soundSteps.append(SoundStep(words: path, cost: cost))
            relax(position + heardWords, next)
        }
    }
}

extension MatchRun {
    /// A lexicon name heard as words that sound alike, by where it ends and its slot class.
    private struct HeardName: Hashable {
        var end: Int
        var slotClass: Int32
        var valueID: String
    }

    /// Spans for the names of entities and enum cases heard as other words that sound alike
    /// ("base pulse module" for *Baseball schedule*, "the off site agenda" for *Offsite
    /// agenda*, "mind strong" for *minestrone*): the same phone edit distance as
    /// ``expandSoundAlikes(from:at:base:)``, walked over the lexicon's trie instead of the
    /// automaton. Whole names and synonyms only: a part of a name must be heard as written.
    ///
    /// A heard name scores and explains as sound-alike phrase words do, so it ranks below the
    /// same name heard as written and costs the parse confidence.
    mutating func addSoundAlikeNameSpans() {
        let sounds = matcher.sounds.pronunciations()
        let costs = PhoneCosts.shipped
        for start in 0..<count {
            let (heard, boundaries) = heardAt(start, words: Weight.soundNameWords)
            guard !heard.isEmpty, soundWork < Weight.soundWork else { continue }
            var found: [HeardName: (cost: Float, heardWords: Int, entry: LexiconEntry)] = [:]
            var path: [Int32] = []
            var rows = PhoneRows(heard: heard, depth: Weight.soundNameWords, maximumCost: soundMaximumCost)
            rows.setStart(costs: costs)
            walkNames(
                from: 0, depth: 0, pathPhones: 0, path: &path, rows: &rows, boundaries: boundaries, start: start,
                sounds: sounds, costs: costs, found: &found)
            soundWork += rows.work
            addHeardNames(found, start: start)
        }
    }

    private mutating func walkNames(
        from node: Int32, depth: Int, pathPhones: Int, path: inout [Int32], rows: inout PhoneRows, boundaries: [Int],
        start: Int, sounds: [[[Phone]]], costs: PhoneCosts,
        found: inout [HeardName: (cost: Float, heardWords: Int, entry: LexiconEntry)]
    ) {
        guard path.count < Weight.soundNameWords, soundWork + rows.work < Weight.soundWork else { return }
        let lexicon = matcher.lexicon
        for branch in lexicon.branches(of: node) {
            let word = lexicon.branchWord[branch]
            let child = lexicon.branchNode[branch]
            for phones in sounds[Int(word)] {
                let length = pathPhones + phones.count
                guard length < 2 * rows.heardCount + 2, rows.extend(depth, with: phones, costs: costs) else { continue }
                path.append(word)
                for entry in lexicon.entries(at: child) where !entry.isPart {
                    for (k, boundary) in boundaries.enumerated() {
                        let heardWords = k + 1
                        guard abs(heardWords - path.count) <= 1 else { continue }
                        // Heard as written: the spelling walk has it.
                        if heardWords == path.count, (0..<heardWords).allSatisfy({ exact[start + $0] == path[$0] }) { continue }
                        // A long name is not heard in a short word, nor a short one in many.
                        guard 3 * length <= 4 * boundary + 3, 3 * boundary <= 4 * length + 3 else { continue }
                        var cost = rows.value(depth + 1, at: boundary) / Float(boundary)
                        guard cost <= soundMaximumCost else { continue }
                        if path.count > 1 || heardWords > 1 {
                            cost = wordwiseCost(of: path, heard: rows.heard, ends: boundaries, words: heardWords)
                            guard cost <= soundMaximumCost else { continue }
                        }
                        let key = HeardName(end: start + heardWords, slotClass: entry.slotClass, valueID: entry.valueID)
                        // Of two names of one value heard alike (a title and a synonym sounding
                        // the same), the better one is kept, whichever the walk meets first.
                        if let known = found[key], known.cost < cost || (known.cost == cost && known.entry.quality >= entry.quality) {
                            continue
                        }
                        found[key] = (cost, heardWords, entry)
                    }
                }
                walkNames(
                    from: child, depth: depth + 1, pathPhones: length, path: &path, rows: &rows, boundaries: boundaries,
                    start: start, sounds: sounds, costs: costs, found: &found)
                path.removeLast()
            }
        }
    }

    /// One span per end and slot class, with the names heard there best first; a name the
    /// spelling walk already found over the same words is left to it.
    private mutating func addHeardNames(_ found: [HeardName: (cost: Float, heardWords: Int, entry: LexiconEntry)], start: Int) {
        var written: Set<HeardName> = []
        for index in spansAt[start] {
            let span = slotSpans[index]
            for name in names(of: span) { written.insert(HeardName(end: span.end, slotClass: span.slotClass, valueID: name.id)) }
        }
        var byPlace: [[Int]: [(name: NameMatch, cost: Float, heardWords: Int, quality: Float)]] = [:]
        for (key, heard) in found where !written.contains(key) {
            let quality = heard.entry.quality * (1 - heard.cost)
            let name = NameMatch(id: heard.entry.valueID, title: heard.entry.title, quality: Double(quality))
            byPlace[[key.end, Int(key.slotClass)], default: []].append((name, heard.cost, heard.heardWords, heard.entry.quality))
        }
        for (place, heard) in byPlace.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let ranked = heard.sorted { $0.name.quality != $1.name.quality ? $0.name.quality > $1.name.quality : $0.name.id < $1.name.id }
            guard let best = ranked.first else { continue }
            // Keep the names close to the best; a weaker one is no rival.
            let names = ranked.filter { $0.name.quality >= best.name.quality - 0.05 }.map(\.name)
            let slotClass = Int32(place[1])
            let type: String
            if case .lexicon(let t) = matcher.automaton.slotClasses[Int(slotClass)] { type = t } else { type = "" }
            let words = Float(best.heardWords)
            spansAt[start].append(slotSpans.count)
            slotSpans.append(
                SpanChoice(
                    end: place[0], slotClass: slotClass,
                    score: words * (Weight.word - Weight.soundScoreScale * best.cost) * best.quality + Weight.valueBonus,
                    capture: .names(names, type: type),
                    explained: words * Weight.soundExplained * (1 - best.cost) * best.quality, soundCost: best.cost))
        }
    }
}
