@testable import IntentSDK
import Synchronization
import Testing

/// An app handles at most so many of the daemon's calls at once; the next waits its turn
/// (issue 18: nothing capped the tasks one SDK connection starts).
@Suite struct HandlerRoomTests {
    @Test func theCallPastTheLimitWaitsForOneToFinish() async {
        let room = HandlerRoom(capacity: 2)
        await room.enter()
        await room.enter()
        let third = Mutex(false)
        let waiting = Task {
            await room.enter()
            third.withLock { $0 = true }
        }
        // The third waits while two run...
        for _ in 0..<50 { await Task.yield() }
        #expect(third.withLock { $0 } == false)
        // ...and goes in when one leaves.
        room.leave()
        await waiting.value
        #expect(third.withLock { $0 } == true)
    }
}
