#!/usr/bin/env python3
"""Calibrates the phone costs of intentd's sound-alike matching on the tune split of a voice
corpus, and writes Sources/Phrases/Sounds/Resources/phone-costs.tsv.

Every tune line pairs what was spoken with what Whisper heard. The words of the two are
aligned; each pair of words that differ (and each run of up to three words heard for up to
three said, "my detox" for "mighty tasks") is aligned phone by phone with the CMU
pronunciations, and the phone confusions are counted. A cost is then

    cost(said → heard) = SCALE × −ln P(heard | said, an error happened to said)

with add-k smoothing towards the class prior intentd starts from (vowels close to vowels,
voiced and voiceless twins close, and so on), so a pair the data never shows keeps a cost
near its class cost. Deletions ("said, not heard") and insertions are counted the same way.

    python3 Examples/voice/calibrate_phones.py                 # writes the table
    python3 Examples/voice/calibrate_phones.py --out -         # prints it
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from pathlib import Path

import voice_test

REPO = voice_test.REPO
DICTIONARY = REPO / "Sources" / "Phrases" / "Sounds" / "Resources" / "cmudict.txt"
TABLE = REPO / "Sources" / "Phrases" / "Sounds" / "Resources" / "phone-costs.tsv"
VOWELS = "AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW".split()
CONSONANTS = "B CH D DH F G HH JH K L M N NG P R S SH T TH V W Y Z ZH".split()
PHONES = VOWELS + CONSONANTS
FAMILIES = [
    {"P", "B"}, {"T", "D"}, {"K", "G"}, {"F", "V"}, {"S", "Z"}, {"SH", "ZH"}, {"CH", "JH"}, {"TH", "DH"},
    {"M", "N", "NG"}, {"L", "R"}, {"W", "Y"}, {"TH", "F"}, {"DH", "D"}, {"TH", "T"}, {"S", "SH"}, {"CH", "SH"},
    {"HH", "W"},
]
# Turns −ln P into the cost scale of the matcher (a substitution between unrelated phones
# about 1, the edit distance bound 0.34 a phone).
SCALE = 0.3
SMOOTHING = 3.0


def class_cost(a: str, b: str) -> float:
    """The prior, as PhoneCosts.swift has it before data."""
    if a == b:
        return 0.0
    if (a in VOWELS) != (b in VOWELS):
        return 0.4 if {a, b} == {"ER", "R"} else 1.2
    if a in VOWELS:
        return 0.5
    return 0.5 if any(a in family and b in family for family in FAMILIES) else 1.0


def load_dictionary(path: Path) -> dict[str, list[str]]:
    entries: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        word, *phones = line.split()
        entries.setdefault(word, phones)
    return entries


def words_of(text: str) -> list[str]:
    return [word for word in voice_test.normalize_words(text) if word.isalpha() or "'" in word]


def align(said: list, heard: list, sub, delete, insert):
    """Weighted Levenshtein alignment: the list of (said or None, heard or None) pairs."""
    n, m = len(said), len(heard)
    cost = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        cost[i][0] = cost[i - 1][0] + delete(said[i - 1])
    for j in range(1, m + 1):
        cost[0][j] = cost[0][j - 1] + insert(heard[j - 1])
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            cost[i][j] = min(
                cost[i - 1][j] + delete(said[i - 1]),
                cost[i][j - 1] + insert(heard[j - 1]),
                cost[i - 1][j - 1] + sub(said[i - 1], heard[j - 1]),
            )
    pairs, i, j = [], n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and math.isclose(cost[i][j], cost[i - 1][j - 1] + sub(said[i - 1], heard[j - 1])):
            pairs.append((said[i - 1], heard[j - 1]))
            i, j = i - 1, j - 1
        elif i > 0 and math.isclose(cost[i][j], cost[i - 1][j] + delete(said[i - 1])):
            pairs.append((said[i - 1], None))
            i -= 1
        else:
            pairs.append((None, heard[j - 1]))
            j -= 1
    return pairs[::-1]


def word_pairs(spoken: list[str], heard: list[str]):
    """Runs of differing words between two aligned word lists, as (said words, heard words)."""
    pairs = align(spoken, heard, lambda a, b: 0 if a == b else 1, lambda _: 1, lambda _: 1)
    runs, said_run, heard_run = [], [], []
    for said, got in pairs + [("", "")]:
        if said == got:
            if said_run and heard_run and len(said_run) <= 3 and len(heard_run) <= 3:
                runs.append((said_run, heard_run))
            said_run, heard_run = [], []
        else:
            if said:
                said_run.append(said)
            if got:
                heard_run.append(got)
    return runs


def count_confusions(lines: list[dict], dictionary: dict[str, list[str]]):
    matches, substitutions, deletions, insertions = Counter(), Counter(), Counter(), Counter()
    for item in lines:
        spoken, heard = words_of(item["spoken"]), words_of(item["utterance"])
        for said_words, heard_words in word_pairs(spoken, heard):
            if not all(word in dictionary for word in said_words + heard_words):
                continue
            said = [phone for word in said_words for phone in dictionary[word]]
            got = [phone for word in heard_words for phone in dictionary[word]]
            for a, b in align(said, got, class_cost, lambda p: 0.6 if p in VOWELS else 0.8, lambda p: 0.6 if p in VOWELS else 0.8):
                if a and b:
                    (matches if a == b else substitutions)[(a, b) if a != b else a] += 1
                elif a:
                    deletions[a] += 1
                else:
                    insertions[b] += 1
    return matches, substitutions, deletions, insertions


def costs(matches, substitutions, deletions, insertions) -> list[str]:
    lines = []
    for a in PHONES:
        errors = sum(count for (said, _), count in substitutions.items() if said == a) + deletions[a]
        prior = {b: math.exp(-2 * class_cost(a, b)) for b in PHONES if b != a}
        prior["-"] = math.exp(-2 * (0.6 if a in VOWELS else 0.8))
        total_prior = sum(prior.values())
        for b in PHONES:
            if b == a:
                continue
            p = (substitutions[(a, b)] + SMOOTHING * prior[b] / total_prior) / (errors + SMOOTHING)
            lines.append(f"sub {a} {b} {SCALE * -math.log(p):.3f}")
        p = (deletions[a] + SMOOTHING * prior["-"] / total_prior) / (errors + SMOOTHING)
        lines.append(f"del {a} {SCALE * -math.log(p):.3f}")
    inserted = sum(insertions.values())
    for b in PHONES:
        p = (insertions[b] + 1) / (inserted + len(PHONES))
        lines.append(f"ins {b} {SCALE * -math.log(p):.3f}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=str(REPO / "Corpus" / "voice-en.jsonl"))
    parser.add_argument("--out", default=str(TABLE), help="where to write the table ('-': standard output)")
    args = parser.parse_args(argv)
    lines = [json.loads(text) for text in Path(args.corpus).read_text(encoding="utf-8").splitlines() if text.strip()]
    tune = [line for line in lines if line.get("split") == "tune"]
    counts = count_confusions(tune, load_dictionary(DICTIONARY))
    matches, substitutions, deletions, insertions = counts
    header = [
        "# Phone costs for intentd's sound-alike matching (PhoneCosts.swift), calibrated by",
        "# Examples/voice/calibrate_phones.py on the tune split of Corpus/voice-en.jsonl:",
        f"# {len(tune)} lines, {sum(matches.values())} phones kept, {sum(substitutions.values())} substituted,",
        f"# {sum(deletions.values())} missed, {sum(insertions.values())} added. Regenerate it; do not edit by hand.",
    ]
    text = "\n".join(header + costs(*counts)) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}: " + " ".join(header[2:4]).replace("# ", ""), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
