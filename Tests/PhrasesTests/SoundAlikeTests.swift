import Foundation
import IntentTesting
import Phrases
@testable import Routing
import Testing

/// Sound-based matching: transcripts a speech recognizer really produced (Corpus/voice-en.jsonl,
/// issue 12) whose words are spelt otherwise than the phrase words they stand for.
struct SoundAlikeTests {
    private func route(_ utterance: String) -> RouteResult {
        DemoRouter.shared.route(utterance, now: DemoRouter.now, spoken: true)
    }

    private func soundSteps(_ result: RouteResult) -> [String] {
        result.explanation.parses.first?.steps.filter { $0.kind == .soundAlike }.map(\.detail) ?? []
    }

    /// Heard words that sound like phrase words across a word boundary: two words for two,
    /// two for three, one for two.
    @Test(arguments: [
        ("what is left in my detox", "tasks.count"),  // mighty tasks
        ("booker massage", "calendar.bookAppointment"),  // book a massage
        ("add an expense to harkerma", "expenses.add"),  // harca ma
    ])
    func wordBoundariesMergeAndSplit(utterance: String, intent: String) {
        let result = route(utterance)
        #expect(result.intent?.id == intent, "\(result.json.serialized)")
        #expect(!soundSteps(result).isEmpty)
    }

    /// The verb is the word a recognizer gets wrong most often.
    @Test(arguments: [
        ("show my turks", "tasks.list"),
        ("raft an email to john", "mail.sendDraft"),
        ("and money to my wife", "bank.transferMoney"),
    ])
    func misheardWords(utterance: String, intent: String) {
        let result = route(utterance)
        #expect(result.intent?.id == intent, "\(result.json.serialized)")
    }

    /// Names of entities are heard by sound too, across word boundaries, and the slot takes
    /// the name meant ("the off site agenda" for *Offsite agenda*).
    @Test(arguments: [
        ("delete the off-site agenda", "mail.deleteDraft", "entities", "d-agenda"),
        ("forward the mace oil schedule", "mail.forward", "target", "m-baseball"),
        ("bring up the invoicing mail", "mail.openMessage", "target", "m-invoice"),
    ])
    func namesHeardAsOtherWords(utterance: String, intent: String, parameter: String, id: String) throws {
        let result = route(utterance)
        #expect(result.intent?.id == intent, "\(result.json.serialized)")
        let value = try #require(result.parameter(parameter), "\(result.json.serialized)")
        #expect(value.json.serialized.contains("\"\(id)\""), "\(value.json.serialized)")
        let slots = result.explanation.parses.first?.steps.filter { $0.kind == .slot }.map(\.detail) ?? []
        #expect(slots.contains { $0.contains("heard as '") }, "\(slots)")
        // Typed, the same words name nothing: a misspelt name is not a misheard one.
        #expect(DemoRouter.shared.route(utterance, now: DemoRouter.now).parameter(parameter) == nil)
    }

    /// People of the contacts are heard by sound too: their full names, first names and
    /// aliases ("my life" for *my wife*, Maria Lopez; "non applesy" for *John Appleseed*).
    @Test(arguments: [
        ("send money to my life", "bank.transferMoney", "recipient", "maria", "my wife"),
        ("compose a mail to my life", "mail.sendDraft", "to", "maria", "my wife"),
        ("wire $1500 to non applesy", "bank.transferMoney", "recipient", "john", "john appleseed"),
    ])
    func peopleHeardAsOtherWords(utterance: String, intent: String, parameter: String, id: String, name: String) throws {
        let result = route(utterance)
        #expect(result.intent?.id == intent, "\(result.json.serialized)")
        let value = try #require(result.parameter(parameter), "\(result.json.serialized)")
        #expect(value.json.serialized.contains("\"\(id)\""), "\(value.json.serialized)")
        let slots = result.explanation.parses.first?.steps.filter { $0.kind == .slot }.map(\.detail) ?? []
        #expect(slots.contains { $0.contains("heard as '\(name)', cost 0.") }, "\(slots)")
        #expect(result.confidence < 1, "a person heard by sound costs confidence")
        #expect(DemoRouter.shared.route(utterance, now: DemoRouter.now).parameter(parameter) == nil, "typed, no one is named")
    }

    /// A word that sounds nothing like anyone's name is nobody.
    @Test func aWordUnlikeEveryNameIsNobody() {
        #expect(route("send money to the river").status == .notUnderstood)
        #expect(SoundLikeness.cost(heard: ["river"], said: ["maria"]) == nil)
        #expect(SoundLikeness.cost(heard: ["my", "life"], said: ["my", "wife"]).map { $0 < 0.2 } == true)
        #expect(SoundLikeness.cost(heard: [], said: ["maria"]) == nil)
        #expect(SoundLikeness.cost(heard: ["12"], said: ["maria"]) == nil, "digits have no sounds")
    }

    /// A name is not heard in words much shorter or longer than it: "email" is not "the sale
    /// email", so a request for the latest mail stays out of domain.
    @Test func aShortWordIsNotALongName() {
        let result = route("read my latest email")
        #expect(result.status == .notUnderstood, "\(result.json.serialized)")
    }

    /// `--explain` says what was heard as what, and at what cost.
    @Test func explanationNamesTheSoundAlike() throws {
        let steps = soundSteps(route("what is left in my detox"))
        let step = try #require(steps.first)
        #expect(step.hasPrefix("'my detox' heard as 'mighty tasks', cost 0."), "\(steps)")
    }

    /// A sound-alike costs confidence: the same request said right is surer.
    @Test func aSoundAlikeCostsConfidence() {
        let heard = route("show my turks")
        let said = route("show my tasks")
        #expect(heard.intent?.id == said.intent?.id)
        #expect(heard.confidence < said.confidence)
    }

    /// Words that parse only by skipping some are heard by sound too, and the surer reading
    /// wins: "and get cast on my to do list" parses as *get my to do list* with "and", "cast"
    /// and "on" skipped, but was *add get gas to my to do list*.
    @Test func wordsSkippedAsWrittenMayBeHeardOtherwise() {
        let result = route("and get cast on my to do list")
        #expect(result.intent?.id == "tasks.add", "\(result.json.serialized)")
        #expect(result.parameter("title") == .string("get cast"))
        #expect(!soundSteps(result).isEmpty)
        let typed = DemoRouter.shared.route("and get cast on my to do list", now: DemoRouter.now)
        #expect(typed.intent?.id == "tasks.list", "typed, the words are taken as written")
    }

    /// Words that parse only as a name nobody knows are heard by sound too: "show me the books
    /// on my red shell" is the *read* shelf, not a book called "on my red shell".
    @Test func wordsTakenAsAnUnknownNameMayBeHeardOtherwise() {
        let result = route("show me the books on my red shell")
        #expect(result.intent?.id == "library.openShelf", "\(result.json.serialized)")
        #expect(result.parameter("shelf")?.json.serialized.contains("read") == true, "\(result.json.serialized)")
        let typed = DemoRouter.shared.route("show me the books on my red shell", now: DemoRouter.now)
        #expect(typed.intent?.id == "library.openBook", "typed, the words are taken as written")
    }

    /// Words that parse only by taking a name in part, a word beside it skipped, may be the
    /// whole name heard by sound: "make a gentle checkup appointment downtown" is the *Dental
    /// checkup*, not a service "gentle checkup" the app must ask about.
    @Test func aNameTakenInPartMayBeHeardWhole() throws {
        let result = route("make a gentle checkup appointment downtown")
        #expect(result.intent?.id == "calendar.bookAppointment", "\(result.json.serialized)")
        let service = try #require(result.parameter("service"), "\(result.json.serialized)")
        #expect(service.json.serialized.contains("\"checkup\""), "\(service.json.serialized)")
        let typed = DemoRouter.shared.route("make a gentle checkup appointment downtown", now: DemoRouter.now)
        #expect(typed.parameter("service") == nil, "typed, the name said is kept open: \(typed.json.serialized)")
    }

    /// A name heard by sound right beside a word that was skipped is not a name misheard:
    /// "open the window blinds" is not the task *slides* with "window" left over.
    @Test func aNameHeardBesideSkippedWordsIsNotTaken() {
        let result = route("open the window blinds")
        #expect(result.status == .notUnderstood, "\(result.json.serialized)")
    }

    /// Phrase words heard by sound right beside a skipped word are not taken either: "read my
    /// text messages" is not *my tasks* with "messages" left over, nor "show me my steps today"
    /// *my to do* with "steps" left over. Heard beside words that parse, they still are.
    @Test(arguments: ["read my text messages", "show me my steps today"])
    func phraseWordsHeardBesideSkippedWordsAreNotTaken(utterance: String) {
        let result = route(utterance)
        #expect(result.status == .notUnderstood, "\(result.json.serialized)")
    }

    /// Text that parses is never searched by sound: the words are taken as written.
    @Test func wordsThatParseAreNotHeardOtherwise() {
        let result = route("add buy bread to my groceries list")
        #expect(result.intent?.id == "tasks.add")
        #expect(soundSteps(result).isEmpty)
    }

    /// Typed text is never heard as something else: sound-alikes are for speech.
    @Test func typedTextIsTakenAsWritten() {
        let result = DemoRouter.shared.route("show my turks", now: DemoRouter.now)
        #expect(result.status == .notUnderstood)
    }

    /// Out-of-domain speech stays rejected, sound-alikes or not.
    @Test(arguments: [
        "what's the weather like today", "who won the super bowl last year", "message sarah on whatsapp",
        "find a coffee shop near me", "set a timer for ten minutes", "turn off the kitchen lights",
        "tell me a joke", "how many calories did i burn running yesterday",
        // "call" was heard as "i called", the "i" wholly unheard: tasks.complete of *Call mom*.
        "call mom", "call the dentist",
    ])
    func outOfDomainSpeechStaysRejected(utterance: String) {
        let result = route(utterance)
        #expect(result.status == .notUnderstood, "\(result.json.serialized)")
    }
}

/// The pronunciations the sound-alike search compares.
struct PronunciationTests {
    @Test func theShippedDictionaryIsRead() {
        let dictionary = PronouncingDictionary.shipped
        #expect(dictionary.count > 100_000)
        #expect(dictionary.pronunciations(of: "tasks").map(Phones.spell) == ["T AE S K S"])
    }

    /// The dictionary is looked up in its text, which need not be sorted: a word's lines keep
    /// their order (its first pronunciation first), a line with a symbol that is no phone is
    /// passed over, and a word that is only the start of another is not it.
    @Test func lookUpInTheText() {
        let text = "tomato T AH M EY T OW\nb B IY\na AH\nab AE B\na EY1\nc K XX\ntomato T AH M AA T OW\r\n\nnospace\n"
        let dictionary = PronouncingDictionary(text: Data(text.utf8))
        #expect(dictionary.pronunciations(of: "tomato").map(Phones.spell) == ["T AH M EY T OW", "T AH M AA T OW"])
        #expect(dictionary.pronunciations(of: "tomato", limit: 1).map(Phones.spell) == ["T AH M EY T OW"])
        #expect(dictionary.pronunciations(of: "a").map(Phones.spell) == ["AH", "EY"])
        #expect(dictionary.pronunciations(of: "ab").map(Phones.spell) == ["AE B"])
        #expect(dictionary.knows("b") && !dictionary.knows("c") && !dictionary.knows("nospace") && !dictionary.knows("tom"))
        #expect(dictionary.count == 5)
        #expect(PronouncingDictionary(text: Data()).count == 0)
        #expect(!PronouncingDictionary().knows("a"))
    }

    /// Words the dictionary lacks are spelt out by letter-to-sound rules.
    @Test(arguments: [("harkerma", "HH AA R K ER M AH"), ("revoom", "R EH V UW M"), ("harcama", "HH AA R K AE M AH")])
    func unknownWordsGoByTheirLetters(word: String, phones: String) {
        #expect(!PronouncingDictionary.shipped.knows(word))
        #expect(PronouncingDictionary.shipped.pronunciations(of: word).map(Phones.spell) == [phones])
    }

    @Test func numbersHaveNoPronunciation() {
        #expect(PronouncingDictionary.shipped.pronunciations(of: "12").isEmpty)
    }

    /// The calibrated table is loaded, and close phones cost less than unrelated ones.
    @Test func closePhonesCostLess() throws {
        let costs = PhoneCosts.shipped
        let t = try #require(Phones.code("T")), d = try #require(Phones.code("D")), m = try #require(Phones.code("M"))
        #expect(costs.substitute(t, t) == 0)
        #expect(costs.substitute(t, d) < costs.substitute(t, m))
        #expect(costs.substitution != PhoneCosts.byClass.substitution)
    }

    private func phones(_ words: String) -> [[Phone]] {
        words.split(separator: " ").map { PronouncingDictionary.shipped.pronunciations(of: String($0), limit: 1)[0] }
    }

    private func wordwise(said: String, heard: String) -> Float {
        let heardWords = phones(heard)
        var ends: [Int] = []
        for word in heardWords { ends.append((ends.last ?? 0) + word.count) }
        return PhoneCosts.shipped.wordwiseDistance(
            said: phones(said).map { [$0] }, heard: heardWords.flatMap { $0 }, heardEnds: ends)
    }

    /// The distance of a sound-alike step of several words keeps every word of both sides in
    /// the alignment: it is the plain distance when the best alignment does, and more when the
    /// plain one drops a word whole ("call" for "i called": the "i" never heard).
    @Test func aStepOfSeveralWordsHearsEveryWord() {
        let costs = PhoneCosts.shipped
        func plain(said: String, heard: String) -> Float {
            let s = phones(said).flatMap { $0 }, h = phones(heard).flatMap { $0 }
            return costs.distance(said: s, heard: h) * Float(max(s.count, h.count))
        }
        for (said, heard) in [("mighty tasks", "my detox"), ("book a massage", "booker massage"), ("set the", "send a")] {
            #expect(abs(wordwise(said: said, heard: heard) - plain(said: said, heard: heard)) < 0.001, "\(said) / \(heard)")
        }
        #expect(wordwise(said: "i called", heard: "call") > plain(said: "i called", heard: "call") + 0.1)
        #expect(wordwise(said: "called", heard: "i call") > plain(said: "called", heard: "i call") + 0.1)
        #expect(wordwise(said: "tasks", heard: "tasks") == 0)
        #expect(PhoneCosts.shipped.wordwiseDistance(said: [], heard: phones("tasks")[0], heardEnds: [5]) == .infinity)
    }
}

/// The readings a speech recognizer is asked to check against the audio (docs/voice.md,
/// "Recognizer in the loop"): sound-alikes and words taken as misheard, which routing alone
/// does not accept.
struct ReadingTests {
    private func readings(_ utterance: String) -> [Reading] {
        DemoRouter.shared.readings(of: utterance, now: DemoRouter.now, limit: 6)
    }

    /// A word taken as misheard, whatever it sounds like, when its neighbours were heard as
    /// written: offered as a reading, never routed on the transcript alone.
    @Test(arguments: [
        ("take me back to my work", "take me back to my book", "library.openCurrentlyReading"),
        ("and the off-site agenda", "send the offsite agenda", "mail.send"),
        ("show my turks", "show my tasks", "tasks.list"),
    ])
    func misheardWordsAreOffered(heard: String, reading: String, intent: String) {
        let offered = readings(heard)
        #expect(offered.contains { $0.text == reading && $0.intent == intent }, "\(offered)")
    }

    /// Of the phrase words that may stand where a word was misheard, the reading takes the one
    /// that sounds closest: "unlock the mouth" is read *unlock the vault*, not *the safe*.
    @Test(arguments: [
        ("can you unlock the mouth please", "can you unlock the vault please"),
        ("and lock the mouth", "unlock the vault"),
    ])
    func aMisheardWordIsReadAsTheClosestPhraseWord(heard: String, reading: String) {
        let offered = readings(heard)
        #expect(offered.first { $0.intent == "bank.unlockVault" }?.text == reading, "\(offered)")
    }

    /// Readings the recognizer checks may sound farther from the transcript than routing
    /// allows: the audio turns down the ones nobody said. The transcript alone still does not route.
    @Test(arguments: [
        ("mark all mama's done please", "mark call mom done please", "tasks.complete"),
        ("is where the chord and sing on fiction", "is where the crawdads sing non fiction", "library.getBookInfo"),
    ])
    func readingsMaySoundFartherThanRoutingAllows(heard: String, reading: String, intent: String) {
        let offered = readings(heard)
        #expect(offered.contains { $0.text == reading && $0.intent == intent }, "\(offered)")
        #expect(DemoRouter.shared.route(heard, now: DemoRouter.now, spoken: true).intent == nil)
    }

    @Test func aWordTakenAsMisheardDoesNotRouteOnItsOwn() {
        #expect(DemoRouter.shared.route("take me back to my work", now: DemoRouter.now, spoken: true).intent == nil)
        // Out of domain: the reading exists, only the audio can refuse it.
        #expect(DemoRouter.shared.route("unlock my phone", now: DemoRouter.now, spoken: true).intent == nil)
    }

    /// Words heard as written keep their heard form, so the recognizer is asked about what it
    /// heard ("haven't", not the tokens "have not").
    @Test func heardWordsKeepTheirForm() {
        let offered = readings("tell me how many tasks i haven't finished yet")
        #expect(!offered.isEmpty)
        #expect(offered.allSatisfy { $0.text.contains("haven't") }, "\(offered)")
        #expect(offered.allSatisfy { $0.text == $0.text.lowercased() && !$0.text.contains(",") })
    }

    /// Amounts and times keep what makes them what they are, so that a reading
    /// taken routes as the transcript would: "$12.50" is not "$12 50", "£12.99" not "12 99".
    @Test(arguments: [
        ("Transfer $12.50 to Maria.", "transfer $12.50 to maria"),
        ("I paid £12.99 for a movie ticket, add it to my expenses", "i paid £12.99 for a movie ticket add it to my expenses"),
        ("schedule a call with the bank on Monday at 9:30 am", "schedule a call with the bank on monday at 9:30 am"),
        ("send $1,000 to jane", "send $1,000 to jane"),
    ])
    func readingsKeepWhatBelongsToAWord(heard: String, reading: String) {
        let offered = readings(heard)
        #expect(offered.contains { $0.text == reading }, "\(offered)")
    }

    @Test func readingWordsDropOnlyPunctuation() {
        #expect(Router.readingWords("Save the off-site agenda - now, 1.5 hours. Don’t!") == "save the off site agenda now 1.5 hours don't")
        #expect(Router.readingWords("") == "")
        #expect(Router.readingWords(" -.,: ") == "")
        #expect(Router.readingWords("€5 or 5% or ¥30") == "€5 or 5% or ¥30")
    }

    /// A word with no neighbour heard as written is not taken as misheard: nothing says what it was.
    @Test(arguments: ["", "frobnicate", "zebra giraffe"])
    func nothingToReadWithoutContext(heard: String) {
        #expect(readings(heard).isEmpty, "\(readings(heard))")
    }
}
