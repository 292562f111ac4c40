import Foundation
import IntentSDK

/// MyMailComposer (demo-apps.md, app 4): one intent adopting `mail.createDraft`, reached
/// through the schema's phrases.
public enum MyMailComposer: IntentApp {
    public static let id = "mail"
    public static let name = "MyMailComposer"
    public static let synonyms = ["mail composer"]
    public static let intents: [any AppIntent.Type] = [SendDraft.self]
    public static let additionalTypes: [any IntentValue.Type] = [MailDraftEntity.self]
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { DraftStore() }) }
}

struct MailAccountEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Mail Account"
    static let entityTypeName = "MailAccount"
    static let defaultQuery = MailAccountQuery()
    static var assistantSchema: AssistantSchema? { .mail.account }
    static let all = [
        MailAccountEntity(id: "work", name: "Work", emailAddress: "work@example.com"),
        MailAccountEntity(id: "personal", name: "Personal", emailAddress: "me@example.com"),
    ]
    let id: String
    @Property(title: "Email Address") var emailAddress: EmailAddress = EmailAddress("")
    @Property(title: "Name") var name: String = ""
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)", subtitle: "\(emailAddress)") }

    init(id: String, name: String, emailAddress: String) {
        self.id = id
        self.name = name
        self.emailAddress = EmailAddress(emailAddress)
    }
}

struct MailAccountQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [MailAccountEntity] { MailAccountEntity.all }
    func entities(for identifiers: [String]) async throws -> [MailAccountEntity] { MailAccountEntity.all.filter { identifiers.contains($0.id) } }
}

struct MailDraftEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Mail Draft"
    static let entityTypeName = "MailDraft"
    static let defaultQuery = MailDraftQuery()
    static var assistantSchema: AssistantSchema? { .mail.draft }
    static var metadataPrototype: MailDraftEntity? { MailDraftEntity(id: "prototype") }
    let id: String
    @Property(title: "To") var to: [IntentPerson] = []
    @Property(title: "Cc") var cc: [IntentPerson] = []
    @Property(title: "Bcc") var bcc: [IntentPerson] = []
    @Property(title: "Subject") var subject: String?
    @Property(title: "Body") var body: String?
    @Property(title: "Attachments") var attachments: [IntentFile] = []
    @Property(title: "Account") var account: MailAccountEntity?
    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(subject ?? "Draft")", subtitle: "\(to.map(\.displayName).joined(separator: ", "))")
    }

    init(id: String) { self.id = id }
}

actor DraftStore {
    private(set) var drafts: [MailDraftEntity] = []
    func add(_ draft: MailDraftEntity) { drafts.append(draft) }
    var nextID: String { "d\(drafts.count + 1)" }
}

struct MailDraftQuery: EntityQuery {
    @Dependency var store: DraftStore
    func entities(for identifiers: [String]) async throws -> [MailDraftEntity] { await store.drafts.filter { identifiers.contains($0.id) } }
    func suggestedEntities() async throws -> [MailDraftEntity] { await store.drafts }
}

struct SendDraft: AppIntent {
    static let identifier = "sendDraft"
    static let title: LocalizedStringResource = "Send Draft"
    static let description: IntentDescription? = "Composes a mail draft and leaves it ready to send."
    static var assistantSchema: AssistantSchema? { .mail.createDraft }
    static var parameterSummary: ParameterSummary<SendDraft>? { Summary("Draft a mail to \(\.$to) about \(\.$subject)") }
    @Parameter(title: "Account") var account: MailAccountEntity?
    @Parameter(title: "Attachments") var attachments: [IntentFile]
    @Parameter(title: "To", requestValueDialog: "Who should I send it to?") var to: [IntentPerson]
    @Parameter(title: "Cc") var cc: [IntentPerson]
    @Parameter(title: "Bcc") var bcc: [IntentPerson]
    @Parameter(title: "Subject") var subject: String?
    @Parameter(title: "Body") var body: String?
    @Dependency var store: DraftStore

    func perform() async throws -> some IntentResult & ReturnsValue<MailDraftEntity> {
        guard !to.isEmpty else { throw $to.needsValue() }
        let draft = MailDraftEntity(id: await store.nextID)
        draft.to = to
        draft.cc = cc
        draft.bcc = bcc
        draft.subject = subject
        draft.body = body
        draft.attachments = attachments
        draft.account = account
        await store.add(draft)
        return .result(value: draft, dialog: "Your draft is ready")
    }
}
