#!/usr/bin/env bash
# The limits table of ROBUSTNESS.md (Limits) (issue 9, part 4): each very large input through
# the commands that read it, with the outcome, peak memory and wall time. Too slow and too big
# for `make test` (at full size about an hour on a busy 2-core machine, and 10 GB under /tmp); the unit tests check the
# same behaviour (the limits, the refusals' wording) at a small scale.
#
#   scripts/limits.sh                  full sizes; prints the table (also: make limits)
#   LIMITS_EVENTS=1000000 scripts/limits.sh   a quicker run with a shorter recording
#   LIMITS_KEEP=1 scripts/limits.sh   keep the generated files, and reuse the long recording next time
#
# Environment: LIMITS_DIR (scratch directory, default /tmp/styluskit-limits; emptied at the end
# unless LIMITS_KEEP=1), LIMITS_EVENTS (events of the long recording, default 100000000),
# LIMITS_OUT (also write the table to this file), SWIFT (default swift), STYLUSKIT (a built
# styluskit to measure instead of building the release one).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=${LIMITS_DIR:-/tmp/styluskit-limits}
events=${LIMITS_EVENTS:-100000000}
swift=${SWIFT:-swift}
mkdir -p "$work"
[[ ${LIMITS_KEEP:-0} == 1 ]] || trap 'rm -rf "$work"/gen "$work"/out' EXIT
mkdir -p "$work/gen" "$work/out"
gen=$work/gen

[[ -x /usr/bin/time ]] || { echo "limits.sh: /usr/bin/time is missing; run scripts/setup.sh" >&2; exit 1; }
if [[ -n ${STYLUSKIT:-} ]]; then
    styluskit=$STYLUSKIT
else
    echo "limits.sh: building styluskit (release)..." >&2
    (cd "$root" && $swift build -c release --product styluskit >&2)
    styluskit="$(cd "$root" && $swift build -c release --show-bin-path)/styluskit"
fi
header_source=$root/Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events

# The device description of a real tablet (Wacom Cintiq 22HDT: X, Y, pressure, tilt).
awk '/^E:/ { exit } { print }' "$header_source" >"$gen/header.evemu"

# pen_events N: N evemu event lines (a little more, to end the frame) of pen strokes at 200 Hz:
# cycles of 400 frames, the pen entering proximity, touching for 200 frames, hovering, leaving.
pen_events() {
    awk -v events="$1" 'BEGIN {
        sec = 1700000000; usec = 0; n = 0; f = 0; pi2 = 6.283185307
        while (n < events) {
            phase = f % 400
            x = int(47920 + 30000 * sin(f * pi2 / 997)); y = int(27130 + 20000 * cos(f * pi2 / 1409))
            t = sprintf("E: %d.%06d", sec, usec)
            if (phase == 0) { print t, "0001 0140 1"; n++ }
            if (phase == 1) { print t, "0001 014a 1"; n++ }
            if (phase == 201) { print t, "0001 014a 0"; n++ }
            if (phase == 399) { print t, "0001 0140 0"; n++ }
            print t, "0003 0000", x; print t, "0003 0001", y
            print t, "0003 0018", (phase >= 1 && phase <= 200) ? 600 + phase : 0
            print t, "0000 0000 0"
            n += 4; f++; usec += 5000
            if (usec >= 1000000) { usec -= 1000000; sec++ }
        }
    }'
}

# long_line CHAR BYTES: one line of BYTES copies of CHAR (no newline).
long_line() { head -c "$2" /dev/zero | tr '\0' "$1"; }

rows=()
# measure INPUT SIZE COMMAND...: runs COMMAND (styluskit's arguments) and adds a table row with
# its outcome (the summary's first line, or the error), peak RSS and wall time.
measure() {
    local input=$1 size=$2; shift 2
    local log=$work/out/last
    echo "limits.sh: $input: styluskit $*" >&2
    /usr/bin/time -f '%M %e %x' -o "$log.time" "$styluskit" "$@" >"$log.out" 2>"$log.err" || true
    local rss seconds status result
    # The last line: time writes "Command exited with non-zero status N" or a signal before it.
    read -r rss seconds status < <(tail -n 1 "$log.time") || true
    if grep -q 'terminated by signal' "$log.time"; then status="signal $(awk '/signal/ { print $NF }' "$log.time")"; fi
    # `|| true`: an empty output must not end the script (pipefail).
    if [[ $status == 0 ]]; then
        result="ok: $( (grep -v '^\s*$' "$log.out" || true) | head -n "${LINES_SHOWN:-1}" | tr '\n' ' ' | cut -c1-160)"
    else
        # Errors go to stderr; `adf validate` prints the problems it found on stdout.
        result="exit $status: $( (cat "$log.err" "$log.out" | grep -v '^\s*$' || true) | head -n 1 | cut -c1-400)"
    fi
    result=${result//$work\//}
    result=${result//|/\\|}
    local cmd="styluskit $*"
    cmd=${cmd//$work\//}
    rows+=("| $input | $size | \`$cmd\` | $result | $(awk -v k="$rss" 'BEGIN { printf "%.0f MB", k / 1024 }') | ${seconds} s |")
}

bytes() { stat -c %s "$1"; }
human() { awk -v b="$1" 'BEGIN { split("B kB MB GB", u); i = 1; while (b >= 1000 && i < 4) { b /= 1000; i++ } printf "%.1f %s", b, u[i] }'; }

# 1. A recording of $events events: far past 2^31 bytes, so offsets and sizes must be 64-bit.
if [[ ${LIMITS_KEEP:-0} == 1 && -s $gen/long.evemu ]]; then
    echo "limits.sh: reusing $gen/long.evemu (LIMITS_KEEP=1)" >&2
else
    echo "limits.sh: generating a recording of $events events..." >&2
    { cat "$gen/header.evemu"; pen_events "$events"; } >"$gen/long.evemu"
fi
long_events=$(grep -c '^E:' "$gen/long.evemu")
long_size="$long_events events, $(human "$(bytes "$gen/long.evemu")")"
measure "evemu recording" "$long_size" info "$gen/long.evemu"
LINES_SHOWN=0 measure "evemu recording" "$long_size" replay "$gen/long.evemu" --test clock --out "$work/out" --force
sed -n 's/^ *points *//p' "$work/out/last.out" | head -n 1 >"$work/out/points" || true
adf=$work/out/long.csk
[[ ${LIMITS_KEEP:-0} == 1 ]] || rm -f "$gen/long.evemu"

# 2. The results file of that replay: every point of the recording in one drawing.
if [[ -f $adf ]]; then
    adf_size="$(cat "$work/out/points") points, $(human "$(bytes "$adf")")"
    measure "ADF results file" "$adf_size" adf validate "$adf"
    measure "ADF results file" "$adf_size" adf show "$adf"
    measure "ADF results file" "$adf_size" results "$work/out"
    measure "ADF results file" "$adf_size" render "$adf" --out "$work/out/long.png"
    rm -f "$adf" "$work/out/long.png"
fi

# 3. 10 MB lines: a comment and an event line in evemu, a comment in libinput-record YAML.
short=$gen/short.evemu
{ cat "$gen/header.evemu"; pen_events 4000; } >"$short"
{ cat "$gen/header.evemu"; pen_events 2000; printf '# '; long_line x 10000000; echo; pen_events 2000; } >"$gen/comment.evemu"
measure "10 MB comment line" "$(human "$(bytes "$gen/comment.evemu")")" info "$gen/comment.evemu"
{ cat "$gen/header.evemu"; pen_events 2000; printf 'E: 1700000020.000000 0003 0000 '; long_line 7 10000000; echo; } >"$gen/event.evemu"
measure "10 MB event line" "$(human "$(bytes "$gen/event.evemu")")" info "$gen/event.evemu"
measure "10 MB event line" "$(human "$(bytes "$gen/event.evemu")")" info "$gen/event.evemu" --allow-truncated
"$styluskit" convert "$short" "$gen/short.yml" --force >/dev/null
{ printf '# '; long_line y 10000000; echo; cat "$gen/short.yml"; } >"$gen/comment.yml"
measure "10 MB line in YAML" "$(human "$(bytes "$gen/comment.yml")")" info "$gen/comment.yml"

# 4. libinput-record YAML: the largest accepted (just under the limit) and 2 GB.
yaml_limit=$((64 << 20))
sed '/^  events:/q' "$gen/short.yml" >"$gen/yaml-header"
yaml_events() {
    # $1 bytes of libinput-record event lines (frames of X, Y, pressure, SYN_REPORT at 200 Hz).
    awk -v limit="$1" 'BEGIN {
        n = 0; f = 0
        while (n < limit) {
            s = int(f / 200); u = (f % 200) * 5000
            line = sprintf("  - evdev:\n    - [%3d, %6d,   3,   0, %7d] # EV_ABS / ABS_X\n    - [%3d, %6d,   3,   1, %7d] # EV_ABS / ABS_Y\n    - [%3d, %6d,   3,  24, %7d] # EV_ABS / ABS_PRESSURE\n    - [%3d, %6d,   0,   0,       0] # ------------ SYN_REPORT (0) ----------\n", s, u, 40000 + f % 1000, s, u, 20000 + f % 777, s, u, 700, s, u)
            printf "%s", line; n += length(line); f++
        }
    }'
}
{ cat "$gen/yaml-header"; yaml_events $((yaml_limit - 2000000)); } >"$gen/under.yml"
measure "YAML under the limit" "$(human "$(bytes "$gen/under.yml")")" info "$gen/under.yml"
rm -f "$gen/under.yml"
{ cat "$gen/yaml-header"; yaml_events 2000000000; } >"$gen/big.yml"
measure "YAML of 2 GB" "$(human "$(bytes "$gen/big.yml")")" info "$gen/big.yml"
rm -f "$gen/big.yml"
LINES_SHOWN=1 measure "evemu recording" "$(grep -c '^E:' "$short") events" convert "$short" "$gen/short-again.yml" --force

# 5. A maze of 1000 x 1000 cells: a serpentine corridor, so it is a valid maze but for its size.
awk -v n=1000 'BEGIN {
    print "name: huge"; print "cell-size: 1 mm"; print "start: row 1 column 1 left"
    printf "end: row %d column %d right\n", n, n
    wall = "+"; for (c = 0; c < n; c++) wall = wall "-+"; print wall
    open = " "; for (c = 1; c < n; c++) open = open "  "
    for (r = 0; r < n; r++) {
        line = (r == 0 ? " " : "|") substr(open, 2) " " (r == n - 1 ? " " : "|")
        print line
        if (r == n - 1) { print wall; break }
        sep = "+"
        for (c = 0; c < n; c++) sep = sep (((r % 2 == 0 && c == n - 1) || (r % 2 == 1 && c == 0)) ? " +" : "-+")
        print sep
    }
}' >"$gen/huge.maze"
measure "maze of 10^6 cells" "$(human "$(bytes "$gen/huge.maze")")" replay "$short" --test maze --maze "$gen/huge.maze" --out "$work/out" --force
head -c $((20 << 20)) /dev/zero | tr '\0' '#' >"$gen/big.maze"
measure "maze file of 20 MB" "$(human "$(bytes "$gen/big.maze")")" replay "$short" --test maze --maze "$gen/big.maze" --out "$work/out" --force

table="| input | size | command | result | peak RSS | time |
|---|---|---|---|---|---|"
for row in "${rows[@]}"; do table+=$'\n'"$row"; done
echo "$table"
if [[ -n ${LIMITS_OUT:-} ]]; then echo "$table" >"$LIMITS_OUT"; fi
