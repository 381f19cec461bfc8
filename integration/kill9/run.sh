#!/usr/bin/env bash
# Kill -9 anywhere in a visit, SQLite-style (issue 34, item 8; ROBUSTNESS.md, "Kill -9 across whole visits"):
# whole visits run with --feed recordings in SDL's offscreen window, and the report, the exports and a rater's
# score marks on a finished visit, each SIGKILLed at a seeded random moment (a time, or just before the Nth
# rename, fsync, write, open, link or unlink, by strace's fault injection), then resumed or run again; after each,
# nothing may be lost or half-written (visit.json, every file it names and its SHA-256, no temporary file,
# journals that recover, whole PDFs and CSVs or none).
#   integration/kill9/run.sh [--kills N] [--seed S] [--jobs J (default 5)] [--keep]
# Prints each trial's outcome (valid / refused / crash / hang / data lost / silent wrong), the table by phase,
# and exits non-zero when any trial is not valid. STYLUSKIT=path uses that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
if [ -z "${STYLUSKIT:-}" ]; then
    "$SWIFT" build --product styluskit >/dev/null
    STYLUSKIT="$("$SWIFT" build --show-bin-path)/styluskit"
fi
command -v strace >/dev/null || { echo "kill9: strace is not installed (scripts/setup.sh installs it)" >&2; exit 2; }
work="$(mktemp -d /tmp/styluskit-kill9.XXXXXX)"
keep=0
for argument in "$@"; do [ "$argument" = "--keep" ] && keep=1; done
if [ "$keep" = 0 ]; then trap 'rm -rf "$work"' EXIT; else echo "kill9: work folder $work (kept)"; fi
python3 integration/kill9/campaign.py "$STYLUSKIT" "$work" "$@"
