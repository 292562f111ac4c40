import Foundation
import IntentModel
import IntentTesting
import Phrases
import Routing
import Testing

/// Two apps adopt the mail domain: MyMailComposer (the demo app) and Postbox, a copy of it.
/// The preferred app takes a request; without a preference the router offers both; naming
/// an app picks it outright, whatever the preference.
struct SchemaAdoptersTests {
    static let library: PhraseLibrary = {
        let mail = (try? String(contentsOfFile: TestPaths.phrases + "/mail.yaml", encoding: .utf8)) ?? ""
        let postbox = mail.replacingOccurrences(of: "  id: mail\n", with: "  id: postbox\n")
            .replacingOccurrences(of: "  name: MyMailComposer\n", with: "  name: Postbox\n")
            .replacingOccurrences(
                of: #"synonyms: [mail composer, my mail composer, mail composer app, my mail, mail app, email app]"#,
                with: "synonyms: [post box]")
        var library = PhraseLibraryLoader.load(paths: [
            TestPaths.phrases + "/schemas", TestPaths.phrases + "/common.en.yaml", TestPaths.phrases + "/contacts.yaml",
            TestPaths.phrases + "/mail.yaml",
        ])
        let extra = PhraseLibraryLoader.load(files: [(path: "postbox.yaml", text: postbox)])
        library.apps += extra.apps
        library.sourceLocations.merge(extra.sourceLocations) { first, _ in first }
        return library
    }()

    static let router = Router(library: library)

    func route(_ utterance: String, prefer entries: [String] = []) throws -> RouteResult {
        var router = Self.router
        router.preferences = try SchemaPreferences(parsing: entries)
        return router.route(utterance, now: DemoRouter.now)
    }

    @Test func bothAppsCompileWithoutErrors() {
        #expect(Self.router.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
    }

    @Test func withoutAPreferenceTheRouterOffersEveryAdopter() throws {
        let result = try route("email john about lunch")
        #expect(result.status == .ambiguous)
        #expect(result.appChoices.map(\.intent.id) == ["mail.sendDraft", "postbox.sendDraft"])
        #expect(result.appChoices.map(\.appName) == ["MyMailComposer", "Postbox"])
        #expect(result.appChoices.allSatisfy { $0.parameters.map(\.name) == ["to", "subject"] })
        #expect(
            result.json["apps"]
                == (try? JSONValue(
                    parsing: """
                        [{"app":"mail","name":"MyMailComposer","intent":"mail.sendDraft","parameters":{"to":[{"id":"john","name":"John Appleseed","email":"john@example.com"}],"subject":"lunch"}},\
                        {"app":"postbox","name":"Postbox","intent":"postbox.sendDraft","parameters":{"to":[{"id":"john","name":"John Appleseed","email":"john@example.com"}],"subject":"lunch"}}]
                        """)))
    }

    /// Each app's reading carries its own entities: the account is Postbox's, not the first app's.
    @Test func eachChoiceHasItsAppsOwnEntities() throws {
        let result = try route("draft an email from my work account to alex about the invoice")
        let accounts = result.appChoices.map { $0.parameters.first { $0.name == "account" }?.value }
        #expect(accounts.count == 2)
        #expect(
            result.appChoices.map { $0.intent.parameter("account")?.type.description } == [
                "mail.MailAccount", "postbox.MailAccount",
            ])
        #expect(accounts.allSatisfy { $0 == .entity(EntityReference(id: "work", title: "Work")) })
    }

    @Test(arguments: [["mail=postbox"], ["mail.createDraft=postbox"], ["mail.createDraft=postbox", "mail=mail"]])
    func thePreferredAppTakesTheRequest(_ entries: [String]) throws {
        let result = try route("email john about lunch", prefer: entries)
        #expect(result.status == .complete)
        #expect(result.intent?.id == "postbox.sendDraft")
        #expect(result.appChoices.isEmpty)
        #expect(
            result.explanation.resolverSteps.first
                == "mail, postbox adopt mail.createDraft and parse alike; postbox is preferred")
    }

    @Test func aPreferenceForAnotherSchemaDoesNotDecide() throws {
        let result = try route("email john about lunch", prefer: ["mail.deleteMail=postbox"])
        #expect(result.status == .ambiguous)
        #expect(result.appChoices.count == 2)
    }

    @Test(arguments: [
        ("email john about lunch using postbox", "postbox.sendDraft"),
        ("in postbox email john about lunch", "postbox.sendDraft"),
        ("email john about lunch using MyMailComposer", "mail.sendDraft"),
        ("ask mymailcomposer to archive the invoice", "mail.archive"),
        ("archive the invoice in post box", "postbox.archive"),
    ])
    func namingAnAppPicksItOutright(_ utterance: String, _ intent: String) throws {
        for entries in [[], ["mail=postbox"], ["mail=mail"]] {
            let result = try route(utterance, prefer: entries)
            #expect(result.intent?.id == intent, "\(entries)")
            #expect(result.status == .complete, "\(entries)")
            #expect(result.appChoices.isEmpty, "\(entries)")
        }
    }

    @Test func ordinaryTiesBetweenIntentsAreNotAppChoices() {
        let result = DemoRouter.shared.route("email john about lunch", now: DemoRouter.now)
        #expect(result.status == .complete)
        #expect(result.appChoices.isEmpty)
        #expect(result.json["apps"] == nil)
    }

    @Test func preferencesAreReadAndChecked() throws {
        #expect(
            try SchemaPreferences(parsing: ["mail = postbox", "clock=alarms"]).apps == [
                "mail": "postbox", "clock": "alarms",
            ])
        #expect(throws: PreferenceError.self) { try SchemaPreferences(parsing: ["mail"]) }
        #expect(throws: PreferenceError.self) { try SchemaPreferences(parsing: ["=postbox"]) }
        let preferences = try SchemaPreferences(parsing: ["mial=postbx", "mail.createDraft=mail"])
        #expect(
            preferences.problems(in: Self.library) == [
                "Unknown domain or schema 'mial' in 'mial=postbx'. Did you mean 'mail'?",
                "Unknown app 'postbx' in 'mial=postbx'. Did you mean 'postbox'?",
            ])
        #expect(preferences.app(for: "mail.createDraft") == "mail")
        #expect(preferences.app(for: "mial.deleteMail") == "postbx")
    }
}
