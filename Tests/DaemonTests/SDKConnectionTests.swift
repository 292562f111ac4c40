import Daemon
import Foundation
import IntentModel
import IntentSDK
import IntentTesting
import Logging
import Synchronization
import Testing
import Wire

/// An app written with IntentSDK, served over a real daemon's socket by ``AppConnection``:
/// it honours the daemon's `$/cancelRequest` and says when its entities change (issue 18).
@Suite(.serialized) struct SDKConnectionTests {
    @Test func aCancelledCallCancelsTheIntentsTask() async throws {
        try await withDaemon { _, socket in
            try await Slowpoke.serving(socket) {
                let client = try RawSocket(path: socket)
                let run = #"{"jsonrpc":"2.0","id":"w","method":"run","params":{"utterance":"wait for slowpoke"}}"# + "\n"
                #expect(client.writeAll(Array(run.utf8)))
                #expect(await Slowpoke.events.next() == "started")
                #expect(client.writeAll(Array((#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"w"}}"# + "\n").utf8)))
                let answer = try await offThePool { try client.readLines(1) }
                #expect(answer == [#"{"jsonrpc":"2.0","id":"w","error":{"code":-32800,"message":"Request cancelled"}}"#])
                // The daemon told the app, and the SDK cancelled the intent's task: it stops
                // waiting at once instead of after its two minutes.
                #expect(await Slowpoke.events.next() == "cancelled")
            }
        }
    }

    @Test func aCallThatTimesOutIsCancelledInTheApp() async throws {
        try await withDaemon(configure: { $0.appTimeout = .seconds(1) }) { _, socket in
            try await Slowpoke.serving(socket) {
                _ = try await DaemonClient.withConnection(socketPath: socket) { client in
                    await #expect(throws: RPCError.self) {
                        _ = try await client.call(Methods.Run.self, .init(utterance: "wait for slowpoke"))
                    }
                }
                #expect(await Slowpoke.events.next() == "started")
                #expect(await Slowpoke.events.next() == "cancelled")
            }
        }
    }

    @Test func entitiesChangedMakesANewNameRoutable() async throws {
        try await withDaemon { _, socket in
            try await Slowpoke.serving(socket) { connection in
                try await DaemonClient.withConnection(socketPath: socket) { client in
                    let before = try await client.call(Methods.Route.self, .init(utterance: "wait for the kettle"))
                    #expect(before["parameters"]?["thing"]?["id"]?.stringValue == nil, "\(before.serialized)")
                    Slowpoke.things.withLock { $0.append(ThingEntity(id: "kettle", name: "Kettle")) }
                    try await connection.entitiesChanged(ThingEntity.self)
                    let after = try await client.call(Methods.Route.self, .init(utterance: "wait for the kettle"))
                    #expect(after["parameters"]?["thing"]?["id"]?.stringValue == "kettle", "\(after.serialized)")
                }
            }
        }
    }
}

/// An app the daemon refuses does not hold up the others of its host (issue 18: faults
/// contained). Before, the connection waited silently for ever: `intentd run --phrases DIR`
/// with phrase files that lack the schema catalogue hung, since the demo mail app was refused.
@Suite(.serialized) struct RefusedAppTests {
    @Test func theHostsOtherAppsRegisterAndServe() async throws {
        try await withDaemon { _, socket in
            try await Slowpoke.serving(socket) {
                // Slowpoke is served already: a second host of it and of Doorbell has Slowpoke
                // refused (its id is taken) and Doorbell registered.
                var logger = Logger(label: "doorbell")
                logger.logLevel = .critical
                let host = await IntentHost(apps: [Slowpoke.self, Doorbell.self])
                let connection = AppConnection(host: host, socketPath: socket, registration: .definition, logger: logger)
                let serving = Task { try await connection.run() }
                defer { serving.cancel() }
                let registered = await withTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        await connection.waitUntilRegistered()
                        return true
                    }
                    group.addTask {
                        try? await Task.sleep(for: .seconds(60))
                        return false
                    }
                    let first = await group.next() ?? false
                    group.cancelAll()
                    return first
                }
                #expect(registered, "the refusal of one app must not keep the connection waiting")
                try await DaemonClient.withConnection(socketPath: socket) { client in
                    let answer = try await client.call(Methods.Run.self, .init(utterance: "ring the test doorbell"))
                    #expect(answer.intent == "doorbell.ringDoorbell" && answer.json.serialized.contains("Ding dong"), "\(answer.json.serialized)")
                }
            }
        }
    }
}

enum Doorbell: IntentApp {
    static let id = "doorbell"
    static let name = "Doorbell"
    static let intents: [any AppIntent.Type] = [RingDoorbell.self]
    static let shortcuts: (any AppShortcutsProvider.Type)? = DoorbellShortcuts.self
    static func registerDependencies(in manager: AppDependencyManager) {}
}

struct RingDoorbell: AppIntent {
    static let title: LocalizedStringResource = "Ring the Doorbell"
    func perform() async throws -> some IntentSDK.IntentResult { .result(dialog: "Ding dong") }
}

struct DoorbellShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: RingDoorbell(), phrases: ["ring the test doorbell"], shortTitle: "Ring", systemImageName: "bell")
    }
}

/// A test app whose intent waits two minutes, reporting when it starts and when it is cancelled.
enum Slowpoke: IntentApp {
    static let id = "slowpoke"
    static let name = "Slowpoke"
    static let intents: [any AppIntent.Type] = [WaitForSlowpoke.self, WaitForThing.self]
    static let shortcuts: (any AppShortcutsProvider.Type)? = SlowpokeShortcuts.self
    static func registerDependencies(in manager: AppDependencyManager) {}

    static let events = EventLog()
    static let things = Mutex<[ThingEntity]>([ThingEntity(id: "teapot", name: "Teapot")])

    /// Serves the app over `socket` while `body` runs.
    static func serving(_ socket: String, _ body: @Sendable (AppConnection) async throws -> Void) async throws {
        var logger = Logger(label: "slowpoke")
        logger.logLevel = .critical
        let connection = AppConnection(host: await IntentHost(apps: [Slowpoke.self]), socketPath: socket, registration: .definition, logger: logger)
        let serving = Task { try await connection.run() }
        defer { serving.cancel() }
        await connection.waitUntilRegistered()
        try await body(connection)
    }

    static func serving(_ socket: String, _ body: @Sendable () async throws -> Void) async throws {
        try await serving(socket) { (_: AppConnection) in try await body() }
    }
}

/// Events in order, awaited one at a time.
final class EventLog: Sendable {
    private let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() { (stream, continuation) = AsyncStream<String>.makeStream() }

    func record(_ event: String) { continuation.yield(event) }

    /// The next event, or "none" after 60 s (a failure, never a wait on success).
    func next() async -> String {
        await withTaskGroup(of: String.self) { group in
            group.addTask { [stream] in
                for await event in stream { return event }
                return "none"
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return "none"
            }
            let first = await group.next() ?? "none"
            group.cancelAll()
            return first
        }
    }
}

struct WaitForSlowpoke: AppIntent {
    static let title: LocalizedStringResource = "Wait for Slowpoke"
    func perform() async throws -> some IntentSDK.IntentResult {
        Slowpoke.events.record("started")
        do {
            try await Task.sleep(for: .seconds(120))
        } catch {
            Slowpoke.events.record("cancelled")
            throw error
        }
        return .result(dialog: "Done waiting")
    }
}

struct ThingEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Thing"
    static let entityTypeName = "Thing"
    static let defaultQuery = ThingQuery()
    let id: String
    @Property(title: "Name") var name: String = ""
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

struct ThingQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [ThingEntity] { Slowpoke.things.withLock { $0 } }
    func entities(for identifiers: [String]) async throws -> [ThingEntity] { try await allEntities().filter { identifiers.contains($0.id) } }
}

struct WaitForThing: AppIntent {
    static let title: LocalizedStringResource = "Wait for a Thing"
    @Parameter(title: "Thing") var thing: ThingEntity
    func perform() async throws -> some IntentSDK.IntentResult { .result(dialog: "Waited for \(thing.name)") }
}

struct SlowpokeShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: WaitForSlowpoke(), phrases: ["wait for slowpoke"], shortTitle: "Wait", systemImageName: "clock")
        AppShortcut(intent: WaitForThing(), phrases: ["wait for \(\.$thing)"], shortTitle: "Wait for a thing", systemImageName: "clock")
    }
}
