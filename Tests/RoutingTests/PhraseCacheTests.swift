import Foundation
import IntentModel
import IntentTesting
import Phrases
import Routing
import Testing

/// The compiled-phrase cache: a warm load routes exactly as a compile does, and a stale,
/// damaged or foreign cache file is compiled again, never trusted.
struct PhraseCacheTests {
    static let now = LocalDateTime(year: 2026, month: 11, day: 23, hour: 9)

    /// A temporary cache folder and a copy of the demo phrase files to change.
    struct Scratch {
        let root: URL
        var cacheDirectory: String { root.appendingPathComponent("cache").path }
        var phrases: String { root.appendingPathComponent("Phrases").path }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("phrase-cache-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestPaths.phrases, toPath: root.appendingPathComponent("Phrases").path)
        }

        func cache(version: String = "test") -> PhraseCache { PhraseCache(directory: cacheDirectory, version: version) }
        var cacheFile: String { cache().file(for: [phrases]) }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// What a route gives, as text to compare.
    static func signature(_ result: RouteResult) -> String {
        let parameters = result.parameters.map { "\($0.name)=\($0.value.printed)" }.joined(separator: ",")
        let alternatives = result.alternatives.map { "\($0.intent):\($0.confidence)" }.joined(separator: ",")
        return "\(result.status) \(result.intent?.id ?? "-") [\(parameters)] missing \(result.missing) \(result.confidence) [\(alternatives)]"
    }

    /// The demo corpus routed by both, typed, and a spread of it spoken.
    static func expectSameRouting(_ cached: Router, _ compiled: Router) throws {
        let lines = try CorpusLoader.load("demo-en.jsonl")
        #expect(lines.count > 100)
        for line in lines {
            let a = signature(cached.route(line.utterance, now: now))
            let b = signature(compiled.route(line.utterance, now: now))
            #expect(a == b, "\(line)")
        }
        for line in lines.enumerated().filter({ $0.offset % 10 == 0 }).map(\.element) {
            #expect(signature(cached.route(line.utterance, now: now, spoken: true)) == signature(compiled.route(line.utterance, now: now, spoken: true)))
        }
    }

    /// Phrases read back from the cache keep no reads of their files; once the reads are
    /// worked out (as a daemon started warm does in the background), a reload reads again only
    /// the file that changed and compiles only its app, as after a cold start.
    @Test func readsWorkedOutAfterAWarmLoadSpareTheFirstReload() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.cache().load(paths: [scratch.phrases])
        var (warm, source) = scratch.cache().load(paths: [scratch.phrases])
        #expect(source == .cache)
        #expect(warm.fileReads.isEmpty)
        warm.fileReads = CompiledPhrases.fileReads(paths: [scratch.phrases])
        let files = PhraseLibraryLoader.readFiles(paths: [scratch.phrases]).files.count
        #expect(warm.fileReads.count == files)
        try MatcherOverlayTests.edit(scratch.phrases + "/tasks.yaml") {
            $0.replacingOccurrences(of: "      - add {title} [to ${app}]\n", with: "      - add {title} [to ${app}]\n      - frobnicate {title}\n")
        }
        let (reloaded, reloadSource) = scratch.cache().load(paths: [scratch.phrases], previous: warm)
        #expect(reloadSource == .compiled(reason: "the phrase files changed; 1 of \(files) files read again; only the apps that changed"))
        #expect(Router(compiled: reloaded).route("frobnicate the milk", now: Self.now).intent?.id == "tasks.add")
    }

    @Test func aWarmLoadIsTheCompiledLibraryAndRoutesTheSame() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (first, firstSource) = scratch.cache().load(paths: [scratch.phrases])
        #expect(firstSource == .compiled(reason: "no cache file yet"))
        #expect(FileManager.default.fileExists(atPath: scratch.cacheFile))
        let (second, secondSource) = scratch.cache().load(paths: [scratch.phrases])
        #expect(secondSource == .cache)
        #expect(second.library.apps == first.library.apps)
        #expect(second.library.schemaPhrases == first.library.schemaPhrases)
        #expect(second.library.catalog == first.library.catalog)
        #expect(second.library.languages == first.library.languages)
        #expect(second.library.contacts == first.library.contacts)
        #expect(second.diagnostics == first.diagnostics)
        #expect(second.matcher.statistics == first.matcher.statistics)
        #expect(second.matcher.words == first.matcher.words)
        #expect(second.matcher.intents == first.matcher.intents)
        try Self.expectSameRouting(Router(compiled: second), Router(compiled: first))
    }

    @Test func aChangedPhraseFileIsCompiledAgain() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.cache().load(paths: [scratch.phrases])
        let before = Router(compiled: scratch.cache().load(paths: [scratch.phrases]).phrases)
        #expect(before.route("frobnicate the milk", now: Self.now).intent?.id != "tasks.add")

        // A phrase added to the file: the cache must not answer with the old automaton.
        let file = scratch.phrases + "/tasks.yaml"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "      - add {title} [to ${app}]\n", with: "      - add {title} [to ${app}]\n      - frobnicate {title}\n")
        #expect(changed != text, "the phrase this test extends is no longer in tasks.yaml")
        try changed.write(toFile: file, atomically: true, encoding: .utf8)

        let (after, source) = scratch.cache().load(paths: [scratch.phrases])
        #expect(source == .compiled(reason: "the phrase files changed"))
        #expect(Router(compiled: after).route("frobnicate the milk", now: Self.now).intent?.id == "tasks.add")
        #expect(scratch.cache().load(paths: [scratch.phrases]).source == .cache)

        // A file removed from the folder changes the key too.
        try FileManager.default.removeItem(atPath: scratch.phrases + "/soup.yaml")
        let (fewer, fewerSource) = scratch.cache().load(paths: [scratch.phrases])
        #expect(fewerSource == .compiled(reason: "the phrase files changed"))
        #expect(fewer.library.app("soup") == nil)
    }

    /// Damage of every kind is found before anything is decoded into the router.
    @Test(arguments: ["flipped byte", "truncated", "empty", "not a cache", "extended"])
    func aDamagedCacheFileIsCompiledAgain(_ damage: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (fresh, _) = scratch.cache().load(paths: [scratch.phrases])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.cacheFile)))
        switch damage {
        case "flipped byte": bytes[bytes.count / 2] ^= 0x40
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "empty": bytes = []
        case "not a cache": bytes = Array("apps:\n  - id: nothing\n".utf8)
        default: bytes += [0, 1, 2, 3]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.cacheFile))

        let (loaded, source) = scratch.cache().load(paths: [scratch.phrases])
        guard case .compiled(let reason) = source else {
            Issue.record("a damaged cache file was used")
            return
        }
        #expect(reason.hasPrefix("the cache file is damaged"), "\(reason)")
        #expect(loaded.library.apps == fresh.library.apps)
        #expect(Router(compiled: loaded).route("add milk to my groceries list", now: Self.now).intent?.id == "tasks.add")
        // The file was written anew, and is used next time.
        #expect(scratch.cache().load(paths: [scratch.phrases]).source == .cache)
    }

    /// A file that passes its checksum yet holds damaged data (a faulty writer) is refused or
    /// read, never a crash.
    @Test func damageBehindAValidChecksumNeverCrashes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.cache().load(paths: [scratch.phrases])
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.cacheFile)))
        let header = 48
        var generator = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<12 {
            var bytes = original
            for _ in 0..<4 { bytes[Int.random(in: header..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            let checksum = bytes[header...].withUnsafeBytes { ContentHash.of($0) }
            withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(40..<48, with: $0) }
            try Data(bytes).write(to: URL(fileURLWithPath: scratch.cacheFile))
            let (phrases, source) = scratch.cache().load(paths: [scratch.phrases])
            if case .compiled = source {
                refused += 1
            } else {
                // Read despite the damage: routing with what was read must not crash either.
                let router = Router(compiled: phrases)
                for utterance in ["add milk to my groceries list", "transfer 20 dollars to john", "blorf the zibble"] {
                    _ = router.route(utterance, now: Self.now)
                    _ = router.route(utterance, now: Self.now, spoken: true)
                }
            }
        }
        #expect(refused > 0)
    }

    @Test func anotherBuildOfIntentdDoesNotUseTheCache() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.cache(version: "1.0").load(paths: [scratch.phrases])
        // Another version keeps a file of its own...
        let other = scratch.cache(version: "2.0")
        #expect(other.file(for: [scratch.phrases]) != scratch.cache(version: "1.0").file(for: [scratch.phrases]))
        #expect(other.load(paths: [scratch.phrases]).source == .compiled(reason: "no cache file yet"))
        // ...and a file of another version found under its name is not read.
        try FileManager.default.removeItem(atPath: other.file(for: [scratch.phrases]))
        try FileManager.default.copyItem(atPath: scratch.cache(version: "1.0").file(for: [scratch.phrases]), toPath: other.file(for: [scratch.phrases]))
        let (loaded, source) = other.load(paths: [scratch.phrases])
        #expect(source == .compiled(reason: "the cache was written by another build of intentd"))
        #expect(Router(compiled: loaded).route("add milk to my groceries list", now: Self.now).intent?.id == "tasks.add")
    }

    @Test func loadsAtOnceEachGetWholePhrases() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let cache = scratch.cache()
        let paths = [scratch.phrases]
        let intents = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await offThePool {
                        Router(compiled: cache.load(paths: paths).phrases).route("add milk to my groceries list", now: Self.now).intent?.id
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(intents == Array(repeating: "tasks.add", count: 6))
        #expect(cache.load(paths: paths).source == .cache)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.cacheDirectory).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func theOldestFilesArePrunedBeyondTheLimit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var cache = scratch.cache()
        cache.maximumFiles = 2
        for (age, name) in ["tasks.yaml", "bank.yaml", "soup.yaml"].enumerated() {
            let paths = [scratch.phrases + "/" + name]
            _ = cache.load(paths: paths)
            // Written in this order, a minute apart.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(age * 60 - 600))], ofItemAtPath: cache.file(for: paths))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.cacheDirectory)
        #expect(files.count == 2)
        #expect(!files.contains { $0 == (cache.file(for: [scratch.phrases + "/tasks.yaml"]) as NSString).lastPathComponent })
    }

    @Test func theStandardCacheFollowsXDG() {
        #expect(PhraseCache.standard(version: "1", environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.directory == "/x/cache/intentd")
        #expect(PhraseCache.standard(version: "1", environment: ["HOME": "/home/u"])?.directory == "/home/u/.cache/intentd")
        #expect(PhraseCache.standard(version: "1", environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.directory == "/home/u/.cache/intentd")
        #expect(PhraseCache.standard(version: "1", environment: ["INTENTD_CACHE": "off", "HOME": "/home/u"]) == nil)
        #expect(PhraseCache.standard(version: "1", environment: [:]) == nil)
    }

    @Test func binaryFormRoundTripsEdgeValues() throws {
        let values: [JSONValue] = [
            .null, .bool(true), .number(-0.0), .number(.infinity), .largeInteger("123456789012345678901234567890"),
            .string(""), .string("naïve 東京 👩‍👩‍👧"), .array([]), .object([("b", .number(1)), ("a", .array([.null]))]),
        ]
        var out = BinaryWriter()
        out.write(values)
        let decoded = try out.bytes.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes)
            let read: [JSONValue] = try reader.read()
            #expect(reader.isAtEnd)
            return read
        }
        #expect(decoded == values)
        // A count larger than the bytes left is refused before anything is allocated.
        var huge = BinaryWriter()
        huge.writeRaw(UInt32.max)
        #expect(throws: BinaryReader.Failure.self) {
            try huge.bytes.withUnsafeBytes { bytes in
                var reader = BinaryReader(bytes)
                _ = try reader.read([String].self)
            }
        }
    }
}
