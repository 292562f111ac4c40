import Foundation
import IntentSDK

/// Workouts (demo-apps.md, app 6).
public enum Workouts: IntentApp {
    public static let id = "fitness"
    public static let name = "Workouts"
    public static let intents: [any AppIntent.Type] = [StartWorkout.self, ListWorkouts.self]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = WorkoutShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { WorkoutLog() }) }
}

struct WorkoutRecord: Sendable {
    var type: WorkoutType
    var minutes: Int?
    var start: Date
}

/// The workouts done: two to begin with, then each one started.
actor WorkoutLog {
    private(set) var workouts = [
        WorkoutRecord(type: .running, minutes: 30, start: DemoApps.date(2026, 11, 22, 7, 30)),
        WorkoutRecord(type: .yoga, minutes: 45, start: DemoApps.date(2026, 11, 23, 18, 0)),
    ]
    func add(_ workout: WorkoutRecord) { workouts.append(workout) }
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
    static let examples = ["start a 30 minute run"]
    static let description: IntentDescription? = "Starts a workout in the app."
    static let openAppWhenRun = true
    static var parameterSummary: ParameterSummary<StartWorkout>? { Summary("Start \(\.$workoutType)") }
    @Parameter(title: "Workout Type", requestValueDialog: "Which workout?") var workoutType: WorkoutType
    @Parameter(title: "Duration (minutes)") var duration: Int?
    @Dependency var log: WorkoutLog

    func perform() async throws -> some IntentResult {
        await log.add(WorkoutRecord(type: workoutType, minutes: duration, start: IntentRequest.now))
        let kind = workoutType.rawValue
        guard let duration else { return .result(dialog: "Starting \(kind) workout") }
        return .result(dialog: "Starting \(kind) workout for \(duration) minutes")
    }
}

struct ListWorkouts: AppIntent {
    static let identifier = "listWorkouts"
    static let title: LocalizedStringResource = "Show Workouts"
    static let examples = ["show my workouts"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Lists the workouts done, or those of one type."
    static var parameterSummary: ParameterSummary<ListWorkouts>? { Summary("Show \(\.$workoutType) workouts") }
    @Parameter(title: "Workout Type") var workoutType: WorkoutType?
    @Dependency var log: WorkoutLog

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let done = await log.workouts.filter { workoutType == nil || $0.type == workoutType }
        let kind = workoutType.map { "\($0.rawValue) " } ?? ""
        guard !done.isEmpty else { return .result(value: 0, dialog: "You have no \(kind)workouts yet") }
        let listed = done.map { workout in
            let length = workout.minutes.map { " for \($0) minutes" } ?? ""
            return workout.type.rawValue.capitalized + length + " on " + DemoApps.day(workout.start)
        }
        let count = done.count == 1 ? "1 \(kind)workout" : "\(done.count) \(kind)workouts"
        return .result(value: done.count, dialog: "You have \(count): \(listed.joined(separator: "; "))")
    }
}

struct WorkoutShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: StartWorkout(), phrases: ["start [a] \(\.$workoutType) [workout]", "start [a] \(\.$workoutType) workout for \(\.$duration) minutes"],
            shortTitle: "Start Workout", systemImageName: "figure.run")
    }
}
