import IntentModel
import Phrases
import Resolvers

/// People of the contacts heard as other words that sound alike: "send money to my life" for
/// *my wife*, "wire $1500 to non applesy" for *John Appleseed*. Recognizers spell names the
/// way they sound; the entity names of the lexicon are heard by sound inside the matcher, and
/// people, who come with the contacts at route time, here.
extension Router {
    /// The most words a person's name or alias is heard in.
    static let heardPersonWords = 3

    /// Spans for contacts' full names, first names and aliases heard by sound in `words`, for
    /// the sound-alike pass: at most one per stretch of words and person, the closest. Words
    /// that already name someone as written (`written`) are not heard again, nor are names
    /// heard exactly as written.
    func peopleHeardBySound(_ words: [String], written: [SlotSpan], tolerance: SoundTolerance = .routing) -> [SlotSpan] {
        guard readers.contains(.people), !contacts.isEmpty, !words.isEmpty else { return [] }
        let named = written.filter { $0.type.elementType == .person }.map(\.range)
        // Each word sounded out once: spelling an unknown word into phones costs far more than
        // comparing phones, and every word is compared with every name form, in runs of 1 to 3.
        var forms: [(words: [String], sounds: [[[Phone]]], person: Person)] = []
        for contact in contacts {
            let full = TextNormalizer.nameWords(contact.person.name)
            var names = [full] + contact.aliases.map(TextNormalizer.nameWords)
            if full.count > 1 { names.append([full[0]]) }
            for name in names where (1...Self.heardPersonWords).contains(name.count) {
                forms.append((name, name.map { SoundLikeness.saidSounds(of: $0) }, contact.person))
            }
        }
        let heardSounds = words.map { SoundLikeness.heardSound(of: $0) }
        var spans: [SlotSpan] = []
        for start in words.indices {
            for count in 1...min(Self.heardPersonWords, words.count - start) {
                let range = start..<start + count
                guard !named.contains(where: { $0.overlaps(range) }) else { continue }
                let heard = Array(words[range])
                let heardPhones = Array(heardSounds[range].joined())
                var best: [String: (cost: Float, form: [String], person: Person)] = [:]
                for form in forms where abs(form.words.count - count) <= 1 && form.words != heard {
                    guard let cost = SoundLikeness.cost(heardPhones: heardPhones, saidSounds: form.sounds, tolerance: tolerance),
                        cost < best[form.person.id]?.cost ?? .infinity
                    else { continue }
                    best[form.person.id] = (cost, form.words, form.person)
                }
                for (_, found) in best.sorted(by: { $0.key < $1.key }) {
                    spans.append(
                        SlotSpan(
                            range: range, type: .person, value: .person(found.person), confidence: Double(1 - found.cost),
                            heardAs: found.form.joined(separator: " "), soundCost: found.cost))
                }
            }
        }
        return spans
    }
}
