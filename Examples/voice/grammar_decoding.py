#!/usr/bin/env python3
"""Whisper decoding held to intentd's phrases: the recognizer may only say what some app's
phrase could be.

A transcript that has gone wrong early ("The missile attack." for *erase all tasks*) leaves
nothing for a word-by-word repair to hold on to. Decoding the audio again, with Whisper's
next-token probabilities restricted at every step to the tokens that continue some sentence
of the grammar (`intentd grammar`, JSGF), finds the sentence of the phrases the audio fits
best. The recognizer in the loop then weighs it against what was heard, as it weighs
intentd's readings: out-of-domain speech, forced into a phrase, scores far below its
transcript and stays out.

- `Grammar` reads the JSGF that `intentd grammar` writes into a word automaton (a
  nondeterministic one; a rule that is a list of single words is one edge labelled with the
  list, so free text costs no more than one word).
- `GrammarDecoder.decode` runs a beam search over Whisper's decoder (CTranslate2's
  `Whisper.generate` with the hypothesis as a forced prefix, `return_logits_vocab`), where a
  hypothesis can only grow by a token that keeps it inside the grammar: inside a phrase
  word's tokens, or the first token of a word the automaton allows next. A word may be
  capitalized, a sentence may begin with a filler ("um") and end with a full stop or a
  question mark, as Whisper writes them; free text may also take the transcript's words.

"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

# Words people start with that no phrase holds; intentd's normalizer drops them.
FILLERS = ("um", "uh", "erm", "er", "hmm", "so", "okay", "ok", "hey", "oh", "well", "like", "and")
FILLER = "filler"
TOKEN = re.compile(r"<[^>]+>|[()\[\]|+*;=]|[^\s()\[\]|+*;=<>]+")


class GrammarError(ValueError):
    pass


@dataclass
class Grammar:
    """A word automaton: `eps[s]` are the empty moves from state s, `edges[s]` its word moves
    as (label, target) where label is a word or, for a rule that lists single words, the
    rule's name (its words in `classes`)."""

    eps: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    # rules that list words or fixed phrases ("alex kim"): one edge, its phrases here
    classes: dict = field(default_factory=dict)
    start: int = 0
    final: int = 0

    @staticmethod
    def parse(text: str, root: str = "command", fillers=FILLERS) -> "Grammar":
        rules = parse_rules(text)
        if root not in rules:
            raise GrammarError(f"no rule <{root}> in the grammar")
        grammar = Grammar()
        for name, body in rules.items():
            if all(seq and all(item[0] == "word" for item in seq) for seq in body):
                grammar.classes[name] = sorted({" ".join(item[1] for item in seq) for seq in body})
            elif body == [[("ref", "VOID")]]:
                grammar.classes[name] = []  # says nothing, unless the decoder fills it (HEARD_NUMBER)
        grammar.start = grammar.state()
        grammar.final = grammar.state()
        grammar.build(("ref", root), grammar.start, grammar.final, rules, ())
        if fillers:
            # "um, can you read me my tasks": intentd drops the filler, the grammar has none
            grammar.classes[FILLER] = sorted(fillers)
            grammar.edges[grammar.start].append((FILLER, grammar.start))
        return grammar

    def state(self) -> int:
        self.eps.append([])
        self.edges.append([])
        return len(self.eps) - 1

    def build(self, item, source: int, target: int, rules: dict, calls: tuple) -> None:
        kind = item[0]
        if kind == "word":
            self.edges[source].append((item[1], target))
        elif kind == "ref":
            name = item[1]
            if name in self.classes:
                self.edges[source].append((name, target))
                return
            if name == "VOID":
                return  # JSGF's rule that can never be spoken: no way through
            if name not in rules:
                raise GrammarError(f"<{name}> is used but never defined")
            if name in calls:
                raise GrammarError(f"<{name}> refers to itself")
            self.build(("alt", rules[name]), source, target, rules, calls + (name,))
        elif kind == "alt":
            for seq in item[1]:
                here = source
                for index, element in enumerate(seq):
                    there = target if index == len(seq) - 1 else self.state()
                    self.build(element, here, there, rules, calls)
                    here = there
                if not seq:
                    self.eps[source].append(target)
        elif kind == "opt":
            self.eps[source].append(target)
            self.build(("alt", item[1]), source, target, rules, calls)
        elif kind in ("plus", "star"):
            loop = self.state()
            self.build(item[1], source, loop, rules, calls)
            self.eps[loop].append(target)
            self.eps[loop].append(source)
            if kind == "star":
                self.eps[source].append(target)

    def closure(self, states) -> frozenset:
        seen = set(states)
        stack = list(states)
        while stack:
            for nxt in self.eps[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return frozenset(seen)


def parse_rules(text: str) -> dict:
    """The rules of a JSGF grammar as alternatives of sequences of items."""
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#") and not line.startswith("grammar "))
    tokens = TOKEN.findall(body)
    rules, position = {}, 0

    def expect(token):
        nonlocal position
        if position >= len(tokens) or tokens[position] != token:
            found = tokens[position] if position < len(tokens) else "the end"
            raise GrammarError(f"expected {token!r}, found {found!r}")
        position += 1

    def alternatives(closing):
        nonlocal position
        options = [[]]
        while position < len(tokens) and tokens[position] not in closing and tokens[position] != ";":
            token = tokens[position]
            position += 1
            if token == "|":
                options.append([])
                continue
            if token == "(":
                item = ("alt", alternatives(")"))
                expect(")")
            elif token == "[":
                item = ("opt", alternatives("]"))
                expect("]")
            elif token.startswith("<"):
                item = ("ref", token[1:-1])
            elif token in "+*=;)]":
                raise GrammarError(f"unexpected {token!r}")
            else:
                item = ("word", token)
            while position < len(tokens) and tokens[position] in ("+", "*"):
                item = ("plus" if tokens[position] == "+" else "star", item)
                position += 1
            options[-1].append(item)
        return options

    while position < len(tokens):
        if tokens[position] == "public":
            position += 1
        name = tokens[position]
        if not name.startswith("<"):
            raise GrammarError(f"expected a rule name, found {name!r}")
        position += 1
        expect("=")
        rules[name[1:-1]] = alternatives((";",))
        expect(";")
    return rules


FREE_TEXT_WORD = "word"  # the rule `intentd grammar` writes free text with: <word> [<word>] ...
# The rule `intentd grammar` leaves empty (<VOID>) for numbers written in digits ("$25", "9am"):
# the decoder lets it take the numbers of the transcript, since Whisper writes digits where
# the grammar spells number words.
HEARD_NUMBER = "heard_number"
# What a word of free text or a filler costs the search, in nats: with the transcript's words
# allowed in free text, "and lock the mouth …" (heard) would otherwise crowd "unlock the
# vault" (said) out of the beam. Only the search pays it, not the sentence's score.
FREE_TEXT_COST = 1.5
END = "end"  # a position after the closing punctuation: only the end of text may follow


class GrammarDecoder:
    """Beam search over Whisper's decoder, held to a grammar's sentences."""

    def __init__(self, grammar: Grammar, tokenizer):
        self.grammar = grammar
        self.tokenizer = tokenizer  # faster_whisper.tokenizer.Tokenizer
        self.prefix = list(tokenizer.sot_sequence) + [tokenizer.no_timestamps]
        self.eot = tokenizer.eot
        self.stops = [t for t in (self.single("."), self.single("?")) if t is not None]
        self.spellings: dict[str, list] = {}
        self.heard_words: list[str] = []
        self.heard_numbers: list[str] = []
        self.widths: dict[int, int] = {}
        self.moves_cache: dict = {}
        self.start = frozenset(("B", s) for s in grammar.closure([grammar.start]))

    def single(self, text: str):
        tokens = self.tokenizer.encode(text)
        return tokens[0] if len(tokens) == 1 else None

    def words(self, label: str) -> list[str]:
        if label == FREE_TEXT_WORD and self.heard_words:
            return self.grammar.classes.get(label, []) + self.heard_words
        if label == HEARD_NUMBER:
            return self.heard_numbers
        return self.grammar.classes.get(label, [label])

    def hear(self, words) -> None:
        """Let free text also take these words (the transcript's): a task title such as "fix
        the leaking tap" is in no phrase, and a grammar that allows only phrase words in free
        text could never say it. Those with a digit ("$25", "9am") may also stand for a number
        (`HEARD_NUMBER`)."""
        heard = sorted(set(words) - set(self.grammar.classes.get(FREE_TEXT_WORD, [])))
        numbers = sorted({word for word in words if any(c.isdigit() for c in word)})
        if heard != self.heard_words or numbers != self.heard_numbers:
            self.heard_words = heard
            self.heard_numbers = numbers
            self.moves_cache.clear()

    def spelled(self, word: str) -> list[tuple]:
        """The token sequences a word may be written as: with its leading space, lowercase
        or capitalized (Whisper capitalizes the first word and names: "Order two copies of
        Dune.")."""
        if word not in self.spellings:
            forms = {word, word.capitalize()}
            self.spellings[word] = sorted({tuple(self.tokenizer.encode(" " + form)) for form in forms})
        return self.spellings[word]

    def moves(self, position: frozenset) -> dict:
        """token → the position after it, from a position (a set of automaton states at a word
        boundary, ("B", state), and of words begun, ("P", target, tokens, index, free))."""
        return self.moves_and_costs(position)[0]

    def moves_and_costs(self, position: frozenset) -> tuple[dict, dict]:
        """``moves``, and token → what the search charges for it beyond its probability:
        `FREE_TEXT_COST` for a token that can only begin a word of free text or a filler."""
        cached = self.moves_cache.get(position)
        if cached is not None:
            return cached
        grow: dict[int, set] = {}
        boundary = False
        final = False
        for element in position:
            if element == END:
                continue
            if element[0] == "B":
                boundary = True
                state = element[1]
                final = final or state == self.grammar.final
                for label, target in self.grammar.edges[state]:
                    free = label in (FREE_TEXT_WORD, FILLER)
                    for word in self.words(label):
                        for tokens in self.spelled(word):
                            grow.setdefault(tokens[0], set()).add(("P", target, tokens, 1, free))
            else:
                _, target, tokens, index, free = element
                grow.setdefault(tokens[index], set()).add(("P", target, tokens, index + 1, free))
        moves, costs = {}, {}
        for token, elements in grow.items():
            done = [e[1] for e in elements if e[3] == len(e[2])]
            going = {e for e in elements if e[3] < len(e[2])}
            after = {("B", s) for s in self.grammar.closure(done)} | going
            moves[token] = frozenset(after)
            if all(e[4] for e in elements) and any(e[3] == 1 for e in elements):
                costs[token] = FREE_TEXT_COST
        if END in position:
            moves[self.eot] = None
        if boundary and position != self.start:
            if final:
                moves[self.eot] = None
                for stop in self.stops:
                    moves.setdefault(stop, frozenset([END]))
        if len(self.moves_cache) > 200_000:
            self.moves_cache.clear()
        self.moves_cache[position] = (moves, costs)
        return moves, costs

    def decode(
        self,
        next_log_probabilities,
        beam: int = 16,
        hypotheses: int = 5,
        max_tokens: int = 40,
        floor: float = -math.inf,
        length: tuple[int, int] | None = None,
    ) -> list[tuple[str, float]]:
        """The grammar's sentences most likely given the audio, best first, as (words, sum of
        token log-probabilities). `next_log_probabilities(prompts)` gives, for each prompt (the
        tokens of a hypothesis), the log-probability of every next token (`WhisperScorer`).
        Hypotheses whose log-probability falls below `floor` are dropped; the scores the
        search ranks by, and returns, also charge each word of free text `FREE_TEXT_COST`.

        `length`: the fewest and most characters a sentence may have. Whisper does not hold
        the end of the text to the end of the speech ("Thank you." is its favourite
        hallucination): "transfer money" scores above "transfer money to sarah connor" on a
        recording of the latter. The transcript's own length, give or take, keeps sentences
        to the length of what was said."""
        shortest, longest = length or (0, 10**9)
        # (score the search ranks by, log-probability, tokens, position, characters)
        active = [(0.0, 0.0, [], self.start, 0)]
        finished: list[tuple[float, list]] = []
        for _ in range(max_tokens):
            if not active:
                break
            grown = []
            scored = next_log_probabilities([self.prefix + tokens for _, _, tokens, _, _ in active])
            for (rank, probability, tokens, position, characters), log_probabilities in zip(active, scored):
                moves, costs = self.moves_and_costs(position)
                for token, after in moves.items():
                    if after is None and characters < shortest:
                        continue
                    step = float(log_probabilities[token])
                    grown.append((rank + step - costs.get(token, 0.0), probability + step, tokens, token, after, characters))
            grown.sort(key=lambda g: -g[0])
            active = []
            for rank, probability, tokens, token, after, characters in grown:
                if rank == -math.inf:
                    break
                if probability < floor:
                    continue
                if after is None:
                    finished.append((rank, tokens))
                elif len(active) < beam:
                    grown_characters = characters + self.width(token)
                    if grown_characters <= longest:
                        active.append((rank, probability, tokens + [token], after, grown_characters))
                if len(active) >= beam and len(finished) >= hypotheses:
                    break
            if len(finished) >= hypotheses:
                # scores only fall: a hypothesis below the last one kept can never enter
                bar = sorted((s for s, _ in finished), reverse=True)[hypotheses - 1]
                active = [a for a in active if a[0] > bar]
        finished.sort(key=lambda f: -f[0])
        texts, seen = [], set()
        for score, tokens in finished:
            words = words_of(self.tokenizer.decode(tokens))
            if words not in seen:
                seen.add(words)
                texts.append((words, score))
            if len(texts) >= hypotheses:
                break
        return texts

    def width(self, token: int) -> int:
        """The characters a token adds to the sentence's words (its leading space included)."""
        if token not in self.widths:
            self.widths[token] = len(self.tokenizer.decode([token]))
        return self.widths[token]


_INSIDE_NUMBER = re.compile(r"(?<=\d)([.,:])(?=\d)")
_KEPT = {".": "\x01", ",": "\x02", ":": "\x03"}
_CURRENCY = "$£€¥₹₩₽¢"


def words_of(text: str) -> str:
    """A text as intentd's readings write it (`Router.readingWords`): lowercase words without
    punctuation, but with apostrophes, currency and percent signs, and the point, comma or
    colon between digits ("$12.50", "9:30"); a hyphen splits ("off site")."""
    text = text.lower().replace("\u2019", "'")
    text = _INSIDE_NUMBER.sub(lambda m: _KEPT[m.group(1)], text)
    text = re.sub(r"(?:[^\w'%\x01-\x03" + _CURRENCY + r"]|_)+", " ", text)
    for sign, mark in _KEPT.items():
        text = text.replace(mark, sign)
    return " ".join(text.split())


def length_around(transcript: str) -> tuple[int, int]:
    """The length a sentence of the grammar may have, for a recording transcribed as this:
    from 0.7 to 1.5 times the transcript's characters (with its leading space), and 10 more.
    On the voice corpus's tune split, the sentence said is in that range of its transcript
    for 314 of the 315 lines in domain."""
    characters = len(" " + transcript)
    return int(0.7 * characters), int(1.5 * characters) + 10


class WhisperScorer:
    """Whisper's next-token log-probabilities for one recording, from CTranslate2: each prompt
    is forced as a prefix and the logits of every position read back.

    `encoded` is the encoder's output for the recording ([1, 1500, d]). The search attends
    only to the frames that hold audio (`frames` mel frames, two per encoder position, and
    half a second more), which makes a step about seven times cheaper on a short command;
    `sentence` scores against the whole recording, as forced alignment does."""

    def __init__(self, model, encoded, frames: int, tokenizer):
        import numpy as np

        self.model = model  # ctranslate2.models.Whisper
        self.encoded = np.asarray(encoded)
        keep = min(self.encoded.shape[1], frames // 2 + 25)
        self.trimmed = np.ascontiguousarray(self.encoded[:, :keep, :])
        self.prefix = list(tokenizer.sot_sequence) + [tokenizer.no_timestamps]
        self.eot = tokenizer.eot

    def all_positions(self, prompts: list[list[int]], audio) -> list[list]:
        """Per prompt (the start sequence and the same number of tokens after it), the
        log-probabilities of the next token at every position after the start sequence."""
        import ctranslate2
        import numpy as np

        batch = ctranslate2.StorageView.from_array(np.repeat(audio, len(prompts), axis=0))
        # With a prompt forced as a prefix, CTranslate2 returns the logits of every forced
        # position after the start sequence and then of the generated ones, so entry k is the
        # next token's; its max_length counts in a way that 2k + 4 always reaches entry k.
        forced = len(prompts[0]) - len(self.prefix)
        results = self.model.generate(
            batch, prompts, beam_size=1, max_length=2 * forced + 4, return_logits_vocab=True, suppress_blank=False, suppress_tokens=[]
        )
        scored = []
        for result in results:
            rows = []
            for entry in result.logits[0][: forced + 1]:
                logits = np.asarray(entry, dtype=np.float64)
                top = logits.max()
                rows.append(logits - (top + math.log(np.exp(logits - top).sum())))
            scored.append(rows)
        return scored

    def __call__(self, prompts: list[list[int]]) -> list:
        """`next_log_probabilities` for `GrammarDecoder.decode`."""
        return [rows[-1] for rows in self.all_positions(prompts, self.trimmed)]

    def sentence(self, tokens: list[int], whole_recording: bool = True) -> float:
        """The log-probability of these text tokens and then the end of the text. Forced
        alignment leaves the end out, so there a sentence cut short costs nothing for the
        words it drops; here it does."""
        rows = self.all_positions([self.prefix + tokens], self.encoded if whole_recording else self.trimmed)[0]
        return sum(float(row[token]) for row, token in zip(rows, tokens + [self.eot]))
