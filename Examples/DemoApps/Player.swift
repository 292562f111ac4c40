import IntentSDK

/// Player (demo-apps.md, app 9).
public enum PlayerApp: IntentApp {
    public static let id = "player"
    public static let name = "Player"
    public static let intents: [any AppIntent.Type] = [TogglePlayback.self, PlaySong.self, NextTrack.self, PreviousTrack.self]
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

/// A kind of music, to play a song of.
enum Genre: String, AppEnum {
    case rock, jazz, classical, pop
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Genre"
    static let caseDisplayRepresentations: [Genre: DisplayRepresentation] = [
        .rock: DisplayRepresentation(title: "Rock", synonyms: ["rock music", "rock and roll"]),
        .jazz: DisplayRepresentation(title: "Jazz", synonyms: ["jazz music"]),
        .classical: DisplayRepresentation(title: "Classical", synonyms: ["classical music", "classic"]),
        .pop: DisplayRepresentation(title: "Pop", synonyms: ["pop music"]),
    ]
}

/// The player's library, in queue order (demo-apps.md: added).
struct SongEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Song"
    static let defaultQuery = SongQuery()
    static let all = [
        SongEntity(id: "bohemian-rhapsody", title: "Bohemian Rhapsody", artist: "Queen", genre: .rock),
        SongEntity(id: "take-five", title: "Take Five", artist: "Dave Brubeck", genre: .jazz),
        SongEntity(id: "clair-de-lune", title: "Clair de Lune", artist: "Claude Debussy", genre: .classical),
        SongEntity(id: "blinding-lights", title: "Blinding Lights", artist: "The Weeknd", genre: .pop),
        SongEntity(id: "so-what", title: "So What", artist: "Miles Davis", genre: .jazz),
    ]
    let id: String
    @Property(title: "Title") var title: String = ""
    @Property(title: "Artist") var artist: String = ""
    var genre: Genre = .rock
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)", subtitle: "\(artist)") }

    init(id: String, title: String, artist: String, genre: Genre) {
        self.id = id
        self.title = title
        self.artist = artist
        self.genre = genre
    }

    /// "Take Five by Dave Brubeck".
    var said: String { "\(title) by \(artist)" }
}

struct SongQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [SongEntity] { SongEntity.all }
    func entities(for identifiers: [String]) async throws -> [SongEntity] { SongEntity.all.filter { identifiers.contains($0.id) } }
}

/// The player's artists, each with their songs in the library.
struct ArtistEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Artist"
    static let defaultQuery = ArtistQuery()
    static let all = SongEntity.all.map(\.artist).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.map {
        ArtistEntity(id: $0.lowercased().replacingOccurrences(of: " ", with: "-"), name: $0)
    }
    let id: String
    @Property(title: "Name") var name: String = ""
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

struct ArtistQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [ArtistEntity] { ArtistEntity.all }
    func entities(for identifiers: [String]) async throws -> [ArtistEntity] { ArtistEntity.all.filter { identifiers.contains($0.id) } }
}

actor Playback {
    private(set) var isPlaying = false
    /// The song in the queue (`SongEntity.all`) that plays now.
    private(set) var current = 0

    /// Plays `song` from the queue.
    func play(_ song: SongEntity) -> SongEntity {
        current = SongEntity.all.firstIndex { $0.id == song.id } ?? current
        isPlaying = true
        return SongEntity.all[current]
    }

    /// Moves `by` songs through the queue (wrapping around) and plays.
    func skip(by offset: Int) -> SongEntity {
        let count = SongEntity.all.count
        current = ((current + offset) % count + count) % count
        isPlaying = true
        return SongEntity.all[current]
    }

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
    static let examples = ["pause the music"]
    static var assistantSchema: AssistantSchema? { .media.togglePlayback }
    static let description: IntentDescription? = "Plays or pauses the MP3; with no word saying which, toggles."
    @Parameter(title: "Action") var action: PlaybackAction?
    @Dependency var playback: Playback
    func perform() async throws -> some IntentResult & ReturnsValue<Bool> {
        let playing = await playback.apply(action)
        return .result(value: playing, dialog: playing ? "Playing" : "Paused")
    }
}

/// Plays a song by its title, a song by an artist, or a song of a genre.
struct PlaySong: AppIntent {
    static let title: LocalizedStringResource = "Play Song"
    static let description: IntentDescription? = "Plays a song by title, or one by an artist or of a genre."
    @Parameter(title: "Song") var song: SongEntity?
    @Parameter(title: "Artist") var artist: ArtistEntity?
    @Parameter(title: "Genre") var genre: Genre?
    @Dependency var playback: Playback

    func perform() async throws -> some IntentResult & ReturnsValue<SongEntity> {
        let chosen = song ?? SongEntity.all.first { song in
            (artist.map { song.artist == $0.name } ?? true) && (genre.map { song.genre == $0 } ?? true)
        }
        guard let chosen else {
            if artist == nil, genre == nil { throw $song.needsValue("What would you like to hear?") }
            throw IntentError("There is no such song in your library")
        }
        let playing = await playback.play(chosen)
        return .result(value: playing, dialog: "Playing \(playing.said)")
    }
}

/// Skips to the next song of the queue.
struct NextTrack: AppIntent {
    static let title: LocalizedStringResource = "Next Track"
    static var assistantSchema: AssistantSchema? { .media.nextTrack }
    static let description: IntentDescription? = "Skips to the next song."
    @Dependency var playback: Playback
    func perform() async throws -> some IntentResult & ReturnsValue<SongEntity> {
        let playing = await playback.skip(by: 1)
        return .result(value: playing, dialog: "Playing \(playing.said)")
    }
}

/// Goes back to the previous song of the queue.
struct PreviousTrack: AppIntent {
    static let title: LocalizedStringResource = "Previous Track"
    static var assistantSchema: AssistantSchema? { .media.previousTrack }
    static let description: IntentDescription? = "Goes back to the previous song."
    @Dependency var playback: Playback
    func perform() async throws -> some IntentResult & ReturnsValue<SongEntity> {
        let playing = await playback.skip(by: -1)
        return .result(value: playing, dialog: "Playing \(playing.said)")
    }
}

struct PlayerShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: TogglePlayback(), phrases: ["play the mp3", "pause the music"], shortTitle: "Play MP3", systemImageName: "play")
    }
}
