import IntentModel

/// A JSON-RPC error object: a code, a short message, details in `data`.
///
/// Codes are the JSON-RPC 2.0 ones plus intentd's range -32000…-32099 (``Code``).
/// A struct rather than an enum so that codes can be added without breaking users.
public struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error, as a number (Code).
    public var code: Code
    /// One short sentence, safe to show to a person.
    public var message: String
    /// Details for programs: the parameter that was wrong, the limit that was exceeded, ...
    public var data: JSONValue?
    /// The id of the request that failed, when it could be read (not part of the error object).
    public var requestID: RequestID?

    /// An error with `code`, a short `message` and optional details.
    public init(_ code: Code, _ message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("code", .number(Double(code.rawValue))), ("message", .string(message))]
        if let data { pairs.append(("data", data)) }
        return .object(pairs)
    }

    public init?(json: JSONValue) {
        guard let code = json["code"]?.numberValue, let message = json["message"]?.stringValue else { return nil }
        self.init(Code(rawValue: Int(code)), message, data: json["data"])
    }

    /// The error as one sentence for a `reason` field: its message, and what `data` says of
    /// the field and what was expected.
    public var sentence: String {
        var text = message
        if let field = data?["field"]?.stringValue { text += ": \(field)" }
        if let expected = data?["expected"]?.stringValue { text += ", expected \(expected)" }
        if let reason = data?["reason"]?.stringValue { text += " (\(reason))" }
        return text
    }

    public var description: String {
        "\(message) (\(code.rawValue))" + (data.map { " \($0.serialized)" } ?? "")
    }

    /// An error code. The named ones are all that intentd sends; see docs/protocol.md.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The number sent on the wire.
        public var rawValue: Int
        /// A code by its number.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The line is not JSON.
        public static let parseError = Code(rawValue: -32700)
        /// JSON, but not a JSON-RPC 2.0 message; also a line longer than the limit.
        public static let invalidRequest = Code(rawValue: -32600)
        /// No such method (or an app method called by a client).
        public static let methodNotFound = Code(rawValue: -32601)
        /// Missing or mistyped parameters; `data` says which.
        public static let invalidParams = Code(rawValue: -32602)
        /// A fault in the daemon: the request was not done; the daemon keeps serving.
        public static let internalError = Code(rawValue: -32603)

        /// The intent's app is not connected and cannot be started.
        public static let appUnavailable = Code(rawValue: -32000)
        /// The app did not answer within the time-out.
        public static let appTimeout = Code(rawValue: -32001)
        /// The app closed its connection while a call was in flight.
        public static let appDisconnected = Code(rawValue: -32002)
        /// The intent's authentication policy refuses this client.
        public static let notAuthorized = Code(rawValue: -32003)
        /// The session's question timed out (`data.reason` is `timedOut`).
        public static let sessionExpired = Code(rawValue: -32004)
        /// Another process holds this app id.
        public static let appIDTaken = Code(rawValue: -32005)
        /// No such app, intent, entity type or enum.
        public static let unknownName = Code(rawValue: -32006)
        /// The app's definition or phrases do not compile; `data.diagnostics` lists why.
        public static let invalidDefinition = Code(rawValue: -32007)
        /// The answer does not fit the pending question (`data.expected` says what would).
        public static let invalidAnswer = Code(rawValue: -32008)
        /// The app answered with something that is not a valid reply (`data.reason`, a sentence).
        public static let invalidReply = Code(rawValue: -32009)
        /// The app answered the call with a JSON-RPC error of its own (`data.error`).
        public static let appFailed = Code(rawValue: -32014)
        /// The daemon is shutting down.
        public static let shuttingDown = Code(rawValue: -32010)
        /// No question waits in this session: it never existed, was answered, cancelled or replaced.
        public static let unknownSession = Code(rawValue: -32011)
        /// The utterance has more words than the daemon routes (`data.limit`, `data.words`).
        public static let utteranceTooLong = Code(rawValue: -32012)
        /// The daemon serves as many connections as it can; this one is closed after the error.
        public static let tooManyConnections = Code(rawValue: -32013)
        /// The request was cancelled by `$/cancelRequest` before it finished (as in LSP).
        /// `history.list`, `history.forget` or `suggestions` on a daemon that records no history
        /// (`--no-history`, or its database could not be opened).
        public static let historyOff = Code(rawValue: -32015)
        /// The request was cancelled with `$/cancelRequest`.
        public static let requestCancelled = Code(rawValue: -32800)
    }
}
