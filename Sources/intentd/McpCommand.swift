import ArgumentParser
import Foundation
import IntentModel
import Logging
import MCP
import Wire

/// `intentd mcp`: the apps' intents as tools of a Model Context Protocol server on standard
/// input and output, for LLM agents (docs/mcp.md).
struct McpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the apps' intents as MCP tools over standard input and output, for LLM agents.",
        discussion: """
            Every discoverable intent is a tool with a JSON Schema of its parameters; "say" runs free \
            text as the REPL does; "answer" answers a question a tool call returned. Entity lists are \
            resources. Talks to the daemon at --connect, else to a private one with the demo apps. \
            Confirmation and authentication still hold: an intent that must be confirmed returns its \
            question, answered with "answer". See docs/mcp.md.
            """)

    @OptionGroup var target: FrontEndOptions

    func run() async throws {
        try await target.withConversation { conversation in
            let tools = try await IntentTools.load(conversation)
            let server = Server(
                name: "intentd", version: "0.4.0",
                instructions: "Tools act in the user's apps. A result that asks a question carries a session id: answer it with the answer tool.",
                capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
            await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: tools.mcpTools) }
            await server.withMethodHandler(CallTool.self) { params in await tools.call(params.name, params.arguments ?? [:]) }
            await server.withMethodHandler(ListResources.self) { _ in ListResources.Result(resources: tools.resources) }
            await server.withMethodHandler(ReadResource.self) { params in try await tools.read(params.uri) }
            try await server.start(transport: StdioTransport())
            await server.waitUntilCompleted()
        }
    }
}

/// The daemon's intents as MCP tools, and the calls that run them.
struct IntentTools: Sendable {
    let conversation: ConversationClient
    let definitions: [AppDefinition]
    /// Tool name → intent id (`tasks_add` → `tasks.add`).
    let intents: [String: IntentDefinition]

    static func load(_ conversation: ConversationClient) async throws -> IntentTools {
        var definitions: [AppDefinition] = []
        for app in try await conversation.apps() {
            guard let id = app["id"]?.stringValue, app["connected"] == .bool(true) else { continue }
            definitions.append(try await conversation.describe(id))
        }
        var intents: [String: IntentDefinition] = [:]
        for app in definitions {
            for intent in app.intents where intent.isDiscoverable && app.id != "assistant" {
                intents[intent.id.replacingOccurrences(of: ".", with: "_")] = intent
            }
        }
        return IntentTools(conversation: conversation, definitions: definitions, intents: intents)
    }

    var mcpTools: [Tool] {
        var tools = intents.sorted { $0.key < $1.key }.map { name, intent in
            Tool(
                name: name, title: intent.title,
                description: [intent.title + ".", intent.description, intent.effect.map { "Effect: \($0.name)." } ?? ""]
                    .filter { !$0.isEmpty }.joined(separator: " "),
                inputSchema: inputSchema(intent),
                annotations: .init(readOnlyHint: intent.effect == .readOnly, destructiveHint: intent.effect == .destructive))
        }
        tools.append(Tool(
            name: "say", title: "Say", description: "Say something to intentd in plain words, as a person would (\"add milk to my groceries list\"); it routes and performs it, or asks a question.",
            inputSchema: .object(["type": "object", "properties": .object(["text": .object(["type": "string", "description": "What the user says."])]), "required": ["text"]])))
        tools.append(Tool(
            name: "answer", title: "Answer", description: "Answer the question a tool call returned: its session id and the answer in words (\"yes\", \"the second one\", \"tomorrow at 9\").",
            inputSchema: .object([
                "type": "object",
                "properties": .object(["session": .object(["type": "string"]), "answer": .object(["type": "string"])]),
                "required": ["session", "answer"],
            ])))
        return tools
    }

    /// The JSON Schema of an intent's parameters.
    func inputSchema(_ intent: IntentDefinition) -> MCP.Value {
        var properties: [String: MCP.Value] = [:]
        for parameter in intent.parameters {
            var schema = schema(for: parameter.type)
            var description = parameter.title
            if !parameter.description.isEmpty { description += ": " + parameter.description }
            if case .object(var fields) = schema {
                if let more = fields["description"]?.stringValue { description += ". " + more }
                fields["description"] = .string(description)
                schema = .object(fields)
            }
            properties[parameter.name] = schema
        }
        let required = intent.parameters.filter(\.isRequired).map { MCP.Value.string($0.name) }
        return .object(["type": "object", "properties": .object(properties), "required": .array(required), "additionalProperties": false])
    }

    func schema(for type: ValueType) -> MCP.Value {
        switch type {
        case .string, .email, .phoneNumber: return .object(["type": "string"])
        case .url: return .object(["type": "string", "format": "uri"])
        case .int: return .object(["type": "integer"])
        case .double: return .object(["type": "number"])
        case .bool: return .object(["type": "boolean"])
        case .date: return .object(["type": "string", "format": "date-time", "description": "local time, no zone: 2026-11-19T17:00:00"])
        case .duration: return .object(["type": "number", "description": "in seconds"])
        case .currencyAmount:
            return .object([
                "type": "object", "properties": .object(["amount": .object(["type": "number"]), "currency": .object(["type": "string", "description": "ISO 4217 code: USD"])]),
                "required": ["amount", "currency"],
            ])
        case .measurement(let dimension):
            let units = dimension.flatMap { Measurement.units[$0] } ?? Measurement.units.values.flatMap { $0 }.sorted()
            return .object([
                "type": "object",
                "properties": .object(["value": .object(["type": "number"]), "unit": .object(["type": "string", "enum": .array(units.map { .string($0) })])]),
                "required": ["value", "unit"],
            ])
        case .person: return .object(["type": "string", "description": "a contact's name or id"])
        case .file: return .object(["type": "string", "description": "a file's path"])
        case .enumeration(let name):
            let cases = enumCases(name)
            return .object([
                "type": "string", "enum": .array(cases.map { .string($0.id) }),
                "description": .string("one of " + cases.map { "\($0.id) (\($0.title))" }.joined(separator: ", ")),
            ])
        case .entity(let name):
            let known = entityValues(name).prefix(20)
            var description = "the id of a \(name.split(separator: ".").last ?? "")"
            if !known.isEmpty { description += ", e.g. " + known.map { "\($0.id) (\($0.title))" }.joined(separator: ", ") }
            description += "; the resource intentd://entities/\(name) lists them"
            return .object(["type": "string", "description": .string(description)])
        case .list(let element): return .object(["type": "array", "items": schema(for: element)])
        }
    }

    func enumCases(_ name: String) -> [EnumCase] {
        definitions.first { name.hasPrefix($0.id + ".") }?.enumType(name)?.cases ?? []
    }

    func entityValues(_ name: String) -> [EntityRecord] {
        definitions.first { name.hasPrefix($0.id + ".") }?.entityType(name)?.values ?? []
    }

    /// Runs a tool: an intent with `perform`, `say` with `run`, `answer` with `continue`.
    func call(_ name: String, _ arguments: [String: MCP.Value]) async -> CallTool.Result {
        let client = conversation.client
        do {
            let outcome: RunOutcome
            switch name {
            case "say":
                guard let text = arguments["text"]?.stringValue, !text.isEmpty else { return failure("say needs \"text\": what the user says.") }
                outcome = try await client.call(Methods.Run.self, .init(utterance: text, session: "mcp-\(UUID().uuidString.prefix(8))"))
            case "answer":
                guard let session = arguments["session"]?.stringValue, let answer = arguments["answer"]?.stringValue else {
                    return failure("answer needs \"session\" (from the question) and \"answer\".")
                }
                outcome = try await client.call(Methods.Continue.self, .init(session: session, answer: .text(answer)))
            default:
                guard let intent = intents[name] else { return failure("No tool '\(name)'.") }
                let parameters = arguments.mapValues(\.json)
                outcome = try await client.call(Methods.Perform.self, .init(call: IntentCall(intent: intent.id, parameters: parameters)))
            }
            return result(outcome)
        } catch let error as RPCError {
            let detail = error.data.map { " " + $0.serialized } ?? ""
            return failure("\(error.message) (\(error.code.rawValue)).\(detail)")
        } catch {
            return failure("\(error)")
        }
    }

    /// An outcome in words for the agent, and as JSON.
    func result(_ outcome: RunOutcome) -> CallTool.Result {
        var lines = OutcomeText(style: TextStyle(color: false), apps: definitions).lines(outcome)
        if outcome.status == .question {
            lines.append("To answer, call the answer tool with session \"\(outcome.session)\".")
        }
        let failed = outcome.status == .failed || outcome.status == .notUnderstood
        return CallTool.Result(content: [.text(text: lines.joined(separator: "\n"), annotations: nil, _meta: nil)], structuredContent: Optional<MCP.Value>.some(outcome.json.mcp), isError: failed)
    }

    func failure(_ text: String) -> CallTool.Result { CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: true) }

    /// Each entity type's list, as a resource.
    var resources: [Resource] {
        definitions.flatMap { app in
            app.entityTypes.map { type in
                Resource(
                    name: type.name, uri: "intentd://entities/\(type.name)", title: "\(type.displayName) (\(app.displayName))",
                    description: "Every \(type.displayName.lowercased()) of \(app.displayName), as the app lists them.", mimeType: "application/json")
            }
        }
    }

    func read(_ uri: String) async throws -> ReadResource.Result {
        let prefix = "intentd://entities/"
        guard uri.hasPrefix(prefix) else { throw MCPError.invalidParams("No resource '\(uri)'.") }
        let type = String(uri.dropFirst(prefix.count))
        let entities = try await conversation.allEntities(of: type)
        let json = JSONValue.array(entities.map(\.json))
        return ReadResource.Result(contents: [.text(json.serialized, uri: uri, mimeType: "application/json")])
    }
}

extension JSONValue {
    /// The MCP SDK's form of a JSON value.
    var mcp: MCP.Value {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return n == n.rounded() && abs(n) < 9e15 ? .int(Int(n)) : .double(n)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.mcp))
        case .object(let pairs): return .object(Dictionary(pairs.map { ($0.0, $0.1.mcp) }, uniquingKeysWith: { _, last in last }))
        default: return .string(serialized)
        }
    }
}

extension MCP.Value {
    /// The value as intentd's JSON.
    var json: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .integer(i)
        case .double(let d): return .number(d)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.json))
        case .object(let fields): return .object(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })
        default: return .null
        }
    }
}
