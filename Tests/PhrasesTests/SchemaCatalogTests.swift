import IntentModel
import IntentTesting
import Phrases
import Testing

/// The shipped catalogue (Phrases/schemas/catalog*.yaml), and the errors a catalogue or a
/// schema phrase file gets: exact messages with file:line:column.
struct SchemaCatalogTests {
    static let shipped = PhraseLibraryLoader.load(paths: [TestPaths.phrases + "/schemas"])

    @Test func theShippedCatalogueLoadsWithoutProblems() {
        #expect(Self.shipped.diagnostics.map(\.description) == [])
        #expect(Self.shipped.catalog.domains.count == 23)
        #expect(Self.shipped.catalog.intentSchemas.count == 142)
    }

    @Test func mailCreateDraftHasApplesParametersInIntentdTypes() throws {
        let schema = try #require(Self.shipped.catalog.intentSchema("mail.createDraft"))
        #expect(
            schema.parameters.map(\.description) == [
                "body: String?", "to: [Person]", "subject: String?", "cc: [Person]", "bcc: [Person]",
                "account: mail.account?",
                "attachments: [File]",
            ])
        #expect(schema.returns == "mail.draft")
        #expect(schema.confidence == .confirmedDoc)
        #expect(Self.shipped.catalog.domain("mail")?.adoptWhole == true)
        #expect(
            Self.shipped.catalog.entitySchema("mail.account")?.properties.map(\.description) == [
                "name: String", "emailAddress: Email",
            ])
    }

    @Test func wholeDomainsAreMailMessagesAndClock() {
        #expect(Self.shipped.catalog.domains.filter(\.adoptWhole).map(\.id) == ["mail", "messages", "clock"])
    }

    /// Unconfirmed intent schemas ship only where a protocol or confirmed siblings fix them.
    @Test func inferredIntentSchemasAreOpenDeleteOrTheStopwatchPair() {
        let inferred = Self.shipped.catalog.intentSchemas.filter { $0.confidence == .inferred }
        let unexplained = inferred.filter { schema in
            switch schema.kind {
            case .open?: schema.parameters.map(\.name) == ["target"] ? false : true
            case .delete?: schema.parameters.map(\.name) == ["entities"] ? false : true
            default: !["clock.stopStopwatch", "clock.resetStopwatch"].contains(schema.id)
            }
        }
        #expect(inferred.count == 16)
        #expect(unexplained.map(\.id) == [])
        #expect(Self.shipped.catalog.intentSchemas.filter { $0.confidence == .listed }.map(\.id) == [])
    }

    @Test func theMediaDomainComesFromACatalogueExtension() throws {
        let media = try #require(Self.shipped.catalog.domain("media"))
        #expect(media.location?.file.hasSuffix("media.catalog.yaml") == true)
        #expect(media.intents.allSatisfy { $0.confidence == .intentd })
        #expect(Self.shipped.catalog.enumSchema("media.repeatMode")?.cases == ["off", "track", "playlist"])
    }

    func diagnostics(_ files: [(String, String)]) -> [String] {
        PhraseLibraryLoader.load(files: files.map { (path: $0.0, text: $0.1) }).diagnostics.map(\.description)
    }

    @Test func catalogueErrorsNameWhatIsWrongAndWhere() {
        let text = """
            catalog: test
            domains:
              mail:
                intents:
                  createDraft:
                    kind: opne
                    parameters: {to: "[Persn]", account: "mail.acount?"}
                    confidence: confirmed
                  openDraft:
                    kind: open
                    parameters: {draft: mail.draft}
                  deleteDraft:
                    kind: delete
                    parameters: {entities: mail.draft}
                entities:
                  account: {properties: {name: String}}
                  draft: {}
            """
        #expect(
            diagnostics([("catalog.yaml", text)]) == [
                "catalog.yaml:7:26: error: unknown type '[Persn]' for 'to' of intent schema 'mail.createDraft'; expected a type such as "
                    + "String or [Person], an entity or enum schema such as mail.account, or Any",
                "catalog.yaml:8:21: error: unknown confidence 'confirmed'; expected one of confirmed-doc, confirmed-doc-ios18, "
                    + "confirmed-3rd-party-code, inferred, listed, intentd",
                "catalog.yaml:6:15: error: unknown schema kind 'opne'; expected one of open, delete, search; did you mean 'open'?",
                "catalog.yaml:7:37: error: unknown entity or enum schema 'mail.acount' for 'account' of mail.createDraft; did you mean 'mail.account'?",
                "catalog.yaml:9:7: error: mail.openDraft is an open schema, so the thing it opens is the parameter 'target'",
                "catalog.yaml:12:7: error: mail.deleteDraft is a delete schema, so the things it deletes are the list parameter 'entities'",
            ])
    }

    @Test func aSchemaDefinedTwiceIsAnError() {
        let first = "catalog: a\ndomains:\n  media:\n    intents:\n      play: {parameters: {}}\n"
        let second =
            "catalog: b\ndomains:\n  media:\n    intents:\n      play: {parameters: {}}\n      pause: {parameters: {}}\n"
        #expect(
            diagnostics([("a.yaml", first), ("b.yaml", second)]) == [
                "b.yaml:5:7: error: schema 'media.play' is already defined"
            ])
        let merged = PhraseLibraryLoader.load(files: [(path: "a.yaml", text: first), (path: "b.yaml", text: second)])
        #expect(merged.catalog.domain("media")?.intents.map(\.id) == ["media.play", "media.pause"])
    }

    @Test func schemaPhraseFilesAreCheckedAgainstTheCatalogue() {
        let catalog =
            "catalog: test\ndomains:\n  media:\n    intents:\n      seek: {parameters: {offset: Duration, isForward: Bool}}\n"
        let phrases = """
            language: en
            domain: media
            schemas:
              seek:
                phrases:
                  - skip ahead {ofset}
                  - values: {isForward: maybe}
                    phrases:
                      - skip {offset}
                  - values: {direction: forward}
                    phrases:
                      - jump {offset}
              sek:
                phrases:
                  - seek {offset}
            """
        #expect(
            diagnostics([("catalog.yaml", catalog), ("media.yaml", phrases)]) == [
                "media.yaml:6:20: error: unknown slot '{ofset}' in phrase \"skip ahead {ofset}\"; media.seek has parameters offset, isForward; did you mean '{offset}'?",
                "media.yaml:9:13: error: phrase \"skip {offset}\" sets 'isForward' to \"maybe\", which is not a Bool",
                "media.yaml:12:13: error: phrase \"jump {offset}\" sets 'direction', which is not a parameter of media.seek (offset, isForward)",
                "media.yaml:13:3: error: unknown schema 'media.sek'; did you mean 'media.seek'?",
            ])
    }
}
