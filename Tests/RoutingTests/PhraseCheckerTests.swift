import IntentModel
import Phrases
import Routing
import Testing

struct PhraseCheckerTests {
    static let file = """
        language: en
        app: {id: notes, name: Notes}
        intents:
          list:
            phrases:
              - show [all] my notes
          recent:
            phrases:
              - show (my|the) notes
          write:
            parameters: {text: String}
            phrases:
              - write {text}
        """

    @Test func overlapsAndDuplicatesAreWarnings() {
        let router = Router(library: PhraseLibraryLoader.load(files: [("notes.yaml", Self.file)]))
        let messages = PhraseChecker(router: router).diagnostics().map(\.description)
        #expect(messages.contains { $0.contains("warning: phrases of notes.list and notes.recent both match \"show my notes\"") || $0.contains("warning: phrases of notes.recent and notes.list both match") })
        #expect(messages.allSatisfy { $0.contains("warning") })
    }

    @Test func duplicatePhraseIsAWarning() {
        let text = "language: en\napp: {id: n}\nintents:\n  a:\n    phrases:\n      - go home\n      - go  home\n"
        let router = Router(library: PhraseLibraryLoader.load(files: [("n.yaml", text)]))
        #expect(PhraseChecker(router: router).diagnostics().map(\.description) == [
            #"n.yaml:7:9: warning: duplicate phrase "go  home" for n.a (first at n.yaml:6:9)"#
        ])
    }
}
