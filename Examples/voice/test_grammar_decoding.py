"""Unit tests of grammar_decoding.py: the JSGF reader, the automaton's moves and the beam
search, with a tokenizer and a recognizer made up here; they need no speech tools.

    python3 -m unittest discover -s Examples/voice -p 'test_*.py'
"""

import math
import re
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import grammar_decoding as gd  # noqa: E402

GRAMMAR = """#JSGF V1.0 UTF-8;

grammar test;

public <command> = <tasks_count> | <tasks_delete> | <bank_pay>;
<tasks_count> = (count | how many) [my] tasks;
<tasks_delete> = (erase | delete) [all] <task>
    | clear everything;
<task> = buy milk | call mom;
<bank_pay> = pay <number> dollars;
<number> = (one | two | ten)+;
"""


class Tokenizer:
    """Words of up to four letters are one token; longer ones are cut every four letters, as
    BPE cuts rare words. " word" and " Word" are different tokens, as in Whisper."""

    sot_sequence = (1, 2, 3)
    no_timestamps = 4
    eot = 5

    def __init__(self):
        self.pieces = {".": 6, "?": 7}
        self.names = {6: ".", 7: "?"}

    def piece(self, text):
        if text not in self.pieces:
            self.pieces[text] = 100 + len(self.pieces)
            self.names[self.pieces[text]] = text
        return self.pieces[text]

    def encode(self, text):
        tokens = []
        for space, word in re.findall(r"(\s?)(\S+)", text):
            chunks = [word[i : i + 4] for i in range(0, len(word), 4)]
            tokens.append(self.piece(space + chunks[0]))
            tokens += [self.piece(chunk) for chunk in chunks[1:]]
        return tokens

    def decode(self, tokens):
        return "".join(self.names[t] for t in tokens)


def recognizer(tokenizer, heard, wrong=-6.0):
    """next_log_probabilities of a recognizer sure of `heard` (its tokens, then the end)."""
    target = tokenizer.encode(" " + heard) + [tokenizer.eot]

    def next_log_probabilities(prompts):
        out = []
        for prompt in prompts:
            done = prompt[4:]
            scores = {}
            if done == target[: len(done)] and len(done) < len(target):
                scores[target[len(done)]] = -0.1
            out.append(_Default(scores, wrong))
        return out

    return next_log_probabilities


class _Default(dict):
    def __init__(self, scores, default):
        super().__init__(scores)
        self.default = default

    def __missing__(self, key):
        return self.default


class GrammarTests(unittest.TestCase):
    def setUp(self):
        self.tokenizer = Tokenizer()
        self.grammar = gd.Grammar.parse(GRAMMAR)
        self.decoder = gd.GrammarDecoder(self.grammar, self.tokenizer)

    def sentence_allowed(self, words):
        position, tokens = self.decoder.start, []
        for token in self.tokenizer.encode(" " + words):
            moves = self.decoder.moves(position)
            if token not in moves:
                return False
            position, tokens = moves[token], tokens + [token]
        return self.tokenizer.eot in self.decoder.moves(position)

    def test_rules_that_list_phrases_are_one_edge(self):
        self.assertEqual(self.grammar.classes["task"], ["buy milk", "call mom"])
        self.assertNotIn("number", self.grammar.classes)  # a loop, not a list

    def test_the_sentences_of_the_grammar_and_no_others(self):
        for sentence in ["count my tasks", "how many tasks", "erase all buy milk", "delete call mom", "clear everything", "pay two ten dollars"]:
            self.assertTrue(self.sentence_allowed(sentence), sentence)
        for sentence in ["count my", "count my tasks tasks", "erase all", "pay dollars", "tasks", "clear", "buy milk"]:
            self.assertFalse(self.sentence_allowed(sentence), sentence)

    def test_words_cut_into_several_tokens_are_followed_token_by_token(self):
        # "everything" is " ever", "ythi", "ng"; "clear" is " clea", "r": the middle of a word allows only its next token
        position, tokens = self.decoder.start, []
        for token in self.tokenizer.encode(" clear ever"):
            position = self.decoder.moves(position)[token]
            tokens.append(token)
        self.assertEqual(list(self.decoder.moves(position)), [self.tokenizer.piece("ythi")])

    def test_words_may_be_capitalized_and_the_sentence_closed_by_a_stop(self):
        self.assertIn(self.tokenizer.piece(" Coun"), self.decoder.moves(self.decoder.start))
        self.assertIn(self.tokenizer.piece(" coun"), self.decoder.moves(self.decoder.start))
        self.assertNotIn(self.tokenizer.piece("."), self.decoder.moves(self.decoder.start))
        position, tokens = self.decoder.start, []
        for token in self.tokenizer.encode(" count tasks"):
            position = self.decoder.moves(position)[token]
            tokens.append(token)
        after_stop = self.decoder.moves(position)[self.tokenizer.piece(".")]
        self.assertEqual(list(self.decoder.moves(after_stop)), [self.tokenizer.eot])

    def test_the_search_charges_words_of_free_text_and_fillers_only(self):
        decoder = gd.GrammarDecoder(gd.Grammar.parse("public <command> = note <word> | note to self; <word> = to | go | self;"), self.tokenizer)
        moves, costs = decoder.moves_and_costs(decoder.start)
        self.assertEqual(costs.get(self.tokenizer.piece(" um")), gd.FREE_TEXT_COST)  # a filler
        self.assertNotIn(self.tokenizer.piece(" note"), costs)
        after_note = moves[self.tokenizer.piece(" note")]
        moves, costs = decoder.moves_and_costs(after_note)
        self.assertEqual(costs.get(self.tokenizer.piece(" go")), gd.FREE_TEXT_COST)
        self.assertNotIn(self.tokenizer.piece(" to"), costs)  # a phrase word too
        decoder.hear(["again"])  # the transcript's words join free text
        self.assertIn(self.tokenizer.piece(" agai"), decoder.moves(after_note))

    def test_numbers_in_digits_are_those_heard(self):
        grammar = gd.Grammar.parse(
            "public <command> = pay <money> | pay <number> dollars; <money> = <number> dollars | <heard_number>;"
            " <number> = (one | two)+ | <heard_number>; <heard_number> = <VOID>;"
        )
        self.assertEqual(grammar.classes[gd.HEARD_NUMBER], [])
        decoder = gd.GrammarDecoder(grammar, self.tokenizer)
        pay = decoder.moves(decoder.start)[self.tokenizer.piece(" pay")]
        self.assertNotIn(self.tokenizer.piece(" $25"), decoder.moves(pay))  # nothing heard: words only
        decoder.hear(["pay", "$25", "now", "9am"])
        after_pay = decoder.moves(decoder.start)[self.tokenizer.piece(" pay")]
        self.assertIn(self.tokenizer.piece(" $25"), decoder.moves(after_pay))
        self.assertIn(self.tokenizer.piece(" 9am"), decoder.moves(after_pay))
        self.assertNotIn(self.tokenizer.piece(" now"), decoder.moves(after_pay))  # not a number
        self.assertEqual(decoder.decode(recognizer(self.tokenizer, "pay $25"), beam=4)[0][0], "pay $25")
        self.assertNotIn(self.tokenizer.piece(" $25"), decoder.moves_and_costs(after_pay)[1])  # the transcript's own: no charge

    def test_void_can_never_be_said(self):
        self.decoder = gd.GrammarDecoder(gd.Grammar.parse("public <command> = go <VOID> | stop;"), self.tokenizer)
        self.assertTrue(self.sentence_allowed("stop"))
        self.assertFalse(self.sentence_allowed("go"))

    def test_bad_grammars_say_what_is_wrong(self):
        with self.assertRaisesRegex(gd.GrammarError, "<nowhere> is used but never defined"):
            gd.Grammar.parse("public <command> = go <nowhere>;")
        with self.assertRaisesRegex(gd.GrammarError, "<command> refers to itself"):
            gd.Grammar.parse("public <command> = go [<command>];")
        with self.assertRaisesRegex(gd.GrammarError, "expected '\\)'"):
            gd.Grammar.parse("public <command> = (go | stop;")
        with self.assertRaisesRegex(gd.GrammarError, "no rule <command>"):
            gd.Grammar.parse("public <other> = go;")


class DecodeTests(unittest.TestCase):
    def setUp(self):
        self.tokenizer = Tokenizer()
        self.decoder = gd.GrammarDecoder(gd.Grammar.parse(GRAMMAR), self.tokenizer)

    def test_the_sentence_heard_is_found_when_the_grammar_holds_it(self):
        found = self.decoder.decode(recognizer(self.tokenizer, "erase all buy milk"), beam=4)
        self.assertEqual(found[0][0], "erase all buy milk")
        self.assertAlmostEqual(found[0][1], -0.1 * len(self.tokenizer.encode(" erase all buy milk")) - 0.1)

    def test_speech_outside_the_grammar_is_forced_in_only_at_a_cost(self):
        # "erase all the mail": the grammar's nearest sentences cost a wrong token at least
        found = self.decoder.decode(recognizer(self.tokenizer, "erase all the mail"), beam=4)
        self.assertTrue(found)
        self.assertTrue(all(score <= -6.0 for _, score in found))

    def test_sentences_keep_to_the_length_of_what_was_heard(self):
        # a recognizer that would rather stop after "count tasks" than go on
        def eager_to_stop(prompts):
            out = []
            for prompt in prompts:
                scores = {t: -0.1 for t in self.tokenizer.encode(" count my tasks")}
                scores[self.tokenizer.eot] = -0.1
                out.append(_Default(scores, -6.0))
            return out

        self.assertEqual(self.decoder.decode(eager_to_stop, beam=4)[0][0], "count tasks")
        # heard as "count all of my tasks" (22 characters): at least 15
        self.assertEqual(gd.length_around("count all of my tasks"), (15, 43))
        found = self.decoder.decode(eager_to_stop, beam=4, length=gd.length_around("count all of my tasks"))
        self.assertEqual([words for words, _ in found], ["count my tasks"])
        self.assertEqual(self.decoder.decode(eager_to_stop, beam=4, length=(40, 60)), [])

    def test_hypotheses_below_the_floor_are_dropped(self):
        self.assertEqual(self.decoder.decode(recognizer(self.tokenizer, "erase all the mail"), beam=4, floor=-5.0), [])

    def test_an_empty_grammar_search_ends(self):
        found = self.decoder.decode(lambda prompts: [_Default({}, -math.inf) for _ in prompts], beam=2, max_tokens=5)
        self.assertEqual(found, [])


if __name__ == "__main__":
    unittest.main()
