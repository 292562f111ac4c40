import IntentSDK
import IntentTesting
import Phrases
import Testing

/// The SDK's schema accessors (`.mail.createDraft`) are generated from the catalogue by
/// Phrases/schemas/generators/sdk-schema-accessors.py; they must name exactly the catalogued schemas.
struct AssistantSchemaTests {
    @Test func accessorsNameEveryCataloguedSchemaAndNothingElse() {
        let catalog = PhraseLibraryLoader.load(paths: [TestPaths.phrases + "/schemas"]).catalog
        #expect(AssistantSchema.catalogIdentifiers.sorted() == catalog.allIDs.sorted())
    }

    @Test func accessorsSpellTheSchemaIDs() {
        #expect(AssistantSchema.mail.createDraft.identifier == "mail.createDraft")
        #expect(AssistantSchema.mail.account.identifier == "mail.account")
        #expect(AssistantSchema.phone.audioVisualMode.identifier == "phone.audioVisualMode")
        #expect(AssistantSchema.media.togglePlayback.description == "media.togglePlayback")
        #expect(AssistantSchema.system.open.identifier == "system.open")
    }
}
