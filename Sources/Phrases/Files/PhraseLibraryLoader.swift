import Foundation
import IntentModel

/// Loads phrase files from folders and files into one ``PhraseLibrary``.
///
/// Every file is read, whatever errors the others have; a file whose YAML cannot be read is
/// left out with an error, and the rest load.
public enum PhraseLibraryLoader {
    /// Loads every `.yaml` and `.yml` file under each path (a folder, searched recursively, or a file).
    public static func load(paths: [String]) -> PhraseLibrary {
        let (files, diagnostics) = readFiles(paths: paths)
        return load(files: files, readProblems: diagnostics)
    }

    /// The text of every phrase file under `paths`, in the order ``load(paths:)`` reads them,
    /// and the problems of finding and reading them.
    package static func readFiles(paths: [String]) -> (files: [(path: String, text: String)], diagnostics: [Diagnostic]) {
        var files: [(path: String, text: String)] = []
        var diagnostics: [Diagnostic] = []
        for path in paths {
            let found = phraseFiles(at: path, diagnostics: &diagnostics)
            for (file, read) in zip(found, PhraseFileSystem.readTexts(found)) {
                switch read {
                case .success(let text): files.append((file, text))
                case .failure(let error):
                    diagnostics.append(.error("cannot read the file: \(error)", at: SourceLocation(file: file, line: 1, column: 1)))
                }
            }
        }
        return (files, diagnostics)
    }

    /// Loads files ``readFiles(paths:)`` read, with the problems it met first.
    package static func load(files: [(path: String, text: String)], readProblems: [Diagnostic]) -> PhraseLibrary {
        load(files: files, readProblems: readProblems, reusing: [:]).library
    }

    /// Loads phrase files given as text, named by `path` in diagnostics.
    public static func load(files: [(path: String, text: String)]) -> PhraseLibrary {
        load(files: files, readProblems: [], reusing: [:]).library
    }

    /// One phrase file as its reader made it, with the hash of the text it was made from: a
    /// daemon reloading its phrase files reads again (parses the YAML of) only the files whose
    /// text changed, and takes the rest as they were read.
    package struct FileRead: Sendable {
        let textHash: UInt64
        let file: PhraseFile?
        let diagnostics: [Diagnostic]
        let sourceLocations: [String: SourceLocation]
        let unreadableParameters: Set<String>
    }

    /// Loads files ``readFiles(paths:)`` read, with the problems it met first; a file whose
    /// path and text hash are in `previous` is taken from there instead of being read again.
    /// Returns the library, every file's read (for the next load) and how many were read again.
    package static func load(
        files: [(path: String, text: String)], readProblems: [Diagnostic], reusing previous: [String: FileRead]
    ) -> (library: PhraseLibrary, reads: [String: FileRead], readAgain: Int) {
        var library = PhraseLibrary()
        library.diagnostics = readProblems
        var reads: [String: FileRead] = [:]
        var readAgain = 0
        var extensions: [AppExtension] = []
        var homeAssistant: [(path: String, file: HomeAssistantFile)] = []
        for (path, text) in files {
            let textHash = ContentHash.of(text)
            let read: FileRead
            if let known = previous[path], known.textHash == textHash {
                read = known
            } else {
                var reader = PhraseFileReader(file: path, text: text)
                let file = reader.read()
                read = FileRead(
                    textHash: textHash, file: file, diagnostics: reader.diagnostics, sourceLocations: reader.sourceLocations,
                    unreadableParameters: reader.unreadableParameters)
                readAgain += 1
            }
            reads[path] = read
            library.diagnostics += read.diagnostics
            library.sourceLocations.merge(read.sourceLocations) { first, _ in first }
            library.unreadableParameters.formUnion(read.unreadableParameters)
            switch read.file {
            case .app(let app, _):
                if let existing = library.apps.first(where: { $0.id == app.id }) {
                    let other = existing.phrases.first?.location?.file ?? "another file"
                    library.diagnostics.append(.error("app '\(app.id)' is already defined in \(other)", at: SourceLocation(file: path, line: 1, column: 1)))
                } else {
                    library.apps.append(app)
                }
            case .appExtension(let ext): extensions.append(ext)
            case .schemaPhrases(let sets): library.schemaPhrases += sets
            case .catalog(let catalog): merge(catalog, into: &library)
            case .common(let language, let resources):
                var merged = library.languages[language] ?? LanguageResources()
                merged.rules.merge(resources.rules) { _, new in new }
                merged.fillerWords.formUnion(resources.fillerWords)
                merged.fillerPhrases += resources.fillerPhrases
                merged.outsideScope += resources.outsideScope
                merged.selfRepair += resources.selfRepair
                merged.conjunctions += resources.conjunctions
                library.languages[language] = merged
            case .contacts(let contacts): library.contacts += contacts
            case .homeAssistant(let file): homeAssistant.append((path, file))
            case nil: break
            }
        }
        if !homeAssistant.isEmpty {
            var converter = HomeAssistantConverter(files: homeAssistant)
            converter.convert(into: &library)
        }
        for ext in extensions { apply(ext, to: &library) }
        validateSchemas(&library)
        return (library, reads, readAgain)
    }

    public static func phraseFiles(at path: String, diagnostics: inout [Diagnostic]) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            diagnostics.append(.error("no such file or folder '\(path)'", at: nil))
            return []
        }
        guard isDirectory.boolValue else { return [path] }
        return PhraseFileSystem.yamlFiles(under: path.hasSuffix("/") ? String(path.dropLast()) : path)
    }

    static func apply(_ ext: AppExtension, to library: inout PhraseLibrary) {
        guard let index = library.apps.firstIndex(where: { $0.id == ext.appID }) else {
            let hint = Spelling.suggestion(for: ext.appID, among: library.apps.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
            library.diagnostics.append(.error("'extends' names unknown app '\(ext.appID)'\(hint)", at: ext.location))
            return
        }
        var app = library.apps[index]
        app.synonyms += ext.synonyms.filter { !app.synonyms.contains($0) }
        for (name, template) in ext.rules { app.rules["\(name)@\(ext.language)"] = template }
        for (typeName, byID) in ext.valueSynonyms {
            let qualified = "\(app.id).\(typeName)"
            if let t = app.entityTypes.firstIndex(where: { $0.name == qualified }) {
                for (id, names) in byID {
                    guard let v = app.entityTypes[t].values.firstIndex(where: { $0.id == id }) else {
                        library.diagnostics.append(.error("entity '\(typeName)' has no value '\(id)'", at: ext.location))
                        continue
                    }
                    app.entityTypes[t].values[v].synonyms += names
                }
            } else if let e = app.enums.firstIndex(where: { $0.name == qualified }) {
                for (id, names) in byID {
                    guard let c = app.enums[e].cases.firstIndex(where: { $0.id == id }) else {
                        library.diagnostics.append(.error("enum '\(typeName)' has no case '\(id)'", at: ext.location))
                        continue
                    }
                    app.enums[e].cases[c].synonyms += names
                }
            } else {
                library.diagnostics.append(.error("app '\(app.id)' has no entity or enum '\(typeName)'", at: ext.location))
            }
        }
        for (intentID, template, location) in ext.phrases {
            guard app.intent(intentID) != nil else {
                let hint = Spelling.suggestion(for: intentID, among: app.intents.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                library.diagnostics.append(.error("unknown intent '\(intentID)'\(hint)", at: location))
                continue
            }
            app.phrases.append(template)
        }
        library.apps[index] = app
    }
}
