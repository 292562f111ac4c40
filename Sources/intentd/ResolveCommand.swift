import ArgumentParser
import Foundation
import IntentModel
import Phrases
import Resolvers

/// `intentd resolve`: read one text as a value of one type, so the resolver chain can be
/// used and tested alone.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve a text as a typed value (Int, Date, CurrencyAmount, Person, an app enum, ...).",
        discussion: """
            TYPE is a parameter type as phrase files write it: String, Int, Double, Bool, Date, Duration, URL, \
            Email, PhoneNumber, CurrencyAmount, Temperature, Person, File, an app enum or entity (library.Book), \
            [T] for a list, or Period for a span of time. Ambiguous texts print every reading.
            """)

    @OptionGroup var phrases: PhraseOptions

    @Option(name: .customLong("type"), help: "The type to resolve TEXT as.")
    var typeName: String

    @Option(help: "The reference time for relative dates, as local ISO-8601 (2026-11-19T09:00:00).")
    var now: ReferenceTime?

    @Option(help: "The language of TEXT (en, zh); default: zh when TEXT holds Chinese characters.")
    var language: String?

    @Option(name: .customLong("file-type"), help: "For --type File: a kind of file accepted (image, pdf, text, audio, or an extension); repeatable.")
    var fileTypes: [String] = []

    @Option(help: "For --type File: the folder where a bare name is looked up.")
    var directory: String?

    @Flag(help: "Print the value's JSON form (an array when ambiguous).")
    var json = false

    @Argument(help: "The text to resolve.")
    var text: [String]

    func run() throws {
        let input = text.joined(separator: " ")
        let library = (try? phrases.resolvedPaths()).map { PhraseLibraryLoader.load(paths: $0) }
        let apps = library?.apps ?? []
        let contacts = (library?.contacts ?? []).map { Contact(person: $0.person, aliases: $0.aliases) }
        let isChinese = input.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
        let context = ResolutionContext(
            now: now?.value ?? LocalDateTime(Date(), in: .current), timeZone: .current,
            language: language ?? (isChinese ? "zh" : "en"), contacts: contacts)
        let chain = ResolverChain(enums: apps.flatMap(\.enums), entityTypes: apps.flatMap(\.entityTypes))
        if ["period", "daterange", "range"].contains(typeName.lowercased()) {
            try printPeriod(chain.resolvePeriod(input, context: context), input)
            return
        }
        guard let type = Self.type(typeName, apps: apps) else {
            throw ValidationError(
                "Unknown type '\(typeName)'. Try Int, Date, CurrencyAmount, Person or an app enum like tasks.Priority.")
        }
        let resolution =
            type == .file
            ? ResolverChain.resolveFile(input, types: fileTypes, directory: directory)
            : chain.resolve(input, as: type, context: context)
        switch resolution {
        case .failed(let reason):
            emitError(reason)
            throw ExitCode(1)
        case .resolved(let candidates):
            if json {
                let values = candidates.map(\.value.json)
                emitLine(values.count == 1 ? values[0].serialized : JSONValue.array(values).serialized)
            } else if candidates.count == 1 {
                emitLine(candidates[0].value.printed)
            } else {
                emitLine("Ambiguous: \(candidates.count) readings")
                for candidate in candidates {
                    emitLine("  \(candidate.value.printed)  (\(String(format: "%.2f", candidate.confidence)))")
                }
            }
        }
    }

    private func printPeriod(_ range: DateRange?, _ input: String) throws {
        guard let range else {
            emitError("'\(input)' is not a span of time I understand.")
            throw ExitCode(1)
        }
        let end = range.statedEnd ?? range.end
        if json {
            emitLine(
                JSONValue.object([("start", .string(range.start.iso8601)), ("end", .string(range.end.iso8601))])
                    .serialized)
        } else {
            emitLine("\(range.start.iso8601) to \(end.iso8601)")
        }
    }

    /// A type name, any case, or an app enum or entity by qualified or bare name.
    static func type(_ name: String, apps: [AppDefinition]) -> ValueType? {
        func custom(_ bare: String) -> ValueType? {
            for app in apps {
                for item in app.enums where item.name == bare || item.name.hasSuffix(".\(bare)") {
                    return .enumeration(item.name)
                }
                for item in app.entityTypes where item.name == bare || item.name.hasSuffix(".\(bare)") {
                    return .entity(item.name)
                }
            }
            return nil
        }
        return ValueType.parse(loosely: name, resolveCustom: custom)
    }
}
