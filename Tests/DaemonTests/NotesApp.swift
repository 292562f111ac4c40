import Foundation
import IntentModel
import Wire

/// A small app defined in the tests and registered over the socket.
enum NotesApp {
    static let json = """
        {"id": "notes", "name": "Notes", "synonyms": ["my notes"],
         "entities": [{"name": "Note", "title": "Note", "properties": [{"name": "pinned", "type": "Bool"}],
                       "values": [{"id": "n1", "title": "Shopping list", "properties": {"pinned": true}},
                                  {"id": "n2", "title": "Ideas"}]}],
         "enums": [{"name": "Color", "title": "Color", "cases": [{"id": "red", "title": "Red"}, {"id": "blue", "title": "Blue", "synonyms": ["navy"]}]}],
         "intents": [
           {"id": "add", "title": "Add note", "parameters": [{"name": "text", "type": "String", "requestValueDialog": "What should the note say?"}],
            "phrases": ["add a note [saying] {text}", "add a note", "new note"]},
           {"id": "color", "title": "Color note", "parameters": [{"name": "note", "type": "Note"}, {"name": "color", "type": "Color"}],
            "phrases": ["color {note} {color}", "make a colored note"]},
           {"id": "count", "title": "Count notes", "parameters": [{"name": "copies", "type": "Int", "optional": true}],
            "phrases": ["how many notes [do i have]", "count my notes"]},
           {"id": "delete", "title": "Delete note", "parameters": [{"name": "note", "type": "Note"}],
            "confirmation": "Delete '${note}'?", "phrases": ["delete [the] note {note}", "delete a note"]},
           {"id": "share", "title": "Share note", "parameters": [{"name": "note", "type": "Note"}, {"name": "person", "type": "String", "optional": true}],
            "phrases": ["share [the] note {note}"]},
           {"id": "pin", "title": "Pin note", "parameters": [{"name": "note", "type": "Note", "optional": true}],
            "phrases": ["pin a note"]},
           {"id": "publish", "title": "Publish notes", "phrases": ["publish my notes"]},
           {"id": "wipe", "title": "Wipe notes", "authentication": "requiresLocalDeviceAuthentication", "phrases": ["wipe all notes"]},
           {"id": "secret", "title": "Show secret note", "authentication": "requiresAuthentication", "phrases": ["show the secret note"]},
           {"id": "crash", "title": "Crash", "phrases": ["crash the notes app"]},
           {"id": "hang", "title": "Hang", "phrases": ["hang the notes app"]},
           {"id": "rename", "title": "Rename note",
            "parameters": [{"name": "note", "type": "Note"}, {"name": "name", "type": "String", "requestValueDialog": "What should ${note} be called?"}],
            "phrases": ["rename the note {note}"]},
           {"id": "redirect", "title": "Redirect", "parameters": [{"name": "note", "type": "Note", "optional": true}],
            "phrases": ["redirect the notes app"]}
         ]}
        """

    static var definition: AppDefinition {
        get throws { try AppDefinition(json: try JSONValue(parsing: json)) }
    }

    static let extra = [
        EntityRecord(id: "n3", title: "Travel plans"), EntityRecord(id: "n4", title: "Travel budget"),
    ]

    /// Answers the daemon's calls the way the tests expect.
    static func handle(_ request: Request, _ control: AppControl) async -> Response {
        let params = request.params ?? .object([])
        if request.method == Methods.QueryEntities.name {
            guard let query = try? EntityQuery(json: params) else { return Response(id: request.id, error: RPCError(.invalidParams, "bad query")) }
            let all = [EntityRecord(id: "n1", title: "Shopping list"), EntityRecord(id: "n2", title: "Ideas")] + extra
            switch query.kind {
            case .suggested: return result(request, EntityList(Array(all.prefix(3))).json)
            case .string(let text):
                let words = text.lowercased().split(separator: " ").filter { $0.count > 3 }
                return result(request, EntityList(all.filter { note in words.contains { note.title.lowercased().contains($0) } }).json)
            case .identifiers(let ids): return result(request, EntityList(all.filter { ids.contains($0.id) }).json)
            default: return result(request, EntityList(all).json)
            }
        }
        guard let call = try? Methods.PerformIntent.Parameters(json: params) else {
            return Response(id: request.id, error: RPCError(.methodNotFound, "unknown"))
        }
        let p = call.call.parameters
        switch call.call.intent {
        case "notes.add":
            return result(request, AppReply.result(IntentResult(dialog: "Added '\(p["text"]?.stringValue ?? "")'")).json)
        case "notes.count":
            return result(request, AppReply.result(IntentResult(dialog: "You have 2 notes", value: .number(2), snippet: "- Shopping list\n- Ideas")).json)
        case "notes.delete":
            guard call.confirmed else { return result(request, AppReply.failure(message: "Not confirmed").json) }
            return result(request, AppReply.result(IntentResult(dialog: "Deleted \(p["note"]?["title"]?.stringValue ?? "?")")).json)
        case "notes.color":
            return result(request, AppReply.result(IntentResult(dialog: "Colored \(p["note"]?["id"]?.stringValue ?? "?") \(p["color"]?.stringValue ?? "?")")).json)
        case "notes.share":
            guard let person = p["person"]?.stringValue else {
                return result(request, AppReply.needsValue(parameter: "person", prompt: "Who should I share it with?").json)
            }
            return result(request, AppReply.result(IntentResult(dialog: "Shared with \(person)")).json)
        case "notes.pin":
            guard let note = p["note"] else {
                let choices = [Choice(index: 1, title: "Shopping list", value: .object([("id", .string("n1")), ("title", .string("Shopping list"))])),
                               Choice(index: 2, title: "Ideas", value: .object([("id", .string("n2")), ("title", .string("Ideas"))]))]
                return result(request, AppReply.disambiguate(parameter: "note", prompt: "Which note should I pin?", choices: choices).json)
            }
            return result(request, AppReply.result(IntentResult(dialog: "Pinned \(note["title"]?.stringValue ?? "?")")).json)
        case "notes.publish":
            guard call.confirmed else { return result(request, AppReply.confirm(prompt: "Publish 2 notes?", preview: "Shopping list, Ideas").json) }
            return result(request, AppReply.result(IntentResult(dialog: "Published")).json)
        case "notes.wipe", "notes.secret":
            return result(request, AppReply.result(IntentResult(dialog: "Done")).json)
        case "notes.crash":
            control.hangUp()
            try? await Task.sleep(for: .seconds(30))
            return result(request, AppReply.result(IntentResult(dialog: "too late")).json)
        case "notes.redirect":
            // A misbehaving app: offers another app's intent as a choice.
            let choices = [Choice(index: 1, title: "Send money", intent: "bank.transferMoney")]
            return result(request, AppReply.disambiguate(parameter: "note", prompt: "Which?", choices: choices).json)
        case "notes.hang":
            control.arrived()
            await control.waitForRelease(atMost: .seconds(10))
            return result(request, AppReply.result(IntentResult(dialog: "too late")).json)
        default:
            return result(request, AppReply.failure(message: "Unknown intent").json)
        }
    }
}
