import Testing

@testable import Phrases

/// `PhoneRows` works a row out only over the band of cells at or below its bound. These tests
/// hold it to the whole weighted edit distance, worked out the plain way: every walk must be
/// cut off, and every cell that can still lead to a step must cost, exactly as before.
struct PhoneRowsTests {
    /// The whole weighted edit distance row by row: row `d + 1` is row `d` with `said` after it.
    static func wholeRow(after previous: [Float], said: [Phone], heard: [Phone], costs: PhoneCosts) -> [Float] {
        var row = previous
        for s in said {
            var next = row
            next[0] = row[0] + costs.deletion[Int(s)]
            for j in 1...heard.count {
                let h = heard[j - 1]
                next[j] = min(
                    row[j] + costs.deletion[Int(s)], next[j - 1] + costs.insertion[Int(h)],
                    row[j - 1] + (s == h ? 0 : costs.substitution[Int(s) * Phones.count + Int(h)]))
            }
            row = next
        }
        return row
    }

    /// A small deterministic generator, so a failure names the same words on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11 ^ state << 7
        }
    }

    /// Random phones, drawn more often from a few, so that words come close as often as not.
    static func phones(_ count: Int, using generator: inout Generator) -> [Phone] {
        (0..<count).map { _ in
            Phone(Bool.random(using: &generator) ? Int.random(in: 0..<6, using: &generator) : Int.random(in: 0..<Phones.count, using: &generator))
        }
    }

    @Test func aBandedWalkCostsWhatTheWholeDistanceCosts() {
        let costs = PhoneCosts.shipped
        var generator = Generator(state: 2026)
        var extended = 0, cutOff = 0
        for _ in 0..<3_000 {
            let heard = Self.phones(Int.random(in: 1...14, using: &generator), using: &generator)
            let maximumCost = Float([0.3, 0.45, 0.6].randomElement(using: &generator)!)
            let bound = maximumCost * Float(heard.count)
            var rows = PhoneRows(heard: heard, depth: 3, maximumCost: maximumCost)
            rows.setStart(costs: costs)
            var whole: [Float] = [0]
            for h in heard { whole.append(whole.last! + costs.insertion[Int(h)]) }
            // A walk of up to three words, each row built on the one before, as the matcher walks.
            for depth in 0..<3 {
                let said = Self.phones(Int.random(in: 0...6, using: &generator), using: &generator)
                let expected = Self.wholeRow(after: whole, said: said, heard: heard, costs: costs)
                // The plain rule: a row leads on while some cell of it is at or below the bound
                // after each phone said (a row cut off part way is cut off).
                var leadsOn = whole.contains { $0 <= bound }
                var partial = whole
                for s in said {
                    partial = Self.wholeRow(after: partial, said: [s], heard: heard, costs: costs)
                    if !partial.contains(where: { $0 <= bound }) { leadsOn = false }
                }
                let banded = rows.extend(depth, with: said, costs: costs)
                #expect(banded == leadsOn, "heard \(heard), said \(said), depth \(depth)")
                guard banded, leadsOn else { cutOff += 1; break }
                extended += 1
                for j in 0...heard.count {
                    let value = rows.value(depth + 1, at: j)
                    if expected[j] <= bound {
                        #expect(value == expected[j], "cell \(j): heard \(heard), said \(said)")
                    } else {
                        #expect(value > bound, "cell \(j) above the bound is no step: heard \(heard), said \(said)")
                    }
                }
                whole = expected
            }
        }
        // Both ways out are exercised, not only one.
        #expect(extended > 1_000)
        #expect(cutOff > 500)
    }

    @Test func aRowSetFromAnotherWalkIsBandedToo() {
        let costs = PhoneCosts.shipped
        let heard: [Phone] = [3, 17, 20, 4]
        var rows = PhoneRows(heard: heard, depth: 2, maximumCost: 0.3)
        // Only cell 2 is in reach (bound 1.2); the others are not, whatever their value.
        rows.set(0, to: [5, 2, 0.5, 1.3, 9])
        #expect(rows.value(0, at: 2) == 0.5)
        #expect(rows.value(0, at: 1) > 1.2 && rows.value(0, at: 3) > 1.2)
        let extended = rows.extend(0, with: [], costs: costs)
        #expect(extended)
        #expect(rows.value(1, at: 2) == 0.5)
        // A row with no cell in reach leads nowhere.
        rows.set(0, to: [5, 2, 1.5, 1.3, 9])
        let reached = rows.extend(0, with: [17], costs: costs)
        #expect(!reached)
    }
}
