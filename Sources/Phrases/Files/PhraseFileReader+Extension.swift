import IntentModel
import Yams

extension PhraseFileReader {
    mutating func readExtension(_ root: Node, appID: String, language: String) -> AppExtension? {
        guard !appID.isEmpty else {
            reader.error("'extends' needs the id of an app", at: root[field: "extends"])
            return nil
        }
        var result = AppExtension(
            appID: appID, language: language, synonyms: reader.strings(root[field: "synonyms"], "synonyms").map(\.0),
            valueSynonyms: [:], phrases: [], rules: readRules(root[field: "rules"], language: language),
            location: reader.location(of: root[field: "extends"]))
        for section in ["entities", "enums"] {
            for (typeName, _, value) in reader.mapping(root[section], section) {
                var byID: [String: [String]] = [:]
                for (valueID, _, names) in reader.mapping(value[field: "synonyms"], "synonyms of '\(typeName)'") {
                    byID[valueID] = reader.strings(names, "synonyms").map(\.0)
                }
                result.valueSynonyms[typeName, default: [:]].merge(byID) { $0 + $1 }
            }
        }
        for (name, _, value) in reader.mapping(root[field: "intents"], "intents") {
            let intentID = "\(appID).\(name)"
            for template in readPhrases(value[field: "phrases"], intent: intentID, language: language) {
                result.phrases.append((intentID, template, template.location))
            }
        }
        return result
    }

    /// A `domain:` file: the phrases of the domain's schemas, with rules they share.
    mutating func readSchemaPhrases(_ root: Node, domain: String, language: String) -> [SchemaPhraseSet] {
        guard Self.isIdentifier(domain) else {
            reader.error("'domain' needs the id of a schema domain, e.g. 'domain: mail'", at: root[field: "domain"])
            return []
        }
        let rules = readRules(root[field: "rules"], language: language)
        var sets: [SchemaPhraseSet] = []
        for (name, key, value) in reader.mapping(root[field: "schemas"], "schemas") {
            let id = "\(domain).\(name)"
            reader.checkKeys(reader.mapping(value, "schema '\(id)'"), allowed: ["phrases"], in: "schema '\(id)'")
            let phrases = readPhrases(value[field: "phrases"], intent: id, language: language)
            if phrases.isEmpty { reader.warning("schema '\(id)' has no phrases", at: key) }
            sets.append(SchemaPhraseSet(schema: id, language: language, phrases: phrases, rules: rules, location: reader.location(of: key)))
        }
        if sets.isEmpty { reader.error("a domain file needs 'schemas', each with its phrases", at: root) }
        return sets
    }
}
