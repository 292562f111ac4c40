import IntentModel
import IntentTesting
import Routing
import Testing

/// Every example of docs/demo-apps.md routes to the right intent with the right parameters.
struct DemoExampleTests {
    struct Example: CustomStringConvertible, Sendable {
        var utterance: String
        var intent: String
        var parameters: [String: Value] = [:]
        var status: RouteResult.Status = .complete
        var description: String { utterance }
    }

    static let john = Value.list([.person(Person(id: "john", name: "John Appleseed", email: "john@example.com"))])
    static let sarah = Value.list([.person(Person(id: "sarah", name: "Sarah Connor", email: "sarah@example.com"))])
    static let maria = Value.list([.person(Person(id: "maria", name: "Maria Lopez", email: "maria@example.com"))])

    static let examples: [Example] = [
        Example(utterance: "What is left in Mighty Tasks?", intent: "tasks.count"),
        Example(utterance: "How many tasks left in Mighty Tasks", intent: "tasks.count"),
        Example(
            utterance: "add buy bread to my groceries list", intent: "tasks.add",
            parameters: ["title": .string("buy bread"), "list": .entity(EntityReference(id: "groceries", title: "Groceries"))]),
        Example(
            utterance: "remind me to call the bank tomorrow at 5 pm", intent: "tasks.add",
            parameters: ["title": .string("call the bank"), "dueDate": .date(LocalDateTime(year: 2026, month: 11, day: 23, hour: 17))]),
        Example(utterance: "Open Currently Reading in Library", intent: "library.openCurrentlyReading"),
        Example(utterance: "find books by andy weir", intent: "library.findBooks", parameters: ["author": .string("andy weir")]),
        Example(
            utterance: "show the three most recent books by andy weir", intent: "library.findBooks",
            parameters: ["author": .string("andy weir"), "limit": .int(3), "sortBy": .enumCase("datePublished")]),
        Example(utterance: "What is my total expense in HarcaMA?", intent: "expenses.showTotal"),
        Example(utterance: "Show my total expense in HarcaMA", intent: "expenses.showTotal"),
        Example(utterance: "How much did I spend in HarcaMA?", intent: "expenses.showTotal"),
        Example(utterance: "Add a new expense to HarcaMA", intent: "expenses.add", status: .incomplete),
        Example(utterance: "Create an expense in HarcaMA", intent: "expenses.add", status: .incomplete),
        Example(
            utterance: "add an expense of twelve dollars for lunch", intent: "expenses.add",
            parameters: ["title": .string("lunch"), "price": .double(12), "date": .date(DemoRouter.now)]),
        Example(utterance: "email john about lunch", intent: "mail.sendDraft", parameters: ["to": john, "subject": .string("lunch")]),
        Example(
            utterance: "draft an email to sarah saying i will be late", intent: "mail.sendDraft",
            parameters: ["to": sarah, "body": .string("i will be late")]),
        Example(utterance: "send this photo to my wife using MyMailComposer", intent: "mail.sendDraft", parameters: ["to": maria]),
        Example(
            utterance: "order two tomato soups", intent: "soup.order",
            parameters: ["soup": .entity(EntityReference(id: "tomato", title: "Tomato")), "quantity": .int(2)]),
        Example(utterance: "start a running workout", intent: "fitness.startWorkout", parameters: ["workoutType": .enumCase("running")]),
        Example(utterance: "what's my next event", intent: "calendar.nextEvent"),
        Example(utterance: "show my bank balance", intent: "bank.viewBalance"),
        Example(utterance: "unlock the vault", intent: "bank.unlockVault"),
        Example(utterance: "delete all my tasks", intent: "tasks.deleteAll"),
        Example(
            utterance: "open the book the martian", intent: "library.openBook",
            parameters: ["book": .entity(EntityReference(id: "the-martian", title: "The Martian"))]),
    ]

    @Test(arguments: examples)
    func routes(example: Example) {
        let result = DemoRouter.shared.route(example.utterance, now: DemoRouter.now)
        #expect(result.intent?.id == example.intent, "\(result.explanation.text)")
        #expect(result.status == example.status, "missing \(result.missing)")
        for (name, value) in example.parameters {
            #expect(result.parameter(name) == value, "\(name) in \(result.json.serialized)")
        }
    }

    @Test func demoPhraseFilesAreClean() {
        let errors = DemoRouter.shared.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
        // The ten demo apps and the assistant's own intents (Phrases/assistant.yaml).
        #expect(DemoRouter.shared.library.apps.count == 11)
    }
}
