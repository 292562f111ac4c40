"""Unit tests of recognizer_in_the_loop.py's choice of a reading; they need no speech tools.

    python3 -m unittest discover -s Examples/voice -p 'test_*.py'
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recognizer_in_the_loop as loop  # noqa: E402


def record(transcript_score, *readings):
    return {"transcriptScore": transcript_score, "readings": [{"text": t, "intent": i, "score": s} for t, i, s in readings]}


class DecideTests(unittest.TestCase):
    def test_the_most_likely_reading_within_the_margin_is_taken(self):
        heard = record(-2.1, ("take me back to my book", "library.openCurrentlyReading", -5.0), ("get me back to my schedule", "x", -28.7))
        self.assertEqual(loop.decide(heard, 4, transcript_routes=False)["text"], "take me back to my book")

    def test_a_reading_far_below_what_was_heard_is_refused(self):
        # "unlock my phone" heard; "unlock my vault" scores 17 nats below: out of domain.
        heard = record(-6.6, ("unlock my vault", "bank.unlockVault", -23.2))
        self.assertIsNone(loop.decide(heard, 4, transcript_routes=False))

    def test_a_transcript_that_routes_is_kept_unless_a_reading_is_more_likely(self):
        heard = record(-3.0, ("show my tasks", "tasks.list", -3.5))
        self.assertIsNone(loop.decide(heard, 4, transcript_routes=True))
        more_likely = record(-3.0, ("show my tasks", "tasks.list", -2.5))
        self.assertEqual(loop.decide(more_likely, 4, transcript_routes=True)["text"], "show my tasks")

    def test_grammar_sentences_are_weighed_against_the_transcript_scored_with_its_end(self):
        # "The missile attack." for *erase all tasks*: intentd proposes nothing near, the
        # grammar's decoding finds the sentence 2 nats below the transcript, end included
        heard = record(-3.0) | {"transcript": "the missile attack", "transcriptWithEnd": -9.0, "grammarReadings": [{"text": "erase all tasks", "score": -11.0}]}
        self.assertEqual(loop.decide(heard, 4, transcript_routes=False)["text"], "erase all tasks")
        # scored against the transcript without its end (-3.0) it would be 8 nats below
        heard["grammarReadings"][0]["score"] = -13.5
        self.assertIsNone(loop.decide(heard, 4, transcript_routes=False))

    def test_the_grammar_may_have_a_margin_of_its_own(self):
        heard = record(-3.0) | {"transcript": "come to my desk", "transcriptWithEnd": -9.0, "grammarReadings": [{"text": "count my tasks", "score": -12.0}]}
        self.assertIsNotNone(loop.decide(heard, 4, transcript_routes=False))
        self.assertIsNone(loop.decide(heard, 4, transcript_routes=False, grammar_margin=2))

    def test_a_grammar_sentence_much_shorter_than_the_transcript_is_not_taken(self):
        # "turn on bluetooth" heard as "i'm on youtube": Whisper rates "thank you" highly
        heard = record(-3.0) | {"transcript": "i'm on youtube", "transcriptWithEnd": -9.0, "grammarReadings": [{"text": "thank you", "score": -8.0}]}
        self.assertIsNone(loop.decide(heard, 4, transcript_routes=False))

    def test_a_grammar_sentence_spelled_nothing_like_the_transcript_is_not_taken(self):
        # "turn on the tv" heard right; Whisper rates "thank you very much" as likely
        heard = record(-3.0) | {"transcript": "turn on the tv", "transcriptWithEnd": -5.0, "grammarReadings": [{"text": "thank you very much", "score": -4.8}]}
        self.assertIsNone(loop.decide(heard, 4, transcript_routes=False))
        self.assertLess(loop.likeness("thank you very much", "turn on the tv"), loop.GRAMMAR_LIKENESS)
        self.assertGreater(loop.likeness("erase all tasks", "the missile attack"), loop.GRAMMAR_LIKENESS)

    def test_the_reading_most_above_its_own_reference_wins(self):
        heard = record(-3.0, ("show my tasks", "tasks.list", -4.0)) | {
            "transcript": "come to my desk",
            "transcriptWithEnd": -9.0,
            "grammarReadings": [{"text": "count my tasks", "score": -8.5}],
        }
        self.assertEqual(loop.decide(heard, 4, transcript_routes=False)["text"], "count my tasks")

    def test_a_reading_that_is_the_transcript_is_passed_over(self):
        # "Hey mate, it asks how's my list looking?": its own words score highest, and would
        # leave it as heard (not understood); the next reading, 1.8 nats below, is taken.
        heard = record(
            -5.0,
            ("hey mate it asks how's my list looking how many left", "tasks.count", -5.0),
            ("hey mighty tasks how's my list looking how many left", "tasks.count", -6.8),
        ) | {"transcript": "Hey mate, it asks how's my list looking? How many left?"}
        self.assertEqual(loop.decide(heard, 4, transcript_routes=False)["text"], "hey mighty tasks how's my list looking how many left")
        alone = record(-5.0, ("hey mate it asks how's my list looking how many left", "tasks.count", -5.0)) | {"transcript": "Hey mate, it asks how's my list looking? How many left?"}
        self.assertIsNone(loop.decide(alone, 4, transcript_routes=False))

    def test_no_readings_no_choice(self):
        self.assertIsNone(loop.decide(record(-1.0), 4, transcript_routes=False))


class ParametersHeardTests(unittest.TestCase):
    def routed(self, intent, status="complete", **parameters):
        return {"intent": intent, "status": status, "parameters": parameters}

    def test_the_transcript_keeps_its_values_when_the_reading_confirms_its_intent(self):
        heard = self.routed("mail.sendDraft", to=[{"id": "alex"}])
        read = self.routed("mail.sendDraft")  # "new email message"
        self.assertIs(loop.with_parameters_heard(read, heard), heard)

    def test_a_reading_that_fills_more_is_taken(self):
        # "wire $1500 to non applesy" read as "wire $1500 to john appleseed"
        heard = self.routed("bank.transferMoney", amount=1500)
        read = self.routed("bank.transferMoney", amount=1500, recipient={"id": "john"})
        self.assertIs(loop.with_parameters_heard(read, heard), read)

    def test_a_reading_of_another_intent_or_of_nothing_heard_is_taken(self):
        read = self.routed("library.openBook", book={"id": "dune"})
        self.assertIs(loop.with_parameters_heard(read, self.routed("tasks.add", title="x", list="y")), read)
        self.assertIs(loop.with_parameters_heard(read, self.routed(None, status="notUnderstood")), read)
        unset = self.routed("library.openBook", book=None, shelf=None)
        self.assertIs(loop.with_parameters_heard(read, unset), read)


class ActedOnTests(unittest.TestCase):
    heard = {"intent": "tasks.add", "status": "complete", "parameters": {"title": "get cast"}}
    read = {"intent": "tasks.list", "status": "complete", "parameters": {}}

    def test_a_reading_that_is_the_transcript_leaves_what_was_heard(self):
        reading = {"text": "and get cast on my to do list"}
        self.assertIs(loop.acted_on(reading, self.read, self.heard, "and get cast on my to do list"), self.heard)

    def test_a_reading_of_other_words_is_acted_on(self):
        reading = {"text": "get my to do list"}
        self.assertIs(loop.acted_on(reading, self.read, self.heard, "and get cast on my to do list"), self.read)

    def test_no_reading_or_one_that_does_not_route_leaves_what_was_heard(self):
        self.assertIs(loop.acted_on(None, self.read, self.heard, "x"), self.heard)
        unrouted = {"status": "notUnderstood"}
        self.assertIs(loop.acted_on({"text": "y"}, unrouted, self.heard, "x"), self.heard)


class ReadCacheTests(unittest.TestCase):
    def test_readings_of_other_caches_join_the_line_they_belong_to(self):
        import json
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            main, prompted = Path(folder) / "loop.jsonl", Path(folder) / "prompted.jsonl"
            lines = [
                {"line": 4, "transcript": "and lock the mouth", "transcriptScore": -6.0, "readings": [{"text": "unlock the mouth", "score": -9.0}]},
                {"line": 9, "transcript": "show my tasks", "transcriptScore": -2.0, "readings": []},
            ]
            main.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
            extra = [
                # The prompted transcript's readings: one new, one already there (not repeated).
                {"line": 4, "transcriptScore": -6.1, "readings": [{"text": "unlock the vault", "score": -7.0, "source": "prompted"}, {"text": "unlock the mouth", "score": -9.0}]},
                # A line the loop's cache does not have is left out.
                {"line": 12, "transcriptScore": -1.0, "readings": [{"text": "stop the timer", "score": -1.0}]},
            ]
            prompted.write_text("\n".join(json.dumps(line) for line in extra) + "\n\n")
            records = loop.read_cache(main, [str(prompted)])
        self.assertEqual(sorted(records), [4, 9])
        self.assertEqual([r["text"] for r in records[4]["readings"]], ["unlock the mouth", "unlock the vault"])
        # The loop's own score of the transcript is the reference.
        self.assertEqual(records[4]["transcriptScore"], -6.0)
        self.assertEqual(loop.decide(records[4], 4, transcript_routes=False)["text"], "unlock the vault")
        self.assertEqual(records[9]["readings"], [])

    def test_the_prompted_transcript_is_a_reading_only_when_asked_for(self):
        import json
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            main, prompted = Path(folder) / "loop.jsonl", Path(folder) / "prompted.jsonl"
            main.write_text(json.dumps({"line": 4, "transcript": "and lock the mouth", "transcriptScore": -6.0, "readings": []}) + "\n")
            extra = {"line": 4, "transcriptScore": -6.0, "transcriptPromptedScore": -8.0, "prompted": "unlock the vault please",
                     "promptedTranscriptScore": -7.0, "promptedTranscriptPromptedScore": -5.0, "readings": []}
            prompted.write_text(json.dumps(extra) + "\n")
            self.assertEqual(loop.read_cache(main, [str(prompted)])[4]["readings"], [])
            records = loop.read_cache(main, [str(prompted)], prompted_transcript_too=True)
            # A cache made before the prompted transcript was scored adds nothing.
            del extra["promptedTranscriptPromptedScore"]
            prompted.write_text(json.dumps(extra) + "\n")
            older = loop.read_cache(main, [str(prompted)], prompted_transcript_too=True)
        [reading] = records[4]["readings"]
        self.assertEqual((reading["text"], reading["source"]), ("unlock the vault please", loop.HEARD_WITH_PROMPT))
        # Weighed as the prompted readings are: with the prompt before both texts, 3 nats above.
        self.assertAlmostEqual(loop.above_transcript(records[4], reading), 3.0)
        self.assertEqual(older[4]["readings"], [])

    def test_prompted_readings_are_weighed_with_the_prompt_before_both_texts(self):
        # "and tidy up the shed to my deterx": without the prompt "mighty tasks" is 12.8 nats
        # below what was heard; with the prompt before both, 1.5 above.
        heard = {"transcript": "and tidy up the shed to my deterx", "transcriptScore": -4.0, "transcriptPromptedScore": -9.0,
                 "readings": [{"text": "add tidy up the shed to mighty tasks", "score": -16.8, "promptedScore": -7.5, "source": "prompted"}]}
        self.assertAlmostEqual(loop.above_transcript(heard, heard["readings"][0]), 1.5)
        self.assertEqual(loop.decide(heard, 4, transcript_routes=False)["text"], "add tidy up the shed to mighty tasks")
        # Without the prompted score of the transcript, the plain scores are compared.
        del heard["transcriptPromptedScore"]
        self.assertIsNone(loop.decide(heard, 4, transcript_routes=False))


class NormalizedTests(unittest.TestCase):
    def test_transcripts_are_written_as_readings_are(self):
        self.assertEqual(loop.normalized("What's on my playlist?"), "what's on my playlist")
        self.assertEqual(loop.normalized("Send $20 to  Sarah, please."), "send $20 to sarah please")
        self.assertEqual(loop.normalized("  "), "")
        # What belongs to a word stays, as intentd's readings keep it (Router.readingWords).
        self.assertEqual(loop.normalized("Transfer $12.50 to Maria."), "transfer $12.50 to maria")
        self.assertEqual(loop.normalized("I paid £1,200, at 9:30."), "i paid £1,200 at 9:30")
        self.assertEqual(loop.normalized("Save the off-site agenda - now. Don’t!"), "save the off site agenda now don't")
        self.assertEqual(loop.normalized("5% of snake_case"), "5% of snake case")


if __name__ == "__main__":
    unittest.main()
