@testable import IntentSDK
import Synchronization
import Testing
import Wire

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

/// A handler's place is given back only once its answer is written, so a daemon that stops
/// reading stops the app from piling answers up (issue 18: the SDK's output was uncapped).
@Test func anAnswersPlaceIsFreedOnceItIsWritten() async {
    let (lines, output) = AsyncStream<PendingCalls.Outgoing>.makeStream()
    let calls = PendingCalls(output: output)
    let freed = Mutex(false)
    calls.send(.notification(Notification(method: "x"))) { freed.withLock { $0 = true } }
    #expect(freed.withLock { $0 } == false)
    var queued = lines.makeAsyncIterator()
    let line = await queued.next()
    #expect(line?.text == #"{"jsonrpc":"2.0","method":"x"}"#)
    line?.written?()
    #expect(freed.withLock { $0 } == true)
    // Once the connection closed, nothing will be written: the place is given back at once.
    output.finish()
    let late = Mutex(false)
    calls.send(.notification(Notification(method: "y"))) { late.withLock { $0 = true } }
    #expect(late.withLock { $0 } == true)
}

/// A cancel read while the call's handler still waits for a thread is honoured when the
/// handler starts (CI once lost one: a 1 s time-out on a loaded machine).
@Suite struct RunningCallsTests {
    @Test func aCancelBeforeTheHandlerStartsCancelsIt() async {
        let running = RunningCalls()
        running.announce(.string("w"))
        running.cancel(.string("w"))
        let response = await running.run(.string("w")) {
            Response(id: .string("w"), result: .bool(Task.isCancelled))
        }
        #expect(response.outcome == .success(.bool(true)))
    }

    @Test func aCancelAfterTheAnswerLeavesTheNextCallWithThatIDAlone() async {
        let running = RunningCalls()
        running.announce(.string("w"))
        _ = await running.run(.string("w")) { Response(id: .string("w"), result: .null) }
        running.cancel(.string("w"))
        running.announce(.string("w"))
        let response = await running.run(.string("w")) {
            Response(id: .string("w"), result: .bool(Task.isCancelled))
        }
        #expect(response.outcome == .success(.bool(false)))
    }
}
