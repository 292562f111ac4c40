import IntentModel

/// The words and names a speech recognizer should expect from the phrase library: app names,
/// entity and enum names, contacts, and the words of the phrases. Passing them to a
/// recognizer as a prompt or as hot words makes it hear "HarcaMA" and "Project Hail Mary".
public struct VocabularyExport {
    let library: PhraseLibrary

    public init(library: PhraseLibrary) { self.library = library }

    /// Names of things, most specific first: apps, entity values, enum cases, people.
    public var names: [String] {
        var seen: Set<String> = []
        var result: [String] = []
        func add(_ name: String) {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, seen.insert(trimmed.lowercased()).inserted else { return }
            result.append(trimmed)
        }
        for app in library.apps {
            add(app.displayName)
            app.synonyms.forEach(add)
        }
        for app in library.apps {
            for type in app.entityTypes {
                for value in type.values {
                    add(value.title)
                    value.synonyms.forEach(add)
                }
            }
            for enumType in app.enums {
                for enumCase in enumType.cases {
                    add(enumCase.title)
                    enumCase.synonyms.forEach(add)
                }
            }
        }
        for contact in library.contacts {
            add(contact.person.name)
            contact.aliases.forEach(add)
        }
        return result
    }

    /// The literal words of every phrase, in the order they first appear.
    public var phraseWords: [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for app in library.apps {
            for template in app.phrases {
                for word in Self.literalWords(template.text) where seen.insert(word).inserted { result.append(word) }
            }
        }
        let adopted = Set(library.intents.compactMap(\.adoptedSchema))
        for set in library.schemaPhrases where adopted.contains(set.schema) {
            for template in set.phrases {
                for word in Self.literalWords(template.text) where seen.insert(word).inserted { result.append(word) }
            }
        }
        return result
    }

    /// A recognizer prompt: one short line naming the apps and the things and people they
    /// know, by their display names only (Whisper reads about 200 tokens of prompt).
    public var prompt: String {
        var things: [String] = []
        for app in library.apps {
            things += app.entityTypes.flatMap { $0.values.map(\.title) }
            things += app.enums.flatMap { $0.cases.map(\.title) }
        }
        things += library.contacts.map(\.person.name)
        var seen: Set<String> = []
        let names = things.filter { name in
            name.unicodeScalars.allSatisfy(\.isASCII) && seen.insert(name.lowercased()).inserted
        }
        return "Voice commands for " + library.apps.map(\.displayName).joined(separator: ", ") + ": "
            + names.joined(separator: ", ") + "."
    }

    static func literalWords(_ template: String) -> [String] {
        var text = ""
        var depth = 0
        for c in template {
            switch c {
            case "{", "<": depth += 1; text.append(" ")
            case "}", ">": depth -= 1; text.append(" ")
            case "(", ")", "[", "]", "|", ";", "$": text.append(" ")
            default: text.append(depth > 0 ? " " : c)
            }
        }
        return TextNormalizer().words(text).filter { !$0.isEmpty && $0 != "app" }
    }
}
