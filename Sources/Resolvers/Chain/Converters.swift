import IntentModel

/// Conversions between types, used when no resolver reads the text as the wanted type
/// directly: a number where a text is wanted, "1" or "0" where a yes or no is.
enum Converters {
    /// The types to read first, in order, when `target` reads nothing.
    static func sources(for target: ValueType) -> [ValueType] {
        switch target {
        case .bool: [.int, .string]
        case .double: [.int]
        case .string: []
        case .enumeration, .entity: [.string]
        default: []
        }
    }

    /// `value` as `target`: directly, or through its text (Int → String → Bool).
    static func convert(_ value: Value, to target: ValueType) -> Value? {
        if let direct = step(value, to: target) { return direct }
        guard target != .string, let text = step(value, to: .string) else { return nil }
        return step(text, to: target)
    }

    private static func step(_ value: Value, to target: ValueType) -> Value? {
        switch (value, target) {
        case (.int(let n), .double): return .double(Double(n))
        case (.int(let n), .bool) where n == 0 || n == 1: return .bool(n == 1)
        case (.int(let n), .string): return .string(String(n))
        case (.double(let d), .string): return .string(d.description)
        case (.string(let s), .bool): return BoolReader.read(s).map(Value.bool)
        case (.bool(let b), .string): return .string(b ? "true" : "false")
        case (_, .string): return .string(value.displayText)
        default: return nil
        }
    }
}

/// Splits "john, sarah and alex" into its items.
enum ListSplitter {
    static func split(_ text: String) -> [String] {
        var items: [String] = []
        for part in text.split(separator: ",") {
            var piece = part.trimmingCharacters(in: .whitespaces)
            for lead in ["and ", "or ", "& "] where piece.lowercased().hasPrefix(lead) { piece.removeFirst(lead.count) }
            let words = piece.split(separator: " ", omittingEmptySubsequences: true)
            var current: [Substring] = []
            for word in words {
                if ["and", "&", "plus"].contains(word.lowercased()) {
                    if !current.isEmpty { items.append(current.joined(separator: " ")) }
                    current = []
                } else {
                    current.append(word)
                }
            }
            if !current.isEmpty { items.append(current.joined(separator: " ")) }
        }
        return items
    }
}
