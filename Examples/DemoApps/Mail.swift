import Foundation
import IntentSDK

/// MyMailComposer (demo-apps.md, app 4): adopts the whole mail domain of the assistant
/// schemas, as the domain requires, and declares no phrases: requests reach it through the
/// schemas' phrases (Phrases/schemas/mail.yaml). Its entities are in MailEntities.swift.
public enum MyMailComposer: IntentApp {
    public static let id = "mail"
    public static let name = "MyMailComposer"
    public static let synonyms = [
        "mail composer", "my mail composer", "mail composer app", "my mail", "mail app", "email app",
    ]
    public static let intents: [any AppIntent.Type] = [
        SendDraft.self, UpdateDraft.self, SaveDraft.self, SendMail.self, DeleteDrafts.self, OpenDraft.self,
        OpenMessage.self,
        ReplyMail.self, ForwardMail.self, UpdateMail.self, ArchiveMail.self, DeleteMail.self, DiscardDraft.self,
    ]
    public static let additionalTypes: [any IntentValue.Type] = [MailDraftEntity.self]
    public static func registerDependencies(in manager: AppDependencyManager) {
        manager.add(dependency: { DraftStore() })
        manager.add(dependency: { MessageStore() })
    }
}

/// Composes a draft (it adopts mail.createDraft; the intent id is the demo's, from before the
/// app adopted the whole domain).
struct SendDraft: AppIntent {
    static let identifier = "sendDraft"
    static let title: LocalizedStringResource = "Send Draft"
    static let examples = ["email john about lunch tomorrow"]
    static let description: IntentDescription? = "Composes a mail draft and leaves it ready to send."
    static var assistantSchema: AssistantSchema? { .mail.createDraft }
    static let effect: IntentSideEffect? = .reversible(undo: DiscardDraft.self, parameters: ["draft": "$result"])
    static var parameterSummary: ParameterSummary<SendDraft>? {
        Summary("Draft a mail to \(\.$to) about \(\.$subject)")
    }
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
        let draft = await store.compose(
            to: to, cc: cc, bcc: bcc, subject: subject, body: body, attachments: attachments, account: account)
        return .result(value: draft, dialog: "Your draft is ready")
    }
}

/// The inverse of SendDraft, for "undo" and corrections ("I meant Sarah"): it deletes the
/// draft without asking, where DeleteDrafts confirms first.
struct DiscardDraft: AppIntent {
    static let identifier = "discardDraft"
    static let title: LocalizedStringResource = "Discard Draft"
    static let effect: IntentSideEffect? = .destructive
    static let description: IntentDescription? = "Discards a draft composed earlier."
    static let isDiscoverable = false
    static var parameterSummary: ParameterSummary<DiscardDraft>? { Summary("Discard \(\.$draft)") }
    @Parameter(title: "Draft") var draft: MailDraftEntity
    @Dependency var store: DraftStore

    func perform() async throws -> some IntentResult {
        guard await store.drafts.contains(where: { $0.id == draft.id }) else { throw IntentError("Sorry, that draft is already gone") }
        await store.delete([draft.id])
        return .result(dialog: "Discarded the draft")
    }
}

struct UpdateDraft: AppIntent {
    static let identifier = "updateDraft"
    static let title: LocalizedStringResource = "Update Draft"
    static let examples = ["add sarah to the lunch plans draft"]
    static let description: IntentDescription? =
        "Changes the recipients, subject, body, account or attachments of a draft."
    static var assistantSchema: AssistantSchema? { .mail.updateDraft }
    static var parameterSummary: ParameterSummary<UpdateDraft>? { Summary("Update \(\.$target)") }
    @Parameter(title: "Draft", requestValueDialog: "Which draft?") var target: MailDraftEntity
    @Parameter(title: "To") var to: [IntentPerson]
    @Parameter(title: "Cc") var cc: [IntentPerson]
    @Parameter(title: "Bcc") var bcc: [IntentPerson]
    @Parameter(title: "Subject") var subject: String?
    @Parameter(title: "Body") var body: String?
    @Parameter(title: "Account") var account: MailAccountEntity?
    @Parameter(title: "Attachments") var attachments: [IntentFile]

    func perform() async throws -> some IntentResult & ReturnsValue<MailDraftEntity> {
        target.to += to.filter { !target.to.contains($0) }
        target.cc += cc.filter { !target.cc.contains($0) }
        target.bcc += bcc.filter { !target.bcc.contains($0) }
        target.attachments += attachments
        if let subject { target.subject = subject }
        if let body { target.body = body }
        if let account { target.account = account }
        return .result(value: target, dialog: "Updated '\(target.subject ?? "your draft")'")
    }
}

struct SaveDraft: AppIntent {
    static let identifier = "saveDraft"
    static let title: LocalizedStringResource = "Save Draft"
    static let description: IntentDescription? = "Keeps a draft for later."
    static var assistantSchema: AssistantSchema? { .mail.saveDraft }
    static var parameterSummary: ParameterSummary<SaveDraft>? { Summary("Save \(\.$target)") }
    @Parameter(title: "Draft", requestValueDialog: "Which draft should I save?") var target: MailDraftEntity

    func perform() async throws -> some IntentResult {
        .result(dialog: "Saved '\(target.subject ?? "your draft")' for later")
    }
}

struct SendMail: AppIntent {
    static let identifier = "send"
    static let title: LocalizedStringResource = "Send Mail"
    static let description: IntentDescription? = "Sends a draft now, or at a later time."
    static var assistantSchema: AssistantSchema? { .mail.sendDraft }
    static var parameterSummary: ParameterSummary<SendMail>? { Summary("Send \(\.$target) at \(\.$sendLaterDate)") }
    @Parameter(title: "Draft", requestValueDialog: "Which draft should I send?") var target: MailDraftEntity
    @Parameter(title: "Send At") var sendLaterDate: Date?
    @Dependency var store: DraftStore

    func perform() async throws -> some IntentResult {
        let name = target.subject ?? "your draft"
        try await requestConfirmation(actionName: .send, dialog: "Send '\(name)'?")
        await store.send(target.id, at: sendLaterDate ?? Date())
        if let sendLaterDate { return .result(dialog: "'\(name)' will go out at \(DemoApps.time(sendLaterDate))") }
        return .result(dialog: "Sent '\(name)'")
    }
}

struct DeleteDrafts: AppIntent {
    static let identifier = "deleteDraft"
    static let title: LocalizedStringResource = "Delete Drafts"
    static let description: IntentDescription? = "Deletes drafts."
    static var assistantSchema: AssistantSchema? { .mail.deleteDraft }
    static var parameterSummary: ParameterSummary<DeleteDrafts>? { Summary("Delete \(\.$entities)") }
    @Parameter(title: "Drafts") var entities: [MailDraftEntity]
    @Dependency var store: DraftStore

    func perform() async throws -> some IntentResult {
        guard !entities.isEmpty else { throw $entities.needsValue("Which draft should I delete?") }
        let names = entities.map { "'\($0.subject ?? "Draft")'" }.joined(separator: " and ")
        try await requestConfirmation(actionName: .delete, dialog: "Delete \(names)?")
        await store.delete(entities.map(\.id))
        return .result(dialog: entities.count == 1 ? "Draft deleted" : "\(entities.count) drafts deleted")
    }
}

struct OpenDraft: AppIntent {
    static let identifier = "openDraft"
    static let title: LocalizedStringResource = "Open Draft"
    static let effect: IntentSideEffect? = .readOnly
    static let openAppWhenRun = true
    static var assistantSchema: AssistantSchema? { .mail.openDraft }
    static var parameterSummary: ParameterSummary<OpenDraft>? { Summary("Open \(\.$target)") }
    @Parameter(title: "Draft", requestValueDialog: "Which draft?") var target: MailDraftEntity
    func perform() async throws -> some IntentResult { .result(dialog: "Opening '\(target.subject ?? "your draft")'") }
}

struct OpenMessage: AppIntent {
    static let identifier = "openMessage"
    static let title: LocalizedStringResource = "Open Mail"
    static let effect: IntentSideEffect? = .readOnly
    static let openAppWhenRun = true
    static var assistantSchema: AssistantSchema? { .mail.openMessage }
    static var parameterSummary: ParameterSummary<OpenMessage>? { Summary("Open \(\.$target)") }
    @Parameter(title: "Message", requestValueDialog: "Which email?") var target: MailMessageEntity
    func perform() async throws -> some IntentResult { .result(dialog: "Opening '\(target.subject ?? "the email")'") }
}

struct ReplyMail: AppIntent {
    static let identifier = "reply"
    static let title: LocalizedStringResource = "Reply"
    static let description: IntentDescription? = "Opens a reply, or a reply to all, to a message."
    static var assistantSchema: AssistantSchema? { .mail.replyMail }
    static let effect: IntentSideEffect? = .reversible(undo: DiscardDraft.self, parameters: ["draft": "$result"])
    static var parameterSummary: ParameterSummary<ReplyMail>? { Summary("Reply to \(\.$target)") }
    @Parameter(title: "Message", requestValueDialog: "Which email should I reply to?") var target: MailMessageEntity
    @Parameter(title: "Reply All", default: false) var isReplyAll: Bool
    @Parameter(title: "To") var to: [IntentPerson]
    @Parameter(title: "Cc") var cc: [IntentPerson]
    @Parameter(title: "Bcc") var bcc: [IntentPerson]
    @Parameter(title: "Subject") var subject: String?
    @Parameter(title: "Body") var body: String?
    @Parameter(title: "Account") var account: MailAccountEntity?
    @Parameter(title: "Attachments") var attachments: [IntentFile]
    @Dependency var store: DraftStore

    func perform() async throws -> some IntentResult & ReturnsValue<MailDraftEntity> {
        let draft = await store.compose(
            to: [target.sender] + to + (isReplyAll ? target.to + target.cc : []), cc: cc, bcc: bcc,
            subject: subject ?? "Re: \(target.subject ?? "")", body: body, attachments: attachments,
            account: account ?? target.account)
        return .result(value: draft, dialog: isReplyAll ? "Your reply to everyone is ready" : "Your reply is ready")
    }
}

struct ForwardMail: AppIntent {
    static let identifier = "forward"
    static let title: LocalizedStringResource = "Forward"
    static let examples = ["forward the offsite email to sarah"]
    static let description: IntentDescription? = "Opens a message forwarded to new recipients."
    static var assistantSchema: AssistantSchema? { .mail.forwardMail }
    static let effect: IntentSideEffect? = .reversible(undo: DiscardDraft.self, parameters: ["draft": "$result"])
    static var parameterSummary: ParameterSummary<ForwardMail>? { Summary("Forward \(\.$target) to \(\.$to)") }
    @Parameter(title: "Message", requestValueDialog: "Which email should I forward?") var target: MailMessageEntity
    @Parameter(title: "To", requestValueDialog: "Who should I forward it to?") var to: [IntentPerson]
    @Parameter(title: "Cc") var cc: [IntentPerson]
    @Parameter(title: "Bcc") var bcc: [IntentPerson]
    @Parameter(title: "Subject") var subject: String?
    @Parameter(title: "Body") var body: String?
    @Parameter(title: "Account") var account: MailAccountEntity?
    @Parameter(title: "Attachments") var attachments: [IntentFile]
    @Dependency var store: DraftStore

    func perform() async throws -> some IntentResult & ReturnsValue<MailDraftEntity> {
        guard !to.isEmpty else { throw $to.needsValue() }
        let draft = await store.compose(
            to: to, cc: cc, bcc: bcc, subject: subject ?? "Fwd: \(target.subject ?? "")", body: body,
            attachments: target.attachments + attachments, account: account ?? target.account)
        return .result(value: draft, dialog: "Your forward is ready")
    }
}

struct UpdateMail: AppIntent {
    static let identifier = "updateMail"
    static let title: LocalizedStringResource = "Update Mail"
    static let examples = ["flag the offsite email"]
    static let description: IntentDescription? =
        "Marks messages read or unread, flags them, marks them as junk, or moves them to a mailbox."
    static var assistantSchema: AssistantSchema? { .mail.updateMail }
    static var parameterSummary: ParameterSummary<UpdateMail>? { Summary("Update \(\.$target)") }
    @Parameter(title: "Messages") var target: [MailMessageEntity]
    @Parameter(title: "Read") var isRead: Bool?
    @Parameter(title: "Flagged") var isFlagged: Bool?
    @Parameter(title: "Junk") var isJunk: Bool?
    @Parameter(title: "Mailbox") var mailbox: MailboxEntity?

    func perform() async throws -> some IntentResult {
        guard !target.isEmpty else { throw $target.needsValue("Which email?") }
        for message in target {
            if let isRead { message.isRead = isRead }
            if let isFlagged { message.isFlagged = isFlagged }
            if let isJunk { message.isJunk = isJunk }
            if let mailbox { message.mailbox = mailbox }
        }
        return .result(
            dialog: target.count == 1
                ? "Updated '\(target[0].subject ?? "the email")'" : "Updated \(target.count) emails")
    }
}

struct ArchiveMail: AppIntent {
    static let identifier = "archive"
    static let title: LocalizedStringResource = "Archive Mail"
    static var assistantSchema: AssistantSchema? { .mail.archiveMail }
    static var parameterSummary: ParameterSummary<ArchiveMail>? { Summary("Archive \(\.$entities)") }
    @Parameter(title: "Messages") var entities: [MailMessageEntity]
    @Dependency var store: MessageStore

    func perform() async throws -> some IntentResult {
        guard !entities.isEmpty else { throw $entities.needsValue("Which email should I archive?") }
        await store.archive(entities.map(\.id))
        return .result(dialog: entities.count == 1 ? "Archived" : "Archived \(entities.count) emails")
    }
}

struct DeleteMail: AppIntent {
    static let identifier = "deleteMail"
    static let title: LocalizedStringResource = "Delete Mail"
    static var assistantSchema: AssistantSchema? { .mail.deleteMail }
    static var parameterSummary: ParameterSummary<DeleteMail>? { Summary("Delete \(\.$entities)") }
    @Parameter(title: "Messages") var entities: [MailMessageEntity]
    @Dependency var store: MessageStore

    func perform() async throws -> some IntentResult {
        guard !entities.isEmpty else { throw $entities.needsValue("Which email should I delete?") }
        let names = entities.map { "'\($0.subject ?? "the email")'" }.joined(separator: " and ")
        try await requestConfirmation(actionName: .delete, dialog: "Delete \(names)?")
        await store.delete(entities.map(\.id))
        return .result(dialog: entities.count == 1 ? "Deleted" : "Deleted \(entities.count) emails")
    }
}
