import Foundation
import IntentModel
import Phrases
import Resolvers
import Routing
import Testing

/// File parameters: a path as said, or a bare name found in the parameter's folder, of the
/// kinds of file the parameter accepts.
@Suite struct FileParameterTests {
    /// A folder with two images, a text file and a hidden file.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("intentd-files-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in ["Sunset.JPG", "sunrise.png", "notes.txt", ".sunset.png", "sunset beach.png"] {
            #expect(FileManager.default.createFile(atPath: path + "/" + name, contents: Data()))
        }
        return path
    }

    @Test func pathsAreTakenAsSaidWithTheHomeExpanded() {
        #expect(ResolverChain.resolveFile("/etc/hosts", types: [], directory: nil).best?.value == .file(path: "/etc/hosts"))
        let home = NSHomeDirectory()
        #expect(ResolverChain.resolveFile(" ~/report.pdf ", types: ["pdf"], directory: nil).best?.value == .file(path: home + "/report.pdf"))
    }

    @Test func theKindOfFileIsChecked() {
        #expect(ResolverChain.resolveFile("/etc/hosts", types: ["image"], directory: nil) == .failed(reason: "'/etc/hosts' is not an image."))
        #expect(ResolverChain.resolveFile("~/a.mp3", types: ["pdf", "text"], directory: nil) == .failed(reason: "'~/a.mp3' is not a pdf or text file."))
        #expect(ResolverChain.resolveFile("/x/Cat.HEIC", types: ["image"], directory: nil).best?.value == .file(path: "/x/Cat.HEIC"))
        #expect(ResolverChain.resolveFile("/x/book.epub", types: ["epub"], directory: nil).best?.value == .file(path: "/x/book.epub"))
        #expect(ResolverChain.resolveFile("  ", types: ["image"], directory: nil) == .failed(reason: "There is nothing to read as an image."))
    }

    @Test func aBareNameIsFoundInTheFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Any case, without its extension, after "the"; hidden files are not offered.
        #expect(ResolverChain.resolveFile("the sunset", types: ["image"], directory: folder).best?.value == .file(path: folder + "/Sunset.JPG"))
        #expect(ResolverChain.resolveFile("sunrise", types: ["image"], directory: folder).best?.value == .file(path: folder + "/sunrise.png"))
        // The text file has the name but not the kind.
        #expect(ResolverChain.resolveFile("notes", types: ["image"], directory: folder) == .failed(reason: "No image in \(folder) is called 'notes'."))
        #expect(ResolverChain.resolveFile("notes", types: [], directory: folder).best?.value == .file(path: folder + "/notes.txt"))
        #expect(ResolverChain.resolveFile("holiday", types: [], directory: "/no/such/folder") == .failed(reason: "No file in /no/such/folder is called 'holiday'."))
    }

    @Test func theRouterResolvesTheFileOrLeavesItMissing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = """
            language: en
            app: {id: viewer, name: Viewer}
            intents:
              show:
                parameters:
                  picture: {type: File, fileTypes: [image], directory: "\(folder)"}
                phrases:
                  - show [the] picture {picture}
            """
        let library = PhraseLibraryLoader.load(files: [("viewer.yaml", file)])
        #expect(library.diagnostics.isEmpty)
        let router = Router(library: library)
        let found = router.route("show the picture sunrise")
        #expect(found.status == .complete)
        #expect(found.parameters.first { $0.name == "picture" }?.value == .file(path: folder + "/sunrise.png"))
        // Not an image: the value stays missing, so the user is asked for one.
        let wrong = router.route("show the picture notes")
        #expect(wrong.missing == ["picture"])
        #expect(wrong.explanation.resolverSteps.contains("picture: No image in \(folder) is called 'notes'."))
    }

    @Test func fileOptionsOnOtherTypesAreAnError() {
        let text = "language: en\napp: {id: x}\nintents:\n  a:\n    parameters:\n      n: {type: Int, fileTypes: [image]}\n"
        let library = PhraseLibraryLoader.load(files: [("f.yaml", text)])
        #expect(library.diagnostics.map(\.description) == ["f.yaml:6:33: error: 'fileTypes' and 'directory' are for File parameters; 'n' is Int"])
    }
}
