import IntentSDK

/// SoupChef (demo-apps.md, app 5).
public enum SoupChef: IntentApp {
    public static let id = "soup"
    public static let name = "SoupChef"
    public static let synonyms = ["the restaurant"]
    public static let intents: [any AppIntent.Type] = [OrderSoup.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = SoupShortcuts.self
}

enum SoupSize: String, AppEnum {
    case small, medium, large
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Size"
    static let caseDisplayRepresentations: [SoupSize: DisplayRepresentation] = [
        .small: DisplayRepresentation(title: "Small (8 oz)", synonyms: ["small", "cup"]),
        .medium: DisplayRepresentation(title: "Medium (12 oz)", synonyms: ["medium", "regular"]),
        .large: DisplayRepresentation(title: "Large (16 oz)", synonyms: ["large", "big"]),
    ]
}

struct SoupEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Soup"
    static let defaultQuery = SoupQuery()
    static let menu = [
        SoupEntity(id: "tomato", name: "Tomato", price: 8.99), SoupEntity(id: "chicken-noodle", name: "Chicken Noodle", price: 9.49),
        SoupEntity(id: "minestrone", name: "Minestrone", price: 8.49), SoupEntity(id: "clam-chowder", name: "Clam Chowder", price: 10.99),
    ]
    let id: String
    @Property(title: "Name") var name: String = ""
    @Property(title: "Price") var price: Double = 0
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)", subtitle: "\(DemoApps.dollars(price))") }

    init(id: String, name: String, price: Double) {
        self.id = id
        self.name = name
        self.price = price
    }
}

struct SoupQuery: EnumerableEntityQuery, EntityStringQuery {
    func allEntities() async throws -> [SoupEntity] { SoupEntity.menu }
    func entities(for identifiers: [String]) async throws -> [SoupEntity] { SoupEntity.menu.filter { identifiers.contains($0.id) } }
    func entities(matching string: String) async throws -> [SoupEntity] {
        SoupEntity.menu.filter { string.localizedCaseInsensitiveContains($0.name) || $0.name.localizedCaseInsensitiveContains(string) }
    }
}

struct OrderSoup: AppIntent {
    static let identifier = "order"
    static let title: LocalizedStringResource = "Order Soup"
    static let description: IntentDescription? = "Orders soup for delivery."
    static var parameterSummary: ParameterSummary<OrderSoup>? { Summary("Order \(\.$quantity) \(\.$soup)") }
    @Parameter(title: "Soup", requestValueDialog: "Which soup would you like?") var soup: SoupEntity
    @Parameter(title: "Quantity", requestValueDialog: "Please specify how many soups") var quantity: Int?
    @Parameter(title: "Size") var size: SoupSize?

    func perform() async throws -> some IntentResult {
        guard let quantity, quantity > 0, quantity < 10 else { throw $quantity.needsValue("Please specify how many soups") }
        return .result(dialog: "Your order for \(quantity) \(soup.name) has been placed")
    }
}

struct SoupShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: OrderSoup(), phrases: ["order \(\.$quantity) \(\.$soup) [soups]", "order [a] \(\.$soup) [soup] [from \(.applicationName)]"],
            shortTitle: "Order Soup", systemImageName: "cup.and.saucer")
    }
}
