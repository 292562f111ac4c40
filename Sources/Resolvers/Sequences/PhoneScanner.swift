/// Finds phone numbers: digits in groups with spaces, dashes, dots and parentheses, an
/// optional leading "+", and an extension ("x123", "ext. 123"); 7 to 15 digits in all.
enum PhoneScanner {
    static let separators: Set<Character> = [" ", "-", ".", "(", ")", "/"]

    static func extract(_ text: String) -> [String] {
        let characters = Array(text)
        var found: [String] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let previous: Character = index > 0 ? characters[index - 1] : " "
            let startsHere =
                character.isNumber || ((character == "+" || character == "(") && index + 1 < characters.count)
            guard startsHere, !previous.isLetter, !previous.isNumber, !"*/+-=.$€£#".contains(previous) else {
                index += 1
                continue
            }
            let (end, candidate) = scan(characters, from: index)
            if let number = validate(candidate, before: String(characters[..<index])) { found.append(number) }
            index = max(end, index + 1)
        }
        return found
    }

    /// The longest run of phone characters from `start`, with its extension.
    static func scan(_ characters: [Character], from start: Int) -> (Int, String) {
        var end = start
        var spaces = 0
        while end < characters.count {
            let character = characters[end]
            if character.isNumber || (character == "+" && end == start) || separators.contains(character) {
                spaces = character == " " ? spaces + 1 : 0
                if spaces > 1 { break }
                end += 1
            } else if character == "+", end > start, characters[end - 1] == "(" {
                end += 1
            } else {
                break
            }
        }
        var text = String(characters[start..<end])
        while let last = text.last, last == " " || last == "-" || last == "." || last == "(" || last == "/" {
            text.removeLast()
            end -= 1
        }
        // "x123", " ext. 123", " ext 123"
        let rest = String(characters[end...]).lowercased()
        for marker in ["x", " ext. ", " ext ", " ext.", " extension "] where rest.hasPrefix(marker) {
            let digits = rest.dropFirst(marker.count).prefix { $0.isNumber }
            if !digits.isEmpty {
                let length = marker.count + digits.count
                text += String(characters[end..<end + length])
                end += length
            }
            break
        }
        return (end, text)
    }

    static func validate(_ candidate: String, before: String) -> String? {
        let digits = candidate.filter(\.isNumber)
        let main =
            candidate.lowercased().split(whereSeparator: { $0 == "x" || $0 == "e" }).first.map { $0.filter(\.isNumber) }
            ?? digits
        guard (7...15).contains(main.count) else { return nil }
        if candidate.filter({ $0 == "(" }).count != candidate.filter({ $0 == ")" }).count { return nil }
        if candidate.dropFirst().contains("+"), !candidate.hasPrefix("(+") { return nil }
        if candidate.contains("/") { return nil }
        let context = before.lowercased().suffix(24)
        if context.contains("card") || context.contains("account") || context.contains("visa") { return nil }
        return candidate
    }

    static let digitWords: [String: String] = [
        "zero": "0", "oh": "0", "o": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
        "seven": "7", "eight": "8", "nine": "9",
    ]

    /// A phone number said or typed as a run of digit words and digit groups: "five five five
    /// one two one two", "555 123 4567", "+ 1 541 754 3010".
    static func spoken(_ tokens: [String], from start: Int) -> (number: String, end: Int)? {
        var index = start
        var number = ""
        if tokens[safe: index] == "+" {
            number = "+"
            index += 1
        }
        var groups = 0
        while index < tokens.count {
            let token = tokens[index]
            if let digit = digitWords[token] {
                number += digit
            } else if token.isAllNumbers, token.count <= 5 {
                number += token
                groups += 1
            } else if token == "double" || token == "triple", let next = digitWords[tokens[safe: index + 1] ?? ""] {
                number += String(repeating: next, count: token == "double" ? 2 : 3)
                index += 1
            } else {
                break
            }
            index += 1
        }
        let count = number.filter(\.isNumber).count
        guard (7...15).contains(count), index - start >= 2 || groups >= 2 else { return nil }
        return (number, index)
    }
}
