"""Unit tests of voice_test.py's scoring, parsing and tool checks; they need no speech tools.

    python3 -m unittest discover -s Examples/voice -p 'test_*.py'
"""

import io
import json
import os
import stat
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import voice_test  # noqa: E402
from voice_test import (  # noqa: E402
    InputError,
    Missing,
    edit_distance,
    load_commands,
    normalize_words,
    parameters_match,
    spread,
    trim_prompt,
    values_match,
)


class NormalizeWordsTests(unittest.TestCase):
    def test_case_and_punctuation_go(self):
        self.assertEqual(normalize_words("Open Dune."), ["open", "dune"])
        self.assertEqual(normalize_words("Order two copies of Dune, please!"), ["order", "2", "copies", "of", "dune", "please"])

    def test_numbers_in_words_and_digits_are_the_same_word(self):
        self.assertEqual(normalize_words("twenty two dollars"), ["22", "dollars"])
        self.assertEqual(normalize_words("22 dollars"), ["22", "dollars"])
        self.assertEqual(normalize_words("thirty minutes"), ["30", "minutes"])
        # "twenty" followed by a non-digit word stays one number.
        self.assertEqual(normalize_words("twenty books"), ["20", "books"])

    def test_money_times_and_hyphens(self):
        self.assertEqual(normalize_words("Send $20 to Sarah."), ["send", "20", "dollars", "to", "sarah"])
        self.assertEqual(normalize_words("at 5pm"), ["at", "5", "pm"])
        self.assertEqual(normalize_words("at 5 p.m."), ["at", "5", "pm"])
        self.assertEqual(normalize_words("at five PM"), ["at", "5", "pm"])
        self.assertEqual(normalize_words("the team stand-up"), ["the", "team", "stand", "up"])
        self.assertEqual(normalize_words("$12.50"), ["12.50", "dollars"])

    def test_apostrophes_stay_inside_words(self):
        self.assertEqual(normalize_words("What\u2019s on my 'want to read' list?"), ["what's", "on", "my", "want", "to", "read", "list"])

    def test_empty(self):
        self.assertEqual(normalize_words(""), [])
        self.assertEqual(normalize_words(" ... "), [])


class EditDistanceTests(unittest.TestCase):
    def test_counts_substitutions_insertions_and_deletions(self):
        self.assertEqual(edit_distance("a b c".split(), "a b c".split()), 0)
        self.assertEqual(edit_distance("a b c".split(), "a x c".split()), 1)
        self.assertEqual(edit_distance("a b c".split(), "a c".split()), 1)
        self.assertEqual(edit_distance("a b c".split(), "a b c d".split()), 1)
        self.assertEqual(edit_distance("harcama".split(), "harka ma".split()), 2)

    def test_empty_sides(self):
        self.assertEqual(edit_distance([], []), 0)
        self.assertEqual(edit_distance("a b".split(), []), 2)
        self.assertEqual(edit_distance([], "a b".split()), 2)


class MatchTests(unittest.TestCase):
    def test_values_follow_the_corpus_rule(self):
        self.assertTrue(values_match("Buy Bread.", "buy bread"))
        self.assertFalse(values_match("buy red", "buy bread"))
        self.assertTrue(values_match({"id": "dune", "title": "Dune"}, {"id": "dune", "title": "whatever"}))
        self.assertFalse(values_match({"id": "artemis", "title": "Artemis"}, {"id": "dune", "title": "Dune"}))
        self.assertTrue(values_match({"id": "groceries", "title": "Groceries"}, "groceries"))
        self.assertTrue(values_match(12.499, 12.5))
        self.assertFalse(values_match(12.4, 12.5))
        self.assertTrue(values_match([{"id": "sarah"}], {"id": "sarah"}))
        self.assertFalse(values_match([{"id": "sarah"}, {"id": "john"}], [{"id": "sarah"}]))
        self.assertTrue(values_match({"amount": 20, "currency": "USD"}, {"amount": 20.0, "currency": "usd"}))
        self.assertFalse(values_match(True, 1))

    def test_parameters_are_a_subset_check(self):
        result = {"parameters": {"title": "buy bread", "list": {"id": "groceries", "title": "Groceries"}}}
        self.assertTrue(parameters_match(result, {}))
        self.assertTrue(parameters_match(result, {"title": "Buy bread"}))
        self.assertFalse(parameters_match(result, {"dueDate": "2026-11-23T17:00:00"}))
        self.assertFalse(parameters_match({}, {"title": "x"}))


class SummaryTests(unittest.TestCase):
    def test_a_run_counts_right_wrong_and_not_understood(self):
        book = voice_test.Command("open dune", "library.openBook", {"book": {"id": "dune", "title": "Dune"}})
        run = voice_test.Run("en-us", "none", [
            voice_test.Sample(book, "Open Dune.", {"status": "complete", "intent": "library.openBook",
                                                   "parameters": {"book": {"id": "dune", "title": "Dune"}}}),
            voice_test.Sample(book, "Open Doom.", {"status": "notUnderstood", "intent": None}),
            voice_test.Sample(book, "Open the tune", {"status": "incomplete", "intent": "library.openBook", "parameters": {}}),
            voice_test.Sample(book, "Open June", {"status": "complete", "intent": "calendar.openEvent"}),
        ])
        summary = run.summary()
        self.assertEqual(summary["commands"], 4)
        self.assertEqual(summary["words"], 8)
        self.assertEqual(summary["wordErrors"], 0 + 1 + 2 + 1)
        self.assertEqual(summary["wer"], 0.5)
        self.assertEqual(summary["exactTranscripts"], 1)
        self.assertEqual(summary["intentCorrect"], 2)
        self.assertEqual(summary["intentAccuracy"], 0.5)
        self.assertEqual(summary["parametersCorrect"], 1)
        self.assertEqual(summary["notUnderstood"], 1)
        self.assertEqual(summary["wrongIntent"], 1)


class CommandFileTests(unittest.TestCase):
    def write(self, text):
        handle = tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8")
        handle.write(text)
        handle.close()
        self.addCleanup(os.unlink, handle.name)
        return Path(handle.name)

    def test_the_shipped_commands_cover_every_demo_intent_three_times(self):
        commands = load_commands(voice_test.DEFAULT_COMMANDS)
        self.assertGreaterEqual(len(commands), 60)
        intents = {}
        for command in commands:
            intents[command.intent] = intents.get(command.intent, 0) + 1
        self.assertEqual(len(intents), 28)
        self.assertTrue(all(count == 3 for count in intents.values()), intents)

    def test_bad_lines_say_where(self):
        path = self.write('{"utterance": "open dune", "intent": "library.openBook"}\n\n{"utterance": "x"\n')
        with self.assertRaises(InputError) as caught:
            load_commands(path)
        self.assertIn(f"{path}:3: not a JSON object", str(caught.exception))

        path = self.write('{"utterance": "what is the weather", "intent": null}\n')
        with self.assertRaises(InputError) as caught:
            load_commands(path)
        self.assertIn(f"{path}:1: 'intent' must be an intent id", str(caught.exception))

        with self.assertRaises(InputError) as caught:
            load_commands(self.write("// only a comment\n"))
        self.assertIn("no commands", str(caught.exception))

        with self.assertRaises(InputError) as caught:
            load_commands(Path("/nonexistent/commands.jsonl"))
        self.assertIn("cannot read commands file '/nonexistent/commands.jsonl'", str(caught.exception))

    def test_source_defaults_to_file_and_line(self):
        path = self.write('\n{"utterance": " open dune ", "intent": "library.openBook"}\n')
        (command,) = load_commands(path)
        self.assertEqual(command.utterance, "open dune")
        self.assertEqual(command.source, f"{path}:2")

    def test_spread_takes_evenly_from_the_whole_list(self):
        self.assertEqual(spread(list(range(10)), 3), [0, 3, 6])
        self.assertEqual(spread(list(range(10)), None), list(range(10)))
        self.assertEqual(spread(list(range(3)), 5), [0, 1, 2])
        with self.assertRaises(InputError):
            spread(list(range(3)), 0)


class PromptTests(unittest.TestCase):
    def test_a_prompt_that_fits_is_kept(self):
        self.assertEqual(trim_prompt("Voice commands for A: x, y.", lambda text: len(text.split()), limit=10),
                         "Voice commands for A: x, y.")

    def test_names_are_dropped_from_the_end_until_it_fits(self):
        prompt = "Voice commands for Tasks, Library: Dune, The Martian, Artemis, The Hobbit."
        trimmed = trim_prompt(prompt, lambda text: len(text.split()), limit=8)
        self.assertEqual(trimmed, "Voice commands for Tasks, Library: Dune, The Martian.")

    def test_a_prompt_without_commas_loses_words(self):
        self.assertEqual(trim_prompt("one two three four", lambda text: len(text.split()), limit=2), "one two")


class ToolTests(unittest.TestCase):
    def test_missing_espeak_says_how_to_install_it(self):
        with self.assertRaises(Missing) as caught:
            voice_test.find_espeak("/nonexistent/espeak-ng")
        self.assertIn("apt-get install espeak-ng", str(caught.exception))

    def test_intentd_that_is_not_executable_is_named(self):
        with self.assertRaises(Missing) as caught:
            voice_test.find_intentd("/nonexistent/intentd")
        self.assertEqual(str(caught.exception), "intentd: '/nonexistent/intentd' (--intentd) is not an executable file")

    def test_a_model_folder_without_model_bin_is_refused(self):
        with tempfile.TemporaryDirectory() as folder, self.assertRaises(Missing) as caught:
            voice_test.find_model(folder)
        self.assertIn("not a folder holding a CTranslate2 model.bin", str(caught.exception))

    def test_check_lists_everything_missing_and_exits_2(self):
        stderr = io.StringIO()
        with redirect_stderr(stderr), redirect_stdout(io.StringIO()):
            status = voice_test.main(["--check", "--espeak", "/nonexistent/espeak-ng", "--intentd", "/nonexistent/intentd",
                                      "--model", "/nonexistent/model"])
        self.assertEqual(status, 2)
        text = stderr.getvalue()
        self.assertIn("The voice test cannot run; missing:", text)
        self.assertIn("  - intentd: '/nonexistent/intentd'", text)
        self.assertIn("  - espeak-ng: '/nonexistent/espeak-ng' is not installed", text)
        self.assertIn("  - --model '/nonexistent/model'", text)


def fake_intentd(folder: str, body: str) -> Path:
    """An executable stand-in for `intentd route --json` in `folder`: `body` runs for each
    line read (stripped, as `line`) with `json` imported."""
    fake = Path(folder) / "intentd"
    fake.write_text("#!/usr/bin/env python3\nimport json, sys\nfor line in sys.stdin:\n    line = line.strip()\n    " + body + "\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    return fake


class RouteTests(unittest.TestCase):
    def test_empty_transcripts_are_not_sent_and_results_stay_in_order(self):
        with tempfile.TemporaryDirectory() as folder:
            # A stand-in intentd: one JSON line per input line, naming the utterance.
            fake = fake_intentd(folder, "if line: print(json.dumps({'utterance': line, 'status': 'complete', 'intent': 'x.' + line.split()[0]}))")
            results = voice_test.route(fake, ["open dune", "", "  ", "play  music\n"], "2026-11-22T10:00:00", [])
        self.assertEqual([result["intent"] for result in results], ["x.open", None, None, "x.play"])
        self.assertEqual(results[1]["status"], "notUnderstood")
        self.assertEqual(results[3]["utterance"], "play music")

    def test_a_failing_intentd_is_a_clear_error(self):
        with tempfile.TemporaryDirectory() as folder:
            fake = Path(folder) / "intentd"
            fake.write_text("#!/bin/sh\necho 'No phrase files found' >&2\nexit 64\n")
            fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
            with self.assertRaises(InputError) as caught:
                voice_test.route(fake, ["open dune"], "2026-11-22T10:00:00", [])
        self.assertIn("failed with status 64: No phrase files found", str(caught.exception))


class NBestTests(unittest.TestCase):
    def test_the_reading_with_the_best_recognizer_and_route_confidence_is_taken(self):
        import make_corpus
        from types import SimpleNamespace

        class FakeRecognizer:
            """Stands in for Whisper: two hypotheses for every recording, and records the prompt."""

            prompts = []

            def __init__(self, threads, whisper=None):
                pass

            def hypotheses(self, audio, prompt=None):
                FakeRecognizer.prompts.append(prompt)
                if "dune" in audio.name:
                    return [{"text": "open dun", "score": -0.2}, {"text": "open dune", "score": -0.4}]
                return [{"text": "blorvikt", "score": -0.1}, {"text": "zanthu", "score": -0.3}]

        original = make_corpus.Recognizer
        make_corpus.Recognizer = FakeRecognizer
        try:
            with tempfile.TemporaryDirectory() as folder:
                # Understands only "open dune"; the best transcript, "open dun", is not.
                fake = fake_intentd(
                    folder,
                    "if not line: continue\n"
                    "    if line == 'open dune': print(json.dumps({'utterance': line, 'status': 'complete', 'intent': 'books.open', 'confidence': 0.9, 'parameters': {}}))\n"
                    "    else: print(json.dumps({'utterance': line, 'status': 'notUnderstood', 'intent': None, 'confidence': 0.2}))",
                )
                dune = voice_test.Command("open dune", "books.open", {}, "test:1")
                other = voice_test.Command("open dune", "books.open", {}, "test:2")
                run = voice_test.Run("en-us", "vocabulary", [
                    voice_test.Sample(dune, "open dun", {"status": "notUnderstood"}, Path(folder) / "dune.wav"),
                    voice_test.Sample(other, "blorvikt", {"status": "notUnderstood"}, Path(folder) / "other.wav"),
                ])
                args = SimpleNamespace(threads=0, now="2026-11-22T10:00:00", phrases=[], typed=False, quiet=True)
                [chosen] = voice_test.nbest_runs(args, fake, None, {"vocabulary": "Mighty Tasks, Dune"}, [run])
        finally:
            make_corpus.Recognizer = original
        self.assertEqual(chosen.prompt, "vocabulary+nbest")
        self.assertEqual(FakeRecognizer.prompts, ["Mighty Tasks, Dune", "Mighty Tasks, Dune"])
        # The second hypothesis routes where the best transcript did not.
        self.assertEqual(chosen.samples[0].transcript, "open dune")
        self.assertTrue(chosen.samples[0].intent_correct)
        # Nothing routes: the best transcript and its answer stay.
        self.assertEqual(chosen.samples[1].transcript, "blorvikt")
        self.assertEqual(chosen.samples[1].result["status"], "notUnderstood")


if __name__ == "__main__":
    unittest.main()
