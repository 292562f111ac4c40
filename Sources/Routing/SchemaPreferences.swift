import Foundation
import IntentModel
import Phrases

/// Which app takes a request when several apps adopt the schema it reached: by schema
/// (`mail.createDraft=mail`) or by domain (`mail=mail`), the schema's entry first.
///
/// Without an entry the router answers `ambiguous` with a choice of apps
/// (``RouteResult/appChoices``), and the conversation asks which app; naming an app in
/// the request ("using MyMailComposer", "in MyMailComposer") picks it whatever this says.
///
/// ```swift
/// var router = Router(library: library)
/// router.preferences = try SchemaPreferences(parsing: ["mail=mail"])
/// ```
public struct SchemaPreferences: Hashable, Sendable {
    /// App id by domain or schema id.
    public var apps: [String: String]

    /// Preferences from app ids by domain or schema id.
    public init(_ apps: [String: String] = [:]) { self.apps = apps }

    /// Reads `DOMAIN=APP` or `SCHEMA=APP` entries (`mail=mail`, `mail.createDraft=mail`).
    public init(parsing entries: [String]) throws(PreferenceError) {
        var apps: [String: String] = [:]
        for entry in entries {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw PreferenceError(message: "Expected DOMAIN=APP or SCHEMA=APP (mail=mail), not '\(entry)'.")
            }
            apps[parts[0]] = parts[1]
        }
        self.apps = apps
    }

    /// The preferred app for a schema id, if any.
    public func app(for schema: String) -> String? { apps[schema] ?? apps[SchemaCatalog.domainID(of: schema)] }

    /// Entries that name no domain or schema of the catalogue, or no app of the library, as
    /// sentences for the user ("Unknown domain or schema 'mial' in --prefer. Did you mean 'mail'?").
    public func problems(in library: PhraseLibrary) -> [String] {
        var problems: [String] = []
        let names = library.catalog.domains.map(\.id) + library.catalog.intentSchemas.map(\.id)
        for (key, app) in apps.sorted(by: { $0.key < $1.key }) {
            if !names.contains(key) {
                let hint = Spelling.suggestion(for: key, among: names).map { " Did you mean '\($0)'?" } ?? ""
                problems.append("Unknown domain or schema '\(key)' in '\(key)=\(app)'.\(hint)")
            }
            if library.app(app) == nil {
                let hint =
                    Spelling.suggestion(for: app, among: library.apps.map(\.id)).map { " Did you mean '\($0)'?" } ?? ""
                problems.append("Unknown app '\(app)' in '\(key)=\(app)'.\(hint)")
            }
        }
        return problems
    }
}

/// A preference entry that cannot be read.
public struct PreferenceError: Error, CustomStringConvertible {
    /// What is wrong with the entry.
    public var message: String
    /// The message.
    public var description: String { message }
}
