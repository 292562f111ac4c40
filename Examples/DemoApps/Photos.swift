import IntentSDK

/// Photos (demo-apps.md, app 10).
public enum PhotosApp: IntentApp {
    public static let id = "photos"
    public static let name = "Photos"
    public static let intents: [any AppIntent.Type] = [DisplayPhoto.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = PhotosShortcuts.self
}

struct DisplayPhoto: AppIntent {
    static let identifier = "display"
    static let title: LocalizedStringResource = "Display photo"
    static let description: IntentDescription? = "Displays an image file with a title."
    static var parameterSummary: ParameterSummary<DisplayPhoto>? { Summary("Display \(\.$imageTitle)") }
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "heic", "heif", "webp", "bmp", "tif", "tiff"]
    @Parameter(title: "Image Title", requestValueDialog: "What should the photo be called?") var imageTitle: String
    /// A JPEG or any other image.
    @Parameter(title: "Image File", requestValueDialog: "Which image file?", supportedContentTypes: ["image"], directory: "~/Pictures")
    var imageFile: IntentFile

    func perform() async throws -> some IntentResult {
        guard Self.imageExtensions.contains(imageFile.fileExtension) else {
            throw IntentError("'\(imageFile.filename)' is not an image")
        }
        try await requestConfirmation(dialog: "Do you really want to do this?")
        return .result(dialog: "Displaying \(imageTitle)", snippet: imageFile.path)
    }
}

struct PhotosShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: DisplayPhoto(), phrases: ["display [the] photo \(\.$imageTitle)"], shortTitle: "Display Photo", systemImageName: "photo")
    }
}
