import IntentModel
import Testing
import Wire

struct MessageTests {
    @Test func requestNotificationAndResponseAreRead() throws {
        #expect(try Message(line: #"{"jsonrpc":"2.0","id":1,"method":"route","params":{"utterance":"hi"}}"#)
            == .request(Request(id: .number(1), method: "route", params: .object([("utterance", .string("hi"))]))))
        #expect(try Message(line: #"{"jsonrpc":"2.0","method":"ping"}"#) == .notification(Notification(method: "ping")))
        #expect(try Message(line: #"{"jsonrpc":"2.0","id":"a","result":true}"#) == .response(Response(id: .string("a"), result: .bool(true))))
    }

    @Test func notJSONIsAParseError() {
        #expect(throws: RPCError(.parseError, "Parse error", data: .object([("reason", .string("expected 'null' at byte 0"))]))) {
            try Message(line: "nope")
        }
    }

    @Test func wrongVersionIsAnInvalidRequestWithItsID() {
        do {
            _ = try Message(line: #"{"jsonrpc":"1.0","id":4,"method":"x"}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidRequest)
            #expect(error.requestID == .number(4))
        }
    }

    @Test func responsesSerializeInJSONRPCOrder() {
        let error = Response(id: nil, error: RPCError(.methodNotFound, "Method not found"))
        #expect(Message.response(error).serialized == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}}"#)
    }
}

struct LineFramerTests {
    @Test func splitsLinesAcrossChunksAndDropsCarriageReturns() {
        var framer = LineFramer()
        framer.append(Array("{\"a\":1}\r\n\n{\"b\"".utf8))
        #expect(framer.next() == .line("{\"a\":1}"))
        #expect(framer.next() == nil)
        framer.append(Array(":2}\n".utf8))
        #expect(framer.next() == .line("{\"b\":2}"))
    }

    @Test func overlongLineIsReportedOnceAndSkipped() {
        var framer = LineFramer(maximumLineLength: 8)
        framer.append(Array("0123456789".utf8))
        #expect(framer.next() == nil)
        framer.append(Array("abc\r\n{}\n".utf8))
        #expect(framer.next() == .tooLong(14))
        #expect(framer.next() == .line("{}"))
        #expect(framer.next() == nil)
        // At the end of input, a line over the limit still being dropped is reported too.
        framer.append(Array("0123456789".utf8))
        #expect(framer.next() == nil)
        #expect(framer.finish() == .tooLong(10))
        #expect(framer.finish() == nil)
    }

    /// Standard input's lines (`intentd run`): empty ones kept, the last one without a newline
    /// given at the end of input, then nothing.
    @Test func keepsEmptyLinesAndGivesTheLastLineAtTheEnd() {
        var framer = LineFramer(maximumLineLength: .max, keepsEmptyLines: true)
        framer.append(Array("one\r\n\nlast, unended".utf8))
        #expect(framer.next() == .line("one"))
        #expect(framer.next() == .line(""))
        #expect(framer.next() == nil)
        #expect(framer.finish() == .line("last, unended"))
        #expect(framer.finish() == nil)
        var protocolFramer = LineFramer()
        protocolFramer.append(Array("\n\n".utf8))
        #expect(protocolFramer.next() == nil)
        #expect(protocolFramer.finish() == nil)
    }
}

/// The framer and the daemon's NIO decoder share ``LineScanner``: however the bytes are cut
/// into reads, the same frames come out.
struct LineScannerTests {
    static let stream = Array("{\"a\":1}\r\n\n0123456789abc\nnaïve 🙂\n\r\n{}".utf8)

    static func frames(readingChunksOf size: Int) -> [LineFramer.Frame] {
        var framer = LineFramer(maximumLineLength: 12)
        var frames: [LineFramer.Frame] = []
        var offset = 0
        while offset < stream.count {
            framer.append(stream[offset..<min(offset + size, stream.count)])
            offset += size
            while let frame = framer.next() { frames.append(frame) }
        }
        if let last = framer.finish() { frames.append(last) }
        return frames
    }

    @Test func framesDoNotDependOnHowTheBytesArrive() {
        let whole = Self.frames(readingChunksOf: Self.stream.count)
        #expect(whole == [.line(#"{"a":1}"#), .tooLong(13), .line("naïve 🙂"), .line("{}")])
        for size in 1..<Self.stream.count {
            #expect(Self.frames(readingChunksOf: size) == whole, "reads of \(size) bytes")
        }
    }

    @Test func scanSaysWhatItConsumed() {
        var scanner = LineScanner(maximumLineLength: 4)
        #expect(scanner.scan(Array("ab".utf8)) == .init(event: nil, consumed: 0))
        #expect(scanner.scan(Array("ab\r\ncd".utf8)) == .init(event: .line(0..<2), consumed: 4))
        #expect(scanner.scan(Array("\n".utf8)) == .init(event: nil, consumed: 1))
        #expect(scanner.scan(Array("abcdefg".utf8)) == .init(event: nil, consumed: 7))
        #expect(scanner.scan(Array("h\n".utf8)) == .init(event: .tooLong(8), consumed: 2))
        #expect(scanner.finish(Array("xy\r".utf8)) == .line(0..<2))
    }
}

struct AppDefinitionJSONTests {
    static let text = """
        {"id":"notes","name":"Notes","synonyms":["my notes"],
         "intents":[{"id":"notes.add","title":"Add note","parameters":[{"name":"text","type":"String","requestValueDialog":"What should it say?"},
                    {"name":"color","type":"Color","optional":true},{"name":"when","type":"Date","default":"now"}],
                    "confirmation":"Sure?","authentication":"requiresAuthentication","phrases":["add a note {text}"],
                    "examples":["add a note buy stamps"]}],
         "entities":[{"name":"Note","title":"Note","properties":[{"name":"pinned","type":"Bool"}],"values":[{"id":"n1","title":"Ideas","properties":{"pinned":true}}]}],
         "enums":[{"name":"Color","title":"Color","cases":[{"id":"red","title":"Red","synonyms":["crimson"]}]}]}
        """

    @Test func readsTheModelOfThePhraseFiles() throws {
        let app = try AppDefinition(json: try JSONValue(parsing: Self.text))
        let intent = try #require(app.intent("notes.add"))
        #expect(intent.parameters.map(\.type) == [.string, .enumeration("notes.Color"), .date])
        #expect(intent.parameters[2].defaultValue == .now)
        #expect(intent.authenticationPolicy == .requiresAuthentication)
        #expect(app.phrases.map(\.text) == ["add a note {text}"])
        #expect(intent.examples == ["add a note buy stamps"])
        #expect(app.entityTypes.first?.values.first?.properties["pinned"] == .bool(true))
        #expect(app.enums.first?.cases.first?.synonyms == ["crimson"])
    }

    @Test func roundTrips() throws {
        let app = try AppDefinition(json: try JSONValue(parsing: Self.text))
        #expect(try AppDefinition(json: app.json) == app)
    }

    @Test func anExampleThatIsNoTextNamesTheField() {
        #expect(throws: RPCError.self) {
            try AppDefinition(json: try JSONValue(parsing: #"{"id":"x","intents":[{"id":"go","examples":["go",3]}]}"#))
        }
        do {
            _ = try AppDefinition(json: try JSONValue(parsing: #"{"id":"x","intents":[{"id":"go","examples":["go",3]}]}"#))
        } catch {
            #expect("\(error)".contains("intents[0].examples[1]"), "\(error)")
        }
    }

    @Test func unknownTypeNamesTheField() {
        #expect(throws: RPCError.self) {
            try AppDefinition(json: try JSONValue(parsing: #"{"id":"x","intents":[{"id":"go","parameters":[{"name":"p","type":"Strng"}]}]}"#))
        }
    }
}

/// An entity query with a negative limit is refused with the field named, not passed on to
/// `prefix(_:)`, which traps on it (issue 18).
struct EntityQueryLimitTests {
    @Test func aNegativeLimitIsRefused() throws {
        let json = try JSONValue(parsing: #"{"entityType":"soup.Soup","kind":"string","text":"t","limit":-1}"#)
        let error = #expect(throws: RPCError.self) { _ = try EntityQuery(json: json) }
        #expect(error?.code == .invalidParams)
        #expect(error?.data?.serialized.contains("limit") == true, "\(String(describing: error?.data))")
    }

    @Test func aZeroLimitIsRead() throws {
        let json = try JSONValue(parsing: #"{"entityType":"soup.Soup","kind":"string","text":"t","limit":0}"#)
        #expect(try EntityQuery(json: json).limit == 0)
    }
}

/// `"id": null` is a request, not a notification: JSON-RPC 2.0 says it gets a response (issue 18).
struct NullIDTests {
    @Test func aRequestWithANullIDIsARequest() throws {
        let message = try Message(line: #"{"jsonrpc":"2.0","id":null,"method":"status"}"#)
        #expect(message == .request(Request(id: .null, method: "status")))
        #expect(Response(id: .null, result: .bool(true)).json.serialized == #"{"jsonrpc":"2.0","id":null,"result":true}"#)
    }

    @Test func aMessageWithoutAnIDIsANotification() throws {
        let message = try Message(line: #"{"jsonrpc":"2.0","method":"status"}"#)
        guard case .notification = message else {
            Issue.record("expected a notification, got \(message)")
            return
        }
    }
}

/// Every id is echoed exactly as sent, beyond 2^53 too, where a Double would round it (issue 18).
struct LargeRequestIDTests {
    @Test(arguments: [1_000_000_000_000_000, 9_007_199_254_740_991, 9_007_199_254_740_993, Int.max, Int.min])
    func largeIdsAreEchoedExactly(id: Int) throws {
        let message = try Message(line: #"{"jsonrpc":"2.0","id":\#(id),"method":"status"}"#)
        #expect(message == .request(Request(id: .number(id), method: "status")))
        #expect(Response(id: .number(id), result: .bool(true)).json.serialized == #"{"jsonrpc":"2.0","id":\#(id),"result":true}"#)
    }

    /// Ids no Int holds (discouraged by JSON-RPC, still answered) come back as they were written.
    @Test(arguments: ["123456789012345678901234567890", "1.5", "-0"])
    func otherNumberIdsAreEchoedAsRead(id: String) throws {
        let message = try Message(line: #"{"jsonrpc":"2.0","id":\#(id),"method":"status"}"#)
        guard case .request(let request) = message else {
            Issue.record("expected a request, got \(message)")
            return
        }
        #expect(Response(id: request.id, result: .bool(true)).json.serialized == #"{"jsonrpc":"2.0","id":\#(id),"result":true}"#)
    }
}

/// `params` that is not an object is one mistake with one code, whatever its shape (issue 18).
@Test(arguments: [#""str""#, "3", "[]", "[1, 2]", "true"])
func paramsThatAreNoObjectAreInvalidParams(params: String) {
    #expect {
        _ = try Message(line: #"{"jsonrpc":"2.0","id":4,"method":"status","params":\#(params)}"#)
    } throws: { error in
        guard let error = error as? RPCError else { return false }
        return error.code == .invalidParams && error.requestID == .number(4) && error.data?["field"] == .string("params")
    }
}

/// An app's result may say which entities it lists beside a value that is not them.
struct IntentResultShowsTests {
    @Test func showsRoundTripsAndIsLeftOutWhenNone() throws {
        let text = #"{"dialog":"You have 2 open tasks","value":2,"shows":[{"id":"t1","title":"Buy milk"},{"id":"t2","title":"Call mom"}]}"#
        let result = try IntentResult(json: try JSONValue(parsing: text))
        #expect(result.shows?.compactMap { $0["title"]?.stringValue } == ["Buy milk", "Call mom"])
        #expect(try IntentResult(json: result.json) == result)
        #expect(IntentResult(dialog: "Done").json["shows"] == nil)
    }

    @Test func showsThatIsNoListNamesTheField() throws {
        let json = try JSONValue(parsing: #"{"value":2,"shows":{"id":"t1"}}"#)
        do {
            _ = try IntentResult(json: json)
            Issue.record("a shows that is no array was read")
        } catch {
            #expect(error.data?.serialized.contains("result.shows") == true, "\(error)")
        }
    }
}
