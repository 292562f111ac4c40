/// The kinds of file a File parameter can accept (`fileTypes: [image]` in a phrase file), as
/// extensions. A name that is not a kind is an extension itself ("epub").
public enum FileTypes {
    public static let kinds: [String: Set<String>] = [
        "image": ["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "bmp", "tif", "tiff", "svg", "avif"],
        "jpeg": ["jpg", "jpeg"],
        "png": ["png"],
        "pdf": ["pdf"],
        "text": ["txt", "text", "md", "markdown", "csv", "log", "rst"],
        "document": ["pdf", "doc", "docx", "odt", "rtf", "txt", "md", "epub"],
        "audio": ["mp3", "ogg", "oga", "opus", "flac", "wav", "m4a", "aac"],
        "video": ["mp4", "m4v", "mkv", "webm", "mov", "avi"],
    ]

    /// The extensions (lowercased, without the dot) that `types` accept; nil accepts any file.
    public static func extensions(_ types: [String]) -> Set<String>? {
        guard !types.isEmpty else { return nil }
        return types.reduce(into: Set<String>()) { found, type in
            let name = type.lowercased().trimmingPrefix(".")
            found.formUnion(kinds[String(name)] ?? [String(name)])
        }
    }

    /// How people call what `types` accept: "an image", "a pdf or text file", "a file".
    public static func noun(_ types: [String]) -> String {
        if types.map({ $0.lowercased() }) == ["image"] { return "an image" }
        let words = types.map { $0.lowercased() }.joined(separator: " or ")
        let phrase = words.isEmpty ? "file" : words + " file"
        return Spelling.withArticle(phrase)
    }
}
