import Daemon
import IntentModel
import IntentTesting
import Phrases
import Routing
import Testing
import Wire

/// The assistant's own intents (Phrases/assistant.yaml): a lost user asking for help or
/// saying thanks gets an answer, not "not understood", from the daemon itself.
struct AssistantHelpTests {
    @Test(arguments: [
        ("help", "assistant.help"), ("what can you do", "assistant.help"), ("what can i say", "assistant.help"),
        ("i'm lost", "assistant.help"), ("thanks", "assistant.thanks"), ("thank you very much", "assistant.thanks"),
        ("what can i say to soup chef", "assistant.helpWithApp"), ("how do i use mighty tasks", "assistant.helpWithApp"),
        ("what did you just do", "assistant.history"), ("what was the last thing you did", "assistant.history"),
        ("what have you done today", "assistant.history"),
    ])
    func helpIsUnderstood(utterance: String, intent: String) {
        let result = DemoRouter.shared.route(utterance, now: DemoRouter.now)
        #expect(result.intent?.id == intent, "\(result.json.serialized)")
        #expect(result.status == .complete)
    }

    /// Requests that merely contain "help" or "thanks" are not help.
    @Test(arguments: ["help me find a coffee shop near me", "thanks to the weather it's cold", "what can you tell me about the weather"])
    func otherRequestsAreNotHelp(utterance: String) {
        let result = DemoRouter.shared.route(utterance, now: DemoRouter.now)
        #expect(result.intent?.appID != "assistant", "\(result.json.serialized)")
    }

    /// The overview shows each app by a request people say, not a form filled with stock
    /// values ("display photo file holiday.jpg as something new"), and a person said twice in
    /// one example is two people ("email John Appleseed cc John Appleseed" was one).
    @Test func theOverviewShowsRequestsPeopleSay() {
        let overview = AssistantApp.overview(DemoRouter.shared.library)
        #expect(!overview.contains("holiday.jpg") && !overview.contains("something new"), "\(overview)")
        let ranked = PhraseSampler(library: DemoRouter.shared.library).rankedExamples()
        #expect(ranked["photos.showPhoto"]?.madeUp == 0)
        // An example its author wrote comes first ("order three soup of Tomato" was the sampler's).
        #expect(ranked["soup.order"]?.utterance == "order two large tomato soups")
        #expect(overview.contains("\"order two large tomato soups\" (SoupChef)"), "\(overview)")
        #expect((ranked["photos.display"]?.madeUp ?? 0) > 0)
        for (intent, example) in ranked {
            for contact in DemoRouter.shared.library.contacts {
                let said = example.utterance.components(separatedBy: contact.person.name).count - 1
                #expect(said <= 1, "\(intent): \(example.utterance)")
            }
        }
    }

    /// Every example the help gives is a real sentence: said back, it reaches its intent.
    @Test func everyExampleRoutesToItsIntent() {
        let library = DemoRouter.shared.library
        let examples = PhraseSampler(library: library).examples()
        let withPhrases = Set(library.apps.flatMap { $0.phrases.map(\.intent) })
        // Intents with no phrases of their own (MyMailComposer's) are shown with their schema's.
        let bySchema = Set(library.apps.flatMap(\.intents).filter { $0.adoptedSchema != nil && !withPhrases.contains($0.id) }.map(\.id))
        #expect(!bySchema.isEmpty)
        #expect(Set(examples.keys) == withPhrases.union(bySchema))
        for (intent, example) in examples.sorted(by: { $0.key < $1.key }) {
            #expect(!example.contains("<"), "\(intent): \(example)")
            let result = DemoRouter.shared.route(example, now: DemoRouter.now)
            // Said back, a schema's example reaches the intent, or asks which app when several adopt it.
            let reached = result.intent?.id == intent || result.appChoices.contains { $0.intent.id == intent }
            #expect(reached, "\(intent): '\(example)' → \(result.json.serialized)")
        }
    }

    @Test func helpOverTheSocketGivesAnExampleForEachApp() async throws {
        try await withDemoApps { demo in
            let client = demo.client
            do {
                let outcome = try await client.call(Methods.Run.self, .init(utterance: "what can you do"))
                #expect(outcome.status == .done, "\(outcome.json.serialized)")
                let dialog = try #require(outcome.result?.dialog)
                for app in ["Mighty Tasks", "SoupChef", "Bank", "Player"] { #expect(dialog.contains("(\(app))"), "\(dialog)") }
                #expect(!dialog.contains("(Assistant)"))

                let soup = try await client.call(Methods.Run.self, .init(utterance: "what can i say to soup chef"))
                #expect(soup.result?.dialog?.hasPrefix("With SoupChef you can:\n  Order Soup: \"") == true, "\(soup.json.serialized)")

                let unknown = try await client.call(Methods.Run.self, .init(utterance: "what can i say to the weather app"))
                #expect(unknown.result?.dialog?.hasPrefix("I don't know an app called 'the weather app'.") == true, "\(unknown.json.serialized)")

                let thanks = try await client.call(Methods.Run.self, .init(utterance: "thanks"))
                #expect(thanks.result?.dialog == "You're welcome.")
            }
        }
    }

    /// Help with a thing no app here is named like is not understood ("how do i use the
    /// microwave" was help with an app called "the microwave"); a near name, or one said as an
    /// app, is still help.
    @Test func helpWithAThingThatIsNoAppIsNotUnderstood() {
        let router = DemoRouter.shared
        #expect(router.route("how do i use the microwave").intent == nil)
        #expect(router.route("how do i use mighty tasks").intent?.id == "assistant.helpWithApp")
        #expect(router.route("what can i say to soup chief").intent?.id == "assistant.helpWithApp")
        #expect(router.route("what can i say to the weather app").intent?.id == "assistant.helpWithApp")
    }

    @Test func appsAreNamedByIdNameOrSynonym() {
        let apps = DemoRouter.shared.library.apps
        #expect(AssistantApp.app(named: "the soup chef app", among: apps)?.id == "soup")
        #expect(AssistantApp.app(named: "Mighty Tasks", among: apps)?.id == "tasks")
        #expect(AssistantApp.app(named: "HARCAMA", among: apps)?.id == "expenses")
        #expect(AssistantApp.app(named: "  ", among: apps) == nil)
    }
}

/// `run` passes on the words the reading left unused, and the REPL shows them (issue 16).
struct IgnoredWordsOverTheSocketTests {
    @Test func runSaysWhichWordsWereNotUsed() async throws {
        try await withDemoApps { demo in
            let client = demo.client
            do {
                let outcome = try await client.call(Methods.Run.self, .init(utterance: "order some soup on monday"))
                #expect(outcome.ignored == ["on monday"], "\(outcome.json.serialized)")
                #expect(outcome.json["ignored"] == .array([.string("on monday")]))
                let plain = try await client.call(Methods.Run.self, .init(utterance: "what can you do"))
                #expect(plain.json["ignored"] == nil)
            }
        }
    }
}
