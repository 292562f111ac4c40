import Foundation
import IntentModel
import IntentTesting
import Testing

/// `intentd mcp` driven by an MCP client written with Python's standard library
/// (Scripts/mcp_session.py): the intents are tools with schemas, questions come back with a
/// session to answer, a confirmation is never skipped, bad arguments are an error.
struct McpTests {
    @Test func aSessionListsCallsAnswersConfirmsAndRefuses() async throws {
        let seen = try await runScenarioScript("mcp_session.py", "mcp")
        #expect(seen["server"] == .string("intentd"))
        let tools = seen["tools"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(tools.contains("tasks_add") && tools.contains("say") && tools.contains("answer") && tools.contains("soup_order"), "\(tools)")
        #expect(!tools.contains("tasks_restore"), "hidden intents are no tools")
        let schema = seen["soup_order_schema"]
        #expect(schema?["required"] == .array([.string("soup")]))
        #expect(schema?["properties"]?["size"]?["enum"] == .array([.string("small"), .string("medium"), .string("large")]))
        #expect(schema?["properties"]?["quantity"]?["type"] == .string("integer"))
        #expect(seen["add"]?["text"]?.stringValue?.hasSuffix("Task 'buy bread' added") == true, "\(seen["add"]?.serialized ?? "")")

        // A missing value is a question with a session; the answer tool goes on.
        #expect(seen["order_asked"]?["structured"]?["status"] == .string("question"))
        #expect(seen["order_asked"]?["text"]?.stringValue?.contains("call the answer tool with session") == true)
        #expect(seen["order_answered"]?["text"]?.stringValue?.hasSuffix("Your order for 2 Tomato has been placed") == true)

        // Deleting everything is confirmed first, however it is called.
        #expect(seen["delete_asked"]?["structured"]?["question"]?["kind"] == .string("confirm"))
        #expect(seen["delete_confirmed"]?["text"]?.stringValue?.hasSuffix("All of your tasks have been deleted.") == true)

        #expect(seen["bad_arguments"]?["isError"] == .bool(true))
        #expect(seen["bad_arguments"]?["text"]?.stringValue?.hasPrefix("Invalid parameter value (-32602)") == true)
        #expect(seen["say"]?["text"]?.stringValue?.hasSuffix("Number of the opened tasks is 0") == true)
        #expect(seen["resources"]?.arrayValue?.contains(.string("intentd://entities/soup.Soup")) == true)
        #expect(seen["soups"] == .array(["chicken-noodle", "clam-chowder", "minestrone", "tomato"].map(JSONValue.string)))
        #expect(seen["exit"] == .number(0))
    }
}
