import Foundation
import IntentModel
import Resolvers

/// Shared fixtures: a reference time (Thursday 2026-11-19 09:00 UTC), contacts, an enum and books.
enum Fixtures {
    static let now = LocalDateTime(year: 2026, month: 11, day: 19, hour: 9)
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let contacts = [
        Contact(person: Person(id: "john", name: "John Appleseed", email: "john@example.com")),
        Contact(person: Person(id: "sarah", name: "Sarah Appleseed"), aliases: ["my wife"]),
        Contact(person: Person(id: "alex", name: "Alex Kim")),
        Contact(person: Person(id: "mary", name: "Mary Appleseed"), aliases: ["mom", "mum", "my mother"]),
    ]
    static let context = ResolutionContext(now: now, timeZone: utc, contacts: contacts)
    static let chineseContext = ResolutionContext(now: now, timeZone: utc, language: "zh")

    static let priority = EnumDefinition(
        name: "tasks.Priority", displayName: "Priority",
        cases: [
            EnumCase(id: "low", title: "Low", synonyms: ["minor"]),
            EnumCase(id: "high", title: "High", synonyms: ["urgent", "important"]),
        ])
    static let books = EntityTypeDefinition(
        name: "library.Book", displayName: "Book",
        values: [
            EntityRecord(id: "lost-world-doyle", title: "The Lost World", subtitle: "Arthur Conan Doyle"),
            EntityRecord(id: "lost-world-crichton", title: "The Lost World", subtitle: "Michael Crichton"),
            EntityRecord(id: "martian", title: "The Martian", subtitle: "Andy Weir", synonyms: ["martian"]),
        ])
    static let chain = ResolverChain(enums: [priority], entityTypes: [books])

    static func date(_ text: String) -> LocalDateTime? {
        LocalDateTime(iso8601: text)
    }

    /// The best value, or the failure reason as a string value, for one-line expectations.
    static func resolve(_ text: String, as type: ValueType, context: ResolutionContext = context) -> Value? {
        chain.resolve(text, as: type, context: context).best?.value
    }

    static func reason(_ text: String, as type: ValueType) -> String? {
        if case .failed(let reason) = chain.resolve(text, as: type, context: context) { return reason }
        return nil
    }
}
