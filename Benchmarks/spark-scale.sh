#!/usr/bin/env bash
# make bench-spark: the Spark job's cost per file at scale (issue 32 item 6).
#
# A corpus of FILES results files (default 5000) is made under /tmp by copying the Spark test's
# synthesized and real results files under distinct names (integrations/spark/make-corpus.sh makes
# them once). `styluskit features --jobs 1` measures it (the three tables, one run per level: the
# baseline), then the Spark job does, on each configuration of RUNS:
#
#   standalone-N  a standalone master and N workers of one core each on 127.0.0.1
#   local-N       --master local[N]
#
# Each Spark run's summary (--summary-json) says where its time went: the driver's phases (session
# start, listing, the measuring pass, each table's write) and, summed over the tasks, the Python
# worker's (receiving the bytes, copying them to local files, styluskit's runs and their CPU time,
# reading the rows, writing them out). The report (spark-scale-report.py) puts the fixed cost
# (everything but the measuring pass: JVM and session start, listing, table writes) apart from the
# steady-state files/s per executor core of the measuring pass, against features --jobs 1.
#
#   STYLUSKIT=PATH      the binary (default .build/release/styluskit: build it with
#                       swift build -c release --product styluskit)
#   SPARK_SCALE_FILES   files in the corpus (default 5000)
#   SPARK_SCALE_RUNS    configurations (default "standalone-1 standalone-2 local-2")
#   SPARK_SCALE_DIR     where the corpus and the tables go (default ${TMPDIR:-/tmp}/styluskit-spark-scale;
#                       never the repository: the corpus is hundreds of megabytes)
#   SPARK_STATE         the PySpark venv, as for make test-spark (default .build-spark)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
here=$root/integrations/spark
files=${SPARK_SCALE_FILES:-5000}
runs=${SPARK_SCALE_RUNS:-standalone-1 standalone-2 local-2}
work=${SPARK_SCALE_DIR:-${TMPDIR:-/tmp}/styluskit-spark-scale}
state=${SPARK_STATE:-$root/.build-spark}
venv=$state/venv
styluskit=${STYLUSKIT:-.build/release/styluskit}
if [[ ! -x $styluskit ]]; then
    echo "spark-scale: no styluskit binary at $styluskit; build it with swift build -c release --product styluskit," \
        "or set STYLUSKIT" >&2
    exit 1
fi
styluskit=$(realpath "$styluskit")
if ! command -v java >/dev/null 2>&1; then
    echo "spark-scale: no java on PATH; Spark needs Java 17: apt-get install openjdk-17-jre-headless (scripts/setup.sh does)" >&2
    exit 1
fi
if [[ ! -x $venv/bin/spark-submit ]]; then
    echo "spark-scale: no PySpark venv in $venv; make test-spark makes it (or set SPARK_STATE)" >&2
    exit 1
fi
export PATH="$venv/bin:$PATH"
export PYSPARK_PYTHON=$venv/bin/python PYSPARK_DRIVER_PYTHON=$venv/bin/python
export SPARK_HOME=$("$venv/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
export SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_HOSTNAME=localhost
unset SPARK_CONF_DIR HADOOP_CONF_DIR YARN_CONF_DIR

mkdir -p "$work"
work=$(realpath "$work")
# Every Spark process started here runs in its own process group, stopped after its run and on exit.
source "$here/process-groups.sh"
stop_all() {
    local status=$?
    stop_groups
    exit "$status"
}
trap stop_all EXIT INT TERM
say() { echo "spark-scale: $*" >&2; }

# The corpus: the base results files (made once by make-corpus.sh), copied under distinct names
# until there are FILES of them.
base=$work/base
if [[ ! -f $base/.complete ]]; then
    say "making the base results files with make-corpus.sh"
    rm -rf "$base"
    bash "$here/make-corpus.sh" "$styluskit" "$base" "${SPARK_SCALE_SESSIONS:-210}" >&2
    touch "$base/.complete"
fi
# The marker that the corpus is whole sits beside it: in it, the job would count it as a skipped file.
corpus=$work/corpus-$files
if [[ ! -f $corpus.complete ]]; then
    say "copying the base results files into $files distinct files in $corpus"
    rm -rf "$corpus"
    python3 - "$base" "$corpus" "$files" <<'EOF'
import os, shutil, sys
base, corpus, wanted = sys.argv[1], sys.argv[2], int(sys.argv[3])
sources = sorted(os.path.join(folder, name)
                 for part in ("synth", "real") for folder, _, names in os.walk(os.path.join(base, part)) for name in names)
made, copy = 0, 0
while made < wanted:
    copy += 1
    folder = os.path.join(corpus, f"copy{copy:03d}")
    os.makedirs(folder)
    for source in sources[: wanted - made]:
        stem, extension = os.path.splitext(os.path.basename(source))
        shutil.copyfile(source, os.path.join(folder, f"{stem}-copy{copy:03d}{extension}"))
        made += 1
EOF
    touch "$corpus.complete"
fi
count=$(find "$corpus" -type f -name '*sk' | wc -l)
say "corpus: $count results files ($(du -sh "$corpus" | cut -f1)) in $corpus"

# The baseline: features --jobs 1, one run per level, wall and CPU seconds.
baseline=$work/features-jobs1-$files.txt
: >"$baseline"
for level in stroke step test; do
    /usr/bin/time -f "$level %e %U %S %M" -a -o "$baseline" \
        "$styluskit" features --level "$level" --format json --jobs 1 --quiet "$corpus" >/dev/null
done
say "features --jobs 1 (level wall user system maxrss-KB): $(paste -sd ';' "$baseline")"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
start_daemon() { # LOG CLASS ARGS...: a Spark daemon in its own process group
    local log=$1
    shift
    setsid "$SPARK_HOME/bin/spark-class" "$@" >"$log" 2>&1 &
    groups+=($!)
}
common=(--conf spark.driver.host=127.0.0.1 --conf spark.driver.bindAddress=127.0.0.1 --conf spark.ui.enabled=false
    --conf spark.log.level=WARN --driver-java-options "-Dlog4j2.level=warn")

summaries=()
for configuration in $runs; do
    kind=${configuration%-*}
    cores=${configuration##*-}
    out=$work/tables-$configuration
    log=$work/$configuration.log
    rm -rf "$out"
    case $kind in
    standalone)
        master_port=$(free_port)
        master_ui=$(free_port)
        master=spark://127.0.0.1:$master_port
        start_daemon "$work/$configuration-master.log" org.apache.spark.deploy.master.Master --host 127.0.0.1 \
            --port "$master_port" --webui-port "$master_ui"
        for ((worker = 1; worker <= cores; worker++)); do
            mkdir -p "$work/$configuration-worker$worker"
            start_daemon "$work/$configuration-worker$worker.log" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 \
                --port "$(free_port)" --webui-port "$(free_port)" --cores 1 --memory 2g \
                --work-dir "$work/$configuration-worker$worker" "$master"
        done
        alive=0
        for _ in $(seq 240); do
            alive=$(python3 -c 'import json, sys, urllib.request
print(json.load(urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/json/", timeout=2)).get("aliveworkers", 0))' \
                "$master_ui" 2>/dev/null || echo 0)
            ((alive >= cores)) && break
            sleep 0.5
        done
        if ((alive < cores)); then
            say "the workers did not register with $master in 120 s"
            tail -n 20 "$work/$configuration"-*.log >&2
            exit 1
        fi
        submit=(--master "$master" --total-executor-cores "$cores" --executor-memory 1500m --files "$styluskit"
            "$here/styluskit_features.py" --binary "$(basename "$styluskit")")
        ;;
    local)
        submit=(--master "local[$cores]" --driver-memory 2g "$here/styluskit_features.py" --binary "$styluskit") ;;
    *)
        say "unknown configuration $configuration: give standalone-N or local-N"
        exit 64
        ;;
    esac
    say "spark-submit $configuration"
    begin=${EPOCHREALTIME/./}
    set +e
    "$venv/bin/spark-submit" "${common[@]}" "${submit[@]}" --out "$out" --summary-json "$work/$configuration.json" \
        "$corpus" >"$log" 2>&1
    status=$?
    set -e
    wall=$(awk -v us=$((${EPOCHREALTIME/./} - begin)) 'BEGIN { printf "%.3f", us / 1e6 }')
    grep '^styluskit-spark:' "$log" >&2 || true
    if ((status != 0)); then
        say "spark-submit $configuration exited $status; the end of $log:"
        tail -n 40 "$log" >&2
        exit 1
    fi
    python3 - "$work/$configuration.json" "$configuration" "$wall" "$cores" <<'EOF'
import json, sys
path, name, wall, cores = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
summary = json.load(open(path))
summary["configuration"], summary["submit_wall_s"], summary["executor_cores"] = name, wall, cores
json.dump(summary, open(path, "w"), indent=2)
EOF
    summaries+=("$work/$configuration.json")
    stop_groups
done

python3 "$root/Benchmarks/spark-scale-report.py" --files "$count" --baseline "$baseline" "${summaries[@]}"
