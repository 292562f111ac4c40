import Foundation
import IntentModel

/// Reads a file parameter: a path as given ("~/notes/todo.txt", "/etc/hosts"), with "~" expanded.
///
/// Resolving a bare name in a directory is `FileResolver.find(_:in:contentTypes:)`, which the
/// router calls where it knows the directory; it is the only resolver that reads the disk.
enum FileResolver {
    static func resolve(_ text: String) -> [ResolvedCandidate] {
        let path = (text as NSString).expandingTildeInPath
        guard !path.isEmpty, !path.contains("\n") else { return [] }
        return [ResolvedCandidate(value: .file(path: path), confidence: path.contains("/") ? 1 : 0.6)]
    }

    /// Files in `directory` whose name matches `name` (any case, with or without extension),
    /// restricted to `extensions` when given (["pdf", "txt"]).
    static func find(_ name: String, in directory: String, extensions: [String] = []) -> [ResolvedCandidate] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let wanted = ChoiceIndex.key(name)
        return entries.compactMap { entry in
            let ext = (entry as NSString).pathExtension.lowercased()
            guard extensions.isEmpty || extensions.contains(ext) else { return nil }
            let stem = ChoiceIndex.key((entry as NSString).deletingPathExtension)
            let score = max(
                ChoiceIndex.similarity(wanted, stem), ChoiceIndex.similarity(wanted, ChoiceIndex.key(entry)))
            guard score >= 0.75 else { return nil }
            return ResolvedCandidate(
                value: .file(path: (directory as NSString).appendingPathComponent(entry)), confidence: score)
        }.sorted { $0.confidence > $1.confidence }
    }
}
