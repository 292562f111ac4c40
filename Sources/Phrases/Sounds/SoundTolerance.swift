/// How far heard words may sound from the phrase words or names they are taken for.
public enum SoundTolerance: Sendable {
    /// Routing a transcript on its own: the bound calibrated on the tune split so that
    /// out-of-domain speech stays rejected (``Matcher/Weight/soundMaximumCost``).
    case routing
    /// Readings a speech recognizer checks against the audio (docs/voice.md, "Recognizer in
    /// the loop"): looser, since the recognizer, which hears the audio, turns down the readings
    /// nobody said ("mark all mama's done" read as *mark call mom done*).
    case checkedAgainstAudio

    /// The largest phone distance, per heard phone, of a heard word taken for another.
    package var maximumCost: Float {
        switch self {
        case .routing: Matcher.Weight.soundMaximumCost
        case .checkedAgainstAudio: Matcher.Weight.soundMaximumCostCheckedAgainstAudio
        }
    }
}
