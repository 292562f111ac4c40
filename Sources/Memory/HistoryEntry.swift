import Foundation
import GRDB
import IntentModel

/// One row of the history: an intent performed through intentd, or one an app donated
/// because the user did it in the app itself (docs/memory.md).
public struct HistoryEntry: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "history"

    /// Where an entry came from.
    public enum Source: String, Codable, Sendable, CaseIterable {
        /// Performed through intentd (`run`, `perform`, `continue`).
        case assistant
        /// Donated by the app (`intent.donate`): the user did it in the app.
        case donated
        /// The inverse performed by "undo"; `undoes` names the entry it reversed.
        case undo
        /// The original performed again by "redo"; `redoes` names the entry.
        case redo
    }

    public var id: Int64?
    /// When it was recorded, in seconds since 1970.
    public var time: Double
    /// The request's local time of day and date (`2026-11-25T08:05:00`), for suggestions.
    public var localTime: String
    /// The client's user and process, from the socket's peer credentials.
    public var uid: Int64?
    public var pid: Int64?
    public var session: String?
    /// The words said, when the intent was reached by an utterance.
    public var utterance: String?
    public var app: String
    public var intent: String
    /// The parameters as a JSON object.
    public var parameters: String
    /// `done` or `failed`.
    public var outcome: String
    /// The result's value, as JSON, when it returned one.
    public var result: String?
    /// What the app said (its dialog, or its failure message).
    public var dialog: String?
    public var source: Source
    /// The intent's declared effect (`readOnly`, `reversible`, `destructive`).
    public var effect: String?
    /// For an undo entry: the entry it reversed. For a redo entry: the entry performed again.
    public var undoes: Int64?
    public var redoes: Int64?
    /// Set on an entry once undone: the undo entry's id.
    public var undoneBy: Int64?
    /// Set on an entry once redone: the redo entry's id.
    public var redoneBy: Int64?

    public init(
        time: Date, localTime: LocalDateTime, uid: UInt32?, pid: Int32?, session: String?, utterance: String?, intent: String,
        parameters: [String: JSONValue], outcome: String, result: JSONValue?, dialog: String?, source: Source, effect: IntentEffect?
    ) {
        self.time = time.timeIntervalSince1970
        self.localTime = localTime.iso8601
        self.uid = uid.map(Int64.init)
        self.pid = pid.map(Int64.init)
        self.session = session
        self.utterance = utterance
        self.app = String(intent.prefix { $0 != "." })
        self.intent = intent
        self.parameters = JSONValue.object(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).serialized
        self.outcome = outcome
        self.result = result.map(\.serialized)
        self.dialog = dialog
        self.source = source
        self.effect = effect?.name
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The parameters, read back.
    public var parameterValues: [String: JSONValue] {
        guard case .object(let pairs)? = try? JSONValue(parsing: parameters) else { return [:] }
        return Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }

    /// The result's value, read back.
    public var resultValue: JSONValue? { result.flatMap { try? JSONValue(parsing: $0) } }

    /// The entry as the socket and `intentd history --json` show it.
    public var json: JSONValue {
        JSONValue.compactObject([
            ("id", id.map { .number(Double($0)) }),
            ("time", .string(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: time)))),
            ("localTime", .string(localTime)),
            ("uid", uid.map { .number(Double($0)) }),
            ("pid", pid.map { .number(Double($0)) }),
            ("session", session.map(JSONValue.string)),
            ("utterance", utterance.map(JSONValue.string)),
            ("app", .string(app)),
            ("intent", .string(intent)),
            ("parameters", .object(parameterValues.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
            ("outcome", .string(outcome)),
            ("result", resultValue),
            ("dialog", dialog.map(JSONValue.string)),
            ("source", .string(source.rawValue)),
            ("effect", effect.map(JSONValue.string)),
            ("undoes", undoes.map { .number(Double($0)) }),
            ("redoes", redoes.map { .number(Double($0)) }),
            ("undoneBy", undoneBy.map { .number(Double($0)) }),
            ("redoneBy", redoneBy.map { .number(Double($0)) }),
        ])
    }
}

extension JSONValue {
    /// An object of the pairs whose value is not nil.
    static func compactObject(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }
}
