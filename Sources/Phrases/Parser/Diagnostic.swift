import IntentModel

/// A problem found in a phrase file, reported compiler-style:
/// `Phrases/tasks.yaml:14:23: error: unclosed '(' in phrase "add (a|the task"`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func error(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    public var description: String {
        if let location { return "\(location): \(severity.rawValue): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}

extension SourceLocation {
    /// The location `offset` characters further along the same line.
    func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + offset)
    }
}
