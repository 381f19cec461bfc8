# Sourced by integration/xvfb/run.sh and integration/truth/run.sh: their tools checked and their virtual X
# server started the one same way.

# require_tools NAME TOOL...: each TOOL is on PATH, or NAME's run says which is missing and fails.
require_tools() {
    local name=$1
    shift
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "$name: $tool is missing; run scripts/setup.sh"; echo "0 passed, 1 failed"; exit 1; }
    done
}

# start_xvfb NAME [KEEP]: a 1920 x 1080 Xvfb in a new scratch folder $work (kept after the run when KEEP is
# not empty), its pid in $xvfb and its display number in $number, both ended and removed on exit.
# Xvfb picks a free display number itself (-displayfd) and writes it once it is ready: two runs at
# once (a developer's and CI's) each get their own server, which choosing a number here could not
# promise (both could see :90 free and share one server, capturing each other's windows).
start_xvfb() {
    local name=$1
    keep_work=${2:-}
    work=$(mktemp -d)
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$work/display" >"$work/xvfb.log" 2>&1 &
    xvfb=$!
    trap 'kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; [[ -n $keep_work ]] || rm -rf "$work"' EXIT
    for _ in $(seq 100); do [[ -s $work/display ]] && break; sleep 0.1; done
    number=$(head -n 1 "$work/display")
    [[ -n $number ]] || { echo "$name: Xvfb did not start: $(tail -n 3 "$work/xvfb.log")"; echo "0 passed, 1 failed"; exit 1; }
}
