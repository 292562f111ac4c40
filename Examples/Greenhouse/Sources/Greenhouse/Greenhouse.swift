import Foundation
import IntentSDK

/// Greenhouse: remembers how much water each plant has had. The example app of docs/sdk.md.
public enum Greenhouse: IntentApp {
    public static let id = "greenhouse"
    public static let name = "Greenhouse"
    public static let synonyms = ["my plants"]
    public static let intents: [any AppIntent.Type] = [WaterPlant.self, PlantWater.self, ForgetWaterings.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = GreenhouseShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { WateringLog() }) }
}

/// The app's state, shared by its intents for the life of the process.
actor WateringLog {
    private var millilitres: [String: Int] = [:]

    func add(_ amount: Int, to plant: String) -> Int {
        millilitres[plant, default: 0] += amount
        return millilitres[plant, default: 0]
    }

    func total(of plant: String) -> Int { millilitres[plant, default: 0] }
    func clear() { millilitres = [:] }
}

/// A plant people can name: "the basil", "my fern".
struct Plant: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Plant"
    static let defaultQuery = PlantQuery()
    static let all = [Plant(id: "basil", name: "Basil"), Plant(id: "fern", name: "Boston Fern"), Plant(id: "cactus", name: "Cactus")]

    let id: String
    @Property(title: "Name") var name: String = ""
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// Every plant is known up front, so intentd can match their names in phrases.
struct PlantQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [Plant] { Plant.all }
    func entities(for identifiers: [String]) async throws -> [Plant] { Plant.all.filter { identifiers.contains($0.id) } }
}

struct WaterPlant: AppIntent {
    static let identifier = "water"
    static let title: LocalizedStringResource = "Water a plant"
    static let description: IntentDescription? = "Records that a plant was watered."
    static var parameterSummary: ParameterSummary<WaterPlant>? { Summary("Give \(\.$plant) \(\.$millilitres) ml") }

    @Parameter(title: "Plant", requestValueDialog: "Which plant?") var plant: Plant
    @Parameter(title: "Millilitres", requestValueDialog: "How much water, in millilitres?") var millilitres: Int
    @Dependency var log: WateringLog

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        guard millilitres > 0 else { throw $millilitres.needsValue("How much water, in millilitres?") }
        if plant.id == "cactus", millilitres > 100 {
            try await requestConfirmation(actionName: .continue, dialog: "That is a lot for a cactus. Water it anyway?")
        }
        let total = await log.add(millilitres, to: plant.id)
        return .result(value: total, dialog: "Gave the \(plant.name) \(millilitres) ml; \(total) ml so far")
    }
}

struct PlantWater: AppIntent {
    static let identifier = "total"
    static let title: LocalizedStringResource = "How much water a plant had"
    @Parameter(title: "Plant", requestValueDialog: "Which plant?") var plant: Plant
    @Dependency var log: WateringLog

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let total = await log.total(of: plant.id)
        return .result(value: total, dialog: "The \(plant.name) has had \(total) ml")
    }
}

struct ForgetWaterings: AppIntent {
    static let identifier = "forget"
    static let title: LocalizedStringResource = "Forget every watering"
    @Dependency var log: WateringLog

    func perform() async throws -> some IntentResult {
        try await requestConfirmation(actionName: .delete, dialog: "Forget every watering?")
        await log.clear()
        return .result(dialog: "Forgotten")
    }
}

struct GreenhouseShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: WaterPlant(),
            phrases: [
                "water [the|my] \(\.$plant) [with] \(\.$millilitres) (ml|millilitres|milliliters)",
                "(give|gave) [the|my] \(\.$plant) \(\.$millilitres) (ml|millilitres|milliliters) [of water]",
                "water [the|my] \(\.$plant)",
            ],
            shortTitle: "Water", systemImageName: "drop")
        AppShortcut(
            intent: PlantWater(),
            phrases: ["how much water (has|did) [the|my] \(\.$plant) (had|have|get)"],
            shortTitle: "Water so far", systemImageName: "chart.bar")
        AppShortcut(
            intent: ForgetWaterings(), phrases: ["forget [all|every] waterings [in \(.applicationName)]"],
            shortTitle: "Forget", systemImageName: "trash")
    }
}
