import IntentModel
import IntentSDK
import Testing

/// The SDK's values read in a dialog as intentd's own sentences say them (`Value.spoken`).
struct SDKValueTests {
    @Test func currencyAmountReadsAsSaid() {
        #expect(IntentCurrencyAmount(amount: 12.5, currencyCode: "USD").description == "$12.50")
        #expect(IntentCurrencyAmount(amount: 20, currencyCode: "USD").description == "$20")
        #expect(IntentCurrencyAmount(amount: 20, currencyCode: "EUR").description == "20 EUR")
    }

    @Test func fileNamesItsLastComponentAndExtension() {
        let file = IntentFile(path: "/home/sam/Pictures/Holiday.JPG")
        #expect(file.filename == "Holiday.JPG")
        #expect(file.fileExtension == "jpg")
    }
}
