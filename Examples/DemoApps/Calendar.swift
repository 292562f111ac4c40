import Foundation
import IntentSDK

/// Calendar (demo-apps.md, app 7).
public enum CalendarApp: IntentApp {
    public static let id = "calendar"
    public static let name = "Calendar"
    public static let intents: [any AppIntent.Type] = [
        CreateEvent.self, OpenEvent.self, NextEvent.self, ListEvents.self, BookAppointment.self, DeleteEvent.self, MoveEvent.self,
    ]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = CalendarShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { EventStore() }) }
}

struct EventRecord: Sendable {
    var id: String
    var title: String
    var start: Date
    var end: Date?
    var notes: String?
}

actor EventStore {
    private(set) var events = [
        EventRecord(id: "standup", title: "Team standup", start: DemoApps.date(2026, 11, 23, 9, 30)),
        EventRecord(id: "dentist", title: "Dentist", start: DemoApps.date(2026, 11, 25, 15, 0)),
    ]
    /// The number of the last event made (the fixtures are the first two): ids are never
    /// reused, even after a delete.
    private var lastNumber = 2
    func add(title: String, start: Date, end: Date?, notes: String?) -> EventRecord {
        lastNumber += 1
        let record = EventRecord(id: "event-\(lastNumber)", title: title, start: start, end: end, notes: notes)
        events.append(record)
        return record
    }
    /// Moves an event to start at `start`, keeping its length; a day said alone (midnight)
    /// keeps the time of day it had. Nil when there is no such event.
    func move(_ id: String, to start: Date) -> EventRecord? {
        guard let index = events.firstIndex(where: { $0.id == id }) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        var newStart = start
        let time = calendar.dateComponents([.hour, .minute, .second], from: start)
        if time.hour == 0, time.minute == 0, time.second == 0 {
            let kept = calendar.dateComponents([.hour, .minute], from: events[index].start)
            newStart = calendar.date(bySettingHour: kept.hour ?? 0, minute: kept.minute ?? 0, second: 0, of: start) ?? start
        }
        let length = events[index].end.map { $0.timeIntervalSince(events[index].start) }
        events[index].start = newStart
        events[index].end = length.map { newStart.addingTimeInterval($0) }
        return events[index]
    }
    func delete(_ id: String) -> Bool {
        guard let index = events.firstIndex(where: { $0.id == id }) else { return false }
        events.remove(at: index)
        return true
    }
}

struct EventEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Event"
    static let defaultQuery = EventQuery()
    let id: String
    @Property(title: "Title") var title: String = ""
    @Property(title: "Start Date") var startDate: Date = Date(timeIntervalSince1970: 0)
    @Property(title: "End Date") var endDate: Date?
    @Property(title: "Notes") var notes: String?
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)", subtitle: "\(DemoApps.time(startDate))") }

    init(_ record: EventRecord) {
        id = record.id
        title = record.title
        startDate = record.start
        endDate = record.end
        notes = record.notes
    }
}

struct EventQuery: EntityStringQuery {
    @Dependency var store: EventStore
    func entities(for identifiers: [String]) async throws -> [EventEntity] {
        await store.events.filter { identifiers.contains($0.id) }.map(EventEntity.init)
    }
    func suggestedEntities() async throws -> [EventEntity] { await store.events.map(EventEntity.init) }
    func entities(matching string: String) async throws -> [EventEntity] {
        await store.events.filter { $0.title.localizedCaseInsensitiveContains(string) }.map(EventEntity.init)
    }
}

/// A named thing with a fixed list (services, locations): the same shape twice.
struct ServiceEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Service"
    static let defaultQuery = ServiceQuery()
    static let all = [ServiceEntity(id: "haircut", name: "Haircut"), ServiceEntity(id: "checkup", name: "Dental checkup"),
                      ServiceEntity(id: "massage", name: "Massage")]
    let id: String
    @Property(title: "Name") var name: String = ""
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

struct ServiceQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [ServiceEntity] { ServiceEntity.all }
    func entities(for identifiers: [String]) async throws -> [ServiceEntity] { ServiceEntity.all.filter { identifiers.contains($0.id) } }
}

struct LocationEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Location"
    static let defaultQuery = LocationQuery()
    static let all = [LocationEntity(id: "downtown", name: "Downtown"), LocationEntity(id: "uptown", name: "Uptown")]
    let id: String
    @Property(title: "Name") var name: String = ""
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

struct LocationQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [LocationEntity] { LocationEntity.all }
    func entities(for identifiers: [String]) async throws -> [LocationEntity] { LocationEntity.all.filter { identifiers.contains($0.id) } }
}

struct CreateEvent: AppIntent {
    static let title: LocalizedStringResource = "Create Event"
    static let examples = ["schedule lunch with sarah tomorrow at noon"]
    static let effect: IntentSideEffect? = .reversible(undo: DeleteEvent.self, parameters: ["event": "$result"])
    static let description: IntentDescription? = "Creates a calendar event, then offers to open it."
    static var parameterSummary: ParameterSummary<CreateEvent>? { Summary("Create \(\.$title) at \(\.$startDate)") }
    @Parameter(title: "Title", requestValueDialog: "What's the event called?") var title: String
    @Parameter(title: "Start Date", requestValueDialog: "When does it start?", needsTime: true) var startDate: Date
    @Parameter(title: "End Date") var endDate: Date?
    @Parameter(title: "Notes") var notes: String?
    @Dependency var store: EventStore

    func perform() async throws -> some IntentResult & ReturnsValue<EventEntity> & OpensIntent {
        let event = EventEntity(await store.add(title: title, start: startDate, end: endDate, notes: notes))
        return .result(value: event, opensIntent: OpenEvent(event: event), dialog: "Created \(title) at \(DemoApps.time(startDate))")
    }
}

/// The inverse of CreateEvent, for "undo" and corrections ("no, tomorrow instead").
struct DeleteEvent: AppIntent {
    static let title: LocalizedStringResource = "Delete Event"
    static let examples = ["cancel the team standup"]
    static let effect: IntentSideEffect? = .destructive
    static let description: IntentDescription? = "Deletes an event created earlier."
    static var parameterSummary: ParameterSummary<DeleteEvent>? { Summary("Delete \(\.$event)") }
    @Parameter(title: "Event") var event: EventEntity
    @Dependency var store: EventStore

    func perform() async throws -> some IntentResult {
        guard await store.delete(event.id) else { throw IntentError("Sorry, that event is already gone") }
        return .result(dialog: "Deleted \(event.title)")
    }
}

/// Moves an event to another time (an addition to demo-apps.md); undone by moving it back.
struct MoveEvent: AppIntent {
    static let title: LocalizedStringResource = "Move Event"
    static let examples = ["move the team standup to thursday"]
    static let effect: IntentSideEffect? = .reversible(undo: MoveEvent.self, parameters: ["event": "$result", "startDate": "$event.startDate"])
    static let description: IntentDescription? = "Moves an event to another time, keeping its length."
    static var parameterSummary: ParameterSummary<MoveEvent>? { Summary("Move \(\.$event) to \(\.$startDate)") }
    @Parameter(title: "Event", requestValueDialog: "Which event?") var event: EventEntity
    @Parameter(title: "Start Date", requestValueDialog: "When should it start?") var startDate: Date
    @Dependency var store: EventStore

    func perform() async throws -> some IntentResult & ReturnsValue<EventEntity> {
        guard let moved = await store.move(event.id, to: startDate) else { throw IntentError("Sorry, that event is gone") }
        return .result(value: EventEntity(moved), dialog: "Moved \(moved.title) to \(DemoApps.time(moved.start))")
    }
}

struct OpenEvent: AppIntent {
    static let title: LocalizedStringResource = "Open Event"
    static let examples = ["open the team standup"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Opens an event."
    static let openAppWhenRun = true
    static var parameterSummary: ParameterSummary<OpenEvent>? { Summary("Open \(\.$event)") }
    @Parameter(title: "Event", requestValueDialog: "Which event?") var event: EventEntity

    init() {}
    init(event: EventEntity) { self.event = event }

    func perform() async throws -> some IntentResult { .result(dialog: "Opening \(event.title)") }
}

struct NextEvent: AppIntent {
    static let title: LocalizedStringResource = "Next event"
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Tells the next event."
    @Dependency var store: EventStore

    func perform() async throws -> some IntentResult & ReturnsValue<EventEntity> {
        let events = await store.events.sorted { $0.start < $1.start }
        // After the request's time (the clock, unless the client gave one), so that a test's
        // fixed time and the user's own agree.
        guard let next = events.first(where: { $0.start >= IntentRequest.now }) ?? events.last else { throw IntentError("You have no events") }
        return .result(value: EventEntity(next), dialog: "Your next event is \(next.title) at \(DemoApps.time(next.start))")
    }
}

/// A week a listing is asked for, relative to the request's time. Weeks start on Monday.
enum CalendarPeriod: String, AppEnum {
    case thisWeek, nextWeek, weekend
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Period"
    static let caseDisplayRepresentations: [CalendarPeriod: DisplayRepresentation] = [
        .thisWeek: DisplayRepresentation(title: "this week", synonyms: ["the rest of the week", "the rest of this week"]),
        .nextWeek: DisplayRepresentation(title: "next week", synonyms: ["the coming week", "the week ahead"]),
        .weekend: DisplayRepresentation(
            title: "this weekend", synonyms: ["the weekend", "weekend", "the coming weekend", "this coming weekend", "saturday and sunday"]),
    ]
}

struct ListEvents: AppIntent {
    static let title: LocalizedStringResource = "Show Events"
    static let examples = ["what's on my calendar tomorrow"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Lists the events of a day or a week, or those with a person."
    @Parameter(title: "Day") var day: Date?
    @Parameter(title: "Period") var period: CalendarPeriod?
    @Parameter(title: "With") var person: IntentPerson?
    @Dependency var store: EventStore

    func perform() async throws -> some IntentResult & ReturnsValue<[EventEntity]> {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = .current
        let now = IntentRequest.now
        var range: Range<Date>
        var when = ""
        if let day {
            let start = calendar.startOfDay(for: day)
            range = start..<(calendar.date(byAdding: .day, value: 1, to: start) ?? start)
            when = " on " + DemoApps.day(day)
        } else if let period {
            let reference = period == .nextWeek ? calendar.date(byAdding: .weekOfYear, value: 1, to: now) ?? now : now
            let week = calendar.dateInterval(of: .weekOfYear, for: reference)
            range = (week?.start ?? now)..<(week?.end ?? now)
            when = period == .nextWeek ? " next week" : " this week"
            // The weekend: the Saturday and Sunday of this week (weeks run Monday to Sunday).
            if period == .weekend, let week {
                range = (calendar.date(byAdding: .day, value: 5, to: week.start) ?? week.start)..<week.end
                when = " this weekend"
            }
        } else {
            range = now..<Date.distantFuture
        }
        // This week and this weekend are what is left of them.
        if period == .thisWeek || period == .weekend { range = min(max(range.lowerBound, now), range.upperBound)..<range.upperBound }
        let firstName = person.map { String($0.displayName.split(separator: " ").first ?? "") }
        let found = await store.events.filter { event in
            range.contains(event.start) && (firstName.map { event.title.localizedCaseInsensitiveContains($0) } ?? true)
        }.sorted { $0.start < $1.start }
        let with = firstName.map { " with \($0)" } ?? ""
        guard !found.isEmpty else { return .result(value: [], dialog: "You have nothing on your calendar\(with)\(when)") }
        let listed = found.map { "\($0.title) at \(DemoApps.time($0.start))" }.joined(separator: "; ")
        let count = found.count == 1 ? "1 event" : "\(found.count) events"
        return .result(value: found.map(EventEntity.init), dialog: "You have \(count)\(with)\(when): \(listed)")
    }
}

struct BookAppointment: AppIntent {
    static let title: LocalizedStringResource = "Book Appointment"
    static let examples = ["book a haircut downtown"]
    static let description: IntentDescription? = "Books an appointment for a service at a location."
    static var parameterSummary: ParameterSummary<BookAppointment>? { Summary("Book \(\.$service) at \(\.$location)") }
    @Parameter(title: "Service", requestValueDialog: "Which service would you like?") var service: ServiceEntity
    @Parameter(title: "Preferred Date", needsTime: true) var preferredDate: Date?
    @Parameter(title: "Location", requestValueDialog: "Which location would you like to visit?") var location: LocationEntity
    @Parameter(title: "Duration (minutes)", default: 60) var duration: Int

    func perform() async throws -> some IntentResult {
        // An appointment is at a time: one never said is asked for, not left out.
        guard let preferredDate else { throw $preferredDate.needsValue("When would you like it?") }
        return .result(dialog: "Booked a \(duration)-minute \(service.name) at \(location.name) at \(DemoApps.time(preferredDate))")
    }
}

struct CalendarShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: CreateEvent(), phrases: ["create [an] event [called] \(\.$title) (on|at) \(\.$startDate)"],
                    shortTitle: "Create Event", systemImageName: "calendar.badge.plus")
        AppShortcut(intent: OpenEvent(), phrases: ["open [the] \(\.$event) event"], shortTitle: "Open Event", systemImageName: "calendar")
        AppShortcut(intent: NextEvent(), phrases: ["what is my next event"], shortTitle: "Next Event", systemImageName: "clock")
        AppShortcut(intent: BookAppointment(), phrases: ["book [a] \(\.$service) [appointment]"], shortTitle: "Book", systemImageName: "person")
    }
}
