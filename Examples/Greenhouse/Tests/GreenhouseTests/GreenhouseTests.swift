import IntentModel
import IntentSDK
import Testing
import Wire

@testable import Greenhouse

/// The app in-process, as the daemon would call it.
@Suite struct GreenhouseTests {
    static let basil: JSONValue = .object([("id", .string("basil")), ("title", .string("Basil"))])
    static let cactus: JSONValue = .object([("id", .string("cactus")), ("title", .string("Cactus"))])

    @Test func wateringAddsUpForTheLifeOfTheHost() async {
        let host = await IntentHost(apps: [Greenhouse.self])
        let first = await host.perform(IntentCall(intent: "greenhouse.water", parameters: ["plant": Self.basil, "millilitres": .number(200)]))
        #expect(first.result?.dialog == "Gave the Basil 200 ml; 200 ml so far")
        _ = await host.perform(IntentCall(intent: "greenhouse.water", parameters: ["plant": Self.basil, "millilitres": .number(50)]))
        let total = await host.perform(IntentCall(intent: "greenhouse.total", parameters: ["plant": Self.basil]))
        #expect(total.result?.dialog == "The Basil has had 250 ml")
        #expect(total.result?.value == .number(250))
    }

    @Test func tooMuchForACactusIsConfirmedFirst() async {
        let host = await IntentHost(apps: [Greenhouse.self])
        let call = IntentCall(intent: "greenhouse.water", parameters: ["plant": Self.cactus, "millilitres": .number(500)])
        #expect(await host.perform(call) == .confirm(prompt: "That is a lot for a cactus. Water it anyway?", preview: nil))
        let done = await host.perform(call, confirmed: true)
        #expect(done.result?.dialog == "Gave the Cactus 500 ml; 500 ml so far")
    }

    @Test func zeroIsAskedAgain() async {
        let host = await IntentHost(apps: [Greenhouse.self])
        let reply = await host.perform(IntentCall(intent: "greenhouse.water", parameters: ["plant": Self.basil, "millilitres": .number(0)]))
        #expect(reply == .needsValue(parameter: "millilitres", prompt: "How much water, in millilitres?"))
    }

    @Test func definitionCarriesThePhrasesAndThePlants() async throws {
        let host = await IntentHost(apps: [Greenhouse.self])
        let definition = try #require(host.definition(of: "greenhouse"))
        #expect(definition.intents.map(\.id).sorted() == ["greenhouse.forget", "greenhouse.total", "greenhouse.water"])
        let manifest = ManifestWriter.yaml(for: definition)
        #expect(manifest.contains("water [the|my] {plant} [with] {millilitres} (ml|millilitres|milliliters)"))
        #expect(manifest.contains("Boston Fern"))
    }
}
