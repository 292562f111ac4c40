// libFuzzer targets for what reads untrusted text: `Fuzz/run` builds this with
// `-sanitize=fuzzer,address` and runs one target per process (Fuzz/README.md).
// The package declares this target only when INTENTD_FUZZ is set, so a plain `swift build`
// never links it without libFuzzer.

import Foundation
@testable import Daemon
import IntentModel
import IntentTesting
@testable import Phrases
import Resolvers
import Routing
import Wire

/// The code each target feeds the input to.
enum Target: String, CaseIterable {
    /// `JSONValue(parsing:)`, then the serialized value read back.
    case json
    /// `LineFramer` fed the input in pieces, and every message decoded as JSON-RPC.
    case framing
    /// `TemplateParser.parse` of a phrase template.
    case template
    /// A phrase file read, checked and compiled with the shared English file, then routed.
    case phraseFile
    /// The value taggers over the words, and the resolver chain for every type.
    case resolvers
    /// `AnswerReader`: the text as a value of every type, yes/no, cancel, a choice (with the
    /// hedges around it) and free text that ends with a date.
    case answers
    /// A whole `Router.route` over the demo apps, typed.
    case route
    /// The same, taken as speech: the sound-alike search (slower, so a target of its own).
    case spoken
    /// The compiled-phrase cache's payload (the demo apps) damaged where the input says, as a
    /// faulty writer could leave it behind a valid checksum: decoded, and when it decodes,
    /// routed with.
    case cache
    /// A JSON-RPC line as a client or an app sends it: read as a message, its parameters
    /// decoded for the method it names, and what the daemon computes from them without an
    /// app (a route at the request's `now`, readings and the explanation; a search; an app
    /// definition checked and compiled, then routed with).
    case request
}

let target: Target = {
    let name = ProcessInfo.processInfo.environment["INTENTD_FUZZ_TARGET"] ?? ""
    guard let target = Target(rawValue: name) else {
        let names = Target.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("INTENTD_FUZZ_TARGET must be one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

let router = DemoRouter.shared
let context = router.context(now: DemoRouter.now)
let chain = ResolverChain(
    enums: router.library.apps.flatMap(\.enums), entityTypes: router.library.apps.flatMap(\.entityTypes))
let commonFile = (try? String(contentsOfFile: TestPaths.phrases + "/common.en.yaml", encoding: .utf8)) ?? ""

/// Every type a slot or an answer may have, with an enum and an entity of the demo apps.
let types: [ValueType] = [
    .string, .int, .double, .bool, .date, .duration, .currencyAmount, .measurement(dimension: nil),
    .measurement(dimension: "temperature"), .person, .email, .url, .phoneNumber, .file, .enumeration("soup.SoupSize"),
    .entity("soup.Soup"), .list(.person), .list(.int),
]

/// The demo apps' compiled phrases in the cache's binary form.
let cachePayload: [UInt8] = {
    var out = BinaryWriter()
    out.write(CompiledPhrases(library: router.library))
    return out.bytes
}()

func fuzzOne(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    switch target {
    case .json:
        // Read in place from the bytes, as the daemon reads a socket buffer's line; a slice
        // that does not start at 0 must read the same.
        let value = try? JSONValue(parsing: bytes)
        let fromSlice = try? JSONValue(parsing: ([0x20] + bytes)[1...])
        if value != fromSlice { fatalError("a slice reads differently from its array") }
        guard let value else { return }
        do {
            let again = try JSONValue(parsing: value.serialized)
            if again != value { fatalError("serialized JSON reads back different: \(value.serialized)") }
        } catch {
            fatalError("serialized JSON does not read back: \(value.serialized): \(error)")
        }
    case .framing:
        var framer = LineFramer(maximumLineLength: 256)
        var rest = bytes[...]
        var piece = 1
        while !rest.isEmpty {
            framer.append(rest.prefix(piece))
            rest = rest.dropFirst(piece)
            piece = piece % 7 + 1
            while let frame = framer.next() {
                if case .line(let line) = frame { _ = try? Message(line: line) }
            }
        }
    case .template:
        _ = try? TemplateParser.parse(text)
    case .phraseFile:
        let library = PhraseLibraryLoader.load(files: [("common.en.yaml", commonFile), ("fuzz.yaml", text)])
        let compiled = Router(library: library)
        _ = compiled.route("add buy milk to my list", now: DemoRouter.now)
    case .resolvers:
        let words = TextNormalizer().words(text)
        _ = ValueTagger().tag(words, context: context)
        for type in types { _ = chain.resolve(text, as: type, context: context) }
        _ = chain.resolvePeriod(text, context: context)
    case .answers:
        let reader = AnswerReader(router: router)
        for type in types { _ = reader.value(text, as: type) }
        _ = reader.yesNo(text)
        _ = reader.isCancel(text)
        if let (title, _) = reader.textEndingInValue(text, of: .date) {
            precondition(!title.isEmpty && title.count < text.count, "a text before a date: \(title)")
        }
        let count = Int(bytes.first ?? 0) % 5
        let choices = (0..<count).map { Choice(index: $0 + 1, title: ["Tomato", "Minestrone", "Buy milk", "Work", "John"][$0]) }
        if let picked = reader.choice(text, among: choices) {
            precondition((1...max(count, 1)).contains(picked) || count == 0, "choice \(picked) of \(count)")
        }
    case .route:
        _ = router.route(text, now: DemoRouter.now)
    case .spoken:
        _ = router.route(text, now: DemoRouter.now, spoken: true)
    case .request:
        fuzzRequest(bytes)
    case .cache:
        // Each four bytes of input: a 24-bit offset into the payload and the byte put there.
        var payload = cachePayload
        var index = 0
        while index + 4 <= bytes.count {
            let offset = (Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])) % payload.count
            payload[offset] = bytes[index + 3]
            index += 4
        }
        let decoded = payload.withUnsafeBytes { raw -> CompiledPhrases? in
            var reader = BinaryReader(raw)
            return try? reader.read(CompiledPhrases.self)
        }
        guard let decoded else { return }
        let damaged = Router(compiled: decoded)
        for utterance in ["add milk to my groceries list", "transfer $20 to john tomorrow", text] {
            _ = damaged.route(utterance, now: DemoRouter.now)
            _ = damaged.route(utterance, now: DemoRouter.now, spoken: true)
        }
    }
}

/// The `request` target: what `Daemon.handle` does with a request line, short of the socket,
/// the apps and the history.
func fuzzRequest(_ bytes: [UInt8]) {
    guard case .request(let request)? = try? Message(bytes: bytes) else { return }
    let params = request.params ?? .object([])
    func routed(_ utterance: String, now: LocalDateTime?, spoken: Bool) -> RouteResult {
        let result = router.route(utterance, now: now ?? DemoRouter.now, spoken: spoken)
        _ = result.json.serialized
        _ = now?.date(in: .current)
        return result
    }
    switch request.method {
    case Methods.Route.name:
        guard let p = try? Methods.Route.Parameters(json: params) else { return }
        let result = routed(p.utterance, now: p.now, spoken: p.spoken)
        if p.explain { _ = result.explanation.text }
        if p.readings > 0 { _ = router.readings(of: p.utterance, now: p.now ?? DemoRouter.now, limit: p.readings).map(\.json) }
    case Methods.Run.name:
        guard let p = try? Methods.Run.Parameters(json: params) else { return }
        _ = routed(p.utterance, now: p.now, spoken: p.spoken)
    case Methods.Continue.name:
        guard let p = try? Methods.Continue.Parameters(json: params), case .text(let text) = p.answer else { return }
        let reader = AnswerReader(router: router)
        for type in types { _ = reader.value(text, as: type) }
    case Methods.Perform.name:
        _ = try? Methods.Perform.Parameters(json: params)
    case Methods.Search.name:
        guard let p = try? Methods.Search.Parameters(json: params) else { return }
        _ = ActionSearch(apps: router.library.apps).search(p.text, limit: p.limit)
    case Methods.Suggestions.name:
        _ = (try? Methods.Suggestions.Parameters(json: params))?.now?.date(in: .current)
    case Methods.ListHistory.name:
        _ = (try? Methods.ListHistory.Parameters(json: params))?.since?.date(in: .current)
    case Methods.ForgetHistory.name:
        _ = try? Methods.ForgetHistory.Parameters(json: params)
    case Methods.DonateIntent.name:
        _ = (try? Methods.DonateIntent.Parameters(json: params))?.json.serialized
    case Methods.EntitiesChanged.name:
        _ = (try? Methods.EntitiesChanged.Parameters(json: params))?.json.serialized
    case Methods.Initialize.name:
        _ = try? Methods.Initialize.Parameters(json: params)
    case Methods.RegisterApp.name:
        // As AppRegistry.check compiles a registering app alone, then routes with it.
        guard let p = try? Methods.RegisterApp.Parameters(json: params) else { return }
        let shared = router.library
        var probe = PhraseLibrary(apps: [p.app], schemaPhrases: shared.schemaPhrases, languages: shared.languages)
        probe.contacts = shared.contacts
        probe.catalog = shared.catalog
        let (_, diagnostics) = PhraseCompiler.compile(probe)
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return }
        let withApp = Router(library: probe)
        for utterance in p.app.intents.flatMap(\.examples).prefix(3) + ["add milk to my list"] {
            _ = withApp.route(utterance, now: DemoRouter.now).json.serialized
        }
    default:
        return
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzOne(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

// libFuzzer's own `main` is not linked (SwiftPM gives the executable its entry point), so
// this top-level code hands the command line to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

_ = target
var argumentCount = CommandLine.argc
var arguments = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, testOneInput))
