/// The hypotheses of one token position: automaton state → index of its best hypothesis in
/// the arena. Open addressing on the state number, so a lookup costs no hashing of its own;
/// a position rarely holds more than a few dozen states.
struct StateTable {
    private var keys: [Int32]
    private var values: [Int32]
    private(set) var count = 0

    init() {
        keys = []
        values = []
    }

    /// The arena index stored for `state`, if any.
    @inline(__always)
    func value(for state: Int32) -> Int32? {
        guard !keys.isEmpty else { return nil }
        var slot = Self.slot(of: state, mask: keys.count - 1)
        while true {
            let key = keys[slot]
            if key == state { return values[slot] }
            if key < 0 { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// Stores `value` for `state`, replacing what was there.
    @inline(__always)
    mutating func set(_ value: Int32, for state: Int32) {
        if (count + 1) * 4 > keys.count * 3 { grow() }
        var slot = Self.slot(of: state, mask: keys.count - 1)
        while true {
            let key = keys[slot]
            if key == state {
                values[slot] = value
                return
            }
            if key < 0 {
                keys[slot] = state
                values[slot] = value
                count += 1
                return
            }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// Empties the table, keeping its capacity for the next utterance.
    mutating func removeAll() {
        guard count > 0 else { return }
        for slot in keys.indices { keys[slot] = -1 }
        count = 0
    }

    /// Appends every (state, arena index) pair to `result`, in no particular order.
    func appendEntries(to result: inout [(state: Int32, index: Int32)]) {
        result.reserveCapacity(result.count + count)
        for slot in keys.indices where keys[slot] >= 0 { result.append((keys[slot], values[slot])) }
    }

    @inline(__always)
    private static func slot(of state: Int32, mask: Int) -> Int {
        Int(truncatingIfNeeded: UInt32(bitPattern: state) &* 0x9E37_79B1) & mask
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let capacity = max(16, keys.count * 2)
        keys = [Int32](repeating: -1, count: capacity)
        values = [Int32](repeating: 0, count: capacity)
        count = 0
        for slot in oldKeys.indices where oldKeys[slot] >= 0 { set(oldValues[slot], for: oldKeys[slot]) }
    }
}
