#!/usr/bin/env bash
# make test-spark: the Spark job on a real Spark standalone cluster on this machine.
#
# 1. A virtual environment with the pinned PySpark (cached in .build-spark/venv: reinstalled only
#    when requirements-test.txt changes).
# 2. The job's unit tests (pytest, on real results files, no Spark).
# 3. The corpus: SPARK_SESSIONS synthesized sessions of the three tests, the real recordings
#    replayed, the recordings themselves, oddly named files and deliberately bad inputs
#    (make-corpus.sh; kept in .build-spark while the binary and fixtures are the same).
# 4. A standalone master and two workers (one core each) bound to 127.0.0.1, the job submitted
#    with spark-submit (the binary shipped with --files, given each file's own path), every row
#    compared with `styluskit features` run locally (compare.py); then the same with --master
#    local[2] (the binary found on PATH) and --copy-inputs (the files read through binaryFiles).
#    Every process started here is stopped on exit, and every port they listen on is checked to be
#    on 127.0.0.1.
#
# STYLUSKIT is the binary to use (default: the debug build, which `make test` has already built:
# a release build would add many minutes of compiling to CI for a corpus measured in seconds).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
here=$root/integrations/spark
state=${SPARK_STATE:-$root/.build-spark}
venv=$state/venv
sessions=${SPARK_SESSIONS:-210}
styluskit=$(realpath "${STYLUSKIT:-.build/debug/styluskit}")
passed=0
failed=0
started=$(date +%s)

step() { echo "test-spark: $* ($(($(date +%s) - started)) s)"; }
check() { # NAME COMMAND...: runs a check, counts it
    local name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "test-spark: ok: $name"
    else
        failed=$((failed + 1))
        echo "test-spark: FAILED: $name"
    fi
}

if ! command -v java >/dev/null 2>&1; then
    echo "test-spark: no java on PATH; Spark needs Java 17: apt-get install openjdk-17-jre-headless (scripts/setup.sh does)" >&2
    exit 1
fi
if [[ ! -x $styluskit ]]; then
    echo "test-spark: no styluskit binary at $styluskit; build it with swift build --product styluskit, or set STYLUSKIT" >&2
    exit 1
fi

# 1. The virtual environment, reused while the requirements are the same.
mkdir -p "$state"
stamp=$venv/.requirements
if [[ ! -f $stamp ]] || ! cmp -s "$stamp" "$here/requirements-test.txt"; then
    step "installing $(tr '\n' ' ' <"$here/requirements-test.txt")into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements-test.txt"
    cp "$here/requirements-test.txt" "$stamp"
else
    step "reusing $venv"
fi
export PATH="$venv/bin:$PATH"
export PYSPARK_PYTHON=$venv/bin/python PYSPARK_DRIVER_PYTHON=$venv/bin/python
export SPARK_HOME=$("$venv/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
export SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_HOSTNAME=localhost
unset SPARK_CONF_DIR HADOOP_CONF_DIR YARN_CONF_DIR

run=$(mktemp -d "${TMPDIR:-/tmp}/styluskit-spark.XXXXXX")
source "$here/process-groups.sh"
stop_all() {
    local status=$?
    stop_groups
    rm -rf "$run"
    exit "$status"
}
trap stop_all EXIT INT TERM

# 2. Unit tests of the job's executor side on real files.
step "pytest"
STYLUSKIT=$styluskit check "pytest integrations/spark/tests" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"

# 3. The corpus.
# The corpus depends only on the binary, the corpus script and the fixtures it reads: kept in
# $state/corpus-KEY while they are the same (a changed binary makes a new one).
key=$(cat "$styluskit" "$here/make-corpus.sh" <(echo "$sessions") \
    <(find Fixtures/synth Fixtures/mazes Fixtures/recordings/real -type f | sort | xargs sha256sum) | sha256sum | cut -c1-16)
corpus=$state/corpus-$key
if [[ -f $corpus/.complete ]]; then
    step "reusing the corpus $corpus"
else
    step "making the corpus ($sessions synthesized sessions)"
    rm -rf "$state"/corpus-*
    bash "$here/make-corpus.sh" "$styluskit" "$corpus.partial" "$sessions" --with-recordings
    mv "$corpus.partial" "$corpus"
    touch "$corpus/.complete"
fi
inputs=("$corpus/synth" "file://$corpus/real" "$corpus/recordings" "$corpus/odd" "$corpus/bad/cut-off.csk" "$corpus/bad/not-xml.msk")
# A list file holds one more input, which the job reads through Hadoop's file system too.
missing=$corpus/bad/missing.csk
printf '# inputs given in a list\n%s\n' "$missing" >"$run/list.txt"
bad=(--expect-error "$corpus/bad/cut-off.csk" --expect-error "$corpus/bad/not-xml.msk" --expect-error "$missing")

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
start_daemon() { # LOG CLASS ARGS...: a Spark daemon in its own process group
    local log=$1
    shift
    setsid "$SPARK_HOME/bin/spark-class" "$@" >"$log" 2>&1 &
    groups+=($!)
}

# 4. The standalone cluster: a master and two workers of one core each.
master_port=$(free_port)
master_ui=$(free_port)
master=spark://127.0.0.1:$master_port
step "starting the standalone master $master and two workers"
start_daemon "$run/master.log" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$master_port" --webui-port "$master_ui"
for worker in 1 2; do
    mkdir -p "$run/worker$worker"
    start_daemon "$run/worker$worker.log" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --port "$(free_port)" \
        --webui-port "$(free_port)" --cores 1 --memory 1g --work-dir "$run/worker$worker" "$master"
done
alive=0
for _ in $(seq 120); do
    alive=$(python3 - "$master_ui" <<'EOF' 2>/dev/null || echo 0
import json, sys, urllib.request
print(json.load(urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/json/", timeout=2)).get("aliveworkers", 0))
EOF
    )
    ((alive >= 2)) && break
    sleep 0.5
done
if ((alive < 2)); then
    echo "test-spark: the workers did not register with $master in 60 s; logs:" >&2
    tail -n 20 "$run"/*.log >&2
    exit 1
fi
step "cluster up: $master with $alive workers"

common=(--conf spark.driver.host=127.0.0.1 --conf spark.driver.bindAddress=127.0.0.1 --conf spark.ui.enabled=false
    --conf spark.log.level=WARN --driver-java-options "-Dlog4j2.level=warn")

# The listening TCP sockets of every process started here (daemons, executors, drivers, Python
# workers), sampled into $run/sockets.txt: all of them must be on 127.0.0.1.
sample_sockets() {
    local pids
    pids=$(for group in "${groups[@]}"; do pgrep -g "$group" || true; done | paste -sd '|')
    [[ -n $pids ]] && ss -ltnpH 2>/dev/null | grep -E "pid=($pids)," | awk '{ print $4 }' >>"$run/sockets.txt" || true
}
loopback_only() {
    local addresses
    addresses=$(sort -u "$run/sockets.txt" 2>/dev/null || true)
    echo "test-spark: the processes started here listened on $(echo "$addresses" | wc -l) addresses:" $addresses
    [[ -n $addresses ]] && ! echo "$addresses" | grep -vqE '^(127\.0\.0\.1|\[::ffff:127\.0\.0\.1\]):[0-9]+$'
}

# submit NAME LOG ARGS...: spark-submit in its own process group, its sockets sampled while it
# runs; sets $status and $seconds.
submit() {
    local log=$1
    shift
    local begin=$SECONDS
    setsid "$venv/bin/spark-submit" "$@" >"$log" 2>&1 &
    local pid=$!
    groups+=($pid)
    while kill -0 "$pid" 2>/dev/null; do
        sample_sockets
        sleep 1
    done
    set +e
    wait "$pid"
    status=$?
    set -e
    seconds=$((SECONDS - begin))
    grep '^styluskit-spark:' "$log" || true
    if ((status != 0 && status != 1)); then tail -n 40 "$log"; fi
}
sample_sockets

step "spark-submit to $master"
submit "$run/standalone.log" --master "$master" "${common[@]}" --total-executor-cores 2 --executor-memory 512m \
    --files "$styluskit" "$here/styluskit_features.py" --binary styluskit --out "$run/standalone" \
    --input-list "$run/list.txt" --partitions 8 "${inputs[@]}"
standalone_seconds=$seconds
check "spark-submit to the standalone cluster exits 1 (bad inputs are in the corpus)" test "$status" -eq 1
check "standalone tables equal styluskit features run locally" \
    "$venv/bin/python" "$here/compare.py" --binary "$styluskit" --tables "$run/standalone" \
    --label "Spark standalone cluster $master (2 workers x 1 core)" "${bad[@]}" "$corpus" "$missing"
check "without Delta Lake on the classpath the job says so and writes no Delta tables" \
    bash -c '! test -e "$1/delta" && grep -q "no Delta Lake tables (Delta Lake is not on the classpath)" "$2"' _ "$run/standalone" "$run/standalone.log"
check "the Parquet tables are partitioned by test" \
    test -d "$run/standalone/stroke/test=clock" -a -d "$run/standalone/step/test=maze" -a -d "$run/standalone/test/test=sdt"

# The standalone run gives the binary each file: input's own path (the default); this one reads
# them through binaryFiles and measures copies, as inputs on HDFS, S3 or ABFS always are, so both
# ways are compared with styluskit features.
step "spark-submit --master local[2] --copy-inputs (styluskit found on PATH)"
PATH="$(dirname "$styluskit"):$PATH" submit "$run/local.log" --master 'local[2]' "${common[@]}" \
    "$here/styluskit_features.py" --copy-inputs --out "$run/local" --input-list "$run/list.txt" "${inputs[@]}"
local_seconds=$seconds
check "spark-submit --master local[2] exits 1 (bad inputs are in the corpus)" test "$status" -eq 1
check "local[2] tables (inputs read by binaryFiles and copied) equal styluskit features run locally" \
    "$venv/bin/python" "$here/compare.py" --binary "$styluskit" --tables "$run/local" \
    --label "Spark local[2], inputs copied" "${bad[@]}" "$corpus" "$missing"
check "every process started here listened on 127.0.0.1 only" loopback_only

# Figures, not checks: sessions per second of the three tables, by the binary alone and by Spark.
mapfile -t measured < <(find "$corpus/synth" "$corpus/real" -type f | sort)
for jobs in 1 2; do
    begin=${EPOCHREALTIME/./}
    for level in stroke step test; do
        "$styluskit" features --level "$level" --format json --jobs "$jobs" "${measured[@]}" >/dev/null
    done
    printf -v "features_jobs$jobs" '%s' "$(awk -v us=$((${EPOCHREALTIME/./} - begin)) 'BEGIN { printf "%.1f", us / 1e6 }')"
done
rate() { awk -v n=${#measured[@]} -v s="$1" 'BEGIN { printf "%.1f", n / s }'; }
echo "test-spark: figures for ${#measured[@]} results files, three tables, $(basename "$(dirname "$styluskit")") binary:" \
    "features --jobs 1 ${features_jobs1} s ($(rate "$features_jobs1")/s), --jobs 2 ${features_jobs2} s ($(rate "$features_jobs2")/s)," \
    "spark-submit standalone ${standalone_seconds} s ($(rate "$standalone_seconds")/s), local[2] ${local_seconds} s ($(rate "$local_seconds")/s)" \
    "(each spark-submit includes JVM start and writing the tables)"

step "done"
echo "test-spark: $passed passed, $failed failed"
((failed == 0))
