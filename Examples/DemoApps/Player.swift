import IntentSDK

/// Player (demo-apps.md, app 9).
public enum PlayerApp: IntentApp {
    public static let id = "player"
    public static let name = "Player"
    public static let intents: [any AppIntent.Type] = [TogglePlayback.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = PlayerShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { Playback() }) }
}

/// What the user said to do; none said ("toggle the music") plays if paused, pauses if playing.
enum PlaybackAction: String, AppEnum {
    case play, pause
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Action"
    static let caseDisplayRepresentations: [PlaybackAction: DisplayRepresentation] = [
        .play: DisplayRepresentation(title: "Play", synonyms: ["resume", "unpause"]),
        .pause: DisplayRepresentation(title: "Pause", synonyms: ["stop", "hold"]),
    ]
}

actor Playback {
    private(set) var isPlaying = false
    /// Plays, pauses, or (with no action) toggles; returns whether it is playing now.
    func apply(_ action: PlaybackAction?) -> Bool {
        switch action {
        case .play: isPlaying = true
        case .pause: isPlaying = false
        case nil: isPlaying.toggle()
        }
        return isPlaying
    }
}

/// An audio-playback intent: plays or pauses. It adopts intentd's media.togglePlayback, so
/// the media domain's phrases ("play pause", "toggle the music") reach it too.
struct TogglePlayback: AppIntent {
    static let title: LocalizedStringResource = "Play MP3"
    static var assistantSchema: AssistantSchema? { .media.togglePlayback }
    static let description: IntentDescription? = "Plays or pauses the MP3; with no word saying which, toggles."
    @Parameter(title: "Action") var action: PlaybackAction?
    @Dependency var playback: Playback
    func perform() async throws -> some IntentResult & ReturnsValue<Bool> {
        let playing = await playback.apply(action)
        return .result(value: playing, dialog: playing ? "Playing" : "Paused")
    }
}

struct PlayerShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: TogglePlayback(), phrases: ["play the mp3", "pause the music"], shortTitle: "Play MP3", systemImageName: "play")
    }
}
