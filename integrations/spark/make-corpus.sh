#!/usr/bin/env bash
# Makes the test corpus of `make test-spark`: synthesized sessions of all three tests replayed to
# results files, the real recordings replayed to results files, optionally the recordings
# themselves, and deliberately bad inputs.
#
#   make-corpus.sh STYLUSKIT OUT SESSIONS [--with-recordings]
#
# OUT/synth/{clock,maze,sdt}/*.{csk,msk,ssk}  SESSIONS sessions: `styluskit synth` of the bundled
#                                             scenarios with seeds 1..SESSIONS on several real
#                                             devices, each replayed with `styluskit replay`
# OUT/real/*.csk                              every self-contained real recording replayed as a clock test
# OUT/recordings/*                            (--with-recordings) those recordings as they are: features
#                                             measures them once it reads recordings; until then each
#                                             is an error row with features' message
# OUT/odd/                                    two results files with commas, brackets, braces and stars in their names
# OUT/bad/                                    a cut-off results file and one that is not XML: always errors
# Everything is deterministic (synth's seeds), so two runs give the same bytes.
set -euo pipefail

if (($# < 3)); then
    echo "usage: make-corpus.sh STYLUSKIT OUT SESSIONS [--with-recordings]" >&2
    exit 2
fi
styluskit=$(realpath "$1")
out=$2
sessions=$3
with_recordings=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
fixtures=$root/Fixtures
jobs=${CORPUS_JOBS:-$(nproc)}

mkdir -p "$out"/{synth/clock,synth/maze,synth/sdt,real,bad,work}
out=$(realpath "$out")

# The real devices the synthesized sessions are drawn on (self-contained recordings: the
# device description is in the file).
devices=(Wacom-Cintiq-13HD-touch-Pen.events dell_canvas_pen.evemu Wacom-Cintiq-22HDT-Pen.events
    Wacom-DTH2242-Pen.events)
# The scenarios of each test: scenario|test|maze the replay needs (empty for clock and sdt).
clock=("clock.scenario|clock|")
maze=("clean-solve.scenario|maze|$fixtures/mazes/no-choice.maze"
    "wall-cross-0.6s.scenario|maze|$fixtures/synth/detour.maze"
    "no-drawing.scenario|maze|$fixtures/mazes/no-choice.maze"
    "cut-corner.scenario|maze|$fixtures/mazes/no-choice.maze"
    "start-far.scenario|maze|$fixtures/mazes/no-choice.maze")
sdt=("sdt-in-order.scenario|sdt|" "sdt-parts.scenario|sdt|" "sdt-skip.scenario|sdt|" "sdt-out-of-order.scenario|sdt|")

# One session: synth with this seed on this device, then replay into OUT/synth/TEST.
session() {
    local seed=$1 entry=$2 device=$3
    local scenario=${entry%%|*} rest=${entry#*|}
    local test=${rest%%|*} maze=${rest#*|}
    local name=${scenario%.scenario}-${device%%.*}-$seed
    local recording=$out/work/$name.evemu
    "$styluskit" synth "$fixtures/synth/$scenario" --like "$fixtures/recordings/real/$device" --seed "$seed" \
        --output "$recording" --force >/dev/null
    local maze_args=()
    [[ -n $maze ]] && maze_args=(--maze "$maze")
    "$styluskit" replay "$recording" --test "$test" "${maze_args[@]}" --out "$out/synth/$test" --force >/dev/null
}
export -f session
export styluskit out fixtures

# The tests take turns; each test's scenarios and the devices vary independently of each other.
for ((seed = 1; seed <= sessions; seed++)); do
    turn=$(((seed - 1) / 3))
    case $(((seed - 1) % 3)) in
    0) entry=${clock[$((turn % ${#clock[@]}))]} ;;
    1) entry=${maze[$((turn % ${#maze[@]}))]} ;;
    2) entry=${sdt[$((turn % ${#sdt[@]}))]} ;;
    esac
    device=${devices[$(((turn + turn / ${#devices[@]}) % ${#devices[@]}))]}
    printf '%s\0%s\0%s\0' "$seed" "$entry" "$device"
done | xargs -0 -n 3 -P "$jobs" bash -c 'session "$@"' _

for recording in "$fixtures"/recordings/real/*.events "$fixtures"/recordings/real/*.evemu; do
    [[ $(head -c 6 "$recording") == '# EVEM' ]] || continue # events-only files need their .desc
    "$styluskit" replay "$recording" --test clock --out "$out/real" --force >/dev/null
    if [[ $with_recordings == --with-recordings ]]; then
        mkdir -p "$out/recordings"
        cp "$recording" "$out/recordings/"
    fi
done

# Names Hadoop's path lists and globs read specially (a comma, brackets, braces, a star), and a
# sibling that a comma's stand-in wildcard also matches: each must be measured once, as itself.
first=$(find "$out/synth/clock" -name '*.csk' | sort | sed -n 1p)
maze=$(find "$out/synth/maze" -name '*.msk' | sort | sed -n 1p)
mkdir -p "$out/odd"
cp "$first" "$out/odd/a, b [1] {x}*.csk"
cp "$maze" "$out/odd/aX b [1] {x}*.msk"

# A results file cut off mid-element, and a file named as a results file that is not XML.
head -c 2000 "$first" >"$out/bad/cut-off.csk"
printf 'not a results file\n' >"$out/bad/not-xml.msk"
rm -rf "$out/work"

count() { find "$out/$1" -type f | wc -l; }
echo "corpus: $(count synth/clock) clock, $(count synth/maze) maze, $(count synth/sdt) symbol-digit sessions," \
    "$(count real) real recordings replayed, $([[ -d $out/recordings ]] && count recordings || echo 0) recordings," \
    "$(count odd) oddly named, $(count bad) bad inputs in $out"
