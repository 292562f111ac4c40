#!/usr/bin/env bash
# intentd against hassil on Home Assistant's English test sentences, in one session:
# builds ha-yardstick (release; it reads the templates natively), then runs hassil and intentd
# alternately ROUNDS times (so both see the same machine load), and scores intentd's last
# predictions with run_hassil.py --score.
#
#     HomeAssistant/compare.sh [HA_DIR] [ROUNDS]       # defaults: ../shared/ha beside the repository, 3
#
# hassil runs in a venv (VENV, default Benchmarks/.build/venv-hassil), made with hassil and
# pyyaml from PyPI when missing. Everything is written to HomeAssistant/build.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
BENCH=$(cd "$HERE/.." && pwd)
HA=$(cd "${1:-$BENCH/../../shared/ha}" && pwd)
ROUNDS=${2:-3}
VENV=${VENV:-$BENCH/.build/venv-hassil}
OUT=$HERE/build

for file in en_templates.json en_tests.jsonl run_hassil.py; do
    [ -f "$HA/$file" ] || { echo "compare.sh: no $file in $HA (give the folder of Home Assistant's data)" >&2; exit 1; }
done
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import hassil, yaml' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q hassil pyyaml
fi

mkdir -p "$OUT"
# Benchmarks' quirk: a stale build manifest misses files new in the main package.
rm -f "$BENCH/.build/release.yaml"
(cd "$BENCH" && swift build -c release --product ha-yardstick)

echo "hassil $("$VENV/bin/python" -c 'from importlib.metadata import version; print(version("hassil"))'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$ROUNDS"); do
    echo "== round $round: hassil"
    "$VENV/bin/python" "$HA/run_hassil.py" --tests-jsonl "$HA/en_tests.jsonl" --templates file \
        --templates-file "$HA/en_templates.json" --summary-out "$OUT/hassil-$round.json" | tee "$OUT/hassil-$round.txt"
    echo "== round $round: intentd"
    (cd "$BENCH" && .build/release/ha-yardstick --ha "$HA" --build "$OUT" --out "$OUT/predictions-$round.jsonl") \
        | tee "$OUT/intentd-$round.txt"
done
cp "$OUT/predictions-$ROUNDS.jsonl" "$OUT/predictions.jsonl"

echo "== intentd scored"
"$VENV/bin/python" "$HA/run_hassil.py" --tests-jsonl "$HA/en_tests.jsonl" --score "$OUT/predictions.jsonl" \
    --system-name intentd --failures-out "$OUT/intentd-failures.jsonl" --summary-out "$OUT/intentd-score.json"

echo "== per round (sentences/s, then latency)"
for round in $(seq 1 "$ROUNDS"); do
    echo "round $round"
    grep -h -E "^(throughput|CPU-time|latency per sent|loadavg)" "$OUT/hassil-$round.txt" | sed 's/^/  hassil  /'
    grep -h -E "^(throughput|CPU-time|latency per sent|loadavg)" "$OUT/intentd-$round.txt" | sed 's/^/  intentd /'
done
