#!/usr/bin/env bash
# Builds Greenhouse, starts a daemon and the app as separate processes, and checks that the
# app answers over the socket: docs/sdk.md's fifteen minutes, end to end. CI runs it.
#
#     Examples/Greenhouse/smoke-test.sh [PATH/TO/intentd]    (default: build it with swift build)
#
# SCRATCH_PATH builds Greenhouse there instead of in its own .build: CI passes intentd's
# .build, which already holds IntentSDK and its dependencies compiled.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

intentd="${1:-}"
if [[ -z "$intentd" ]]; then
    swift build --package-path "$root" --product intentd
    intentd="$(swift build --package-path "$root" --show-bin-path)/intentd"
fi
scratch=(--scratch-path "${SCRATCH_PATH:-$here/.build}")
swift build --package-path "$here" "${scratch[@]}" --product greenhouse
greenhouse="$(swift build --package-path "$here" "${scratch[@]}" --show-bin-path)/greenhouse"

work="$(mktemp -d)"
socket="$work/intentd.sock"
cleanup() {
    kill "${app_pid:-}" "${daemon_pid:-}" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# No phrase files: the daemon knows Greenhouse only from what the app registers.
mkdir "$work/phrases"
"$intentd" serve --socket "$socket" --phrases "$work/phrases" --log-level warning &
daemon_pid=$!
"$greenhouse" --manifest > "$work/greenhouse.yaml"
grep -q "water \[the|my\] {plant}" "$work/greenhouse.yaml" || { echo "FAIL: --manifest printed no phrases"; exit 1; }
INTENTD_SOCKET="$socket" "$greenhouse" &
app_pid=$!

client=(python3 "$root/Examples/python/client.py" --socket "$socket")
for _ in $(seq 100); do
    if "${client[@]}" --route "water the basil with 200 ml" 2>/dev/null | grep -q '"intent": "greenhouse.water"'; then break; fi
    sleep 0.1
done

# docs/sdk.md's `intentd route --connect` example prints exactly this.
routed="$("$intentd" route --connect "$socket" "water the basil with 200 ml")"
documented='"water the basil with 200 ml" → greenhouse.water [complete, 100%]
  plant = Basil
  millilitres = 200'
[[ "$routed" == "$documented" ]] || { printf 'FAIL: route --connect printed\n%s\nwhere docs/sdk.md says\n%s\n' "$routed" "$documented"; exit 1; }

expect() {  # expect DIALOG UTTERANCE [ANSWER ...]
    local want="$1" utterance="$2"
    shift 2
    local answers=()
    for answer in "$@"; do answers+=(--answer "$answer"); done
    local got
    got="$("${client[@]}" "${answers[@]}" "$utterance" 2>&1 >/dev/null | tail -n 1)"
    if [[ "$got" != "$want" ]]; then
        echo "FAIL: '$utterance' answered '$got', expected '$want'"
        exit 1
    fi
    echo "ok: '$utterance' → $got"
}
expect "Gave the Basil 200 ml; 200 ml so far" "water the basil with 200 ml"
expect "Gave the Basil 50 ml; 250 ml so far" "water the basil" "fifty"
expect "The Basil has had 250 ml" "how much water has the basil had"
expect "Gave the Cactus 300 ml; 300 ml so far" "give my cactus 300 ml" "yes"
expect "Forgotten" "forget all waterings in greenhouse" "yes"
echo "Greenhouse answers over the socket."
