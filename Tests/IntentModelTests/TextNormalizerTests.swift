import IntentModel
import Testing

struct TextNormalizerTests {
    let normalizer = TextNormalizer()

    @Test(arguments: [
        ("Add milk to my Groceries list!", ["add", "milk", "to", "my", "groceries", "list"]),
        ("What's left in Mighty Tasks?", ["what", "is", "left", "in", "mighty", "tasks"]),
        // "when's the dentist" was not understood: "when's" lost its apostrophe, not its "is".
        ("When's the dentist?", ["when", "is", "the", "dentist"]),
        ("when’s the dentist", ["when", "is", "the", "dentist"]),
        ("remind me at 5 p.m.", ["remind", "me", "at", "5", "pm"]),
        ("$12.50 for lunch", ["$", "12.50", "for", "lunch"]),
        ("1,200 steps", ["1,200", "steps"]),
        ("mail john@example.com now", ["mail", "john@example.com", "now"]),
        ("Ｍｉｌｋ", ["milk"]),
        ("to-do list", ["to", "do", "list"]),
        ("a 20-minute run", ["a", "20", "minute", "run"]),
        // Texting shorthand.
        ("can u play music pls", ["can", "you", "play", "music", "please"]),
        ("  ", []),
        ("", []),
        // "Àdd bûy mïlk to my groceries list" was not understood: marks on Latin letters go.
        ("Àdd bûy mïlk", ["add", "buy", "milk"]),
        ("Café crème brûlée for José Muñoz", ["cafe", "creme", "brulee", "for", "jose", "munoz"]),
        ("cafe\u{301}", ["cafe"]),
        // Other scripts keep theirs, and letters of their own stay.
        ("йогурт и чай", ["йогурт", "и", "чай"]),
        ("straße ørsted", ["straße", "ørsted"]),
    ])
    func normalizesEnglish(input: String, expected: [String]) {
        #expect(normalizer.words(input) == expected)
    }

    /// The one camel-case splitter, used for enum case ids, type names and property names.
    @Test(arguments: [
        ("currentlyReading", "currently Reading", ["currently", "reading"]),
        ("URLPath", "URL Path", ["url", "path"]),
        ("HarcaMA", "Harca MA", ["harca", "ma"]),
        ("Small (8 oz)", "Small (8 oz)", ["small", "8", "oz"]),
        ("datePublished", "date Published", ["date", "published"]),
        ("", "", []),
    ])
    func camelCaseSplitsAtWordBoundaries(identifier: String, split: String, words: [String]) {
        #expect(TextNormalizer.splittingCamelCase(identifier) == split)
        #expect(TextNormalizer.identifierWords(identifier) == words)
    }

    /// A name written with marks meets the words said without them.
    @Test func nameWordsLoseLatinMarks() {
        #expect(TextNormalizer.nameWords("José Muñoz-O'Brien") == ["jose", "munoz", "obrien"])
    }

    @Test func tokenizesChinesePerCharacter() {
        #expect(normalizer.words("添加买牛奶到购物清单") == ["添", "加", "买", "牛", "奶", "到", "购", "物", "清", "单"])
        #expect(normalizer.words("我还剩几个任务？") == ["我", "还", "剩", "几", "个", "任", "务"])
    }

    @Test func mixedScriptsSplitAtTheBoundary() {
        #expect(normalizer.words("添加milk到list") == ["添", "加", "milk", "到", "list"])
    }

    @Test func sourceTextKeepsOriginalCasing() {
        let text = "Add Buy Bread to my list"
        let tokens = normalizer.tokens(text)
        #expect(normalizer.sourceText(1..<3, of: tokens, in: text) == "Buy Bread")
    }

    @Test func hugeInputStaysLinear() {
        let text = String(repeating: "add milk ", count: 20_000)
        #expect(normalizer.words(text).count == 40_000)
    }

    @Test func plainContractionsStillSplitPastTheirLetterPairs() {
        #expect(normalizer.words("im late dont wait whats next") == ["i", "am", "late", "do", "not", "wait", "what", "is", "next"])
        #expect(normalizer.words("imp dome what") == ["imp", "dome", "what"])
    }
}

/// `LetterPairs` only saves hashing: it never turns away a word of its set.
struct LetterPairsTests {
    @Test func everyWordOfTheSetMayBeThere() {
        let words = ["a", "an", "and", "half", "quarter", "twenty", "x", "zz"]
        let pairs = LetterPairs(words)
        for word in words { #expect(pairs.mayContain(word), "\(word)") }
    }

    @Test func wordsWhoseFirstTwoLettersBeginNoneAreTurnedAway() {
        let pairs = LetterPairs(["a", "twenty", "half"])
        #expect(!pairs.mayContain("turn"))
        #expect(!pairs.mayContain("b"))
        #expect(!pairs.mayContain("hello"))
        // Same first two letters: the set itself must answer.
        #expect(pairs.mayContain("twice"))
        #expect(pairs.mayContain("hat"))
        // "a" alone is in the set; "ab" shares no pair with it.
        #expect(!pairs.mayContain("ab"))
    }

    @Test func wordsOutsideAToZAreNeverTurnedAway() {
        let pairs = LetterPairs(["one"])
        for word in ["", "É", "über", "o'clock", "1st", "x2", "añ", "添加"] { #expect(pairs.mayContain(word), "\(word)") }
    }

    /// "I need the name of an email message": the article follows the noun's first letter.
    @Test func aNounTakesTheArticleItsFirstLetterAsks() {
        #expect(Spelling.withArticle("email message") == "an email message")
        #expect(Spelling.withArticle("task") == "a task")
        #expect(Spelling.withArticle("Image") == "an Image")
        #expect(Spelling.withArticle("") == "a ")
    }
}
