/// Finds e-mail addresses: a local part, "@", and a domain with a real top-level domain or
/// a bracketed IP address ("j_9@[129.126.118.1]").
enum EmailScanner {
    static let localCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-'")
    static let domainCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")

    static func extract(_ text: String) -> [String] {
        let characters = Array(text)
        var found: [String] = []
        for (index, character) in characters.enumerated() where character == "@" {
            var start = index
            while start > 0, localCharacters.contains(characters[start - 1]) { start -= 1 }
            var end = index + 1
            if end < characters.count, characters[end] == "[" {
                while end < characters.count, characters[end] != "]" { end += 1 }
                end = min(end + 1, characters.count)
            } else {
                while end < characters.count, domainCharacters.contains(characters[end]) { end += 1 }
            }
            // A "_" right after the domain means the host name holds one, which is not allowed.
            if end < characters.count, characters[end] == "_" { continue }
            var candidate = String(characters[start..<end])
            while candidate.hasSuffix(".") || candidate.hasSuffix("-") { candidate.removeLast() }
            if let valid = whole(candidate) { found.append(valid) }
        }
        return found
    }

    /// `text` when it is one valid address, lowercased.
    static func whole(_ text: String) -> String? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty, local.count <= 64, local.allSatisfy(localCharacters.contains), local.first != ".",
            local.last != ".", !local.contains("..")
        else { return nil }
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let address = domain.dropFirst().dropLast().split(separator: ".", omittingEmptySubsequences: false)
            guard address.count == 4, address.allSatisfy({ Int($0).map { (0...255).contains($0) } ?? false }) else {
                return nil
            }
            return text.lowercased()
        }
        guard URLScanner.isHost(String(domain), requireKnownTLD: false) else { return nil }
        return text.lowercased()
    }

    /// "john at example dot com" as john@example.com.
    static func spoken(_ words: [String]) -> String? {
        guard let at = words.firstIndex(of: "at"), at > 0, at + 1 < words.count else { return nil }
        let local = words[..<at].joined(separator: ".").replacingOccurrences(of: " ", with: "")
        var domain = ""
        for word in words[(at + 1)...] { domain += word == "dot" ? "." : word }
        return whole("\(local)@\(domain)")
    }
}
