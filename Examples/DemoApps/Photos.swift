import Foundation
import IntentSDK

/// Photos (demo-apps.md, app 10).
public enum PhotosApp: IntentApp {
    public static let id = "photos"
    public static let name = "Photos"
    public static let intents: [any AppIntent.Type] = [DisplayPhoto.self, ShowPhoto.self]
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

/// The photo library: photos known by their title and the day they were taken, no path needed.
struct PhotoEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Photo"
    static let defaultQuery = PhotoQuery()
    static let all = [
        PhotoEntity(id: "lisbon-rooftops", title: "Lisbon rooftops", taken: DemoApps.date(2026, 11, 14, 15, 20)),
        PhotoEntity(id: "picnic", title: "Picnic", taken: DemoApps.date(2026, 11, 21, 19, 5)),
        PhotoEntity(id: "snowy-forest", title: "Snowy forest", taken: DemoApps.date(2026, 11, 21, 9, 40)),
        PhotoEntity(id: "harbour-at-dawn", title: "Harbour at dawn", taken: DemoApps.date(2026, 10, 3, 6, 15)),
    ]
    let id: String
    @Property(title: "Title") var title: String = ""
    @Property(title: "Date Taken") var taken: Date = Date(timeIntervalSince1970: 0)
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)") }

    init(id: String, title: String, taken: Date) {
        self.id = id
        self.title = title
        self.taken = taken
    }
}

struct PhotoQuery: EntityStringQuery {
    func entities(for identifiers: [String]) async throws -> [PhotoEntity] { PhotoEntity.all.filter { identifiers.contains($0.id) } }
    func suggestedEntities() async throws -> [PhotoEntity] { PhotoEntity.all }
    func entities(matching string: String) async throws -> [PhotoEntity] {
        PhotoEntity.all.filter { $0.title.localizedCaseInsensitiveContains(string) }
    }
}

/// Shows a photo of the library by its title, or the photos taken on a day.
struct ShowPhoto: AppIntent {
    static let title: LocalizedStringResource = "Show Photo"
    static let examples = ["show me the lisbon rooftops photo"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Shows a photo by its title, or the photos taken on a day."
    @Parameter(title: "Photo") var photo: PhotoEntity?
    @Parameter(title: "Day", inThePast: true) var day: Date?

    func perform() async throws -> some IntentResult & ReturnsValue<[PhotoEntity]> {
        if let photo {
            return .result(value: [photo], dialog: "Showing \(photo.title), taken \(DemoApps.time(photo.taken))")
        }
        guard let day else { throw $photo.needsValue("Which photo?") }
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = .current
        let taken = PhotoEntity.all.filter { calendar.isDate($0.taken, inSameDayAs: day) }.sorted { $0.taken < $1.taken }
        guard !taken.isEmpty else { return .result(value: [], dialog: "You took no photos on \(DemoApps.day(day))") }
        let count = taken.count == 1 ? "1 photo" : "\(taken.count) photos"
        return .result(value: taken, dialog: "You took \(count) on \(DemoApps.day(day)): \(taken.map(\.title).joined(separator: ", "))")
    }
}

struct PhotosShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: DisplayPhoto(), phrases: ["display [the] photo \(\.$imageTitle)"], shortTitle: "Display Photo", systemImageName: "photo")
    }
}
