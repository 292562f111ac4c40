import Foundation
import GRDB
import IntentModel

/// intentd's memory: one SQLite database (WAL mode, private to the user) holding the history
/// of performed and donated intents, which is also the journal undo and redo read
/// (docs/memory.md). Safe to use from any task; writes are serialized by GRDB.
public final class MemoryStore: Sendable {
    /// The database file's name inside the state folder.
    public static let fileName = "memory.sqlite"

    /// How much history is kept: the newest `maximumEntries`, none older than `maximumAge`.
    public struct Retention: Sendable, Equatable {
        public var maximumEntries: Int
        public var maximumAge: Duration
        public init(maximumEntries: Int = 10_000, maximumAge: Duration = .seconds(365 * 86_400)) {
            self.maximumEntries = maximumEntries
            self.maximumAge = maximumAge
        }
    }

    public let path: String
    public let retention: Retention
    private let pool: DatabasePool

    /// Opens (creating when missing) the database in `directory`, which is created with mode
    /// 0700; the file and its WAL are made 0600. Migrates the schema to the newest version.
    public init(directory: String, retention: Retention = Retention()) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        path = (directory as NSString).appendingPathComponent(Self.fileName)
        // Made before SQLite opens it, so that it is never readable by others; SQLite gives
        // the -wal and -shm files the database file's mode.
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw MemoryError("cannot create \(path): \(String(cString: strerror(errno)))") }
        fchmod(descriptor, 0o600)
        close(descriptor)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "intentd.memory"
        self.retention = retention
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
        try pool.write { db in try Self.prune(db, retention: retention, now: Date()) }
    }

    /// The schema, one migration per version. Never edit a shipped migration: add one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: history") { db in
            try db.create(table: "history") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("time", .double).notNull()
                t.column("localTime", .text).notNull()
                t.column("uid", .integer)
                t.column("pid", .integer)
                t.column("session", .text)
                t.column("utterance", .text)
                t.column("app", .text).notNull()
                t.column("intent", .text).notNull()
                t.column("parameters", .text).notNull()
                t.column("outcome", .text).notNull()
                t.column("result", .text)
                t.column("dialog", .text)
                t.column("source", .text).notNull()
                t.column("effect", .text)
                t.column("undoes", .integer)
                t.column("redoes", .integer)
                t.column("undoneBy", .integer)
                t.column("redoneBy", .integer)
            }
            try db.create(index: "history_by_time", on: "history", columns: ["time"])
            try db.create(index: "history_by_app", on: "history", columns: ["app", "intent"])
        }
        return migrator
    }

    // MARK: Writing

    /// Records an entry; returns it with its id. Every `pruneEvery` entries the retention limits are applied.
    @discardableResult
    public func record(_ entry: HistoryEntry) async throws -> HistoryEntry {
        let retention = retention
        return try await pool.write { db in
            var entry = entry
            try entry.insert(db)
            if let id = entry.id, id % Self.pruneEvery == 0 { try Self.prune(db, retention: retention, now: Date()) }
            return entry
        }
    }

    static let pruneEvery: Int64 = 64

    /// Deletes entries beyond the retention limits.
    static func prune(_ db: Database, retention: Retention, now: Date) throws {
        let oldest = now.timeIntervalSince1970 - Double(retention.maximumAge.components.seconds)
        try db.execute(sql: "DELETE FROM history WHERE time < ?", arguments: [oldest])
        try db.execute(
            sql: "DELETE FROM history WHERE id <= (SELECT id FROM history ORDER BY id DESC LIMIT 1 OFFSET ?)",
            arguments: [max(0, retention.maximumEntries)])
    }

    /// What `history.forget` removes.
    public enum Forgetting: Sendable, Equatable {
        case entry(Int64)
        case app(String)
        case everything
    }

    /// Forgets entries (only `uid`'s when given); returns how many were removed.
    @discardableResult
    public func forget(_ what: Forgetting, uid: UInt32? = nil) async throws -> Int {
        try await pool.write { db in
            var request = HistoryEntry.all()
            if let uid { request = request.filter(Column("uid") == Int64(uid)) }
            switch what {
            case .entry(let id): request = request.filter(Column("id") == id)
            case .app(let app): request = request.filter(Column("app") == app)
            case .everything: break
            }
            return try request.deleteAll(db)
        }
    }

    // MARK: Reading

    /// Which entries `list` returns.
    public struct Filter: Sendable, Equatable {
        public var app: String?
        public var intent: String?
        public var since: Date?
        public var uid: UInt32?
        public var limit: Int
        public init(app: String? = nil, intent: String? = nil, since: Date? = nil, uid: UInt32? = nil, limit: Int = 50) {
            self.app = app
            self.intent = intent
            self.since = since
            self.uid = uid
            self.limit = limit
        }
    }

    /// The newest entries first.
    public func list(_ filter: Filter) async throws -> [HistoryEntry] {
        try await pool.read { db in
            var request = HistoryEntry.all()
            if let app = filter.app { request = request.filter(Column("app") == app) }
            if let intent = filter.intent { request = request.filter(Column("intent") == intent) }
            if let since = filter.since { request = request.filter(Column("time") >= since.timeIntervalSince1970) }
            if let uid = filter.uid { request = request.filter(Column("uid") == Int64(uid)) }
            return try request.order(Column("id").desc).limit(max(0, filter.limit)).fetchAll(db)
        }
    }

    /// Reads the database (for the store's own queries in other files).
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T { try await pool.read(body) }

    /// SQLite's own check of the file: "ok", or what is wrong.
    public func integrityCheck() async throws -> String {
        try await pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    /// How many times each of `intents` was done (performed, redone or donated; not failed or
    /// undone) by `uid` since `since`.
    public func counts(of intents: [String], uid: UInt32?, since: Date) async throws -> [String: Int] {
        try await pool.read { db in
            var request = HistoryEntry.select(Column("intent"), GRDB.count(Column("id")))
                .filter(intents.contains(Column("intent")))
                .filter(["assistant", "donated", "redo"].contains(Column("source")))
                .filter(Column("outcome") == "done").filter(Column("undoneBy") == nil)
                .filter(Column("time") >= since.timeIntervalSince1970)
            if let uid { request = request.filter(Column("uid") == Int64(uid)) }
            let rows = try Row.fetchAll(db, request.group(Column("intent")))
            return Dictionary(rows.map { (($0[0] as String), ($0[1] as Int)) }, uniquingKeysWith: +)
        }
    }

    /// One entry by its id.
    public func entry(_ id: Int64) async throws -> HistoryEntry? {
        try await pool.read { db in try HistoryEntry.fetchOne(db, key: id) }
    }

    /// The number of entries kept.
    public func count() async throws -> Int { try await pool.read { db in try HistoryEntry.fetchCount(db) } }

    // MARK: The journal of undo and redo

    /// The newest action of `uid` performed through intentd that changed something and is not
    /// undone: an original or a redo, what "undo" reverses. It may be one that cannot be undone
    /// (its effect is not `reversible`): "undo" then says so rather than reach past it to an
    /// older action. Nil when every such action was undone.
    public func lastChange(uid: UInt32?) async throws -> HistoryEntry? {
        try await pool.read { db in
            try Self.actions(uid: uid)
                .filter(Column("undoneBy") == nil)
                .order(Column("id").desc).fetchOne(db)
        }
    }

    /// The entry the newest undo of `uid` reversed that is not redone yet, among the undos
    /// and redos made since the last new action that changed something: "redo" said again
    /// goes on through what was undone, as in an editor, and a new action ends it.
    public func lastRedoable(uid: UInt32?) async throws -> HistoryEntry? {
        try await pool.read { db in
            var window: [HistoryEntry] = []
            for entry in try Self.actions(uid: uid, includingUndo: true).order(Column("id").desc).limit(Self.redoDepth).fetchAll(db) {
                if entry.source == .assistant { break }
                window.append(entry)
            }
            for undo in window where undo.source == .undo {
                guard let undone = undo.undoes,
                    let target = try HistoryEntry.filter(Column("id") == undone).filter(Column("redoneBy") == nil).fetchOne(db)
                else { continue }
                return target
            }
            return nil
        }
    }

    /// How far back redo looks through undos and redos.
    static let redoDepth = 200

    /// Marks `original` undone by `undo` (or redone by a redo) and records that entry, in one transaction.
    @discardableResult
    public func record(_ entry: HistoryEntry, reversing original: Int64) async throws -> HistoryEntry {
        try await pool.write { db in
            var entry = entry
            try entry.insert(db)
            let column = entry.source == .redo ? "redoneBy" : "undoneBy"
            try db.execute(sql: "UPDATE history SET \(column) = ? WHERE id = ?", arguments: [entry.id, original])
            return entry
        }
    }

    /// Successful actions performed through intentd (not donated), of `uid` when given.
    private static func actions(uid: UInt32?, includingUndo: Bool = false) -> QueryInterfaceRequest<HistoryEntry> {
        var sources = [HistoryEntry.Source.assistant.rawValue, HistoryEntry.Source.redo.rawValue]
        if includingUndo { sources.append(HistoryEntry.Source.undo.rawValue) }
        var request = HistoryEntry.filter(sources.contains(Column("source"))).filter(Column("outcome") == "done")
        // Only what changed something counts: a read-only action neither blocks a redo nor is undone.
        request = request.filter(Column("effect") != IntentEffect.readOnly.name || Column("effect") == nil)
        if let uid { request = request.filter(Column("uid") == Int64(uid)) }
        return request
    }
}

/// A problem opening or using the memory database.
public struct MemoryError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
