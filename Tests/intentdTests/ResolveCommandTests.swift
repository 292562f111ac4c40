import IntentTesting
import Testing

/// `intentd resolve`, the resolver chain on its own, as a user runs it.
struct ResolveCommandTests {
    @Test func relativeDateAgainstAReferenceTime() async throws {
        let output = try await runIntentd(["resolve", "--type", "Date", "--now", "2026-11-19T09:00:00", "next friday at 5 pm"])
        #expect(output.status == 0)
        #expect(output.stdout == "2026-11-27T17:00:00\n")
    }

    @Test func jsonFormsOfMoneyAndPeople() async throws {
        let money = try await runIntentd(["resolve", "--type", "CurrencyAmount", "--json", "thirty five dollars and twenty cents"])
        #expect(money.stdout == #"{"amount":35.2,"currency":"USD"}"# + "\n")
        let people = try await runIntentd(["resolve", "--type", "[Person]", "--json", "john and my wife"])
        #expect(people.stdout.hasPrefix(#"[{"id":"john","name":"John Appleseed""#))
        #expect(people.stdout.contains(#""id":"maria""#))
    }

    @Test func failureIsAReasonAndANonZeroStatus() async throws {
        let output = try await runIntentd(["resolve", "--type", "Date", "next blursday"])
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("'next blursday' is not a date I understand."))
    }
}
