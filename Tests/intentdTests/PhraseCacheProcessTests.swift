import Foundation
import IntentTesting
import Testing

/// The compiled-phrase cache as the real binary uses it: in `$XDG_CACHE_HOME/intentd`,
/// written by the first start, shared by processes that start at once, off with `INTENTD_CACHE=off`.
struct PhraseCacheProcessTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intentd-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func processesThatStartAtOnceShareOneWholeCache() async throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CACHE_HOME": home.path]
        let arguments = ["route", "--phrases", TestPaths.phrases, "--json", "add milk to my groceries list"]
        // Four processes find no cache and build it at the same moment.
        let outputs = try await withThrowingTaskGroup(of: CommandOutput.self) { group in
            for _ in 0..<4 { group.addTask { try await runIntentd(arguments, environment: environment) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for output in outputs {
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.contains("\"intent\":\"tasks.add\""))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("intentd").path)
        #expect(files.count == 1, "\(files)")
        #expect(files.allSatisfy { $0.hasPrefix("phrases-") && $0.hasSuffix(".bin") })
        // The one left is whole: the next start answers the same from it.
        let warm = try await runIntentd(arguments, environment: environment)
        #expect(warm.stdout == outputs[0].stdout)
    }

    @Test func theCacheCanBeTurnedOff() async throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try await runIntentd(
            ["route", "--phrases", TestPaths.phrases, "add milk to my groceries list"],
            environment: ["XDG_CACHE_HOME": home.path, "INTENTD_CACHE": "off"])
        #expect(output.stdout.contains("tasks.add"))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("intentd").path))
    }
}
