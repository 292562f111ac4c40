import Foundation
import IntentSDK

/// HarcaMA (demo-apps.md, app 3).
public enum HarcaMA: IntentApp {
    public static let id = "expenses"
    public static let name = "HarcaMA"
    public static let synonyms = ["expenses", "my expenses"]
    public static let intents: [any AppIntent.Type] = [ShowTotalExpense.self, AddExpense.self, RemoveExpense.self]
    public static let additionalTypes: [any IntentValue.Type] = [ExpenseEntity.self, ExpenseCurrency.self, ExpensePeriod.self]
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

/// The period a total is asked for ("how much did i spend this week"), relative to the
/// request's time (`IntentRequest.now`). Weeks start on Monday.
enum ExpensePeriod: String, AppEnum {
    case today, yesterday, thisWeek, lastWeek, thisMonth, lastMonth, thisYear
    /// A month named alone is its latest: November is this year's from November on, else last year's.
    case january, february, march, april, may, june, july, august, september, october, november, december
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Period"
    static let caseDisplayRepresentations: [ExpensePeriod: DisplayRepresentation] = [
        .today: DisplayRepresentation(title: "today", synonyms: ["so far today"]),
        .yesterday: DisplayRepresentation(title: "yesterday"),
        .thisWeek: DisplayRepresentation(title: "this week", synonyms: ["so far this week", "this past week", "the past week"]),
        .lastWeek: DisplayRepresentation(title: "last week", synonyms: ["the week before", "previous week"]),
        .thisMonth: DisplayRepresentation(title: "this month", synonyms: ["so far this month"]),
        .lastMonth: DisplayRepresentation(title: "last month", synonyms: ["previous month"]),
        .thisYear: DisplayRepresentation(title: "this year", synonyms: ["so far this year"]),
        .january: DisplayRepresentation(title: "January", synonyms: ["in january", "jan"]),
        .february: DisplayRepresentation(title: "February", synonyms: ["in february", "feb"]),
        .march: DisplayRepresentation(title: "March", synonyms: ["in march"]),
        .april: DisplayRepresentation(title: "April", synonyms: ["in april", "apr"]),
        .may: DisplayRepresentation(title: "May", synonyms: ["in may"]),
        .june: DisplayRepresentation(title: "June", synonyms: ["in june"]),
        .july: DisplayRepresentation(title: "July", synonyms: ["in july"]),
        .august: DisplayRepresentation(title: "August", synonyms: ["in august", "aug"]),
        .september: DisplayRepresentation(title: "September", synonyms: ["in september", "sept"]),
        .october: DisplayRepresentation(title: "October", synonyms: ["in october", "oct"]),
        .november: DisplayRepresentation(title: "November", synonyms: ["in november", "nov"]),
        .december: DisplayRepresentation(title: "December", synonyms: ["in december", "dec"]),
    ]

    /// The month it names, 1 to 12, or nil for a period relative to the week or the day.
    var month: Int? {
        let months: [ExpensePeriod] = [.january, .february, .march, .april, .may, .june, .july, .august, .september, .october, .november, .december]
        return months.firstIndex(of: self).map { $0 + 1 }
    }

    /// As people say it after "you spent": "this week", "in November".
    var said: String {
        let title = Self.caseDisplayRepresentations[self]?.title.text ?? rawValue
        return month == nil ? title : "in " + title
    }

    /// The instants it covers around `now`: from the start of its first day to the start of
    /// the day after its last.
    func range(around now: Date) -> Range<Date> {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = .current
        if let month {
            let today = calendar.dateComponents([.year, .month], from: now)
            let year = (today.year ?? 2000) - (month > (today.month ?? 12) ? 1 : 0)
            guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                let interval = calendar.dateInterval(of: .month, for: first)
            else { return now..<now }
            return interval.start..<interval.end
        }
        let unit: Calendar.Component =
            switch self {
            case .today, .yesterday: .day
            case .thisWeek, .lastWeek: .weekOfYear
            case .thisMonth, .lastMonth: .month
            case .thisYear: .year
            default: .month
            }
        let back = [.yesterday, .lastWeek, .lastMonth].contains(self) ? -1 : 0
        let reference = calendar.date(byAdding: unit, value: back, to: now) ?? now
        guard let interval = calendar.dateInterval(of: unit, for: reference) else { return now..<now }
        return interval.start..<interval.end
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
    var totals: [(currency: ExpenseCurrency, amount: Double)] { Self.totals(of: expenses) }

    /// The totals of `records` by currency, dollars always, the others when spent in.
    static func totals(of records: [ExpenseRecord]) -> [(currency: ExpenseCurrency, amount: Double)] {
        [ExpenseCurrency.usd, .eur, .gbp].compactMap { currency in
            let spent = records.filter { $0.currency == currency }
            return spent.isEmpty && currency != .usd ? nil : (currency, spent.reduce(0) { $0 + $1.price })
        }
    }
    private var nextNumber = 4
    func add(title: String, price: Double, date: Date, currency: ExpenseCurrency) -> ExpenseRecord {
        let record = ExpenseRecord(id: "e\(nextNumber)", title: title, price: price, date: date, currency: currency)
        nextNumber += 1
        expenses.append(record)
        return record
    }
    /// Removes an expense; false when there is none with that id.
    func remove(_ id: String) -> Bool {
        guard expenses.contains(where: { $0.id == id }) else { return false }
        expenses.removeAll { $0.id == id }
        return true
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
    static let examples = ["how much did i spend this month"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Tells the total of all expenses, or of those on something or in a period."
    /// What it was spent on ("lunch"): expenses whose title contains it, or is contained in it.
    @Parameter(title: "Spent on") var category: String?
    @Parameter(title: "Period") var period: ExpensePeriod?
    @Dependency var store: ExpenseStore

    func perform() async throws -> some IntentResult & ReturnsValue<Double> {
        guard category != nil || period != nil else {
            let total = (await store.total * 100).rounded() / 100
            let amounts = await store.totals.map { $0.currency.format(($0.amount * 100).rounded() / 100) }
            return .result(value: total, dialog: "Your total expense is \(amounts.joined(separator: " and "))")
        }
        let range = period?.range(around: IntentRequest.now)
        let spent = await store.expenses.filter { record in
            (range?.contains(record.date) ?? true) && (category.map { Self.matches(record.title, $0) } ?? true)
        }
        let what = (category.map { " on \($0)" } ?? "") + (period.map { " " + $0.said } ?? "")
        guard !spent.isEmpty else { return .result(value: 0, dialog: "You spent nothing\(what)") }
        let amounts = ExpenseStore.totals(of: spent).map { $0.currency.format(($0.amount * 100).rounded() / 100) }
        let dollars = spent.filter { $0.currency == .usd }.reduce(0) { $0 + $1.price }
        return .result(value: (dollars * 100).rounded() / 100, dialog: "You spent \(amounts.joined(separator: " and "))\(what)")
    }

    /// "lunch" is "Lunch with Sam", and "train tickets" is "Train ticket".
    static func matches(_ title: String, _ category: String) -> Bool {
        title.localizedCaseInsensitiveContains(category) || category.localizedCaseInsensitiveContains(title)
    }
}

struct AddExpense: AppIntent {
    static let identifier = "add"
    static let title: LocalizedStringResource = "Add a new expense"
    static let examples = ["add an expense of 12 dollars for lunch"]
    static let effect: IntentSideEffect? = .reversible(undo: RemoveExpense.self, parameters: ["expense": "$result"])
    static let description: IntentDescription? = "Records an expense with its price and date."
    static var parameterSummary: ParameterSummary<AddExpense>? { Summary("Add \(\.$title) expense of \(\.$price)") }
    @Parameter(title: "Title", requestValueDialog: "What did you spend on?") var title: String
    @Parameter(title: "Price", requestValueDialog: "How much was it?") var price: Double
    @Parameter(title: "Date", default: .now, inThePast: true) var date: Date
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

/// The inverse of AddExpense, for "undo".
struct RemoveExpense: AppIntent {
    static let identifier = "remove"
    static let title: LocalizedStringResource = "Remove an expense"
    static let examples = ["delete the coffee expense"]
    static let effect: IntentSideEffect? = .reversible(undo: AddExpense.self, parameters: ["title": "$expense.title", "price": "$expense.price"])
    static let description: IntentDescription? = "Deletes an expense recorded earlier."
    @Parameter(title: "Expense") var expense: ExpenseEntity
    @Dependency var store: ExpenseStore
    func perform() async throws -> some IntentResult {
        guard await store.remove(expense.id) else { throw IntentError("Sorry, that expense is already gone") }
        return .result(dialog: "Removed your \(expense.title) expense")
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
