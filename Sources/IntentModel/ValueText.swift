import Foundation

// How values are written for people, in one place. Three forms:
// - `displayText` (Value.swift): the plain text of a value, for matching and comparing
//   ("Groceries", "2026-11-19T17:00:00", "12.5 USD");
// - `printed`: the CLI's listings of values (`route`, `run`, `history`, corrections):
//   exact, unambiguous and the same wherever the value comes from;
// - `spoken`: a value said in a sentence (an intent's summary, a confirmation, "Undone: ...").

extension Value {
    /// The form the CLI lists values in: text quoted, dates ISO 8601, money with two decimals
    /// and its code, lists in brackets: `"lunch"`, `2026-11-27T12:00:00`, `12.50 USD`,
    /// `[John Appleseed, Sarah Connor]`.
    public var printed: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .currencyAmount(let money): money.printed
        case .list(let items): "[" + items.map(\.printed).joined(separator: ", ") + "]"
        default: displayText
        }
    }

    /// The form said in a sentence: `12:00 PM on Friday, November 27`, `$12.50`, `20 EUR`,
    /// `1 hour 30 minutes`, `John Appleseed and Sarah Connor`.
    public var spoken: String {
        switch self {
        case .date(let date): date.spoken
        case .currencyAmount(let money): money.spoken
        case .duration(let seconds): Self.spoken(seconds: seconds)
        case .list(let items): Self.spoken(items.map(\.spoken))
        default: displayText
        }
    }

    /// The printed form of a value known only by its JSON (a result, a correction, a history
    /// entry): each JSON shape of a value as ``printed`` writes that value.
    public static func printed(json: JSONValue) -> String {
        switch json {
        case .null: return "none"
        case .bool(let yes): return yes ? "yes" : "no"
        case .number, .largeInteger: return json.serialized
        case .string(let text): return LocalDateTime(iso8601: text) != nil ? text : "\"\(text)\""
        case .array(let items): return "[" + items.map { printed(json: $0) }.joined(separator: ", ") + "]"
        case .object:
            if let title = json["title"]?.stringValue ?? json["name"]?.stringValue { return title }
            if let amount = json["amount"]?.numberValue, let currency = json["currency"]?.stringValue {
                return CurrencyAmount(amount: amount, currency: currency).printed
            }
            if let number = json["value"]?.numberValue, let unit = json["unit"]?.stringValue {
                return Value.measurement(Measurement(value: number, unit: unit)).displayText
            }
            if let path = json["path"]?.stringValue { return path }
            return json.serialized
        }
    }

    /// "eggs", "eggs and milk", "eggs, milk and bread".
    static func spoken(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// "45 seconds", "5 minutes", "1 hour 30 minutes".
    static func spoken(seconds: Double) -> String {
        // Held within a century either way before it becomes an Int: 1e300 seconds would trap.
        let century = 3_153_600_000.0
        let total = Int(min(max(seconds.isFinite ? seconds : 0, -century), century).rounded())
        func count(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        guard total >= 60 else { return count(total, "second") }
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        var parts: [String] = []
        if hours > 0 { parts.append(count(hours, "hour")) }
        if minutes > 0 { parts.append(count(minutes, "minute")) }
        if rest > 0 { parts.append(count(rest, "second")) }
        return parts.joined(separator: " ")
    }
}

extension CurrencyAmount {
    /// `12.50 USD`: always two decimals and the ISO code.
    public var printed: String { String(format: "%.2f", amount) + " " + currency }

    /// `$12.50` and `$20` for dollars, `12.50 EUR` and `20 EUR` for other currencies: cents
    /// only when there are some.
    public var spoken: String {
        let number = amount == amount.rounded() ? JSONValue.format(number: amount) : String(format: "%.2f", amount)
        return currency == "USD" ? "$" + number : number + " " + currency
    }
}

extension LocalDateTime {
    /// `12:00 PM on Friday, November 27`; a day alone at midnight: `Friday, November 27`.
    public var spoken: String {
        let calendar = Self.utcCalendar
        guard (1...12).contains(month) else { return iso8601 }
        let dayText = "\(calendar.weekdaySymbols[weekday - 1]), \(calendar.monthSymbols[month - 1]) \(day)"
        guard hour != 0 || minute != 0 || second != 0 else { return dayText }
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return "\(twelve):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM") on \(dayText)"
    }
}
