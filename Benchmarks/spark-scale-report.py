#!/usr/bin/env python3
"""Prints spark-scale.sh's figures as Markdown: the Spark job's fixed cost apart from its steady-state rate.

Inputs: the features --jobs 1 baseline (lines `LEVEL WALL USER SYSTEM MAXRSS`, /usr/bin/time's) and the
job's summaries (--summary-json, with the configuration and spark-submit's wall time added).

- fixed: spark-submit's wall time less the measuring pass: JVM and session start, listing the inputs,
  writing the tables, stopping.
- steady state: the measuring pass (every file measured at the three levels, read and copied first
  unless the binary is given its path, and its rows handed back) as files per second per executor core:
  files / (pass wall time x executor cores).
- the baseline: features --jobs 1's three runs, files / their summed wall time (one core).
"""

import argparse
import json


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, required=True, help="results files in the corpus")
    parser.add_argument("--baseline", required=True, help="features --jobs 1's times, one line per level")
    parser.add_argument("summaries", nargs="+", help="the Spark runs' summaries (JSON)")
    arguments = parser.parse_args()
    files = arguments.files

    wall = cpu = 0.0
    for line in open(arguments.baseline, encoding="utf-8"):
        _, seconds, user, system, _ = line.split()
        wall += float(seconds)
        cpu += float(user) + float(system)
    base_rate = files / wall
    print(f"Corpus: {files} results files. `features --jobs 1`, three runs (stroke, step, test): "
          f"{wall:.1f} s wall, {cpu:.1f} s CPU: {base_rate:.1f} files/s wall, {files / cpu:.1f} files/s CPU.\n")

    print("| run | cores | spark-submit s | fixed s | of which session, list, writes s | measuring pass s "
          "| steady files/s per core | features --jobs 1 files/s | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    rows = []
    for path in arguments.summaries:
        summary = json.load(open(path, encoding="utf-8"))
        # The configuration's cores (spark-scale.sh's), not Spark's default parallelism, which is at
        # least 2 on a standalone cluster.
        seconds, cores = summary["seconds"], summary["executor_cores"]
        measure = seconds["measure"]
        fixed = summary["submit_wall_s"] - measure
        writes = sum(value for name, value in seconds.items() if name.startswith("write"))
        steady = files / (measure * cores)
        print(f"| {summary['configuration']} | {cores} | {summary['submit_wall_s']:.1f} | {fixed:.1f} "
              f"| {seconds['session']:.1f}, {seconds['list']:.1f}, {writes:.1f} | {measure:.1f} | {steady:.1f} "
              f"| {base_rate:.1f} | {base_rate / steady:.2f}x |")
        rows.append((summary, measure, cores))

    print("\nWhere the measuring pass's time goes, milliseconds per file (the tasks' Python worker; `JVM and "
          "waiting` is the pass's core-seconds less the Python worker's wall time; `copied`: the files measured from "
          "local copies, the others given to the binary at their own paths):\n")
    print("| run | copied | receive | copy | styluskit (CPU) | rows | emit | Python CPU | JVM and waiting "
          "| features --jobs 1 (CPU) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for summary, measure, cores in rows:
        tasks = summary["tasks"]
        per = 1000.0 / max(tasks["files"], 1)
        python_wall = sum(tasks[name] for name in ("receive_s", "copy_s", "binary_s", "rows_s", "emit_s"))
        rest = measure * cores - python_wall
        print(f"| {summary['configuration']} | {tasks.get('copied', tasks['files'])} | {tasks['receive_s'] * per:.2f} "
              f"| {tasks['copy_s'] * per:.2f} "
              f"| {tasks['binary_s'] * per:.2f} ({tasks['binary_cpu_s'] * per:.2f}) | {tasks['rows_s'] * per:.2f} "
              f"| {tasks['emit_s'] * per:.2f} | {tasks['python_cpu_s'] * per:.2f} | {rest * per:.2f} "
              f"| {1000.0 * wall / files:.2f} ({1000.0 * cpu / files:.2f}) |")


if __name__ == "__main__":
    main()
