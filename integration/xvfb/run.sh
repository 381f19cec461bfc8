#!/usr/bin/env bash
# The administer screenshot tests: a virtual X server (Xvfb, 1920 x 1080 like the Cintiq 13HD the
# synthesised recordings imitate), styluskit administer fed those recordings through its live input
# path, the screen captured with xwd, the pixels checked by check.py. Prints 'N passed, N failed'.
# DOCS=DIR also writes the screenshots shown in the README there as PNG.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
for tool in Xvfb xwd python3; do
    command -v "$tool" >/dev/null || { echo "xvfb tests: $tool is missing; run scripts/setup.sh"; echo "0 passed, 1 failed"; exit 1; }
done
swift build --product styluskit >/dev/null
styluskit="$(swift build --show-bin-path)/styluskit"

work=$(mktemp -d)
# Xvfb picks a free display number itself (-displayfd) and writes it once it is ready: two runs at
# once (a developer's and CI's) each get their own server, which choosing a number here could not
# promise (both could see :90 free and share one server, capturing each other's windows).
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do [[ -s $work/display ]] && break; sleep 0.1; done
number=$(head -n 1 "$work/display")
[[ -n $number ]] || { echo "xvfb tests: Xvfb did not start: $(tail -n 3 "$work/xvfb.log")"; echo "0 passed, 1 failed"; exit 1; }
# No sound card here: espeak writes nowhere, SDL has no audio to open.
export DISPLAY=":$number" SDL_AUDIODRIVER=dummy
python3 integration/xvfb/check.py "$styluskit" "$work" ${DOCS:+"$DOCS"}
