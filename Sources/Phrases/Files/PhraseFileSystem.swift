import Foundation

/// Finding and reading phrase files with plain system calls.
///
/// A start from the phrase cache still lists and reads every phrase file, since their content
/// is the cache's key: at 10,000 intents (1,001 files) `FileManager`'s enumerator and
/// `String(contentsOfFile:)` took 23 ms of a 0.13 s start, these 7 (docs/performance.md).
enum PhraseFileSystem {
    /// Why a file could not be read.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The `.yaml` and `.yml` files in `folder` and its subfolders, sorted by path. Hidden
    /// files count; symbolic links to folders are not followed, so a link cannot make a loop.
    static func yamlFiles(under folder: String) -> [String] {
        var found: [String] = []
        collectYAMLFiles(under: folder, into: &found)
        return found.sorted()
    }

    private static func collectYAMLFiles(under folder: String, into found: inout [String]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                // Some file systems do not say what an entry is: ask without following links.
                var info = stat()
                isFolder = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder {
                collectYAMLFiles(under: path, into: &found)
            } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                found.append(path)
            }
        }
    }

    /// The texts of `paths` (``readText(_:)``), in order: many are read in two halves at once.
    static func readTexts(_ paths: [String]) -> [Result<String, ReadError>] {
        let read = { (part: ArraySlice<String>) in
            part.map { path in Result { () throws(ReadError) in try readText(path) } }
        }
        guard paths.count >= 64 else { return read(paths[...]) }
        let middle = paths.count / 2
        let (first, second) = bothAtOnce({ read(paths[..<middle]) }, { read(paths[middle...]) })
        return first + second
    }

    /// The whole file at `path` as UTF-8 text.
    static func readText(_ path: String) throws(ReadError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw ReadError(description: "it is a folder") }
        // The size is a hint (one byte more, to see the end in one read): a file that grows or
        // shrinks meanwhile is read to its end.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ReadError(description: "it is not UTF-8 text") }
        return text
    }
}
