#!/usr/bin/env python3
"""Makes Corpus/voice-en.jsonl: real recognizer transcripts of corpus sentences.

Each sentence is spoken by espeak-ng in one of several voices (taken in turn), transcribed by
Whisper base on the CPU without a prompt, and written as one JSON line with the expected
intent and parameters of its source line, the recognizer's n-best hypotheses and a fixed
tune/test split. Corpus/voice-en.README says which sentences, voices and settings, and the
command that remakes the file.

    python3 Examples/voice/make_corpus.py                       # the whole corpus
    python3 Examples/voice/make_corpus.py --limit 5 --out -     # a few lines, to standard output

It needs what voice_test.py needs (espeak-ng, faster-whisper, the Whisper base packages);
`voice_test.py --check` says what is missing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import voice_test

REPO = voice_test.REPO
CORPUS = REPO / "Corpus"

# (voice, words per minute). espeak-ng's American and British voices at the rate voice_test.py
# uses, and the American voice talking fast, which Whisper mishears more.
VOICES = [("en-us", 175), ("en-gb", 175), ("en-us", 220)]
# Every line of the held-out and out-of-domain sets, and this many demo lines spread over the file.
DEMO_LINES = 240
HYPOTHESES = 5
BEAM = 5


@dataclass
class Sentence:
    spoken: str
    intent: str | None
    parameters: dict
    source: str


def split_of(spoken: str) -> str:
    """The fixed split: a sentence's tune/test side depends on its text alone, so every voice
    of one sentence and every remake of the corpus put it on the same side (about half each)."""
    digest = hashlib.sha256(spoken.strip().lower().encode("utf-8")).digest()
    return "tune" if digest[0] % 2 == 0 else "test"


def read_lines(path: Path) -> list[Sentence]:
    sentences = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        item = json.loads(line)
        sentences.append(
            Sentence(item["utterance"].strip(), item.get("intent"), item.get("parameters") or {}, f"Corpus/{path.name}:{number}")
        )
    return sentences


def choose_sentences(demo_lines: int = DEMO_LINES) -> list[Sentence]:
    """Held-out and out-of-domain lines whole, then a spread of the demo lines; a sentence said
    twice (the same words in two files) is spoken once."""
    chosen = read_lines(CORPUS / "heldout-en.jsonl") + read_lines(CORPUS / "out-of-domain.jsonl")
    chosen += voice_test.spread(read_lines(CORPUS / "demo-en.jsonl"), demo_lines)
    seen, unique = set(), []
    for sentence in chosen:
        key = sentence.spoken.lower()
        if key not in seen:
            seen.add(key)
            unique.append(sentence)
    return unique


class Recognizer:
    """Whisper base through CTranslate2: the beam's best hypotheses for one recording, no prompt."""

    def __init__(self, threads: int, whisper=None):
        """Loads Whisper base, or uses `whisper`, a faster-whisper model already loaded."""
        voice_test.check_faster_whisper()
        self.whisper = whisper or voice_test.base_model().load(threads)
        tokenizer_module = __import__("faster_whisper.tokenizer", fromlist=["Tokenizer"])
        self.tokenizer = tokenizer_module.Tokenizer(
            self.whisper.hf_tokenizer, self.whisper.model.is_multilingual, task="transcribe", language="en"
        )

    def best(self, audio: Path) -> str:
        """The transcript as faster-whisper gives it (voice_test.py's settings: beam 5, no prompt)."""
        return voice_test.transcribe(self.whisper, audio, None, BEAM)

    def first_segment(self, tokens: list[int]) -> list[int]:
        """The text tokens of a hypothesis's first timestamped segment. A recording holds one
        short command; what a hypothesis says after its first segment closes is Whisper
        repeating itself, which faster-whisper's own segment logic drops too."""
        text, stamps = [], 0
        for token in tokens:
            if token >= self.tokenizer.timestamp_begin:
                stamps += 1
                if stamps == 2:
                    break
            elif token < self.tokenizer.eot:
                text.append(token)
        return text

    def hypotheses(self, audio: Path, prompt: str | None = None) -> list[dict]:
        """The beam's distinct hypotheses, best first, each with its score (the mean
        log-probability per token). `prompt`: text given to Whisper before the recording, as
        faster-whisper's `initial_prompt` does."""
        import ctranslate2
        from faster_whisper.audio import decode_audio

        samples = decode_audio(str(audio), sampling_rate=voice_test.SAMPLE_RATE)
        features = self.whisper.feature_extractor(samples)
        storage = ctranslate2.StorageView.from_array(features[None, :, : self.whisper.feature_extractor.nb_max_frames])
        # With timestamp tokens, as faster-whisper's transcribe decodes: without them Whisper
        # tends to repeat a short sentence until the length limit.
        start = list(self.tokenizer.sot_sequence)
        if prompt:
            before = self.tokenizer.encode(" " + prompt.strip())[-(self.whisper.max_length // 2 - 1):]
            start = [self.tokenizer.sot_prev] + before + start
        result = self.whisper.model.generate(
            storage,
            [start],
            beam_size=BEAM,
            num_hypotheses=HYPOTHESES,
            return_scores=True,
            max_length=self.whisper.max_length,
            suppress_blank=True,
            suppress_tokens=[-1],
            max_initial_timestamp_index=50,
        )[0]
        found, seen = [], set()
        for tokens, score in zip(result.sequences_ids, result.scores):
            text = without_repeats(self.tokenizer.decode(self.first_segment(tokens)).strip())
            key = " ".join(voice_test.normalize_words(text))
            if key and key not in seen:
                seen.add(key)
                found.append({"text": text, "score": round(float(score), 4)})
        return found


def without_repeats(text: str) -> str:
    """`text` once when Whisper said it several times over ("What is my next meeting? What is
    my next meeting? ..."), the last time possibly cut short by the length limit."""
    words = text.split()
    folded = [word.strip(".,?!").lower() for word in words]
    for period in range(1, len(words) // 2 + 1):
        if all(folded[index] == folded[index % period] for index in range(len(words))):
            return " ".join(words[:period])
    return text


def make_line(sentence: Sentence, voice: tuple[str, int], best: str, hypotheses: list[dict]) -> dict:
    return {
        "utterance": best,
        "intent": sentence.intent,
        "parameters": sentence.parameters,
        "spoken": sentence.spoken,
        "voice": f"{voice[0]}@{voice[1]}",
        "split": split_of(sentence.spoken),
        "source": sentence.source,
        # The best transcript first, then the beam's other readings that say something else.
        "nbest": [hypothesis["text"] for hypothesis in hypotheses if " ".join(voice_test.normalize_words(hypothesis["text"])) != " ".join(voice_test.normalize_words(best))],
        "nbestScores": [hypothesis["score"] for hypothesis in hypotheses if " ".join(voice_test.normalize_words(hypothesis["text"])) != " ".join(voice_test.normalize_words(best))],
    }


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(CORPUS / "voice-en.jsonl"), help="where to write ('-' for standard output)")
    parser.add_argument("--limit", type=int, help="only this many sentences, spread over the list")
    parser.add_argument("--shard", default="0/1", help="K/N: make only every N-th sentence from the K-th (to run N at once)")
    parser.add_argument("--threads", type=int, default=1, help="CPU threads for Whisper")
    parser.add_argument("--espeak", help="the espeak-ng program (default: on PATH)")
    parser.add_argument("--silence", type=float, default=0.5, help="seconds of silence around each recording")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_arguments(argv)
    espeak = voice_test.find_espeak(args.espeak)
    sentences = voice_test.spread(choose_sentences(), args.limit)
    shard, shards = (int(part) for part in args.shard.split("/"))
    recognizer = Recognizer(args.threads)
    output = sys.stdout if args.out == "-" else open(args.out, "a" if shards > 1 else "w", encoding="utf-8")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="intentd-voice-") as folder:
        for index, sentence in enumerate(sentences):
            if index % shards != shard:
                continue
            voice = VOICES[index % len(VOICES)]
            audio = Path(folder) / f"{index}.wav"
            voice_test.speak(espeak, sentence.spoken, voice[0], voice[1], args.silence, audio)
            line = make_line(sentence, voice, recognizer.best(audio), recognizer.hypotheses(audio))
            line["index"] = index
            output.write(json.dumps(line, ensure_ascii=False) + "\n")
            output.flush()
            print(f"{index + 1}/{len(sentences)} {time.monotonic() - started:.0f}s {line['voice']}: {sentence.spoken!r} → {line['utterance']!r}", file=sys.stderr)
    if output is not sys.stdout:
        output.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
