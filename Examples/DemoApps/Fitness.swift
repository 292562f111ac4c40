import IntentSDK

/// Workouts (demo-apps.md, app 6).
public enum Workouts: IntentApp {
    public static let id = "fitness"
    public static let name = "Workouts"
    public static let intents: [any AppIntent.Type] = [StartWorkout.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = WorkoutShortcuts.self
}

enum WorkoutType: String, AppEnum {
    case running, cycling, swimming, yoga
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Workout Type"
    static let caseDisplayRepresentations: [WorkoutType: DisplayRepresentation] = [
        .running: DisplayRepresentation(title: "Running", synonyms: ["run", "jog"]),
        .cycling: DisplayRepresentation(title: "Cycling", synonyms: ["bike", "ride"]),
        .swimming: DisplayRepresentation(title: "Swimming", synonyms: ["swim"]),
        .yoga: "Yoga",
    ]
}

struct StartWorkout: AppIntent {
    static let title: LocalizedStringResource = "Start Workout"
    static let description: IntentDescription? = "Starts a workout in the app."
    static let openAppWhenRun = true
    static var parameterSummary: ParameterSummary<StartWorkout>? { Summary("Start \(\.$workoutType)") }
    @Parameter(title: "Workout Type", requestValueDialog: "Which workout?") var workoutType: WorkoutType
    @Parameter(title: "Duration (minutes)") var duration: Int?

    func perform() async throws -> some IntentResult {
        let kind = workoutType.rawValue
        guard let duration else { return .result(dialog: "Starting \(kind) workout") }
        return .result(dialog: "Starting \(kind) workout for \(duration) minutes")
    }
}

struct WorkoutShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: StartWorkout(), phrases: ["start [a] \(\.$workoutType) [workout]", "start [a] \(\.$workoutType) workout for \(\.$duration) minutes"],
            shortTitle: "Start Workout", systemImageName: "figure.run")
    }
}
