import IntentModel
import Phrases
import Testing

/// Adoption is checked where it is declared: every missing or mistyped parameter, property
/// and case, whole domains, and the parameters open and delete schemas fix; exact messages,
/// with file:line:column in phrase files.
struct SchemaAdoptionTests {
    static let catalog = """
        catalog: test
        domains:
          mail:
            adoptWhole: true
            intents:
              createDraft:
                parameters: {to: "[Person]", cc: "[Person]", subject: "String?", account: "mail.account?"}
              openDraft:
                kind: open
                parameters: {target: mail.draft}
            entities:
              account:
                properties: {name: String, emailAddress: Email, signature: "String?"}
              draft:
                properties: {subject: "String?"}
          phone:
            intents:
              startCall:
                parameters: {destination: Any, mode: phone.mode}
            enums:
              mode:
                cases: [audio, video]
        """

    /// An app file: entities, enums and intents given as YAML blocks.
    static func app(entities: String = "", enums: String = "", intents: String) -> String {
        "language: en\napp:\n  id: mail\n  name: Postbox\n" + (enums.isEmpty ? "" : "enums:\n\(enums)") + "entities:\n"
            + (entities.isEmpty ? Self.entities : entities) + "intents:\n\(intents)"
    }

    static let entities = """
          Account:
            adopts: mail.account
            properties: {name: String, emailAddress: Email}
          Draft:
            adopts: mail.draft
            values: [{id: d1, title: Lunch plans}]

        """

    static let open = """
          open:
            adopts: mail.openDraft
            parameters: {target: Draft}

        """

    func diagnostics(_ appText: String) -> [String] {
        let library = PhraseLibraryLoader.load(files: [
            ("schemas/catalog.yaml", Self.catalog), ("postbox.yaml", appText),
        ])
        return PhraseCompiler.compile(library).diagnostics.map(\.description)
    }

    func draftIntent(_ parameters: String, adopts: String = "mail.createDraft") -> String {
        Self.app(intents: "  compose:\n    adopts: \(adopts)\n    parameters:\n\(parameters)" + Self.open)
    }

    @Test func aCompleteAdoptionHasNoDiagnostics() {
        #expect(
            diagnostics(
                draftIntent(
                    "      to: \"[Person]\"\n      cc: \"[Person]\"\n      subject: String?\n      account: Account?\n")
            ) == [])
    }

    @Test func aMissingParameterIsNamedWithItsType() {
        #expect(
            diagnostics(draftIntent("      to: \"[Person]\"\n      subject: String?\n      account: Account?\n")) == [
                "postbox.yaml:14:13: error: mail.compose adopts mail.createDraft but lacks parameter 'cc' ([Person])"
            ])
    }

    @Test func everyMissingParameterIsReported() {
        #expect(
            diagnostics(draftIntent("      to: \"[Person]\"\n")) == [
                "postbox.yaml:14:13: error: mail.compose adopts mail.createDraft but lacks parameter 'cc' ([Person])",
                "postbox.yaml:14:13: error: mail.compose adopts mail.createDraft but lacks parameter 'subject' (String?)",
                "postbox.yaml:14:13: error: mail.compose adopts mail.createDraft but lacks parameter 'account' (mail.account?)",
            ])
    }

    @Test func aMistypedParameterPointsAtItsType() {
        #expect(
            diagnostics(
                draftIntent(
                    "      to: \"[Person]\"\n      cc: Person\n      subject: String?\n      account: Account?\n")) == [
                    "postbox.yaml:17:11: error: mail.compose adopts mail.createDraft but its parameter 'cc' is Person, not [Person]"
                ])
    }

    @Test func anEntityParameterMustAdoptTheEntitySchema() {
        let entities = """
              Account:
                properties: {name: String, emailAddress: Email}
              Draft:
                adopts: mail.draft

            """
        let text = Self.app(
            entities: entities,
            intents:
                "  compose:\n    adopts: mail.createDraft\n    parameters:\n      to: \"[Person]\"\n      cc: \"[Person]\"\n"
                + "      subject: String?\n      account: Account?\n" + Self.open)
        #expect(
            diagnostics(text) == [
                "postbox.yaml:17:16: error: mail.compose adopts mail.createDraft but its parameter 'account' is mail.Account, not "
                    + "mail.account (an entity that adopts mail.account; mail.Account adopts no schema)"
            ])
    }

    @Test func aParameterTheSchemaLeavesOptionalMayNotBeRequired() {
        #expect(
            diagnostics(
                draftIntent(
                    "      to: \"[Person]\"\n      cc: \"[Person]\"\n      subject: String\n      account: Account?\n"))
                == [
                    "postbox.yaml:18:16: error: mail.compose adopts mail.createDraft but requires parameter 'subject', which the schema "
                        + "leaves optional (String?); make it optional or give it a default"
                ])
    }

    @Test func anUnknownSchemaGetsANearMiss() {
        let text = Self.app(intents: "  compose:\n    adopts: mail.createDraf\n" + Self.open)
        #expect(
            diagnostics(text) == [
                "postbox.yaml:14:13: error: mail.compose adopts unknown intent schema 'mail.createDraf'; did you mean 'mail.createDraft'?",
                "postbox.yaml:16:13: error: app 'mail' adopts mail.openDraft of the mail domain, which is adopted whole; no intent adopts mail.createDraft",
            ])
    }

    @Test func anIntentCannotAdoptAnEntitySchema() {
        let text = Self.app(intents: "  compose:\n    adopts: mail.account\n")
        #expect(
            diagnostics(text) == [
                "postbox.yaml:14:13: error: mail.compose adopts mail.account, which is an entity schema; an intent adopts an intent schema such as mail.createDraft"
            ])
    }

    @Test func anOpenSchemaNamesItsThingTarget() {
        let text = draftIntent(
            "      to: \"[Person]\"\n      cc: \"[Person]\"\n      subject: String?\n      account: Account?\n"
        )
        .replacingOccurrences(of: "parameters: {target: Draft}", with: "parameters: {draft: Draft}")
        #expect(
            diagnostics(text) == [
                "postbox.yaml:21:13: error: mail.open adopts mail.openDraft but lacks parameter 'target' (mail.draft); open schemas name it 'target'"
            ])
    }

    @Test func theWholeDomainMustBeAdopted() {
        let text = Self.app(
            intents:
                "  compose:\n    adopts: mail.createDraft\n    parameters:\n      to: \"[Person]\"\n      cc: \"[Person]\"\n      subject: String?\n      account: Account?\n"
        )
        #expect(
            diagnostics(text) == [
                "postbox.yaml:14:13: error: app 'mail' adopts mail.createDraft of the mail domain, which is adopted whole; no intent adopts mail.openDraft"
            ])
    }

    @Test func anAppAdoptsASchemaOnce() {
        let text = Self.app(intents: Self.open + Self.open.replacingOccurrences(of: "  open:", with: "  show:"))
        #expect(
            diagnostics(text).contains(
                "postbox.yaml:17:13: error: mail.show adopts mail.openDraft, which mail.open already adopts; an app adopts a schema once"
            ))
    }

    @Test func anEntityLacksAPropertyOrHasItMistyped() {
        let entities = """
              Account:
                adopts: mail.account
                properties: {emailAddress: String}
              Draft:
                adopts: mail.draft

            """
        let text = Self.app(entities: entities, intents: Self.open)
        #expect(
            diagnostics(text).filter { !$0.contains("adopted whole") } == [
                "postbox.yaml:7:13: error: mail.Account adopts mail.account but lacks property 'name' (String)",
                "postbox.yaml:8:32: error: mail.Account adopts mail.account but its property 'emailAddress' is String, not Email",
            ])
    }

    @Test func anEnumLacksACase() {
        let enums = """
              Mode:
                adopts: phone.mode
                cases: {audio: Audio}

            """
        let text = Self.app(
            enums: enums,
            intents:
                "  call:\n    adopts: phone.startCall\n    parameters:\n      destination: Person\n      mode: Mode\n")
        #expect(diagnostics(text) == ["postbox.yaml:7:13: error: mail.Mode adopts phone.mode but lacks case 'video'"])
    }

    /// Apps registered over the socket reach the compiler as definitions, without files.
    @Test func aRegisteredAppGetsTheSameMessagesWithoutALocation() {
        let catalog = PhraseLibraryLoader.load(files: [("catalog.yaml", Self.catalog)]).catalog
        let intent = IntentDefinition(
            id: "chat.call", title: "Call", parameters: [ParameterDefinition(name: "destination", type: .person)],
            adoptedSchema: "phone.startCall")
        var library = PhraseLibrary(apps: [AppDefinition(id: "chat", displayName: "Chat", intents: [intent])])
        library.catalog = catalog
        #expect(
            PhraseCompiler.compile(library).diagnostics.map(\.description) == [
                "error: chat.call adopts phone.startCall but lacks parameter 'mode' (phone.mode)"
            ])
    }

    @Test func withoutACatalogueAnAdoptionSaysWhatToLoad() {
        let library = PhraseLibraryLoader.load(files: [("postbox.yaml", Self.app(intents: Self.open))])
        let hint = ": no schema catalogue is loaded (load Phrases/schemas/catalog.yaml with the phrase files)"
        #expect(
            PhraseCompiler.compile(library).diagnostics.map(\.description) == [
                "postbox.yaml:14:13: error: mail.open adopts unknown schema 'mail.openDraft'\(hint)",
                "postbox.yaml:7:13: error: mail.Account adopts unknown schema 'mail.account'\(hint)",
                "postbox.yaml:10:13: error: mail.Draft adopts unknown schema 'mail.draft'\(hint)",
            ])
    }
}
