import Foundation
import IntentTesting
import Testing

struct ExportCommandTests {
    @Test func vocabularyNamesAppsEntitiesAndPeople() async throws {
        let output = try await runIntentd(["vocabulary"])
        let names = Set(output.stdout.split(separator: "\n").map(String.init))
        #expect(output.status == 0)
        for expected in ["Mighty Tasks", "HarcaMA", "MyMailComposer", "The Martian", "Project Hail Mary", "Clam Chowder", "Sarah Connor", "my wife"] {
            #expect(names.contains(expected), "\(expected)")
        }
    }

    @Test func promptIsOneLine() async throws {
        let output = try await runIntentd(["vocabulary", "--format", "prompt"])
        #expect(output.stdout.split(separator: "\n").count == 1)
        #expect(output.stdout.hasPrefix("Voice commands for "))
        #expect(output.stdout.contains("Mighty Tasks"))
        #expect(output.stdout.contains("Project Hail Mary"))
        #expect(output.stdout.count < 1_500)
    }

    /// Synonyms carry no language, so the English grammar must leave out tasks.zh.yaml's
    /// names, and written forms with digits where a spoken form stands beside them: an
    /// English recognizer's dictionary (pocketsphinx's cmudict) has neither "购物清单" nor "3".
    @Test func jsgfGrammarHoldsOnlySpeakableEnglishWords() async throws {
        let text = try await runIntentd(["grammar", "--format", "jsgf"]).stdout
        let body = text.split(separator: "\n").dropFirst(2).joined(separator: "\n")
        #expect(!body.unicodeScalars.contains { $0.properties.isAlphabetic && $0.value >= 0x250 })
        #expect(!body.contains("mp 3"))
        #expect(!body.contains("12 oz"))
        #expect(body.contains("mp three"))
        #expect(body.contains("twelve ounce"))
        #expect(body.contains("groceries"))
        // A phrase whose only form has a digit keeps it.
        #expect(body.contains("mp3"))
    }

    @Test func jsgfGrammarHasAPublicRuleAndExpandedSlots() async throws {
        let output = try await runIntentd(["grammar", "--format", "jsgf"])
        let text = output.stdout
        #expect(output.status == 0)
        #expect(text.hasPrefix("#JSGF V1.0 UTF-8;\n\ngrammar intentd;\n\npublic <command> = <"))
        #expect(text.contains("<tasks_add> = "))
        #expect(text.contains("<tasks_TaskList> = "))
        #expect(text.contains("groceries"))
        #expect(text.contains("<free_text> = <word> [<word>]"))
        // Numbers in digits are left to the decoder: a rule no sentence can say on its own.
        #expect(text.contains("<heard_number> = <VOID>;"))
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("<number> = (zero") && $0.hasSuffix("| <heard_number>;") })
        #expect(lines.contains { $0.hasPrefix("<money> = <number> (dollars") && $0.hasSuffix("| <heard_number>;") })
        // Every rule referenced is defined.
        let defined = Set(text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.hasPrefix("public ") ? line.dropFirst(7) : line[...]
            guard trimmed.hasPrefix("<"), let end = trimmed.firstIndex(of: ">") else { return nil }
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
        })
        var referenced: Set<String> = []
        var scanner = text[...]
        while let open = scanner.firstIndex(of: "<") {
            guard let close = scanner[open...].firstIndex(of: ">") else { break }
            referenced.insert(String(scanner[scanner.index(after: open)..<close]))
            scanner = scanner[scanner.index(after: close)...]
        }
        referenced.remove("VOID")
        #expect(referenced.subtracting(defined).isEmpty, "undefined: \(referenced.subtracting(defined))")
    }
}
