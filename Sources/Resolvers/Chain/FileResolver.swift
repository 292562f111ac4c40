import Foundation
import IntentModel

/// Reads a File parameter: a path as given ("~/notes/todo.txt", "/etc/hosts"), with "~"
/// expanded, or a bare name ("the sunset") looked up in the parameter's folder; both
/// filtered by the kinds of file the parameter accepts (`fileTypes`). It is the only
/// resolver that reads the disk.
enum FileResolver {
    /// Without a folder, a bare name stays a relative path, read with less confidence.
    static func resolve(_ text: String, types: [String] = [], directory: String? = nil) -> [ResolvedCandidate] {
        let path = expand(text)
        guard !path.isEmpty, !path.contains("\n") else { return [] }
        let accepted = FileTypes.extensions(types)
        let looksLikePath = path.contains("/")
        if let directory, !looksLikePath {
            return find(text, in: expand(directory), extensions: accepted)
        }
        if let accepted, !accepted.contains((path as NSString).pathExtension.lowercased()) { return [] }
        return [ResolvedCandidate(value: .file(path: path), confidence: looksLikePath ? 1 : 0.6)]
    }

    /// Why `text` is not a file of `types` (in `directory`).
    static func failure(_ text: String, types: [String], directory: String?) -> String {
        let noun = FileTypes.noun(types)
        if let directory, !expand(text).contains("/") {
            return "No \(noun.split(separator: " ").dropFirst().joined(separator: " ")) in \(directory) is called '\(text)'."
        }
        return "'\(text)' is not \(noun)."
    }

    /// Files in `directory` whose name, with or without its extension, is near `name`
    /// ("sunset" finds "Sunset.JPG"), restricted to `extensions` when given; best first.
    static func find(_ name: String, in directory: String, extensions: Set<String>?) -> [ResolvedCandidate] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var wanted = ChoiceIndex.key(name)
        for lead in ["the ", "my ", "a "] where wanted.hasPrefix(lead) { wanted.removeFirst(lead.count) }
        return entries.compactMap { entry in
            let ext = (entry as NSString).pathExtension.lowercased()
            guard !entry.hasPrefix("."), extensions?.contains(ext) ?? true else { return nil }
            let stem = ChoiceIndex.key((entry as NSString).deletingPathExtension)
            let score = max(ChoiceIndex.similarity(wanted, stem), ChoiceIndex.similarity(wanted, ChoiceIndex.key(entry)))
            guard score >= 0.75 else { return nil }
            return ResolvedCandidate(value: .file(path: (directory as NSString).appendingPathComponent(entry)), confidence: score)
        }.sorted { $0.confidence > $1.confidence || ($0.confidence == $1.confidence && "\($0.value)" < "\($1.value)") }
    }

    static func expand(_ path: String) -> String {
        (ResolverChain.trimmed(path) as NSString).expandingTildeInPath
    }
}
