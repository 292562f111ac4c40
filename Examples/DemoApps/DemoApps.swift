import Foundation
import IntentModel
import IntentSDK

/// The ten demo apps of demo-apps.md, written with IntentSDK: intentd's embedded default
/// and the shared test bed.
public enum DemoApps {
    public static let all: [any IntentApp.Type] = [
        MightyTasks.self, LibraryApp.self, HarcaMA.self, MyMailComposer.self, SoupChef.self,
        Workouts.self, CalendarApp.self, BankApp.self, PlayerApp.self, PhotosApp.self,
    ]

    /// A wall-clock time in the process's zone, as fixtures are written.
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute).date(in: .current) ?? Date(timeIntervalSince1970: 0)
    }

    /// "$89.80".
    static func dollars(_ amount: Double) -> String { String(format: "$%.2f", amount) }

    /// "9:30 AM on November 23".
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "h:mm a 'on' MMMM d"
        return formatter.string(from: date)
    }

    /// "Monday, November 23".
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "EEEE, MMMM d"
        return formatter.string(from: date)
    }
}
