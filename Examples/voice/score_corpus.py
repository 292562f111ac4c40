#!/usr/bin/env python3
"""Scores intentd on a voice corpus (Corpus/voice-en.jsonl): the transcripts are routed, no
recognizer runs, so it takes seconds.

For each split and voice it reports intent accuracy and parameters right on the in-domain
lines, and the share of out-of-domain lines rejected; with the single best transcript and with
the recognizer's n-best, where the reading chosen is the one `intentd run` would perform (the
highest product of the recognizer's and the router's confidence: RecognizerLine.best).

    python3 Examples/voice/score_corpus.py                     # table, both splits
    python3 Examples/voice/score_corpus.py --split test --json
    python3 Examples/voice/score_corpus.py --misses            # every miss of the best transcript
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import voice_test

DEFAULT_CORPUS = voice_test.REPO / "Corpus" / "voice-en.jsonl"


def load(path: Path) -> list[dict]:
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text.strip():
            item = json.loads(text)
            item["line"] = number
            lines.append(item)
    return lines


def readings(item: dict) -> list[tuple[str, float]]:
    """The best transcript, then the other hypotheses, each with the recognizer's confidence
    as `intentd run` normalizes log-probabilities (exp). The best transcript has no beam score
    of its own: it takes the best hypothesis score."""
    scores = item.get("nbestScores") or []
    top = max(scores) if scores else 0.0
    found = [(item["utterance"], math.exp(top))]
    found += [(text, math.exp(score)) for text, score in zip(item.get("nbest") or [], scores)]
    return found


def choose(routed: list[dict], confidences: list[float]) -> int | None:
    """RecognizerLine.best: the highest recognizer × router confidence; None if none routes."""
    best, best_score = None, 0.0
    for index, (result, confidence) in enumerate(zip(routed, confidences)):
        understood = result.get("status") != "notUnderstood"
        score = confidence * (result.get("confidence") or 0.0) if understood else 0.0
        if score > 0 and score > best_score:
            best, best_score = index, score
    return best


def judge(item: dict, result: dict | None) -> dict:
    expected = item.get("intent")
    routed = None if result is None or result.get("status") == "notUnderstood" else result.get("intent")
    if expected is None:
        return {"ood": True, "rejected": routed is None}
    intent_right = routed == expected
    return {
        "ood": False,
        "intent": intent_right,
        "parameters": intent_right and voice_test.parameters_match(result or {}, item.get("parameters") or {}),
        "wrong": routed is not None and not intent_right,
    }


def summarize(judged: list[dict]) -> dict:
    inside = [j for j in judged if not j["ood"]]
    outside = [j for j in judged if j["ood"]]
    share = lambda part, whole: (sum(part) / len(whole)) if whole else None  # noqa: E731
    return {
        "lines": len(judged),
        "in_domain": len(inside),
        "intent": share([j["intent"] for j in inside], inside),
        "parameters": share([j["parameters"] for j in inside], inside),
        "wrong_intent": sum(j["wrong"] for j in inside),
        "out_of_domain": len(outside),
        "rejected": share([j["rejected"] for j in outside], outside),
    }


def route_readings(items: list[dict], intentd: Path, now: str, phrases: list[str] = (), spoken: bool = True) -> list[list[dict]]:
    """Per line, intentd's answer to each of its readings (``readings``), in one process."""
    texts, owners = [], []
    for index, item in enumerate(items):
        for text, _ in readings(item):
            texts.append(text)
            owners.append(index)
    per_item: list[list[dict]] = [[] for _ in items]
    for owner, result in zip(owners, voice_test.route(intentd, texts, now, list(phrases), spoken=spoken)):
        per_item[owner].append(result)
    return per_item


def any_reading(item: dict, routed: list[dict]) -> dict:
    """The judgement of the best choice any rule could make among a line's readings."""
    judged = [judge(item, result) for result in routed]
    if item.get("intent") is None:
        return {"ood": True, "rejected": all(j["rejected"] for j in judged)}
    return {
        "ood": False,
        "intent": any(j["intent"] for j in judged),
        "parameters": any(j["parameters"] for j in judged),
        "wrong": all(j["wrong"] for j in judged),
    }


def score(items: list[dict], intentd: Path, now: str, spoken: bool = True) -> tuple[list[dict], list[dict], list[dict]]:
    """Per line: the judgement of the best transcript, of the n-best choice, and of any reading."""
    per_item = route_readings(items, intentd, now, spoken=spoken)
    best, nbest, anyone = [], [], []
    for item, routed in zip(items, per_item):
        best.append(judge(item, routed[0]) | {"routed": routed[0]})
        chosen = choose(routed, [confidence for _, confidence in readings(item)])
        nbest.append(judge(item, None if chosen is None else routed[chosen]))
        anyone.append(any_reading(item, routed))
    return best, nbest, anyone


def report(items: list[dict], best: list[dict], nbest: list[dict], anyone: list[dict], splits: list[str]) -> dict:
    groups = {}
    for split in splits:
        chosen = [i for i, item in enumerate(items) if split == "all" or item.get("split") == split]
        voices = sorted({items[i].get("voice", "?") for i in chosen})
        for voice in ["all"] + voices:
            picked = [i for i in chosen if voice == "all" or items[i].get("voice") == voice]
            groups[f"{split}/{voice}"] = {
                "best": summarize([best[i] for i in picked]),
                "nbest": summarize([nbest[i] for i in picked]),
                "any": summarize([anyone[i] for i in picked]),
            }
    return groups


def percent(value) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def print_table(groups: dict) -> None:
    print(f"{'split/voice':22} {'input':6} {'lines':>5} {'intent':>7} {'params':>7} {'wrong':>5} {'OOD rej':>8}")
    for name, group in groups.items():
        for kind in ("best", "nbest", "any"):
            s = group[kind]
            print(
                f"{name:22} {kind:6} {s['lines']:5} {percent(s['intent']):>7} {percent(s['parameters']):>7}"
                f" {s['wrong_intent']:5} {percent(s['rejected']):>8}"
            )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    parser.add_argument("--split", choices=["tune", "test", "all"], help="only this split (default: tune, test and all)")
    parser.add_argument("--intentd", help="the intentd binary (default: as voice_test.py finds it)")
    parser.add_argument("--now", default=voice_test.CORPUS_NOW)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--typed", action="store_true", help="route the transcripts as typed text (no sound-alikes), to compare")
    parser.add_argument("--misses", action="store_true", help="list the misses of the best transcript")
    args = parser.parse_args(argv)
    try:
        intentd = voice_test.find_intentd(args.intentd)
        items = load(Path(args.corpus))
        best, nbest, anyone = score(items, intentd, args.now, spoken=not args.typed)
    except (voice_test.InputError, voice_test.Missing, OSError) as problem:
        print(f"score_corpus: {problem}", file=sys.stderr)
        return 2
    splits = [args.split] if args.split else ["tune", "test", "all"]
    groups = report(items, best, nbest, anyone, splits)
    if args.json:
        print(json.dumps(groups, indent=2))
    else:
        print_table(groups)
    if args.misses:
        for item, judged in zip(items, best):
            if (args.split in (None, "all") or item.get("split") == args.split) and not (
                judged.get("rejected") if judged["ood"] else judged["intent"]
            ):
                routed = judged["routed"]
                print(f"{item['split']:4} {item.get('intent')!s:24} got {routed.get('intent')!s:24} {item['spoken']!r} → {item['utterance']!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
