import IntentModel

/// A typed value found in the utterance before matching, offered to typed slots.
public struct SlotSpan: Hashable, Sendable {
    public var range: Range<Int>
    public var type: ValueType
    public var value: Value
    public var confidence: Double
    /// For a value heard as other words that sound alike ("my life" for the contact *my
    /// wife*): what it was heard as, and the phone distance (``SoundLikeness``), which the
    /// match charges as it does a sound-alike phrase word. Such spans are offered to the
    /// sound-alike pass only.
    public var heardAs: String?
    public var soundCost: Float?
    public init(range: Range<Int>, type: ValueType, value: Value, confidence: Double, heardAs: String? = nil, soundCost: Float? = nil) {
        self.range = range
        self.type = type
        self.value = value
        self.confidence = confidence
        self.heardAs = heardAs
        self.soundCost = soundCost
    }
}

/// A known name of an entity value or enum case, found in the utterance.
public struct NameMatch: Hashable, Sendable {
    /// The entity id or enum case id.
    public var id: String
    public var title: String
    /// 1 for the exact full name; less for near misses and parts of names.
    public var quality: Double
}

/// What one slot of a parse captured.
public struct Capture: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        /// A typed value from the value taggers.
        case value(Value, confidence: Double)
        /// Entity values or enum cases by name; several when the name is ambiguous.
        case names([NameMatch], type: String)
        /// Free text: the tokens in `range`.
        case freeText
    }

    /// The intent parameter.
    public var parameter: String
    /// The tokens it covers.
    public var range: Range<Int>
    public var content: Content

    /// Whether the capture took free text, told without copying its content.
    public var isFreeText: Bool {
        if case .freeText = content { return true }
        return false
    }
}

/// How one stretch of the utterance was used by a parse, for `--explain`.
///
/// The readable `detail` is written only when asked for: the matcher returns several parses
/// per utterance, and only `--explain` reads their steps' words.
public struct MatchStep: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case word, nearWord = "near-word", soundAlike = "sound-alike", slot, filler, skipped
    }

    /// What the detail is written from: the utterance's tokens (shared, not copied) and what
    /// the step made of the words in `range`.
    enum Source: Hashable, Sendable {
        case text(String)
        case words(tokens: [String])
        case nearWord(tokens: [String], heardAs: String, similarity: Float)
        case soundAlike(tokens: [String], heardAs: String, misheard: Bool, cost: Float)
        case slot(tokens: [String], parameter: String, content: Capture.Content, heardName: String?, nameCost: Float)
    }

    public var kind: Kind
    public var range: Range<Int>
    /// The phrase words (or name) the step reads the heard words as, when they were misheard:
    /// a sound-alike, a name heard by sound. (A near word is a slip of spelling, not of
    /// hearing: the recognizer wrote what it heard, so it has none.)
    public var reading: String?
    var source: Source

    public init(kind: Kind, range: Range<Int>, detail: String, reading: String? = nil) {
        self.init(kind: kind, range: range, source: .text(detail), reading: reading)
    }

    init(kind: Kind, range: Range<Int>, source: Source, reading: String? = nil) {
        self.kind = kind
        self.range = range
        self.source = source
        self.reading = reading
    }

    /// What the step did with its words: "'detox' heard as 'tasks', cost 0.4".
    public var detail: String {
        get {
            switch source {
            case .text(let text):
                return text
            case .words(let tokens):
                return "'\(Self.text(tokens, range))'"
            case .nearWord(let tokens, let heardAs, let similarity):
                return "'\(Self.text(tokens, range))' as '\(heardAs)' (\(Self.format(similarity)))"
            case .soundAlike(let tokens, let heardAs, let misheard, let cost):
                let how = misheard ? "taken as misheard for" : "heard as"
                return "'\(Self.text(tokens, range))' \(how) '\(heardAs)', cost \(Self.format(cost))"
            case .slot(let tokens, let parameter, let content, let heardName, let nameCost):
                var detail = "{\(parameter)} = '\(Self.text(tokens, range))' \(Self.describe(content))"
                if let heardName { detail += ", heard as '\(heardName)', cost \(Self.format(nameCost))" }
                return detail
            }
        }
        set { source = .text(newValue) }
    }

    public var description: String { "\(kind.rawValue)[\(range.lowerBound)..<\(range.upperBound)] \(detail)" }

    private static func text(_ tokens: [String], _ range: Range<Int>) -> String {
        let clamped = range.clamped(to: tokens.indices)
        return tokens[clamped].joined(separator: " ")
    }

    private static func describe(_ content: Capture.Content) -> String {
        switch content {
        case .freeText: return "(free text)"
        case .value(let value, let confidence): return "(\(value.json.serialized), \(format(Float(confidence))))"
        case .names(let names, let type):
            return "(\(type): " + names.map { "\($0.id) \(format(Float($0.quality)))" }.joined(separator: ", ") + ")"
        }
    }

    private static func format(_ value: Float) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}

/// One way the utterance matches one phrase of one intent.
public struct Parse: Hashable, Sendable {
    public var intent: IntentDefinition
    /// The template that matched, as written.
    public var phrase: String
    public var phraseLocation: SourceLocation?
    /// The schema the phrase belongs to, when the intent was reached through a schema.
    public var schema: String?
    /// Parameters the phrase's words imply ("reply all" sets `isReplyAll`), as JSON.
    public var values: [String: JSONValue] = [:]
    public var captures: [Capture]
    /// The raw path score the matcher ranks by.
    public var score: Double
    /// How much of the utterance the parse explains, in [0, 1].
    public var confidence: Double
    public var steps: [MatchStep]
}

extension Parse {
    /// The word ranges of the steps whose kind `isWanted` picks, in order. Reads each step's
    /// kind and range in place: a step is a large value, and a loop over ``steps`` copies each.
    public func ranges(where isWanted: (MatchStep.Kind) -> Bool) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for index in steps.indices where isWanted(steps[index].kind) { ranges.append(steps[index].range) }
        return ranges
    }

    /// The word ranges of the steps of `kind`, in order (``ranges(where:)``).
    public func ranges(of kind: MatchStep.Kind) -> [Range<Int>] { ranges { $0 == kind } }

    /// Whether a step of this kind is among ``steps``, read in place (``ranges(where:)``).
    public func hasStep(_ kind: MatchStep.Kind) -> Bool {
        steps.indices.contains { steps[$0].kind == kind }
    }

    /// Whether an entity parameter took free text: a name that may be known to the app only
    /// ("open the task buy bread").
    public var takesAnEntityNameAsFreeText: Bool {
        captures.indices.contains { index in
            guard captures[index].isFreeText, case .entity? = intent.parameter(captures[index].parameter)?.type.elementType
            else { return false }
            return true
        }
    }
}
