import Foundation
import IntentSDK

/// Mighty Tasks (demo-apps.md, app 1): state lives for the life of the process.
public enum MightyTasks: IntentApp {
    public static let id = "tasks"
    public static let name = "Mighty Tasks"
    public static let synonyms = ["tasks", "my tasks", "task list"]
    public static let intents: [any AppIntent.Type] = [
        CountTasks.self, AddTask.self, ListTasks.self, DeleteAllTasks.self, OpenTask.self, DeleteTask.self, CompleteTask.self,
        RestoreTask.self, ReopenTask.self,
    ]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = TasksShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { TaskStore() }) }
}

struct TaskItem: Sendable {
    var id: String
    var title: String
    var description = ""
    var isCompleted = false
    var dueDate: Date?
    var list: String?
}

actor TaskStore {
    static let lists = [("groceries", "Groceries"), ("work", "Work"), ("personal", "Personal")]
    private(set) var tasks: [TaskItem] = [
        TaskItem(id: "t1", title: "Buy milk", list: "groceries"), TaskItem(id: "t2", title: "Call mom", list: "personal"),
        TaskItem(id: "t3", title: "Prepare slides", list: "work"), TaskItem(id: "t4", title: "Book dentist appointment", list: "personal"),
        TaskItem(id: "t5", title: "Buy eggs", list: "groceries"),
    ]
    private var nextNumber = 6
    /// Deleted tasks by id, so that an undo brings one back as it was.
    private var deleted: [String: TaskItem] = [:]

    var openTasks: [TaskItem] { tasks.filter { !$0.isCompleted } }

    func add(title: String, list: String?, dueDate: Date?) -> TaskItem {
        let item = TaskItem(id: "t\(nextNumber)", title: title, dueDate: dueDate, list: list)
        nextNumber += 1
        tasks.append(item)
        return item
    }

    func deleteAll() { tasks.removeAll() }
    func delete(_ id: String) {
        for item in tasks where item.id == id { deleted[id] = item }
        tasks.removeAll { $0.id == id }
    }
    /// Puts a deleted task back; nil when no task with that id was deleted.
    func restore(_ id: String) -> TaskItem? {
        guard let item = deleted.removeValue(forKey: id) else { return nil }
        tasks.append(item)
        return item
    }
    func complete(_ id: String, _ done: Bool = true) {
        if let index = tasks.firstIndex(where: { $0.id == id }) { tasks[index].isCompleted = done }
    }
}

struct TaskListEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Task List"
    static let entityTypeName = "TaskList"
    static let defaultQuery = TaskListQuery()
    let id: String
    @Property(title: "Name") var name: String = ""
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    static var all: [TaskListEntity] { TaskStore.lists.map { TaskListEntity(id: $0.0, name: $0.1) } }
}

struct TaskListQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [TaskListEntity] { TaskListEntity.all }
    func entities(for identifiers: [String]) async throws -> [TaskListEntity] { TaskListEntity.all.filter { identifiers.contains($0.id) } }
}

struct TaskEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Task"
    static let entityTypeName = "Task"
    static let defaultQuery = TaskQuery()
    let id: String
    @Property(title: "Title") var title: String = ""
    @Property(title: "Description") var description: String = ""
    @Property(title: "Completed") var isCompleted: Bool = false
    @Property(title: "Due Date") var dueDate: Date?
    @Property(title: "List") var list: TaskListEntity?
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)", subtitle: list.map { "\($0.name)" }) }

    init(_ item: TaskItem) {
        id = item.id
        title = item.title
        description = item.description
        isCompleted = item.isCompleted
        dueDate = item.dueDate
        list = TaskListEntity.all.first { $0.id == item.list }
    }
}

struct TaskQuery: EntityStringQuery {
    @Dependency var store: TaskStore
    func entities(for identifiers: [String]) async throws -> [TaskEntity] {
        await store.tasks.filter { identifiers.contains($0.id) }.map(TaskEntity.init)
    }
    func suggestedEntities() async throws -> [TaskEntity] { await store.openTasks.map(TaskEntity.init) }
    func entities(matching string: String) async throws -> [TaskEntity] {
        await store.tasks.filter { $0.title.localizedCaseInsensitiveContains(string) }.map(TaskEntity.init)
    }
}

struct CountTasks: AppIntent {
    static let identifier = "count"
    static let title: LocalizedStringResource = "Get the number of opened tasks"
    static let examples = ["how many tasks do i have left"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Counts the tasks that are not done yet."
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let count = await store.openTasks.count
        return .result(value: count, dialog: "Number of the opened tasks is \(count)")
    }
}

struct AddTask: AppIntent {
    static let identifier = "add"
    static let title: LocalizedStringResource = "Create new task"
    static let examples = ["add buy milk to my groceries list", "remind me to call mom tomorrow at 5 pm"]
    static let effect: IntentSideEffect? = .reversible(undo: DeleteTask.self, parameters: ["task": "$result"])
    static let description: IntentDescription? = "Adds a task, optionally to a list and with a due date."
    static var parameterSummary: ParameterSummary<AddTask>? { Summary("Add \(\.$title) to \(\.$list)") }
    @Parameter(title: "Title", requestValueDialog: "What would you like to add?") var title: String
    @Parameter(title: "List") var list: TaskListEntity?
    @Parameter(title: "Due Date") var dueDate: Date?
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> {
        let item = await store.add(title: title, list: list?.id, dueDate: dueDate)
        return .result(value: TaskEntity(item), dialog: "Task '\(title)' added")
    }
}

struct ListTasks: AppIntent {
    static let identifier = "list"
    static let title: LocalizedStringResource = "Get my Tasks's List"
    static let examples = ["what's on my groceries list"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Shows the open tasks, of one list when a list is named."
    @Parameter(title: "List") var list: TaskListEntity?
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let open = await store.openTasks.filter { list == nil || $0.list == list?.id }
        let snippet = open.map { "- \($0.title)" }.joined(separator: "\n")
        let tasks = open.count == 1 ? "1 open task" : "\(open.count) open tasks"
        // "complete the second one" next: the tasks listed, in order.
        let shown = open.map(TaskEntity.init)
        guard let list else { return .result(value: open.count, dialog: "You have \(tasks)", snippet: snippet).showing(shown) }
        let dialog: IntentDialog = open.isEmpty ? "Your \(list.name) list is empty" : "You have \(tasks) on your \(list.name) list"
        return .result(value: open.count, dialog: dialog, snippet: snippet).showing(shown)
    }
}

struct DeleteAllTasks: AppIntent {
    static let identifier = "deleteAll"
    static let title: LocalizedStringResource = "Delete all tasks"
    static let examples = ["delete all my tasks"]
    static let effect: IntentSideEffect? = .destructive
    static let description: IntentDescription? = "Deletes every task, after asking."
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult {
        guard await !store.tasks.isEmpty else { throw IntentError("Sorry, there are no tasks to delete") }
        try await requestConfirmation(actionName: .delete, dialog: "Are you sure you want to delete all your tasks?")
        await store.deleteAll()
        return .result(dialog: "All of your tasks have been deleted.")
    }
}

struct OpenTask: AppIntent {
    static let identifier = "open"
    static let title: LocalizedStringResource = "Open a task"
    static let examples = ["open the buy milk task"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Opens a task in the app."
    static let openAppWhenRun = true
    static var parameterSummary: ParameterSummary<OpenTask>? { Summary("Open \(\.$task)") }
    @Parameter(title: "Task", requestValueDialog: "What task would like to open?") var task: TaskEntity?
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult {
        if task == nil {
            let open = await store.openTasks.map(TaskEntity.init)
            _ = try await $task.requestDisambiguation(among: open, dialog: "What task would like to open?")
        }
        return .result(dialog: "Opening your task")
    }
}

struct DeleteTask: AppIntent {
    static let identifier = "delete"
    static let title: LocalizedStringResource = "Delete task"
    static let examples = ["delete buy milk from my tasks"]
    static let effect: IntentSideEffect? = .reversible(undo: RestoreTask.self, parameters: ["id": "$task.id"])
    static let description: IntentDescription? = "Deletes one task, after asking."
    static var parameterSummary: ParameterSummary<DeleteTask>? { Summary("Delete \(\.$task)") }
    @Parameter(title: "Task", requestValueDialog: "Which task should I delete?") var task: TaskEntity
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult {
        try await requestConfirmation(actionName: .delete, dialog: "Are you sure you want to delete '\(task.title)'?")
        await store.delete(task.id)
        return .result(dialog: "Task deleted")
    }
}

struct CompleteTask: AppIntent {
    static let identifier = "complete"
    static let title: LocalizedStringResource = "Complete task"
    static let examples = ["mark buy milk as done"]
    static let effect: IntentSideEffect? = .reversible(undo: ReopenTask.self, parameters: ["task": "$task"])
    static let description: IntentDescription? = "Marks one task as done."
    static var parameterSummary: ParameterSummary<CompleteTask>? { Summary("Complete \(\.$task)") }
    @Parameter(title: "Task", requestValueDialog: "Which task did you finish?") var task: TaskEntity
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult {
        await store.complete(task.id)
        return .result(dialog: "Marked '\(task.title)' as done")
    }
}

/// The inverse of DeleteTask, for "undo": the task comes back with its id, list and state.
struct RestoreTask: AppIntent {
    static let identifier = "restore"
    static let title: LocalizedStringResource = "Restore a deleted task"
    static let effect: IntentSideEffect? = .reversible(undo: DeleteTask.self, parameters: ["task": "$result"])
    static let description: IntentDescription? = "Brings back a task deleted earlier, as it was."
    static let isDiscoverable = false
    @Parameter(title: "Task id") var id: String
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> {
        guard let item = await store.restore(id) else { throw IntentError("Sorry, that task is gone for good") }
        return .result(value: TaskEntity(item), dialog: "Task '\(item.title)' is back")
    }
}

/// The inverse of CompleteTask, for "undo".
struct ReopenTask: AppIntent {
    static let identifier = "reopen"
    static let title: LocalizedStringResource = "Reopen a task"
    static let effect: IntentSideEffect? = .reversible(undo: CompleteTask.self, parameters: ["task": "$task"])
    static let description: IntentDescription? = "Marks a done task as not done."
    static let isDiscoverable = false
    @Parameter(title: "Task") var task: TaskEntity
    @Dependency var store: TaskStore
    func perform() async throws -> some IntentResult {
        await store.complete(task.id, false)
        return .result(dialog: "'\(task.title)' is open again")
    }
}

struct TasksShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: CountTasks(), phrases: ["What is left in \(.applicationName)?", "How many tasks left in \(.applicationName)"],
            shortTitle: "Count Tasks", systemImageName: "number")
        AppShortcut(
            intent: AddTask(), phrases: ["add \(\.$title) to [my] \(\.$list) list", "remind me to \(\.$title) [\(\.$dueDate)]"],
            shortTitle: "Add Task", systemImageName: "plus")
        AppShortcut(intent: ListTasks(), phrases: ["show my tasks"], shortTitle: "List Tasks", systemImageName: "list.bullet")
        AppShortcut(intent: DeleteAllTasks(), phrases: ["delete all my tasks"], shortTitle: "Delete All", systemImageName: "trash")
        AppShortcut(intent: OpenTask(), phrases: ["open [the] task \(\.$task)", "open a task"], shortTitle: "Open Task", systemImageName: "doc")
        AppShortcut(intent: DeleteTask(), phrases: ["delete [the] task \(\.$task)"], shortTitle: "Delete Task", systemImageName: "trash")
        AppShortcut(intent: CompleteTask(), phrases: ["complete \(\.$task)"], shortTitle: "Complete Task", systemImageName: "checkmark")
    }
}
