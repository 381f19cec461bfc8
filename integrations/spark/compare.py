#!/usr/bin/env python3
"""Compares the tables a Spark run of styluskit_features.py wrote with `styluskit features` run locally.

    compare.py --binary STYLUSKIT --tables DIR --label NAME INPUT...

INPUT are the local files and directories the job was given. Every row of the stroke, step and
test tables must equal the local run's row of the same file and key (same columns, same values,
counts as longs, numbers as doubles, text as strings), no row may be missing or extra, and the
errors table must hold exactly the files the local run failed on, each with the local message
(its path written as the job's URI). Reads the Parquet files with pyarrow, not Spark, so the
check does not share the writer's reader. Prints what it compared and exits 1 on a difference.
"""

import argparse
import json
import os
import subprocess
import sys

import pyarrow.parquet as pq

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import styluskit_features as job  # noqa: E402

KEYS = {"stroke": ("file", "stroke"), "step": ("file", "step_number"), "test": ("file",)}


def local_path(uri):
    """The local path of a `file:` URI as Hadoop writes it (file:/a/b or file:///a/b)."""
    if uri.startswith("file://"):
        return uri[len("file://") :]
    if uri.startswith("file:"):
        return uri[len("file:") :]
    return uri


def expand(inputs):
    files = []
    for item in inputs:
        item = os.path.abspath(item)
        if os.path.isdir(item):
            for folder, _, names in os.walk(item):
                files.extend(os.path.join(folder, name) for name in names if job.is_input_name(name))
        else:
            files.append(item)
    return sorted(set(files))


def local_tables(binary, files):
    """The rows of each level and the failures (path -> message) of `styluskit features` over `files`."""
    tables, failures = {}, {}
    measured = set()
    for level in job.LEVELS:
        result = subprocess.run(
            [binary, "features", "--level", level, "--format", "json", "--", *files], capture_output=True, check=False
        )
        rows = [json.loads(line) for line in result.stdout.decode().splitlines() if line.strip()]
        tables[level] = rows
        if level == "test":
            measured = {row["file"] for row in rows}
        for line in result.stderr.decode().splitlines():
            owners = [path for path in files if path in line]
            if owners:
                owner = max(owners, key=len)
                failures.setdefault(owner, [])
                if line not in failures[owner]:
                    failures[owner].append(line)
    failed = set(files) - measured
    return tables, {path: "\n".join(failures.get(path, ["(no message)"])) for path in failed}


def read_table(path):
    if not os.path.isdir(path):
        return None, []
    table = pq.read_table(path, partitioning="hive")
    columns = [field.name for field in table.schema]
    types = {field.name: str(field.type) for field in table.schema}
    return types, [dict(zip(columns, values)) for values in zip(*(table.column(c).to_pylist() for c in columns))]


def same_value(kind, expected, actual):
    if expected is None or actual is None:
        return expected is None and actual is None
    if kind == "text":
        return isinstance(actual, str) and actual == expected
    if kind == "count":
        return isinstance(actual, int) and actual == expected
    return isinstance(actual, float) and actual == float(expected)


def compare(binary, tables_dir, inputs):
    """Returns (problems, counts)."""
    files = expand(inputs)
    expected_tables, expected_failures = local_tables(binary, files)
    problems, counts = [], {}
    for level in job.LEVELS:
        expected = expected_tables[level]
        types, actual = read_table(os.path.join(tables_dir, level))
        if types is None:
            if expected:
                problems.append(f"{level}: no table, but the local run has {len(expected)} rows")
            counts[level] = 0
            continue
        for name, type_name in types.items():
            want = {"text": ("string", "dictionary<values=string"), "count": ("int64",), "number": ("double",)}[job.column_kind(name)]
            if not type_name.startswith(want):
                problems.append(f"{level}: column {name} is {type_name}, not {want[0]}")
        columns = list(expected[0].keys()) if expected else []
        if set(columns) != set(types):
            problems.append(f"{level}: columns differ: only local {sorted(set(columns) - set(types))}, only Spark {sorted(set(types) - set(columns))}")
        keys = KEYS[level]
        by_key = {}
        for row in actual:
            row["file"] = local_path(row["file"])
            key = tuple(row[k] for k in keys)
            if key in by_key:
                problems.append(f"{level}: row {key} is in the Spark table twice")
            by_key[key] = row
        seen = set()
        for row in expected:
            key = tuple(row[k] for k in keys)
            seen.add(key)
            other = by_key.get(key)
            if other is None:
                problems.append(f"{level}: row {key} is missing from the Spark table")
                continue
            for name in columns:
                if not same_value(job.column_kind(name), row[name], other.get(name)):
                    problems.append(f"{level}: row {key} column {name}: local {row[name]!r}, Spark {other.get(name)!r}")
        for key in set(by_key) - seen:
            problems.append(f"{level}: row {key} is in the Spark table but not in the local run")
        counts[level] = len(expected)

    _, errors = read_table(os.path.join(tables_dir, "errors"))
    actual_failures = {}
    for row in errors:
        path = local_path(row["file"])
        if row["stage"] == "list" and row["message"] == f"{row['file']} does not exist. Check the path or URI.":
            # The driver finds a missing input before any executor runs the binary: its own message.
            actual_failures[path] = expected_failures.get(path, row["message"])
            continue
        actual_failures[path] = row["message"].replace(row["file"], path)
    for path, message in expected_failures.items():
        if path not in actual_failures:
            problems.append(f"errors: {path} failed locally ({message}) but is not in the errors table")
        elif actual_failures[path] != message:
            problems.append(f"errors: {path}: local message {message!r}, Spark {actual_failures[path]!r}")
    for path in set(actual_failures) - set(expected_failures):
        problems.append(f"errors: {path} is in the errors table but was measured locally: {actual_failures[path]!r}")
    counts["errors"] = len(expected_failures)
    counts["files"] = len(files)
    return problems, counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--tables", required=True)
    parser.add_argument("--label", required=True)
    parser.add_argument("--expect-error", action="append", default=[], help="a file that must be in the errors table")
    parser.add_argument("inputs", nargs="+")
    arguments = parser.parse_args()
    problems, counts = compare(arguments.binary, arguments.tables, arguments.inputs)
    _, errors = read_table(os.path.join(arguments.tables, "errors"))
    failed_files = {local_path(row["file"]) for row in errors}
    for path in arguments.expect_error:
        if os.path.abspath(path) not in failed_files:
            problems.append(f"errors: the deliberately bad {path} is not in the errors table")
    for problem in problems[:50]:
        print(f"  {problem}")
    if len(problems) > 50:
        print(f"  ... and {len(problems) - 50} more differences")
    verdict = "identical to" if not problems else f"{len(problems)} differences from"
    print(
        f"{arguments.label}: {counts['files']} inputs; stroke {counts['stroke']}, step {counts['step']}, test {counts['test']} rows "
        f"and {counts['errors']} errors compared, {verdict} styluskit features run locally"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
