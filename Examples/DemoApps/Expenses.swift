import Foundation
import IntentSDK

/// HarcaMA (demo-apps.md, app 3).
public enum HarcaMA: IntentApp {
    public static let id = "expenses"
    public static let name = "HarcaMA"
    public static let synonyms = ["expenses", "my expenses"]
    public static let intents: [any AppIntent.Type] = [ShowTotalExpense.self, AddExpense.self]
    public static let additionalTypes: [any IntentValue.Type] = [ExpenseEntity.self, ExpenseCurrency.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = ExpenseShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { ExpenseStore() }) }
}

/// The currency said with a price ("forty euros", "£30"). None said is the app's own, US dollars.
/// Amounts are kept in the currency they were given in, never converted.
enum ExpenseCurrency: String, AppEnum {
    case usd, eur, gbp
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Currency"
    static let caseDisplayRepresentations: [ExpenseCurrency: DisplayRepresentation] = [
        .usd: DisplayRepresentation(title: "US dollars", synonyms: ["dollars", "dollar", "bucks", "buck", "usd", "$", "us dollars"]),
        .eur: DisplayRepresentation(title: "Euros", synonyms: ["euros", "euro", "eur", "€"]),
        .gbp: DisplayRepresentation(title: "Pounds sterling", synonyms: ["pounds", "pound", "quid", "gbp", "£", "sterling", "pounds sterling"]),
    ]

    /// "$12.50", "€40.00", "£30.00".
    func format(_ amount: Double) -> String {
        let symbol = switch self {
        case .usd: "$"
        case .eur: "€"
        case .gbp: "£"
        }
        return symbol + String(format: "%.2f", amount)
    }
}

struct ExpenseRecord: Sendable {
    var id: String
    var title: String
    var price: Double
    var date: Date
    var currency: ExpenseCurrency = .usd
}

actor ExpenseStore {
    private(set) var expenses = [
        ExpenseRecord(id: "coffee", title: "Coffee", price: 4.50, date: DemoApps.date(2026, 11, 16)),
        ExpenseRecord(id: "groceries", title: "Groceries", price: 62.30, date: DemoApps.date(2026, 11, 15)),
        ExpenseRecord(id: "train-ticket", title: "Train ticket", price: 23.00, date: DemoApps.date(2026, 11, 2)),
    ]
    /// The total in US dollars (the app's own currency), the only figure `showTotal` returns as a value.
    var total: Double { expenses.filter { $0.currency == .usd }.reduce(0) { $0 + $1.price } }
    /// Totals by currency, dollars first; amounts in different currencies are never added up.
    var totals: [(currency: ExpenseCurrency, amount: Double)] {
        [ExpenseCurrency.usd, .eur, .gbp].compactMap { currency in
            let spent = expenses.filter { $0.currency == currency }
            return spent.isEmpty && currency != .usd ? nil : (currency, spent.reduce(0) { $0 + $1.price })
        }
    }
    func add(title: String, price: Double, date: Date, currency: ExpenseCurrency) -> ExpenseRecord {
        let record = ExpenseRecord(id: "e\(expenses.count + 1)", title: title, price: price, date: date, currency: currency)
        expenses.append(record)
        return record
    }
}

struct ExpenseEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Expense"
    static let defaultQuery = ExpenseQuery()
    let id: String
    @Property(title: "Title") var title: String = ""
    @Property(title: "Price") var price: Double = 0
    @Property(title: "Date") var date: Date = Date(timeIntervalSince1970: 0)
    var currency: ExpenseCurrency = .usd
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)", subtitle: "\(currency.format(price))") }

    init(_ record: ExpenseRecord) {
        id = record.id
        title = record.title
        price = record.price
        date = record.date
        currency = record.currency
    }
}

struct ExpenseQuery: EnumerableEntityQuery {
    @Dependency var store: ExpenseStore
    func allEntities() async throws -> [ExpenseEntity] { await store.expenses.map(ExpenseEntity.init) }
    func entities(for identifiers: [String]) async throws -> [ExpenseEntity] {
        try await allEntities().filter { identifiers.contains($0.id) }
    }
}

struct ShowTotalExpense: AppIntent {
    static let identifier = "showTotal"
    static let title: LocalizedStringResource = "Show my total expense"
    static let description: IntentDescription? = "Tells the total of all expenses."
    @Dependency var store: ExpenseStore
    func perform() async throws -> some IntentResult & ReturnsValue<Double> {
        let total = (await store.total * 100).rounded() / 100
        let amounts = await store.totals.map { $0.currency.format(($0.amount * 100).rounded() / 100) }
        return .result(value: total, dialog: "Your total expense is \(amounts.joined(separator: " and "))")
    }
}

struct AddExpense: AppIntent {
    static let identifier = "add"
    static let title: LocalizedStringResource = "Add a new expense"
    static let description: IntentDescription? = "Records an expense with its price and date."
    static var parameterSummary: ParameterSummary<AddExpense>? { Summary("Add \(\.$title) expense of \(\.$price)") }
    @Parameter(title: "Title", requestValueDialog: "What did you spend on?") var title: String
    @Parameter(title: "Price", requestValueDialog: "How much was it?") var price: Double
    @Parameter(title: "Date", default: .now) var date: Date
    @Parameter(title: "Currency") var currency: ExpenseCurrency?
    @Dependency var store: ExpenseStore
    func perform() async throws -> some IntentResult & ReturnsValue<ExpenseEntity> {
        let spent = currency ?? .usd
        let record = await store.add(title: title, price: price, date: date, currency: spent)
        // The dialog of demo-apps.md; an amount in another currency is said back with it.
        let amount = spent == .usd ? "" : " of \(spent.format(price))"
        return .result(value: ExpenseEntity(record), dialog: "Successfully added your \(title) expense\(amount)!")
    }
}

struct ExpenseShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: ShowTotalExpense(),
            phrases: ["What is my total expense in \(.applicationName)?", "Show my total expense in \(.applicationName)",
                      "How much did I spend in \(.applicationName)?"],
            shortTitle: "Total Expense", systemImageName: "sum")
        AppShortcut(
            intent: AddExpense(),
            phrases: ["Add a new expense to \(.applicationName)", "Create an expense in \(.applicationName)",
                      "add an expense of \(\.$price) for \(\.$title)"],
            shortTitle: "Add Expense", systemImageName: "plus")
    }
}
