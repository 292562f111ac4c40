import IntentTesting
import Routing
import Testing

/// Requests no demo app handles must never trigger a demo intent.
struct OutOfDomainTests {
    @Test(arguments: [
        "what's the weather", "turn on the lights", "start the car", "book a flight", "tell me a joke",
        "set an alarm for 7 am", "what time is it", "", "   ", "um uh", "🙂🙂🙂",
    ])
    func isNotUnderstood(utterance: String) {
        let result = DemoRouter.shared.route(utterance, now: DemoRouter.now)
        #expect(result.status == .notUnderstood, "\(result.json.serialized)")
        #expect(result.intent == nil)
    }

    /// A misheard word near one word of a long name ("ring" ~ "sing" of "Where the Crawdads
    /// Sing", from a Whisper transcript of "show the read shelf") names nothing.
    /// Heard words that mark a request for something else are not heard as phrase words:
    /// "wake me up at 6 tomorrow" was an event *make meetup* at 6, spoken.
    @Test(arguments: ["Wake me up at 6 tomorrow.", "set an alarm for 7 tomorrow", "wake me at 7"])
    func anAlarmSpokenIsNoEvent(utterance: String) {
        #expect(DemoRouter.shared.route(utterance, now: DemoRouter.now, spoken: true).intent == nil)
    }

    @Test(arguments: ["show the ring shelf", "open the ring shelf"])
    func aNearMissOfPartOfANameIsNoName(utterance: String) {
        let result = DemoRouter.shared.route(utterance, now: DemoRouter.now)
        #expect(result.intent?.id != "library.openBook", "\(result.json.serialized)")
    }

    /// A typed word that only shares a phrase word's sound key is not that word: "tennis" was
    /// *tunes* and played music. Heard from a recognizer, the same key still counts: "console"
    /// for *cancel* (a Whisper transcript of the voice corpus).
    @Test func aSoundKeyAloneIsATypedWordOnlyWhenTheLettersAgree() {
        #expect(DemoRouter.shared.route("play tennis", now: DemoRouter.now).intent == nil)
        let heard = DemoRouter.shared.route("Console my dentist appointment task", now: DemoRouter.now, spoken: true)
        #expect(heard.intent?.id == "tasks.delete", "\(heard.json.serialized)")
        #expect(DemoRouter.shared.route("resuem the music", now: DemoRouter.now).intent?.id == "player.togglePlayback")
    }

    @Test func hugeNonsenseIsNotUnderstood() {
        let result = DemoRouter.shared.route(String(repeating: "blah ", count: 2_000), now: DemoRouter.now)
        #expect(result.status == .notUnderstood)
    }
}
