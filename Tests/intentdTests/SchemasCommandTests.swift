import Foundation
import IntentTesting
import Testing

/// `intentd schemas` and `intentd route --prefer`, as a user runs them.
struct SchemasCommandTests {
    @Test func listsTheDomains() async throws {
        let output = try await runIntentd(["schemas"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "mail                Mail: 12 intent, 5 entity schemas, adopted whole, phrases")
        #expect(lines.contains("media               Media playback: 10 intent, 3 enum schemas, phrases"))
        #expect(
            lines.last
                == "23 domains, 142 intent, 65 entity and 48 enum schemas; `intentd schemas DOMAIN` lists a domain's.")
    }

    @Test func listsADomainsSchemas() async throws {
        let output = try await runIntentd(["schemas", "phone"])
        #expect(
            output.stdout == """
                phone: Phone (primary)
                  https://developer.apple.com/documentation/appintents/app-schema-domain-phone
                intent schemas:
                  phone.startCall(destination: Any, audioVisualMode: phone.audioVisualMode)  [confirmed-doc]
                entity schemas:
                  phone.phonePerson {person: Person}  [confirmed-doc]
                enum schemas:
                  phone.audioVisualMode {audio, video}  [confirmed-doc]

                """)
    }

    @Test func describesOneSchemaWithItsAdoptersAndPhrases() async throws {
        let output = try await runIntentd(["schemas", "mail.createDraft"])
        #expect(output.status == 0)
        #expect(
            output.stdout.hasPrefix(
                """
                mail.createDraft: Open a composer pre-filled with recipients, subject, body and attachments.
                  intent schema of the mail domain, which is adopted whole
                  parameters:
                    body: String?
                    to: [Person]
                    subject: String?
                    cc: [Person]
                    bcc: [Person]
                    account: mail.account?
                    attachments: [File]
                  returns: mail.draft
                  confidence: confirmed-doc
                  adopted by:
                    mail.sendDraft (MyMailComposer)
                  phrases: 
                """))
        let seek = try await runIntentd(["schemas", "media.seek"])
        #expect(seek.stdout.contains("    fast forward [by] {offset}  (sets direction = \"forward\")\n"))
    }

    @Test func anUnknownNameGetsANearMiss() async throws {
        let output = try await runIntentd(["schemas", "mail.createDraf"])
        #expect(output.status == 1)
        #expect(output.stderr == "Unknown domain or schema 'mail.createDraf'. Did you mean 'mail.createDraft'?\n")
    }

    @Test func routePreferenceTakesTheNamedApp() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "intentd-prefer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mail = try String(contentsOfFile: TestPaths.phrases + "/mail.yaml", encoding: .utf8)
        let postbox = mail.replacingOccurrences(of: "  id: mail\n", with: "  id: postbox\n")
            .replacingOccurrences(of: "  name: MyMailComposer\n", with: "  name: Postbox\n")
        try postbox.write(to: folder.appendingPathComponent("postbox.yaml"), atomically: true, encoding: .utf8)
        let phrases = ["--phrases", TestPaths.phrases, "--phrases", folder.path]
        let asked = try await runIntentd(["route"] + phrases + ["email john about lunch"])
        #expect(asked.stdout.contains("which app? MyMailComposer or Postbox"))
        let preferred = try await runIntentd(
            ["route", "--json"] + phrases + ["--prefer", "mail=postbox", "email john about lunch"])
        #expect(preferred.stdout.contains(#""status":"complete","intent":"postbox.sendDraft""#))
        let fromEnvironment = try await runIntentd(
            ["route", "--json"] + phrases + ["email john about lunch"], environment: ["INTENTD_PREFER": "mail=postbox"])
        #expect(fromEnvironment.stdout.contains(#""intent":"postbox.sendDraft""#))
        // The preferences file, one DOMAIN=APP per line, read when neither of the above is given.
        let config = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("intentd"), withIntermediateDirectories: true)
        try "# mail goes to Postbox\nmail=postbox  # not MyMailComposer\n\n".write(
            to: config.appendingPathComponent("intentd/prefer"), atomically: true, encoding: .utf8)
        let fromFile = try await runIntentd(
            ["route", "--json"] + phrases + ["email john about lunch"], environment: ["XDG_CONFIG_HOME": config.path])
        #expect(fromFile.stdout.contains(#""intent":"postbox.sendDraft""#))
        try "mail=postbx\n".write(to: config.appendingPathComponent("intentd/prefer"), atomically: true, encoding: .utf8)
        let wrong = try await runIntentd(
            ["route", "--json"] + phrases + ["email john about lunch"], environment: ["XDG_CONFIG_HOME": config.path])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains(config.path + "/intentd/prefer: Unknown app 'postbx'"))
    }

    @Test func anUnknownPreferenceIsRefused() async throws {
        let output = try await runIntentd(["route", "--prefer", "mail=postbox", "email john"])
        #expect(output.status != 0)
        #expect(output.stderr.hasPrefix("Error: --prefer: Unknown app 'postbox' in 'mail=postbox'."))
    }
}
