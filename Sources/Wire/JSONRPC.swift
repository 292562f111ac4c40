import IntentModel

/// The id of a JSON-RPC request: a number or a string, echoed in its response exactly as sent.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)
    /// A number id that is no `Int` (a fraction, or an integer beyond `Int`'s range): JSON-RPC
    /// discourages both, but such a request still gets its response, the id written back as read.
    case otherNumber(JSONValue)
    /// `"id": null`: JSON-RPC 2.0 discourages it, but such a request is still a request (not a
    /// notification) and gets its response, with `"id": null`.
    case null

    public var json: JSONValue {
        switch self {
        case .number(let n): .integer(n)
        case .string(let s): .string(s)
        case .otherNumber(let value): value
        case .null: .null
        }
    }

    public init?(json: JSONValue) {
        switch json {
        case .number(let n) where n == 0 && n.sign == .minus: self = .otherNumber(json)
        case .number, .largeInteger: self = json.intValue.map(RequestID.number) ?? .otherNumber(json)
        case .string(let s): self = .string(s)
        case .null: self = .null
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .number(let n): String(n)
        case .string(let s): "\"\(s)\""
        case .otherNumber(let value): value.serialized
        case .null: "null"
        }
    }
}

/// A JSON-RPC 2.0 request: a call that expects a response with the same id.
public struct Request: Hashable, Sendable {
    public var id: RequestID
    /// The method called: `route`, `intent.perform`.
    public var method: String
    /// The parameters, by name (an object) or absent.
    public var params: JSONValue?

    /// A request of `method` with id `id`.
    public init(id: RequestID, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }

    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("jsonrpc", .string("2.0")), ("id", id.json), ("method", .string(method))]
        if let params { pairs.append(("params", params)) }
        return .object(pairs)
    }
}

/// A JSON-RPC 2.0 notification: a call without an id, never answered.
public struct Notification: Hashable, Sendable {
    /// The method called: `$/cancelRequest`.
    public var method: String
    /// The parameters, by name (an object) or absent.
    public var params: JSONValue?

    /// A notification of `method`.
    public init(method: String, params: JSONValue? = nil) {
        self.method = method
        self.params = params
    }

    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("jsonrpc", .string("2.0")), ("method", .string(method))]
        if let params { pairs.append(("params", params)) }
        return .object(pairs)
    }
}

/// A JSON-RPC 2.0 response: the result of a request, or its error.
public struct Response: Hashable, Sendable {
    /// nil only when the request's id could not be read (a parse error, an invalid request).
    public var id: RequestID?
    /// The result, or the error.
    public var outcome: Result<JSONValue, RPCError>

    /// A successful response.
    public init(id: RequestID?, result: JSONValue) {
        self.id = id
        self.outcome = .success(result)
    }

    /// An error response.
    public init(id: RequestID?, error: RPCError) {
        self.id = id
        self.outcome = .failure(error)
    }

    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("jsonrpc", .string("2.0")), ("id", id?.json ?? .null)]
        switch outcome {
        case .success(let result): pairs.append(("result", result))
        case .failure(let error): pairs.append(("error", error.json))
        }
        return .object(pairs)
    }
}

/// One line of the protocol, read.
public enum Message: Hashable, Sendable {
    case request(Request)
    case notification(Notification)
    case response(Response)

    public var json: JSONValue {
        switch self {
        case .request(let r): r.json
        case .notification(let n): n.json
        case .response(let r): r.json
        }
    }

    /// The line to send: compact JSON without a newline (the framing adds it).
    public var serialized: String { json.serialized }

    /// Reads one line. Throws the error object to answer with: `parseError` for text that
    /// is not JSON, `invalidRequest` for JSON that is not a JSON-RPC 2.0 message; the error's
    /// `requestID` is the id when one could be read.
    public init(line: String) throws(RPCError) {
        var line = line
        line.makeContiguousUTF8()
        try self.init(bytes: line.utf8)
    }

    /// Reads one line from its bytes, in place when they are contiguous (a socket buffer's
    /// line is not copied into a `String` first). Invalid UTF-8 is a parse error.
    @inlinable
    public init(bytes: some Collection<UInt8>) throws(RPCError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw RPCError(.parseError, "Parse error", data: .object([("reason", .string(error.description))]))
        }
        try self.init(json: json)
    }

    public init(json: JSONValue) throws(RPCError) {
        guard case .object = json else {
            throw RPCError(.invalidRequest, "Invalid request", data: .object([("reason", .string("a message must be a JSON object"))]))
        }
        let id = json["id"].flatMap(RequestID.init(json:))
        func invalid(_ reason: String) -> RPCError {
            var error = RPCError(.invalidRequest, "Invalid request", data: .object([("reason", .string(reason))]))
            error.requestID = id
            return error
        }
        guard json["jsonrpc"] == .string("2.0") else { throw invalid("\"jsonrpc\" must be \"2.0\"") }
        if let rawID = json["id"], rawID != .null, id == nil {
            throw invalid("\"id\" must be a string, a number or null")
        }
        if let method = json["method"] {
            guard case .string(let name) = method else { throw invalid("\"method\" must be a string") }
            let params = json["params"]
            // Parameters are by name: a string, a number or an array (by position) is one and
            // the same mistake, invalid params, whatever the method.
            if let params, case .object = params {} else if params != nil {
                var error = JSONFields.mismatch("params", expected: "an object (parameters by name)")
                error.requestID = id
                throw error
            }
            if let id {
                self = .request(Request(id: id, method: name, params: params))
            } else {
                self = .notification(Notification(method: name, params: params))
            }
            return
        }
        // A response's null id answers a request whose id could not be read: no id.
        let answered = id == .null ? nil : id
        if let result = json["result"] {
            self = .response(Response(id: answered, result: result))
        } else if let errorJSON = json["error"], let error = RPCError(json: errorJSON) {
            self = .response(Response(id: answered, error: error))
        } else {
            throw invalid("a message needs \"method\", \"result\" or \"error\"")
        }
    }
}

