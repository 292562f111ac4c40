import Foundation
import IntentModel
import Testing

@testable import Phrases

/// Finding and reading phrase files: every `.yaml` and `.yml` file under a folder, in its
/// subfolders too, sorted; a file that is not UTF-8 text is named in an error, and the others
/// are read.
struct PhraseFileSystemTests {
    /// A temporary folder with files at the given relative paths.
    static func folder(_ files: [String: [UInt8]]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("phrase-files-\(UUID().uuidString)")
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }

    @Test func everyYAMLFileUnderAFolderSorted() throws {
        let root = try Self.folder([
            "b.yaml": Array("b: 1\n".utf8), "a.yml": Array("a: 1\n".utf8), "notes.txt": Array("x".utf8),
            "more/deeper/c.yaml": Array("c: 1\n".utf8), ".hidden.yaml": Array("h: 1\n".utf8), "folder.yaml/d.yaml": Array("d: 1\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = PhraseFileSystem.yamlFiles(under: root.path).map { String($0.dropFirst(root.path.count + 1)) }
        #expect(found == [".hidden.yaml", "a.yml", "b.yaml", "folder.yaml/d.yaml", "more/deeper/c.yaml"])
        #expect(PhraseFileSystem.yamlFiles(under: root.path + "/missing").isEmpty)
    }

    @Test func textsAreReadWholeAndBadFilesNamed() throws {
        // Longer than one read's first guess would be if the size were wrong, and with non-ASCII text.
        let long = String(repeating: "phrase ✓ ", count: 5_000)
        var files: [String: [UInt8]] = ["long.yaml": Array(long.utf8), "empty.yaml": [], "latin1.yaml": [0x63, 0x61, 0x66, 0xE9]]
        // Enough files to be read in two halves at once.
        for index in 0..<80 { files["many/\(index).yaml"] = Array("n: \(index)\n".utf8) }
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: root) }

        let (read, diagnostics) = PhraseLibraryLoader.readFiles(paths: [root.path])
        let texts = Dictionary(uniqueKeysWithValues: read.map { (String($0.path.dropFirst(root.path.count + 1)), $0.text) })
        #expect(texts["long.yaml"] == long)
        #expect(texts["empty.yaml"] == "")
        #expect(texts["latin1.yaml"] == nil)
        for index in 0..<80 { #expect(texts["many/\(index).yaml"] == "n: \(index)\n") }
        // In the order of the sorted paths.
        #expect(read.map(\.path) == read.map(\.path).sorted())
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message == "cannot read the file: it is not UTF-8 text")
        #expect(diagnostics.first?.location?.file.hasSuffix("latin1.yaml") == true)
    }

    @Test func aFolderOrAMissingFileIsAnError() {
        #expect(throws: PhraseFileSystem.ReadError.self) { try PhraseFileSystem.readText(FileManager.default.temporaryDirectory.path) }
        #expect(throws: PhraseFileSystem.ReadError.self) { try PhraseFileSystem.readText("/nonexistent/\(UUID().uuidString).yaml") }
    }
}
