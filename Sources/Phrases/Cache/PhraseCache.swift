import Foundation
import IntentModel

/// Compiled phrase files kept on disk, so that a start with unchanged files skips reading the
/// YAML and compiling the automaton (docs/performance.md: 2.7 s at 10,000 intents, 67 ms from
/// the cache).
///
/// One file per set of phrase paths and build of intentd, in ``directory``
/// (`$XDG_CACHE_HOME/intentd`, else `~/.cache/intentd`). The file is a versioned binary image
/// of the library and the matcher, read through a memory map and checked by a checksum
/// before it is used. It is keyed by the content of every phrase file and by the intentd
/// build: a changed file, another build, a damaged or truncated file, or one of another
/// format is compiled again and written anew, never trusted. Files are written under a
/// temporary name and renamed into place, so processes that build at once each leave a
/// whole file, and a reader never sees half of one.
public struct PhraseCache: Sendable {
    /// Where a load's phrases came from.
    public enum Source: Equatable, Sendable, CustomStringConvertible {
        /// Read from the cache file.
        case cache
        /// Compiled from the phrase files, for this reason ("no cache file yet", "the phrase
        /// files changed", ...); the cache was written afterwards when it could be.
        case compiled(reason: String)

        /// "read from the cache", or "compiled (REASON)", for logs.
        public var description: String {
            switch self {
            case .cache: "read from the cache"
            case .compiled(let reason): "compiled (\(reason))"
            }
        }
    }

    /// The folder of the cache files.
    public let directory: String
    /// What names this build of intentd in the key besides the executable itself (its version).
    public let version: String
    /// The most cache files kept; the least recently written go first.
    public var maximumFiles = 32

    /// The layout of the file; a change of what any ``BinaryCodable`` writes bumps it.
    static let formatVersion: UInt32 = 7
    static let magic: [UInt8] = Array("INTDPHRS".utf8)
    static let headerSize = 48

    public init(directory: String, version: String) {
        self.directory = directory
        self.version = version
    }

    /// The user's cache: `$XDG_CACHE_HOME/intentd`, else `$HOME/.cache/intentd`; nil when
    /// `INTENTD_CACHE=off` or neither variable is set.
    public static func standard(version: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> PhraseCache? {
        if environment["INTENTD_CACHE"] == "off" { return nil }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return PhraseCache(directory: base + "/intentd", version: version)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return PhraseCache(directory: home + "/.cache/intentd", version: version)
    }

    /// The phrase files at `paths` loaded and compiled: from the cache when it holds them as
    /// they are now, else compiled and written to it.
    ///
    /// With the `previous` phrases of the same paths, files that changed only in their apps
    /// are laid over the automaton already compiled (``CompiledPhrases/load(paths:cache:previous:)``);
    /// the cache keeps only phrases compiled whole, so it is not written then.
    public func load(paths: [String], previous: CompiledPhrases? = nil) -> (phrases: CompiledPhrases, source: Source) {
        let (files, readProblems) = PhraseLibraryLoader.readFiles(paths: paths)
        let contentKey = Self.contentKey(files: files, readProblems: readProblems)
        let path = file(for: paths)
        let reason: String
        switch read(path, contentKey: contentKey) {
        case .success(let phrases): return (phrases, .cache)
        case .failure(let problem): reason = problem.reason
        }
        let (phrases, source) = CompiledPhrases.loaded(files: files, readProblems: readProblems, previous: previous, reason: reason)
        if phrases.rootBox == nil {
            write(phrases, contentKey: contentKey, to: path)
            CompiledPhrases.returnFreedMemory()
        }
        return (phrases, source)
    }

    /// The cache file of `paths` for this build.
    public func file(for paths: [String]) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = paths.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }.joined(separator: "\n")
        let name = ContentHash.of(absolute, seed: buildKey)
        return directory + "/phrases-" + String(name, radix: 16) + ".bin"
    }

    // MARK: - Keys

    /// This build: the version, the cache format and the executable file (a rebuilt binary
    /// with the same version is another build).
    var buildKey: UInt64 {
        ContentHash.of("\(Self.formatVersion)\n\(version)\n\(Self.executableIdentity)")
    }

    /// The executable's path, inode, size and modification time.
    static let executableIdentity: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: executable) else { return "unknown" }
        let inode = attributes[.systemFileNumber].map { "\($0)" } ?? ""
        let size = attributes[.size].map { "\($0)" } ?? ""
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(executable) \(inode) \(size) \(modified)"
    }()

    static func contentKey(files: [(path: String, text: String)], readProblems: [Diagnostic]) -> UInt64 {
        var key = ContentHash.of(readProblems.map(\.description).joined(separator: "\n"))
        for (path, text) in files {
            key = ContentHash.of(path, seed: key)
            key = ContentHash.of(text, seed: key)
        }
        return key
    }

    // MARK: - Reading

    /// Why a cache file was not used.
    struct Unusable: Error {
        var reason: String
    }

    /// The phrases of the cache file at `path`, when it is whole, of this build and of these files.
    func read(_ path: String, contentKey: UInt64) -> Result<CompiledPhrases, Unusable> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Unusable(reason: errno == ENOENT ? "no cache file yet" : "the cache file cannot be opened")) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Unusable(reason: "the cache file cannot be read")) }
        let size = Int(info.st_size)
        guard size >= Self.headerSize else { return .failure(Unusable(reason: "the cache file is damaged: shorter than its header")) }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            return .failure(Unusable(reason: "the cache file cannot be mapped"))
        }
        defer { munmap(base, size) }
        return decode(UnsafeRawBufferPointer(start: base, count: size), contentKey: contentKey)
    }

    func decode(_ bytes: UnsafeRawBufferPointer, contentKey: UInt64) -> Result<CompiledPhrases, Unusable> {
        guard bytes.count >= Self.headerSize, Array(bytes[0..<8]) == Self.magic else {
            return .failure(Unusable(reason: "the cache file is damaged: not an intentd phrase cache"))
        }
        var header = BinaryReader(bytes, offset: 8)
        do throws(BinaryReader.Failure) {
            let format = try header.readRaw(UInt32.self)
            _ = try header.readRaw(UInt32.self)
            let build = try header.readRaw(UInt64.self)
            let content = try header.readRaw(UInt64.self)
            let length = try header.readRaw(UInt64.self)
            let checksum = try header.readRaw(UInt64.self)
            guard format == Self.formatVersion, build == buildKey else {
                return .failure(Unusable(reason: "the cache was written by another build of intentd"))
            }
            guard content == contentKey else { return .failure(Unusable(reason: "the phrase files changed")) }
            guard length == UInt64(bytes.count - Self.headerSize) else {
                return .failure(Unusable(reason: "the cache file is damaged: \(bytes.count - Self.headerSize) bytes where \(length) were written"))
            }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...])
            guard ContentHash.of(payload) == checksum else { return .failure(Unusable(reason: "the cache file is damaged: its checksum does not match")) }
            var reader = BinaryReader(payload)
            let phrases: CompiledPhrases = try reader.read()
            guard reader.isAtEnd else { return .failure(Unusable(reason: "the cache file is damaged: bytes after its end")) }
            return .success(phrases)
        } catch {
            return .failure(Unusable(reason: "the cache file is damaged: \(error)"))
        }
    }

    // MARK: - Writing

    /// The bytes of a cache file holding `phrases`: its header, then its payload.
    func encode(_ phrases: CompiledPhrases, contentKey: UInt64) -> (header: [UInt8], payload: [UInt8]) {
        var payload = BinaryWriter()
        payload.write(phrases)
        var file = BinaryWriter()
        for byte in Self.magic { file.writeRaw(byte) }
        file.writeRaw(Self.formatVersion)
        file.writeRaw(UInt32(0))
        file.writeRaw(buildKey)
        file.writeRaw(contentKey)
        file.writeRaw(UInt64(payload.bytes.count))
        file.writeRaw(payload.bytes.withUnsafeBytes { ContentHash.of($0) })
        return (file.bytes, payload.bytes)
    }

    /// Writes the cache file under a temporary name and renames it into place. A cache that
    /// cannot be written (no space, a read-only home) only costs the next start a compile.
    func write(_ phrases: CompiledPhrases, contentKey: UInt64, to path: String) {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil else { return }
        let (header, payload) = encode(phrases, contentKey: contentKey)
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let written = (try? handle.write(contentsOf: header)) != nil && (try? handle.write(contentsOf: payload)) != nil
        try? handle.close()
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return
        }
        prune()
    }

    /// Removes the oldest cache files beyond ``maximumFiles``, and temporary files a writer
    /// that died left more than an hour ago.
    func prune() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return }
        var caches: [(path: String, written: Date)] = []
        for name in names where name.hasPrefix("phrases-") {
            let path = directory + "/" + name
            guard let written = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { continue }
            if name.hasSuffix(".tmp") {
                if written.timeIntervalSinceNow < -3600 { unlink(path) }
            } else if name.hasSuffix(".bin") {
                caches.append((path, written))
            }
        }
        guard caches.count > maximumFiles else { return }
        for old in caches.sorted(by: { $0.written > $1.written }).dropFirst(maximumFiles) { unlink(old.path) }
    }
}
