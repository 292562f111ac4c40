import IntentSDK

/// SoupChef (demo-apps.md, app 5).
public enum SoupChef: IntentApp {
    public static let id = "soup"
    public static let name = "SoupChef"
    public static let synonyms = ["the restaurant"]
    public static let intents: [any AppIntent.Type] = [OrderSoup.self, CancelOrder.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = SoupShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { OrderStore() }) }
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

/// An order placed, until it is cancelled.
struct SoupOrderEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Soup Order"
    static let entityTypeName = "SoupOrder"
    static let defaultQuery = SoupOrderQuery()
    static var metadataPrototype: SoupOrderEntity? { SoupOrderEntity(id: "prototype", soup: "", quantity: 0) }
    let id: String
    @Property(title: "Soup") var soup: String = ""
    @Property(title: "Quantity") var quantity: Int = 0
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(quantity) \(soup)") }

    init(id: String, soup: String, quantity: Int) {
        self.id = id
        self.soup = soup
        self.quantity = quantity
    }
}

struct SoupOrderQuery: EntityStringQuery {
    @Dependency var store: OrderStore
    func entities(for identifiers: [String]) async throws -> [SoupOrderEntity] {
        await store.orders.filter { identifiers.contains($0.id) }
    }
    /// The orders not cancelled, the latest first: "cancel my soup order" asks among these.
    func suggestedEntities() async throws -> [SoupOrderEntity] { await store.orders.reversed() }
    /// The orders of the soup named: "cancel my tomato soup order".
    func entities(matching string: String) async throws -> [SoupOrderEntity] {
        await store.orders.reversed().filter { string.localizedCaseInsensitiveContains($0.soup) || $0.soup.localizedCaseInsensitiveContains(string) }
    }
}

/// The orders placed and not cancelled; numbered from 1 in the order they were placed.
actor OrderStore {
    private(set) var orders: [SoupOrderEntity] = []
    private var placed = 0
    func place(_ soup: SoupEntity, quantity: Int) -> SoupOrderEntity {
        placed += 1
        let order = SoupOrderEntity(id: "order-\(placed)", soup: soup.name, quantity: quantity)
        orders.append(order)
        return order
    }
    func cancel(_ id: String) -> Bool {
        guard let index = orders.firstIndex(where: { $0.id == id }) else { return false }
        orders.remove(at: index)
        return true
    }
}

struct OrderSoup: AppIntent {
    static let identifier = "order"
    static let title: LocalizedStringResource = "Order Soup"
    static let examples = ["order two large tomato soups"]
    static let effect: IntentSideEffect? = .reversible(undo: CancelOrder.self, parameters: ["order": "$result"])
    static let description: IntentDescription? = "Orders soup for delivery."
    static var parameterSummary: ParameterSummary<OrderSoup>? { Summary("Order \(\.$quantity) \(\.$soup)") }
    @Parameter(title: "Soup", requestValueDialog: "Which soup would you like?") var soup: SoupEntity
    @Parameter(title: "Quantity", requestValueDialog: "Please specify how many soups") var quantity: Int?
    @Parameter(title: "Size") var size: SoupSize?
    @Dependency var store: OrderStore

    func perform() async throws -> some IntentResult & ReturnsValue<SoupOrderEntity> {
        guard let quantity, quantity > 0, quantity < 10 else { throw $quantity.needsValue("Please specify how many soups") }
        let order = await store.place(soup, quantity: quantity)
        return .result(value: order, dialog: "Your order for \(quantity) \(soup.name) has been placed")
    }
}

/// The inverse of OrderSoup, for "undo" and corrections ("actually make it three").
struct CancelOrder: AppIntent {
    static let identifier = "cancelOrder"
    static let title: LocalizedStringResource = "Cancel Order"
    static let effect: IntentSideEffect? = .destructive
    static let description: IntentDescription? = "Cancels an order placed earlier."
    static let isDiscoverable = false
    static let examples = ["cancel my soup order"]
    static var parameterSummary: ParameterSummary<CancelOrder>? { Summary("Cancel the order of \(\.$order)") }
    @Parameter(title: "Order", requestValueDialog: "Which order should I cancel?") var order: SoupOrderEntity
    @Dependency var store: OrderStore

    func perform() async throws -> some IntentResult {
        guard await store.cancel(order.id) else { throw IntentError("Sorry, that order is already cancelled") }
        return .result(dialog: "Cancelled your order for \(order.quantity) \(order.soup)")
    }
}

struct SoupShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: OrderSoup(), phrases: ["order \(\.$quantity) \(\.$soup) [soups]", "order [a] \(\.$soup) [soup] [from \(.applicationName)]"],
            shortTitle: "Order Soup", systemImageName: "cup.and.saucer")
    }
}
