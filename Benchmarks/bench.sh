#!/usr/bin/env bash
# StylusKit's benchmarks (issue 7): each figure next to a baseline measured in the same run,
# as a ratio, printed and written as a Markdown table. A benchmark, not a test: it asserts
# nothing about speed; it fails only when a comparison is invalid (two parsers read different
# numbers of events) or a step fails.
#
#   Benchmarks/bench.sh            the full run (make bench): writes BENCHMARKS.md
#   BENCH_MINUTES=0.05 RUNS=1 ADF_N=1000 STARTUP_RUNS=2 BENCH_OUT=/tmp/x.md Benchmarks/bench.sh
#                                  a smoke run of the harness (make bench-smoke)
#   BENCH_ONLY=parse Benchmarks/bench.sh
#                                  the parse rows alone (section 1), printed, BENCHMARKS.md untouched
#
# Environment: BENCH_MINUTES (the long recording, default 60; the short one is a sixth of it),
# RUNS (best of, default 3), ADF_N (points of the ADF benchmark, default 1000000),
# STARTUP_RUNS (default 20), FEATURES_N (results files measured by features, default 1000),
# FEATURES_RECORDINGS (recordings features replays in memory, default 20),
# BENCH_OUT (default BENCHMARKS.md), TMPDIR (the generated files:
# about 9 MB a minute of recording, all removed at the end).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
minutes=${BENCH_MINUTES:-60}
runs=${RUNS:-3}
adf_n=${ADF_N:-1000000}
startup_runs=${STARTUP_RUNS:-20}
features_n=${FEATURES_N:-1000}
features_recordings=${FEATURES_RECORDINGS:-20}
out=${BENCH_OUT:-$root/BENCHMARKS.md}
real="$root/Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events"
work=$(mktemp -d "${TMPDIR:-/tmp}/stylus-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

for tool in "${CC:-cc}" pkg-config swift wc awk python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench.sh: $tool is missing; run scripts/setup.sh" >&2; exit 1; }
done

echo "bench.sh: building (release)..." >&2
"${CC:-cc}" -O2 "$root/Benchmarks/evemu-parse.c" $(pkg-config --cflags --libs evemu) -o "$work/evemu-parse"
if [[ ${BENCH_ONLY:-} != parse ]]; then (cd "$root" && swift build -c release --product styluskit >&2); fi
(cd "$root" && swift build -c release --product stylus-bench >&2)
bin=$(cd "$root" && swift build -c release --show-bin-path)
bench="$bin/stylus-bench"
styluskit="$bin/styluskit"

now() { date +%s%N; }
# seconds START STOP
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", (b - a) / 1e9 }'; }
# best COMMAND...: the shortest wall time of RUNS runs in $best, the last output in $output.
best() {
    best=""
    local i start stop s
    for ((i = 0; i < runs; i++)); do
        start=$(now)
        output=$("$@")
        stop=$(now)
        s=$(seconds "$start" "$stop")
        if [[ -z $best ]] || awk -v s="$s" -v b="$best" 'BEGIN { exit !(s < b) }'; then best=$s; fi
    done
}
# median N COMMAND...: the median wall time of N runs, in milliseconds, in $median.
median() {
    local n=$1; shift
    local i start stop times=()
    for ((i = 0; i < n; i++)); do
        start=$(now)
        "$@" >/dev/null 2>&1 || true
        stop=$(now)
        times+=("$(awk -v a="$start" -v b="$stop" 'BEGIN { printf "%.3f", (b - a) / 1e6 }')")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
}
# best_cpu COMMAND...: the least CPU time (user + system, from getrusage) of RUNS runs in $best.
best_cpu() {
    best=""
    local i s
    for ((i = 0; i < runs; i++)); do
        s=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.6f" % (r.ru_utime + r.ru_stime))' "$@")
        if [[ -z $best ]] || awk -v s="$s" -v b="$best" 'BEGIN { exit !(s < b) }'; then best=$s; fi
    done
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }

rows=()   # Markdown table rows: | figure | value | baseline | baseline value | ratio | target |
row() { rows+=("| $1 | $2 | $3 | $4 | $5 | $6 |"); printf '  %-52s %-22s %-34s %-22s %-8s %s\n' "$@"; }

echo "bench.sh: generating the ${minutes}-minute and the $(awk -v m="$minutes" 'BEGIN { print m / 6 }')-minute 266 Hz recordings..." >&2
long="$work/long.events"
short="$work/short.events"
"$bench" generate "$(awk -v m="$minutes" 'BEGIN { print m * 60 }')" "$real" "$long"
"$bench" generate "$(awk -v m="$minutes" 'BEGIN { print m * 10 }')" "$real" "$short"

echo
echo "StylusKit benchmarks: $(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo), best of $runs runs"

# 1. Parse throughput, in CPU time (the machine is shared: wall time would measure the neighbours
#    too). The two parsers time their own CPU from opening the file to its last event (best of
#    RUNS), so process start-up does not count (it would swamp the 2 MB real recording); wc -l has
#    no such clock: its CPU time (getrusage, microseconds) less its CPU time on the file's
#    description alone.
echo "1. parse throughput" >&2
# self_timed COMMAND...: the least "seconds S" a command printed over RUNS runs in $best.
self_timed() {
    best=""
    local i s
    for ((i = 0; i < runs; i++)); do
        output=$("$@")
        s=${output##* seconds }
        if [[ -z $best ]] || awk -v s="$s" -v b="$best" 'BEGIN { exit !(s < b) }'; then best=$s; fi
    done
}
parse_figures() { # LABEL FILE
    local label=$1 file=$2 headeronly="$work/header-only.events"
    grep -v '^E:' "$file" >"$headeronly"
    local events bytes
    events=$(grep -c '^E:' "$file")
    bytes=$(stat -c %s "$file")
    self_timed "$bench" parse "$file"; local net_ours=$best
    [[ $output == "events $events "* ]] || { echo "bench.sh: RecordingReader read '$output' from $file, expected $events events" >&2; exit 1; }
    local ours_out=${output%% seconds *}
    self_timed "$work/evemu-parse" "$file"; local net_evemu=$best
    # Same count and the same sum of values, or the two parsers did not read the same events.
    [[ $ours_out == "${output%% seconds *}" ]] || { echo "bench.sh: libevemu read '$output' from $file, we read '$ours_out'" >&2; exit 1; }
    best_cpu wc -l "$headeronly"; local wc0=$best
    best_cpu wc -l "$file"; local wc=$best
    local net_wc
    net_wc=$(awk -v a="$wc" -v b="$wc0" 'BEGIN { d = a - b; printf "%.6f", (d > 1e-6) ? d : 1e-6 }')
    rate() { awk -v s="$1" -v e="$events" -v b="$bytes" 'BEGIN { printf "%.2f M events/s, %.0f MB/s", e / s / 1e6, b / s / 1e6 }'; }
    local size
    size=$(awk -v e="$events" -v b="$bytes" 'BEGIN { printf "%.0f k events, %.1f MB", e / 1e3, b / 1e6 }')
    row "parse $label ($size): RecordingReader" "$(rate "$net_ours")" "libevemu evemu_read_event" "$(rate "$net_evemu")" \
        "$(ratio "$net_ours" "$net_evemu")" "< 1.00x"
    row "parse $label: RecordingReader, CPU" "$(printf '%.6f' "$net_ours") s" "wc -l (reading the bytes), CPU" "${net_wc} s" \
        "$(ratio "$net_ours" "$net_wc")" "<= 3.00x"
}
parse_figures "${minutes}-min synthetic 266 Hz" "$long"
parse_figures "Wacom-Cintiq-22HDT-Pen.events" "$real"
if [[ ${BENCH_ONLY:-} == parse ]]; then
    echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
    exit 0
fi

# 2. Pipeline cost per frame, timed per frame with CLOCK_MONOTONIC; the baseline is the cost of
#    the two clock reads themselves.
echo "2. pipeline cost per frame" >&2
pipeline=$("$bench" pipeline "$long" "$work/pipeline.csk")
field() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' <<<"$pipeline"; }
frames=$(field frames); p_median=$(field median); p_999=$(field p999); p_mean=$(field mean)
o_median=$(field overhead_median); o_999=$(field overhead_p999)
row "pipeline per frame, median (${frames} frames)" "${p_median} ns" "two clock_gettime (timing overhead)" "${o_median} ns" \
    "$(ratio "$p_median" "$o_median")" "< 1000 ns"
row "pipeline per frame, p99.9" "${p_999} ns" "two clock_gettime, p99.9" "${o_999} ns" "$(ratio "$p_999" "$o_999")" ""
row "pipeline: one core's share at 1 kHz (mean ${p_mean} ns)" \
    "$(awk -v m="$p_mean" 'BEGIN { printf "%.3f %%", m * 1000 / 1e9 * 100 }')" "" "" "" ""
row "pipeline: writing the results file at the end" \
    "$(awk -v n="$(field finish_ns)" 'BEGIN { printf "%.2f s", n / 1e9 }')" "" "" "" "once per session"

# 3. ADF write and read: Benchmarks/adf.sh's figures.
echo "3. ADF write and read (Benchmarks/adf.sh $adf_n)" >&2
adf=$(RUNS=$runs bash "$root/Benchmarks/adf.sh" "$adf_n")
adf_time() { awk -v k="$1" 'index($0, k) { for (i = 1; i <= NF; i++) if ($(i + 1) == "s") { print $i; exit } }' <<<"$adf"; }
w_c=$(adf_time "write: C"); w_s=$(adf_time "write: ADFRecorder")
r_c=$(adf_time "read: xmllint"); r_s=$(adf_time "read: ADFReader")
row "ADF write, $adf_n points: ADFRecorder" "${w_s} s" "libxml2 xmlTextWriter (C)" "${w_c} s" "$(ratio "$w_s" "$w_c")" "<= 1.50x"
row "ADF read, $adf_n points: ADFReader.forEachPoint, CPU" "${r_s} s" "xmllint --stream --noout, CPU" "${r_c} s" \
    "$(ratio "$r_s" "$r_c")" "<= 1.20x"

# 4. Memory: peak RSS of styluskit replay, the long recording against the short one.
echo "4. memory" >&2
rss() { # FILE -> kB
    rm -rf "$work/replay" && mkdir -p "$work/replay"
    /usr/bin/time -f %M -o "$work/rss" "$styluskit" replay "$1" --test clock --out "$work/replay" --force >/dev/null
    cat "$work/rss"
}
rss_short=$(rss "$short")
rss_long=$(rss "$long")
short_label="$(awk -v m="$minutes" 'BEGIN { print m / 6 }') min"
row "peak RSS, styluskit replay ${minutes} min into ADF" "$((rss_long / 1024)) MB" "the same, ${short_label}" \
    "$((rss_short / 1024)) MB" "$(ratio "$rss_long" "$rss_short")" "flat (~1.00x)"

# 5. Live latency: the real-kernel VM run writes it (make test-vm).
echo "5. live latency" >&2
latency_file="$root/.build-vm/latency.txt"
if [[ -s $latency_file ]]; then
    latency=$(tr '\n' ' ' <"$latency_file" | sed 's/|/\//g; s/ *$//')
    row "live latency, kernel timestamp to proctor decision" "$latency" "" "" "" "(from make test-vm)"
else
    row "live latency, kernel timestamp to proctor decision" "not measured in this run" "" "" "" "run make test-vm first"
fi

# 6. Start-up: median wall time of STARTUP_RUNS runs, against starting /bin/true.
echo "6. start-up" >&2
median "$startup_runs" /bin/true; true_ms=$median
median "$startup_runs" "$styluskit" devices; devices_ms=$median
median "$startup_runs" "$styluskit" info "$real"; info_ms=$median
median "$startup_runs" "$work/evemu-parse" "$real"; evemu_ms=$median
row "start-up: styluskit devices (median of $startup_runs)" "${devices_ms} ms" "/bin/true" "${true_ms} ms" \
    "$(ratio "$devices_ms" "$true_ms")" ""
row "start-up: styluskit info 22HDT (median of $startup_runs)" "${info_ms} ms" "evemu-parse on the same file" "${evemu_ms} ms" \
    "$(ratio "$info_ms" "$evemu_ms")" ""

# The proctor's own per-sample benchmark, when this tree has it.
if grep -q '"proctor-bench"' "$root/Package.swift" 2>/dev/null; then
    echo "proctor-bench" >&2
    (cd "$root" && swift build -c release --product proctor-bench >&2)
    proctor=$("$bin/proctor-bench" 2>&1 | tail -n 6 | tr '\n' ' ' | sed 's/|/\//g')
    row "proctor per sample (proctor-bench)" "$proctor" "" "" "" ""
else
    row "proctor per sample (proctor-bench)" "not measured in this run" "" "" "" ""
fi

# 7. features throughput: inputs per second with one job against two (or the machine's cores),
#    over a corpus of results files (the real recordings replayed, the golden maze and
#    symbol-digit files, copied round to FEATURES_N) and of recordings replayed in memory.
echo "7. features throughput" >&2
corpus="$work/features-corpus"
mkdir -p "$corpus/replayed" "$corpus/results" "$corpus/recordings"
for recording in "$root"/Fixtures/recordings/real/*.events "$root"/Fixtures/recordings/real/*.evemu; do
    desc=()
    [[ $recording == *Intuos4* ]] && desc=(--desc "$root/Fixtures/recordings/real/Wacom-Intuos4-6x9.desc")
    [[ $recording == *stylus-move* ]] && continue # never touches: an empty results file
    "$styluskit" replay "$recording" "${desc[@]}" --test clock --out "$corpus/replayed" >/dev/null
done
sources=("$corpus"/replayed/*.csk "$root/Fixtures/golden/maze-small.msk" "$root/Fixtures/golden/symbol-digit-small.ssk")
for ((i = 0; i < features_n; i++)); do
    source=${sources[i % ${#sources[@]}]}
    ln "$source" "$corpus/results/$(printf '%05d' "$i").${source##*.}" 2>/dev/null || cp "$source" "$corpus/results/$(printf '%05d' "$i").${source##*.}"
done
for ((i = 0; i < features_recordings; i++)); do
    cp "$real" "$corpus/recordings/$(printf '%05d' "$i").events"
done
points=$("$styluskit" features --quiet --level test "$corpus/results" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "points") c = i; next } { s += $c } END { print s }')
cores=$(nproc)
jobs=$((cores > 1 ? cores : 2))
# features_rate LABEL DIR N [OPTIONS...]: one job against $jobs, files per second (best wall time)
# and the CPU time (user + system, of the last run): on a machine shared with other work the wall
# time's ratio shows less than the CPU time, which says whether the jobs contend.
features_rate() {
    local label=$1 dir=$2 n=$3
    shift 3
    best /usr/bin/time -f "%U %S" -o "$work/features-cpu" "$styluskit" features --quiet --jobs 1 --out "$work/features-out" \
        --force "$dir" "$@"
    local one=$best one_cpu
    one_cpu=$(awk '{ print $1 + $2 }' "$work/features-cpu")
    best /usr/bin/time -f "%U %S" -o "$work/features-cpu" "$styluskit" features --quiet --jobs "$jobs" --out "$work/features-out" \
        --force "$dir" "$@"
    local all=$best all_cpu
    all_cpu=$(awk '{ print $1 + $2 }' "$work/features-cpu")
    rate() { awk -v n="$n" -v s="$1" -v c="$2" 'BEGIN { printf "%.1f files/s (%.3f s wall, %.2f s CPU)", n / s, s, c }'; }
    row "features, $label: --jobs $jobs" "$(rate "$all" "$all_cpu")" "the same, --jobs 1" "$(rate "$one" "$one_cpu")" \
        "$(ratio "$all" "$one")" "~ 1/$jobs (= $(awk -v j="$jobs" 'BEGIN { printf "%.2fx", 1 / j }'))"
}
features_rate "$features_n results files ($points points), per stroke" "$corpus/results" "$features_n"
features_rate "$features_recordings 22HDT recordings replayed in memory, per stroke" "$corpus/recordings" "$features_recordings" --test clock

# features against BDALab's handwriting-features 1.0.9 (issue 32, item 4): CPU time on one core over the
# same FEATURES_BDALAB_N results files, the measures both compute (Benchmarks/bdalab-features.py says
# which). Ours: `features --level stroke --jobs 1` (every column, reading included), the least user +
# system time of RUNS runs less that of `styluskit --version` (start-up). BDALab's: the CPU time of handwriting-features'
# own work as the script times it (reading the XML into arrays, Python's start-up and imports left
# out), the least of RUNS runs. Its packages come from
# PyPI into .build/bdalab-venv-1, the venv the cross-check tests make; no PyPI, no row.
echo "7b. features against BDALab" >&2
bdalab_n=${FEATURES_BDALAB_N:-200}
bdalab_python=$root/.build/bdalab-venv-1/bin/python
bdalab_check="import handwriting_features, handwriting_sample, numpy; assert numpy.__version__ == '1.26.4'"
if ! "$bdalab_python" -c "$bdalab_check" 2>/dev/null; then
    timeout 120 python3 -m venv "$root/.build/bdalab-venv-1" >&2 || true
    timeout 600 "$bdalab_python" -m pip install --quiet --disable-pip-version-check --timeout 20 --retries 1 \
        handwriting-features==1.0.9 handwriting-sample==1.0.6 numpy==1.26.4 >&2 || true
fi
if "$bdalab_python" -c "$bdalab_check" 2>/dev/null; then
    mkdir -p "$corpus/bdalab"
    for file in $(ls "$corpus/results" | head -n "$bdalab_n"); do ln "$corpus/results/$file" "$corpus/bdalab/$file"; done
    bdalab_cpu=""
    for ((i = 0; i < runs; i++)); do
        bdalab=$("$bdalab_python" "$root/Benchmarks/bdalab-features.py" "$corpus"/bdalab/* 2>/dev/null | tail -n 1)
        c=${bdalab##* measures }
        c=${c%% *}
        if [[ -z $bdalab_cpu ]] || awk -v s="$c" -v b="$bdalab_cpu" 'BEGIN { exit !(s < b) }'; then bdalab_cpu=$c; fi
    done
    read -r _ _ b_files _ b_steps _ b_strokes _ b_points _ _ _ _ <<<"$bdalab"
    best_cpu "$styluskit" features --quiet --jobs 1 --level stroke --out "$work/bdalab-features" --force "$corpus/bdalab"
    ours_cpu=$best
    # Process start-up (a static binary's relocations, the runtime) is left out as Python's start-up and
    # imports are: the least CPU time of `styluskit --version`, taken from ours.
    best_cpu "$styluskit" --version
    startup_cpu=$best
    ours_cpu=$(awk -v a="$ours_cpu" -v b="$startup_cpu" 'BEGIN { printf "%.3f", a - b }')
    # The same strokes: features' stroke rows with points against the strokes BDALab was given.
    our_strokes=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "points") c = i; next } $c > 0 { n++ } END { print n + 0 }' \
        "$work/bdalab-features/features-stroke.csv")
    [[ $our_strokes == "$b_strokes" ]] || {
        echo "bench.sh: features measured $our_strokes strokes, BDALab $b_strokes; the comparison is invalid" >&2
        exit 1
    }
    per_core() { awk -v n="$b_files" -v c="$1" 'BEGIN { printf "%.3f s CPU (%.0f files/s a core)", c, n / c }'; }
    row "features vs BDALab, $b_files results files ($b_strokes strokes, $b_points points), CPU on one core" \
        "$(per_core "$ours_cpu") + ${startup_cpu} s start-up" "BDALab handwriting-features 1.0.9" "$(per_core "$bdalab_cpu")" \
        "$(awk -v a="$ours_cpu" -v b="$bdalab_cpu" 'BEGIN { printf "%.3fx (%.1f times as fast)", a / b, b / a }')" \
        "<= 0.050x (20 times as fast)"
else
    row "features vs BDALab handwriting-features" "not measured in this run" "" "" "" "PyPI unreachable: no venv"
fi

# 8. The patient window (issue 21): administer under Xvfb's software rendering, fed a synthesised maze
# session (ink, a wall-cross interruption's cover, ink taken back, the finish), once with the first
# full redraw and once with the incremental path, in this run. Frame cost is drawing and presenting
# one frame; latency is a pen event's kernel time to the present of the frame that shows it.
echo "8. patient window" >&2
if command -v Xvfb >/dev/null && command -v python3 >/dev/null; then
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$work/xvfb-display" >"$work/xvfb.log" 2>&1 &
    xvfb=$!
    # A failed step must not leave the server running.
    trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$work"' EXIT
    for _ in $(seq 100); do [[ -s $work/xvfb-display ]] && break; sleep 0.1; done
    display=":$(head -n 1 "$work/xvfb-display")"
    "$styluskit" synth "$root/Fixtures/synth/wall-cross-0.6s.scenario" --output "$work/wall-cross.evemu" >/dev/null
    # administer --json's figures: frame cost p50 p99, latency p50 p99 (ms), frames with pen data.
    window() {
        DISPLAY=$display SDL_AUDIODRIVER=dummy "$styluskit" administer --test maze --maze "$root/Fixtures/synth/detour.maze" \
            --feed "$work/wall-cross.evemu" --out "$work/administer-$1" --json --redraw "$1" >"$work/administer-$1.json" 2>/dev/null
        tail -n 1 "$work/administer-$1.json" | python3 -c 'import json, sys
s = json.load(sys.stdin)
print(s["frameCostP50Milliseconds"], s["frameCostP99Milliseconds"], s["latencyP50Milliseconds"], s["latencyP99Milliseconds"],
      s["framesWithPenData"], s["redraw"])' >"$work/administer-$1.figures"
    }
    window full
    window incremental
    read -r full_c50 full_c99 full_l50 full_l99 full_n full_mode <"$work/administer-full.figures"
    read -r inc_c50 inc_c99 inc_l50 inc_l99 inc_n inc_mode <"$work/administer-incremental.figures"
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    # Three decimals: the incremental frame is hundreds of times cheaper, which two would print as 0.00x.
    fine() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3fx", a / b }'; }
    row "administer frame cost (draw + present) p50, incremental ($inc_n frames)" "${inc_c50} ms" \
        "full redraw ($full_mode, $full_n frames)" "${full_c50} ms" "$(fine "$inc_c50" "$full_c50")" "<= 2 ms"
    row "administer frame cost p99, incremental" "${inc_c99} ms" "full redraw" "${full_c99} ms" "$(fine "$inc_c99" "$full_c99")" ""
    row "administer pen event to present p50, incremental" "${inc_l50} ms" "full redraw" "${full_l50} ms" \
        "$(fine "$inc_l50" "$full_l50")" "<= 8 ms"
    row "administer pen event to present p99, incremental" "${inc_l99} ms" "full redraw" "${full_l99} ms" \
        "$(fine "$inc_l99" "$full_l99")" "<= 17 ms (one 60 Hz refresh)"
else
    row "administer frame cost and latency under Xvfb" "not measured in this run" "" "" "" "install xvfb (scripts/setup.sh)"
fi

# 9. Corpora (issue 19): sessions per second over the Spark test's corpus (215 results files), with
#    features --jobs 1, --jobs 2 and the Spark job on a standalone cluster of two workers, from the
#    figures line `make test-spark` prints (integrations/spark/test-spark.sh: it installs PySpark in
#    a venv the first time). Set BENCH_SPARK=0 to leave it out (make bench-smoke does).
echo "9. corpora: features against Spark" >&2
if [[ ${BENCH_SPARK:-1} != 0 ]] && command -v java >/dev/null; then
    if figures=$(STYLUSKIT="$styluskit" bash "$root/integrations/spark/test-spark.sh" 2>&1 | grep '^test-spark: figures'); then
        rate() { sed -E "s/.*$1 [0-9.]+ s \(([0-9.]+)\/s\).*/\1/" <<<"$figures"; }
        one=$(rate "features --jobs 1"); two=$(rate "--jobs 2"); spark=$(rate "spark-submit standalone")
        row "corpus, Spark standalone (2 workers x 1 core)" "$spark files/s" "features --jobs 1" "$one files/s" \
            "$(awk -v a="$one" -v b="$spark" 'BEGIN { printf "%.2fx", a / b }')" "a cluster for corpora beyond one machine"
        row "corpus, features --jobs 2" "$two files/s" "features --jobs 1" "$one files/s" \
            "$(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2fx", a / b }')" "~ 0.5x on 2 cores"
    else
        row "corpus (Spark)" "make test-spark failed; see its output" "" "" "" ""
    fi
else
    row "corpus (Spark)" "not measured in this run (BENCH_SPARK=0 or no java)" "" "" "" ""
fi

# 10. The results browser (issue 31): the visit list over 10,000 visit folders and a test page's ink
#     through `styluskit serve`, against the same bytes as a static file (Benchmarks/serve.sh).
echo "10. the results browser" >&2
if figures=$(bash "$root/Benchmarks/serve.sh" "$styluskit" 2>&1 | grep '^serve-bench:'); then
    read -r _ _ list_n list_ours list_static list_bytes list_first <<<"$(grep ' list ' <<<"$figures")"
    read -r _ _ ink_n ink_ours ink_static ink_bytes <<<"$(grep ' ink ' <<<"$figures")"
    row "serve: visit list, $list_n visit folders ($((list_bytes / 1024)) KB), median" "${list_ours} ms" \
        "the same bytes as a static file (http.server)" "${list_static} ms" "$(ratio "$list_ours" "$list_static")" \
        "first request (every visit.json read): ${list_first} ms"
    row "serve: a test page's ink, 22HDT clock ($ink_n points, $((ink_bytes / 1024)) KB), median" "${ink_ours} ms" \
        "the same bytes as a static file (http.server)" "${ink_static} ms" "$(ratio "$ink_ours" "$ink_static")" \
        "first paint waits for it"
else
    row "serve (results browser)" "Benchmarks/serve.sh failed; see its output" "" "" "" ""
fi

{
    echo "# Benchmarks"
    echo
    echo "Written by \`make bench\` (Benchmarks/bench.sh); the notes after the table are kept by hand."
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- command: \`make bench\` (BENCH_MINUTES=$minutes RUNS=$runs ADF_N=$adf_n STARTUP_RUNS=$startup_runs" \
        "FEATURES_N=$features_n FEATURES_RECORDINGS=$features_recordings)"
    echo "- machine: $(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)," \
        "$(awk '/MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo) memory, $(uname -sr)," \
        "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
    echo "- swift: $(swift --version 2>/dev/null | head -n 1)"
    echo
    echo "Ratios are ours / the baseline's (lower is better), both measured in this run."
    echo
    echo "| figure | ours | baseline | baseline's | ratio | target |"
    echo "|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
    if [[ -f $root/Benchmarks/NOTES.md && $out == "$root/BENCHMARKS.md" ]]; then
        echo
        cat "$root/Benchmarks/NOTES.md"
    fi
} >"$out"
echo "bench.sh: wrote $out" >&2
