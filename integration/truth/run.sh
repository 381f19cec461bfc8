#!/usr/bin/env bash
# The truth check (issue 28, item 11; README.md here): one visit under a virtual X server, every
# setting away from its default, fed pen input through the live input path, stopped once and resumed;
# a line per setting of what the window, the speech, the results file, visit.json, the report and both
# exports say. Prints the table and 'N passed, N failed'; exits 1 when any line disagrees.
# STYLUSKIT=PATH checks that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
for tool in Xvfb xwd python3; do
    command -v "$tool" >/dev/null || { echo "truth check: $tool is missing; run scripts/setup.sh"; echo "0 passed, 1 failed"; exit 1; }
done
if [[ -z ${STYLUSKIT:-} ]]; then
    swift build --product styluskit >/dev/null
    STYLUSKIT="$(swift build --show-bin-path)/styluskit"
fi

work=$(mktemp -d)
# Xvfb picks a free display number itself (-displayfd), as integration/xvfb/run.sh does.
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; [[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
for _ in $(seq 100); do [[ -s $work/display ]] && break; sleep 0.1; done
number=$(head -n 1 "$work/display")
[[ -n $number ]] || { echo "truth check: Xvfb did not start: $(tail -n 3 "$work/xvfb.log")"; echo "0 passed, 1 failed"; exit 1; }
[[ -z ${KEEP:-} ]] || echo "truth check: keeping $work"
export DISPLAY=":$number"
python3 integration/truth/truth.py "$STYLUSKIT" "$work"
