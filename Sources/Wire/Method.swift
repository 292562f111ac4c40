import IntentModel

/// One JSON-RPC method: its name and the types of its parameters and result.
///
/// ```swift
/// let params = Methods.Route.Parameters(utterance: "order two tomato soups")
/// let request = Methods.Route.request(id: .number(1), params)
/// // {"jsonrpc":"2.0","id":1,"method":"route","params":{"utterance":"order two tomato soups"}}
/// ```
public protocol Method: Sendable {
    associatedtype Parameters: JSONConvertible
    associatedtype Result: JSONConvertible
    static var name: String { get }
}

extension Method {
    /// The request that calls this method with `parameters`.
    public static func request(id: RequestID, _ parameters: Parameters) -> Request {
        Request(id: id, method: name, params: parameters.json)
    }
}

extension JSONValue: JSONConvertible {
    public init(json: JSONValue) throws(RPCError) { self = json }
    public var json: JSONValue { self }
}

/// Parameters of methods that take none.
public struct Empty: Hashable, Sendable, JSONConvertible {
    /// No parameters.
    public init() {}
    public init(json: JSONValue) throws(RPCError) { try JSONFields(json).allowOnly([]) }
    public var json: JSONValue { .object([]) }
}

/// Whom a client says it is acting for; see docs/protocol.md, "Authentication".
public struct ClientAssertions: Hashable, Sendable {
    /// The user unlocked this device (screen unlocked, or proved presence to the front end)
    /// just now. Required by `requiresLocalDeviceAuthentication` intents.
    public var deviceAuthenticated: Bool
    /// The user already confirmed this action in the front end: a destructive intent
    /// (docs/memory.md) is performed without the daemon asking "Are you sure?".
    public var confirmed: Bool
    /// Assertions the client makes; by default none.
    public init(deviceAuthenticated: Bool = false, confirmed: Bool = false) {
        self.deviceAuthenticated = deviceAuthenticated
        self.confirmed = confirmed
    }
    init(_ fields: JSONFields) throws(RPCError) {
        deviceAuthenticated = try fields.optionalBool("deviceAuthenticated") ?? false
        confirmed = try fields.optionalBool("confirmed") ?? false
    }
    /// The fields these assertions are read from.
    static let fieldNames = ["deviceAuthenticated", "confirmed"]
    var jsonPairs: [(String, JSONValue?)] {
        [("deviceAuthenticated", deviceAuthenticated ? .bool(true) : nil), ("confirmed", confirmed ? .bool(true) : nil)]
    }
}

/// The methods of intentd's socket protocol. Client and app methods are sent to the
/// daemon; ``PerformIntent`` and ``QueryEntities`` are sent by the daemon to apps.
public enum Methods {
    /// The version of the protocol docs/protocol.md describes (its changelog lists the versions).
    public static let protocolVersion = "1.0"

    /// `$/cancelRequest` (a notification, both directions, as in LSP): `{"id": …}` gives up on
    /// the request with that id. The cancelled request is answered `-32800`.
    public static let cancelRequest = "$/cancelRequest"
}
