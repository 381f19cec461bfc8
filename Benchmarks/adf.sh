#!/usr/bin/env bash
# ADF write and read throughput against libxml2 baselines measured in the same run
# (issue 7, part 3). A benchmark, not a test: it prints figures and asserts nothing about
# speed; it fails only if the comparison itself is invalid (the two writers' documents differ,
# or a reader sees the wrong number of points).
#
#   Benchmarks/adf.sh [N]        N points (default 1000000); also: make bench-adf N=...
#
# Environment: RUNS (default 3; each figure is the best of RUNS runs), CC (default cc),
# TMPDIR (where the files are written: use a disk-backed directory, as results are).
#
# write: Benchmarks/adf-write.c (libxml2's xmlTextWriter driven directly, snprintf numbers)
#        vs adf-bench write (ADFRecorder: spooled points, then the document); both fsync.
# read:  xmllint --stream --noout (libxml2's xmlTextReader, nothing kept)
#        vs adf-bench read (ADFReader.forEachPoint: every point as a model value), in CPU time.
# Ratios are our time / the baseline's time: 1.00x is as fast, the targets are <= 1.50x (write)
# and <= 1.20x (read, issue 32).
set -euo pipefail

n=${1:-1000000}
runs=${RUNS:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/adf-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

for tool in "${CC:-cc}" pkg-config xmllint swift python3; do
    command -v "$tool" >/dev/null || { echo "adf.sh: $tool is missing; run scripts/setup.sh" >&2; exit 1; }
done

echo "adf.sh: building the C baseline and adf-bench (release)..." >&2
# -ffp-contract=off: no fused multiply-adds, so the C values are bit-identical to Swift's.
"${CC:-cc}" -O2 -ffp-contract=off "$root/Benchmarks/adf-write.c" \
    $(pkg-config --cflags --libs libxml-2.0) -lm -o "$work/adf-write"
(cd "$root" && swift build -c release --product adf-bench >&2)
bench="$(cd "$root" && swift build -c release --show-bin-path)/adf-bench"

now() { date +%s%N; }

# best LABEL PREPARE COMMAND...: runs PREPARE (untimed) and COMMAND RUNS times; sets $best
# to the shortest wall time in seconds and $output to the last run's standard output.
best() {
    local prepare=$1; shift
    best=""
    local i start stop seconds
    for ((i = 0; i < runs; i++)); do
        eval "$prepare"
        start=$(now)
        output=$("$@")
        stop=$(now)
        seconds=$(awk -v a="$start" -v b="$stop" 'BEGIN { printf "%.6f", (b - a) / 1e9 }')
        if [[ -z $best ]] || awk -v s="$seconds" -v b="$best" 'BEGIN { exit !(s < b) }'; then
            best=$seconds
        fi
    done
}

c_file="$work/c.msk"
swift_file="$work/swift.msk"

best "rm -f '$c_file'" "$work/adf-write" "$n" "$c_file"
write_c=$best
best "rm -f '$swift_file'" "$bench" write "$n" "$swift_file"
write_swift=$best

if ! cmp -s "$c_file" "$swift_file"; then
    echo "adf.sh: the C baseline and ADFRecorder wrote different documents; the comparison is invalid:" >&2
    cmp "$c_file" "$swift_file" >&2 || true
    exit 1
fi
bytes=$(stat -c %s "$swift_file")

# The reads in CPU time (user + system, getrusage): the machine is shared, and a read is all CPU.
best_cpu() {
    best=""
    local i seconds
    for ((i = 0; i < runs; i++)); do
        seconds=$(python3 -c 'import resource, subprocess, sys
out = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, check=True).stdout.decode()
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.6f %s" % (r.ru_utime + r.ru_stime, out.strip()))' "$@")
        output=${seconds#* }
        seconds=${seconds%% *}
        if [[ -z $best ]] || awk -v s="$seconds" -v b="$best" 'BEGIN { exit !(s < b) }'; then
            best=$seconds
        fi
    done
}
best_cpu xmllint --stream --noout "$swift_file"
read_c=$best
best_cpu "$bench" read "$swift_file"
read_swift=$best
if [[ $output != "points $n "* ]]; then
    echo "adf.sh: ADFReader read '$output', expected $n points" >&2
    exit 1
fi

row() { # NAME SECONDS [BASELINE_SECONDS [TARGET]]
    awk -v name="$1" -v s="$2" -v base="${3:-}" -v target="${4:-1.5}" -v n="$n" -v bytes="$bytes" 'BEGIN {
        ratio = base == "" ? "(baseline)" : sprintf("%.2fx%s", s / base, s / base <= target ? "" : "  MISSES " target "x")
        printf "  %-44s %9.3f s %12.0f %9.1f   %s\n", name, s, n / s, bytes / s / 1e6, ratio
    }'
}

echo "ADF benchmark: $n points, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB document, best of $runs runs"
echo "  machine: $(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo), $(uname -sr)"
printf "  %-44s %11s %12s %9s   %s\n" "" "time" "points/s" "MB/s" "ratio (target: write <= 1.50x, read <= 1.20x)"
row "write: C, libxml2 xmlTextWriter" "$write_c"
row "write: ADFRecorder" "$write_swift" "$write_c"
row "read: xmllint --stream --noout (CPU)" "$read_c"
row "read: ADFReader.forEachPoint (CPU)" "$read_swift" "$read_c" 1.2
