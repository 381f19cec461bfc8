# Sourced by test-spark.sh and Benchmarks/spark-scale.sh: every Spark process they start runs in a process
# group of its own, its leader's pid added to `groups`; `stop_groups` stops them all (TERM, up to 10 s, then
# KILL), so no master, worker or JVM outlives its run.
groups=()
stop_groups() {
    for group in "${groups[@]}"; do kill -TERM -- "-$group" 2>/dev/null || true; done
    for group in "${groups[@]}"; do
        for _ in $(seq 50); do
            kill -0 -- "-$group" 2>/dev/null || break
            sleep 0.2
        done
        kill -KILL -- "-$group" 2>/dev/null || true
    done
    groups=()
}
