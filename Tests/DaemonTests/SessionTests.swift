@testable import Daemon
import Foundation
import IntentModel
import IntentTesting
import NIOCore
import Routing
import Synchronization
import Testing
import Wire

#if canImport(Glibc)
    import Glibc
#endif

/// Sessions under concurrency and time, and the bounds one client cannot push past (issue 18).
@Suite(.serialized) struct SessionTests {
    /// A `run` that reaches a slow app must not wipe, when it finally finishes, the question a
    /// newer `run` of the same session asked meanwhile.
    @Test func aLateCallDoesNotWipeTheNewerQuestion() async throws {
        let notes = AppControl()
        try await withNotesSocket(control: notes) { socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                async let slow = client.call(Methods.Run.self, .init(utterance: "hang the notes app", session: "race"))
                // The slow run has begun its turn once its call reaches the app.
                await notes.waitForArrival()
                let question = try await client.call(Methods.Run.self, .init(utterance: "add a note", session: "race"))
                #expect(question.status == .question)
                // The older run finishes after the question was asked.
                notes.release()
                #expect(try await slow.status == .done)
                let done = try await client.call(Methods.Continue.self, .init(session: "race", answer: .text("buy milk")))
                #expect(done.status == .done)
                #expect(done.result?.dialog == "Added 'buy milk'")
            }
        }
    }

    /// A stale turn neither saves nor clears; only the newest turn of a session does.
    @Test func onlyTheNewestTurnSavesOrFinishes() async throws {
        let store = SessionStore(timeout: .seconds(60))
        let intent = IntentDefinition(id: "notes.add", title: "Add")
        var older = PendingCall(intent: intent, parameters: [])
        older.turn = await store.begin("s", uid: 1)
        var newer = PendingCall(intent: intent, parameters: [])
        newer.turn = await store.begin("s", uid: 1)
        newer.question = Question(kind: .value, parameter: "text", prompt: "What should the note say?", type: "String")
        await store.save("s", newer, uid: 1)
        await store.finish("s", uid: 1, turn: older.turn)
        older.question = Question(kind: .confirm, prompt: "Stale?")
        await store.save("s", older, uid: 1)
        let pending = try await store.pending("s", uid: 1)
        #expect(pending.question?.prompt == "What should the note say?")
    }

    /// Two users who choose the same session id hold two sessions.
    @Test func sessionsAreScopedToTheirUser() async throws {
        let store = SessionStore(timeout: .seconds(60))
        var call = PendingCall(intent: IntentDefinition(id: "notes.add", title: "Add"), parameters: [])
        call.question = Question(kind: .confirm, prompt: "Sure?")
        call.turn = await store.begin("shared", uid: 1000)
        await store.save("shared", call, uid: 1000)
        _ = await store.begin("shared", uid: 1001)
        #expect(try await store.pending("shared", uid: 1000).question?.prompt == "Sure?")
        await #expect(throws: RPCError.self) { _ = try await store.pending("shared", uid: 1001) }
    }

    /// "Timed out" and "nothing pending" are told apart: -32004 and -32011.
    @Test func timedOutIsNotUnknown() async throws {
        let clock = FakeClock()
        let store = SessionStore(timeout: .seconds(300), clock: clock.now)
        var call = PendingCall(intent: IntentDefinition(id: "notes.add", title: "Add"), parameters: [])
        call.question = Question(kind: .confirm, prompt: "Sure?")
        call.turn = await store.begin("slow", uid: 7)
        await store.save("slow", call, uid: 7)
        clock.advance(by: .seconds(301))
        await #expect(throws: RPCError(.sessionExpired, "Session expired", data: .parse(#"{"session":"slow","reason":"timedOut","timeoutSeconds":300}"#))) {
            _ = try await store.pending("slow", uid: 7)
        }
        await #expect(throws: RPCError(.unknownSession, "No question pending in this session", data: .parse(#"{"session":"never","reason":"notPending"}"#))) {
            _ = try await store.pending("never", uid: 7)
        }
    }

    /// An answer, even a wrong one, restarts the session's time of silence.
    @Test func anAnswerRestartsTheTimeOfSilence() async throws {
        let clock = FakeClock()
        let store = SessionStore(timeout: .seconds(300), clock: clock.now)
        var call = PendingCall(intent: IntentDefinition(id: "notes.add", title: "Add"), parameters: [])
        call.question = Question(kind: .confirm, prompt: "Sure?")
        call.turn = await store.begin("s", uid: nil)
        await store.save("s", call, uid: nil)
        // Four answers 200 s apart outlive the 300 s only because each restarts it.
        for _ in 0..<4 {
            clock.advance(by: .seconds(200))
            _ = try await store.pending("s", uid: nil)
        }
        clock.advance(by: .seconds(301))
        await #expect(throws: RPCError.self) { _ = try await store.pending("s", uid: nil) }
    }

    /// Beyond its capacity the store drops the session silent the longest.
    @Test func theStoreIsBounded() async throws {
        let store = SessionStore(timeout: .seconds(60), capacity: 3)
        for index in 0..<5 {
            var call = PendingCall(intent: IntentDefinition(id: "notes.add", title: "Add"), parameters: [])
            call.question = Question(kind: .confirm, prompt: "Sure \(index)?")
            call.turn = await store.begin("s\(index)", uid: nil)
            await store.save("s\(index)", call, uid: nil)
        }
        #expect(await store.count == 3)
        await #expect(throws: RPCError.self) { _ = try await store.pending("s0", uid: nil) }
        #expect(try await store.pending("s4", uid: nil).question?.prompt == "Sure 4?")
    }

    /// More words than the router takes: a clear error for route, run and a text answer,
    /// and the connection keeps working.
    @Test func anUtteranceTooLongIsRefused() async throws {
        try await withDaemon(phrases: [TestPaths.phrases]) { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                let long = "add " + Array(repeating: "one two three", count: 100).joined(separator: " ") + " to my groceries list"
                let refusal = RPCError(.utteranceTooLong, "Utterance too long", data: .parse(#"{"words":305,"limit":256}"#))
                await #expect(throws: refusal) { _ = try await client.call(Methods.Route.self, .init(utterance: long)) }
                await #expect(throws: refusal) { _ = try await client.call(Methods.Run.self, .init(utterance: long)) }
                await #expect(throws: refusal) {
                    _ = try await client.call(Methods.Continue.self, .init(session: "none", answer: .text(long)))
                }
                let atTheLimit = "add " + Array(repeating: "x", count: Router.maximumWords - 5).joined(separator: " ") + " to my groceries list"
                let routed = try await client.call(Methods.Route.self, .init(utterance: atTheLimit))
                #expect(routed["utterance"] == .string(atTheLimit))
            }
        }
    }

    /// A client that pipelines thousands of requests before reading a byte gets every answer,
    /// in full, once it reads: the daemon stops reading from it meanwhile instead of queueing
    /// without bound, and other clients are served throughout.
    @Test func aPipeliningClientThatDoesNotReadGetsEveryAnswer() async throws {
        try await withDaemon(phrases: [TestPaths.phrases]) { daemon, socket in
            let count = 5_000
            let writer = try RawSocket(path: socket)
            // Written from a thread of its own: the write blocks until the daemon reads, and a
            // blocked thread of the concurrency pool (two on a two-core machine) can starve the
            // daemon that must read it.
            let written = Task {
                try await offThePool {
                    var lines = ""
                    for id in 1...count {
                        lines += #"{"jsonrpc":"2.0","id":\#(id),"method":"route","params":{"utterance":"order two tomato soups"}}"# + "\n"
                    }
                    return writer.writeAll(Array(lines.utf8))
                }
            }
            // While that client does not read, the daemon holds a bounded number of its
            // answers, and others are answered. Waits until the answers have filled the
            // socket and the daemon holds its most (or the writer has finished).
            let deadline = ContinuousClock.now + .seconds(60)
            while daemon.unwrittenLines < PeerConnection.maximumUnwritten, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(daemon.unwrittenLines <= PeerConnection.maximumUnwritten + PeerConnection.maximumRequests)
            try await DaemonClient.withConnection(socketPath: socket) { other in
                let status = try await other.call(Methods.Status.name)
                #expect(status["version"] == .string(Daemon.version))
            }
            // Answers may come in any order (requests are handled concurrently); none is missing.
            let ids = try await offThePool { try writer.readLines(count) }.compactMap { JSONValue.parse($0)["id"]?.numberValue }
            #expect(try await written.value)
            #expect(ids.count == count)
            let missing = Set(1...count).subtracting(ids.map { Int($0) })
            #expect(missing.isEmpty, "no answer to \(missing.count) requests")
        }
    }
}

/// An app may offer its own intents as choices, never another app's (issue 18).
@Test func anAppCannotRedirectACallToAnotherApp() async throws {
    _ = try await withDaemon(phrases: [TestPaths.phrases]) { _, socket in
        try await withApp(try NotesApp.definition, socket: socket, handler: NotesApp.handle) {
            try await DaemonClient.withConnection(socketPath: socket) { client in
                await #expect(throws: RPCError(.invalidReply, "Invalid reply from the app", data: .parse("""
                    {"app":"notes","reason":"a choice offers 'bank.transferMoney', which is not an intent of this app"}
                    """))) {
                    _ = try await client.call(Methods.Run.self, .init(utterance: "redirect the notes app"))
                }
            }
        }
    }
}

/// "${param}" in a requestValueDialog says the value already known (issue 18).
@Test func aQuestionSaysTheValuesItKnows() async throws {
    try await withNotes { client in
        let question = try await client.call(Methods.Run.self, .init(utterance: "rename the note ideas"))
        #expect(question.question?.prompt == "What should Ideas be called?", "\(question.json.serialized)")
    }
}

/// An app that answers a call with a line that is not JSON fails the call at once with -32009,
/// not after the time-out (issue 18).
@Test func anAppReplyThatIsNotJSONFailsAtOnce() async throws {
    try await withDaemon(configure: { $0.appTimeout = .seconds(60) }) { _, socket in
        let app = try RawSocket(path: socket)
        let register = #"{"jsonrpc":"2.0","id":"r","method":"app.register","params":{"app":{"id":"garble","name":"Garble","intents":[{"id":"talk","title":"Talk","phrases":["garble the words"]}]}}}"#
        #expect(app.writeAll(Array((register + "\n").utf8)))
        #expect(try await offThePool { try app.readLines(1) }[0].contains(#""result""#))
        try await DaemonClient.withConnection(socketPath: socket) { client in
            let outcome = Task { try await client.call(Methods.Run.self, .init(utterance: "garble the words")) }
            let call = try await offThePool { try app.readLines(1) }[0]
            #expect(call.contains(#""method":"intent.perform""#))
            #expect(app.writeAll(Array("this is not json\n".utf8)))
            // -32009 now, not the -32001 of a time-out 60 s later.
            let error = await #expect(throws: RPCError.self) { _ = try await outcome.value }
            #expect(error?.code == .invalidReply, "\(String(describing: error))")
        }
    }
}

/// `app.register` reports every mistake of a definition at once, with the intent and phrase
/// each is in, refuses duplicate intent ids and `exec` (issue 18).
@Test func registerReportsEveryMistakeAtOnce() async throws {
    try await withDaemon { _, socket in
        try await DaemonClient.withConnection(socketPath: socket) { app in
            let broken = #"""
                {"id":"bad","name":"Bad","intents":[
                  {"id":"one","title":"One","parameters":[{"name":"when","type":"Dat"}],"phrases":["do one"]},
                  {"id":"two","title":"Two","parameters":[{"name":"size","type":"Sizes"}],"phrases":["do two"]},
                  {"id":"three","title":"Three","phrases":["do three"]},
                  {"id":"three","title":"Three again","phrases":["do three again"]}]}
                """#
            let error = await #expect(throws: RPCError.self) {
                _ = try await app.call(Methods.RegisterApp.name, .object([("app", .parse(broken))]))
            }
            #expect(error?.code == .invalidDefinition, "\(String(describing: error))")
            let diagnostics = error?.data?["diagnostics"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(diagnostics.count == 3, "\(diagnostics)")
            #expect(diagnostics.contains { $0.contains("app.intents[0]") && $0.contains("did you mean 'Date'") }, "\(diagnostics)")
            #expect(diagnostics.contains { $0.contains("app.intents[1]") && $0.contains("Sizes") }, "\(diagnostics)")
            #expect(diagnostics.contains { $0.contains("app.intents[3].id") }, "\(diagnostics)")

            let phrase = #"{"id":"typo","name":"Typo","intents":[{"id":"go","title":"Go","phrases":["go now","go (there"]}]}"#
            let located = await #expect(throws: RPCError.self) {
                _ = try await app.call(Methods.RegisterApp.name, .object([("app", .parse(phrase))]))
            }
            let where_ = located?.data?["diagnostics"]?.arrayValue?.first?.stringValue ?? ""
            #expect(where_.hasPrefix("app:typo/go:2:"), "\(where_)")

            let exec = #"{"id":"runner","name":"Runner","exec":["/bin/true"],"intents":[{"id":"go","title":"Go","phrases":["run away"]}]}"#
            let refused = await #expect(throws: RPCError.self) {
                _ = try await app.call(Methods.RegisterApp.name, .object([("app", .parse(exec))]))
            }
            #expect(refused?.data?["field"] == .string("params.app.exec"), "\(String(describing: refused))")
        }
    }
}

/// `entities.changed`: an app says its entities changed, and names route to what exists now;
/// only the connection serving the app may say so (issue 16).
@Test func anAppTellsTheDaemonItsEntitiesChanged() async throws {
    try await withDaemon { _, socket in
        let app = try RawSocket(path: socket)
        let register = #"{"jsonrpc":"2.0","id":"r","method":"app.register","params":{"app":{"id":"garden","name":"Garden","entities":[{"name":"Plant","title":"Plant","values":[{"id":"rose","title":"Rose"}]}],"intents":[{"id":"water","title":"Water","parameters":[{"name":"plant","type":"Plant"}],"phrases":["water the {plant}"]}]}}}"#
        #expect(app.writeAll(Array((register + "\n").utf8)))
        #expect(try await offThePool { try app.readLines(1) }[0].contains(#""result""#))
        try await DaemonClient.withConnection(socketPath: socket) { client in
            let before = try await client.call(Methods.Route.self, .init(utterance: "water the tulip"))
            #expect(before["parameters"]?["plant"] == nil, "\(before.serialized)")
            let stranger = await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.EntitiesChanged.self, .init(entityType: "garden.Plant", entities: []))
            }
            #expect(stranger?.code == .notAuthorized)
            let changed = #"{"jsonrpc":"2.0","id":"c","method":"entities.changed","params":{"entityType":"garden.Plant","entities":[{"id":"rose","title":"Rose"},{"id":"tulip","title":"Tulip"}]}}"#
            #expect(app.writeAll(Array((changed + "\n").utf8)))
            let answer = try await offThePool { try app.readLines(1) }[0]
            #expect(answer.contains(#""changed":true"#), "\(answer)")
            let after = try await client.call(Methods.Route.self, .init(utterance: "water the tulip"))
            #expect(after["parameters"]?["plant"] == .parse(#"{"id":"tulip","title":"Tulip"}"#), "\(after.serialized)")
        }
    }
}

/// Entities an app sends have their properties untyped (a date as its text): they are read as
/// the entity type declares them, so that "move the dentist to 10 am" keeps the event's day
/// after the app's events were refreshed. It was today's day.
@Test func refreshedEntitiesKeepTheirPropertyTypes() async throws {
    try await withDaemon { _, socket in
        let app = try RawSocket(path: socket)
        let register = #"{"jsonrpc":"2.0","id":"r","method":"app.register","params":{"app":{"id":"agenda","name":"Agenda","entities":[{"name":"Event","title":"Event","properties":[{"name":"start","type":"Date"}],"values":[{"id":"gym","title":"Gym","properties":{"start":"2026-11-24T18:00:00"}}]}],"intents":[{"id":"move","title":"Move","parameters":[{"name":"event","type":"Event"},{"name":"start","type":"Date"}],"phrases":["move the {event} to {start}"]}]}}}"#
        #expect(app.writeAll(Array((register + "\n").utf8)))
        #expect(try await offThePool { try app.readLines(1) }[0].contains(#""result""#))
        let changed = #"{"jsonrpc":"2.0","id":"c","method":"entities.changed","params":{"entityType":"agenda.Event","entities":[{"id":"gym","title":"Gym","properties":{"start":"2026-11-24T18:00:00"}},{"id":"dentist","title":"Dentist","properties":{"start":"2026-11-25T15:00:00"}}]}}"#
        #expect(app.writeAll(Array((changed + "\n").utf8)))
        #expect(try await offThePool { try app.readLines(1) }[0].contains(#""changed":true"#))
        try await DaemonClient.withConnection(socketPath: socket) { client in
            let now = LocalDateTime(year: 2026, month: 11, day: 22, hour: 10)
            let moved = try await client.call(Methods.Route.self, .init(utterance: "move the dentist to 10 am", now: now))
            #expect(moved["parameters"]?["start"] == .string("2026-11-25T10:00:00"), "\(moved.serialized)")
        }
    }
}

/// Connections beyond the limit get one clear error line and are closed; those within it,
/// and new ones once some close, are served.
@Suite struct ConnectionLimitTests {
    @Test func theConnectionBeyondTheLimitIsToldWhy() async throws {
        try await withDaemon(configure: { $0.maximumConnections = 3 }) { _, socket in
            let held = try (0..<3).map { _ in try RawSocket(path: socket) }
            let status = #"{"jsonrpc":"2.0","id":1,"method":"status"}"# + "\n"
            for connection in held { #expect(connection.writeAll(Array(status.utf8))) }
            for connection in held { #expect(try await offThePool { try connection.readLines(1) }[0].contains(#""version""#)) }
            let extra = try RawSocket(path: socket)
            let refusal = try await offThePool { try extra.readLines(1) }
            #expect(refusal == [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32013,"message":"Too many connections","data":{"limit":3}}}"#])
        }
    }
}

/// A clock that moves only when told to.
final class FakeClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)
    var now: @Sendable () -> ContinuousClock.Instant { { self.instant.withLock { $0 } } }
    func advance(by duration: Duration) { instant.withLock { $0 += duration } }
}

/// A blocking Unix-socket client for tests that need to control reads and writes byte by byte.
final class RawSocket: Sendable {
    let fd: Int32

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(fd) }

    /// Writes every byte, blocking while the daemon does not read; false if the socket failed.
    func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Reads `count` newline-terminated lines.
    func readLines(_ count: Int) throws -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while lines.count < count {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { throw POSIXError(.ECONNRESET) }
            for byte in buffer[0..<n] {
                if byte == 0x0A {
                    lines.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                } else {
                    current.append(byte)
                }
            }
        }
        return lines
    }
}

/// Protocol 1.0: the handshake, cancellation, and parameters read strictly (issue 18).
@Suite(.serialized) struct ProtocolTests {
    @Test func initializeSaysTheVersionAndLimits() async throws {
        try await withDaemon { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                let answer = try await client.call(Methods.Initialize.self, .init(clientInfo: .parse(#"{"name":"test"}"#)))
                #expect(answer["protocolVersion"] == .string("1.0"))
                #expect(answer["serverInfo"]?["version"] == .string(Daemon.version))
                #expect(answer["capabilities"]?["maximumWords"] == .number(256))
                #expect(answer["capabilities"]?["cancelRequest"] == .bool(true))
                await #expect(throws: RPCError.self) {
                    _ = try await client.call(Methods.Initialize.self, .init(protocolVersion: "2.0"))
                }
            }
        }
    }

    /// A misspelt key is refused with the nearest real one, not silently ignored.
    @Test func unknownParameterKeysAreRefused() async throws {
        try await withDaemon(phrases: [TestPaths.phrases]) { _, socket in
            try await DaemonClient.withConnection(socketPath: socket) { client in
                await #expect(throws: RPCError(.invalidParams, "Invalid params", data: .parse("""
                    {"field":"params.explian","reason":"unknown field","expected":"one of \\"utterance\\", \\"now\\", \\"explain\\", \\"spoken\\", \\"readings\\"","didYouMean":"explain"}
                    """))) {
                    _ = try await client.call(Methods.Route.name, .parse(#"{"utterance":"order soup","explian":true}"#))
                }
                await #expect(throws: RPCError.self) { _ = try await client.call(Methods.Status.name, .parse(#"{"verbose":true}"#)) }
            }
        }
    }

    /// `{"text": "two", "choice": 1}` is two answers: refused, and the question stays pending.
    @Test func exactlyOneFormOfAnswer() async throws {
        try await withNotes { client in
            let question = try await client.call(Methods.Run.self, .init(utterance: "add a note"))
            await #expect(throws: RPCError.self) {
                _ = try await client.call(Methods.Continue.name, .parse(#"{"session":"\#(question.session)","text":"milk","choice":1}"#))
            }
            let done = try await client.call(Methods.Continue.self, .init(session: question.session, answer: .text("milk")))
            #expect(done.status == .done)
        }
    }

    /// `$/cancelRequest` ends a `run` waiting on a slow app at once with -32800; the
    /// connection and the app stay usable.
    @Test func aRunWaitingOnAnAppCanBeCancelled() async throws {
        let notes = AppControl()
        try await withNotesSocket(control: notes) { socket in
            let raw = try RawSocket(path: socket)
            let run = #"{"jsonrpc":"2.0","id":"slow","method":"run","params":{"utterance":"hang the notes app","session":"c"}}"# + "\n"
            #expect(raw.writeAll(Array(run.utf8)))
            await notes.waitForArrival()
            #expect(raw.writeAll(Array((#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"slow"}}"# + "\n").utf8)))
            let answer = try await offThePool { try raw.readLines(1) }
            #expect(answer == [#"{"jsonrpc":"2.0","id":"slow","error":{"code":-32800,"message":"Request cancelled"}}"#])
            notes.release()
            try await DaemonClient.withConnection(socketPath: socket) { client in
                let count = try await client.call(Methods.Run.self, .init(utterance: "how many notes do i have"))
                #expect(count.status == .done)
            }
        }
    }
}

/// Inputs the `answers` fuzz target found that trapped the answer reader (Fuzz/Corpus/answers
/// keeps them): each type is read without a crash (issue 18).
@Test func answersTheFuzzerFoundDoNotTrap() {
    let reader = AnswerReader(router: DemoRouter.shared)
    let found: [[UInt8]] = [
        // A currency amount too large for an Int, read for a CurrencyAmount question.
        [0x8c, 0x82, 0x2c, 0x32, 0x8e, 0x9a] + Array(repeating: 0x38, count: 22) + [0x3a, 0x00, 0x63, 0xb8, 0x3b, 0x91, 0x9b, 0xfd, 0x00],
        Array("$88888888888888888888888".utf8), Array("88888888888888888888888 dollars".utf8),
    ]
    let types: [ValueType] = [.string, .int, .double, .currencyAmount, .measurement(dimension: nil), .duration, .date, .list(.int)]
    for bytes in found {
        let text = String(decoding: bytes, as: UTF8.self)
        for type in types { _ = reader.value(text, as: type) }
    }
    if case .value(let money) = reader.value("$88888888888888888888888", as: .currencyAmount) {
        #expect(money["currency"] == .string("USD"), "\(money.serialized)")
    }
}

/// A question asked back is no answer. To a number, date or choice, any answer opened by a
/// question word; to free text, only a question put to someone ("what do you need"), since a
/// title may open with a question word ("where the crawdads sing"); "how much" and "how
/// long" ask the amount before the verb ("how much was it again" to "What did you spend on?"
/// was the expense's title).
@Test(arguments: [
    ("how big are they", false, true), ("when is it now", false, true), ("um which ones are hot", false, true),
    ("how about 3", false, false), ("what about the large one", false, false), ("two medium ones", false, false),
    ("what do you need", true, true), ("when is it", true, true), ("where the crawdads sing", true, false),
    ("what to get mom for christmas", true, false), ("what is my balance", true, false), ("", true, false),
    ("how much was it again", true, true), ("how long is it", true, true), ("how to train your dragon", true, false),
    ("how much wood", true, false), ("what's on my calendar that day", true, true), ("what is left", true, true),
    ("wait what currency is that", true, true), ("which one is it", true, true), ("what dreams may come", true, false),
    ("why me", true, false), ("is friday free", false, true), ("are there any at 5", false, true), ("is friday free", true, false), ("3", false, false),
])
func aQuestionAskedBackIsNoAnswer(text: String, freeText: Bool, asks: Bool) {
    #expect(AnswerReader.asksSomething(text, freeText: freeText) == asks, "\(text)")
}

/// A free-text answer loses the words that frame it ("for groceries" to "What did you spend
/// on?" was the title "for groceries"); the rest is kept as written, and an answer that is
/// only such a word stays whole.
@Test(arguments: [
    ("for groceries", "groceries"), ("it's called Team Lunch", "Team Lunch"), ("It’s called Team Lunch.", "Team Lunch"),
    ("to buy milk", "buy milk"), ("it was for coffee", "coffee"), ("about the budget", "the budget"),
    ("call it  Q3 review", "Q3 review"), ("for", "for"), ("it's", "it's"), ("forest walk", "forest walk"),
    ("tomato soup", "tomato soup"), ("", ""),
])
func aFreeTextAnswerLosesItsFraming(text: String, title: String) {
    let reader = AnswerReader(router: DemoRouter.shared, now: DemoRouter.now)
    switch reader.value(text, as: .string) {
    case .value(let value): #expect(value == .string(title), "\(text)")
    case .none: #expect(text.isEmpty)
    case .candidates: Issue.record("\(text): free text has no candidates")
    }
}

/// A free-text answer that ends with a date is the text and the date, as a request would be
/// read; a text that would be left hanging, or ends with a meal, stays whole.
@Test(arguments: [
    ("lunch with sam tomorrow at noon", "lunch with sam", "2026-11-23T12:00:00"),
    ("dinner at 7", "dinner", "2026-11-22T19:00:00"),
    ("buy milk tomorrow.", "buy milk", "2026-11-23T00:00:00"),
    ("café with zoë on friday", "café with zoë", "2026-11-27T00:00:00"),
])
func aTextAnswerEndingInADateIsBoth(text: String, title: String, date: String) {
    let reader = AnswerReader(router: DemoRouter.shared, now: DemoRouter.now)
    let split = reader.textEndingInValue(text, of: .date)
    #expect(split?.text == title)
    #expect(split?.value == LocalDateTime(iso8601: date).map(Value.date))
}

@Test(arguments: ["team lunch", "plan for next week", "tomorrow", "", "   ", "call mom", "meeting about the 3rd quarter"])
func aTextAnswerWithNoDateAfterItStaysWhole(text: String) {
    #expect(AnswerReader(router: DemoRouter.shared, now: DemoRouter.now).textEndingInValue(text, of: .date) == nil)
}

/// A free-text answer that ends with an amount of money is the text and the amount, joined by
/// "for" too ("coffee for 4 dollars", where "plan for next week" is one text); a bare number
/// is no amount ("buy 2" stays whole).
@Test(arguments: [
    ("coffee for 4 dollars", "coffee", 4.0, "USD"), ("coffee 4.50 euros", "coffee", 4.5, "EUR"),
    ("a lamp costing £20", "a lamp", 20.0, "GBP"), ("buy 2", nil, nil, nil), ("money for nothing", nil, nil, nil), ("", nil, nil, nil),
] as [(String, String?, Double?, String?)])
func aTextAnswerEndingInAnAmountIsBoth(text: String, title: String?, amount: Double?, currency: String?) {
    let split = AnswerReader(router: DemoRouter.shared, now: DemoRouter.now).textEndingInValue(text, of: .currencyAmount)
    #expect(split?.text == title, "\(text)")
    guard case .currencyAmount(let money)? = split?.value else {
        #expect(amount == nil, "\(text): \(String(describing: split))")
        return
    }
    #expect(money.amount == amount && money.currency == currency, "\(text): \(money)")
}

/// A free-text answer as a recognizer writes it ends with a full stop that is no part of the
/// title ("Team lunch." titled the event "Team lunch."); an ellipsis, or punctuation alone, stays.
@Test(arguments: [
    ("Team lunch.", "Team lunch"), ("Buy milk!", "Buy milk"), ("Why?", "Why"), ("wait...", "wait..."), ("?", "?"),
    ("3.5 km run", "3.5 km run"), ("café.", "café"),
])
func aFreeTextAnswerLosesItsClosingStop(text: String, expected: String) {
    let reader = AnswerReader(router: DemoRouter.shared, now: DemoRouter.now)
    guard case .value(let value) = reader.value(text, as: .string) else {
        Issue.record("\(text): no value")
        return
    }
    #expect(value == .string(expected), "\(text)")
}

/// A choice said with the hedges people say aloud around it is the same choice; a hedge
/// alone, or words in no title, choose nothing.
@Test(arguments: [
    ("uh the second one i think", 2), ("let's go with call mom", 2), ("i'll take the last one", 3), ("how about 1", 1),
    ("um, prepare slides please", 3), ("the second one", 2), ("maybe", nil), ("i think", nil), ("uh the blue one", nil), ("", nil),
])
func aChoiceSaidWithHedgesIsTheSameChoice(text: String, expected: Int?) {
    let choices = ["Buy milk", "Call mom", "Prepare slides"].enumerated().map { Choice(index: $0.offset + 1, title: $0.element) }
    #expect(AnswerReader(router: DemoRouter.shared).choice(text, among: choices) == expected, "\(text)")
}

/// A fuzzer's answer with NUL and control characters: no text before a date can be told
/// apart, so none is taken (the whole text came back as the title, date and all).
@Test func aTextAnswerOfControlCharactersSplitsNothing() {
    let bytes: [UInt8] = [
        0x41, 0, 0, 0, 0, 0xdb, 0xdb, 0x63, 0x73, 0x6e, 0, 0, 0x32, 0x0e, 0x43, 0x2c, 0x65, 0xdb, 0xdb, 0x63, 0x73, 0x6e, 0, 0,
        0x32, 0x0e, 0x43, 0x2c, 0x65, 0x6f, 0x03, 0, 0x6f, 0x38, 0x3a, 0x38, 0x61,
    ]
    let text = String(decoding: bytes, as: UTF8.self)
    if let split = AnswerReader(router: DemoRouter.shared).textEndingInValue(text, of: .date) {
        #expect(split.text.count < text.count, "\(split.text.unicodeScalars.map(\.value))")
    }
}

/// Yes is read strictly, since it lets a destructive action go ahead: a question or request
/// that only begins like a yes ("do i have ...", "please add ...") is no answer.
@Test(arguments: [
    ("yes", true), ("uh yeah", true), ("sure, delete it", true), ("okay", true), ("do it", true), ("do it please", true),
    ("please", true), ("go ahead and delete it", true), ("that's right", true), ("right, go ahead", true), ("please delete it", true),
    ("sounds good", true), ("no", false), ("nope", false), ("don't", false), ("not now", false), ("absolutely not", false),
    ("of course not", false), ("better not", false), ("do i have anything on thursday", nil), ("please add milk to my list", nil),
    ("right now what's my balance", nil), ("do the dishes", nil), ("cancel the minestrone order", nil), ("stop the music", nil), ("i don't know", nil), ("maybe", nil), ("", nil),
    // A yes on terms is no plain yes: "yes but make it 25" sent the 20 dollars asked first.
    ("yes but make it 25", nil), ("sure, but not to him", nil), ("yes, wait", nil), ("yes please", true), ("yeah go ahead", true),
    // A yes that adds to the request is none either: "yes and add a note saying for lunch"
    // transferred the money without the note.
    ("yes and add a note saying for lunch", nil), ("sure, with the memo rent", nil), ("yes and also put it on friday", nil),
    ("yes and thank you", true), ("yes send it", true),
])
func yesIsReadStrictly(text: String, yes: Bool?) {
    #expect(AnswerReader(router: DemoRouter.shared).yesNo(text) == yes, "\(text)")
}

/// A name said whole that holds another's words is that name: "the quarterly review" was
/// asked again between "quarterly review" and "review".
@Test(arguments: [
    ("the quarterly review", 1), ("quarterly review to 11", 1), ("review", 2), ("the weekly review", 3), ("the review please", 2),
])
func theWidestNameSaidIsTheChoice(text: String, expected: Int?) {
    let choices = ["Quarterly review", "Review", "Weekly review"].enumerated().map { Choice(index: $0.offset + 1, title: $0.element) }
    #expect(AnswerReader(router: DemoRouter.shared).choice(text, among: choices) == expected, "\(text)")
}

/// "yes" to a choice of one takes it; "no" to a choice calls it off.
@Test func yesToAChoiceOfOneTakesIt() {
    let reader = AnswerReader(router: DemoRouter.shared)
    let one = [Choice(index: 1, title: "2 Tomato", value: .string("order-1"))]
    #expect(reader.choice("yes", among: one) == 1)
    #expect(reader.choice("sure", among: one) == 1)
    let two = one + [Choice(index: 2, title: "1 Minestrone", value: .string("order-2"))]
    #expect(reader.choice("yes", among: two) == nil)
    #expect(reader.choosesNone("no") && reader.choosesNone("no thanks") && !reader.choosesNone("no the second one"))
}
