import DemoApps
import IntentModel
import IntentSDK
import IntentTesting
import Phrases
import Testing

/// Phrase files and code must not drift apart: the definition extracted from each demo
/// app's code agrees with Phrases/<app>.yaml, and the manifest the SDK writes reads back
/// as the same definition.
@Suite struct ManifestAgreementTests {
    static let appIDs = DemoApps.all.map { $0.id }

    static func fileApp(_ id: String) -> AppDefinition? {
        PhraseLibraryLoader.load(paths: [TestPaths.phrases + "/\(id).yaml"]).app(id)
    }

    @Test(arguments: appIDs)
    func codeAgreesWithPhraseFile(_ id: String) async throws {
        let host = await IntentHost(apps: DemoApps.all.filter { $0.id == id })
        let code = try #require(host.definition(of: id))
        let file = try #require(Self.fileApp(id))
        expectAgreement(code, file)
    }

    @Test(arguments: appIDs)
    func manifestReadsBackAsTheCodesDefinition(_ id: String) async throws {
        let host = await IntentHost(apps: DemoApps.all.filter { $0.id == id })
        let code = try #require(host.definition(of: id))
        let yaml = ManifestWriter.yaml(for: code)
        let library = PhraseLibraryLoader.load(files: [(path: "\(id).generated.yaml", text: yaml)])
        #expect(library.errors.map(\.description) == [])
        let read = try #require(library.app(id))
        expectAgreement(code, read)
        #expect(read.phrases.map(\.text) == code.phrases.map(\.text))
        #expect(read.intents.map(\.parameterSummary) == code.intents.map(\.parameterSummary))
    }

    func expectAgreement(_ code: AppDefinition, _ file: AppDefinition, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(code.displayName == file.displayName, sourceLocation: sourceLocation)
        #expect(code.intents.map(\.id) == file.intents.map(\.id), sourceLocation: sourceLocation)
        for intent in code.intents {
            guard let other = file.intent(intent.id) else { continue }
            #expect(intent.title == other.title, "\(intent.id)", sourceLocation: sourceLocation)
            #expect(describe(intent.parameters) == describe(other.parameters), "\(intent.id)", sourceLocation: sourceLocation)
            #expect(intent.openAppWhenRun == other.openAppWhenRun, "\(intent.id)", sourceLocation: sourceLocation)
            #expect(intent.authenticationPolicy == other.authenticationPolicy, "\(intent.id)", sourceLocation: sourceLocation)
            #expect(intent.adoptedSchema == other.adoptedSchema, "\(intent.id)", sourceLocation: sourceLocation)
            #expect(intent.examples == other.examples, "\(intent.id)", sourceLocation: sourceLocation)
        }
        #expect(code.entityTypes.map(\.name).sorted() == file.entityTypes.map(\.name).sorted(), sourceLocation: sourceLocation)
        for entity in code.entityTypes {
            guard let other = file.entityType(entity.name) else { continue }
            #expect(entity.displayName == other.displayName, "\(entity.name)", sourceLocation: sourceLocation)
            #expect(entity.adoptedSchema == other.adoptedSchema, "\(entity.name)", sourceLocation: sourceLocation)
            let properties = { (p: [PropertyDefinition]) in p.map { "\($0.name): \($0.type)\($0.isOptional ? "?" : "")" }.sorted() }
            #expect(properties(entity.properties) == properties(other.properties), "\(entity.name)", sourceLocation: sourceLocation)
            let values = { (v: [EntityRecord]) in v.map { "\($0.id) \($0.title)" } }
            #expect(values(entity.values) == values(other.values), "\(entity.name)", sourceLocation: sourceLocation)
        }
        #expect(code.enums.map(\.name).sorted() == file.enums.map(\.name).sorted(), sourceLocation: sourceLocation)
        for definition in code.enums {
            guard let other = file.enumType(definition.name) else { continue }
            #expect(definition.displayName == other.displayName, sourceLocation: sourceLocation)
            #expect(definition.cases.map { "\($0.id) \($0.title)" } == other.cases.map { "\($0.id) \($0.title)" }, sourceLocation: sourceLocation)
        }
    }

    func describe(_ parameters: [ParameterDefinition]) -> [String] {
        parameters.map { p in
            let defaultText: String =
                switch p.defaultValue {
                case .none: ""
                case .now?: " = now"
                case .value(let v)?: " = \(v.displayText)"
                }
            return "\(p.name): \(p.type)\(p.isOptional ? "?" : "")\(defaultText) \"\(p.title)\" \(p.requestValueDialog ?? "-")"
        }
    }
}
