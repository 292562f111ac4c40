import Foundation
import IntentModel
import IntentTesting
import Testing

/// The real `intentd repl` in a pseudo-terminal (Scripts/repl_pty.py types the keys and
/// reports the screen): tab completion, history across restarts, each kind of follow-up
/// answered and cancelled, Ctrl-C, Ctrl-D, and colour only where it belongs.
struct ReplTests {
    func scenario(_ name: String) async throws -> JSONValue { try await runScenarioScript("repl_pty.py", name) }

    func screen(_ result: JSONValue, _ step: String) -> String {
        result["steps"]?[step]?.stringValue ?? "<no step \(step)>"
    }

    @Test func tabCompletesCommandsPhraseWordsAppNamesAndEntityNames() async throws {
        let result = try await scenario("completion")
        #expect(screen(result, "start").hasPrefix("intentd: talking to the demo apps (10 apps)."))
        // ":he" + Tab → ":help ", which lists examples grouped by app.
        let help = screen(result, "command")
        #expect(help.hasPrefix(":help \nSay what you want done; intentd finds the app. For example:\n"))
        #expect(help.contains("\nMighty Tasks (tasks)\n  Get the number of opened tasks     \""))
        #expect(help.contains("\nSoupChef (soup)\n  Order Soup"))
        // "outsta" + Tab → "outstanding " (a word of the phrases).
        #expect(
            screen(result, "phraseWord").hasPrefix(
                "how many tasks are outstanding \n→ tasks.count\nNumber of the opened tasks is 5\n"))
        // "mighty ta" + Tab → the rest of the app's name.
        #expect(screen(result, "appName").contains("what is left in mighty ta\u{07}sks\n→ tasks.count\n"))
        // ":intents tas" + Tab → the app id.
        let intents = screen(result, "appID")
        #expect(intents.hasPrefix(":intents tasks \ntasks.count "))
        #expect(
            intents.contains(
                "tasks.add                      Create new task  (title: String, list: TaskList?, dueDate: Date?)\n"))
        #expect(!intents.contains("soup.order"))
        // "the marti" + Tab → an entity's name.
        #expect(
            screen(result, "entityName").contains(
                "open the book the marti\u{07}an\n→ library.openBook  book = The Martian\nOpening The Martian\n"))
        // Tab Tab lists every command.
        #expect(screen(result, "list").contains(":apps     :explain  :help     :history  :intents  :quit"))
        #expect(result["exit"] == .number(0))
    }

    @Test func historySurvivesARestartWithoutTheAnswers() async throws {
        let result = try await scenario("history")
        #expect(result["firstExit"] == .number(0))
        #expect(result["history"]?.stringValue == "how many tasks are left in mighty tasks\norder tomato soup\n:quit\n")
        // Up, Up, Up in the second session brings back the first line of the first one.
        #expect(
            result["recalled"]?.stringValue?.hasSuffix(
                "how many tasks are left in mighty tasks\n→ tasks.count\nNumber of the opened tasks is 5\nintentd> ")
                == true)
        let listed = result["listed"]?.stringValue ?? ""
        #expect(
            listed.contains(
                "    1  how many tasks are left in mighty tasks\n    2  order tomato soup\n    3  :quit\n    4  how many tasks are left in mighty tasks\n"
            ))
        #expect(
            result["historyAfter"]?.stringValue?.hasSuffix(":quit\nhow many tasks are left in mighty tasks\n:history\n")
                == true)
        #expect(result["exit"] == .number(0))
    }

    @Test func eachFollowUpKindIsAnsweredAndCancelled() async throws {
        let result = try await scenario("followups")
        // A value: asked, a wrong answer explained, then answered; asked again and cancelled with Ctrl-C.
        #expect(
            screen(result, "valueAsked")
                == "order tomato soup\n→ soup.order  soup = Tomato\n? Please specify how many soups\nanswer> ")
        #expect(
            screen(result, "valueInvalid") == "lots\nI need a number (quantity). Ctrl-C cancels the question.\nanswer> "
        )
        #expect(
            screen(result, "valueAnswered")
                == "two\n→ soup.order  soup = Tomato, quantity = 2\nYour order for 2 Tomato has been placed\nintentd> ")
        #expect(screen(result, "valueCancelled") == "^C\nCancelled.\nintentd> ")
        // Numbered choices, answered in words, then cancelled.
        #expect(
            screen(result, "choiceAsked").hasSuffix(
                "? What task would like to open?\n  1. Buy milk\n  2. Call mom\n  3. Prepare slides\n  4. Book dentist appointment\n  5. Buy eggs\n1-5> "
            ))
        #expect(
            screen(result, "choiceAnswered")
                == "the second one\n→ tasks.open  task = Call mom\nOpening your task\nintentd> ")
        #expect(screen(result, "choiceCancelled") == "^C\nCancelled.\nintentd> ")
        // Yes/no: yes, no, Ctrl-C.
        #expect(
            screen(result, "confirmAsked").hasSuffix("? Are you sure you want to delete 'Buy milk'? (yes/no)\nyes/no> ")
        )
        #expect(screen(result, "confirmYes") == "yes\n→ tasks.delete  task = Buy milk\nTask deleted\nintentd> ")
        #expect(screen(result, "confirmNo") == "no\nCancelled.\nintentd> ")
        #expect(screen(result, "confirmCancelled") == "^C\nCancelled.\nintentd> ")
        // The app's own confirmation before an order, with its preview, answered "sure".
        #expect(screen(result, "previewAsked").hasSuffix("? Are you ready to order? (yes/no)\n  │ 2 × The Martian by Andy Weir\nyes/no> "))
        #expect(
            screen(result, "previewYes")
                == "sure\n→ library.buyBook  book = The Martian, count = 2\nThank you for your order!\nintentd> ")
        // A date, answered naturally: a day alone asks for the time on that day (issue 16:
        // it used to book 12:00 AM); then the app's follow-up intent is shown.
        #expect(screen(result, "dateAsked").hasSuffix("? When does it start?\nanswer> "))
        let day = screen(result, "dateAnswered")
        #expect(day.hasPrefix("tomorrow instead\n→ calendar.createEvent  title = \"lunch with sarah\", startDate = "))
        #expect(day.contains("\n? At what time on "), "\(day)")
        let time = screen(result, "timeAnswered")
        #expect(time.contains("startDate = ") && time.contains("T12:00:00"), "\(time)")
        #expect(time.contains("↪ opens calendar.openEvent  event = lunch with sarah\n"), "\(time)")
        // Ctrl-C at the plain prompt drops the line; the next one runs alone.
        #expect(screen(result, "clearedLine") == "^C\nintentd> ")
        #expect(
            screen(result, "afterClear")
                == "how many tasks are left in mighty tasks\n→ tasks.count\nNumber of the opened tasks is 4\nintentd> ")
        // :explain shows the stages of the last utterance.
        let explain = screen(result, "explain")
        #expect(
            explain.hasPrefix(
                ":explain\n\"how many tasks are left in mighty tasks\" → tasks.count [complete, 100%]\ntokens: 0:how 1:many"
            ))
        #expect(explain.contains("phrase \"how many <task> [are] left in ${app}\""))
        // Ctrl-D exits cleanly and the private daemon's socket is gone.
        #expect(result["exit"] == .number(0))
        #expect(result["leftSockets"] == .array([]))
    }

    @Test func ctrlCStopsWaitingForAnAppStillWorking() async throws {
        let result = try await scenario("interrupt")
        #expect(result["steps"]?["inFlight"]?.stringValue == "intent.perform")
        let interrupted = screen(result, "interrupted")
        #expect(interrupted.contains("Stopped waiting. The app may still finish the request."), "\(interrupted)")
        #expect(!interrupted.contains("Done waiting"))
        // The REPL answers the next utterance at once, before the slow app has answered.
        #expect(screen(result, "next").contains("Number of the opened tasks is 5"))
        // The app's late answer is dropped, never shown in place of another one.
        let after = screen(result, "afterLateAnswer")
        #expect(after.contains("Number of the opened tasks is 5"))
        #expect(!after.contains("Done waiting"))
        #expect(result["exit"] == .number(0))
    }

    /// "unlock my vault" (requiresLocalDeviceAuthentication) was refused at the REPL with no
    /// way on: the REPL now asks PAM (here a PAM service of the test's own, which takes the
    /// password "open sesame"), reading the password with the echo off, and performs the
    /// intent only when PAM says yes.
    @Test func anIntentForTheDevicesUserAsksForThePasswordFirst() async throws {
        let result = try await scenario("devicecheck")
        #expect(screen(result, "asked") == "unlock my vault\nUnlock Vault needs you to prove it is you.\nPassword: ")
        let wrong = screen(result, "wrong")
        #expect(!wrong.contains("not it"), "the password was shown: \(wrong)")
        #expect(wrong.contains("✗ Not done: you were not authenticated ("), "\(wrong)")
        #expect(!wrong.contains("unlocked"))
        let right = screen(result, "right")
        #expect(!right.contains("open sesame"), "the password was shown: \(right)")
        #expect(right.contains("→ bank.unlockVault\nThe vault is unlocked\n"), "\(right)")
        #expect(screen(result, "other").contains("Your balance is $"))
        #expect(!screen(result, "other").contains("Password"))
        #expect(result["exit"] == .number(0))
    }

    @Test func colourOnlyWithoutNoColor() async throws {
        let result = try await scenario("colors")
        let plain = result["noColor"]?["screen"]?.stringValue ?? ""
        #expect(
            plain.contains("→ soup.order  soup = Tomato\n? Please specify how many soups\nanswer> ^C\nCancelled.\n"))
        #expect(!plain.contains("\u{1B}"), "NO_COLOR output holds escape sequences: \(plain.debugDescription)")
        let coloured = result["color"]?["screen"]?.stringValue ?? ""
        #expect(coloured.contains("\u{1B}[36msoup.order\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[33m? Please specify how many soups\u{1B}[0m"))
        #expect(result["noColor"]?["exit"] == .number(0))
        #expect(result["color"]?["exit"] == .number(0))
    }

    /// An enum value shows as its case's title, as entities do ("size = "large"" was its id).
    @Test func anEnumValueShowsByItsTitle() async throws {
        let output = try await runIntentd(["repl"], input: "order two large tomato soups\ni spent 5 euros on coffee\n")
        #expect(output.stdout.contains("→ soup.order  soup = Tomato, quantity = 2, size = Large (16 oz)\n"), "\(output.stdout)")
        #expect(output.stdout.contains("currency = Euros"), "\(output.stdout)")
        #expect(!output.stdout.contains("\"large\""))
        // The lines of a follow-up and a detail said after show the title too.
        let again = try await runIntentd(["repl"], input: "order two tomato soups\nand large\n")
        #expect(again.stdout.contains("(Added size = Large (16 oz); the first one was undone.)"), "\(again.stdout)")
    }

    @Test func colourNeverGoesDownAPipe() async throws {
        let output = try await runIntentd(["repl"], input: "order tomato soup\n")
        #expect(!output.stdout.contains("\u{1B}"))
        #expect(output.stdout.contains("? Please specify how many soups\nanswer> "))
        #expect(output.status == 0)
    }
}
