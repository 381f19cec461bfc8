#!/usr/bin/env bash
# The truth check (issue 28, item 11; README.md here): one visit under a virtual X server, every
# setting away from its default, fed pen input through the live input path, stopped once and resumed;
# a line per setting of what the window, the speech, the results file, visit.json, the report and both
# exports say. Prints the table and 'N passed, N failed'; exits 1 when any line disagrees.
# STYLUSKIT=PATH checks that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
source integration/xvfb-server.sh
require_tools "truth check" Xvfb xwd python3
if [[ -z ${STYLUSKIT:-} ]]; then
    swift build --product styluskit >/dev/null
    STYLUSKIT="$(swift build --show-bin-path)/styluskit"
fi

start_xvfb "truth check" "${KEEP:-}"
[[ -z ${KEEP:-} ]] || echo "truth check: keeping $work"
export DISPLAY=":$number"
python3 integration/truth/truth.py "$STYLUSKIT" "$work"
