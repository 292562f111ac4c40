import Foundation
import IntentTesting
import Testing

/// Phrase files are found the XDG way (README.md, "Install"): apps in
/// `$XDG_DATA_HOME/intentd/apps` join the demo apps, and a file name found there wins over
/// the demo's file of that name.
struct PhraseSearchTests {
    @Test func appsInstalledByTheUserAreFoundAndWinOverTheDemosFileOfTheSameName() async throws {
        let home = NSTemporaryDirectory() + "intentd-xdg-\(UUID().uuidString)"
        let apps = home + "/intentd/apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "language: en\napp:\n  id: jot\n  name: Jot\nintents:\n  open:\n    title: Open notes\n    phrases:\n      - open my jottings\n"
            .write(toFile: apps + "/jot.yaml", atomically: true, encoding: .utf8)
        try "language: en\napp:\n  id: soup\n  name: Tiny Soup\nintents:\n  ping:\n    title: Ping\n    phrases:\n      - ping the soup place\n"
            .write(toFile: apps + "/soup.yaml", atomically: true, encoding: .utf8)
        let environment = ["XDG_DATA_HOME": home, "XDG_DATA_DIRS": "/nonexistent", "INTENTD_PHRASES": "", "XDG_CACHE_HOME": home + "/cache"]
        let routed = try await runIntentd(["route", "open my jottings", "ping the soup place", "how many tasks are left", "order two tomato soups"], environment: environment)
        #expect(routed.status == 0, "\(routed.stderr)")
        let lines = routed.stdout.split(separator: "\n").filter { $0.hasPrefix("\"") }
        #expect(lines.count == 4, "\(routed.stdout)")
        #expect(lines.first?.contains("→ jot.open") == true, "\(routed.stdout)")
        #expect(lines.dropFirst().first?.contains("→ soup.ping") == true, "the user's soup.yaml replaced the demo's: \(routed.stdout)")
        #expect(lines.dropFirst(2).first?.contains("→ tasks.count") == true, "the other demo apps stay: \(routed.stdout)")
        #expect(lines.last?.contains("soup.order") == false, "\(routed.stdout)")

        let doctor = try await runIntentd(["doctor", "--socket", home + "/none.sock", "--state-dir", home + "/state"], environment: environment)
        #expect(doctor.status == 0, "\(doctor.stderr)")
        // The route above wrote the cache of these files, in the cache folder of this home.
        #expect(doctor.stdout.contains("phrase cache: \(home)/cache/intentd/phrases-"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains(".bin: up to date"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("✓ \(apps)  (apps installed by the user ($XDG_DATA_HOME)): 2 files"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("history: \(home)/state/memory.sqlite: not created yet"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("daemon: \(home)/none.sock: none listening"), "\(doctor.stdout)")
    }
}
