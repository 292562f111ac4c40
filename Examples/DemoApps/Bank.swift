import Foundation
import IntentSDK

/// Bank (demo-apps.md, app 8): one intent per authentication policy.
public enum BankApp: IntentApp {
    public static let id = "bank"
    public static let name = "Bank"
    public static let intents: [any AppIntent.Type] = [ViewBalance.self, TransferMoney.self, UnlockVault.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = BankShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { Account() }) }
}

actor Account {
    private(set) var balance = 1250.0
    func withdraw(_ amount: Double) { balance -= amount }
}

struct ViewBalance: AppIntent {
    static let title: LocalizedStringResource = "View Account"
    static let description: IntentDescription? = "Shows the account and its balance."
    static let effect: IntentSideEffect? = .readOnly
    static let authenticationPolicy = IntentAuthenticationPolicy.alwaysAllowed
    @Dependency var account: Account
    func perform() async throws -> some IntentResult & ReturnsValue<IntentCurrencyAmount> {
        let balance = await account.balance
        return .result(value: IntentCurrencyAmount(amount: balance, currencyCode: "USD"), dialog: "Your balance is \(DemoApps.dollars(balance))")
    }
}

struct TransferMoney: AppIntent {
    static let title: LocalizedStringResource = "Transfer Money"
    static let examples = ["send john 20 dollars"]
    static let description: IntentDescription? = "Sends money to a person."
    static let effect: IntentSideEffect? = .destructive
    static let authenticationPolicy = IntentAuthenticationPolicy.requiresAuthentication
    static var parameterSummary: ParameterSummary<TransferMoney>? { Summary("Transfer \(\.$amount) to \(\.$recipient)") }
    @Parameter(title: "Amount", requestValueDialog: "How much would you like to transfer?", inclusiveRange: (0.01, 10_000))
    var amount: IntentCurrencyAmount
    @Parameter(title: "Recipient", requestValueDialog: "Who should receive the money?") var recipient: IntentPerson
    /// When to send it ("on monday"); none: now.
    @Parameter(title: "Date") var date: Date?
    /// What it is for ("for the pizza").
    @Parameter(title: "Note") var note: String?
    @Dependency var account: Account

    func perform() async throws -> some IntentResult {
        if let date {
            let when = DemoApps.time(date)
            try await requestConfirmation(
                actionName: .send, dialog: "Do you want to transfer \(amount) to \(recipient.displayName) at \(when)?")
            return .result(dialog: "Scheduled \(amount) to \(recipient.displayName) at \(when)")
        }
        try await requestConfirmation(actionName: .send, dialog: "Do you want to transfer \(amount) to \(recipient.displayName)?")
        await account.withdraw(amount.amount)
        let purpose = note.map { " for \($0)" } ?? ""
        return .result(dialog: "Transferred \(amount) to \(recipient.displayName)\(purpose)")
    }
}

struct UnlockVault: AppIntent {
    static let title: LocalizedStringResource = "Unlock Vault"
    static let examples = ["unlock the vault"]
    static let description: IntentDescription? = "Unlocks the vault."
    static let authenticationPolicy = IntentAuthenticationPolicy.requiresLocalDeviceAuthentication
    func perform() async throws -> some IntentResult { .result(dialog: "The vault is unlocked") }
}

struct BankShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: ViewBalance(), phrases: ["what is my balance [in \(.applicationName)]"], shortTitle: "Balance", systemImageName: "dollarsign")
        AppShortcut(intent: TransferMoney(), phrases: ["transfer \(\.$amount) to \(\.$recipient)"], shortTitle: "Transfer", systemImageName: "arrow.right")
        AppShortcut(intent: UnlockVault(), phrases: ["unlock the vault"], shortTitle: "Unlock Vault", systemImageName: "lock.open")
    }
}
