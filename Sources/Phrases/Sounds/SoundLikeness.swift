/// How alike two runs of words sound: the weighted phone edit distance (``PhoneCosts``) between
/// their pronunciations, per heard phone, as the matcher weighs its sound-alike steps.
package enum SoundLikeness {
    /// The distance of hearing `heard` where `said` was said, over the first two pronunciations
    /// of each said word: 0 for the same sounds, up to the `tolerance`'s bound. Nil
    /// when it is above that, when either has no phones, or when one is much longer than the
    /// other (a long name is not heard in a short word, nor a short one in many).
    package static func cost(
        heard: [String], said: [String], tolerance: SoundTolerance = .routing, dictionary: PronouncingDictionary = .shipped,
        costs: PhoneCosts = .shipped
    ) -> Float? {
        cost(
            heardPhones: heard.flatMap { heardSound(of: $0, dictionary: dictionary) }, saidSounds: said.map { saidSounds(of: $0, dictionary: dictionary) },
            tolerance: tolerance, costs: costs)
    }

    /// The phones a heard word is compared by: its first pronunciation (``cost(heard:said:tolerance:dictionary:costs:)``).
    package static func heardSound(of word: String, dictionary: PronouncingDictionary = .shipped) -> [Phone] {
        dictionary.pronunciations(of: word, limit: 1).first ?? []
    }

    /// The pronunciations a said word is compared by: its first two.
    package static func saidSounds(of word: String, dictionary: PronouncingDictionary = .shipped) -> [[Phone]] {
        dictionary.pronunciations(of: word, limit: 2)
    }

    /// ``cost(heard:said:tolerance:dictionary:costs:)`` of words already sounded out
    /// (``heardSound(of:dictionary:)``, ``saidSounds(of:dictionary:)``): a caller comparing many
    /// runs of the same words works each word's phones out once (spelling an unknown word into
    /// phones costs far more than comparing them).
    package static func cost(heardPhones: [Phone], saidSounds: [[[Phone]]], tolerance: SoundTolerance = .routing, costs: PhoneCosts = .shipped)
        -> Float?
    {
        guard !heardPhones.isEmpty, !saidSounds.isEmpty, saidSounds.allSatisfy({ !$0.isEmpty }) else { return nil }
        var rows = PhoneRows(heard: heardPhones, depth: saidSounds.count, maximumCost: tolerance.maximumCost)
        rows.setStart(costs: costs)
        let heardCount = heardPhones.count
        var best: Float?
        func walk(_ depth: Int, length: Int) {
            guard depth < saidSounds.count else {
                guard 3 * length <= 4 * heardCount + 3, 3 * heardCount <= 4 * length + 3 else { return }
                let cost = rows.value(depth, at: heardCount) / Float(heardCount)
                if cost <= tolerance.maximumCost, cost < best ?? .infinity { best = cost }
                return
            }
            for phones in saidSounds[depth] where rows.extend(depth, with: phones, costs: costs) {
                walk(depth + 1, length: length + phones.count)
            }
        }
        walk(0, length: 0)
        return best
    }
}
