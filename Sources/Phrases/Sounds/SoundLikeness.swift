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
        let heardPhones = heard.flatMap { dictionary.pronunciations(of: $0, limit: 1).first ?? [] }
        let saidSounds = said.map { dictionary.pronunciations(of: $0, limit: 2) }
        guard !heardPhones.isEmpty, !said.isEmpty, saidSounds.allSatisfy({ !$0.isEmpty }) else { return nil }
        var rows = PhoneRows(heard: heardPhones, depth: said.count, maximumCost: tolerance.maximumCost)
        rows.setStart(costs: costs)
        let heardCount = heardPhones.count
        var best: Float?
        func walk(_ depth: Int, length: Int) {
            guard depth < said.count else {
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
