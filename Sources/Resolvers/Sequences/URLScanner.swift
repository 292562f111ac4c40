/// Finds URLs: with a scheme ("https://abc.com/x?y=1", "http://localhost:8080"), or a bare
/// host with a known top-level domain ("www.abc.com", "bit.ly").
enum URLScanner {
    static let schemes = ["https://", "http://", "ftp://", "sftp://", "file://"]
    static let tlds: Set<String> = [
        "com", "org", "net", "edu", "gov", "mil", "int", "io", "ai", "co", "us", "uk", "de", "fr", "cn", "jp", "ly",
        "ms", "academy", "si", "aws", "am", "pm", "sa", "au", "ca", "in", "ru", "br", "es", "it", "nl", "se", "no",
        "dk", "fi", "pl", "ch", "at", "be", "ie", "nz", "za", "mx", "ar", "kr", "tw", "hk", "sg", "my", "info", "biz",
        "app", "dev", "me", "tv", "cc", "ws", "xyz", "site", "online", "tech", "store", "blog", "news", "cloud", "ly",
        "gl", "gg", "to", "fm", "so", "eu", "asia", "pro", "name", "mobi", "tk", "ml", "ga", "cf", "il", "tr", "gr",
        "pt", "cz", "hu", "ro", "ua", "vn", "th", "id", "ph", "pk", "bd", "eg", "ng", "ke", "cl", "pe", "ve", "uy",
        "is", "lu", "li", "ee", "lv", "lt", "sk", "bg", "hr", "rs", "ba", "mk", "al", "by", "kz", "ge", "az", "ir",
        "iq", "ae", "qa", "kw", "om", "bh", "jo", "lb", "ma", "dz", "tn", "website", "space", "live", "email", "link",
        "page", "world", "today", "design", "studio", "agency", "media", "works", "church", "shop", "club",
    ]

    static func extract(_ text: String) -> [String] {
        var found: [String] = []
        for piece in text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "'" || $0 == "\"" }) {
            var word = String(piece)
            if let scheme = schemes.compactMap({ word.lowercased().range(of: $0) }).min(by: {
                $0.lowerBound < $1.lowerBound
            }) {
                word = String(word[scheme.lowerBound...])
                word = trimmed(word)
                if let url = withScheme(word) { found.append(url) }
                continue
            }
            if word.contains("://") || word.contains("@") { continue }
            word = trimmed(word.drop { "([<".contains($0) }.description)
            if let url = bare(word) { found.append(url) }
        }
        return found
    }

    static func trimmed(_ word: String) -> String {
        var text = word
        while let last = text.last, ".,;:!?)]>'\"".contains(last) { text.removeLast() }
        return text
    }

    static func withScheme(_ word: String) -> String? {
        let lower = word.lowercased()
        guard let scheme = schemes.first(where: { lower.hasPrefix($0) }) else { return nil }
        let rest = lower.dropFirst(scheme.count)
        let hostPort = rest.prefix { !"/?#".contains($0) }
        let host = hostPort.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        if hostPort.contains(":") {
            guard let port = hostPort.split(separator: ":").last, port.allSatisfy(\.isNumber), !port.isEmpty else {
                return nil
            }
        }
        guard host == "localhost" || isIPv4(host) || isHost(host, requireKnownTLD: true) else { return nil }
        return lower
    }

    static func bare(_ word: String) -> String? {
        let lower = word.lowercased()
        let host = String(lower.prefix { !"/?#:".contains($0) })
        guard host.contains("."), !isIPv4(host), isHost(host, requireKnownTLD: true) else { return nil }
        let labels = host.split(separator: ".")
        // "7.am" reads as a time, not a domain.
        if labels.count == 2, labels[0].count == 1, labels[0].allSatisfy(\.isNumber) { return nil }
        if labels.count == 2, ["am", "pm"].contains(String(labels[1])), labels[0].allSatisfy(\.isNumber),
            labels[0].count < 2
        {
            return nil
        }
        return lower
    }

    static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { Int($0).map { (0...255).contains($0) } ?? false }
    }

    /// Labels of letters, digits and hyphens; a top-level domain of two or more letters.
    static func isHost(_ host: String, requireKnownTLD: Bool) -> Bool {
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, tld.count >= 2, tld.allSatisfy({ $0.isLetter && $0.isASCII })
        else {
            return false
        }
        guard
            labels.allSatisfy({
                !$0.isEmpty && $0.count <= 63
                    && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            })
        else { return false }
        return !requireKnownTLD || tlds.contains(String(tld))
    }
}
