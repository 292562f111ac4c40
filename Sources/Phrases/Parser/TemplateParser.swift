/// Why a template could not be parsed, and at which character (0-based) of it.
struct TemplateSyntaxError: Error, Hashable, Sendable {
    var message: String
    var offset: Int
}

/// Parses the hassil-style template syntax of docs/phrases.md into a ``TemplateNode``.
///
/// Grammar (whitespace separates items; `;` separates the parts of an any-order group):
/// ```
/// template    := choice
/// choice      := sequence ('|' sequence)*
/// sequence    := item*
/// item        := '(' group ')' | '[' group ']' | '{' name '}' | '<' name '>' | '${app}' | word
/// group       := choice (';' choice)*
/// ```
/// An item glued to a word without a space (`fan[s]`, `(re)open`) joins their texts.
struct TemplateParser {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) { characters = Array(text) }

    static func parse(_ text: String) throws(TemplateSyntaxError) -> TemplateNode {
        var parser = TemplateParser(text)
        let node = try parser.parseChoice(closing: nil)
        if parser.index < parser.characters.count {
            let c = parser.characters[parser.index]
            throw TemplateSyntaxError(message: "unexpected '\(c)'", offset: parser.index)
        }
        if case .sequence(let parts) = node, parts.isEmpty {
            throw TemplateSyntaxError(message: "empty phrase", offset: 0)
        }
        return node
    }

    /// Whether `c` is one of the syntax's characters: `( ) [ ] { } < > | ;`.
    @inline(__always)
    private static func isSpecial(_ c: Character) -> Bool {
        switch c.asciiValue {
        case 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x3C, 0x3E, 0x7C, 0x3B: true
        default: false
        }
    }

    /// `Character.isWhitespace`, without a Unicode property look-up for ASCII (nearly every
    /// character of a template; the look-up was a twentieth of a cold start).
    @inline(__always)
    private static func isSpace(_ c: Character) -> Bool {
        if let ascii = c.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return c.isWhitespace
    }

    private mutating func skipSpaces() {
        while index < characters.count, Self.isSpace(characters[index]) { index += 1 }
    }

    /// A choice ends at `closing`, at `;` inside a group, or at the end of input.
    private mutating func parseChoice(closing: Character?) throws(TemplateSyntaxError) -> TemplateNode {
        var choices = [try parseSequence(closing: closing)]
        while index < characters.count, characters[index] == "|" {
            index += 1
            choices.append(try parseSequence(closing: closing))
        }
        return choices.count == 1 ? choices[0] : .alternative(choices)
    }

    private mutating func parseSequence(closing: Character?) throws(TemplateSyntaxError) -> TemplateNode {
        var items: [TemplateNode] = []
        while true {
            let hadSpace = index < characters.count && Self.isSpace(characters[index])
            skipSpaces()
            guard index < characters.count else { break }
            let c = characters[index]
            if c == "|" || c == ";" { break }
            if c == ")" || c == "]" || c == "}" || c == ">" {
                if c == closing { break }
                throw TemplateSyntaxError(message: "unexpected '\(c)'", offset: index)
            }
            let item = try parseItem()
            if !hadSpace, let last = items.last, !items.isEmpty, let glued = Self.glue(last, item) {
                items[items.count - 1] = glued
            } else {
                items.append(item)
            }
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func parseItem() throws(TemplateSyntaxError) -> TemplateNode {
        let start = index
        let c = characters[index]
        switch c {
        case "(", "[":
            let closing: Character = c == "(" ? ")" : "]"
            index += 1
            var parts = [try parseChoice(closing: closing)]
            while index < characters.count, characters[index] == ";" {
                index += 1
                parts.append(try parseChoice(closing: closing))
            }
            guard index < characters.count, characters[index] == closing else {
                throw TemplateSyntaxError(message: "unclosed '\(c)'", offset: start)
            }
            index += 1
            let group: TemplateNode = parts.count == 1 ? parts[0] : .permutation(parts)
            if c == "[" { return .alternative([group, .empty]) }
            if case .sequence(let inner) = group, inner.isEmpty {
                throw TemplateSyntaxError(message: "empty group '()'", offset: start)
            }
            return group
        case "{":
            let name = try parseName(closing: "}", opening: "{")
            guard !name.isEmpty else { throw TemplateSyntaxError(message: "empty slot name '{}'", offset: start) }
            return .slot(name: name, column: start)
        case "<":
            let name = try parseName(closing: ">", opening: "<")
            guard !name.isEmpty else { throw TemplateSyntaxError(message: "empty rule name '<>'", offset: start) }
            return .rule(name: name, column: start)
        case "$" where index + 1 < characters.count && characters[index + 1] == "{":
            index += 1
            let name = try parseName(closing: "}", opening: "${")
            guard name == "app" else {
                throw TemplateSyntaxError(message: "unknown variable '${\(name)}'; the only variable is ${app}", offset: start)
            }
            return .appName
        default:
            var word = ""
            while index < characters.count, !Self.isSpace(characters[index]), !Self.isSpecial(characters[index]) {
                if characters[index] == "$", index + 1 < characters.count, characters[index + 1] == "{" { break }
                word.append(characters[index])
                index += 1
            }
            return .text(word)
        }
    }

    private mutating func parseName(closing: Character, opening: String) throws(TemplateSyntaxError) -> String {
        let start = index
        index += 1
        var name = ""
        while index < characters.count, characters[index] != closing {
            let c = characters[index]
            if Self.isSpecial(c) || Self.isSpace(c) {
                throw TemplateSyntaxError(message: "unclosed '\(opening)'", offset: start)
            }
            name.append(c)
            index += 1
        }
        guard index < characters.count else { throw TemplateSyntaxError(message: "unclosed '\(opening)'", offset: start) }
        index += 1
        return name
    }

    /// Joins two items written without a space between them, when both are plain text choices.
    private static func glue(_ left: TemplateNode, _ right: TemplateNode) -> TemplateNode? {
        guard let lefts = texts(left), let rights = texts(right), lefts.count * rights.count <= 64 else { return nil }
        var joined: [TemplateNode] = []
        for l in lefts {
            for r in rights { joined.append(.text(l + r)) }
        }
        return joined.count == 1 ? joined[0] : .alternative(joined)
    }

    /// Every text a node of plain words stands for; a sequence's words are joined by spaces, so
    /// `(lock|garage door)[s]` gives "locks" and "garage doors", as in hassil.
    private static func texts(_ node: TemplateNode) -> [String]? {
        switch node {
        case .text(let t): return [t]
        case .sequence(let parts):
            var joined = [""]
            for part in parts {
                guard let next = texts(part), joined.count * next.count <= 64 else { return nil }
                joined = joined.flatMap { left in next.map { left.isEmpty ? $0 : $0.isEmpty ? left : left + " " + $0 } }
            }
            return joined
        case .alternative(let choices):
            var all: [String] = []
            for choice in choices {
                guard let t = texts(choice) else { return nil }
                all += t
            }
            return all
        default: return nil
        }
    }
}
