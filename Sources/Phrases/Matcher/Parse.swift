import IntentModel

/// A typed value found in the utterance before matching, offered to typed slots.
public struct SlotSpan: Hashable, Sendable {
    public var range: Range<Int>
    public var type: ValueType
    public var value: Value
    public var confidence: Double
    public init(range: Range<Int>, type: ValueType, value: Value, confidence: Double) {
        self.range = range
        self.type = type
        self.value = value
        self.confidence = confidence
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
}

/// How one stretch of the utterance was used by a parse, for `--explain`.
public struct MatchStep: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case word, nearWord = "near-word", soundAlike = "sound-alike", slot, filler, skipped
    }
    public var kind: Kind
    public var range: Range<Int>
    public var detail: String
    /// The phrase words (or name) the step reads the heard words as, when they were misheard:
    /// a sound-alike, a name heard by sound. (A near word is a slip of spelling, not of
    /// hearing: the recognizer wrote what it heard, so it has none.)
    public var reading: String?

    public init(kind: Kind, range: Range<Int>, detail: String, reading: String? = nil) {
        self.kind = kind
        self.range = range
        self.detail = detail
        self.reading = reading
    }

    public var description: String { "\(kind.rawValue)[\(range.lowerBound)..<\(range.upperBound)] \(detail)" }
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
    /// Whether an entity parameter took free text: a name that may be known to the app only
    /// ("open the task buy bread").
    public var takesAnEntityNameAsFreeText: Bool {
        captures.contains { capture in
            guard capture.content == .freeText, case .entity? = intent.parameter(capture.parameter)?.type.elementType else { return false }
            return true
        }
    }
}
