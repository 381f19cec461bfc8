"""The truth check (issue 28, item 11): one visit whose protocol sets every setting away from its
default, fed pen input through the live input path under Xvfb, stopped once between tests and
resumed. For each setting it prints one line: what the window showed (pixels of xwd captures, words
read by tesseract), what was spoken (nothing: there is no audio output), and what the results file,
visit.json, the report (pdftotext) and both exports (CSV and REDCap) say. Every line must agree.

A cell is one of:
  ok      the place shows or says the set value (or the effect only the set value has)
  DIFFERS the place shows or says something else (usually the default): the line fails
  MISSING the place must carry it (the issue names it) and says nothing: the line fails
  -       the place does not carry it and need not (or this visit cannot exercise it)

Usage: truth.py STYLUSKIT WORK (run.sh starts Xvfb and passes both). Prints the table and
'N passed, N failed'; exit status 1 on any disagreement.
"""
import csv
import glob
import hashlib
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "integration", "xvfb"))
# The screenshot tests' helpers: a recording made to hover before it touches, a command's end and JSON.
from check import delayed  # noqa: E402
from visit_checks import finish  # noqa: E402
from xwdimage import XwdImage  # noqa: E402

PROTOCOL = os.path.join(HERE, "protocol.yaml")
SETTINGS = os.path.join(HERE, "settings.yaml")
DEFAULTS = os.path.join(ROOT, "Fixtures", "settings", "default.yaml")
SPEED = "2"  # the scenarios' pauses are written twice as long as the session sees them
PARTICIPANT = "TRUTH-1"
# The Cintiq 13HD the synthesised recordings imitate: 400...59152 x 400...33448 at 200 units/mm on its
# 1920 x 1080 panel of 0.153 mm pixels (integration/xvfb/check.py).
AXIS_MIN, UNITS_PER_PIXEL = 400, 200 * 0.153
PER_CM = 166.0131 / 2.54
BUTTON = (51, 115, 217)
COVER = (140, 140, 148)
BANNER = (255, 247, 204)
CHECK_GREEN = (30, 150, 60)
HIGHLIGHT = (255, 153, 0)
INK = (20, 40, 160)
# The continue button: 4 x 1.5 cm, 0.5 cm from the bottom-right corner (check.py's clock_buttons).
BUTTON_PIXEL = (int(1920 - 2.5 * PER_CM), int(1080 - 0.8 * PER_CM))
CONTINUE_BOX = (1920 - 4.5 * PER_CM, 1920 - 0.5 * PER_CM, 1080 - 2.0 * PER_CM, 1080 - 0.5 * PER_CM)
# The clock to copy: centred, radius 4 cm, hour hand 0.5 r, minute hand 0.75 r (FormPrinting's StepForm).
CLOCK_RADIUS = 4 * PER_CM
# How late a frame may show what a timer did (a loaded machine: two cores shared by many builds).
LATENCY = 0.6

HOURS = ["twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


def near(pixel, colour, tolerance=30):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def clock_words(hours, minutes):
    """The ways a clock time is said or written: '2:45', '02:45', 'quarter to three', ..."""
    said = [f"{hours}:{minutes:02d}", f"{hours:02d}:{minutes:02d}"]
    if minutes == 0:
        said.append(f"{HOURS[hours]} o'clock")
    elif minutes == 15:
        said.append(f"quarter past {HOURS[hours]}")
    elif minutes == 30:
        said.append(f"half past {HOURS[hours]}")
    elif minutes == 45:
        said.append(f"quarter to {HOURS[hours % 12 + 1]}")
    elif minutes < 30:
        said.append(f"{minutes} past {HOURS[hours]}")
        said.append(f"{['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][minutes] if minutes <= 10 else minutes} past {HOURS[hours]}")
    else:
        said.append(f"to {HOURS[hours % 12 + 1]}")
    return said


def says(text, phrases):
    """True when `text` holds one of `phrases` as words: '2:45' not inside '12:02:45' or '2:456'."""
    low = " ".join((text or "").lower().split())
    return any(re.search(r"(?<![\w:])" + re.escape(p) + r"(?![\w:])", low) for p in phrases)


def read_settings(path):
    """A settings file as {'clock.hours': '2', ...} (the flat two-level YAML this file is written in)."""
    values, section = {}, None
    for line in open(path):
        stripped = line.split("#", 1)[0].rstrip()
        if not stripped:
            continue
        if not line.startswith(" "):
            key, _, value = stripped.partition(":")
            section = key.strip() if not value.strip() else None
            continue
        if section:
            key, _, value = stripped.strip().partition(":")
            values[f"{section}.{key.strip()}"] = value.strip()
    return values


def seconds(value):
    """'2.5 s' or '2500 ms' as seconds."""
    number, unit = value.split()
    return float(number) / (1000 if unit == "ms" else 1)


def sha256(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


# ---------------------------------------------------------------------------------------------------
# The screen, watched while the visit runs.


class Watcher:
    """Captures the X screen (xwd -root) as fast as it can while the visit runs, and keeps for each
    capture the monotonic times around it (the session's clock is CLOCK_MONOTONIC, as Python's
    time.monotonic, so captures and journal events share one clock), the stage the operator's terminal
    was at, and a few facts of its pixels. A few whole captures are kept for the words on them."""

    def __init__(self, work, stage, run):
        self.work, self.stage, self.run_number = work, stage, run
        self.samples, self.kept = [], {}
        self.running = True
        self.thread = threading.Thread(target=self.run, daemon=True)

    def start(self):
        self.thread.start()

    def stop(self):
        self.running = False
        self.thread.join(timeout=30)

    def keep(self, name, path):
        target = os.path.join(self.work, f"shot-{name}.xwd")
        shutil.copy(path, target)
        self.kept[name] = target

    def run(self):
        path = os.path.join(self.work, "watch.xwd")
        # The watcher yields to the visit: a capture must not be what delays the frame it captures.
        os.nice(10)
        last = 0.0
        while self.running:
            time.sleep(max(0.0, last + 0.12 - time.monotonic()))
            last = time.monotonic()
            stage = self.stage()
            before = time.monotonic()
            done = subprocess.run(["xwd", "-root", "-silent", "-out", path], capture_output=True)
            after = time.monotonic()
            if done.returncode != 0 or stage is None:
                time.sleep(0.05)
                continue
            try:
                image = XwdImage(path)
            except (ValueError, OSError):
                continue
            facts = self.facts(image, stage)
            facts.update(before=before, after=after, stage=stage, run=self.run_number())
            self.samples.append(facts)
            # The first capture of each stage with words on top, with the clock to copy, and two of a break.
            # Words over an uncovered page (a paused test's message comes with its cover).
            if facts["banner"] and facts["cover"] < 0.5 and f"{stage}-banner" not in self.kept:
                self.keep(f"{stage}-banner", path)
            if stage == "clock" and facts["copy-clock"] and "copy" not in self.kept:
                self.keep("copy", path)
            if stage == "maze" and facts["cover"] > 0.5 and "maze-paused" not in self.kept:
                self.keep("maze-paused", path)
            if stage == "sdt" and not facts["banner"] and facts["cover"] < 0.05 and "sdt-form" not in self.kept:
                self.keep("sdt-form", path)
            if stage in ("break", "between") and facts["bare"] and "bare" not in self.kept:
                self.keep("bare", path)
            if stage == "break" and facts["cover"] > 0.5:
                kept = [k for k in self.kept if k.startswith("countdown-")]
                if len(kept) < 2 and (not kept or after - self.kept_at > 1.4):
                    self.keep(f"countdown-{len(kept) + 1}", path)
                    self.kept_at = after

    @staticmethod
    def facts(image, stage):
        """What the check asks of a capture, each fact looked for only in the stage it belongs to (a
        capture's pixels are read in Python, so fewer reads mean more captures)."""
        grid = [image.pixel(x, y) for x in range(20, 1920, 60) for y in range(140, 1080, 60)]
        facts = {
            "bare": sum(p == (0, 0, 0) for p in grid) / len(grid) > 0.9,
            "banner": near(image.pixel(5, 5), BANNER, 6),
            "cover": sum(near(p, COVER, 12) for p in grid) / len(grid),
            "centre": image.pixel(960, 540),
            "button": False, "copy-clock": False, "walls": 0, "magenta": 0, "highlight": 0, "start-ink": False,
        }
        if stage == "clock":
            ring = [image.pixel(int(960 + CLOCK_RADIUS * math.cos(a / 18 * math.pi)), int(540 + CLOCK_RADIUS * math.sin(a / 18 * math.pi)))
                    for a in range(36)]
            facts.update({"button": near(image.pixel(*BUTTON_PIXEL), BUTTON), "copy-clock": sum(max(p) < 110 for p in ring) >= 12})
        if stage == "maze":
            # The maze's walls where two lines through the middle cross them (detour.maze, 1.5 cm cells):
            # the finish card hides them.
            facts["walls"] = (sum(max(image.pixel(960, y)) < 90 for y in range(380, 700))
                              + sum(max(image.pixel(x, 540)) < 90 for x in range(780, 1140)))
            # Ink where the first stroke begins, in row 1 column 2 (the maze centred, 1.5 cm cells).
            facts["start-ink"] = any(near(image.pixel(960 + dx, int(540 - 1.5 * PER_CM) + dy), INK, 40)
                                     for dx in range(-6, 7, 2) for dy in range(-6, 7, 2))
        if stage == "sdt":
            facts["magenta"] = sum(near(image.pixel(x, y), (217, 0, 217), 40) for x in range(0, 1920, 12) for y in range(120, 1080, 12))
            facts["highlight"] = sum(near(image.pixel(x, y), HIGHLIGHT, 40) for x in range(0, 1920, 16) for y in range(0, 1080, 16))
        return facts


# ---------------------------------------------------------------------------------------------------
# Words and hands on a capture.


def crop_ppm(image, box, path):
    """Writes a crop (x0, y0, x1, y1) of an xwd capture as a binary PPM that tesseract reads."""
    x0, y0, x1, y1 = box
    rows = bytearray()
    for y in range(y0, y1):
        for x in range(x0, x1):
            rows.extend(image.pixel(x, y))
    with open(path, "wb") as f:
        f.write(f"P6 {x1 - x0} {y1 - y0} 255\n".encode() + bytes(rows))


def words_on(capture, box, work, name, extra=()):
    """The words tesseract reads in `box` of a capture, lower case, one line; None without tesseract."""
    if shutil.which("tesseract") is None or capture is None:
        return None
    image = XwdImage(capture)
    ppm = os.path.join(work, f"ocr-{name}.ppm")
    crop_ppm(image, box, ppm)
    run = subprocess.run(["tesseract", ppm, "-", *extra], capture_output=True, text=True)
    return " ".join(run.stdout.lower().split())


def legend_digits(capture, work):
    """The nine digits of the symbol-digit legend as tesseract reads them, each cell's inside cut out
    (its frame would read as a 1). The form (Fixtures/settings/README.md) is centred on the 29.376 x
    16.524 cm panel; the legend's items are 1.296 cm apart, a digit's cell 1.1161 cm high under the symbol's."""
    if shutil.which("tesseract") is None or capture is None:
        return None
    image = XwdImage(capture)
    ox, oy = (29.376 - 21.888) / 2, (16.524 - 13.282) / 2
    pitch, inner, border = 1.296, 1.1161, 0.026
    left = ox + (15 * pitch + border - (9 * pitch + border)) / 2
    top, bottom = oy + 2 * border + inner + 0.12, oy + 2 * border + 2 * inner - 0.08
    cells = [(int((left + i * pitch + border + 0.15) * PER_CM), int((left + (i + 1) * pitch - 0.15) * PER_CM)) for i in range(9)]
    y0, y1 = int(top * PER_CM), int(bottom * PER_CM)
    gap = bytes([255, 255, 255]) * 30
    rows = bytearray()
    for y in range(y0, y1):
        rows.extend(gap)
        for x0, x1 in cells:
            for x in range(x0, x1):
                rows.extend(image.pixel(x, y))
            rows.extend(gap)
    width = 30 + sum(x1 - x0 + 30 for x0, x1 in cells)
    ppm = os.path.join(work, "ocr-legend.ppm")
    with open(ppm, "wb") as f:
        f.write(f"P6 {width} {y1 - y0} 255\n".encode() + bytes(rows))
    run = subprocess.run(["tesseract", ppm, "-", "--psm", "7", "-c", "tessedit_char_whitelist=0123456789"], capture_output=True, text=True)
    return run.stdout


def banner_box(capture):
    """The box of the words on top of the patient window: the rows whose left edge is the banner colour."""
    image = XwdImage(capture)
    bottom = 0
    # A row belongs to the banner while any of a few columns is its colour (a letter may cover one).
    while bottom < 400 and any(near(image.pixel(x, bottom), BANNER, 6) for x in (2, 300, 700, 1100, 1500, 1917)):
        bottom += 1
    return (0, 0, 1920, max(bottom, 40))


def hands_on(capture):
    """The time the clock to copy shows, read from its black hands: (hours, minutes) or None."""
    image = XwdImage(capture)

    def dark(radius_from, radius_to, angle):
        count = 0
        for r in range(int(radius_from), int(radius_to), 3):
            for wobble in (-0.012, 0, 0.012):
                x = 960 + r * math.sin(angle + wobble)
                y = 540 - r * math.cos(angle + wobble)
                count += max(image.pixel(int(x), int(y))) < 100
        return count

    inner = [(dark(0.15 * CLOCK_RADIUS, 0.45 * CLOCK_RADIUS, math.radians(d)), d) for d in range(0, 360, 2)]
    outer = [(dark(0.55 * CLOCK_RADIUS, 0.72 * CLOCK_RADIUS, math.radians(d)), d) for d in range(0, 360, 2)]
    minute_score, minute_angle = max(outer)
    # The hour hand: the strongest inner ray away from the minute hand's.
    hour_score, hour_angle = max((s, d) for s, d in inner if min(abs(d - minute_angle), 360 - abs(d - minute_angle)) > 12)
    if minute_score < 5 or hour_score < 5:
        # The hands overlap (or there are none): the hour hand lies along the minute hand.
        if minute_score < 5:
            return None
        hour_angle = minute_angle
    minutes = round(minute_angle / 6) % 60
    hours = int(((hour_angle - minutes / 2) % 360 + 15) // 30) % 12 or 12
    return hours, minutes


# ---------------------------------------------------------------------------------------------------
# The visit.


def start_visit(styluskit, out, feeds, stderr_path, environment):
    args = [styluskit, "visit", "--protocol", PROTOCOL, "--participant", PARTICIPANT, "--out", out, "--json", "--feed-speed", SPEED]
    for feed in feeds:
        args += ["--feed", feed]
    return subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(stderr_path, "w"), text=True,
                            env=environment)


def wait_for(predicate, seconds=90):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def stage_of(stderr_paths):
    """The stage the visit is at, from the operator's terminal: clock, maze, sdt (from its
    'Administering' line on), break (from 'Break of' to 'The break is over.'), or None."""
    def stage():
        text = "".join(open(p).read() for p in stderr_paths() if os.path.exists(p))
        tests = list(re.finditer(r"^Test \d+ of \d+: (\w+)", text, re.M))
        if not tests or "Administering " not in text:
            return None
        name = tests[-1].group(1).lower()
        after = text[tests[-1].end():]
        if re.search(r"^Administering ", after, re.M):
            return "clock" if name.startswith("clock") else "maze" if name.startswith("maze") else "sdt"
        if "Break of" in after and "The break is over." not in after:
            return "break"
        return "between"
    return stage


def journal_events(path):
    """(time, type, code, value) of every event line of a journal, and its control lines as (kind, text)."""
    events, controls = [], []
    for line in open(path, errors="replace"):
        if line.startswith("E:"):
            f = line.split()
            events.append((float(f[1]), f[2], f[3], int(f[4])))
        elif line.startswith("# StylusKit control: "):
            text = line[len("# StylusKit control: "):].strip()
            controls.append((text.split(" ", 1)[0], text))
    return events, controls


def touches(events):
    """(down time, up time, screen x, screen y at the touch-down) of each touch of a journal."""
    out, x, y, down = [], None, None, None
    for t, kind, code, value in events:
        if kind == "0003" and code == "0000":
            x = value
        elif kind == "0003" and code == "0001":
            y = value
        elif kind == "0001" and code == "014a":
            if value and down is None:
                down = (t, x, y)
            elif not value and down is not None:
                sx = (down[1] - AXIS_MIN) / UNITS_PER_PIXEL if down[1] is not None else -1
                sy = (down[2] - AXIS_MIN) / UNITS_PER_PIXEL if down[2] is not None else -1
                out.append((down[0], t, sx, sy))
                down = None
    return out


def in_continue(x, y):
    return CONTINUE_BOX[0] <= x <= CONTINUE_BOX[1] and CONTINUE_BOX[2] <= y <= CONTINUE_BOX[3]


def xpath(expression, path):
    return subprocess.run(["xmllint", "--xpath", expression, path], capture_output=True, text=True).stdout.strip()


def run_visit(styluskit, work):
    """Both runs of the visit: the first stopped (SIGINT) at the maze's prompt, the second resuming it.
    Returns what the check reads afterwards."""
    feeds = []
    for name in ("clock", "maze", "sdt"):
        feed = os.path.join(work, f"{name}.evemu")
        subprocess.run([styluskit, "synth", os.path.join(HERE, f"{name}.scenario"), "--output", feed], check=True, capture_output=True)
        delayed(feed, feed, 3.0)  # 1.5 s of the session at --feed-speed 2
        feeds.append(feed)
    out = os.path.join(work, "visits")
    # No audio output at all: SDL cannot open one, so nothing can be spoken (the truth the records must tell).
    environment = dict(os.environ, SDL_AUDIODRIVER="truth-check-no-audio")
    stderr_paths = [os.path.join(work, "run-1.stderr"), os.path.join(work, "run-2.stderr")]
    current = [stderr_paths[0]]
    watcher = Watcher(work, stage_of(lambda: [p for p in current if p]), lambda: 1 if current[0] != stderr_paths[1] else 2)
    watcher.start()
    facts = {"feeds": feeds}
    try:
        first = start_visit(styluskit, out, feeds, stderr_paths[0], environment)
        first.stdin.write("\n")  # starts the clock
        first.stdin.flush()
        at_prompt = wait_for(lambda: "Truth check, maze." in open(stderr_paths[0]).read(), 120)
        time.sleep(0.5)
        current[0] = None  # the screen is nobody's business once the visit is stopped
        first.send_signal(signal.SIGINT)
        facts["first"] = (at_prompt,) + finish(first, 60)
        paths = sorted(glob.glob(os.path.join(out, PARTICIPANT, "*", "visit.json")))
        facts["after-stop"] = json.load(open(paths[-1])) if paths else None
        current[0] = stderr_paths[1]
        second = start_visit(styluskit, out, feeds, stderr_paths[1], environment)
        second.stdin.write("\n")  # starts the maze; then nobody answers: the break runs its length
        second.stdin.close()
        facts["second"] = finish(second, 150)
    finally:
        watcher.stop()
    facts["stderr"] = [open(p).read() if os.path.exists(p) else "" for p in stderr_paths]
    facts["watch"] = watcher
    paths = sorted(glob.glob(os.path.join(out, PARTICIPANT, "*", "visit.json")))
    facts["folders"] = [os.path.dirname(p) for p in paths]
    facts["folder"] = facts["folders"][0] if facts["folders"] else None
    # What each capture showed and how the runs ended, for a look afterwards (KEEP=1 keeps the folder;
    # TRUTH_AGAIN=FOLDER reads that folder's visit again without running it).
    with open(os.path.join(work, "captures.json"), "w") as f:
        json.dump({"samples": watcher.samples, "kept": watcher.kept,
                   "facts": {k: v for k, v in facts.items() if k != "watch"}}, f, indent=0)
    return facts


# ---------------------------------------------------------------------------------------------------
# What each place says.


class Sources:
    """Every place the check reads, read once."""

    def __init__(self, styluskit, work, facts):
        self.facts, self.work = facts, work
        self.folder = facts["folder"]
        self.manifest = json.load(open(os.path.join(self.folder, "visit.json"))) if self.folder else {}
        self.tests = {t["test"]: t for t in self.manifest.get("tests", [])}
        self.results, self.journal = {}, {}
        for test, entry in self.tests.items():
            if entry.get("results") and os.path.exists(os.path.join(self.folder, entry["results"])):
                self.results[test] = os.path.join(self.folder, entry["results"])
            if entry.get("journal") and os.path.exists(os.path.join(self.folder, entry["journal"])):
                self.journal[test] = os.path.join(self.folder, entry["journal"])
        # The results files' words outside the pen data (where a setting could be recorded).
        self.results_text = {}
        for test, path in self.results.items():
            text = open(path, errors="replace").read()
            self.results_text[test] = re.sub(r"<PenData>.*</PenData>", "", text, flags=re.S)
        self.report_text, self.report_error = "", None
        pdf = os.path.join(work, "report.pdf")
        run = subprocess.run([styluskit, "report", self.folder or "?", "--out", pdf, "--force"], capture_output=True, text=True)
        if run.returncode == 0 and shutil.which("pdftotext"):
            self.report_text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True).stdout
        else:
            self.report_error = f"report exit {run.returncode}: {run.stderr.strip()[-200:]}"
        self.csv_row, self.csv_error = {}, None
        csv_path = os.path.join(work, "export.csv")
        run = subprocess.run([styluskit, "export", "csv", self.folder or "?", "--out", csv_path, "--force"], capture_output=True, text=True)
        if run.returncode == 0:
            rows = list(csv.DictReader(open(csv_path, newline="")))
            self.csv_row = rows[0] if rows else {}
        else:
            self.csv_error = f"export csv exit {run.returncode}: {run.stderr.strip()[-200:]}"
        self.redcap_row, self.redcap_choices, self.redcap_error = {}, {}, None
        redcap = os.path.join(work, "redcap")
        shutil.rmtree(redcap, ignore_errors=True)
        run = subprocess.run([styluskit, "export", "redcap", self.folder or "?", "--out", redcap], capture_output=True, text=True)
        if run.returncode == 0:
            rows = list(csv.DictReader(open(os.path.join(redcap, "import.csv"), newline="")))
            self.redcap_row = rows[0] if rows else {}
            for row in csv.reader(open(os.path.join(redcap, "data-dictionary.csv"), newline="")):
                if len(row) > 5 and row[5]:
                    self.redcap_choices[row[0]] = dict(part.strip().split(", ", 1) for part in row[5].split("|") if ", " in part)
        else:
            self.redcap_error = f"export redcap exit {run.returncode}: {run.stderr.strip()[-200:]}"
        # The settings file visit.json names, checked against its SHA-256.
        self.settings_said, self.settings_problem = {}, None
        recorded = (self.manifest.get("calibration") or {}).get("settings")
        if not recorded:
            self.settings_problem = "names no settings file"
        elif not os.path.exists(recorded["file"]):
            self.settings_problem = f"names {recorded['file']}, which is gone"
        elif sha256(recorded["file"]) != recorded["sha256"]:
            self.settings_problem = "settings file's SHA-256 is not the recorded one"
        else:
            self.settings_said = read_settings(recorded["file"])
        self.protocol_copy = None
        copy = (self.manifest.get("protocol") or {}).get("file")
        if copy and os.path.exists(os.path.join(self.folder, copy)):
            path = os.path.join(self.folder, copy)
            if sha256(path) == self.manifest["protocol"].get("sha256"):
                self.protocol_copy = open(path).read()

    def redcap_value(self, field):
        """A REDCap field's value in words (a dropdown's code as its label)."""
        value = self.redcap_row.get(field, "")
        return self.redcap_choices.get(field, {}).get(value, value)


def flatten(value, prefix=""):
    """A JSON value as (dotted key, leaf value) pairs."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from flatten(inner, f"{prefix}.{key}" if prefix else key)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from flatten(inner, f"{prefix}[{i}]")
    else:
        yield prefix, value


def squash(name):
    return re.sub(r"[^a-z0-9]", "", name.lower())


def said_in_columns(row, names):
    """The columns of an export row (or keys of visit.json) whose name holds one of `names`: {column: value}."""
    wanted = [squash(n) for n in names]
    return {column: value for column, value in row.items() if any(w in squash(column) for w in wanted)}


OK, DIFFERS, MISSING, NONE = "ok", "DIFFERS", "MISSING", "-"


def cell(state, text):
    return (state, text)


def value_cell(found, expected, place, required):
    """A cell for what a place says of a setting: `found` {where: value} (empty: silent)."""
    if not found:
        return cell(MISSING if required else NONE, f"not said{' (required)' if required else ''}")
    wrong = {k: v for k, v in found.items() if not matches(v, expected, k)}
    if wrong:
        key, value = next(iter(wrong.items()))
        return cell(DIFFERS, f"{key} = {value!r}")
    key, value = next(iter(found.items()))
    return cell(OK, f"{key} = {value!r}")


def matches(value, expected, key=""):
    """A recorded value against the set one: numbers by value (units and 'cells' aside; a key named in
    milliseconds read so), booleans by truth."""
    text = str(value).strip().lower()
    if re.search(r"(millisecond|_ms$|ms$)", key, re.I) and re.match(r"^-?[\d.]+$", text):
        text += " ms"
    want = str(expected).strip().lower()
    if text == want:
        return True
    number = re.match(r"^(-?[\d.]+)\s*(ms|s|cells?|px)?$", text)
    goal = re.match(r"^(-?[\d.]+)\s*(ms|s|cells?|px)?$", want)
    if number and goal:
        a = float(number.group(1)) / (1000 if number.group(2) == "ms" else 1)
        b = float(goal.group(1)) / (1000 if goal.group(2) == "ms" else 1)
        return abs(a - b) < 1e-6
    truthy = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}
    return text in truthy and want in truthy and truthy[text] == truthy[want]


def report_mention(text, phrases, expected_words):
    """What the report's text says of a setting: the lines naming one of `phrases`, checked for the set value."""
    lines = [line.strip() for line in text.splitlines() if any(p in line.lower() for p in phrases)]
    if not lines:
        return cell(NONE, "not said")
    good = [line for line in lines if any(w in line.lower() for w in expected_words)]
    if len(good) == len(lines):
        return cell(OK, f'"{good[0][:60]}"')
    bad = next(line for line in lines if line not in good)
    return cell(DIFFERS, f'"{bad[:60]}"')


def value_words(value):
    """The ways a report may write a setting's value: '4 s' as '4 s', '4.0 s', '4000 ms'; false as off, no."""
    text = str(value).strip().lower()
    if text in ("true", "false"):
        return ["on", "yes", "true", "enabled"] if text == "true" else ["off", "no", "false", "disabled", "not "]
    number, _, unit = text.partition(" ")
    words = [text, f"{float(number):g} {unit}".strip(), f"{float(number):.1f} {unit}".strip()]
    if unit == "s":
        words.append(f"{float(number) * 1000:g} ms")
    return words


def report_cell(src, key, value):
    """The report's lines naming a setting (its key in words or as written), checked for its value."""
    if src.report_error:
        return cell(DIFFERS, src.report_error)
    name = key.split(".", 1)[1]
    return report_mention(src.report_text, [name, name.replace("-", " ")], value_words(value))


def export_cells(src, names, expected):
    """The CSV and REDCap cells of a setting: the columns named after it, compared with the set value."""
    cells = []
    for row, error in ((src.csv_row, src.csv_error), (src.redcap_row, src.redcap_error)):
        if error:
            cells.append(cell(DIFFERS, error))
            continue
        cells.append(value_cell(said_in_columns(row, names), expected, "export", False))
    return cells


def manifest_cell(src, key, expected, names=()):
    """visit.json's word on a setting: the settings file it names (SHA-256 checked), and any key of its own."""
    if src.settings_problem:
        return cell(DIFFERS, "visit.json " + src.settings_problem)
    value = src.settings_said.get(key)
    own = {k: v for k, v in said_in_columns(dict(flatten(src.manifest)), names or [key.split(".", 1)[1]]).items()
           if not k.startswith("calibration.") and not k.startswith("protocol.")}
    if value is None:
        # Left out of the file: the default holds.
        value = read_settings(DEFAULTS).get(key)
    if not matches(value, expected):
        return cell(DIFFERS, f"settings file: {value}")
    wrong = {k: v for k, v in own.items() if not matches(v, expected, k)}
    if wrong:
        k, v = next(iter(wrong.items()))
        return cell(DIFFERS, f"{k} = {v!r}")
    return cell(OK, f"settings file (SHA-256 ok): {value}" + (f"; {next(iter(own))}" if own else ""))


def worst(*cells):
    """One cell of several facts of one place: the worst state, the texts joined."""
    order = [DIFFERS, MISSING, OK, NONE]
    state = min((c[0] for c in cells), key=order.index)
    return cell(state, "; ".join(dict.fromkeys(c[1] for c in cells)))


class Table:
    COLUMNS = ["window", "spoken", "results", "visit.json", "report", "CSV", "REDCap"]

    def __init__(self):
        self.lines = []

    def add(self, setting, value, cells):
        self.lines.append((setting, value, cells))

    def failed(self, cells):
        return any(c[0] in (DIFFERS, MISSING) for c in cells)

    def print(self):
        for setting, value, cells in self.lines:
            verdict = "FAIL" if self.failed(cells) else "PASS"
            print(f"{verdict} {setting} = {value}")
            for column, (state, text) in zip(self.COLUMNS, cells):
                print(f"    {column:<10} {state:<7} {text}")
        failed = sum(self.failed(cells) for _, _, cells in self.lines)
        print(f"{len(self.lines) - failed} passed, {failed} failed")
        return failed


# ---------------------------------------------------------------------------------------------------
# The lines.


def window_in(watch, stage):
    return [s for s in watch.samples if s["stage"] == stage]


def spoken_cell(src):
    warned = "there is no audio output" in "".join(src.facts["stderr"]) or "not spoken" in "".join(src.facts["stderr"])
    return cell(NONE, "nothing (no audio output" + (", the operator warned)" if warned else ")"))


def clock_time_line(src, table, said, work):
    hours, minutes = int(said["clock.hours"]), int(said["clock.minutes"])
    default = (int(read_settings(DEFAULTS)["clock.hours"]), int(read_settings(DEFAULTS)["clock.minutes"]))
    right, wrong = clock_words(hours, minutes), clock_words(*default)
    watch = src.facts["watch"]

    def judge(text, required=True):
        if says(text, right):
            return OK
        if says(text, wrong):
            return DIFFERS
        return MISSING if required else NONE

    # The window: the words on top of the command page, and the hands of the clock to copy.
    banner = watch.kept.get("clock-banner")
    if banner is None:
        words = cell(MISSING, "no words shown on the clock's page (no capture with the banner)")
    else:
        read = words_on(banner, banner_box(banner), work, "clock-banner")
        if read is None:
            words = cell(NONE, "words not read (tesseract missing; scripts/setup.sh)")
        else:
            phrase = re.search(r"set the hands to ([a-z0-9: ]*)", read)
            state, told = judge(read), phrase.group(1).strip() if phrase else ""
            note = f'words "...set the hands to {told}"' if phrase else f'words "{read[:50]}"'
            if state == MISSING and told:
                # The line runs off the screen: what is left is the start of one of the times.
                state = DIFFERS
                cut = [w for w in right + wrong if w.startswith(told) and len(told) >= 3]
                note += f" (cut off at the screen's edge{': ' + cut[0] + '?' if cut else ''})"
            elif not read.startswith("please"):
                note += " (the line starts cut off)"
            words = cell(state, note)
    copy = watch.kept.get("copy")
    if copy is None:
        hands = cell(MISSING, "the clock to copy was never captured")
    else:
        shown = hands_on(copy)
        hands = cell(OK if shown == (hours % 12 or 12, minutes) else DIFFERS,
                     f"copy page's hands at {shown[0]}:{shown[1]:02d}" if shown else "copy page's hands not found")
    window = worst(words, hands)
    text = src.results_text.get("clock", "")
    attributes = re.search(r'hours="(\d+)"[^>]*minutes="(\d+)"', text)
    recorded = re.findall(r'clockTime="(\d+):(\d+)"', text)
    if recorded:
        # docs/settings.md: both clock steps' Start record the time the patient was given.
        good = len(recorded) == 2 and all((int(h), int(m)) == (hours, minutes) for h, m in recorded)
        results = cell(OK if good else DIFFERS, ", ".join(f'clockTime="{h}:{m}"' for h, m in recorded) + f" on {len(recorded)} of 2 steps")
    elif attributes:
        results = cell(OK if (int(attributes.group(1)), int(attributes.group(2))) == (hours, minutes) else DIFFERS,
                       attributes.group(0))
    else:
        state = judge(text)
        found = next((w for w in right + wrong if says(text, [w])), None)
        results = cell(state, f'says "{found}"' if found else "no clock time in the results file")
    manifest = manifest_cell(src, "clock.hours", hours, ["clockhours", "clocktime"])
    manifest = worst(manifest, manifest_cell(src, "clock.minutes", minutes, ["clockminutes", "clocktime"]))
    report_state = judge(src.report_text)
    found = next((w for w in right + wrong if says(src.report_text, [w])), None)
    report = cell(report_state, src.report_error or (f'"{found}"' if found else "no clock time in the report"))
    exports = []
    for row, error in ((src.csv_row, src.csv_error), (src.redcap_row, src.redcap_error)):
        columns = said_in_columns(row, ["clock_time", "clock_hours", "clock_minutes"])
        if error:
            exports.append(cell(DIFFERS, error))
        elif not columns:
            exports.append(cell(NONE, "not said"))
        else:
            joined = " ".join(f"{k}={v}" for k, v in columns.items())
            good = all(matches(v, hours) or matches(v, minutes) or judge(v, False) == OK for v in columns.values())
            exports.append(cell(OK if good else DIFFERS, joined[:60]))
    table.add("clock.hours, clock.minutes", f"{hours}:{minutes:02d} ({right[-1]})",
              [window, spoken_cell(src), results, manifest, report] + exports)


def button_delay_line(src, table, said):
    delay = seconds(said["clock.button-delay"])
    default = seconds(read_settings(DEFAULTS)["clock.button-delay"])
    watch = src.facts["watch"]
    journal = src.journal.get("clock")
    window = cell(MISSING, "no journal to time the buttons by")
    results = cell(MISSING, "no results file")
    if journal:
        events, controls = journal_events(journal)
        lifts = [up for _, up, _, _ in touches(events)]
        samples = window_in(watch, "clock")
        brackets = []
        for before, now in zip(samples, samples[1:]):
            if now["button"] and not before["button"]:
                # The lift that started the wait: the last before the capture that did not show them yet.
                earlier = [t for t in lifts if t < before["before"]]
                if earlier:
                    lift = max(earlier)
                    brackets.append((before["before"] - lift, now["after"] - lift))
        if not brackets:
            window = cell(MISSING, "the buttons were never seen appearing")
        else:
            # The buttons are drawn at the first frame after the timer fires: a loaded machine draws it
            # late (LATENCY), never early; the default's buttons would have come before `lo`.
            window = timed_cell(brackets, delay, default,
                                "buttons " + ", ".join(f"{max(lo, 0):.2f}-{hi:.2f} s" for lo, hi in brackets) + " after the last lift")
        # The results: the touch on continue before the delay is ink, the ones after it are taps.
        taps = [float(text.split()[2]) for kind, text in controls if kind == "tap"]
        all_touches = touches(events)
        first_tap = min(taps) if taps else None
        expected = [t for t in all_touches if first_tap is None or t[0] < first_tap - 0.0005]
        early = [t for t in expected if in_continue(t[2], t[3])]
        strokes = int(float(xpath("count((/*/PenData/drawing)[1]//stroke)", src.results["clock"]) or -1)) if "clock" in src.results else -1
        if strokes < 0:
            results = cell(MISSING, "no results file")
        else:
            gaps = [t[0] - max(u for _, u, _, _ in all_touches if u < t[0]) for t in early]
            good = strokes == len(expected) and early and all(default < g < delay for g in gaps) and len(taps) >= 2
            results = cell(OK if good else DIFFERS,
                           f"command step: {strokes} strokes (touch on continue {', '.join(f'{g:.1f}' for g in gaps)} s after a lift is ink); "
                           f"{len(taps)} taps")
        explicit = said_in_columns({m.group(1): m.group(2) for m in re.finditer(r'(\w*[Bb]utton\w*)="([^"]*)"', src.results_text.get("clock", ""))},
                                   ["buttondelay"])
        if explicit:
            results = worst(results, value_cell(explicit, said["clock.button-delay"], "results", False))
    report = report_cell(src, "clock.button-delay", said["clock.button-delay"])
    table.add("clock.button-delay", said["clock.button-delay"],
              [window, cell(NONE, "-"), results, manifest_cell(src, "clock.button-delay", said["clock.button-delay"], ["buttondelay"]), report]
              + export_cells(src, ["button_delay"], said["clock.button-delay"]))


def pauses(src, test):
    path = src.results.get(test)
    if not path:
        return None
    return xpath("//Interruptions/Pause/@type", path).replace('type="', " ").replace('"', " ").split()


def instructions_shown(src, test):
    path = src.results.get(test)
    return None if not path else int(float(xpath("count(//Start[@instructionsShown])", path) or 0))


def shown_words(watch, stage, src):
    """': "the words"' on top of a stage's first capture with words, as tesseract reads them."""
    capture = watch.kept.get(f"{stage}-banner")
    if capture is None:
        return ""
    read = words_on(capture, banner_box(capture), src.work, f"{stage}-banner")
    return f': "{read[:45]}"' if read else ""


def timed(lo, hi, value, default):
    """The state of a cell for something the window showed between `lo` and `hi` seconds after its
    cause (a frame may come LATENCY late, never early): ok when it is the set `value`'s doing and could
    not be the `default`'s, DIFFERS when the value could not have done it, '-' when the captures were
    too far apart to tell the two (a loaded machine)."""
    could = lambda t: lo - LATENCY <= t <= hi
    return (OK if not could(default) else NONE) if could(value) else DIFFERS


def timed_cell(brackets, value, default, text):
    states = [timed(lo, hi, value, default) for lo, hi in brackets]
    state = DIFFERS if DIFFERS in states else NONE if NONE in states else OK
    return cell(state, text + (" (captures too far apart to tell it from the default)" if state == NONE else ""))


def uncovered_radius(capture):
    """The radius of what a paused maze leaves uncovered below the message on top, in pixels: from the
    area inside its magenta ring, so the ring's width does not count."""
    image = XwdImage(capture)
    coarse = [(x, y) for y in range(160, 1080, 3) for x in range(0, 1920, 3) if not near(image.pixel(x, y), COVER, 12)]
    if not coarse:
        return None
    x0, x1 = min(x for x, _ in coarse) - 4, max(x for x, _ in coarse) + 4
    y0, y1 = min(y for _, y in coarse) - 4, max(y for _, y in coarse) + 4
    inside = sum(1 for y in range(max(y0, 160), min(y1, 1079)) for x in range(max(x0, 0), min(x1, 1919))
                 if not near(image.pixel(x, y), COVER, 12) and not near(image.pixel(x, y), (217, 0, 217), 60))
    return math.sqrt(inside / math.pi)


def maze_lines(src, table, said):
    watch = src.facts["watch"]
    samples = window_in(watch, "maze")
    covered = [s for s in samples if s["cover"] > 0.5]
    # Instructions' words come over the maze; a pause's message comes with its cover.
    banner = [s for s in samples if s["banner"] and s["cover"] < 0.5]
    found = pauses(src, "maze")
    journal = src.journal.get("maze")
    touched = touches(journal_events(journal)[0]) if journal else []

    def setting(key, window, results):
        value = said[key]
        report = report_cell(src, key, value)
        table.add(key, value, [window, cell(NONE, "-"), results, manifest_cell(src, key, value, [key.split(".")[1]]), report]
                  + export_cells(src, ["maze_" + key.split(".")[1].replace("-", "_")], value))

    no_window = not samples
    # Instructions off: no words on top, no instructions' reading time in the results.
    shown = instructions_shown(src, "maze")
    setting("maze.enable-instructions",
            cell(MISSING, "no capture of the maze") if no_window else
            cell(DIFFERS if banner else OK, f"words on top in {len(banner)} of {len(samples)} captures" + (shown_words(watch, "maze", src) if banner else "")),
            cell(MISSING, "no results file") if shown is None else
            cell(DIFFERS if shown else OK, f"{shown} steps with instructionsShown"))
    # The pen's touches: the cross (held 1 s), on to row 3 after a 2.5 s pen-up, to the end after a 4.5 s one.
    cross = touched[0] if touched else None
    quiet = (touched[0][1], touched[1][0]) if len(touched) > 2 else None
    long_up = (touched[1][1], touched[2][0]) if len(touched) > 2 else None
    # Wall-cross detection off: the 1 s cross is neither covered nor recorded.
    crossed = "wall-cross" in (found or [])
    before_pause = [s for s in covered if cross and s["after"] > cross[0] and s["before"] < (quiet[1] if quiet else cross[1] + 1)]
    setting("maze.enable-wall-cross-detection",
            cell(MISSING, "no capture of the maze") if no_window or not cross else
            cell(DIFFERS if before_pause else OK, f"covered in {len(before_pause)} captures during and after the 1 s wall cross"),
            cell(MISSING, "no results file") if found is None else
            cell(DIFFERS if crossed else OK, f"interruptions: {', '.join(found) or 'none'}"))
    for key, why in (("maze.maximum-skip-length", "moot: wall-cross detection is off"),
                     ("maze.wall-cross-timeout", "moot: wall-cross detection is off"),
                     ("maze.maximum-pause-skip-length", "not told apart: the resume begins where the pen lifted"),
                     ("maze.pause-backtrack-distance", "not told apart: the resume begins where the pen lifted"),
                     ):
        setting(key, cell(NONE, why), cell(NONE, why))
    # Start radius 2 cells: the first stroke, begun 1.8 cells from the opening, is ink and recorded.
    inked = [s for s in samples if s["start-ink"]]
    strokes = int(float(xpath("count(//stroke)", src.results["maze"]) or 0)) if "maze" in src.results else None
    setting("maze.start-radius",
            cell(MISSING, "no capture of the maze") if no_window else
            cell(OK if inked else DIFFERS, f"the first stroke inked in {len(inked)} of {len(samples)} captures"),
            cell(MISSING, "no results file") if strokes is None else
            cell(OK if strokes == len(touched) and "start-far" not in (found or []) else DIFFERS,
                 f"{strokes} of {len(touched)} strokes recorded; interruptions: {', '.join(found or []) or 'none'}"))
    # Pause circle 48 px: the part of the maze left uncovered while paused is that wide.
    radius = seconds(said["maze.pause-circle-radius"].replace("px", "s")) / 264 * 2.54 * PER_CM
    default_radius = seconds(read_settings(DEFAULTS)["maze.pause-circle-radius"].replace("px", "s")) / 264 * 2.54 * PER_CM
    paused = watch.kept.get("maze-paused")
    if paused is None:
        window = cell(MISSING, "the maze was never seen paused")
    else:
        seen = uncovered_radius(paused)
        window = cell(OK if seen and abs(seen - radius) <= 3 else DIFFERS,
                      f"circle of {seen:.1f} px ({radius:.1f} set, {default_radius:.1f} default)" if seen else "no circle left uncovered")
    setting("maze.pause-circle-radius", window, cell(NONE, "the circle is not recorded"))
    # No-drawing timeout 3 s: the 2.5 s pen-up is neither covered nor recorded; the 4.5 s one is, 3 s after its lift.
    timeout = seconds(said["maze.no-drawing-timeout"])
    default = seconds(read_settings(DEFAULTS)["maze.no-drawing-timeout"])
    if no_window or not long_up:
        window = cell(MISSING, "no capture of the maze")
    else:
        early = [s for s in covered if s["after"] > quiet[0] and s["before"] < quiet[1]]
        first = next((i for i, s in enumerate(samples) if s["cover"] > 0.5 and s["after"] > long_up[0]), None)
        if early:
            window = cell(DIFFERS, f"covered during the {quiet[1] - quiet[0]:.1f} s pen-up")
        elif first is None or first == 0:
            window = cell(MISSING, f"never covered during the {long_up[1] - long_up[0]:.1f} s pen-up")
        else:
            lo, hi = samples[first - 1]["before"] - long_up[0], samples[first]["after"] - long_up[0]
            window = timed_cell([(lo, hi)], timeout, default,
                                f"not covered during the {quiet[1] - quiet[0]:.1f} s pen-up; covered {max(lo, 0):.2f}-{hi:.2f} s into the "
                          f"{long_up[1] - long_up[0]:.1f} s one")
    path = src.results.get("maze")
    results = cell(MISSING, "no results file")
    if path and found is not None:
        stamps = [int(t) for t in re.findall(r'type="no-drawing"[^>]*|timestamp="(\d+)"[^>]*type="no-drawing"', open(path).read()) if t]
        points = sorted(int(t) for t in re.findall(r'<point [^>]*timestamp="(\d+)"', open(path).read()))
        gaps = [(p - max([q for q in points if q < p], default=p)) / 1000 for p in stamps]
        good = len(stamps) == 1 and abs(gaps[0] - timeout) <= 0.1
        results = cell(OK if good else DIFFERS, "no-drawing " + (", ".join(f"{g:.2f} s" for g in gaps) or "none") + " after the last point")
    setting("maze.no-drawing-timeout", window, results)
    # Finish timeout 1 s: the card comes that long after the pen reaches the end (its last lift).
    finish = seconds(said["maze.finish-timeout"])
    default = seconds(read_settings(DEFAULTS)["maze.finish-timeout"])
    window = cell(MISSING, "the finish was never seen")
    if touched and samples:
        reached = touched[-1][1]
        # The card covers the maze: its walls go.
        card = next((i for i, s in enumerate(samples) if s["walls"] == 0 and s["after"] > reached), None)
        if card is not None and card > 0 and samples[card - 1]["walls"] > 5:
            lo = samples[card - 1]["before"] - reached
            hi = samples[card]["after"] - reached
            window = timed_cell([(lo, hi)], finish, default,
                                f"finish card {max(lo, 0):.2f}-{hi:.2f} s after the last lift")
    path = src.results.get("maze")
    results = cell(MISSING, "no results file")
    if path and touched:
        end = xpath("string((//Step)[1]/End/@timestamp)", path)
        last = xpath("string(((//stroke)[last()]/point)[last()]/@timestamp)", path)
        if end.isdigit() and last.isdigit():
            gap = (int(end) - int(last)) / 1000
            results = cell(OK if abs(gap - finish) <= 0.1 else DIFFERS, f"step ends {gap:.2f} s after the last point")
    setting("maze.finish-timeout", window, results)


def sdt_lines(src, table, said, work):
    watch = src.facts["watch"]
    samples = window_in(watch, "sdt")
    path = src.results.get("sdt")

    def setting(key, window, results, report=None):
        value = said[key]
        report = worst(report_cell(src, key, value), report) if report else report_cell(src, key, value)
        table.add(key, value, [window, cell(NONE, "-"), results, manifest_cell(src, key, value, [key.split(".")[1]]), report]
                  + export_cells(src, ["sdt_" + key.split(".")[1].replace("-", "_")], value))

    no_window = cell(MISSING, "no capture of symbol-digit")
    # Instructions off: no interactive script (the legend framed, the rest of the form covered); the
    # one sentence on top is still shown, and its reading time measured either way (docs/settings.md).
    script = [s for s in samples if s["highlight"] > 20 or s["cover"] > 0.5]
    setting("symbol-digit.enable-instructions",
            no_window if not samples else cell(DIFFERS if script else OK, f"the script (legend framed, form covered) in {len(script)} of "
                                               f"{len(samples)} captures" + (shown_words(watch, "sdt", src) if script else "")),
            cell(NONE, "reading time measured either way"))
    # A skip covers the form and points a magenta arrow at the box skipped (instructions cover it too, without the arrow).
    arrows = [s for s in samples if s["magenta"] > 20]
    found = pauses(src, "sdt")
    setting("symbol-digit.enable-skip-detection",
            no_window if not samples else cell(DIFFERS if arrows else OK, f"arrow at a skipped box in {len(arrows)} of {len(samples)} captures (box 4 written before 3)"),
            cell(MISSING, "no results file") if found is None else
            cell(DIFFERS if "skip" in found else OK, f"interruptions: {', '.join(found) or 'none'}"))
    # Repeat off: three steps (test, copy, delayed recall), not six, everywhere they are counted.
    steps = xpath("//Step/@identifier", path).replace('identifier="', " ").replace('"', " ").split() if path else None
    rounds = [s for s in (steps or []) if s.endswith("-2")]
    report_rounds = len(re.findall(r"round 2|-2\b", src.report_text.lower()))
    setting("symbol-digit.enable-repeat", cell(NONE, "fed parts end with the feed: one round seen"),
            cell(MISSING, "no results file") if steps is None else
            cell(DIFFERS if rounds or len(steps) != 3 else OK, f"{len(steps)} steps: {' '.join(steps)[:50]}"),
            cell(DIFFERS if report_rounds else NONE, f"{report_rounds} mentions of a second round" if report_rounds else "not said"))
    # Display mode: the legend's digits are the alternate order 4 7 1 9 2 8 3 6 5, and the set id says so.
    # The legend: on the form, or highlighted by the instructions.
    form = watch.kept.get("sdt-form") or watch.kept.get("sdt-banner")
    if form is None:
        window = no_window
    else:
        digits = legend_digits(form, work)
        if digits is None:
            window = cell(NONE, "legend not read (tesseract missing)")
        else:
            digits = "".join(digits.split())
            window = cell(OK if digits == "471928365" else DIFFERS if digits == "123456789" else MISSING,
                          f"legend digits {digits or '(none read)'}" + (" (the real form's)" if digits == "123456789" else ""))
    display = re.findall(r'[\w-]*-display\b', open(path).read()) if path else None
    setting("symbol-digit.display-mode", window,
            cell(MISSING, "no results file") if display is None else
            cell(OK if display else MISSING, f"set id {display[0]}" if display else "no display-mode set id"))
    setting("symbol-digit.delayed-recall-warning", cell(NONE, "not exercised: fed parts end with the feed"),
            cell(NONE, "not exercised"))


def break_line(src, table):
    watch = src.facts["watch"]
    samples = window_in(watch, "break")
    stderr = src.facts["stderr"][1] if len(src.facts["stderr"]) > 1 else ""
    length = None
    match = re.search(r"break: (\d+) s", src.protocol_copy or "")
    if match:
        length = int(match.group(1))
    # From the first covered capture to the last: the moments its window opens and closes are the
    # screen line's business (the participant's screen between tests).
    covered = [i for i, s in enumerate(samples) if s["cover"] > 0.5]
    samples = samples[covered[0]:covered[-1] + 1] if covered else []
    if not samples:
        window = cell(MISSING, "the break was never seen")
    else:
        cover = sum(s["cover"] > 0.5 for s in samples)
        changing = len({s["centre"] for s in samples}) > 1
        shots = [watch.kept[k] for k in ("countdown-1", "countdown-2") if k in watch.kept]
        differ = XwdImage(shots[0]).differing_pixels(XwdImage(shots[1])) if len(shots) == 2 else 0
        span = samples[-1]["after"] - samples[0]["before"]
        good = cover == len(samples) and differ > 0 and length is not None and length - 1 <= span <= length + 0.6
        window = cell(OK if good else DIFFERS, f"covered in {cover} of {len(samples)} captures over {span:.1f} s, countdown "
                      + ("runs" if differ else "still"))
    operator = re.search(r"Break of ([0-9:]+)", stderr)
    manifest_words = {k: v for k, v in flatten(src.manifest) if "break" in k.lower()}
    manifest = cell(OK if length == 4 else DIFFERS if length else MISSING,
                    f"protocol copy (SHA-256 ok): break {length} s" if length else "the protocol copy names no break")
    if manifest_words:
        manifest = worst(manifest, cell(NONE, ", ".join(f"{k}={v}" for k, v in manifest_words.items())))
    report = report_mention(src.report_text, ["break"], ["4 s", "0:04", "4.0 s"])
    table.add("tests[3].break (protocol)", "4 s",
              [window, cell(NONE, "operator told " + (operator.group(0) if operator else "nothing")), cell(NONE, "-"), manifest, report]
              + export_cells(src, ["break"], "4 s"))


def screen_line(src, table):
    """The participant's screen from the first test to the last: never the bare desktop (issue 28, item 6)."""
    watch = src.facts["watch"]
    between = [s for s in watch.samples if s["stage"] in ("between", "break")]
    bare = []
    for run in (1, 2):
        # Before a run's first test is on screen nothing needs covering yet.
        captures = [s for s in watch.samples if s["run"] == run]
        shown = next((i for i, s in enumerate(captures) if not s["bare"]), len(captures))
        # After the visit's last test the window may close.
        last = len(captures) if run == 1 else next((i + 1 for i in range(len(captures) - 1, -1, -1) if not captures[i]["bare"]), 0)
        bare += [s for s in captures[shown:last] if s["bare"]]
    where = sorted({s["stage"] for s in bare})
    window = cell(DIFFERS if bare else OK, f"bare desktop in {len(bare)} of {len(watch.samples)} captures"
                  + (f" ({', '.join(where)})" if where else "") + f"; {len(between)} captures between tests")
    table.add("participant's screen between tests (covered)", "always covered",
              [window, cell(NONE, "-"), cell(NONE, "-"), cell(NONE, "-"), cell(NONE, "-"), cell(NONE, "-"), cell(NONE, "-")])


def speech_line(src, table):
    """No audio output: nothing was spoken, and nothing may say it was."""
    stderr = "".join(src.facts["stderr"])
    warned = "there is no audio output" in stderr
    banner = src.facts["watch"].kept.get("clock-banner")
    window = cell(OK if banner else MISSING, "the clock's words shown" if banner else "no words shown")
    spoken = cell(OK if warned else DIFFERS, "nothing: the operator was told there is no audio output" if warned else
                  "no warning that nothing was spoken")
    claims, silent = [], []
    for test, path in src.results.items():
        shown = int(float(xpath("count(//Start[@instructionsShown])", path) or 0))
        said = int(float(xpath("count(//Start[@instructionsSpoken])", path) or 0))
        unspoken = int(float(xpath("count(//Start[@instructionsNotSpoken])", path) or 0))
        if said:
            claims.append(f"{test}: instructionsSpoken on {said} of {shown} steps shown")
        elif shown and unspoken < shown:
            claims.append(f"{test}: {shown - unspoken} of {shown} steps shown say nothing of speech")
        else:
            silent.append(f"{test} {unspoken}")
    results = cell(DIFFERS if claims else OK, "; ".join(claims) or "not spoken: " + ", ".join(silent))
    # visit.json says, test by test, which steps' instructions were not spoken (null: none of them);
    # it agrees when its steps are the results file's steps marked instructionsNotSpoken.
    agree, disagree = [], []
    for entry in (src.manifest or {}).get("tests", []):
        test = entry.get("test")
        if test not in src.results or "instructionsNotSpoken" not in entry:
            continue
        said = sorted((entry.get("instructionsNotSpoken") or {}).keys())
        path = src.results[test]
        marked = [xpath(f"string((//Step)[{i}]/@identifier)", path)
                  for i in range(1, int(float(xpath("count(//Step)", path) or 0)) + 1)
                  if xpath(f"string((//Step)[{i}]/Start/@instructionsNotSpoken)", path)]
        (agree if sorted(marked) == said else disagree).append(
            f"{test} {len(said)}" if sorted(marked) == said else f"{test}: says {said or 'none'}, file {marked or 'none'}")
    manifest = cell(DIFFERS if disagree else OK if agree else MISSING,
                    ("; ".join(disagree) or "not spoken: " + ", ".join(agree))[:70] if agree or disagree
                    else "not said (required)")
    low = src.report_text.lower()
    report = cell(OK if "not spoken" in low else DIFFERS if "spoken in" in low else MISSING,
                  "says not spoken" if "not spoken" in low else "says spoken" if "spoken in" in low else src.report_error or "not said (required)")
    exports = []
    for row, error in ((src.csv_row, src.csv_error), (src.redcap_row, src.redcap_error)):
        columns = said_in_columns(row, ["spoken", "speech", "audio"])
        if error:
            exports.append(cell(DIFFERS, error))
        elif not columns:
            exports.append(cell(NONE, "not said"))
        else:
            good = all(re.search(r"not|no|false|0|^$", str(v).lower()) for v in columns.values())
            exports.append(cell(OK if good else DIFFERS, " ".join(f"{k}={v}" for k, v in columns.items())[:60]))
    table.add("instructions' speech (no audio output)", "none", [window, spoken, results, manifest, report] + exports)


def stop_line(src, table):
    """Stopped once at the maze's prompt (SIGINT) and resumed: each place tells the same story."""
    facts = src.facts
    at_prompt, first_status, first = facts.get("first", (False, None, None))
    second_status, second = facts.get("second", (None, None))
    after_stop = facts.get("after-stop") or {}
    problems = []
    if not at_prompt:
        problems.append("never reached the maze's prompt")
    if not first or first.get("ended") != "stopped":
        problems.append(f"first run ended {first and first.get('ended')}")
    if first_status in (0, None):
        problems.append(f"the stopped run exited {first_status} like a completed one")
    if not second or not second.get("resumed") or second.get("folder") != src.folder:
        problems.append("the rerun did not resume the same visit")
    if len(facts.get("folders", [])) != 1:
        problems.append(f"{len(facts.get('folders', []))} visit folders")
    window = cell(OK, f"terminal: run 1 exit {first_status}, ended {first and first.get('ended')}; run 2 exit {second_status}, "
                  f"resumed {second and second.get('resumed')}")
    window = cell(DIFFERS, window[1] + ": " + "; ".join(problems)) if problems else window
    statuses = [t["status"] for t in src.manifest.get("tests", [])]
    # Stopped by a signal, the visit is `stopped` (issue 28, item 5: in progress, then complete, stopped or aborted).
    manifest = cell(OK if after_stop.get("status") == "stopped" and src.manifest.get("status") == "complete"
                    and statuses == ["done", "done", "done"] else DIFFERS,
                    f"after the stop {after_stop.get('status')}, then {src.manifest.get('status')}: {' '.join(statuses)}")
    results = cell(OK if len(src.results) == 3 else MISSING, f"{len(src.results)} results files")
    words = re.findall(r"(done \([\w-]+|INCOMPLETE|SKIPPED|ABORTED|NOT FINISHED|NOT TAKEN|STOPPED|IN-PROGRESS)", src.report_text)
    report = cell(OK if words and all(w.startswith("done") for w in words) else DIFFERS, src.report_error or " ".join(words[:3]) or "no status")
    exports = []
    for row, error, value in ((src.csv_row, src.csv_error, src.csv_row.get), (src.redcap_row, src.redcap_error, src.redcap_value)):
        if error:
            exports.append(cell(DIFFERS, error))
            continue
        said = [value(f"{t}_status") for t in ("clock", "maze", "sdt")] + [value("visit_status")]
        exports.append(cell(OK if said == ["done", "done", "done", "complete"] else DIFFERS, " ".join(map(str, said))))
    table.add("stop once (SIGINT at the maze's prompt), resume", "3 tests done, 1 visit", [window, cell(NONE, "-"), results, manifest, report]
              + exports)


def main():
    styluskit, work = sys.argv[1], sys.argv[2]
    began = time.monotonic()
    for tool in ("xwd", "xmllint", "pdftotext"):
        if shutil.which(tool) is None:
            print(f"truth check: {tool} is missing; run scripts/setup.sh")
            print("0 passed, 1 failed")
            return 1
    if shutil.which("tesseract") is None:
        print("truth check: tesseract is missing (scripts/setup.sh installs tesseract-ocr): the words on screen are not read")
    again = os.environ.get("TRUTH_AGAIN")
    if again:
        saved = json.load(open(os.path.join(again, "captures.json")))
        facts = saved["facts"]
        facts["watch"] = Watcher(again, None, None)
        facts["watch"].samples, facts["watch"].kept = saved["samples"], saved["kept"]
        for sample in facts["watch"].samples:
            sample["centre"] = tuple(sample["centre"])
        work = again
    else:
        facts = run_visit(styluskit, work)
    if facts["folder"] is None:
        print("FAIL the visit left no folder: " + " / ".join(s[-400:] for s in facts["stderr"]))
        print("0 passed, 1 failed")
        return 1
    src = Sources(styluskit, work, facts)
    said = read_settings(SETTINGS)
    table = Table()
    clock_time_line(src, table, said, work)
    button_delay_line(src, table, said)
    maze_lines(src, table, said)
    sdt_lines(src, table, said, work)
    break_line(src, table)
    screen_line(src, table)
    speech_line(src, table)
    stop_line(src, table)
    print(f"(the visit: {src.folder}; {len(facts['watch'].samples)} captures; {time.monotonic() - began:.0f} s)")
    return 1 if table.print() else 0


if __name__ == "__main__":
    sys.exit(main())
