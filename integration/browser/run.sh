#!/usr/bin/env bash
# The results browser in a real browser: `styluskit serve --ranges` over a folder with a visit (a replayed
# real clock recording and a synthesized symbol-digit form) and loose results files (a maze, a trail making
# form, a 60 s 266 Hz session), driven by Debian's headless Chromium through chromium-driver and
# python3-selenium (no download at run time). Opens the list, filters it, opens the visit (measures against
# the ranges) and the test, plays the ink and checks the canvas changes and reaches the last stroke; two
# raters and an adjudicator score the clock and the symbol-digit form through the scoring page (blind until
# both are done), the agreement shown is checked against a hand computation, and `export csv` and
# `export redcap` are checked to carry the final scores; the 60 s session is played at 4x and its
# requestAnimationFrame intervals printed as figures beside the target of no dropped frames (measured, never judged).
# Debian's python3 (/usr/bin/python3) runs the check: python3-selenium is installed for it.
# Keeps a screenshot of each page in $SHOTS (default .build/browser-shots). Prints 'N passed, N failed'.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null \
    || ! /usr/bin/python3 -c 'import selenium' 2>/dev/null; then
    echo "skipped: chromium, chromium-driver or python3-selenium is missing (scripts/setup.sh installs them)"
    exit 0
fi
# STYLUSKIT and STYLUS_BENCH name binaries built already (.ci/run passes make test's, so this suite need not wait
# for SwiftPM's lock while the release build holds it).
if [[ -n ${STYLUSKIT:-} && -n ${STYLUS_BENCH:-} ]]; then
    styluskit=$STYLUSKIT
    bench=$STYLUS_BENCH
else
    swift build --product styluskit >/dev/null
    swift build --product stylus-bench >/dev/null
    styluskit="$(swift build --show-bin-path)/styluskit"
    bench="$(swift build --show-bin-path)/stylus-bench"
fi
work="$(mktemp -d /tmp/styluskit-browser.XXXXXX)"
shots="${SHOTS:-$PWD/.build/browser-shots}"
mkdir -p "$shots"
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    # What the server said on its way out (a crash's message), if anything.
    if [ -s "$work/serve.err" ]; then echo "styluskit serve's standard error:"; head -n 60 "$work/serve.err"; fi
    rm -rf "$work"
}
trap cleanup EXIT

# The visit: a real clock session replayed, in a folder with a hand-made manifest (docs/visit.md).
visit="$work/site/P007/visit-20261126T101500Z"
mkdir -p "$visit" "$work/replayed"
"$styluskit" replay Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events --test clock \
    --out "$work/replayed" >/dev/null
results="$(ls "$work/replayed"/*.csk | head -n 1)"
cp "$results" "$visit/clock.csk"
cp Fixtures/golden/maze-small.msk "$work/site/loose-maze.msk"
cp Fixtures/golden/trails-small.tsk "$work/site/loose-trails.tsk"
# The symbol-digit form: boxes 1, 2, 4 (the proctor's skip interruption), 3, synthesized and replayed.
"$styluskit" synth Fixtures/synth/sdt-skip.scenario --output "$work/sdt.events" >/dev/null
mkdir -p "$work/replayed-sdt"
"$styluskit" replay "$work/sdt.events" --test sdt --out "$work/replayed-sdt" >/dev/null
cp "$(ls "$work/replayed-sdt"/*.ssk | head -n 1)" "$visit/sdt.ssk"
# The frame-timing session: 60 s at 266 Hz (Benchmarks' generator, drawn with the 22HDT's device), replayed.
"$bench" generate 60 Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events "$work/long.events" >/dev/null
mkdir -p "$work/replayed-long"
"$styluskit" replay "$work/long.events" --test clock --step-split none --out "$work/replayed-long" >/dev/null
cp "$(ls "$work/replayed-long"/*.csk | head -n 1)" "$work/site/long-266hz.csk"
# The study's ranges: the clock's strokes within 20-40 (the replayed clock has more), every test's pen-down time.
printf 'test,measure,low,high,label\nclock,strokes,20,40,pilot norms\n*,on_surface_time_s,1,,pilot norms\n' \
    >"$work/ranges.csv"
python3 - "$visit" <<'PY'
import hashlib, json, sys
manifest = {
    "format": "styluskit-visit", "schema": 2, "participant": "P007", "started": "2026-11-26T10:15:00Z",
    "finished": "2026-11-26T10:25:00Z", "status": "complete",
    "software": {"name": "styluskit", "version": "test"},
    "protocol": {"name": "pilot", "title": "Pilot protocol", "schema": 1, "file": "protocol.yaml",
                 "source": "pilot.yaml", "sha256": ""},
    "calibration": {},
    "tests": [
        {"index": 1, "test": "clock", "status": "done", "results": "clock.csk", "outcome": "finished"},
        {"index": 2, "test": "maze", "status": "skipped", "skipReason": "operator: tired"},
        {"index": 3, "test": "sdt", "status": "done", "results": "sdt.ssk", "outcome": "finished"},
    ],
}
# Each results file's SHA-256, as a visit records it: the exports refuse a file the manifest cannot vouch for.
for test in manifest["tests"]:
    if "results" in test:
        data = open(sys.argv[1] + "/" + test["results"], "rb").read()
        test["sha256"] = {"journal": None, "results": hashlib.sha256(data).hexdigest()}
open(sys.argv[1] + "/visit.json", "w").write(json.dumps(manifest))
PY

"$styluskit" serve "$work/site" --ranges "$work/ranges.csv" --key-file "$work/none.key" \
    >"$work/serve.out" 2>"$work/serve.err" &
server=$!
for _ in $(seq 1 100); do
    grep -q 'token=' "$work/serve.out" 2>/dev/null && break
    sleep 0.1
done
address="$(grep -o 'http://127.0.0.1:[0-9]*/?token=[0-9a-f]*' "$work/serve.out" || true)"
if [ -z "$address" ]; then
    echo "serve printed no address:"; cat "$work/serve.out" "$work/serve.err"
    echo "0 passed, 1 failed"
    exit 1
fi
/usr/bin/python3 integration/browser/check.py "$address" "$shots" "$styluskit" "$visit" "$work"
