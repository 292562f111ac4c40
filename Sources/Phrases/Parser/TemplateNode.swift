import IntentModel

/// A parsed phrase template (docs/phrases.md), before rules and `${app}` are expanded.
indirect enum TemplateNode: Hashable, Sendable {
    /// Literal text; normalized into one or more tokens when compiled.
    case text(String)
    /// Parts in order.
    case sequence([TemplateNode])
    /// One of the choices; an empty sequence among them makes the whole optional.
    case alternative([TemplateNode])
    /// All parts, in any order.
    case permutation([TemplateNode])
    /// `{name}`: the intent parameter `name`; `column` is its offset in the template.
    case slot(name: String, column: Int)
    /// `<name>`: an expansion rule.
    case rule(name: String, column: Int)
    /// `${app}`: the app's name or one of its synonyms.
    case appName

    static let empty = TemplateNode.sequence([])

    /// Every slot name the template uses, with its column.
    var slots: [(name: String, column: Int)] {
        switch self {
        case .text, .appName, .rule: []
        case .slot(let name, let column): [(name, column)]
        case .sequence(let parts), .alternative(let parts), .permutation(let parts): parts.flatMap(\.slots)
        }
    }

    /// The literal texts, in order: what is said as written, without slots, rules or `${app}`.
    var texts: [String] {
        switch self {
        case .text(let text): [text]
        case .appName, .slot, .rule: []
        case .sequence(let parts), .alternative(let parts), .permutation(let parts): parts.flatMap(\.texts)
        }
    }

    var rules: [(name: String, column: Int)] {
        switch self {
        case .text, .appName, .slot: []
        case .rule(let name, let column): [(name, column)]
        case .sequence(let parts), .alternative(let parts), .permutation(let parts): parts.flatMap(\.rules)
        }
    }
}

extension PhraseTemplate {
    /// The literal texts of the template, parsed as the compiler parses it ("add [a] {title}"
    /// gives "add", "a"); none when it does not parse (`intentd check` says why).
    public var literalTexts: [String] { (try? TemplateParser.parse(text))?.texts ?? [] }
}
