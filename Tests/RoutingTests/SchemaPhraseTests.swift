import Foundation
import IntentModel
import IntentTesting
import Phrases
import Routing
import Testing

/// The schema phrase files (Phrases/schemas/DOMAIN.yaml) against apps that adopt every schema
/// of their domain (Tests/Fixtures/schema-apps, written by Phrases/schemas/generators/schema-fixture-apps.py, and
/// the mail demo app): an example of every phrase reaches the intent that adopts its schema,
/// with the values its words imply.
@Suite struct SchemaPhraseTests {
    static let paths = [
        TestPaths.phrases + "/schemas", TestPaths.phrases + "/common.en.yaml", TestPaths.phrases + "/contacts.yaml",
        TestPaths.phrases + "/mail.yaml", TestPaths.root.appendingPathComponent("Tests/Fixtures/schema-apps").path,
    ]
    static let router = Router(phrasesAt: paths)

    /// The domains the project promises phrases for (issue 6), and intentd's own.
    static let phrasedDomains = [
        "mail", "messages", "phone", "calendar", "reminders", "clock", "notes", "audio", "photos", "files", "media",
    ]

    @Test func fixtureAppsAdoptTheirDomainsWithoutErrors() {
        #expect(Self.router.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
    }

    @Test(arguments: phrasedDomains)
    func everySchemaOfTheDomainHasPhrases(_ domainID: String) {
        guard let domain = Self.router.library.catalog.domain(domainID) else {
            Issue.record("the catalogue has no domain '\(domainID)'")
            return
        }
        for schema in domain.intents {
            let count = Self.router.library.schemaPhrases.filter { $0.schema == schema.id }.flatMap(\.phrases).count
            #expect(count >= 3, "\(schema.id) has \(count) phrases")
        }
        let adopted = Set(Self.router.library.intents.compactMap(\.adoptedSchema))
        #expect(domain.intents.map(\.id).filter { !adopted.contains($0) } == [], "schemas no test app adopts")
    }

    /// Corpus/schemas-en.jsonl: what people say to apps of every phrased domain, with every
    /// kind of parameter (people, free text, dates, durations, numbers, URLs, files, entities,
    /// enums, and values the words imply).
    @Test func schemaCorpusRoutesEveryLine() throws {
        let cases = try CorpusLoader.load("schemas-en.jsonl")
        let result = CorpusTests().score(cases, router: Self.router)
        #expect(cases.count >= 100)
        #expect(result.misses == [])
    }

    @Test func anExampleOfEverySchemaPhraseReachesItsAdopter() {
        var failures: [String] = []
        let samples = PhraseSampler(library: Self.router.library).schemaSamples()
        for (intentID, template, utterance) in samples {
            let result = Self.router.route(utterance, now: DemoRouter.now)
            let place = template.location.map { "\($0)" } ?? template.text
            guard result.intent?.id == intentID, result.status != .notUnderstood else {
                failures.append(
                    "\(place): \"\(utterance)\" → \(result.intent?.id ?? "nothing") [\(result.status)], not \(intentID)"
                )
                continue
            }
            guard let intent = result.intent else { continue }
            for (name, raw) in template.values {
                guard let parameter = intent.parameter(name) else { continue }
                let expected = Value(implied: raw, as: parameter.type)
                if result.parameter(name) != expected {
                    failures.append(
                        "\(place): \"\(utterance)\" sets \(name) to \(result.parameter(name)?.json.serialized ?? "nothing")"
                    )
                }
            }
        }
        #expect(samples.count > 400)
        #expect(failures == [])
    }
}
