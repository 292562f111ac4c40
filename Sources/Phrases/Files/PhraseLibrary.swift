import IntentModel

/// Everything the phrase files of a folder define: apps, schema phrases, and per language
/// the shared expansion rules and filler words, with every problem found on the way.
public struct PhraseLibrary: Sendable {
    public var apps: [AppDefinition]
    /// Phrases of assistant schemas, reaching every intent that adopts the schema.
    public var schemaPhrases: [SchemaPhraseSet]
    /// The assistant schemas of the `catalog:` files, merged (docs/schemas.md).
    public var catalog = SchemaCatalog()
    /// Where the phrase files declare what adoption checks point at: `intent:ID`,
    /// `entity:NAME` and `enum:NAME` (the `adopts:` value), `intent:ID/PARAMETER` and
    /// `entity:NAME/PROPERTY` (the type). Empty for apps registered over the socket.
    package var sourceLocations: [String: SourceLocation] = [:]
    /// `intent.parameter` of parameters left out because their type could not be read (an
    /// error already says so): phrases that use them are dropped without another error each.
    package var unreadableParameters: Set<String> = []
    /// Shared rules and filler words, by language.
    public var languages: [String: LanguageResources]
    /// The people "john", "my wife" and "mom" resolve against (`contacts:` files).
    public var contacts: [ContactDefinition] = []
    /// How the `ha` app read from Home Assistant sentence files answers in Home Assistant's
    /// terms; nil when no such file was read.
    public var homeAssistant: HomeAssistantMap?
    public var diagnostics: [Diagnostic]

    public init(
        apps: [AppDefinition] = [], schemaPhrases: [SchemaPhraseSet] = [], languages: [String: LanguageResources] = [:],
        diagnostics: [Diagnostic] = []
    ) {
        self.apps = apps
        self.schemaPhrases = schemaPhrases
        self.languages = languages
        self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public func app(_ id: String) -> AppDefinition? { apps.first { $0.id == id } }

    /// All intents of all apps, in a stable order.
    public var intents: [IntentDefinition] { apps.flatMap(\.intents) }

    public func intent(_ id: String) -> IntentDefinition? {
        app(String(id.prefix { $0 != "." }))?.intent(id)
    }
}

/// The phrases of one assistant schema in one language. Their slots are the schema's
/// parameters (``SchemaCatalog``), so they fit every intent that adopts it.
public struct SchemaPhraseSet: Hashable, Sendable {
    /// `domain.schema`, e.g. `mail.createDraft`.
    public var schema: String
    public var language: String
    public var phrases: [PhraseTemplate]
    public var rules: [String: PhraseTemplate]
    /// Where the `schema:` line is.
    public var location: SourceLocation?

    public init(
        schema: String, language: String, phrases: [PhraseTemplate], rules: [String: PhraseTemplate] = [:],
        location: SourceLocation? = nil
    ) {
        self.schema = schema
        self.language = language
        self.phrases = phrases
        self.rules = rules
        self.location = location
    }
}

/// What all apps of one language share.
public struct LanguageResources: Hashable, Sendable {
    public var rules: [String: PhraseTemplate] = [:]
    /// Single words skipped at no cost ("um", "please").
    public var fillerWords: Set<String> = []
    /// Word sequences skipped at no cost ("could you").
    public var fillerPhrases: [[String]] = []
    /// Word sequences that put a request outside every app ("on the internet"): a parse that
    /// leaves them to free text or skips them is dropped.
    public var outsideScope: [[String]] = []
    /// Words a speaker corrects themselves with ("no wait", "i mean"): what follows replaces
    /// what came just before.
    public var selfRepair: [[String]] = []
    /// Words that join two commands in one utterance ("and then"): "add milk to groceries
    /// and open it" is performed as two requests when each part routes on its own.
    public var conjunctions: [[String]] = []
    public init() {}
}

/// A person in the contacts source, with the nicknames and relations people use.
public struct ContactDefinition: Hashable, Sendable {
    public var person: Person
    /// "mom", "my wife", "my boss".
    public var aliases: [String]
    public init(person: Person, aliases: [String] = []) {
        self.person = person
        self.aliases = aliases
    }
}
