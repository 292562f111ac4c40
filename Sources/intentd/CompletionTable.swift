import IntentModel
import Wire

/// What tab completes at the REPL's prompt: commands at the start of the line, app ids
/// after `:intents`, otherwise the words of the phrases, app names, and entity and enum
/// names (whole names too: "project hail mary").
struct CompletionTable: Sendable {
    var commands: [String] = []
    var appIDs: [String] = []
    /// Lowercased words and names, sorted, without duplicates.
    var words: [String] = []
    /// Names of several words, each as its words ("mighty", "tasks"), to complete the rest
    /// of a name whose first words are already typed.
    var names: [[String]] = []

    init() {}

    init(commands: [String], apps: [AppDefinition], entityNames: [String]) {
        self.commands = commands
        appIDs = apps.map(\.id).sorted()
        var vocabulary = Set<String>()
        for app in apps {
            for name in [app.displayName, app.id] + app.synonyms { Self.addName(name, to: &vocabulary) }
            for phrase in app.phrases { vocabulary.formUnion(Self.words(ofTemplate: phrase)) }
            let enumNames = app.enums.flatMap { $0.cases.flatMap { [$0.title] + $0.synonyms } }
            let valueNames = app.entityTypes.flatMap { $0.values.flatMap { [$0.title] + $0.synonyms } }
            for name in enumNames + valueNames { Self.addName(name, to: &vocabulary) }
        }
        for name in entityNames { Self.addName(name, to: &vocabulary) }
        words = vocabulary.sorted()
        names = words.filter { $0.contains(" ") }.map { $0.split(separator: " ").map(String.init) }
    }

    /// The completions of `word`, given the text of the line before it.
    func matches(for word: String, after before: String) -> [String] {
        let context = before.trimmingCharacters(in: .whitespaces)
        let prefix = word.lowercased()
        if context.isEmpty, word.hasPrefix(":") { return commands.filter { $0.hasPrefix(prefix) } }
        if context.hasPrefix(":") {
            return context == ":intents" ? appIDs.filter { $0.hasPrefix(prefix) } : []
        }
        guard !prefix.isEmpty else { return [] }
        // "what is left in mighty ta": the rest of a name whose first words were typed wins.
        let typed = context.lowercased().split(separator: " ").map(String.init)
        var rests = Set<String>()
        for name in names {
            for count in 1..<name.count
            where count <= typed.count && Array(typed.suffix(count)) == Array(name.prefix(count)) {
                let rest = name.dropFirst(count).joined(separator: " ")
                if rest.hasPrefix(prefix) { rests.insert(rest) }
            }
        }
        if !rests.isEmpty { return rests.sorted() }
        return words.filter { $0.hasPrefix(prefix) }
    }

    /// The longest common prefix of the matches: what readline inserts for several.
    static func commonPrefix(_ matches: [String]) -> String {
        guard var prefix = matches.first else { return "" }
        for match in matches.dropFirst() {
            while !match.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// A name's words, and the whole name when it has several (without a leading "the").
    private static func addName(_ name: String, to vocabulary: inout Set<String>) {
        let lowered = name.lowercased().trimmingCharacters(in: .whitespaces)
        let parts = lowered.split(separator: " ").map(String.init)
        for part in parts where part.count > 1 { vocabulary.insert(part) }
        guard parts.count > 1 else { return }
        vocabulary.insert(lowered)
        if parts.first == "the" { vocabulary.insert(parts.dropFirst().joined(separator: " ")) }
    }

    /// The literal words of a phrase template: slots (`{title}`), rules (`<task>`) and
    /// `${app}` dropped, alternatives and optional parts split apart.
    static func words(ofTemplate template: PhraseTemplate) -> Set<String> {
        var result = Set<String>()
        for text in template.literalTexts {
            for word in text.split(whereSeparator: { !($0.isLetter || $0 == "'" || $0 == "-") }) {
                // Words of spaced languages only: CJK phrases have no words to complete.
                if word.count > 1, word.unicodeScalars.allSatisfy({ $0.value < 0x2E80 }) { result.insert(word.lowercased()) }
            }
        }
        return result
    }
}
