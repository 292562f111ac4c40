import IntentModel
import IntentSDK
import Testing

/// The SDK's value types print as the rest of intentd does (IntentModel's `Value.printed`).
struct SDKValueTests {
    @Test func currencyAmountPrintsWithCentsAndItsCode() {
        #expect(IntentCurrencyAmount(amount: 12.5, currencyCode: "USD").description == "12.50 USD")
        #expect(IntentCurrencyAmount(amount: 20, currencyCode: "EUR").description == "20.00 EUR")
    }

    @Test func fileNamesItsLastComponentAndExtension() {
        let file = IntentFile(path: "/home/sam/Pictures/Holiday.JPG")
        #expect(file.filename == "Holiday.JPG")
        #expect(file.fileExtension == "jpg")
    }
}
