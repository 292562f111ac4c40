import Foundation
import IntentModel

@testable import Resolvers

/// One corpus line, resolved with the chain and compared with its expectation.
struct CorpusCase {
    let item: JSONValue
    init(_ item: JSONValue) { self.item = item }

    var text: String { item["text"]?.stringValue ?? "" }
    var dimension: String { item["dimension"]?.stringValue ?? "" }
    var expected: JSONValue { item["expected"] ?? .null }
    var context: ResolutionContext {
        let reference = item["reference"]?.stringValue.flatMap { LocalDateTime(iso8601: $0) }
        // Duckling's cases are local times in its test zone, -02:00 (README: `tz_offset`).
        var zone = TimeZone(identifier: "UTC") ?? .current
        if let offset = item["tz_offset"]?.stringValue, let hours = Int(offset.prefix(3)),
            let fixed = TimeZone(secondsFromGMT: hours * 3600)
        {
            zone = fixed
        }
        return ResolutionContext(now: reference ?? LocalDateTime(year: 2016, month: 11, day: 7), timeZone: zone)
    }
    static let chain = ResolverChain()

    var type: ValueType {
        switch dimension {
        // Beyond Int's range (quintillions) the number is read as a Double.
        case "cardinal", "ordinal": abs(expected.numberValue ?? 0) > 9e15 ? .double : .int
        case "decimal": .double
        case "currency": .currencyAmount
        case "temperature": .measurement(dimension: "temperature")
        case "duration": .duration
        case "boolean": .bool
        default: .date
        }
    }

    func actual() -> String {
        switch dimension {
        case "email", "url", "phone": return extracted().description
        case "period": return periodStrings().map { "\($0.0)..\($0.1)" } ?? "nil"
        default:
            switch Self.chain.resolve(text, as: type, context: context) {
            case .resolved(let candidates): return candidates.map { $0.value.json.serialized }.joined(separator: " | ")
            case .failed(let reason): return reason
            }
        }
    }

    func extracted() -> [String] {
        let kind: ValueType = dimension == "email" ? .email : dimension == "url" ? .url : .phoneNumber
        return SequenceReader.extract(text, kind: kind)
    }

    func periodStrings() -> (String, String)? {
        guard let range = DateRangeReader(context: context).read(text) else { return nil }
        let start = expected["start"]?.stringValue ?? ""
        let asStated = item["end_convention"]?.stringValue == "as_stated"
        let end = asStated ? (range.statedEnd ?? range.end) : range.end
        func shape(_ value: LocalDateTime) -> String {
            let iso = value.iso8601
            if start.count == 10 { return String(iso.prefix(10)) }
            if start.count == 8 { return String(iso.suffix(8)) }
            return iso
        }
        return (shape(range.start), shape(end))
    }

    func passes() -> Bool {
        switch dimension {
        case "email", "url", "phone":
            // Recognizers-Text writes URLs and addresses in lower case; compare without case.
            let wanted = (expected.arrayValue ?? []).compactMap(\.stringValue).map { $0.lowercased() }
            return extracted().map { $0.lowercased() } == wanted
        case "period":
            guard let got = periodStrings() else { return false }
            return got.0 == expected["start"]?.stringValue && got.1 == expected["end"]?.stringValue
        default: break
        }
        guard let best = Self.chain.resolve(text, as: type, context: context).best?.value else { return false }
        switch (dimension, best) {
        case ("cardinal", .int(let n)), ("ordinal", .int(let n)): return Double(n) == expected.numberValue
        case ("decimal", .double(let d)), ("cardinal", .double(let d)), ("ordinal", .double(let d)):
            guard let wanted = expected.numberValue else { return false }
            return abs(d - wanted) <= max(abs(wanted) * 1e-9, 1e-12)
        case ("decimal", .int(let n)): return Double(n) == expected.numberValue
        case ("duration", .duration(let seconds)): return seconds == expected.numberValue
        case ("boolean", .bool(let b)): return expected == .bool(b)
        case ("currency", .currencyAmount(let money)):
            guard let amount = expected["amount"]?.numberValue, let unit = expected["unit"]?.stringValue else {
                return false
            }
            let (wantedAmount, wantedCode) = Self.generic(amount, unit)
            return abs(money.amount - wantedAmount) < 1e-6 * max(1, abs(wantedAmount)) && money.currency == wantedCode
        case ("temperature", .measurement(let m)):
            let unit = ["celsius": "C", "fahrenheit": "F", "degrees": "degree"][m.unit] ?? m.unit
            return m.value == expected["value"]?.numberValue && unit == expected["unit"]?.stringValue
        case ("date", .date(let d)): return String(d.iso8601.prefix(10)) == expected.stringValue
        case ("time", .date(let d)): return String(d.iso8601.suffix(8)) == expected.stringValue
        case ("datetime", .date(let d)): return d.iso8601 == expected.stringValue
        default: return false
        }
    }

    /// The corpus's generic currency names in en-US terms (README: map before comparing).
    static func generic(_ amount: Double, _ unit: String) -> (Double, String) {
        switch unit {
        case "dollar": (amount, "USD")
        case "pound": (amount, "GBP")
        case "cent": (amount / 100, "USD")
        case "pence": (amount / 100, "GBP")
        case "franc": (amount, "CHF")
        case "rupee": (amount, "INR")
        case "dinar": (amount, "KWD")
        case "rial": (amount, "IRR")
        case "riyal": (amount, "SAR")
        case "satoshi": (amount / 100_000_000, "BTC")
        case "sen": (amount / 100, "MYR")
        default: (amount, unit)
        }
    }
}

