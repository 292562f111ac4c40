import Foundation
import IntentSDK

// The entities of MyMailComposer (Mail.swift), each adopting an entity schema of the mail domain.

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
    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: "\(emailAddress)", synonyms: Self.synonyms[id, default: []])
    }

    static let synonyms: [String: [LocalizedStringResource]] = [
        "work": ["work account", "work email", "work mail", "office", "my work account", "my work email"],
        "personal": [
            "personal account", "personal email", "private", "home", "my personal account", "my personal email",
            "private email",
        ],
    ]

    init(id: String, name: String, emailAddress: String) {
        self.id = id
        self.name = name
        self.emailAddress = EmailAddress(emailAddress)
    }

    static func named(_ id: String) -> MailAccountEntity { all.first { $0.id == id } ?? all[0] }
}

struct MailAccountQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [MailAccountEntity] { MailAccountEntity.all }
    func entities(for identifiers: [String]) async throws -> [MailAccountEntity] {
        MailAccountEntity.all.filter { identifiers.contains($0.id) }
    }
}

struct MailboxEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Mailbox"
    static let entityTypeName = "Mailbox"
    static let defaultQuery = MailboxQuery()
    static var assistantSchema: AssistantSchema? { .mail.mailbox }
    static let all = [
        MailboxEntity(id: "inbox", name: "Inbox", account: "work", synonyms: ["my inbox", "the inbox"]),
        MailboxEntity(id: "archive", name: "Archive", account: "work", synonyms: ["archive folder", "archived"]),
        MailboxEntity(
            id: "receipts", name: "Receipts", account: "personal", synonyms: ["receipts folder", "the receipts folder"]),
        MailboxEntity(
            id: "junk", name: "Junk", account: "personal", synonyms: ["spam", "junk folder", "the spam folder"]),
    ]
    let id: String
    let synonyms: [LocalizedStringResource]
    @Property(title: "Name") var name: String = ""
    @Property(title: "Account") var account: MailAccountEntity = MailAccountEntity.all[0]
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)", synonyms: synonyms) }

    init(id: String, name: String, account: String, synonyms: [LocalizedStringResource] = []) {
        self.id = id
        self.synonyms = synonyms
        self.name = name
        self.account = MailAccountEntity.named(account)
    }

    static func named(_ id: String) -> MailboxEntity { all.first { $0.id == id } ?? all[0] }
}

struct MailboxQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [MailboxEntity] { MailboxEntity.all }
    func entities(for identifiers: [String]) async throws -> [MailboxEntity] {
        MailboxEntity.all.filter { identifiers.contains($0.id) }
    }
}

struct MailDraftEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Email Draft"
    static let entityTypeName = "MailDraft"
    static let defaultQuery = MailDraftQuery()
    static var assistantSchema: AssistantSchema? { .mail.draft }
    static var metadataPrototype: MailDraftEntity? { MailDraftEntity(id: "prototype") }
    let id: String
    let synonyms: [LocalizedStringResource]
    @Property(title: "To") var to: [IntentPerson] = []
    @Property(title: "Cc") var cc: [IntentPerson] = []
    @Property(title: "Bcc") var bcc: [IntentPerson] = []
    @Property(title: "Subject") var subject: String?
    @Property(title: "Body") var body: String?
    @Property(title: "Attachments") var attachments: [IntentFile] = []
    @Property(title: "Account") var account: MailAccountEntity?
    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(
            title: "\(subject ?? "Draft")", subtitle: "\(to.map(\.displayName).joined(separator: ", "))",
            synonyms: synonyms)
    }

    init(id: String, synonyms: [LocalizedStringResource] = []) {
        self.id = id
        self.synonyms = synonyms
    }
}

/// The drafts the app holds: two to begin with, then those it composes.
actor DraftStore {
    private(set) var drafts: [MailDraftEntity] = DraftStore.fixtures
    private var sent: [String: Date] = [:]
    private var number = 1

    static var fixtures: [MailDraftEntity] {
        let lunch = MailDraftEntity(
            id: "d-lunch",
            synonyms: [
                "the lunch draft", "lunch draft", "the draft about lunch", "the draft to john",
                "the draft email to john", "the draft for john",
            ])
        lunch.to = [IntentPerson(identifier: "john", displayName: "John Appleseed", emailAddress: "john@example.com")]
        lunch.subject = "Lunch plans"
        lunch.account = MailAccountEntity.named("personal")
        let agenda = MailDraftEntity(
            id: "d-agenda",
            synonyms: [
                "the agenda", "the agenda draft", "the offsite draft", "the draft to my boss",
                "the draft email to my boss", "the draft for my boss",
            ])
        agenda.to = [IntentPerson(identifier: "dana", displayName: "Dana Whitfield", emailAddress: "dana@example.com")]
        agenda.subject = "Offsite agenda"
        agenda.account = MailAccountEntity.named("work")
        return [lunch, agenda]
    }

    /// A new draft, kept with the others.
    func compose(
        to: [IntentPerson], cc: [IntentPerson], bcc: [IntentPerson], subject: String?, body: String?,
        attachments: [IntentFile],
        account: MailAccountEntity?
    ) -> MailDraftEntity {
        let draft = MailDraftEntity(id: "d\(number)")
        number += 1
        draft.to = to
        draft.cc = cc
        draft.bcc = bcc
        draft.subject = subject
        draft.body = body
        draft.attachments = attachments
        draft.account = account
        drafts.append(draft)
        return draft
    }

    func delete(_ ids: [String]) { drafts.removeAll { ids.contains($0.id) } }
    func send(_ id: String, at date: Date) {
        sent[id] = date
        drafts.removeAll { $0.id == id }
    }
}

struct MailDraftQuery: EntityQuery {
    @Dependency var store: DraftStore
    func entities(for identifiers: [String]) async throws -> [MailDraftEntity] {
        await store.drafts.filter { identifiers.contains($0.id) }
    }
    func suggestedEntities() async throws -> [MailDraftEntity] { await store.drafts }
}

struct MailMessageEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Email Message"
    static let entityTypeName = "MailMessage"
    static let defaultQuery = MailMessageQuery()
    static var assistantSchema: AssistantSchema? { .mail.message }
    static var metadataPrototype: MailMessageEntity? {
        MailMessageEntity(id: "prototype", subject: "", from: "john", sent: Date(timeIntervalSince1970: 0))
    }
    let id: String
    let synonyms: [LocalizedStringResource]
    @Property(title: "To") var to: [IntentPerson] = []
    @Property(title: "Cc") var cc: [IntentPerson] = []
    @Property(title: "Bcc") var bcc: [IntentPerson] = []
    @Property(title: "Subject") var subject: String?
    @Property(title: "Body") var body: String?
    @Property(title: "Attachments") var attachments: [IntentFile] = []
    @Property(title: "Sender") var sender: IntentPerson = IntentPerson(identifier: "", displayName: "")
    @Property(title: "Date Sent") var dateSent: Date = Date(timeIntervalSince1970: 0)
    @Property(title: "Date Received") var dateReceived: Date = Date(timeIntervalSince1970: 0)
    @Property(title: "Read") var isRead: Bool = false
    @Property(title: "Junk") var isJunk: Bool = false
    @Property(title: "Flagged") var isFlagged: Bool = false
    @Property(title: "Account") var account: MailAccountEntity = MailAccountEntity.all[0]
    @Property(title: "Mailbox") var mailbox: MailboxEntity = MailboxEntity.all[0]
    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(
            title: "\(subject ?? "No subject")", subtitle: "\(sender.displayName)", synonyms: synonyms)
    }

    init(
        id: String, subject: String, from sender: String, sent: Date, account: String = "work",
        mailbox: String = "inbox",
        synonyms: [LocalizedStringResource] = []
    ) {
        self.id = id
        self.synonyms = synonyms
        self.subject = subject
        self.sender = Self.contacts[sender] ?? IntentPerson(identifier: sender, displayName: sender)
        self.to = [IntentPerson(identifier: "me", displayName: "Me", emailAddress: "me@example.com")]
        dateSent = sent
        dateReceived = sent
        self.account = MailAccountEntity.named(account)
        self.mailbox = MailboxEntity.named(mailbox)
    }

    static let contacts = [
        "dana": IntentPerson(identifier: "dana", displayName: "Dana Whitfield", emailAddress: "dana@example.com"),
        "john": IntentPerson(identifier: "john", displayName: "John Appleseed", emailAddress: "john@example.com"),
        "alex": IntentPerson(identifier: "alex", displayName: "Alex Kim", emailAddress: "alex@example.com"),
        "sarah": IntentPerson(identifier: "sarah", displayName: "Sarah Connor", emailAddress: "sarah@example.com"),
    ]
}

/// The messages of the inbox, as in Phrases/mail.yaml.
actor MessageStore {
    private(set) var messages: [MailMessageEntity] = MessageStore.fixtures
    private(set) var archived: Set<String> = []

    static var fixtures: [MailMessageEntity] {
        let offsite = MailMessageEntity(
            id: "m-offsite", subject: "Team offsite instructions", from: "dana",
            sent: DemoApps.date(2026, 11, 20, 16, 5),
            synonyms: ["the offsite instructions", "offsite instructions", "the team offsite", "the offsite"])
        offsite.isFlagged = true
        let baseball = MailMessageEntity(
            id: "m-baseball", subject: "Baseball schedule", from: "john", sent: DemoApps.date(2026, 11, 21, 9, 12),
            account: "personal",
            synonyms: ["the baseball schedule", "the baseball email"])
        baseball.isRead = true
        let invoice = MailMessageEntity(
            id: "m-invoice", subject: "Invoice 1042", from: "alex", sent: DemoApps.date(2026, 11, 18, 11, 40),
            synonyms: ["the invoice", "the invoice email", "the email about the invoice"])
        let bookClub = MailMessageEntity(
            id: "m-bookclub", subject: "Book club picks", from: "sarah", sent: DemoApps.date(2026, 11, 19, 20, 30),
            account: "personal",
            synonyms: ["the book club email", "book club emails", "the book club picks"])
        bookClub.isRead = true
        let sale = MailMessageEntity(
            id: "m-sale", subject: "Weekend sale at Example Store", from: "Example Store",
            sent: DemoApps.date(2026, 11, 21, 7, 0),
            account: "personal", mailbox: "junk",
            synonyms: [
                "the store email", "the example store email", "the sale email", "the weekend sale",
                "the weekend sale email",
            ])
        sale.isJunk = true
        return [offsite, baseball, invoice, bookClub, sale]
    }

    func delete(_ ids: [String]) { messages.removeAll { ids.contains($0.id) } }
    func archive(_ ids: [String]) {
        archived.formUnion(ids)
        for message in messages where ids.contains(message.id) { message.mailbox = MailboxEntity.named("archive") }
    }
}

struct MailMessageQuery: EntityStringQuery {
    @Dependency var store: MessageStore
    func entities(for identifiers: [String]) async throws -> [MailMessageEntity] {
        await store.messages.filter { identifiers.contains($0.id) }
    }
    func suggestedEntities() async throws -> [MailMessageEntity] { await store.messages }
    func entities(matching string: String) async throws -> [MailMessageEntity] {
        await store.messages.filter { ($0.subject ?? "").localizedCaseInsensitiveContains(string) }
    }
}
