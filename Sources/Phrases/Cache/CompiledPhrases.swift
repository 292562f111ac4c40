import Foundation
import IntentModel

/// A phrase library with its compiled matcher: what loading phrase files gives, from the
/// files themselves or from ``PhraseCache``.
public struct CompiledPhrases: Sendable {
    public var library: PhraseLibrary
    public var matcher: Matcher
    /// The library's problems and the compiler's.
    public var diagnostics: [Diagnostic]
    /// For phrases laid over others (``adding(_:)``), those compiled whole.
    var rootBox: RootBox?
    /// Each phrase file as read, by path, when these phrases were loaded from the files (not
    /// from the cache): the next load of the same paths reads again only the files that changed.
    package var fileReads: [String: PhraseLibraryLoader.FileRead] = [:]

    /// Compiles `library`.
    public init(library: PhraseLibrary) {
        let (matcher, diagnostics) = PhraseCompiler.compile(library)
        self.init(library: library, matcher: matcher, diagnostics: diagnostics)
        Self.returnFreedMemory()
    }

    init(library: PhraseLibrary, matcher: Matcher, diagnostics: [Diagnostic]) {
        self.library = library
        self.matcher = matcher
        self.diagnostics = diagnostics
    }

    /// The phrase files at `paths`, through `cache` when there is one. With the `previous`
    /// phrases of the same paths (a daemon reloading them), files that changed only in their
    /// apps are laid over the automaton already compiled: only the apps that changed are
    /// compiled (``adding(_:)``).
    public static func load(
        paths: [String], cache: PhraseCache?, previous: CompiledPhrases? = nil
    ) -> (phrases: CompiledPhrases, source: PhraseCache.Source) {
        if let cache { return cache.load(paths: paths, previous: previous) }
        let (files, readProblems) = PhraseLibraryLoader.readFiles(paths: paths)
        return loaded(files: files, readProblems: readProblems, previous: previous, reason: "the cache is off")
    }

    /// The phrase files' texts read and compiled: of the files `previous` was loaded from,
    /// only those whose text changed are read again, and only the apps that changed compiled.
    static func loaded(
        files: [(path: String, text: String)], readProblems: [Diagnostic], previous: CompiledPhrases?, reason: String
    ) -> (phrases: CompiledPhrases, source: PhraseCache.Source) {
        let (library, reads, readAgain) = PhraseLibraryLoader.load(
            files: files, readProblems: readProblems, reusing: previous?.fileReads ?? [:])
        var reason = reason
        if previous?.fileReads.isEmpty == false { reason += "; \(readAgain) of \(files.count) files read again" }
        var (phrases, source) = compiled(library, previous: previous, reason: reason)
        phrases.fileReads = reads
        return (phrases, source)
    }

    /// Each phrase file at `paths` as read (its YAML parsed), by path. Phrases read back from
    /// the cache keep no reads, so the first reload after a warm start would parse every file
    /// again; a daemon started warm works them out in the background instead (``fileReads``).
    package static func fileReads(paths: [String]) -> [String: PhraseLibraryLoader.FileRead] {
        let (files, readProblems) = PhraseLibraryLoader.readFiles(paths: paths)
        let reads = PhraseLibraryLoader.load(files: files, readProblems: readProblems, reusing: [:]).reads
        returnFreedMemory()  // the library made on the way, and the YAML trees
        return reads
    }

    /// `library` compiled, or laid over `previous` when only its apps differ.
    static func compiled(_ library: PhraseLibrary, previous: CompiledPhrases?, reason: String) -> (phrases: CompiledPhrases, source: PhraseCache.Source) {
        if let previous, previous.canOverlay(library) {
            return (previous.root.overlaying(library), .compiled(reason: "\(reason); only the apps that changed"))
        }
        return (CompiledPhrases(library: library), .compiled(reason: reason))
    }

    /// Gives the memory a compile freed back to the system: the NFA and the compiler's tables
    /// take more than the result (at 10,000 intents a daemon would otherwise keep 220 MB, not 115).
    static func returnFreedMemory() {
        // glibc's malloc_trim, which Swift's Glibc module does not declare; absent elsewhere.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
}

// MARK: - Apps laid over the compiled automaton

extension CompiledPhrases {
    /// These phrases with `apps` added, each in place of an app of the same id: only the apps
    /// that differ from those compiled into the automaton are compiled (with this library's
    /// languages, schema phrases, catalogue and contacts), and matched beside it. Registering
    /// one app in a daemon of 10,000 intents takes milliseconds, not the seconds of compiling
    /// everything again.
    public func adding(_ apps: [AppDefinition]) -> CompiledPhrases {
        guard !apps.isEmpty else { return self }
        var composed = library
        for app in apps {
            if let index = composed.apps.firstIndex(where: { $0.id == app.id }) {
                composed.apps[index] = app
            } else {
                composed.apps.append(app)
            }
        }
        return root.overlaying(composed)
    }

    /// The phrases compiled whole that these were made from by ``adding(_:)`` or
    /// ``overlaying(_:)``; themselves when they were compiled whole.
    var root: CompiledPhrases { rootBox?.phrases ?? self }

    /// Whether `library` differs from the root's only in its apps, so that it can be laid
    /// over the root's automaton (``overlaying(_:)``) instead of compiled whole.
    func canOverlay(_ library: PhraseLibrary) -> Bool {
        let root = root.library
        return root.homeAssistant == nil && library.homeAssistant == nil && root.schemaPhrases == library.schemaPhrases
            && root.catalog == library.catalog && root.languages == library.languages && root.contacts == library.contacts
            && root.unreadableParameters == library.unreadableParameters
    }

    /// `library`, which differs from this root's only in its apps (``canOverlay(_:)``), on
    /// this root's automaton: the apps that differ from the compiled ones are compiled beside
    /// it, and the root's apps that `library` changes or no longer has are masked.
    func overlaying(_ library: PhraseLibrary) -> CompiledPhrases {
        precondition(rootBox == nil, "phrases are laid over the phrases compiled whole")
        let compiled = Dictionary(self.library.apps.map { ($0.id, $0) }) { first, _ in first }
        let changed = library.apps.filter { compiled[$0.id] != $0 }
        let hidden = Set(changed.map(\.id)).intersection(compiled.keys).union(
            Set(compiled.keys).subtracting(library.apps.map(\.id)))
        // The compiler's problems of the apps masked are no longer the router's.
        let hiddenFiles = Set(self.library.apps.filter { hidden.contains($0.id) }.compactMap { $0.phrases.first?.location?.file })
        let compilerProblems = diagnostics.dropFirst(self.library.diagnostics.count).filter {
            $0.location.map { !hiddenFiles.contains($0.file) } ?? true
        }
        guard !changed.isEmpty || !hidden.isEmpty else {
            var same = CompiledPhrases(library: library, matcher: matcher, diagnostics: library.diagnostics + compilerProblems)
            same.rootBox = RootBox(self)
            return same
        }
        var own = PhraseLibrary(apps: changed, schemaPhrases: library.schemaPhrases, languages: library.languages)
        own.catalog = library.catalog
        own.contacts = library.contacts
        own.homeAssistant = library.homeAssistant
        own.sourceLocations = library.sourceLocations
        let (added, problems) = PhraseCompiler.compile(own)
        var result = CompiledPhrases(
            library: library, matcher: matcher.overlaid(with: added, replacing: hidden),
            diagnostics: library.diagnostics + compilerProblems + problems)
        result.rootBox = RootBox(self)
        return result
    }
}

/// The phrases compiled whole that overlaid phrases were made from (a class: a struct cannot hold itself).
final class RootBox: Sendable {
    let phrases: CompiledPhrases
    init(_ phrases: CompiledPhrases) { self.phrases = phrases }
}
