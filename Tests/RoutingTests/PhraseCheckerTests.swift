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

    /// An intent's examples are checked like tests: each must reach its own intent, and one
    /// that does not is a warning at its place in the file.
    @Test func examplesThatMissTheirIntentAreWarnings() {
        let text = """
            language: en
            app: {id: n}
            intents:
              a:
                examples: ["go home", "go to work", "write a letter"]
                phrases:
                  - go (home|to work)
              b:
                parameters: {text: String}
                examples: [write to mom]
                phrases:
                  - write {text}
            """
        let router = Router(library: PhraseLibraryLoader.load(files: [("n.yaml", text)]))
        #expect(router.library.app("n")?.intent("n.a")?.examples == ["go home", "go to work", "write a letter"])
        #expect(PhraseChecker(router: router).diagnostics().map(\.description) == [
            #"n.yaml:5:42: warning: example "write a letter" of n.a reaches n.b (0.67)"#
        ])
    }

    @Test func examplesMustBeText() {
        let text = "language: en\napp: {id: n}\nintents:\n  a:\n    examples: {say: go home}\n    phrases:\n      - go home\n"
        let library = PhraseLibraryLoader.load(files: [("n.yaml", text)])
        #expect(library.errors.map(\.description) == ["n.yaml:5:15: error: expected a list of text for examples"])
    }

    @Test func duplicatePhraseIsAWarning() {
        let text = "language: en\napp: {id: n}\nintents:\n  a:\n    phrases:\n      - go home\n      - go  home\n"
        let router = Router(library: PhraseLibraryLoader.load(files: [("n.yaml", text)]))
        #expect(PhraseChecker(router: router).diagnostics().map(\.description) == [
            #"n.yaml:7:9: warning: duplicate phrase "go  home" for n.a (first at n.yaml:6:9)"#
        ])
    }
}
