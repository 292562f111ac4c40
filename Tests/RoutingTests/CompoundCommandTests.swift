import IntentModel
import IntentTesting
@testable import Routing
import Testing

/// Several commands in one utterance, joined by the `conjunctions` of Phrases/common.en.yaml:
/// split only where every part routes on its own or points back at the part before.
struct CompoundCommandTests {
    private func route(_ utterance: String, compound: Bool = true) -> RouteResult {
        DemoRouter.shared.route(utterance, now: DemoRouter.now, compound: compound)
    }

    @Test func twoCommandsAreTwoParts() {
        let result = route("how many tasks are left and what is my total expense")
        #expect(result.parts.map { $0.intent?.id } == ["tasks.count", "expenses.showTotal"])
        #expect(result.parts.map(\.utterance) == ["how many tasks are left", "what is my total expense"])
        #expect(result.intent?.id == "tasks.count", "the result's own fields are the first part's")
        #expect(result.json["parts"]?.arrayValue?.count == 2)
    }

    @Test func threeCommandsWithThenAndACommaKeepTheirValues() {
        let result = route("add eggs to groceries, then add Bread and then show my tasks")
        #expect(result.parts.map { $0.intent?.id } == ["tasks.add", "tasks.add", "tasks.list"])
        #expect(result.parts[0].parameter("title") == .string("eggs"))
        #expect(result.parts[1].parameter("title") == .string("Bread"), "each part's words as said")
        #expect(result.parts[1].utterance == "add Bread")
    }

    /// Commands said one after another with nothing between, as speech-to-text writes them, or
    /// with a full stop: they were one task "milk to my groceries list add eggs".
    @Test(arguments: [
        "add milk to my groceries list add eggs to my groceries list",
        "Add milk to my groceries list. Add eggs to my groceries list.",
    ])
    func commandsSaidOneAfterAnotherAreSplit(utterance: String) {
        let result = route(utterance)
        #expect(result.parts.map { $0.intent?.id } == ["tasks.add", "tasks.add"])
        #expect(result.parts.map { $0.parameter("title") } == [.string("milk"), .string("eggs")])
        let remind = route("remind me to call mom tomorrow show my tasks")
        #expect(remind.parts.map { $0.intent?.id } == ["tasks.add", "tasks.list"])
    }

    /// With nothing marking a break, a command word inside a title splits only when both
    /// commands are whole and read better than the one they make together.
    @Test(arguments: [
        ("create an event called open house tomorrow at 5", "title", "open house"),
        ("remind me to add eggs to the list", "title", "add eggs to the list"),
        ("add a task called show the kids the photos", "title", "show the kids the photos"),
        ("email john saying play the song tomorrow", "body", "play the song tomorrow"),
        ("remind me to buy milk order soup", "title", "buy milk order soup"),
    ])
    func aCommandWordInsideATitleIsNotSplit(utterance: String, name: String, value: String) {
        let result = route(utterance)
        #expect(result.parts.isEmpty, "\(result.parts.map(\.utterance))")
        #expect(result.parameter(name) == .string(value))
    }

    @Test func aLaterPartMayPointBack() {
        let result = route("add milk to my groceries list and open it")
        #expect(result.parts.map { $0.intent?.id } == ["tasks.add", "tasks.open"])
        let open = result.parts[1]
        #expect(open.utterance == "open it")
        #expect(open.parameter("task") == nil, "not a task that happens to match the stand-in: \(open.json.serialized)")
        #expect(open.unresolved.first?.name == "task")
        #expect(open.unresolved.first?.text == "it")
    }

    @Test func aConjunctionInsideWhatIsSaidIsNotSplit() {
        for (utterance, name, value) in [
            ("remind me to call mom and dad", "title", "call mom and dad"),
            ("add bread and butter to my groceries list", "title", "bread and butter"),
            ("find books by andy weir and frank herbert", "author", "andy weir and frank herbert"),
        ] {
            let result = route(utterance)
            #expect(result.parts.isEmpty, "\(utterance): \(result.parts.map(\.utterance))")
            #expect(result.parameter(name) == .string(value), "\(utterance): \(result.json.serialized)")
        }
    }

    /// "and fifty cents" routed alone as a second expense of 50 cents, and the first lost its
    /// title: a conjunction inside an amount is a word of the amount.
    @Test func aConjunctionInsideAnAmountIsNotSplit() {
        let one = route("add an expense for twenty five dollars and fifty cents for a taxi")
        #expect(one.parts.isEmpty, "\(one.parts.map(\.utterance))")
        #expect(one.intent?.id == "expenses.add")
        #expect(one.parameter("price") == .double(25.5))
        #expect(one.parameter("title") == .string("taxi"))
        let two = route("add an expense of 25 dollars and 50 cents for a taxi and show my tasks")
        #expect(two.parts.map { $0.intent?.id } == ["expenses.add", "tasks.list"])
        #expect(two.parts.first?.parameter("price") == .double(25.5))
    }

    @Test func aConjunctionThePhraseSaysIsNotSplit() {
        // "cc sarah" routes alone (mail.updateDraft), but the draft's phrase says "and cc".
        for utterance in ["Send an email to John and CC Sarah.", "send an email to john and cc sarah about lunch"] {
            let result = route(utterance)
            #expect(result.parts.isEmpty, "\(utterance): \(result.parts.map(\.utterance))")
            #expect(result.intent?.id == "mail.sendDraft")
            #expect(result.parameter("cc")?.json.serialized.contains("sarah") == true, "\(utterance): \(result.json.serialized)")
        }
        // A conjunction between commands is still a split when the whole also routes.
        #expect(route("add eggs to groceries and then show my tasks").parts.map { $0.intent?.id } == ["tasks.add", "tasks.list"])
    }

    @Test func aPartThatDoesNotRouteKeepsTheUtteranceWhole() {
        #expect(route("show my tasks and sing me a song").parts.isEmpty)
        #expect(route("and").parts.isEmpty)
        #expect(route("and then and then").parts.isEmpty)
        #expect(route("how many tasks are left and what is my total expense", compound: false).parts.isEmpty)
    }

    /// A part that says the part before again ("I'm going running, start a workout") is one
    /// command with it: performed once, with the values of both, not asked about twice.
    @Test func aCommandSaidTwiceIsOneCommand() {
        for utterance in ["I'm going running, start a workout", "I'm going running and start a workout", "start a workout and I'm going running"] {
            let result = route(utterance)
            #expect(result.parts.isEmpty, "\(utterance): \(result.parts.map(\.utterance))")
            #expect(result.intent?.id == "fitness.startWorkout", "\(utterance)")
            #expect(result.status == .complete, "\(utterance)")
            #expect(result.parameter("workoutType") == .enumCase("running"), "\(utterance): \(result.json.serialized)")
            #expect(result.utterance == utterance)
        }
        // Values that disagree are two commands, each performed.
        let two = route("add milk to my groceries list and add eggs to my groceries list")
        #expect(two.parts.map { $0.parameter("title") } == [.string("milk"), .string("eggs")])
    }

    /// Speech-to-text writes commas and full stops: without a conjunction, an utterance that
    /// does not stand as one command splits where a clause ends. One that does stands whole,
    /// and a mark with no space after it ("2.5", "5:30", "p.m.") ends no clause.
    @Test func aClauseBreakSplitsOnlyWhatIsNotOneCommand() {
        let two = route("how many tasks are left? what is my total expense.")
        #expect(two.parts.map { $0.intent?.id } == ["tasks.count", "expenses.showTotal"], "\(two.json.serialized)")
        #expect(two.parts.map(\.utterance) == ["how many tasks are left", "what is my total expense"])
        for (utterance, intent) in [
            ("Hey, add milk to my groceries list.", "tasks.add"), ("remind me at 5 p.m. tomorrow to call mom", "tasks.add"),
            ("set a timer for 1:30, please", nil), ("I'm going running, starts at the gym, whatever.", nil),
        ] {
            let result = route(utterance)
            #expect(result.parts.isEmpty, "\(utterance): \(result.parts.map(\.utterance))")
            if let intent { #expect(result.intent?.id == intent, "\(utterance)") }
        }
        // Four commands, the most, still split within the bound on the words routed to find them.
        let four = route("how many tasks are left, what is my total expense, show my tasks, show my workouts")
        #expect(four.parts.map { $0.intent?.id } == ["tasks.count", "expenses.showTotal", "tasks.list", "fitness.listWorkouts"], "\(four.parts.map(\.utterance))")
        // Thirteen are more than one utterance may hold: answered as one (not understood), not split.
        #expect(route(Array(repeating: "show my tasks", count: 13).joined(separator: ", ")).parts.isEmpty)
        // Chinese marks take no space after them.
        #expect(route("我还剩几个任务，显示我的任务").parts.map { $0.intent?.id } == ["tasks.count", "tasks.list"])
        // Bytes that are not UTF-8, with a clause break: the fuzzer's input that crashed the
        // splitter (Fuzz/Corpus/route keeps it).
        let fuzzed: [UInt8] = [
            0x61, 0x64, 0x64, 0x20, 0xc1, 0x20, 0x6d, 0x79, 0x22, 0x77, 0x20, 0x6f, 0x6f, 0x61, 0x72, 0x2e, 0x20, 0x74, 0x6f, 0xc1,
            0x20, 0x6d, 0x79, 0x22, 0x77, 0x20, 0x6f, 0x6f, 0x61, 0x72, 0x2e, 0x64, 0x69, 0xc4, 0xc4, 0xc4, 0xc4, 0xc4, 0xbf, 0x73, 0x74,
        ]
        #expect(route(String(decoding: fuzzed, as: UTF8.self)).status == .notUnderstood)
        // "i'm" is two tokens with one source: no break, and no crash, between them.
        #expect(route("I'm, I'm going running").intent?.id == "fitness.startWorkout")
    }

    /// Clause breaks are found in one walk over the utterance's scalars, counted as the tokens'
    /// sources count them: the same breaks as reading each gap between tokens from a copy of
    /// the scalars, whatever comes before (an accent written as its own scalar, emoji with a
    /// skin tone, Chinese marks, bytes that are not UTF-8).
    @Test(arguments: [
        "cafe\u{301} 👍🏽 ok, show my tasks. how many are left", "我还剩几个任务，显示我的任务", "I'm, I'm going running",
        "set a timer for 1:30, please", "a , b ,c,  d ;e", ",,, ...", "",
        String(decoding: [0x61, 0x2e, 0x20, 0xc1, 0x20, 0x62, 0x2c, 0xc4, 0x20, 0x63] as [UInt8], as: UTF8.self),
    ])
    func clauseBreaksAreThoseOfTheGapsBetweenTokens(utterance: String) {
        let tokens = TextNormalizer().tokens(utterance)
        let scalars = Array(utterance.unicodeScalars)
        var expected: Set<Int> = []
        for index in tokens.indices.dropFirst() {
            let (end, start) = (tokens[index - 1].sourceRange.upperBound, tokens[index].sourceRange.lowerBound)
            guard end < start, start <= scalars.count else { continue }
            let gap = scalars[end..<start]
            guard let mark = gap.firstIndex(where: { Router.clauseMarks.contains($0) }) else { continue }
            if gap[mark...].contains(where: { $0.properties.isWhitespace }) || Router.wideClauseMarks.contains(gap[mark]) {
                expected.insert(index)
            }
        }
        #expect(Router.clauseBreaks(in: utterance, tokens: tokens) == expected)
    }
}
