import IntentModel
import Yams

extension PhraseFileReader {
    mutating func readExtension(_ root: Node, appID: String, language: String) -> AppExtension? {
        guard !appID.isEmpty else {
            reader.error("'extends' needs the id of an app", at: root["extends"])
            return nil
        }
        var result = AppExtension(
            appID: appID, language: language, synonyms: reader.strings(root["synonyms"], "synonyms").map(\.0),
            valueSynonyms: [:], phrases: [], rules: readRules(root["rules"], language: language),
            location: reader.location(of: root["extends"]))
        for section in ["entities", "enums"] {
            for (typeName, _, value) in reader.mapping(root[section], section) {
                var byID: [String: [String]] = [:]
                for (valueID, _, names) in reader.mapping(value["synonyms"], "synonyms of '\(typeName)'") {
                    byID[valueID] = reader.strings(names, "synonyms").map(\.0)
                }
                result.valueSynonyms[typeName, default: [:]].merge(byID) { $0 + $1 }
            }
        }
        for (name, _, value) in reader.mapping(root["intents"], "intents") {
            let intentID = "\(appID).\(name)"
            for template in readPhrases(value["phrases"], intent: intentID, language: language) {
                result.phrases.append((intentID, template, template.location))
            }
        }
        return result
    }

    mutating func readSchema(_ root: Node, schema: String, language: String) -> SchemaPhraseSet? {
        let parts = schema.split(separator: ".")
        guard parts.count == 2 else {
            reader.error("schema '\(schema)' should be written domain.name, e.g. mail.createDraft", at: root["schema"])
            return nil
        }
        // Schema parameters may name entity types the adopting app defines; keep them by name.
        let parameters = readParameters(root["parameters"], owner: "schema '\(schema)'") { .entity($0) }
        let phrases = readPhrases(root["phrases"], intent: schema, language: language)
        return SchemaPhraseSet(
            schema: schema, language: language, parameters: parameters, phrases: phrases,
            rules: readRules(root["rules"], language: language))
    }
}
