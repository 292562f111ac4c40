import IntentModel

extension Router {
    /// `tokens`, where a verb said as "-ing" right after "mind" ("would you mind adding bread
    /// to my list", "do you mind ordering me a soup") reads as the verb that begins a phrase
    /// ("add", "order"): "adding" is no phrase word, and near-word matching is too strict for
    /// three letters more. Its place in the utterance is kept.
    func withPoliteGerunds(_ tokens: [Token]) -> [Token] {
        guard tokens.count > 1, tokens.dropLast().contains(where: { $0.text == "mind" }) else { return tokens }
        var read = tokens
        for index in 1..<tokens.count where tokens[index - 1].text == "mind" && tokens[index].text.hasSuffix("ing") {
            if let verb = Self.baseForms(ofGerund: tokens[index].text).first(where: matcher.beginsAPhrase) { read[index].text = verb }
        }
        return read
    }

    /// The forms a word ending in "-ing" may have come from: "adding" → "add", "putting" →
    /// "putt", "put", "making" → "mak", "make".
    package static func baseForms(ofGerund word: String) -> [String] {
        let stem = String(word.dropLast(3))
        guard stem.count >= 2 else { return [] }
        var forms = [stem, stem + "e"]
        if let last = stem.last, stem.dropLast().last == last { forms.append(String(stem.dropLast())) }
        return forms
    }
}
