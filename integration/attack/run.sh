#!/usr/bin/env bash
# The results browser under attack (issue 34, item 10; ROBUSTNESS.md): `styluskit serve` on the loopback
# with no or a wrong token, cross-site POSTs, traversal and symlinks, oversized and malformed bodies, slow
# clients, two raters saving at once, kill -9 during saves, and a 30 s wrk load run (Debian's wrk).
#   integration/attack/run.sh [--kills N] [--wrk SECONDS]
# Prints each check, the figures, and 'N passed, N failed'; exits non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
"$SWIFT" build --product styluskit >/dev/null
styluskit="$("$SWIFT" build --show-bin-path)/styluskit"
work="$(mktemp -d /tmp/styluskit-attack.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# Debian's python3: the checks run as another user (nobody) from a forked child, which must still import the
# modules it loads late; an interpreter under /root (pyenv's, first on root's PATH here) is unreadable to nobody.
/usr/bin/python3 integration/attack/attack.py "$styluskit" "$work/run" "$@"
