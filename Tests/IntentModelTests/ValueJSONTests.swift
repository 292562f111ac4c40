import IntentModel
import Testing

struct ValueJSONTests {
    @Test func everyValueHasItsDocumentedJSONForm() {
        let cases: [(Value, String)] = [
            (.string("buy bread"), #""buy bread""#),
            (.int(3), "3"),
            (.double(2.5), "2.5"),
            (.bool(true), "true"),
            (.date(LocalDateTime(year: 2026, month: 11, day: 19, hour: 17)), #""2026-11-19T17:00:00""#),
            (.duration(1200), "1200"),
            (.currencyAmount(CurrencyAmount(amount: 12.5, currency: "USD")), #"{"amount":12.5,"currency":"USD"}"#),
            (.measurement(Measurement(value: 21, unit: "celsius")), #"{"value":21,"unit":"celsius"}"#),
            (.enumCase("small"), #""small""#),
            (.entity(EntityReference(id: "t1", title: "Buy milk")), #"{"id":"t1","title":"Buy milk"}"#),
            (.person(Person(id: "john", name: "John Appleseed", email: "john@example.com")),
             #"{"id":"john","name":"John Appleseed","email":"john@example.com"}"#),
            (.file(path: "/tmp/a.jpg"), #"{"path":"/tmp/a.jpg"}"#),
            (.list([.int(1), .int(2)]), "[1,2]"),
        ]
        for (value, json) in cases {
            #expect(value.json.serialized == json)
        }
    }

    @Test func valuesRoundTripThroughJSON() {
        let type = ValueType.list(.person)
        let value = Value.list([.person(Person(id: "sarah", name: "Sarah Connor", email: "sarah@example.com"))])
        #expect(Value(json: value.json, as: type) == value)
        #expect(Value(json: .string("x"), as: .int) == nil)
    }

    @Test func parserKeepsKeyOrderAndUnicode() throws {
        let json = try JSONValue(parsing: #"{"b":1,"a":"caf\u00e9 ☕","c":[true,null]}"#)
        #expect(json.serialized == #"{"b":1,"a":"café ☕","c":[true,null]}"#)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "\"unterminated", "01x", "nul"])
    func parserRejectsBadJSON(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func parserRefusesDeepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
    }

    @Test func localDateTimeParsesAndRejects() {
        #expect(LocalDateTime(iso8601: "2026-11-19T17:00")?.iso8601 == "2026-11-19T17:00:00")
        #expect(LocalDateTime(iso8601: "2026-11-19")?.iso8601 == "2026-11-19T00:00:00")
        #expect(LocalDateTime(iso8601: "2026-13-01") == nil)
        #expect(LocalDateTime(iso8601: "tomorrow") == nil)
        // Fields too large for an Int are refused, not trapped on ("now": "...T1e300:00"
        // over the socket crashed the daemon).
        for text in ["2026-11-19T1e300:00", "2026-11-19T17:1e19", "2026-11-19T17:00:9e99", "2026-11-19Tnan:00", "2026-11-19Tinf:00", "2026-11-19T61:00"] {
            #expect(LocalDateTime(iso8601: text) == nil, "\(text)")
        }
    }

    /// Every field is written zero-padded to its width; a year beyond four digits in full.
    @Test func localDateTimeIsWrittenZeroPadded() {
        #expect(LocalDateTime(year: 5, month: 1, day: 2, hour: 3, minute: 4, second: 5).iso8601 == "0005-01-02T03:04:05")
        #expect(LocalDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59).iso8601 == "2026-12-31T23:59:59")
        #expect(LocalDateTime(year: 12026, month: 7, day: 4).iso8601 == "12026-07-04T00:00:00")
    }
}

/// A number that is no Int (too large, infinite, a fraction) is no Int value: it must never trap.
struct ValueRangeTests {
    @Test(arguments: [1e19, 9.5e18, -1e19, Double.infinity, 2.5])
    func numbersBeyondIntAreRefused(number: Double) {
        #expect(Value(json: .number(number), as: .int) == nil)
    }

    @Test func integersInRangeAreRead() throws {
        #expect(Value(json: .number(9_007_199_254_740_992), as: .int) == .int(9_007_199_254_740_992))
        // Beyond 2^53 an Int parameter is read digit for digit and written back the same (issue 18).
        let large = try JSONValue(parsing: "9007199254740993")
        #expect(Value(json: large, as: .int) == .int(9_007_199_254_740_993))
        #expect(Value.int(9_007_199_254_740_993).json.serialized == "9007199254740993")
        #expect(Value(json: try JSONValue(parsing: "99999999999999999999999"), as: .int) == nil)
    }

    /// A measurement's unit must be one intentd knows, of the parameter's dimension (issue 18).
    @Test func measurementUnitsAreChecked() {
        #expect(Value(json: .object([("value", .number(3)), ("unit", .string("meters"))]), as: .measurement(dimension: "length")) != nil)
        #expect(Value(json: .object([("value", .number(3)), ("unit", .string("parsecs"))]), as: .measurement(dimension: "length")) == nil)
        #expect(Value(json: .object([("value", .number(3)), ("unit", .string("celsius"))]), as: .measurement(dimension: "length")) == nil)
        #expect(Value(json: .object([("value", .number(3)), ("unit", .string("celsius"))]), as: .measurement(dimension: nil)) != nil)
    }

    /// Types are named as phrase files and docs/protocol.md write them.
    @Test func measurementTypesAreNamedAsWritten() {
        #expect(ValueType.measurement(dimension: "temperature").description == "Temperature")
        #expect(ValueType.list(.measurement(dimension: "length")).description == "[Length]")
        #expect(ValueType.measurement(dimension: nil).description == "Measurement")
    }
}
