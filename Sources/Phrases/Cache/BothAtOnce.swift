import Dispatch

/// Runs `first` and `second` at once, on two threads, and returns both results: a warm start
/// decodes the library and the matcher this way, and reads the phrase files in two halves.
func bothAtOnce<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let jobs = TwoJobs(first: first, second: second)
            DispatchQueue.concurrentPerform(iterations: 2) { jobs.run($0) }
            return (jobs.firstResult!, jobs.secondResult!)
        }
    }
}

/// The two jobs of ``bothAtOnce(_:_:)`` and their results. Each job writes only its own
/// result, and `concurrentPerform` returns after both, so nothing is shared while they run.
private final class TwoJobs<First, Second>: @unchecked Sendable {
    let first: () -> First
    let second: () -> Second
    var firstResult: First?
    var secondResult: Second?

    init(first: @escaping () -> First, second: @escaping () -> Second) {
        self.first = first
        self.second = second
    }

    func run(_ index: Int) {
        if index == 0 { firstResult = first() } else { secondResult = second() }
    }
}
