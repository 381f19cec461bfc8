#!/usr/bin/env bash
# Fuzzes every parser for SECONDS each under libFuzzer and AddressSanitizer, and prints a table of the runs
# (ROBUSTNESS.md): executions, coverage from the seeds and at the end, corpus, peak memory, findings.
#   scripts/fuzz-all.sh SECONDS        (make fuzz FUZZ_SECONDS=N)
# Environment: FUZZ_JOBS (runs at once, default 2), FUZZ_TARGETS (a subset, space-separated), and fuzz.sh's
# FUZZ_CONFIGURATION, FUZZ_SCRATCH, FUZZ_WORK, FUZZ_NO_BUILD. Logs go to $FUZZ_WORK/logs/TARGET.log.
# Exits 1 when a run found something (a crash-, leak-, oom- or timeout- file; re-run a timeout alone before
# believing it: on a loaded machine an input can wait longer than the 10 s limit for the CPU).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]] || [ "$1" -lt 1 ]; then
    echo "usage: scripts/fuzz-all.sh SECONDS (each parser is fuzzed that long)" >&2
    exit 2
fi
seconds=$1
all="web-request protocol ranges manifest scores trail-layout journal journal-recovery evemu evemu-desc libinput adf
maze battery tablet-profile display-profile settings edid"
targets=${FUZZ_TARGETS:-$all}
jobs=${FUZZ_JOBS:-2}
work=${FUZZ_WORK:-.fuzz}
mkdir -p "$work/logs"

# One binary for every target (fuzz-any, chosen by STYLUSKIT_FUZZ_TARGET): the first build compiles every
# dependency with coverage and ASan, and one link serves all eighteen. Then FUZZ_JOBS runs at a time.
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
    FUZZ_BUILD_ONLY=1 bash scripts/fuzz.sh protocol 1
fi
minutes=$(awk -v s="$seconds" 'BEGIN { printf "%.4f", s / 60 }')
run() {
    local started status
    started=$(date +%s)
    status=0
    FUZZ_NO_BUILD=1 bash scripts/fuzz.sh "$1" "$minutes" >"$work/logs/$1.log" 2>&1 || status=$?
    echo "$status $(($(date +%s) - started))" >"$work/logs/$1.status"
}
for target in $targets; do
    rm -f "$work/logs/$target.status"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    echo "fuzz-all.sh: fuzzing $target for $seconds s ($(date -u +%H:%M:%S) UTC)" >&2
    run "$target" &
done
wait

# The table, from libFuzzer's own lines: INITED (the seeds loaded), the last status line, and its final stats.
python3 - "$work" $targets <<'PY'
import os, re, sys
work, targets = sys.argv[1], sys.argv[2:]
print("| target | seconds | executions | exec/s | cov / ft from the seeds | cov / ft at the end (corpus) | peak RSS MB | result |")
print("|---|---|---|---|---|---|---|---|")
found = False
for target in targets:
    log = open(os.path.join(work, "logs", target + ".log"), errors="replace").read()
    status, elapsed = (open(os.path.join(work, "logs", target + ".status")).read().split() + ["?", "?"])[:2]
    stat = dict(re.findall(r"^stat::(\w+):\s+(\d+)", log, re.M))
    inited = re.search(r"INITED cov: (\d+) ft: (\d+)", log)
    last = re.findall(r"cov: (\d+) ft: (\d+) corp: (\d+)", log)
    artifacts = sorted(set(re.findall(r"Test unit written to (\S+)", log)))
    result = "none"
    if artifacts:
        found = True
        result = "**" + ", ".join(os.path.basename(a) for a in artifacts) + "**"
    elif status != "0":
        found = True
        result = f"**exit {status}** (see {work}/logs/{target}.log)"
    start = f"{inited.group(1)} / {inited.group(2)}" if inited else "?"
    end = f"{last[-1][0]} / {last[-1][1]} ({last[-1][2]})" if last else "?"
    print(f"| `{target}` | {elapsed} | {int(stat.get('number_of_executed_units', 0)):,} | "
          f"{stat.get('average_exec_per_sec', '?')} | {start} | {end} | {stat.get('peak_rss_mb', '?')} | {result} |")
sys.exit(1 if found else 0)
PY
