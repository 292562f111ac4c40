import IntentModel
import Yams

/// Reads YAML nodes while collecting diagnostics that point at the offending node.
struct YAMLReader {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    func location(of node: Node?) -> SourceLocation? {
        guard let mark = node?.mark else { return nil }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// Where the text of a scalar starts: one column after the quote of a quoted scalar.
    func textLocation(of node: Node) -> SourceLocation? {
        guard let base = location(of: node) else { return nil }
        if let style = node.scalar?.style, style == .singleQuoted || style == .doubleQuoted {
            return base.advanced(by: 1)
        }
        return base
    }

    mutating func error(_ message: String, at node: Node?) {
        diagnostics.append(.error(message, at: location(of: node)))
    }

    mutating func warning(_ message: String, at node: Node?) {
        diagnostics.append(.warning(message, at: location(of: node)))
    }

    /// The ordered pairs of a mapping, or an error when the node is something else.
    mutating func mapping(_ node: Node?, _ what: String) -> [(key: String, keyNode: Node, value: Node)] {
        guard let node else { return [] }
        if case .scalar(let scalar) = node, scalar.string.isEmpty || scalar.tag.rawValue.hasSuffix(":null") { return [] }
        guard let mapping = node.mapping else {
            error("expected a mapping for \(what)", at: node)
            return []
        }
        var pairs: [(String, Node, Node)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                error("expected a plain key in \(what)", at: key)
                continue
            }
            pairs.append((name, key, value))
        }
        return pairs
    }

    /// A string, or an error naming what was expected.
    mutating func string(_ node: Node?, _ what: String) -> String? {
        guard let node else { return nil }
        guard let scalar = node.scalar else {
            error("expected text for \(what)", at: node)
            return nil
        }
        return scalar.string
    }

    /// A list of strings; a single string counts as a list of one.
    mutating func strings(_ node: Node?, _ what: String) -> [(String, Node)] {
        guard let node else { return [] }
        if let scalar = node.scalar { return scalar.string.isEmpty ? [] : [(scalar.string, node)] }
        guard let sequence = node.sequence else {
            error("expected a list of text for \(what)", at: node)
            return []
        }
        var result: [(String, Node)] = []
        for item in sequence {
            if let scalar = item.scalar {
                result.append((scalar.string, item))
            } else {
                error("expected text in \(what)", at: item)
            }
        }
        return result
    }

    mutating func bool(_ node: Node?, _ what: String) -> Bool? {
        guard let node else { return nil }
        guard let value = node.bool else {
            error("expected true or false for \(what)", at: node)
            return nil
        }
        return value
    }

    /// Warns about keys that the format does not know, with a near-miss hint.
    mutating func checkKeys(_ pairs: [(key: String, keyNode: Node, value: Node)], allowed: [String], in what: String) {
        for pair in pairs where !allowed.contains(pair.key) {
            let hint = Spelling.suggestion(for: pair.key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
            warning("unknown key '\(pair.key)' in \(what)\(hint)", at: pair.keyNode)
        }
    }
}

extension Node {
    /// The value of `key` in a mapping (the last one, as Yams takes it), the key compared as
    /// text. Yams' own `node[field: "key"]` resolves the implicit tag of both keys at every
    /// comparison with regular expressions: a tenth of reading a large set of phrase files.
    subscript(field key: String) -> Node? {
        guard case .mapping(let mapping) = self else { return nil }
        var found: Node?
        for pair in mapping where pair.key.scalar?.string == key { found = pair.value }
        return found
    }
}
