import Foundation
import IntentModel

/// What resolving a value depends on besides the words: the reference time and zone,
/// the language, and the user's contacts.
public struct ResolutionContext: Sendable {
    /// The reference time ("now") for relative dates, a wall-clock time in `timeZone`.
    public var now: LocalDateTime
    public var timeZone: TimeZone
    /// Language code of the utterance (`en`, `zh`).
    public var language: String
    /// The people "john", "my wife" and "mom" resolve against.
    public var contacts: [Contact]
    /// For commands that schedule: an ambiguous date or time means the next one, not the last.
    public var prefersFuture: Bool
    /// The currency of an amount said without one, where a phrase wants money ("send 20 to
    /// sarah", "pay alex 35"): an ISO 4217 code, as "dollars" reads as USD.
    public var defaultCurrency: String = "USD"
    /// `contacts` indexed for finding names in an utterance, built once by whoever keeps the
    /// same contacts for many utterances (the router); nil: found from a cache by hashing them.
    public var contactIndex: ContactIndex?

    public init(
        now: LocalDateTime, timeZone: TimeZone = .current, language: String = "en", contacts: [Contact] = [],
        prefersFuture: Bool = true, contactIndex: ContactIndex? = nil
    ) {
        self.now = now
        self.timeZone = timeZone
        self.language = language
        self.contacts = contacts
        self.prefersFuture = prefersFuture
        self.contactIndex = contactIndex
    }

    /// The context for the current time in the zone of `TZ`.
    public static func current(language: String = "en", contacts: [Contact] = []) -> ResolutionContext {
        ResolutionContext(
            now: LocalDateTime(Date(), in: .current), timeZone: .current, language: language, contacts: contacts)
    }
}

/// Contacts indexed by the words of their names, aliases and near-miss first names: what
/// finding people in an utterance looks up (build it once for a contact list).
public struct ContactIndex: Sendable {
    let people: PersonReader.Index

    public init(_ contacts: [Contact]) { people = PersonReader.buildIndex(contacts) }
}

/// A person in the contacts source, with the other names people use for them.
public struct Contact: Hashable, Sendable {
    public var person: Person
    /// Nicknames and relations: "mom", "my wife", "my boss".
    public var aliases: [String]
    public init(person: Person, aliases: [String] = []) {
        self.person = person
        self.aliases = aliases
    }
}

/// A run of tokens recognised as a typed value, found before matching so that typed
/// slots (`{dueDate}`, `{price}`) can consume it.
public struct TaggedSpan: Hashable, Sendable {
    /// Token indices covered, end exclusive.
    public var range: Range<Int>
    /// The type of `value`; a slot accepts it when the types are compatible (an Int fills a Double slot).
    public var type: ValueType
    public var value: Value
    /// How sure the tagger is, in [0, 1]: "5" as a number is sure, "to" as two is not.
    public var confidence: Double

    public init(range: Range<Int>, type: ValueType, value: Value, confidence: Double = 1) {
        self.range = range
        self.type = type
        self.value = value
        self.confidence = confidence
    }
}

/// One reading of a text as a value of the target type.
public struct ResolvedCandidate: Hashable, Sendable {
    public var value: Value
    public var confidence: Double
    public init(value: Value, confidence: Double) {
        self.value = value
        self.confidence = confidence
    }
}

/// What resolving a text gives: one or more readings (several means ambiguous: ask),
/// or a reason it could not be read.
public enum Resolution: Hashable, Sendable {
    case resolved([ResolvedCandidate])
    case failed(reason: String)

    /// The best reading, when there is exactly one or one clearly ahead.
    public var best: ResolvedCandidate? {
        guard case .resolved(let candidates) = self else { return nil }
        return candidates.max { $0.confidence < $1.confidence }
    }
}
