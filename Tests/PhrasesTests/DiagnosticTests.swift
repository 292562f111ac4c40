import IntentModel
import Phrases
import Testing

/// Exact messages for every kind of phrase-file problem.
struct DiagnosticTests {
    static let header = """
        language: en
        app:
          id: tasks
          name: Mighty Tasks
        entities:
          TaskList:
            values:
              - {id: groceries, title: Groceries}
        intents:
          add:
            parameters:
              title: String
              list: TaskList?
            phrases:

        """

    func diagnostics(_ phrases: [String], extra: String = "") -> [String] {
        let text = Self.header + phrases.map { "      - \($0)\n" }.joined() + extra
        let library = PhraseLibraryLoader.load(files: [("Phrases/tasks.yaml", text)])
        return PhraseCompiler.compile(library).diagnostics.map(\.description)
    }

    @Test func unclosedGroupReportsColumn() {
        #expect(diagnostics(["add (a|the task"]) == [
            #"Phrases/tasks.yaml:15:13: error: unclosed '(' in phrase "add (a|the task""#
        ])
    }

    @Test func quotedPhraseColumnsCountFromTheText() {
        #expect(diagnostics([#""[please] add {title""#]) == [
            #"Phrases/tasks.yaml:15:23: error: unclosed '{' in phrase "[please] add {title""#
        ])
    }

    @Test func unknownSlotNamesTheParametersAndANearMiss() {
        #expect(diagnostics(["add {titel} to my list"]) == [
            #"Phrases/tasks.yaml:15:13: error: unknown slot '{titel}' in phrase "add {titel} to my list"; tasks.add has parameters title, list; did you mean '{title}'?"#
        ])
    }

    @Test func unknownRule() {
        #expect(diagnostics(["<polite> add {title}"]) == [
            #"Phrases/tasks.yaml:15:9: error: unknown rule '<polite>' in phrase "<polite> add {title}""#
        ])
    }

    @Test func strayClosingBracket() {
        #expect(diagnostics(["add {title})"]) == [
            #"Phrases/tasks.yaml:15:20: error: unexpected ')' in phrase "add {title})""#
        ])
    }

    @Test func phraseWithOnlyFreeTextIsRefused() {
        #expect(diagnostics([#""{title}""#]) == [
            #"Phrases/tasks.yaml:15:10: error: phrase "{title}" has no fixed word, so it would match anything"#
        ])
    }

    @Test func phraseOfAKnownNameAloneCompiles() {
        // A name slot matches only the names it knows, so it anchors a phrase as a word does.
        #expect(diagnostics(["add {title} to {list}", #""[the] {list}""#]) == [])
        // Every path needs such a slot: "[{list}]" may be left out, leaving nothing.
        #expect(diagnostics(["add {title} to {list}", #""[{list}]""#]) == [
            #"Phrases/tasks.yaml:16:10: error: phrase "[{list}]" has no fixed word, so it would match anything"#
        ])
    }

    @Test func unknownVariable() {
        #expect(diagnostics(["open ${application}"]) == [
            #"Phrases/tasks.yaml:15:14: error: unknown variable '${application}'; the only variable is ${app} in phrase "open ${application}""#
        ])
    }

    @Test func requiredParameterNoPhraseFillsIsAWarning() {
        #expect(diagnostics(["add something to {list}"]) == [
            "Phrases/tasks.yaml:15:9: warning: required parameter 'title' of tasks.add is in no phrase; it will always be asked for"
        ])
    }

    @Test func allErrorsOfAllFilesInOneRun() {
        let bad = "language: en\napp: {id: other}\nintents:\n  go:\n    phrases: [\"go (now\", \"stop {x}\"]\n"
        let broken = "language: en\napp: [unclosed\n"
        let library = PhraseLibraryLoader.load(files: [
            ("a.yaml", Self.header + "      - add {title}\n"), ("b.yaml", bad), ("c.yaml", broken),
        ])
        let (matcher, diagnostics) = PhraseCompiler.compile(library)
        #expect(diagnostics.filter { $0.severity == .error }.count == 3)
        #expect(diagnostics.map(\.location?.file) == ["c.yaml", "b.yaml", "b.yaml"])
        // The good file still routes.
        #expect(matcher.match(["add", "milk"]).first?.intent.id == "tasks.add")
    }

    @Test func fileStructureErrors() {
        let cases: [(String, String)] = [
            ("app: {id: x}\n", "f.yaml:1:1: error: missing 'language' (every phrase file declares its language, e.g. 'language: en')"),
            ("language: en\napp: {id: x}\nintents:\n  a:\n    parameters: {p: Sometype}\n", "f.yaml:5:21: error: unknown type 'Sometype' for parameter 'p'"),
            ("language: en\napp: {id: x}\nintents:\n  a:\n    authentication: maybe\n", "f.yaml:5:21: error: unknown authentication policy 'maybe'; expected one of alwaysAllowed, requiresAuthentication, requiresLocalDeviceAuthentication"),
            ("language: en\napp: {id: x}\nintents:\n  a:\n    titel: A\n", "f.yaml:5:5: warning: unknown key 'titel' in intent 'x.a'; did you mean 'title'?"),
            ("language: en\nextends: taks\n", "f.yaml:2:10: error: 'extends' names unknown app 'taks'"),
            ("language: en\napp: {id: x}\nintents: [1, 2\n", "f.yaml:4:1: error: invalid YAML: while parsing a flow sequence: did not find expected ',' or ']'"),
        ]
        for (text, expected) in cases {
            let library = PhraseLibraryLoader.load(files: [("f.yaml", text)])
            #expect(library.diagnostics.map(\.description) == [expected])
        }
    }
}

/// `check` speaks like a compiler that helps: near misses are named (issue 16).
struct NearMissDiagnosticTests {
    @Test func anUnknownRuleNamesTheNearestKnownOne() {
        let library = PhraseLibraryLoader.load(files: [
            ("common.en.yaml", "language: en\nrules:\n  show: (show|list)\n"),
            ("notes.yaml", "language: en\napp:\n  id: notes\n  name: Notes\nintents:\n  list:\n    title: List notes\n    phrases:\n      - <shw> my notes\n"),
        ])
        let (_, diagnostics) = PhraseCompiler.compile(library)
        #expect(diagnostics.contains { $0.message.hasSuffix("Did you mean '<show>'?") }, "\(diagnostics)")
    }

    @Test func anUnknownTypeNamesTheNearestBuiltInOne() {
        let library = PhraseLibraryLoader.load(files: [
            ("notes.yaml", "language: en\napp:\n  id: notes\n  name: Notes\nintents:\n  add:\n    title: Add a note\n    parameters:\n      when: Dat\n    phrases:\n      - note this\n"),
        ])
        #expect(library.diagnostics.contains { $0.message == "unknown type 'Dat' for parameter 'when'. Did you mean 'Date'?" }, "\(library.diagnostics)")
    }

    /// One mistake, one error: a parameter whose type is misspelt is reported once, with the
    /// app's own type as the near miss, not again at every phrase that uses its slot.
    @Test func anUnknownTypeIsOneErrorAndNamesTheAppsType() {
        let phrases = (1...5).map { "      - order {soup} number \($0)\n" }.joined()
        let text = "language: en\napp:\n  id: soup\n  name: Soup\nentities:\n  Soup:\n    values:\n      - {id: tomato, title: Tomato}\n"
            + "intents:\n  order:\n    title: Order\n    parameters:\n      soup: Sop\n    phrases:\n" + phrases
        let library = PhraseLibraryLoader.load(files: [("soup.yaml", text)])
        let diagnostics = PhraseCompiler.compile(library).diagnostics
        #expect(diagnostics.map(\.message) == ["unknown type 'Sop' for parameter 'soup'. Did you mean 'Soup'?"], "\(diagnostics)")
    }

    /// Effects (docs/memory.md): each mistake in an `undo` is reported where it is.
    @Test func effectsAndTheirUndoAreChecked() {
        func diagnostics(_ intents: String) -> [String] {
            let text = "language: en\napp:\n  id: tasks\n  name: Tasks\nintents:\n" + intents
            return PhraseLibraryLoader.load(files: [("tasks.yaml", text)]).diagnostics.map(\.description)
        }
        let inverse = "  delete:\n    title: Delete\n    parameters:\n      task: String\n    phrases:\n      - delete {task}\n"
        let good = "  add:\n    title: Add\n    effect: reversible\n    undo: {intent: delete, parameters: {task: $result.id}}\n"
            + "    parameters:\n      title: String\n    phrases:\n      - add {title}\n" + inverse
        #expect(diagnostics(good) == [])
        let library = PhraseLibraryLoader.load(files: [("tasks.yaml", "language: en\napp:\n  id: tasks\n  name: Tasks\nintents:\n" + good)])
        #expect(library.intent("tasks.add")?.effect == .reversible(UndoAction(intent: "tasks.delete", parameters: ["task": .string("$result.id")])))

        #expect(diagnostics("  add:\n    title: Add\n    effect: reversable\n    phrases: [add it]\n") == [
            "tasks.yaml:8:13: error: unknown effect 'reversable'; expected one of readOnly, reversible, destructive. Did you mean 'reversible'?"
        ])
        #expect(diagnostics("  add:\n    title: Add\n    effect: reversible\n    phrases: [add it]\n") == [
            "tasks.yaml:8:13: error: a reversible intent needs 'undo: {intent: NAME, parameters: {...}}', the intent that reverses it"
        ])
        #expect(diagnostics("  add:\n    title: Add\n    effect: readOnly\n    undo: {intent: add}\n    phrases: [add it]\n") == [
            "tasks.yaml:9:11: error: 'undo' needs 'effect: reversible', not 'readOnly'"
        ])
        #expect(diagnostics("  add:\n    title: Add\n    effect: reversible\n    undo: {intent: delte}\n    phrases: [add it]\n" + inverse) == [
            "tasks.yaml:9:20: error: undo names 'tasks.delte', which is not an intent of app 'tasks'. Did you mean 'delete'?"
        ])
        #expect(diagnostics("  add:\n    title: Add\n    effect: reversible\n    undo: {intent: delete, parameters: {id: $titel}}\n    phrases: [add it]\n" + inverse) == [
            "tasks.yaml:9:45: error: 'tasks.delete' has no parameter 'id'",
            "tasks.yaml:9:45: error: '$titel': 'tasks.add' has no parameter 'titel'",
        ])
    }
}
