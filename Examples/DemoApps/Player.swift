import IntentSDK

/// Player (demo-apps.md, app 9).
public enum PlayerApp: IntentApp {
    public static let id = "player"
    public static let name = "Player"
    public static let intents: [any AppIntent.Type] = [TogglePlayback.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = PlayerShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { Playback() }) }
}

actor Playback {
    private(set) var isPlaying = false
    func toggle() -> Bool {
        isPlaying.toggle()
        return isPlaying
    }
}

/// An audio-playback intent: plays or pauses. It adopts intentd's media.togglePlayback, so
/// the media domain's phrases ("play pause", "toggle the music") reach it too.
struct TogglePlayback: AppIntent {
    static let title: LocalizedStringResource = "Play MP3"
    static let description: IntentDescription? = "Plays or pauses the MP3."
    static var assistantSchema: AssistantSchema? { .media.togglePlayback }
    @Dependency var playback: Playback
    func perform() async throws -> some IntentResult & ReturnsValue<Bool> {
        let playing = await playback.toggle()
        return .result(value: playing, dialog: playing ? "Playing" : "Paused")
    }
}

struct PlayerShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: TogglePlayback(), phrases: ["play the mp3", "pause the music"], shortTitle: "Play MP3", systemImageName: "play")
    }
}
