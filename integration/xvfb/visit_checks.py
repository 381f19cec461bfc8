"""The visit checks (issue 20): `styluskit visit` under Xvfb, each test fed a recording through
administer's live input path (one --feed per protocol test, in order).

A whole standard visit makes its folder, a visit.json whose keys and types are exactly docs/visit.md's
table, and three results files that `recover` rebuilds byte for byte from their journals; a visit
SIGKILLed between two tests resumes at the next one; a visit SIGKILLed mid-test leaves a journal
that `recover` turns into the very results file the resumed visit rebuilds, marked incomplete; the
break covers the participant's screen with a running countdown; the report of the visit shows each
test's picture where `report --json` places it (pixels of the PDF) and its REDCap files have REDCap's
header and this visit's row; the operator's lines skip (with the
reason) and abort; one Ctrl+Q in the window only asks, a second aborts the visit with its journal
kept, and the same command resumes it; SIGINT stops the test safely, the test and the visit
`stopped` (exit status 4); a start that fails (no such monitor) leaves nothing on disk
(docs/visit.md, "Life cycle").

No check compares a visit's results file with `replay` of the fed recording byte for byte: a live
session stamps events with the session's clock and the wall-clock anchor of the moment, and the window
adds what a recording has no trace of (instruction times, continue presses), so they never match; the
byte-for-byte equality that holds is with `recover` of each test's journal, as for `administer`.
"""
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import time

from xwdimage import XwdImage

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
REAL = os.path.join(ROOT, "Fixtures", "recordings", "real")
STANDARD = os.path.join(ROOT, "Fixtures", "protocols", "standard.yaml")
# Three recordings of a few seconds each (the clock's, the maze battery's, symbol-digit's feed).
# The patient window's cover (check.py's COVER): the form hidden, as during a break.
COVER = (140, 140, 148)
FEEDS = [os.path.join(REAL, name) for name in
         ("Wacom-DTH2242-Pen.events", "UC-LOGIC-Tablet-WP5540U-Pen.events", "Wacom-DTH2242-Pen.events")]


def manifest_table():
    """docs/visit.md's visit.json table: key path -> type cell."""
    text = open(os.path.join(ROOT, "docs", "visit.md")).read()
    section = text.split("## `visit.json`", 1)[1].split("\n## ", 1)[0]
    table = {}
    for line in section.splitlines():
        match = re.match(r"\| `([^`]+)` \| ([^|]+) \|", line)
        if match:
            table[match.group(1)] = match.group(2).strip()
        elif table and not line.startswith("|"):
            break  # the key table ends; the status table after it is not keys
    # `software.name` makes `software` an object the table does not list by itself.
    for key in list(table):
        parent = key.rsplit(".", 1)[0] if "." in key else None
        if parent and not parent.endswith("[]") and parent not in table:
            table[parent] = "object"
    return table


def type_ok(value, cell):
    kinds = {"string": str, "integer": int, "boolean": bool, "object": dict, "array of object": list}
    allowed = [part.strip() for part in cell.split(" or ")]
    if value is None:
        return "null" in allowed
    for name in allowed:
        kind = kinds.get(name)
        if kind is int and isinstance(value, bool):
            continue
        if kind is not None and isinstance(value, kind):
            return name != "array of object" or all(isinstance(item, dict) for item in value)
    return False


def manifest_problems(manifest):
    """Every documented key present with its type, no key the table does not name (file-and-checksum
    objects, whose keys the table gives in words, aside)."""
    table = manifest_table()
    problems = []
    TRAILS_ONLY = {"tests[].form", "tests[].layouts"}

    def walk(value, path):
        if path not in table:
            problems.append(f"{path}: not in docs/visit.md")
            return
        if not type_ok(value, table[path]):
            problems.append(f"{path}: {value!r} is not {table[path]}")
            return
        children = [key for key in table if key.startswith(path + ".") or key.startswith(path + "[].")]
        if isinstance(value, dict) and children:
            for key in [k for k in children if k.count(".") == path.count(".") + 1 and not k.startswith(path + "[]")]:
                if key.split(".")[-1] not in value:
                    problems.append(f"{key}: missing")
            for key, item in value.items():
                walk(item, f"{path}.{key}")
        if isinstance(value, list):
            for item in value:
                # The items' own keys only: an array inside them (`tests[].steps[].step`) is walked in its turn.
                for key in [k for k in table if k.startswith(path + "[].") and k.count(".") == path.count(".") + 1]:
                    # docs/visit.md: `form` and `layouts` are keys of trail making entries alone.
                    if key in TRAILS_ONLY and item.get("test") != "trails":
                        continue
                    if key.split(".")[-1] not in item:
                        problems.append(f"{key}: missing")
                for key, inner in item.items():
                    walk(inner, f"{path}[].{key}")

    for key in [k for k in table if "." not in k and "[" not in k]:
        if key not in manifest:
            problems.append(f"{key}: missing")
    for key, value in manifest.items():
        walk(value, key)
    if manifest.get("format") != "styluskit-visit" or manifest.get("schema") != 2:
        problems.append("format/schema")
    if manifest.get("status") not in ("in-progress", "complete", "stopped", "aborted"):
        problems.append(f"status {manifest.get('status')}")
    for test in manifest.get("tests", []):
        if test["status"] not in ("pending", "running", "done", "stopped", "incomplete", "skipped", "aborted"):
            problems.append(f"tests[].status {test['status']}")
    # The table's `calibration.*` and `tests[].sha256` objects: {file, sha256} and {journal, results}.
    for name, facts in manifest.get("calibration", {}).items():
        if facts is not None and sorted(facts) != ["file", "sha256"]:
            problems.append(f"calibration.{name}: keys {sorted(facts)}")
    for test in manifest.get("tests", []):
        if test.get("sha256") is not None and sorted(test["sha256"]) != ["journal", "results"]:
            problems.append(f"tests[].sha256: keys {sorted(test['sha256'])}")
    return [p for p in problems if not re.match(r"(calibration\.\w+|tests\[\]\.sha256)\.", p)]


def sha256(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def start_visit(styluskit, out, protocol, participant, feeds, speed, lines=None):
    """`styluskit visit` in the background, fed `feeds`; `lines` are written to its standard input
    (None: it stays open, nothing typed). Returns the process and its stderr file."""
    args = [styluskit, "visit", "--protocol", protocol, "--participant", participant, "--out", out, "--json",
            "--feed-speed", speed]
    for feed in feeds:
        args += ["--feed", feed]
    os.makedirs(out, exist_ok=True)
    stderr_path = os.path.join(out, f"stderr-{time.time_ns()}")
    process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(stderr_path, "w"), text=True)
    if lines is not None:
        process.stdin.write(lines)
        process.stdin.close()
    return process, stderr_path


def wait_for(predicate, seconds=90):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def read_manifest(out, participant):
    paths = sorted(glob.glob(os.path.join(out, participant, "*", "visit.json")))
    if not paths:
        return None, None
    try:
        return json.load(open(paths[-1])), os.path.dirname(paths[-1])
    except ValueError:
        return None, os.path.dirname(paths[-1])


def finish(process, seconds=180):
    if process.stdin is not None and process.stdin.closed:
        process.stdin = None
    try:
        stdout, _ = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, _ = process.communicate()
    lines = stdout.strip().splitlines()
    try:
        return process.returncode, json.loads(lines[-1]) if lines else None
    except ValueError:
        return process.returncode, None


def recovers_to(styluskit, journal, results, scratch):
    """`styluskit recover` on a copy of `journal` writes a file byte-identical to `results`."""
    os.makedirs(scratch, exist_ok=True)
    run = subprocess.run([styluskit, "recover", journal, "--out", scratch, "--force"], capture_output=True, text=True)
    rebuilt = os.path.join(scratch, os.path.basename(results))
    return run.returncode == 0 and os.path.exists(rebuilt) and open(rebuilt, "rb").read() == open(results, "rb").read()


def full_standard_visit(styluskit, work, check):
    out = os.path.join(work, "visit-standard")
    # Enter five times: start the clock, end each break early and start the test after it.
    process, stderr_path = start_visit(styluskit, out, STANDARD, "P-0001", FEEDS, "8", lines="\n" * 5)
    status, summary = finish(process)
    stderr = open(stderr_path).read()
    check("visit: a standard visit fed three recordings exits 0", status == 0 and summary is not None, stderr[-600:])
    if summary is None:
        return
    manifest = json.load(open(summary["manifest"]))
    folder = summary["folder"]
    check("visit: the folder is OUT/<participant>/<UTC start>",
          re.fullmatch(re.escape(out) + r"/P-0001/\d{8}T\d{6}Z", folder) is not None, folder)
    check("visit: the summary and the manifest say complete, three tests done",
          summary["ended"] == "complete" and manifest["status"] == "complete"
          and [t["status"] for t in manifest["tests"]] == ["done", "done", "done"], json.dumps(summary)[-400:])
    problems = manifest_problems(manifest)
    check("visit: visit.json has exactly docs/visit.md's keys and types", not problems, "; ".join(problems[:8]))
    check("visit: the protocol copy's SHA-256 is the manifest's",
          sha256(os.path.join(folder, "protocol.yaml")) == manifest["protocol"]["sha256"] == sha256(STANDARD))
    check("visit: the settings file is recorded with its SHA-256",
          manifest["calibration"]["settings"] is not None
          and manifest["calibration"]["settings"]["sha256"] == sha256(manifest["calibration"]["settings"]["file"]))
    check("visit: the device is the first feed's", manifest["device"] is not None
          and manifest["device"]["node"] == "feed:" + FEEDS[0] and re.fullmatch(r"0x[0-9a-f]{4}", manifest["device"]["vendor"]),
          json.dumps(manifest["device"]))
    check("visit: the tests are clock, maze, sdt with their results files",
          [t["test"] for t in manifest["tests"]] == ["clock", "maze", "sdt"]
          and [os.path.splitext(t["results"])[1] for t in manifest["tests"]] == [".csk", ".msk", ".ssk"], json.dumps(manifest["tests"])[:400])
    for test in manifest["tests"]:
        journal, results = os.path.join(folder, test["journal"]), os.path.join(folder, test["results"])
        check(f"visit: {test['test']}'s checksums are its files'",
              test["sha256"] == {"journal": sha256(journal), "results": sha256(results)})
        check(f"visit: recover rebuilds {test['test']}'s results file byte for byte from its journal",
              recovers_to(styluskit, journal, results, os.path.join(work, "visit-recovered", test["test"])))
        valid = subprocess.run([styluskit, "adf", "validate", results], capture_output=True, text=True)
        check(f"visit: {test['test']}'s results file validates", valid.returncode == 0, valid.stdout[-300:] + valid.stderr[-300:])
    check("visit: the operator saw the prompts and the breaks on the terminal",
          "Operator: The maze test comes next" in stderr and "Break of 0:30" in stderr, stderr[-600:])
    report_shows_each_test(styluskit, work, folder, check)
    redcap_rows_are_the_visits(styluskit, work, folder, manifest, check)


def read_ppm(path):
    """A binary PPM (P6, as pdftoppm writes it): width, height and the RGB bytes."""
    data = open(path, "rb").read()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    return int(fields[1]), int(fields[2]), data[position + 1:]


def report_shows_each_test(styluskit, work, folder, check):
    """`styluskit report` on the visit just made: every test's picture box on its page holds drawing (the
    form and its ink), found by pixels in the PDF rasterised by poppler, where `report --json` says it is."""
    pdf = os.path.join(work, "visit-report.pdf")
    run = subprocess.run([styluskit, "report", folder, "--out", pdf, "--force", "--json"], capture_output=True, text=True)
    check("visit report: written for the visit folder", run.returncode == 0, run.stdout[-300:] + run.stderr[-300:])
    if run.returncode != 0:
        return
    placed = json.loads(run.stdout)
    dpi = 50
    for test in placed["tests"]:
        box = test["picture"]
        if box is None:
            check(f"visit report: {test['test']} has a picture", False, json.dumps(test)[:300])
            continue
        stem = os.path.join(work, f"visit-report-{test['index']}")
        subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(test["page"]), "-l", str(test["page"]), "-singlefile", pdf, stem], check=True)
        width, height, pixels = read_ppm(stem + ".ppm")
        pixel = lambda cm: int(cm / 2.54 * dpi)
        drawn = total = 0
        for y in range(pixel(box["y"]), min(height, pixel(box["y"] + box["height"]))):
            for x in range(pixel(box["x"]), min(width, pixel(box["x"] + box["width"]))):
                offset = 3 * (y * width + x)
                total += 1
                drawn += min(pixels[offset:offset + 3]) < 200
        check(f"visit report: {test['test']}'s picture box holds its drawing (pixels)", total > 0 and drawn > total * 0.005,
              f"{drawn} of {total} pixels drawn")


def redcap_rows_are_the_visits(styluskit, work, folder, manifest, check):
    """`styluskit export redcap` on the visit just made: the dictionary's header is REDCap's, and the
    import file has one row, this visit's, with its tests' statuses and the import columns the dictionary's."""
    out = os.path.join(work, "visit-redcap")
    shutil.rmtree(out, ignore_errors=True)
    run = subprocess.run([styluskit, "export", "redcap", folder, "--out", out], capture_output=True, text=True)
    check("visit REDCap: export exits 0", run.returncode == 0, run.stdout[-300:] + run.stderr[-300:])
    if run.returncode != 0:
        return
    import csv
    dictionary = list(csv.reader(open(os.path.join(out, "data-dictionary.csv"), newline="")))
    check("visit REDCap: the data dictionary's header is REDCap's 18 columns", dictionary[0] == [
        "Variable / Field Name", "Form Name", "Section Header", "Field Type", "Field Label", "Choices, Calculations, OR Slider Labels",
        "Field Note", "Text Validation Type OR Show Slider Number", "Text Validation Min", "Text Validation Max", "Identifier?",
        "Branching Logic (Show field only if...)", "Required Field?", "Custom Alignment", "Question Number (surveys only)",
        "Matrix Group Name", "Matrix Ranking?", "Field Annotation"], str(dictionary[0]))
    fields = [row[0] for row in dictionary[1:] if row[3] != "file"]
    rows = list(csv.DictReader(open(os.path.join(out, "import.csv"), newline="")))
    check("visit REDCap: the import's columns are the dictionary's fields, in order", rows and list(rows[0].keys()) == fields)
    check("visit REDCap: one row, this visit's, its three tests done",
          len(rows) == 1 and rows[0]["participant_id"] == manifest["participant"]
          and [rows[0][f"{t}_status"] for t in ("clock", "maze", "sdt")] == ["1", "1", "1"], json.dumps(rows)[:400])


def three_tests(work, breaks):
    """A protocol in `work`: the clock, the standard battery and symbol-digit, with `breaks` before the last two."""
    path = os.path.join(work, f"three-{breaks or 'none'}.yaml")
    settings = os.path.join(ROOT, "Fixtures", "settings", "default.yaml")
    battery = os.path.join(ROOT, "Fixtures", "mazes", "standard.battery")
    pause = f"\n    break: {breaks}" if breaks else ""
    with open(path, "w") as f:
        f.write(f"schema: 1\nname: three\nsettings: {settings}\ntests:\n  - test: clock\n"
                f"  - test: maze\n    battery: {battery}{pause}\n  - test: sdt{pause}\n")
    return path


def covered_fraction(image, step=24):
    """The fraction of a grid of the screen's pixels that are the cover's colour."""
    points = [(x, y) for y in range(0, image.height, step) for x in range(0, image.width, step)]
    return sum(all(abs(a - b) <= 12 for a, b in zip(image.pixel(x, y), COVER)) for x, y in points) / len(points)


def dark_in(image, x0, x1, y0, y1, step=4):
    """The fraction of a grid of pixels in the box (fractions of the screen) that are near black (words)."""
    points = [(x, y) for y in range(int(y0 * image.height), int(y1 * image.height), step)
              for x in range(int(x0 * image.width), int(x1 * image.width), step)]
    return sum(max(image.pixel(x, y)) < 60 for x, y in points) / max(1, len(points))


def covered_between_tests(styluskit, work, check):
    """Issue 28: from the first test to the last the participant's screen is covered, never the
    desktop: before the first test and between two tests without a break, while the operator's
    terminal waits at its prompt, the screen is the visit's cover."""
    out = os.path.join(work, "visit-covered")
    protocol = three_tests(work, None)
    process, stderr_path = start_visit(styluskit, out, protocol, "P-0007", FEEDS, "8")
    try:
        for moment, prompts in (("before the first test", 1), ("between the first and the second test", 2)):
            waited = wait_for(lambda: open(stderr_path).read().count("Ready for ") >= prompts)
            time.sleep(1)
            capture = os.path.join(work, f"visit-covered-{prompts}.xwd")
            subprocess.run(["xwd", "-root", "-silent", "-out", capture], check=False)
            if not (waited and os.path.exists(capture)):
                check(f"visit cover: the screen was captured {moment}", False, open(stderr_path).read()[-400:])
                return
            fraction = covered_fraction(XwdImage(capture))
            check(f"visit cover: the participant's screen is covered {moment}", fraction >= 0.85, f"{fraction:.2f} covered")
            process.stdin.write("\n")
            process.stdin.flush()
    finally:
        process.kill()
        process.wait()


def killed_between_tests(styluskit, work, check):
    out = os.path.join(work, "visit-between")
    protocol = three_tests(work, "60 s")
    # Standard input stays open and silent: after the clock the visit waits out its break.
    process, stderr_path = start_visit(styluskit, out, protocol, "P-0002", FEEDS, "8")
    process.stdin.write("\n")
    process.stdin.flush()
    waited = wait_for(lambda: "Break of" in open(stderr_path).read())
    # The participant's screen during the break: covered, its countdown's words changing as it runs.
    captures = []
    for name in ("visit-break-1.xwd", "visit-break-2.xwd"):
        time.sleep(1.6)
        captures.append(os.path.join(work, name))
        subprocess.run(["xwd", "-root", "-silent", "-out", captures[-1]], check=False)
    if all(os.path.exists(path) for path in captures):
        first, second = XwdImage(captures[0]), XwdImage(captures[1])
        # The break's words are large and centred: the cover is the rest of the screen.
        fraction = covered_fraction(first)
        check("visit break: the participant's screen is covered during the break", fraction >= 0.85, f"{fraction:.2f} covered")
        check("visit break: its words are large and centred (dark pixels across the middle, none in the corners)",
              dark_in(first, 0.3, 0.7, 0.35, 0.65) > 0.01 and dark_in(first, 0, 0.2, 0, 0.2) == 0,
              f"{dark_in(first, 0.3, 0.7, 0.35, 0.65):.3f} dark in the middle")
        changed = first.differing_pixels(second)
        check("visit break: the countdown on it runs (the screen changes a second later)", changed > 0, f"{changed} pixels")
    else:
        check("visit break: the screen was captured (xwd)", False)
    manifest, folder = read_manifest(out, "P-0002")
    process.kill()
    process.wait()
    check("visit resume: killed in the break after the first test",
          waited and manifest is not None and [t["status"] for t in manifest["tests"]] == ["done", "pending", "pending"],
          open(stderr_path).read()[-400:])
    if manifest is None:
        return
    first = manifest["tests"][0]
    process, stderr_path = start_visit(styluskit, out, protocol, "P-0002", FEEDS, "8", lines="\n" * 4)
    status, summary = finish(process)
    stderr = open(stderr_path).read()
    check("visit resume: the same command resumes it and completes it", status == 0 and summary is not None
          and summary["resumed"] and summary["folder"] == folder and summary["status"] == "complete", stderr[-400:])
    check("visit resume: it says where it resumes", f"Resuming the visit in {folder} at test 2 of 3 (maze)." in stderr, stderr[-400:])
    after = json.load(open(os.path.join(folder, "visit.json")))
    check("visit resume: the first test is untouched, the other two done",
          after["tests"][0] == first and [t["status"] for t in after["tests"]] == ["done", "done", "done"], json.dumps(after["tests"])[:500])
    check("visit resume: the resumed run administered two tests", stderr.count("Administering ") == 2, stderr[-400:])


def killed_mid_test(styluskit, work, check):
    out = os.path.join(work, "visit-mid")
    protocol = three_tests(work, None)
    # The clock at the recording's own speed (10 s): killed a few seconds in.
    process, stderr_path = start_visit(styluskit, out, protocol, "P-0003", FEEDS, "1", lines="\n")
    started = wait_for(lambda: "Administering" in open(stderr_path).read())
    time.sleep(3)
    manifest, folder = read_manifest(out, "P-0003")
    process.kill()
    process.wait()
    check("visit mid-test: killed while the first test runs",
          started and manifest is not None and manifest["tests"][0]["status"] == "running" and manifest["tests"][0]["journal"],
          open(stderr_path).read()[-400:])
    if manifest is None or not manifest["tests"][0]["journal"]:
        return
    journal = os.path.join(folder, manifest["tests"][0]["journal"])
    # A copy as the kill left it (the resumed visit rebuilds from the journal too); same name, so same results name.
    os.makedirs(os.path.join(work, "visit-mid-journal"), exist_ok=True)
    kept = os.path.join(work, "visit-mid-journal", os.path.basename(journal))
    shutil.copy(journal, kept)
    scratch = os.path.join(work, "visit-mid-recovered")
    os.makedirs(scratch, exist_ok=True)
    recovered = subprocess.run([styluskit, "recover", kept, "--out", scratch], capture_output=True, text=True)
    check("visit mid-test: recover turns the journal left behind into a results file", recovered.returncode == 0,
          recovered.stdout[-300:] + recovered.stderr[-300:])
    process, stderr_path = start_visit(styluskit, out, protocol, "P-0003", FEEDS, "8", lines="\n" * 3)
    status, summary = finish(process)
    stderr = open(stderr_path).read()
    after = json.load(open(os.path.join(folder, "visit.json")))
    check("visit mid-test: resuming recovers the test, marks it incomplete and goes on",
          status == 0 and [t["status"] for t in after["tests"]] == ["incomplete", "done", "done"]
          and after["tests"][0]["outcome"] == "recovered" and "was cut off; recovering it" in stderr, stderr[-500:])
    results = os.path.join(folder, after["tests"][0]["results"] or "?")
    rebuilt = os.path.join(scratch, os.path.basename(results))
    check("visit mid-test: the visit's recovered results file is recover's, byte for byte",
          os.path.exists(results) and os.path.exists(rebuilt) and open(results, "rb").read() == open(rebuilt, "rb").read())
    check("visit mid-test: the journal was not administered again", stderr.count("Administering ") == 2, stderr[-400:])


def skipped_and_aborted(styluskit, work, check):
    """The operator's lines on standard input: 's tremor' skips the clock with its reason, Enter starts
    the maze, 'q' aborts the visit before symbol-digit (exit status 3, the visit aborted, the rest pending)."""
    out = os.path.join(work, "visit-skip")
    process, stderr_path = start_visit(styluskit, out, three_tests(work, None), "P-0004", FEEDS, "8",
                                       lines="s tremor in the right hand\n\nq\n")
    status, summary = finish(process)
    stderr = open(stderr_path).read()
    check("visit operator: an abort between tests exits 3", status == 3 and summary is not None, stderr[-400:])
    if summary is None:
        return
    manifest = json.load(open(summary["manifest"]))
    check("visit operator: skipped with the reason typed, then done, then pending; the visit aborted",
          [t["status"] for t in manifest["tests"]] == ["skipped", "done", "pending"] and manifest["status"] == "aborted"
          and manifest["tests"][0]["skipReason"] == "tremor in the right hand" and manifest["tests"][0]["journal"] is None,
          json.dumps(manifest["tests"])[:500])
    check("visit operator: one test administered", stderr.count("Administering ") == 1, stderr[-400:])


def aborted_in_the_window(styluskit, work, check):
    """Ctrl+Q in the window during a test asks for a second, which aborts the visit: exit status 3,
    the test aborted with its journal kept (recover rebuilds it), the tests after it pending; the
    same command resumes the visit at its next test (one sitting, one visit)."""
    if shutil.which("xdotool") is None:
        check("visit Ctrl+Q: xdotool is installed (scripts/setup.sh)", False, "xdotool missing")
        return
    out = os.path.join(work, "visit-ctrl-q")
    process, stderr_path = start_visit(styluskit, out, three_tests(work, None), "P-0005", FEEDS, "1", lines="\n")
    started = wait_for(lambda: "Administering" in open(stderr_path).read())
    time.sleep(1.5)
    subprocess.run(["xdotool", "key", "ctrl+q"], check=False)
    asked = wait_for(lambda: "Press Ctrl+Q again" in open(stderr_path).read(), 10)
    check("visit Ctrl+Q: one Ctrl+Q only asks for a second; the test goes on",
          started and asked and process.poll() is None, open(stderr_path).read()[-400:])
    subprocess.run(["xdotool", "key", "ctrl+q"], check=False)
    status, summary = finish(process, 60)
    stderr = open(stderr_path).read()
    check("visit Ctrl+Q: the visit ends with exit status 3", started and status == 3 and summary is not None, stderr[-400:])
    if summary is None:
        return
    manifest = json.load(open(summary["manifest"]))
    tests = manifest["tests"]
    check("visit Ctrl+Q: the test aborted, the others pending, the visit aborted",
          [t["status"] for t in tests] == ["aborted", "pending", "pending"] and manifest["status"] == "aborted",
          json.dumps(tests)[:400])
    journal = os.path.join(summary["folder"], tests[0]["journal"] or "?")
    scratch = os.path.join(work, "visit-ctrl-q-recovered")
    os.makedirs(scratch, exist_ok=True)
    recovered = subprocess.run([styluskit, "recover", journal, "--out", scratch], capture_output=True, text=True)
    check("visit Ctrl+Q: the journal is kept and recover rebuilds a results file from it",
          os.path.exists(journal) and recovered.returncode == 0, recovered.stderr[-300:])
    process, stderr_path = start_visit(styluskit, out, three_tests(work, None), "P-0005", FEEDS, "8", lines="\n" * 2)
    status, resumed = finish(process)
    stderr = open(stderr_path).read()
    after = json.load(open(summary["manifest"]))
    check("visit Ctrl+Q: the same command resumes the aborted visit at its next test and completes it",
          status == 0 and resumed is not None and resumed["resumed"] and resumed["folder"] == summary["folder"]
          and [t["status"] for t in after["tests"]] == ["aborted", "done", "done"] and after["status"] == "complete",
          stderr[-400:])


def stopped_by_sigint(styluskit, work, check):
    """Ctrl-C (SIGINT) during a test stops it safely as administer does (results written, the test
    `stopped`) and ends the run, the visit `stopped` (exit status 4), to be resumed at its next test."""
    out = os.path.join(work, "visit-sigint")
    process, stderr_path = start_visit(styluskit, out, three_tests(work, None), "P-0006", FEEDS, "1", lines="\n")
    started = wait_for(lambda: "Administering" in open(stderr_path).read())
    time.sleep(1.5)
    process.send_signal(signal.SIGINT)
    status, summary = finish(process, 60)
    stderr = open(stderr_path).read()
    check("visit SIGINT: the run ends with exit status 4, the visit stopped", started and status == 4 and summary is not None
          and summary["ended"] == "stopped" and summary["status"] == "stopped" and summary["resumesAt"] == 2, stderr[-400:])
    if summary is None:
        return
    tests = json.load(open(summary["manifest"]))["tests"]
    check("visit SIGINT: the test stopped with its results, outcome stopped; the others pending",
          [t["status"] for t in tests] == ["stopped", "pending", "pending"] and tests[0]["outcome"] == "stopped"
          and os.path.exists(os.path.join(summary["folder"], tests[0]["results"])), json.dumps(tests)[:400])


def failed_start(styluskit, work, check):
    """A start that fails before the first journal opens (here: no such monitor) leaves nothing on
    disk, so the next run is not taken for a resumed visit and its start is its own first test's."""
    out = os.path.join(work, "visit-failed-start")
    os.makedirs(out, exist_ok=True)
    run = subprocess.run([styluskit, "visit", "--protocol", three_tests(work, None), "--participant", "P-0007", "--out", out,
                          "--output-display", "NO-SUCH-MONITOR", "--feed", FEEDS[0]],
                         input="\n", capture_output=True, text=True, timeout=120)
    check("visit failed start: the command fails", run.returncode != 0, run.stderr[-300:])
    check("visit failed start: nothing is left on disk for the participant",
          not os.path.exists(os.path.join(out, "P-0007")), str(os.listdir(out)))


def moved_on_with_n(styluskit, work, check):
    """A maze test the operator moves through with N (the participant finishes no maze) is `done`
    with the outcome `moved-on`, never `finished`, in visit.json and the summary."""
    if shutil.which("xdotool") is None:
        check("visit N: xdotool is installed (scripts/setup.sh)", False, "xdotool missing")
        return
    out = os.path.join(work, "visit-moved-on")
    protocol = os.path.join(work, "maze-only.yaml")
    with open(protocol, "w") as f:
        f.write(f"schema: 1\nname: maze-only\ntests:\n  - test: maze\n"
                f"    battery: {os.path.join(ROOT, 'Fixtures', 'mazes', 'standard.battery')}\n")
    # The maze feed at its own speed: the operator's N comes long before the participant would finish.
    process, stderr_path = start_visit(styluskit, out, protocol, "P-0008", FEEDS[1:2], "1", lines="\n")
    started = wait_for(lambda: "Administering" in open(stderr_path).read())
    time.sleep(0.5)
    for _ in range(20):
        if process.poll() is not None:
            break
        subprocess.run(["xdotool", "key", "n"], check=False)
        time.sleep(0.4)
    status, summary = finish(process, 60)
    stderr = open(stderr_path).read()
    check("visit N: the visit moved through with N completes", started and status == 0 and summary is not None, stderr[-400:])
    if summary is None:
        return
    test = json.load(open(summary["manifest"]))["tests"][0]
    check("visit N: the maze test is done, moved-on (not finished), in visit.json and the summary",
          test["status"] == "done" and test["outcome"] == "moved-on" and summary["tests"][0]["outcome"] == "moved-on",
          json.dumps(test)[:400])


def visit_checks(styluskit, work, check):
    for test in (full_standard_visit, covered_between_tests, killed_between_tests, killed_mid_test, skipped_and_aborted,
                 aborted_in_the_window, stopped_by_sigint, failed_start, moved_on_with_n):
        try:
            test(styluskit, work, check)
        except Exception as error:  # a crash is a failure of that check, not of the run
            check(test.__name__, False, repr(error))
