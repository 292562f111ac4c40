/// A small seeded generator (SplitMix64), so that every run and every machine builds the
/// same apps and the figures of two runs compare.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`; `Int.random(in:using:)` is not promised to give the same
    /// sequence across standard library versions, this is.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// `count` distinct items of `items`, in drawing order.
    mutating func distinct<T: Hashable>(_ count: Int, from items: [T]) -> [T] {
        var chosen: [T] = []
        var seen: Set<T> = []
        while chosen.count < count {
            let item = pick(items)
            if seen.insert(item).inserted { chosen.append(item) }
        }
        return chosen
    }
}
