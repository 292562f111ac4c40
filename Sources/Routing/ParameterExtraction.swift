import Foundation
import IntentModel
import Phrases
import Resolvers

/// Turns a parse's captures into typed parameter values, fills defaults, and lists what is missing.
struct ParameterExtraction {
    let utterance: String
    let tokens: [Token]
    let parse: Parse
    let matcher: Matcher
    let context: ResolutionContext
    var parameters: [(name: String, value: Value)] = []
    var ambiguities: [(name: String, candidates: [Value])] = []
    var missing: [String] = []
    var steps: [String] = []

    init(utterance: String, tokens: [Token], parse: Parse, matcher: Matcher, context: ResolutionContext) {
        self.utterance = utterance
        self.tokens = tokens
        self.parse = parse
        self.matcher = matcher
        self.context = context
    }

    mutating func run() {
        var values: [String: Value] = [:]
        for (name, raw) in parse.values.sorted(by: { $0.key < $1.key }) {
            guard let parameter = parse.intent.parameter(name), let value = Value(implied: raw, as: parameter.type) else { continue }
            values[name] = value
            steps.append("\(name): \(value.json.serialized), implied by the phrase")
        }
        for capture in parse.captures {
            guard let parameter = parse.intent.parameter(capture.parameter) else { continue }
            switch capture.content {
            case .value(let value, _):
                let fitted = fit(value, to: parameter.type)
                values[parameter.name] = fitted
                steps.append("\(parameter.name): tagged value \(fitted.json.serialized)")
            case .names(let names, let type):
                let candidates = names.map { name -> Value in
                    if case .enumeration = parameter.type.elementType { return .enumCase(name.id) }
                    return .entity(EntityReference(id: name.id, title: name.title))
                }
                if candidates.count == 1 || (names.count > 1 && names[0].quality - names[1].quality > 0.05) {
                    values[parameter.name] = fit(candidates[0], to: parameter.type)
                    steps.append("\(parameter.name): \(type) '\(names[0].title)' (\(RouteResult.round(names[0].quality)))")
                } else {
                    ambiguities.append((parameter.name, candidates))
                    steps.append("\(parameter.name): \(type) ambiguous among " + names.map { "'\($0.title)'" }.joined(separator: ", "))
                }
            case .freeText:
                let text = freeText(capture.range)
                guard !text.isEmpty else { continue }
                if parameter.type.elementType == .file {
                    // A path, or a name in the parameter's folder, of the kinds it accepts;
                    // when none fits, the value stays missing and the user is asked.
                    switch ResolverChain.resolveFile(text, types: parameter.fileTypes, directory: parameter.fileDirectory) {
                    case .resolved(let candidates):
                        if candidates.count > 1, candidates[0].confidence - candidates[1].confidence < 0.05 {
                            ambiguities.append((parameter.name, candidates.map(\.value)))
                            steps.append("\(parameter.name): file '\(text)' ambiguous")
                        } else if let best = candidates.first {
                            values[parameter.name] = fit(best.value, to: parameter.type)
                            steps.append("\(parameter.name): file '\(text)'")
                        }
                    case .failed(let reason):
                        steps.append("\(parameter.name): \(reason)")
                    }
                    continue
                }
                values[parameter.name] = fit(.string(text), to: parameter.type)
                steps.append("\(parameter.name): free text '\(text)'")
            }
        }
        keepTheStartsDay(&values)
        for parameter in parse.intent.parameters {
            if let value = values[parameter.name] {
                parameters.append((parameter.name, value))
            } else if ambiguities.contains(where: { $0.name == parameter.name }) {
                continue
            } else if let defaultValue = parameter.defaultValue {
                parameters.append((parameter.name, defaultValue.resolve(now: context.now)))
                steps.append("\(parameter.name): default")
            } else if parameter.isRequired {
                missing.append(parameter.name)
            }
        }
    }

    /// "tomorrow from 3 pm to 4 pm": the end was read as a time alone (today at 4 pm), before
    /// the start; it takes the start's day, or the next day when its time is earlier than the
    /// start's ("from 11 pm to 1 am"). Pairs are Date parameters named start…/end….
    mutating func keepTheStartsDay(_ values: inout [String: Value]) {
        for start in parse.intent.parameters where start.type.elementType == .date && start.name.lowercased().hasPrefix("start") {
            let endName = "end" + start.name.dropFirst("start".count)
            guard let end = parse.intent.parameters.first(where: { $0.name.lowercased() == endName.lowercased() }),
                case .date(let from)? = values[start.name], case .date(let to)? = values[end.name], to < from
            else { continue }
            var moved = to
            (moved.year, moved.month, moved.day) = (from.year, from.month, from.day)
            if moved < from {
                // The next day, by the calendar (at noon, clear of any daylight-saving jump).
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(identifier: "UTC")!
                let noon = DateComponents(year: moved.year, month: moved.month, day: moved.day, hour: 12)
                if let day = calendar.date(from: noon).flatMap({ calendar.date(byAdding: .day, value: 1, to: $0) }) {
                    let next = calendar.dateComponents([.year, .month, .day], from: day)
                    (moved.year, moved.month, moved.day) = (next.year!, next.month!, next.day!)
                }
            }
            values[end.name] = .date(moved)
            steps.append("\(end.name): on the day of \(start.name), \(moved.iso8601)")
        }
    }

    /// Wraps single values for list parameters and widens Int to Double.
    func fit(_ value: Value, to type: ValueType) -> Value {
        switch (type, value) {
        case (.list, .list): return value
        case (.list(let element), _): return .list([fit(value, to: element)])
        case (.double, .int(let i)): return .double(Double(i))
        case (.double, .currencyAmount(let money)): return .double(money.amount)
        default: return value
        }
    }

    /// Filler words that are words of the text when they begin it: "saying thanks for the
    /// help", "remind me to thank grandma", "tell her hello". At the end they are still filler
    /// ("add milk thanks").
    static let contentAtStart: Set<String> = ["thanks", "thank", "hi", "hello"]

    /// The words of a free-text slot as the user wrote them, without filler at either end.
    func freeText(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, matcher.isFiller(tokens[lower].text), !Self.contentAtStart.contains(tokens[lower].text) { lower += 1 }
        while upper > lower, matcher.isFiller(tokens[upper - 1].text) { upper -= 1 }
        let text = TextNormalizer().sourceText(lower..<upper, of: tokens, in: utterance)
        return text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
    }
}

import Foundation
