"""Kill -9 anywhere in a visit (issue 34, item 8), SQLite-style: every trial SIGKILLs one command of a
study's life at a seeded random moment, then resumes or reruns it and checks that nothing was lost or
half-written.

The life of a visit here: `styluskit visit` (the patient window on SDL's offscreen driver, each test fed a
recording through the live input path with --feed; a break of a second before the second and third test,
standard input closed so the breaks run out and the tests start by themselves), then on the finished visit
a rater's `score mark`, `report --force` over an older report, `export csv --force` and `export redcap
--force` over an older set. A trial picks one of these phases and one moment in it:

- a time: uniform over an uninterrupted run's length (measured at the start, under the same load);
- a system call: SIGKILL delivered just before the process's Nth rename, fsync, write, open, link, unlink or
  mkdir (strace's fault injection, `inject=...:signal=KILL:when=N`, which aborts the call: the kernel
  skips a system call when a fatal signal is pending at its entry), N uniform over the count an
  uninterrupted run makes. These land on the manifest writes, the results file's rename, the journal's
  fsync, the report's rename: the moments a timer almost never hits.

After the kill the same command runs again (a visit resumes; a killed resume is killed again now and then,
and resumed once more), and the trial is judged:

- valid: the command completes, and every check below holds;
- refused: it exits non-zero with a message (the state it found is not one it goes on from);
- crash: it dies by a signal, or a Swift runtime error;
- hang: it does not finish within its timeout;
- data lost: a file visit.json names is missing, a test done before the kill changed, a journal that does
  not rebuild its results file byte for byte, an older report or export set destroyed with no new one;
- silent wrong: the command says it completed but something is off: visit.json unparsable or its SHA-256
  not the file's, a temporary or orphaned file left in a folder, a PDF or CSV that is not whole, a REDCap set
  mixing old and new files, a scores line cut and not passed over.

Usage: campaign.py STYLUSKIT WORK [--kills N] [--seed S] [--jobs J] [--keep]
"""
import argparse
import collections
import csv
import glob
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
REAL = os.path.join(ROOT, "Fixtures", "recordings", "real")
# The clock's, the maze battery's and symbol-digit's feed, as integration/xvfb/visit_checks.py feeds them.
FEEDS = [os.path.join(REAL, name) for name in
         ("Wacom-DTH2242-Pen.events", "UC-LOGIC-Tablet-WP5540U-Pen.events", "Wacom-DTH2242-Pen.events")]
SPEED = "8"
PARTICIPANT = "P-0042"
ENVIRONMENT = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_RENDER_DRIVER="software", SDL_AUDIODRIVER="dummy")
# The system calls a trial can be killed just before, in groups (each group's calls count together).
CALLS = {
    "rename": "rename,renameat,renameat2",
    "fsync": "fsync,fdatasync",
    "write": "write,pwrite64,writev",
    "open": "openat,open,creat",
    "link": "link,linkat,symlink,symlinkat",
    "unlink": "unlink,unlinkat",
    "mkdir": "mkdir,mkdirat",
}
OUTCOMES = ["valid", "refused", "crash", "hang", "data lost", "silent wrong"]
# Temporary names of the package's writers (WholeFile, AtomicFileOutput, the ADF recorder) and Foundation's.
TEMPORARY = re.compile(r"^\.styluskit-partial-|\.tmp-\d+-\d+$|\.writing-\d+|\.dat\.nosync|\.replacing-\d+")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class Styluskit:
    def __init__(self, binary, work):
        self.binary, self.work = binary, work

    def command(self, phase, folder, out):
        """The argument list of `phase` (a visit under `out`; the others on the visit in `folder`)."""
        if phase == "visit":
            args = [self.binary, "visit", "--protocol", self.protocol, "--participant", PARTICIPANT, "--out", out,
                    "--offscreen", "--json", "--feed-speed", SPEED]
            for feed in FEEDS:
                args += ["--feed", feed]
            return args
        if phase == "score":
            results = os.path.join(folder, self.scored)
            return [self.binary, "score", "mark", results, "--rater", "rater-a", "--marks", self.marks, "--done"]
        if phase == "report":
            return [self.binary, "report", folder, "--out", os.path.join(out, "visit.pdf"), "--force"]
        if phase == "export-csv":
            return [self.binary, "export", "csv", folder, "--out", os.path.join(out, "visits.csv"), "--force"]
        if phase == "export-redcap":
            return [self.binary, "export", "redcap", folder, "--out", os.path.join(out, "redcap"), "--force"]
        raise ValueError(phase)

    def run(self, args, timeout, kill=None):
        """Runs `args`; `kill` is None, ("time", seconds) or ("call", group, n). Returns (status, stdout,
        stderr, killed, hung): status negative for a signal."""
        if kill is not None and kill[0] == "call":
            calls = CALLS[kill[1]]
            # Not --seccomp-bpf: strace 6.1 injects nothing with it (tried: the tracee runs on unharmed).
            args = ["strace", "-f", "-qq", "-o", "/dev/null", "-e", f"trace={calls}",
                    "-e", f"inject={calls}:signal=KILL:when={kill[2]}"] + args
        process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=ENVIRONMENT, text=True, errors="replace")
        killed = hung = False
        try:
            if kill is not None and kill[0] == "time":
                try:
                    stdout, stderr = process.communicate(timeout=kill[1])
                except subprocess.TimeoutExpired:
                    process.kill()
                    killed = True
                    stdout, stderr = process.communicate()
            else:
                stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            hung = True
            stdout, stderr = process.communicate()
        status = process.returncode
        if kill is not None and kill[0] == "call":
            # strace reports the tracee's death by SIGKILL as its own: killed by SIGKILL, or exit 128+9.
            killed = status in (-9, 137)
        return status, stdout, stderr, killed, hung

    def counts(self, args):
        """How many calls of each group an uninterrupted run of `args` makes."""
        log = os.path.join(self.work, f"strace-{time.time_ns()}.log")
        every = ",".join(CALLS.values())
        subprocess.run(["strace", "-f", "-qq", "-o", log, "--seccomp-bpf", "-e", f"trace={every}"] + args,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENVIRONMENT,
                       check=False, timeout=600)
        names = collections.Counter()
        for line in open(log, errors="replace"):
            match = re.match(r"(?:\d+\s+)?(?:<\.\.\. )?(\w+)\(", line)
            if match:
                names[match.group(1)] += 1
        os.remove(log)
        return {group: sum(names[name] for name in calls.split(",")) for group, calls in CALLS.items()}


def protocol_file(work):
    path = os.path.join(work, "protocol.yaml")
    settings = os.path.join(ROOT, "Fixtures", "settings", "default.yaml")
    battery = os.path.join(ROOT, "Fixtures", "mazes", "standard.battery")
    with open(path, "w") as f:
        f.write(f"schema: 1\nname: kill9\nsettings: {settings}\ntests:\n  - test: clock\n"
                f"  - test: maze\n    battery: {battery}\n    break: 1 s\n  - test: sdt\n    break: 1 s\n")
    return path


def visit_folders(out):
    return sorted(glob.glob(os.path.join(out, PARTICIPANT, "*")))


def read_manifest(folder):
    try:
        with open(os.path.join(folder, "visit.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def crash_in(status, stderr):
    return status < 0 and status != -9 or "Fatal error" in stderr or "Current stack trace" in stderr


def judge_command(status, stderr, hung, allowed=(0,)):
    """The outcome of a rerun from its exit alone: None when it completed."""
    if hung:
        return "hang", "no end within the timeout"
    if crash_in(status, stderr):
        return "crash", f"status {status}: {stderr.strip()[-300:]}"
    if status not in allowed:
        return "refused", f"status {status}: {stderr.strip()[-300:]}"
    return None


def check_visit(tool, out, before, scratch, deep):
    """The checks of a finished visit under `out`; `before` is the manifest the kill left (or None).
    Returns (outcome, detail) for the first problem, or None."""
    folders = visit_folders(out)
    if len(folders) != 1:
        return "silent wrong", f"{len(folders)} folders for one visit: {[os.path.basename(f) for f in folders]}"
    folder = folders[0]
    manifest = read_manifest(folder)
    if manifest is None:
        return "silent wrong", "visit.json does not parse"
    if manifest["status"] != "complete":
        return "silent wrong", f"visit {manifest['status']} after the rerun"
    named = {"visit.json", manifest["protocol"]["file"], "scores.jsonl"}
    if not os.path.isfile(os.path.join(folder, manifest["protocol"]["file"])):
        return "data lost", "protocol.yaml missing"
    if sha256(os.path.join(folder, manifest["protocol"]["file"])) != manifest["protocol"]["sha256"]:
        return "silent wrong", "protocol.yaml's SHA-256 is not the manifest's"
    for test in manifest["tests"]:
        if test["status"] not in ("done", "incomplete"):
            return "silent wrong", f"test {test['index']} {test['status']} in a complete visit"
        for kind in ("journal", "results"):
            name = test[kind]
            if name is None:
                return "data lost", f"test {test['index']} names no {kind}"
            named.add(name)
            path = os.path.join(folder, name)
            if not os.path.isfile(path):
                return "data lost", f"test {test['index']}'s {kind} {name} is missing"
            if test["sha256"] is None or sha256(path) != test["sha256"][kind]:
                return "silent wrong", f"test {test['index']}'s {kind} {name}: SHA-256 not the manifest's"
    if before is not None:
        for old, new in zip(before["tests"], manifest["tests"]):
            if old["status"] in ("done", "incomplete") and old != new:
                return "data lost", f"test {old['index']}, {old['status']} before the kill, changed on resuming"
    left = sorted(set(os.listdir(folder)) - named)
    if left:
        kind = "temporary" if all(TEMPORARY.search(name) for name in left) else "unnamed"
        return "silent wrong", f"{kind} files left in the visit folder: {left}"
    # The journals rebuild their results files byte for byte (the one a resume recovered always; all in deep trials).
    for test in manifest["tests"]:
        if not deep and test["status"] != "incomplete":
            continue
        target = os.path.join(scratch, f"recovered-{test['index']}")
        os.makedirs(target, exist_ok=True)
        run = subprocess.run([tool.binary, "recover", os.path.join(folder, test["journal"]), "--out", target, "--force"],
                             capture_output=True, text=True, env=ENVIRONMENT)
        rebuilt = os.path.join(target, test["results"])
        if run.returncode != 0 or not os.path.isfile(rebuilt):
            return "data lost", f"test {test['index']}'s journal does not recover: {run.stderr.strip()[-300:]}"
        if sha256(rebuilt) != sha256(os.path.join(folder, test["results"])):
            return "data lost", f"test {test['index']}'s journal rebuilds a different results file"
    return None


def whole_pdf(path):
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-64:]:
        return False
    return subprocess.run(["pdfinfo", path], capture_output=True).returncode == 0


def whole_csv(path, header):
    with open(path, newline="") as f:
        text = f.read()
    if not text.endswith("\n"):
        return False
    rows = list(csv.reader(text.splitlines()))
    return len(rows) >= 2 and rows[0] == header and all(len(row) == len(header) for row in rows)


def folder_leftovers(folder, allowed):
    return sorted(set(os.listdir(folder)) - set(allowed))


class Campaign:
    def __init__(self, tool, work, seed, jobs):
        self.tool, self.work, self.seed, self.jobs = tool, work, seed, jobs
        self.results = []

    def reference(self):
        """An uninterrupted visit, its outputs, the lengths and system-call counts of every phase."""
        tool = self.tool
        tool.protocol = protocol_file(self.work)
        self.lengths, self.counts = {}, {}
        out = os.path.join(self.work, "reference")
        args = tool.command("visit", None, out)
        began = time.time()
        status, stdout, stderr, _, hung = tool.run(args, 600)
        self.lengths["visit"] = time.time() - began
        if status != 0:
            sys.exit(f"kill9: the reference visit failed (status {status}): {stderr[-800:]}")
        self.visit = visit_folders(out)[0]
        self.counts["visit"] = tool.counts(tool.command("visit", None, os.path.join(self.work, "reference-counted")))
        manifest = read_manifest(self.visit)
        # The rater scores symbol-digit's results: every item marked with the first mark it allows.
        sdt = next(t for t in manifest["tests"] if t["test"] == "sdt")
        tool.scored = sdt["results"]
        items = subprocess.run([tool.binary, "score", "items", os.path.join(self.visit, sdt["results"]), "--json"],
                               capture_output=True, text=True, check=True, env=ENVIRONMENT).stdout
        tool.marks = os.path.join(self.work, "marks.txt")
        with open(tool.marks, "w") as f:
            for item in json.loads(items)["items"]:
                f.write(f"{item['id']} {item['categories'][0]['name']}\n")
        # The older outputs each trial's --force run replaces: the report and exports of a second visit.
        older = os.path.join(self.work, "older")
        status, _, stderr, _, _ = tool.run(tool.command("visit", None, older), 600)
        if status != 0:
            sys.exit(f"kill9: the second reference visit failed (status {status}): {stderr[-800:]}")
        self.older_visit = visit_folders(older)[0]
        self.older = os.path.join(self.work, "older-outputs")
        os.makedirs(self.older)
        for phase in ("report", "export-csv", "export-redcap"):
            status, _, stderr, _, _ = tool.run(tool.command(phase, self.older_visit, self.older), 300)
            if status != 0:
                sys.exit(f"kill9: the reference {phase} failed (status {status}): {stderr[-800:]}")
        self.older_hashes = self.hashes(self.older)
        with open(os.path.join(self.older, "visits.csv"), newline="") as f:
            self.csv_header = next(csv.reader(f))
        self.new_hashes = {}
        for phase in ("score", "report", "export-csv", "export-redcap"):
            scratch = self.trial_folder(f"reference-{phase}")
            began = time.time()
            status, _, stderr, _, _ = tool.run(tool.command(phase, scratch["visit"], scratch["out"]), 300)
            self.lengths[phase] = time.time() - began
            if status != 0:
                sys.exit(f"kill9: the reference {phase} failed (status {status}): {stderr[-800:]}")
            # The new outputs, byte for byte (the CSV files are the same at every run; a PDF carries its time).
            self.new_hashes[phase] = self.hashes(scratch["out"], scratch["visit"])
            scratch = self.trial_folder(f"counted-{phase}")
            self.counts[phase] = tool.counts(tool.command(phase, scratch["visit"], scratch["out"]))
        print("kill9: uninterrupted lengths (s): " + ", ".join(f"{k} {v:.1f}" for k, v in self.lengths.items()))
        for phase, counts in self.counts.items():
            print(f"kill9: {phase} system calls: " + ", ".join(f"{k} {v}" for k, v in counts.items() if v))
        sys.stdout.flush()

    @staticmethod
    def hashes(folder, visit=None):
        """Each file's SHA-256 under `folder`, the path of `visit` (which the exports write into their rows)
        read as VISIT, so a trial's copy of the visit exports the reference's bytes."""
        found = {}
        for base, _, names in os.walk(folder):
            for name in names:
                path = os.path.join(base, name)
                with open(path, "rb") as f:
                    data = f.read()
                if visit is not None:
                    data = data.replace(visit.encode(), b"VISIT")
                found[os.path.relpath(path, folder)] = hashlib.sha256(data).hexdigest()
        return found

    def trial_folder(self, name):
        """A copy of the reference visit and of the older outputs, for one trial of a later phase."""
        root = os.path.join(self.work, name)
        shutil.rmtree(root, ignore_errors=True)
        visit = os.path.join(root, "visit")
        shutil.copytree(self.visit, visit, symlinks=True)
        out = os.path.join(root, "out")
        shutil.copytree(self.older, out, symlinks=True)
        return {"root": root, "visit": visit, "out": out}

    def plan(self, count):
        """The trials: (number, phase, kill). Half the kills land in visits, the rest in the later phases."""
        rng = random.Random(self.seed)
        phases = ["visit"] * 10 + ["score"] * 2 + ["report"] * 3 + ["export-csv"] * 2 + ["export-redcap"] * 3
        trials = []
        for number in range(count):
            phase = rng.choice(phases)
            if rng.random() < 0.5:
                kill = ("time", round(rng.uniform(0, self.lengths[phase] * 1.05), 3))
            else:
                groups = [g for g, n in self.counts[phase].items() if n > 0]
                group = rng.choice(groups)
                kill = ("call", group, rng.randint(1, self.counts[phase][group]))
            # A visit's resume is itself killed in one trial of four, at a time, before the last resume.
            again = round(rng.uniform(0, self.lengths["visit"]), 3) if phase == "visit" and rng.random() < 0.25 else None
            trials.append((number, phase, kill, again))
        return trials

    def trial(self, number, phase, kill, again):
        tool = self.tool
        root = os.path.join(self.work, f"trial-{number}")
        shutil.rmtree(root, ignore_errors=True)
        kills = 0
        if phase == "visit":
            out = os.path.join(root, "out")
            os.makedirs(out)
            args = tool.command("visit", None, out)
            status, _, stderr, killed, hung = tool.run(args, 600, kill)
            kills += killed
            if not killed:
                verdict = judge_command(status, stderr, hung)
                if verdict:
                    return verdict + (kills,)
            folders = visit_folders(out)
            before = read_manifest(folders[-1]) if folders else None
            if again is not None:
                _, _, _, killed, _ = tool.run(args, 600, ("time", again))
                kills += killed
            status, _, stderr, _, hung = tool.run(args, 600)
            # A visit the kill left complete is not taken again: the rerun says there is nothing to resume (64).
            verdict = judge_command(status, stderr, hung, allowed=(0, 64))
            if verdict:
                return verdict + (kills,)
            if status == 64 and "nothing to resume" not in stderr:
                return ("refused", f"status 64: {stderr.strip()[-300:]}", kills)
            problem = check_visit(tool, out, before, os.path.join(root, "scratch"), deep=number % 5 == 0)
            return (problem or ("valid", "", kills))[:2] + (kills,)
        trial = self.trial_folder(f"trial-{number}")
        args = tool.command(phase, trial["visit"], trial["out"])
        status, _, stderr, killed, hung = tool.run(args, 300, kill)
        kills += killed
        if not killed:
            verdict = judge_command(status, stderr, hung)
            if verdict:
                return verdict + (kills,)
        problem = self.check_output(phase, trial, after_kill=True)
        if problem:
            return problem + (kills,)
        if phase == "score" and self.done_saved(trial["visit"]):
            # The done sheet landed before the kill: marking it again is refused (final marks), rightly.
            status, _, stderr, _, hung = tool.run(args, 300)
            if status == 0 or "is done with this file" not in stderr:
                return ("silent wrong", f"a second done sheet: status {status}", kills)
            problem = self.check_output(phase, trial, after_kill=False)
            return (problem or ("valid", "")) + (kills,)
        status, _, stderr, _, hung = tool.run(args, 300)
        verdict = judge_command(status, stderr, hung)
        if verdict:
            return verdict + (kills,)
        problem = self.check_output(phase, trial, after_kill=False)
        return (problem or ("valid", "")) + (kills,)

    @staticmethod
    def done_saved(visit):
        scores = os.path.join(visit, "scores.jsonl")
        if not os.path.exists(scores):
            return False
        for line in open(scores, "rb").read().split(b"\n"):
            try:
                if json.loads(line).get("done") is True:
                    return True
            except ValueError:
                continue
        return False

    def check_output(self, phase, trial, after_kill):
        """Right after the kill: the old output whole or the new whole, never a mix or a part; after the rerun:
        the new one whole. No temporary file in either folder at the end."""
        out, visit = trial["out"], trial["visit"]
        if phase == "score":
            scores = os.path.join(visit, "scores.jsonl")
            show = subprocess.run([self.tool.binary, "score", "show", os.path.join(visit, self.tool.scored),
                                   "--rater", "rater-a", "--json"], capture_output=True, text=True, env=ENVIRONMENT)
            if crash_in(show.returncode, show.stderr):
                return "crash", f"score show: {show.stderr.strip()[-300:]}"
            if not os.path.exists(scores):
                return None if after_kill else ("data lost", "no scores.jsonl after the rerun")
            lines = open(scores, "rb").read().split(b"\n")
            whole = [line for line in lines[:-1] if line]
            for line in whole:
                try:
                    json.loads(line)
                except ValueError:
                    # A cut line followed by a newline would be read as a record gone wrong.
                    if not after_kill:
                        return "silent wrong", "a scores line that is not JSON, followed by more"
            if show.returncode != 0:
                return "refused", f"score show after the kill: {show.stderr.strip()[-300:]}"
            if not after_kill and not self.done_saved(visit):
                return "data lost", "the rater's done sheet is not in scores.jsonl after the rerun"
            left = folder_leftovers(visit, os.listdir(self.visit) + ["scores.jsonl"])
            return ("silent wrong", f"files left in the visit folder: {left}") if left else None
        now, raw = self.hashes(out, visit), self.hashes(out)
        if phase == "report":
            names = ["visit.pdf"]
        elif phase == "export-csv":
            names = ["visits.csv"]
        else:
            names = sorted(name for name in self.older_hashes if name.startswith("redcap/"))
        missing = [name for name in names if name not in now]
        if missing:
            return "data lost", f"{missing} gone"
        # Each file is the older one, the new one (byte for byte; a PDF: whole and not the older) or both alike.
        states = {}
        for name in names:
            old, new = self.older_hashes[name], self.new_hashes[phase].get(name)
            if raw[name] == old:
                states[name] = "both" if now[name] == new else "old"
            elif now[name] == new or (name.endswith(".pdf") and whole_pdf(os.path.join(out, name))):
                states[name] = "new"
            else:
                kind = "PDF" if name.endswith(".pdf") else "file"
                return "silent wrong", f"{name} is neither the older {kind} nor a whole new one"
        if "old" in states.values() and "new" in states.values():
            news = sorted(n for n, state in states.items() if state == "new")
            return "silent wrong", f"a set mixing older and new files (new: {news})"
        if not after_kill:
            if "old" in states.values():
                return "silent wrong", "the rerun left the older output in place"
            # A temporary folder (the REDCap set's new or old folder beside --out) counts by its own name.
            left = [name for name in now if any(TEMPORARY.search(part) for part in name.split(os.sep))]
            left += folder_leftovers(visit, os.listdir(self.visit))
            if left:
                return "silent wrong", f"temporary files left after the rerun: {left}"
        return None

    def go(self, count):
        trials = self.plan(count)
        started = time.time()

        def one(trial):
            number, phase, kill, again = trial
            began = time.time()
            try:
                outcome, detail, kills = self.trial(number, phase, kill, again)
            except Exception as error:  # a check that broke is reported, not hidden
                outcome, detail, kills = "silent wrong", f"the check itself failed: {error!r}", 0
            moment = f"{kill[1]} s" if kill[0] == "time" else f"before {kill[1]} #{kill[2]}"
            line = (f"trial {number:3d} {phase:13s} {moment:22s} kills {kills}  {outcome}"
                    + (f": {detail}" if detail else "") + f"  ({time.time() - began:.1f} s)")
            print(line, flush=True)
            if outcome == "valid":
                shutil.rmtree(os.path.join(self.work, f"trial-{number}"), ignore_errors=True)
            return phase, kill[0], outcome, kills, detail

        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            self.results = list(pool.map(one, trials))
        self.table(time.time() - started)

    def table(self, seconds):
        rows = collections.OrderedDict()
        for phase, how, outcome, kills, _ in self.results:
            for key in (phase, "all"):
                row = rows.setdefault(key, {"trials": 0, "kills": 0, **{o: 0 for o in OUTCOMES}})
                row["trials"] += 1
                row["kills"] += kills
                row[outcome] += 1
        print(f"\nkill9: seed {self.seed}, {len(self.results)} trials in {seconds:.0f} s")
        print("| phase | trials | kills delivered | " + " | ".join(OUTCOMES) + " |")
        print("|---|---:|---:|" + "---:|" * len(OUTCOMES))
        for key in sorted(rows, key=lambda k: (k == "all", k)):
            row = rows[key]
            print(f"| {key} | {row['trials']} | {row['kills']} | " + " | ".join(str(row[o]) for o in OUTCOMES) + " |")
        bad = sum(1 for r in self.results if r[2] != "valid")
        print(f"kill9: {len(self.results) - bad} valid, {bad} not")
        return bad


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("styluskit")
    parser.add_argument("work")
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=5)
    parser.add_argument("--keep", action="store_true")
    options = parser.parse_args()
    campaign = Campaign(Styluskit(os.path.abspath(options.styluskit), options.work), options.work, options.seed,
                        options.jobs)
    campaign.reference()
    campaign.go(options.kills)
    sys.exit(1 if any(r[2] != "valid" for r in campaign.results) else 0)


if __name__ == "__main__":
    main()
