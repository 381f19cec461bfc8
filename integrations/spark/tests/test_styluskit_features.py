"""The executor side of styluskit_features.py on real results files and the real binary, without Spark.

STYLUSKIT names the binary (test-spark.sh sets it); without it these tests are skipped, not passed.
"""

import json
import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))
import styluskit_features as job  # noqa: E402

BINARY = os.environ.get("STYLUSKIT", "")
needs_binary = pytest.mark.skipif(not (BINARY and os.access(BINARY, os.X_OK)), reason="STYLUSKIT names no binary")

SESSIONS = {
    "clock": ("clock.scenario", []),
    "maze": ("clean-solve.scenario", ["--maze", str(ROOT / "Fixtures/mazes/no-choice.maze")]),
    "sdt": ("sdt-parts.scenario", []),
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """One results file of each test, synthesized and replayed by the binary."""
    folder = tmp_path_factory.mktemp("results")
    files = {}
    for test, (scenario, extra) in SESSIONS.items():
        recording = folder / f"{test}.evemu"
        subprocess.run([BINARY, "synth", str(ROOT / "Fixtures/synth" / scenario), "--seed", "7", "--output", str(recording)],
                       check=True, capture_output=True)
        subprocess.run([BINARY, "replay", str(recording), "--test", test, *extra, "--out", str(folder / test)],
                       check=True, capture_output=True)
        (made,) = (folder / test).iterdir()
        files[test] = made
    return files


def pairs(*files, uri_prefix="hdfs://namenode:8020/corpus/"):
    return [(uri_prefix + path.name, path.read_bytes()) for path in files]


@needs_binary
def test_every_column_has_the_kind_its_values_show(results):
    # The schema is fixed in column_kind because JSON cannot tell a count from a whole number;
    # a column added to the binary must be typed there too, and this is where that shows.
    for level in job.LEVELS:
        output = subprocess.run([BINARY, "features", "--level", level, "--format", "json", *map(str, results.values())],
                                check=True, capture_output=True, text=True).stdout
        rows = [json.loads(line) for line in output.splitlines()]
        assert {row["test"] for row in rows} == {"clock", "maze", "sdt"}
        for name in rows[0]:
            values = [row[name] for row in rows if row[name] is not None]
            kind = job.column_kind(name)
            if kind == "text":
                assert all(isinstance(value, str) for value in values), (level, name)
            else:
                assert all(isinstance(value, (int, float)) and not isinstance(value, bool) for value in values), (level, name)
            if kind == "count":
                assert all(isinstance(value, int) for value in values), (level, name)
            known = name in job.TEXT_COLUMNS | job.COUNT_COLUMNS or name.startswith(job.COUNT_PREFIXES)
            numeric_by_name = name.endswith(("_s", "_mm", "_mm_s", "_mm_s2", "_mm_s3", "_hz", "_rad", "_ratio", "_mean", "_sd", "_max",
                                            "_median", "_q1", "_q3", "_iqr", "_p5", "_p95", "_cv"))
            # trails_b_over_a: part B's time over part A's, a ratio (docs/measures.md, "Trail making").
            assert known or numeric_by_name or name in ("normalised_jerk", "trails_b_over_a"), f"{level} column {name}: add it to TEXT_COLUMNS or COUNT_COLUMNS"


@needs_binary
def test_rows_name_the_input_uri_not_the_temporary_copy(results):
    out = job.measure_files(pairs(*results.values()), BINARY, host="worker-1")
    tables = {table for table, _ in out}
    assert tables == {"stroke", "step", "test"}
    files = {record["file"] for _, record in out}
    assert files == {f"hdfs://namenode:8020/corpus/{path.name}" for path in results.values()}
    assert len([record for table, record in out if table == "test"]) == 3


@needs_binary
def test_rows_equal_the_binary_run_on_the_file_itself(results):
    out = job.measure_files(pairs(results["sdt"], uri_prefix="file:/x/"), BINARY)
    local = subprocess.run([BINARY, "features", "--level", "step", "--format", "json", str(results["sdt"])],
                           check=True, capture_output=True, text=True).stdout
    expected = [json.loads(line) for line in local.splitlines()]
    for row in expected:
        row["file"] = "file:/x/" + results["sdt"].name
    assert [record for table, record in out if table == "step"] == expected


@needs_binary
def test_a_bad_file_is_an_error_row_with_the_binarys_message_and_the_others_are_measured(results, tmp_path):
    cut = tmp_path / "cut-off.csk"
    cut.write_bytes(results["clock"].read_bytes()[:1500])
    recording = ROOT / "Fixtures/recordings/real/dell_canvas_pen.evemu"
    out = job.measure_files(pairs(results["maze"], cut, recording), BINARY, host="worker-2")
    errors = [record for table, record in out if table == "errors"]
    measured = {record["file"] for table, record in out if table == "test"}
    failed = {record["file"] for record in errors}
    corpus = "hdfs://namenode:8020/corpus/"
    assert corpus + "cut-off.csk" in failed and corpus + results["maze"].name in measured
    # Recordings are refused until features reads them, then measured: either way never dropped.
    assert (corpus + "dell_canvas_pen.evemu" in failed) != (corpus + "dell_canvas_pen.evemu" in measured)
    assert len(errors) == len(failed), "one error row per failed file"
    for record in errors:
        assert record["stage"] == "features" and record["host"] == "worker-2"
        assert record["file"] in record["message"], record["message"]
        assert "styluskit-spark-" not in record["message"], "the temporary path leaked into the message"


@needs_binary
def test_names_with_commas_spaces_and_brackets_reach_the_binary(results):
    out = job.measure_files([("file:/data/a, b [1].ssk", results["sdt"].read_bytes())], BINARY)
    assert [record["file"] for table, record in out if table == "test"] == ["file:/data/a, b [1].ssk"]


def test_a_missing_binary_makes_every_input_an_error_that_says_how_to_ship_it():
    out = job.measure_files([("file:/a.csk", b"x"), ("file:/b.msk", b"y")], "no-such-styluskit-binary", host="w")
    assert [table for table, _ in out] == ["errors", "errors"]
    for _, record in out:
        assert record["stage"] == "binary"
        assert "--files" in record["message"] and "PATH" in record["message"]


def test_a_binary_without_the_execute_bit_is_run_from_an_executable_copy(tmp_path):
    binary = tmp_path / "styluskit"
    binary.write_text("#!/bin/sh\necho '{\"file\":\"'\"$9\"'\",\"test\":\"clock\"}'\n")
    binary.chmod(0o644)
    (tmp_path / "copy").mkdir()
    copy = job.executable_copy(str(binary), str(tmp_path / "copy"))
    assert copy != str(binary) and os.access(copy, os.X_OK)


def test_column_kinds():
    assert job.column_kind("file") == "text"
    assert job.column_kind("in_air_path") == "text"
    assert job.column_kind("stroke") == "count"
    assert job.column_kind("pauses_over_0_5_s") == "count"
    assert job.column_kind("interruptions_wall_cross") == "count"
    assert job.column_kind("boxes_attempted_delayed_recall_2") == "count"
    assert job.column_kind("time_per_box_copy_s") == "number"
    assert job.column_kind("velocity_mean_mm_s") == "number"


def test_directory_entries_that_are_inputs():
    assert job.is_input_name("s/a.CSK") and job.is_input_name("a.msk") and job.is_input_name("r.evemu")
    assert job.is_input_name("live.journal") and job.is_input_name("r.yml")
    assert not job.is_input_name("README.md") and not job.is_input_name("Wacom.desc") and not job.is_input_name("LICENSE")


def test_hadoop_path_lists_escape_commas_and_globs():
    assert job.escape_glob("file:/a,b/[x]*?.csk") == "file:/a?b/\\[x\\]\\*\\?.csk"
    assert job.escape_glob("hdfs://nn/x{1}.csk") == "hdfs://nn/x\\{1\\}.csk"


def test_arguments_need_inputs_and_an_output(capsys):
    with pytest.raises(SystemExit):
        job.parse_arguments(["--out", "o"])
    assert "give at least one INPUT" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        job.parse_arguments(["a.csk"])
    with pytest.raises(SystemExit):
        job.parse_arguments(["a.csk", "--out", "o", "--partitions", "-1"])
    assert "--partitions -1 is not a number of partitions" in capsys.readouterr().err
    arguments = job.parse_arguments(["a.csk", "dir", "--out", "o", "--features-arg=--x", "--delta", "no"])
    assert arguments.inputs == ["a.csk", "dir"] and arguments.features_arg == ["--x"] and arguments.delta == "no"
    assert not arguments.copy_inputs and job.parse_arguments(["a.csk", "--out", "o", "--copy-inputs"]).copy_inputs


@needs_binary
def test_a_partition_hands_back_each_row_with_its_table_the_file_of_test_and_error_rows_and_its_timings_last(results, tmp_path):
    # The driver counts the tables and checks every input from the `table` and `file` columns in the
    # JVM, without parsing the rows' JSON again in Python.
    bad = tmp_path / "bad.csk"
    bad.write_bytes(b"not a results file")
    rows = list(job.measure_partition(BINARY, [])(iter(pairs(results["clock"], bad))))
    table, file, text = rows[-1]
    timings = json.loads(text)
    assert (table, file) == ("timing", "")
    assert timings["files"] == 2 and timings["bytes"] == results["clock"].stat().st_size + bad.stat().st_size
    assert timings["binary_cpu_s"] > 0 and timings["binary_s"] > 0 and set(timings) == set(job.TaskTimings.FIELDS)
    for table, file, text in rows[:-1]:
        assert table in job.LEVELS + ("errors",)
        assert file == (json.loads(text)["file"] if table in ("test", "errors") else "")
    prefix = "hdfs://namenode:8020/corpus/"
    expected = {("test", prefix + results["clock"].name), ("errors", prefix + "bad.csk")}
    assert {(table, file) for table, file, _ in rows if file} == expected


def test_the_local_path_of_a_file_uri():
    assert job.local_path("file:/data/a, b [1].ssk") == "/data/a, b [1].ssk"
    assert job.local_path("file:///data/a.csk") == "/data/a.csk"
    assert job.local_path("file://localhost/data/a.csk") == "/data/a.csk"
    assert job.local_path("file://other-host/data/a.csk") is None
    assert job.local_path("hdfs://namenode:8020/data/a.csk") is None
    assert job.local_path("file:relative.csk") is None


@needs_binary
def test_a_file_input_is_given_to_the_binary_by_its_own_path_not_copied(results):
    # binaryFiles' hand-over and the worker's copy were a quarter of the measuring pass at 5,000
    # files (README.md, "At scale"); a file: input every worker sees needs neither.
    timings = job.TaskTimings()
    uris = ["file:" + str(path) for path in results.values()]
    out = job.measure_files(uris, BINARY, timings=timings)
    assert (timings.files, timings.copied) == (3, 0)
    assert timings.bytes == sum(path.stat().st_size for path in results.values())
    assert {record["file"] for table, record in out if table == "test"} == set(uris)
    local = subprocess.run([BINARY, "features", "--level", "stroke", "--format", "json", str(results["maze"])],
                           check=True, capture_output=True, text=True).stdout
    expected = [json.loads(line) for line in local.splitlines()]
    for row in expected:
        row["file"] = "file:" + str(results["maze"])
    assert [record for table, record in out if table == "stroke" and record["test"] == "maze"] == expected


@needs_binary
def test_a_file_input_in_a_visit_folder_is_measured_from_a_copy_so_its_visit_columns_stay_null(results, tmp_path):
    # Inputs on other file systems are measured as files on their own (README.md); a file: input
    # given in its visit folder would get participant_id, visit_folder and visit_test instead.
    folder = tmp_path / "P-7" / "20261125T093012Z"
    folder.mkdir(parents=True)
    measured = folder / "clock-1.csk"
    measured.write_bytes(results["clock"].read_bytes())
    (folder / "visit.json").write_text(json.dumps({
        "format": "styluskit-visit", "schema": 2, "participant": "P-7", "started": "2026-11-25T09:30:12Z",
        "finished": "2026-11-25T09:40:12Z", "status": "complete", "software": {"name": "styluskit", "version": "0.0-test"},
        "protocol": {"name": "small", "title": "small", "schema": 1, "file": "protocol.yaml", "source": "protocol.yaml",
                     "sha256": "0"},
        "calibration": {}, "tests": [{"index": 1, "test": "clock", "status": "done", "results": "clock-1.csk"}]}))
    in_place = subprocess.run([BINARY, "features", "--level", "test", "--format", "json", str(measured)],
                              check=True, capture_output=True, text=True).stdout
    assert json.loads(in_place.splitlines()[0])["participant_id"] == "P-7", "the manifest is not read as a visit's"
    timings = job.TaskTimings()
    out = job.measure_files(["file:" + str(measured)], BINARY, timings=timings)
    (row,) = [record for table, record in out if table == "test"]
    assert row["file"] == "file:" + str(measured) and timings.copied == 1
    assert (row["participant_id"], row["visit_folder"], row["visit_test"]) == (None, None, None)


@needs_binary
def test_a_file_input_missing_on_the_executor_is_an_error_row_that_says_where_it_must_be(results):
    out = job.measure_files(["file:/no/such/folder/a.csk", "file:" + str(results["sdt"])], BINARY, host="worker-3")
    errors = [record for table, record in out if table == "errors"]
    assert [(record["file"], record["stage"], record["host"]) for record in errors] == [("file:/no/such/folder/a.csk", "read", "worker-3")]
    assert "same path on every worker" in errors[0]["message"] and "hdfs:" in errors[0]["message"]
    assert [record["file"] for table, record in out if table == "test"] == ["file:" + str(results["sdt"])]


@needs_binary
def test_a_message_about_a_path_that_holds_another_inputs_path_names_its_own_uri(tmp_path):
    # Given by their own paths, one input's path can be the end of another's (/t/bad.csk and
    # /t/q/t/bad.csk); each message must name its file's URI whole, not the shorter path's URI
    # spliced into the longer one.
    short = tmp_path / "bad.csk"
    long = tmp_path / "q" / str(tmp_path).lstrip("/") / "bad.csk"
    long.parent.mkdir(parents=True)
    for path in (short, long):
        path.write_bytes(b"not a results file")
    out = job.measure_files(["file:" + str(short), "file:" + str(long)], BINARY)
    errors = {record["file"]: record["message"] for table, record in out if table == "errors"}
    assert set(errors) == {"file:" + str(short), "file:" + str(long)}
    assert "file:" + str(long) in errors["file:" + str(long)], errors
    assert "file:file:" not in "".join(errors.values()) and "qfile:" not in "".join(errors.values()), errors
