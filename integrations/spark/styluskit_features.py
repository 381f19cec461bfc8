#!/usr/bin/env python3
"""Computes StylusKit's measures of a corpus on an Apache Spark cluster.

The job lists its inputs (results files and recordings, local paths or any Hadoop file system URI),
spreads them over the executors, and on each partition runs ``styluskit features --format json``
at the stroke, step and test levels. It writes the three tables as Parquet partitioned by test,
as Delta Lake tables too when Delta Lake is on the cluster's classpath, and an ``errors`` table
with one row (and the message) for every input that could not be measured: no input is dropped
silently. README.md beside this file says how to submit it.

It is one file on purpose: ``spark-submit styluskit_features.py`` ships it whole, and the
functions the executors run are pickled from it with no package to install on the workers.
"""

import argparse
import json
import os
import re
import resource
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time

LEVELS = ("stroke", "step", "test")

# What a directory given as input contributes: the results files and the recordings (and
# journals) styluskit reads. Other files in it (READMEs, .desc descriptions) are not inputs; the
# driver counts them and prints their names. A file named explicitly is always measured.
RESULTS_EXTENSIONS = (".csk", ".msk", ".ssk", ".tsk")
RECORDING_EXTENSIONS = (".evemu", ".events", ".yaml", ".yml", ".journal")

# Column types. The binary's JSON does not tell a count from a whole-valued number (both print
# `3`), and a column that is null in every row of a corpus has no type at all, so the types are
# fixed here, as MeasureValue (Sources/Measures) declares them: text, count (a long) or number
# (a double). A column missing from both lists is a number; tests/test_styluskit_features.py
# checks every column the binary prints against these lists.
TEXT_COLUMNS = frozenset(
    {"file", "test", "step", "in_air_path", "derivative_filter", "participant_id", "visit_folder", "invalid"}
)
COUNT_COLUMNS = frozenset(
    {
        "step_number", "stroke", "steps", "strokes", "points", "ncv", "nca", "interruptions", "wall_crosses", "boxes_attempted",
        "refused_strokes", "visit_test", "intra_stroke_intersections", "inter_stroke_intersections", "vertical_peaks",
        "vertical_valleys", "x_changes", "y_changes", "pressure_changes", "altitude_changes", "azimuth_changes", "stops",
        # The trail making test's counts (docs/measures.md, "Trail making").
        "trail_circles_connected", "trail_sequence_errors", "trail_shift_errors", "trail_prompts", "trail_pen_lifts",
        "trails_circles_connected_a", "trails_circles_connected_b", "trails_errors_a", "trails_errors_b",
        "trails_sequence_errors_b", "trails_shift_errors_b", "trails_prompts",
    }
)
COUNT_PREFIXES = ("interruptions_", "pauses_over_", "boxes_attempted_", "trail_pauses_over_")

ERROR_COLUMNS = ("file", "stage", "message", "host")

# The rows the executors hand back: the table, the input's URI (test and errors rows) and the
# row as JSON text (the tables are typed from it in the JVM, `parsed`).
ROWS_SCHEMA = "table string, file string, text string"

# Files given to one run of the binary: keeps its command line far below ARG_MAX.
FILES_PER_RUN = 256


def column_kind(name):
    """`text`, `count` or `number`: how column `name` is stored."""
    if name in TEXT_COLUMNS:
        return "text"
    if name in COUNT_COLUMNS or name.startswith(COUNT_PREFIXES):
        return "count"
    return "number"


def is_input_name(path):
    """Whether a file found in an input directory is one to measure."""
    return path.lower().endswith(RESULTS_EXTENSIONS + RECORDING_EXTENSIONS)


# ---------------------------------------------------------------------------------------------
# Executor side: plain Python, no Spark, so tests run it directly on real files.


def find_binary(binary):
    """The path of the styluskit binary on this machine, or None.

    `binary` is a file shipped with --files (found through SparkFiles), a path, or a name on PATH.
    """
    candidates = []
    try:
        from pyspark import SparkFiles

        candidates.append(SparkFiles.get(os.path.basename(binary)))
    except Exception:  # noqa: BLE001 - outside a Spark task there is no SparkFiles root.
        pass
    if os.sep in binary:
        candidates.append(binary)
    found = shutil.which(binary)
    if found:
        candidates.append(found)
    for candidate in candidates:
        if candidate and os.path.isfile(candidate):
            return candidate
    return None


def executable_copy(path, directory):
    """`path` itself when it can be executed; otherwise a copy in `directory` with the execute bit.

    A file shipped with --files may arrive without it on some cluster managers.
    """
    if os.access(path, os.X_OK):
        return path
    copy = os.path.join(directory, os.path.basename(path))
    shutil.copyfile(path, copy)
    os.chmod(copy, os.stat(copy).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return copy


def local_path(uri):
    """The path on this machine of a `file:` URI (`file:/a`, `file:///a`, `file://localhost/a`), or None.

    Hadoop's paths print unescaped (`file:/data/a b.csk`), so the rest of the URI is the path as it is.
    """
    if not uri.startswith("file:"):
        return None
    rest = uri[len("file:") :]
    if rest.startswith("//"):
        authority, slash, path = rest[2:].partition("/")
        if authority not in ("", "localhost") or not slash:
            return None
        rest = "/" + path
    return rest if rest.startswith("/") else None


def in_visit_folder(path, folders):
    """Whether the file at `path` is in a visit folder (its folder holds a visit.json); `folders` caches the answers."""
    folder = os.path.dirname(path)
    if folder not in folders:
        folders[folder] = os.path.exists(os.path.join(folder, "visit.json"))
    return folders[folder]


def measure_files(inputs, binary, extra_args=(), host=None, timings=None):
    """Measures `inputs` with the styluskit at `binary`.

    An input is a (uri, bytes) pair (binaryFiles read it: HDFS, S3, ABFS...) or a `file:` URI
    alone. The binary is given a `file:` input's own path: every executor sees it (a local disk
    of a one-machine cluster, or a shared mount), and reading it in the JVM to hand it over and
    write a copy costs more than measuring it. The bytes of a pair are written to a local
    temporary file under the input's own name (styluskit tells a results file from a recording
    by its name and first bytes), and so is a `file:` input in a visit folder: given in its
    folder, the binary would fill the visit columns, which are null for inputs on other file
    systems (README.md), so every input is measured alike, as a file on its own.
    `styluskit features` runs once per level over all of them. Returns a list of (table,
    record): table is a level or `errors`; a record is a dict whose `file` is the input's URI,
    never the local path. Every input yields rows at the test level or an error record.
    `timings`, when given, is a TaskTimings that the copies and the binary's runs add their
    seconds to.
    """
    host = host or socket.gethostname()
    timings = timings or TaskTimings()
    if not inputs:
        return []
    out = []
    copying = time.perf_counter()
    visit_folders = {}
    with tempfile.TemporaryDirectory(prefix="styluskit-spark-") as scratch:
        local_to_uri = {}
        order = []
        for index, item in enumerate(inputs):
            if isinstance(item, str):
                uri, data, path = item, None, local_path(item)
                if path is None or not os.path.isfile(path) or not os.access(path, os.R_OK):
                    message = (
                        f"{uri} is not a readable file on executor {host}: a file: input must be at the same path "
                        "on every worker (a local disk of a one-machine cluster, or a shared mount); put it there, "
                        "or give it as a URI of a file system every worker reads (hdfs:, s3a:, abfss:)."
                    )
                    out.append(("errors", error_record(uri, "read", message, host)))
                    continue
                if path not in local_to_uri and not in_visit_folder(path, visit_folders):
                    local_to_uri[path] = uri
                    order.append(path)
                    timings.files += 1
                    timings.bytes += os.path.getsize(path)
                    continue
            else:
                (uri, data), path = item, None
            folder = os.path.join(scratch, str(index))
            os.mkdir(folder)
            name = os.path.basename(uri.rstrip("/")) or "input"
            local = os.path.join(folder, name)
            try:
                if data is None:
                    shutil.copyfile(path, local)
                else:
                    with open(local, "wb") as handle:
                        handle.write(data)
            except OSError as error:
                out.append(("errors", error_record(uri, "copy", f"Cannot copy {uri} to {local} on {host}: {error}", host)))
                continue
            local_to_uri[local] = uri
            order.append(local)
            timings.files += 1
            timings.copied += 1
            timings.bytes += os.path.getsize(local)
        timings.copy_s += time.perf_counter() - copying
        if not order:
            return out
        program = None
        located = find_binary(binary)
        if located is not None:
            program = executable_copy(located, scratch)
        if program is None:
            message = (
                f"The styluskit binary '{binary}' is not on executor {host}: ship it with "
                "spark-submit --files /path/to/styluskit (and --binary styluskit), or install it on "
                "every worker's PATH."
            )
            return out + [("errors", error_record(local_to_uri[local], "binary", message, host)) for local in order]
        for start in range(0, len(order), FILES_PER_RUN):
            out.extend(run_features(program, order[start : start + FILES_PER_RUN], local_to_uri, extra_args, host, timings))
    return out


def run_features(program, locals_, local_to_uri, extra_args, host, timings=None):
    """Runs the binary at each level over `locals_` and attributes every row and failure."""
    timings = timings or TaskTimings()
    out = []
    measured = set()
    messages = {local: [] for local in locals_}
    unattributed = []
    statuses = {}
    paths = re.compile("|".join(re.escape(local) for local in sorted(locals_, key=len, reverse=True)))
    for level in LEVELS:
        command = [program, "features", "--level", level, "--format", "json", "--jobs", "1", *extra_args, "--", *locals_]
        started, children = time.perf_counter(), children_cpu_seconds()
        try:
            result = subprocess.run(command, capture_output=True, check=False)
        except OSError as error:
            unattributed.append(f"Cannot run {program}: {error}")
            statuses[level] = None
            continue
        finally:
            timings.binary_s += time.perf_counter() - started
            timings.binary_cpu_s += children_cpu_seconds() - children
        attributing = time.perf_counter()
        statuses[level] = result.returncode
        for line in result.stdout.decode("utf-8", "replace").splitlines():
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError:
                unattributed.append(f"styluskit features --level {level} printed a line that is not JSON: {line[:200]}")
                continue
            local = row.get("file")
            if local not in local_to_uri:
                unattributed.append(f"styluskit features --level {level} printed a row of an unknown file: {local}")
                continue
            row["file"] = local_to_uri[local]
            out.append((level, row))
            if level == "test":
                measured.add(local)
        for line in result.stderr.decode("utf-8", "replace").splitlines():
            if not line.strip():
                continue
            owners = [match.group(0) for match in paths.finditer(line)]
            # The longest path in the line is the file it is about; the pattern tries the longest
            # first, so /a/b.csk inside /x/a/b.csk or a/b.csk.csk is not taken for a file of its own.
            owner = max(owners, key=len) if owners else None
            text = paths.sub(lambda match: local_to_uri[match.group(0)], line) if owners else line
            if owner is None:
                if text not in unattributed:
                    unattributed.append(text)
            elif text not in messages[owner]:
                messages[owner].append(text)
        timings.rows_s += time.perf_counter() - attributing
    for local in locals_:
        if local in measured:
            continue
        lines = messages[local] or unattributed
        if not lines:
            status = ", ".join(f"{level}: {code}" for level, code in statuses.items())
            lines = [f"styluskit features gave no test row and no message for this file (exit status {status})."]
        out.append(("errors", error_record(local_to_uri[local], "features", "\n".join(lines), host)))
    failed_without_message = [level for level, code in statuses.items() if code not in (0, 1)]
    if failed_without_message and all(local in measured for local in locals_):
        # Every file has rows but a run still failed (a crash after printing): say so rather than
        # trust partial tables.
        detail = "\n".join(unattributed) or "no message"
        for local in locals_:
            out.append(("errors", error_record(local_to_uri[local], "features", f"styluskit features failed: {detail}", host)))
    return out


def error_record(uri, stage, message, host):
    """One row of the errors table."""
    return {"file": uri, "stage": stage, "message": message, "host": host}


def children_cpu_seconds():
    """The CPU time (user and system) of this process's children that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu_seconds():
    """The CPU time (user and system) of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class TaskTimings:
    """Where a partition's time went in the Python worker, in seconds (wall unless named _cpu).

    files: the inputs given to the binary, `copied` of them as local copies (the others, `file:`
    inputs, by their own paths); receive: taking the inputs (the bytes of those binaryFiles read)
    from Spark; copy: writing the copies and checking the paths; binary: the styluskit runs
    (binary_cpu their CPU time); rows: reading the binary's JSON and putting the inputs' URIs in;
    emit: writing each row back out as JSON for Spark; python_cpu: the Python worker's own CPU
    time over all of it. The driver sums them over the partitions (`run`).
    """

    FIELDS = (
        "files", "copied", "bytes", "receive_s", "copy_s", "binary_s", "binary_cpu_s", "rows_s", "emit_s", "python_cpu_s"
    )

    def __init__(self):
        for name in self.FIELDS:
            setattr(self, name, 0)

    def record(self):
        return {name: getattr(self, name) for name in self.FIELDS}


def measure_partition(binary, extra_args):
    """The function mapPartitions runs: inputs in, (table, file, JSON text) rows out.

    An input is a `file:` URI or a (uri, bytes) pair (measure_files). `file` is the input's URI
    on test and errors rows (the driver checks every input has one) and empty on the others. The last row is ("timing", "", TaskTimings' record): where the
    partition's time went.
    """

    def measure(items):
        timings = TaskTimings()
        cpu, receiving = own_cpu_seconds(), time.perf_counter()
        inputs = list(items)
        timings.receive_s = time.perf_counter() - receiving
        records = measure_files(inputs, binary, extra_args, timings=timings)
        del inputs
        emitting = time.perf_counter()
        rows = [(table, record["file"] if table in ("test", "errors") else "", json.dumps(record)) for table, record in records]
        del records
        timings.emit_s = time.perf_counter() - emitting
        timings.python_cpu_s = own_cpu_seconds() - cpu
        yield from rows
        yield "timing", "", json.dumps(timings.record())

    return measure


# ---------------------------------------------------------------------------------------------
# Driver side.


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="styluskit_features.py",
        description="Measures results files and recordings with styluskit features on a Spark cluster, "
        "writing stroke, step, test and errors tables.",
    )
    parser.add_argument("inputs", nargs="*", metavar="INPUT", help="files or directories: local paths or Hadoop FS URIs")
    parser.add_argument("--input-list", action="append", default=[], metavar="URI", help="a text file of inputs, one a line")
    parser.add_argument("--out", required=True, metavar="URI", help="the directory the tables are written under")
    parser.add_argument(
        "--binary",
        default="styluskit",
        help="the styluskit binary: a file shipped with --files (its name), a path on the workers, or a name on PATH "
        "(default: styluskit)",
    )
    parser.add_argument("--partitions", type=int, default=0, help="partitions of the inputs (default: 4 per executor core)")
    parser.add_argument("--mode", choices=("errorifexists", "overwrite", "append"), default="errorifexists", help="when tables exist")
    parser.add_argument("--delta", choices=("auto", "yes", "no"), default="auto", help="Delta Lake tables too (auto: when on the classpath)")
    parser.add_argument(
        "--features-arg", action="append", default=[], metavar="ARG", help="an extra argument for styluskit features (repeatable)"
    )
    parser.add_argument(
        "--copy-inputs",
        action="store_true",
        help="read file: inputs through Spark's binaryFiles and measure local copies, as inputs on other file systems "
        "are (default: the binary reads a file: input at its own path)",
    )
    parser.add_argument("--summary-json", metavar="PATH", help="also write the run's summary as JSON to this local file")
    arguments = parser.parse_args(argv)
    if not arguments.inputs and not arguments.input_list:
        parser.error("give at least one INPUT (a file or directory) or --input-list FILE")
    if arguments.partitions < 0:
        parser.error(f"--partitions {arguments.partitions} is not a number of partitions; give 1 or more (or 0 for the default)")
    return arguments


def hadoop_path(spark, uri):
    """The Hadoop Path of `uri` and its file system."""
    jvm = spark.sparkContext._jvm
    path = jvm.org.apache.hadoop.fs.Path(uri)
    return path, path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())


def read_list(spark, uri):
    """The inputs named in the list file at `uri`, one a line (blank lines and # comments skipped).

    The file is read whole in one call (a line at a time would be a Py4J round trip a line).
    """
    path, fs = hadoop_path(spark, uri)
    stream = fs.open(path)
    try:
        text = bytes(stream.readAllBytes()).decode("utf-8")
    finally:
        stream.close()
    # Lines end as BufferedReader.readLine ends them (\n, \r\n or \r), no other way.
    lines = (line.strip() for line in re.split("\r\n|\r|\n", text))
    return [line for line in lines if line and not line.startswith("#")]


def raise_error(error):
    """os.walk's onerror: a folder that cannot be read fails the listing rather than being left out."""
    raise error


def list_local_directory(root, directory):
    """Every file under `directory` (at any depth), a local folder whose qualified URI is `root`.

    Walking fs.listFiles' iterator from Python costs a Py4J round trip or three a file (10 to 12
    ms a file on a loaded machine: a minute for 5,000); a `file:` directory is walked here instead,
    and its files named as Hadoop's local file system names them: `root` (Hadoop's) and the path
    below it, symbolic links to folders followed, the checksum files it hides (`.NAME.crc`) left out.
    """
    root = root.rstrip("/")
    names = []
    for folder, subfolders, files in os.walk(directory, onerror=raise_error, followlinks=True):
        subfolders.sort()
        below = os.path.relpath(folder, directory)
        prefix = root + "/" if below == "." else f"{root}/{below}/"
        names.extend(prefix + name for name in files if not (name.startswith(".") and name.endswith(".crc")))
    return names


def list_directory(path, fs):
    """Every file under the directory `path` (at any depth), as qualified URIs: in Python for a `file:` one."""
    root = fs.makeQualified(path).toString()
    directory = local_path(root)
    if directory is not None:
        return list_local_directory(root, directory)
    names = []
    iterator = fs.listFiles(path, True)
    while iterator.hasNext():
        names.append(iterator.next().getPath().toString())
    return names


def list_inputs(spark, uris):
    """Expands directories: returns (files, errors, skipped), files as fully qualified URIs."""
    files, errors, skipped = [], [], []
    seen = set()
    for uri in uris:
        try:
            path, fs = hadoop_path(spark, uri)
            if not fs.exists(path):
                errors.append(error_record(uri, "list", f"{uri} does not exist. Check the path or URI.", "driver"))
                continue
            status = fs.getFileStatus(path)
            if status.isDirectory():
                found = []
                for name in list_directory(path, fs):
                    (found if is_input_name(name) else skipped).append(name)
                found.sort()
                if not found:
                    errors.append(
                        error_record(
                            uri,
                            "list",
                            f"{uri} is a directory with no results files or recordings "
                            f"({', '.join(RESULTS_EXTENSIONS + RECORDING_EXTENSIONS)}).",
                            "driver",
                        )
                    )
                candidates = found
            else:
                candidates = [fs.makeQualified(path).toString()]
        except Exception as error:  # noqa: BLE001 - any file system's failure becomes an error row.
            errors.append(error_record(uri, "list", f"Cannot list {uri}: {java_message(error)}", "driver"))
            continue
        for name in candidates:
            if name not in seen:
                seen.add(name)
                files.append(name)
    return files, errors, sorted(skipped)


def java_message(error):
    """The first line of a (Py4J) exception's message."""
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


def escape_glob(uri):
    """`uri` as a Hadoop glob that matches it: the glob characters escaped, a comma as `?`.

    A list of paths is split at commas before any escape is read, so a comma in a name can only
    be matched by a wildcard; the files a `?` matches besides are dropped by exact name after the
    read (`read_group`).
    """
    return "".join("?" if char == "," else "\\" + char if char in "{}[]*?\\" else char for char in uri)


def read_group(sc, group):
    """The (uri, bytes) pairs of the files in `group`, read where they are measured.

    A group is files without a comma in their names (each pattern matches its file only), or one
    file with a comma, whose `?` may match siblings too: those are dropped by exact name.
    """
    pairs = sc.binaryFiles(",".join(escape_glob(name) for name in group), minPartitions=1)
    if any("," in name for name in group):
        (name,) = group
        pairs = pairs.filter(lambda pair: pair[0] == name)
    return pairs


def table_schema(columns):
    """The Spark schema of a table with these columns, typed as column_kind says."""
    from pyspark.sql.types import DoubleType, LongType, StringType, StructField, StructType

    types = {"text": StringType(), "count": LongType(), "number": DoubleType()}
    return StructType([StructField(name, types[column_kind(name)], True) for name in columns])


def parsed(texts, schema):
    """The table whose rows are the JSON objects in `texts`' column `text`, typed by `schema`.

    A value that does not fit its column's type fails the job (FAILFAST) rather than becoming a
    null.
    """
    from pyspark.sql.functions import col, from_json

    return texts.select(from_json(col("text"), schema, {"mode": "FAILFAST"}).alias("row")).select("row.*")


def errors_schema():
    from pyspark.sql.types import StringType, StructField, StructType

    return StructType([StructField(name, StringType(), False) for name in ERROR_COLUMNS])


def delta_available(spark):
    """Whether Delta Lake's classes are on the cluster's classpath (delta-spark's jar)."""
    try:
        loader = spark.sparkContext._jvm.java.lang.Thread.currentThread().getContextClassLoader()
        spark.sparkContext._jvm.java.lang.Class.forName("io.delta.tables.DeltaTable", True, loader)
        return True
    except Exception:  # noqa: BLE001 - a missing class comes back as a Py4J error.
        return False


def run(spark, arguments):
    """Runs the job on `spark`; returns the summary (a dict)."""
    sc = spark.sparkContext
    write_delta = arguments.delta != "no" and delta_available(spark)
    if arguments.delta == "yes" and not write_delta:
        raise SystemExit(
            "styluskit-spark: --delta yes, but Delta Lake is not on the classpath: submit with "
            "--packages io.delta:delta-spark_2.13:VERSION (or --jars) and the Delta session configuration (README.md)."
        )
    # Seconds of the driver's phases (list, measure, each table's write): the fixed and the
    # per-file costs apart, with the tasks' own split (TaskTimings) summed over the partitions.
    phases = {}
    listing = time.perf_counter()
    uris = list(arguments.inputs)
    for list_uri in arguments.input_list:
        uris.extend(read_list(spark, list_uri))
    files, list_errors, skipped = list_inputs(spark, uris)
    if skipped:
        shown = ", ".join(skipped[:5]) + (f" and {len(skipped) - 5} more" if len(skipped) > 5 else "")
        print(f"styluskit-spark: {len(skipped)} files in the input directories are not results files or recordings, "
              f"not measured: {shown}")

    phases["list"] = time.perf_counter() - listing
    partitions = arguments.partitions or max(1, min(len(files), sc.defaultParallelism * 4))
    tagged = sc.emptyRDD()
    if files:
        size = -(-len(files) // partitions)
        # `file:` inputs go to the executors as their URIs, and the binary is given their paths
        # (measure_files): binaryFiles would read each in the JVM and hand its bytes to Python to
        # be written to a copy, a quarter of the measuring pass (README.md, "At scale").
        local = [] if arguments.copy_inputs else [name for name in files if local_path(name) is not None]
        parts = [sc.parallelize(local, -(-len(local) // size))] if local else []
        # binaryFiles reads the others through their Hadoop file system on the executor that
        # measures them. One binaryFiles per group of files makes the partitions: given all the
        # files at once it combines small files into as few splits as it likes (one for a whole
        # corpus here), whatever minPartitions says, and one task would measure them all.
        remote = [name for name in files if arguments.copy_inputs or local_path(name) is None]
        plain = [name for name in remote if "," not in name]
        groups = [plain[start : start + size] for start in range(0, len(plain), size)]
        # A name with a comma is read alone, its `?` pattern filtered to exactly that file.
        groups += [[name] for name in remote if "," in name]
        parts += [read_group(sc, group) for group in groups]
        inputs_rdd = parts[0] if len(parts) == 1 else sc.union(parts)
        tagged = inputs_rdd.mapPartitions(measure_partition(arguments.binary, arguments.features_arg))
    # The rows come into the JVM once, as a cached DataFrame; the summary and the tables are then
    # read from it there (from_json), with no more passes through Python workers: those passes,
    # one per table, cost about as much as the measuring itself (integrations/spark/README.md).
    rows = spark.createDataFrame(tagged, ROWS_SCHEMA).persist()
    counts = {table: 0 for table in LEVELS + ("errors",)}
    measuring = time.perf_counter()
    # The first action measures every partition at once, in parallel, and caches the rows.
    for table, count in rows.groupBy("table").count().collect():
        if table in counts:
            counts[table] = count
    phases["measure"] = time.perf_counter() - measuring
    tasks = TaskTimings().record()
    for (text,) in rows.filter(rows.table == "timing").select("text").collect():
        for name, value in json.loads(text).items():
            tasks[name] += value
    measured, failed_files = set(), set()
    for table, name in rows.filter(rows.table.isin("test", "errors")).select("table", "file").collect():
        (measured if table == "test" else failed_files).add(name)
    inputs = len(files) + len({record["file"] for record in list_errors})
    print(f"styluskit-spark: {len(files)} files measured in {tagged.getNumPartitions()} partitions")
    # Every listed file has a test row or an error row; one that has neither (a file the read
    # did not return) becomes an error here rather than vanishing.
    for name in files:
        if name not in measured and name not in failed_files:
            list_errors.append(
                error_record(name, "read", f"{name} was listed but Spark's binaryFiles did not return it; check that it is readable.", "driver")
            )
    counts["errors"] += len(list_errors)
    failed = len(failed_files | {record["file"] for record in list_errors})

    out = arguments.out.rstrip("/")
    for level in LEVELS:
        writing = time.perf_counter()
        texts = rows.filter(rows.table == level).select("text")
        first = texts.first()
        if first is None:
            print(f"styluskit-spark: no {level} rows; the {level} table is not written.")
            continue
        columns = list(json.loads(first.text).keys())
        frame = parsed(texts, table_schema(columns))
        frame.write.mode(arguments.mode).partitionBy("test").parquet(f"{out}/{level}")
        if write_delta:
            frame.write.format("delta").mode(arguments.mode).partitionBy("test").save(f"{out}/delta/{level}")
        phases[f"write {level}"] = time.perf_counter() - writing

    writing = time.perf_counter()
    error_texts = rows.filter(rows.table == "errors").select("text")
    if list_errors:
        error_texts = error_texts.union(spark.createDataFrame([(json.dumps(record),) for record in list_errors], "text string"))
    errors = parsed(error_texts, errors_schema())
    errors.write.mode(arguments.mode).parquet(f"{out}/errors")
    if write_delta:
        errors.write.format("delta").mode(arguments.mode).save(f"{out}/delta/errors")
    phases["write errors"] = time.perf_counter() - writing
    rows.unpersist()

    summary = {
        "master": sc.master,
        "inputs": inputs,
        "failed": failed,
        "rows": counts,
        "skipped": len(skipped),
        "delta": write_delta,
        "out": out,
        "seconds": {name: round(seconds, 3) for name, seconds in phases.items()},
        "tasks": {name: round(value, 3) for name, value in tasks.items()},
    }
    delta_note = f"Delta Lake tables in {out}/delta" if write_delta else "no Delta Lake tables (Delta Lake is not on the classpath)"
    print(
        f"styluskit-spark: {summary['inputs']} inputs on {sc.master}: {summary['inputs'] - failed} measured, {failed} failed "
        f"(table {out}/errors); rows: stroke {counts['stroke']}, step {counts['step']}, test {counts['test']}; {delta_note}"
    )
    print(
        "styluskit-spark: driver seconds: " + ", ".join(f"{name} {seconds:.1f}" for name, seconds in phases.items())
        + f"; in the tasks, summed over the partitions: {tasks['files']} files ({tasks['copied']} copied), receive {tasks['receive_s']:.1f} s, "
        f"copy {tasks['copy_s']:.1f} s, styluskit {tasks['binary_s']:.1f} s ({tasks['binary_cpu_s']:.1f} s CPU), "
        f"rows {tasks['rows_s']:.1f} s, emit {tasks['emit_s']:.1f} s, Python CPU {tasks['python_cpu_s']:.1f} s"
    )
    return summary


def main(argv=None):
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    from pyspark.sql import SparkSession

    starting = time.perf_counter()
    spark = SparkSession.builder.appName("styluskit-features").getOrCreate()
    session_seconds = time.perf_counter() - starting
    try:
        summary = run(spark, arguments)
        summary["seconds"] = {"session": round(session_seconds, 3), **summary["seconds"]}
        # Spark's default parallelism: the executors' cores, but at least 2 on a standalone cluster.
        summary["default_parallelism"] = spark.sparkContext.defaultParallelism
        if arguments.summary_json:
            with open(arguments.summary_json, "w", encoding="utf-8") as handle:
                json.dump(summary, handle, indent=2)
    finally:
        spark.stop()
    return 1 if summary["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
