#!/usr/bin/env python3
"""The results browser under attack (issue 34, item 10): `styluskit serve` on the loopback, attacked as another
user of the machine or another site in the same browser would. Standard library only.

    attack.py STYLUSKIT WORK [--kills N] [--wrk SECONDS]

WORK is a scratch folder (made fresh). Prints each trial's outcome, the figures ROBUSTNESS.md quotes, and
'N passed, N failed'; exits 1 when a check failed. The server is started (and killed) by this script.
"""
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

passed = 0
failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {name}")
    else:
        failed += 1
        print(f"FAIL  {name} {detail}")


class Server:
    """One `styluskit serve` process over the site; its port and token once it listens."""

    def __init__(self, styluskit, site, key, preexec=None):
        self.process = subprocess.Popen(
            [styluskit, "serve", site, "--key-file", key],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=preexec)
        line = ""
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stdout.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
            if found:
                self.port, self.token = int(found.group(1)), found.group(2)
                return
            if self.process.poll() is not None:
                break
        raise RuntimeError("serve printed no address: " + line + self.process.stderr.read())

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.port}"

    def request(self, method, path, body=None, headers=None, timeout=20):
        """(status, body bytes) of one request on a fresh connection."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def post_marks(self, path, rater, marks, done=False, timeout=20):
        body = json.dumps({"path": path, "rater": rater, "role": "rater", "marks": marks, "done": done})
        return self.request("POST", "/api/scoring", body, {
            "X-StylusKit-Token": self.token, "Origin": self.origin, "Content-Type": "application/json"},
            timeout=timeout)

    def alive(self):
        return self.process.poll() is None

    def stop(self, kill=False):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        self.process.wait(timeout=30)


def raw(port, data, timeout=10, read=True):
    """Sends bytes as they are on a fresh connection; the status line's code, or None when closed unanswered."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(data)
        if not read:
            return None
        answer = b""
        try:
            while b"\r\n" not in answer:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except (socket.timeout, ConnectionResetError):
            pass
    found = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return int(found.group(1)) if found else None


class OtherUser:
    """Connections held by another user of the machine (nobody), from a child process. The server counts a loopback
    client by the user owning its socket (64 connections each), so the rater's own requests, made by this process,
    stay under their own cap. Needs root to change user; `available` says whether it could."""

    available = os.getuid() == 0

    def __init__(self, port, count, first=b""):
        control_read, control_write = os.pipe()
        answer_read, answer_write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            os.close(control_write)
            os.close(answer_read)
            try:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
                held = []
                for _ in range(count):
                    try:
                        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
                        if first:
                            connection.sendall(first)
                        held.append(connection)
                    except OSError:
                        break
                os.write(answer_write, f"{len(held)}\n".encode())
                commands = os.fdopen(control_read)
                for line in commands:
                    if line.startswith("send "):
                        for connection in held:
                            try:
                                connection.sendall(bytes.fromhex(line[5:].strip()))
                            except OSError:
                                pass
                        os.write(answer_write, b"sent\n")
                    elif line.startswith("closed"):
                        closed = 0
                        for connection in held:
                            connection.settimeout(0.05)
                            try:
                                closed += connection.recv(1) == b""
                            except socket.timeout:
                                pass
                            except OSError:
                                closed += 1
                        os.write(answer_write, f"{closed}\n".encode())
                    else:
                        break
            finally:
                os._exit(0)
        os.close(control_read)
        os.close(answer_write)
        self.control = os.fdopen(control_write, "w", buffering=1)
        self.answers = os.fdopen(answer_read)
        self.opened = int(self.answers.readline())

    def send(self, data):
        """Sends `data` on every connection still held."""
        self.control.write("send " + data.hex() + "\n")
        self.answers.readline()

    def closed(self):
        """How many of the held connections the server has closed."""
        self.control.write("closed\n")
        return int(self.answers.readline())

    def stop(self):
        self.control.write("quit\n")
        self.control.close()
        os.waitpid(self.pid, 0)


CLOCK_ITEMS = [f"clockStep-{step}/{part}" for step in ("command", "copy") for part in ("face", "numbers", "hands")]


def random_marks(generator):
    """A sheet of Rouleau et al.'s clock marks: face 0-2, numbers and hands 0-4."""
    return {item: str(generator.randint(0, 2 if item.endswith("/face") else 4)) for item in CLOCK_ITEMS}


def make_site(work, repo):
    site = os.path.join(work, "site")
    other = os.path.join(work, "other-participant")
    visit = os.path.join(site, "P007", "visit-20261126T101500Z")
    os.makedirs(visit)
    os.makedirs(other)
    shutil.copy(os.path.join(repo, "Fixtures/golden/clock-small.csk"), os.path.join(visit, "clock.csk"))
    shutil.copy(os.path.join(repo, "Fixtures/golden/clock-small.csk"), os.path.join(other, "secret.csk"))
    with open(os.path.join(other, "visit.json"), "w") as out:
        out.write('{"participant": "someone else"}\n')
    manifest = {
        "format": "styluskit-visit", "schema": 2, "participant": "P007", "started": "2026-11-26T10:15:00Z",
        "finished": "2026-11-26T10:25:00Z", "status": "complete",
        "software": {"name": "styluskit", "version": "test"},
        "protocol": {"name": "pilot", "title": "Pilot", "schema": 1, "file": "protocol.yaml",
                     "source": "pilot.yaml", "sha256": ""},
        "calibration": {},
        "tests": [{"index": 1, "test": "clock", "status": "done", "results": "clock.csk", "outcome": "finished"}],
    }
    with open(os.path.join(visit, "visit.json"), "w") as out:
        json.dump(manifest, out)
    # Ways out of the folder a request might take.
    os.symlink("/etc/passwd", os.path.join(visit, "passwd.csk"))
    os.symlink(other, os.path.join(site, "other"))
    os.symlink(os.path.join(other, "secret.csk"), os.path.join(visit, "secret.csk"))
    os.mkfifo(os.path.join(visit, "pipe.csk"))
    return site, visit


def token_checks(server, clock):
    statuses = {}
    statuses["no token"] = server.request("GET", "/api/list")[0]
    statuses["wrong token"] = server.request("GET", "/api/list?token=" + "0" * 48)[0]
    statuses["token one character short"] = server.request("GET", "/api/list?token=" + server.token[:-1])[0]
    statuses["wrong token header"] = server.request("GET", "/api/list", headers={"X-StylusKit-Token": "x"})[0]
    statuses["ink without token"] = server.request("GET", "/api/ink?path=" + clock)[0]
    statuses["file without token"] = server.request("GET", "/api/file?path=" + clock)[0]
    for name, status in statuses.items():
        check(f"token: {name} is 401", status == 401, f"got {status}")
    check("token: the right token reads the list", server.request("GET", "/api/list?token=" + server.token)[0] == 200)
    # 200 guesses of the token: every one 401 (no lock-out is claimed; 192 random bits are the defence).
    guesses = [server.request("GET", "/api/list?token=%048x" % random.getrandbits(192))[0] for _ in range(200)]
    check("token: 200 random guesses all 401", guesses.count(401) == 200, str(set(guesses)))
    return len(statuses) + 201


def cross_site_checks(server, clock, visit):
    marks = json.dumps({"path": clock, "rater": "evil", "marks": {CLOCK_ITEMS[0]: "0"}, "done": False})
    token = server.token
    cases = {
        "another site's Origin": {"X-StylusKit-Token": token, "Origin": "http://evil.example"},
        "no Origin": {"X-StylusKit-Token": token},
        "Origin null": {"X-StylusKit-Token": token, "Origin": "null"},
        "https Origin of the loopback": {"X-StylusKit-Token": token, "Origin": "https://127.0.0.1:%d" % server.port},
        "Origin of the loopback on another port": {
            "X-StylusKit-Token": token, "Origin": "http://127.0.0.1:%d" % (server.port + 1)},
        "DNS rebinding (Host and Origin a rebound name)": {
            "X-StylusKit-Token": token, "Origin": "http://evil.example:%d" % server.port,
            "Host": "evil.example:%d" % server.port},
        "token only in the address (a form post)": {"Origin": server.origin},
        "a form's content type, no token header": {
            "Origin": "http://evil.example", "Content-Type": "application/x-www-form-urlencoded"},
    }
    before = os.listdir(visit)
    for name, headers in cases.items():
        path = "/api/scoring?token=" + token if "address" in name else "/api/scoring"
        status = server.request("POST", path, marks, headers)[0]
        check(f"cross-site: {name} is 403 (or 401)", status in (401, 403), f"got {status}")
    for route in ("/api/unlock", "/api/lock"):
        status = server.request("POST", route, '{"password": "x"}', {"X-StylusKit-Token": token,
                                                                      "Origin": "http://evil.example"})[0]
        check(f"cross-site: POST {route} from another site is 403", status == 403, f"got {status}")
    check("cross-site: nothing was written", sorted(os.listdir(visit)) == sorted(before), str(os.listdir(visit)))
    return len(cases) + 2


def traversal_checks(server, visit):
    token = server.token
    names = {
        "../ out of the folder": ("0/P007/../../other-participant/secret.csk", (400, 403)),
        "URL-encoded ../": ("0/P007/%2e%2e/%2e%2e/other-participant/secret.csk", (400, 403)),
        "double-encoded ../": ("0/P007/%252e%252e/%252e%252e/other-participant/secret.csk", (400, 403, 404)),
        "absolute path": ("/etc/passwd", (400,)),
        "absolute path after the folder": ("0//etc/passwd", (400, 403)),
        "folder number out of range": ("7/P007/visit-20261126T101500Z/clock.csk", (400,)),
        "negative folder number": ("-1/x", (400,)),
        "NUL in the name": ("0/P007/visit-20261126T101500Z/clock.csk%00.json", (400,)),
        "symlink to /etc/passwd": ("0/P007/visit-20261126T101500Z/passwd.csk", (403,)),
        "symlink to another participant's file": ("0/P007/visit-20261126T101500Z/secret.csk", (403,)),
        "symlinked folder out": ("0/other/secret.csk", (403,)),
        "FIFO named .csk": ("0/P007/visit-20261126T101500Z/pipe.csk", (400,)),
        "a folder as a file": ("0/P007", (400,)),
        "a name of 5,000 bytes": ("0/" + "a/" * 2500, (400,)),
        "backslashes": ("0\\..\\..\\etc\\passwd", (400,)),
    }
    secret = open("/etc/passwd", "rb").read()[:32]
    trials = 0
    for route in ("/api/file", "/api/ink", "/api/scoring", "/api/form"):
        for name, (path, allowed) in names.items():
            started = time.time()
            status, body = server.request("GET", f"{route}?token={token}&step=0&path={path}", timeout=15)
            trials += 1
            ok = status in allowed and secret not in body and b"someone else" not in body
            check(f"traversal: {route} {name} is {allowed}", ok and time.time() - started < 5, f"got {status}")
    status, _ = server.request("GET", f"/api/visit?token={token}&path=0/other")
    check("traversal: /api/visit through a symlinked folder is 403", status == 403, f"got {status}")
    status, body = server.request("GET", f"/api/list?token={token}")
    check("traversal: the list does not follow the symlinked folder", status == 200 and b"secret" not in body)
    return trials + 2


def body_checks(server, clock, visit):
    headers = {"X-StylusKit-Token": server.token, "Origin": server.origin}
    before = os.listdir(visit)
    cases = [
        ("a body of 64 KB + 1", "x" * (64 * 1024 + 1), (413,)),
        ("a body of 8 MB", "{" + " " * (8 << 20) + "}", (413,)),
        ("not JSON", "marks please", (400,)),
        ("JSON but an array", "[1, 2, 3]", (400,)),
        ("invalid UTF-8", b'{"path": "\xff\xfe"}', (400,)),
        ("nested 100,000 deep", "[" * 100000 + "]" * 100000, (400, 413)),
        ("path a number", json.dumps({"path": 7, "rater": "r1", "marks": {}}), (400,)),
        ("marks a list", json.dumps({"path": clock, "rater": "r1", "marks": [1, 2]}), (400,)),
        ("a mark an object", json.dumps({"path": clock, "rater": "r1", "marks": {CLOCK_ITEMS[0]: {"a": 1}}}), (400,)),
        ("a mark a huge number", json.dumps({"path": clock, "rater": "r1", "marks": {CLOCK_ITEMS[0]: 10**30}}), (400,)),
        ("2,001 marks", json.dumps({"path": clock, "rater": "r1",
                                    "marks": {f"i{n}": "1" for n in range(2001)}}), (400,)),
        ("a rater id of control characters", json.dumps({"path": clock, "rater": "\u001b[2J", "marks": {}}), (400,)),
        ("an unknown item", json.dumps({"path": clock, "rater": "r1", "marks": {"no-such-item": "1"}}), (409,)),
        ("a password of 60 KB", json.dumps({"password": "p" * 60000}), (403, 409)),
    ]
    for name, body, allowed in cases:
        route = "/api/unlock" if "password" in name else "/api/scoring"
        try:
            status, _ = server.request("POST", route, body, headers, timeout=30)
        except (ConnectionError, socket.timeout) as error:
            status = repr(error)
        check(f"body: {name} is {allowed}", status in allowed, f"got {status}")
    # Lies about the length: shorter, longer (the connection closed), chunked past the limit.
    port = server.port
    head = (f"POST /api/scoring HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-StylusKit-Token: {server.token}\r\n"
            f"Origin: {server.origin}\r\n")
    status = raw(port, (head + "Content-Length: 10\r\n\r\n" + '{"path": "0/x"}').encode())
    check("body: more bytes than Content-Length is a 4xx", status is not None and 400 <= status < 500, f"got {status}")
    status = raw(port, (head + "Content-Length: 100000\r\n\r\n{}").encode(), timeout=3)
    check("body: fewer bytes than Content-Length, then silence: no answer or a 4xx, server alive",
          (status is None or 400 <= status < 500) and server.alive(), f"got {status}")
    chunk = "ffff\r\n" + "x" * 0xFFFF + "\r\n"
    status = raw(port, (head + "Transfer-Encoding: chunked\r\n\r\n" + chunk * 3 + "0\r\n\r\n").encode())
    check("body: chunked past 64 KB is 413", status == 413, f"got {status}")
    status = raw(port, b"GARBAGE / HTTP/9.9\r\n\r\n")
    check("request: a malformed request line is a 4xx or a close", status is None or 400 <= status < 500, f"{status}")
    status = raw(port, b"GET /api/list HTTP/1.1\r\nHost: x\r\n" + b"X-Long: " + b"a" * (1 << 20) + b"\r\n\r\n")
    check("request: a 1 MB header is a 4xx or a close", status is None or 400 <= status < 500, f"{status}")
    check("body: the server is alive after every body", server.alive())
    check("body: nothing was written", sorted(os.listdir(visit)) == sorted(before), str(os.listdir(visit)))
    return len(cases) + 7


def slow_client_checks(server, clock):
    """Many clients that send a byte at a time, or never read: the server still answers others at once. The slow
    ones are another user's (the server caps each user at 64 connections, and closes the rest at once)."""
    if not OtherUser.available:
        print("SKIP  slow clients: acting as another user needs root (the cap counts this user's own requests)")
        return 0
    count = 200
    other = OtherUser(server.port, count, b"GET /api/list?token=" + server.token.encode()[:8])
    latencies = []
    try:
        time.sleep(1)
        kept = other.opened - other.closed()
        check(f"cap: another user's {other.opened} connections, {kept} kept (at most 64)", kept <= 64, f"{kept}")
        print(f"FIGURE cap: another user opened {other.opened} connections; the server kept {kept}")
        for round_ in range(10):
            other.send(server.token.encode()[8 + round_:9 + round_])
            started = time.time()
            status, _ = server.request("GET", "/api/list?token=" + server.token, timeout=10)
            latencies.append(time.time() - started)
            check(f"slow clients: a request among {kept} slow ones answered (round {round_ + 1})", status == 200)
            time.sleep(0.3)
        # Readers that never read: ink (a large answer) asked for and left unread, by this user (50 of its 64).
        stuck = []
        for _ in range(50):
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            connection.sendall(f"GET /api/ink?token={server.token}&path={clock} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            stuck.append(connection)
        started = time.time()
        status, _ = server.request("GET", f"/api/ink?token={server.token}&path={clock}", timeout=10)
        check("slow clients: ink answered while 50 clients never read theirs", status == 200)
        latencies.append(time.time() - started)
        for connection in stuck:
            connection.close()
    finally:
        other.stop()
    check("slow clients: the server is alive", server.alive())
    print(f"FIGURE slow-clients: {count} byte-a-second clients of another user and 50 that never read; "
          f"others' answers in {min(latencies) * 1000:.0f} to {max(latencies) * 1000:.0f} ms")
    return 13


def trickle_check(server, clock, every=5):
    """A POST whose body comes a byte every few seconds (each byte reset the idle timeout, so a byte every 29 s
    kept the connection for good): the server closes it once the request has taken its 30 s."""
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=every)
    connection.sendall((f"POST /api/scoring HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                        f"X-StylusKit-Token: {server.token}\r\nOrigin: {server.origin}\r\n"
                        "Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{").encode())
    started = time.time()
    closed_after = None
    while time.time() - started < 70:
        try:
            connection.sendall(b" ")
            if connection.recv(1) == b"":
                closed_after = time.time() - started
                break
        except socket.timeout:
            continue
        except OSError:
            closed_after = time.time() - started
            break
    connection.close()
    check("trickle: a body sent a byte every 5 s is closed within 35 s", closed_after is not None and closed_after < 35,
          f"closed after {closed_after}")
    print(f"FIGURE trickle: a body a byte every {every} s: the server closed the connection after "
          f"{closed_after if closed_after is None else round(closed_after, 1)} s")
    return 1


def connection_flood(styluskit, site, key, count=1100):
    """Another user of the machine opens more idle connections than a desktop's default descriptor limit (1024,
    systemd's soft limit): does the server still answer the rater? The server runs under that limit here; it keeps
    64 of the other user's connections and closes the rest at once."""
    import resource

    if not OtherUser.available:
        print("SKIP  flood: acting as another user needs root (the cap counts this user's own requests)")
        return 0

    def desktop_limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    server = Server(styluskit, site, key, preexec=desktop_limit)
    other = None
    try:
        other = OtherUser(server.port, count)
        time.sleep(1)
        started = time.time()
        try:
            status, _ = server.request("GET", "/api/list?token=" + server.token, timeout=15)
        except (OSError, http.client.HTTPException) as error:
            status = repr(error)
        waited = time.time() - started
        check(f"flood: the rater is answered while another user opens {other.opened} idle connections "
              f"(server at 1,024 descriptors)", status == 200, f"got {status} after {waited:.1f} s")
        print(f"FIGURE flood: {other.opened} idle connections opened by another user against a server of soft limit "
              f"1024 descriptors: the rater's request got {status} after {waited:.1f} s")
        # Idle connections are closed by the server after its idle time (30 s): count those it closed.
        time.sleep(33)
        closed = other.closed()
        check("flood: the server closed the idle connections after its idle time", closed == other.opened,
              f"{closed} of {other.opened} closed")
        print(f"FIGURE flood: {closed} of {other.opened} idle connections closed by the server within 34 s")
        other.stop()
        other = None
        time.sleep(1)
        status, _ = server.request("GET", "/api/list?token=" + server.token, timeout=15)
        check("flood: answered again once the connections close", status == 200, f"got {status}")
    finally:
        if other:
            other.stop()
        server.stop()
    return 3


def concurrent_raters(server, clock, visit, rounds=40):
    """Two raters saving at once, each save a new sheet: every save answered 200 is in the scores file."""
    answered = {"r01": [], "r02": []}
    errors = []

    def rater(name, seed):
        generator = random.Random(seed)
        for _ in range(rounds):
            marks = random_marks(generator)
            try:
                status, body = server.post_marks(clock, name, marks)
            except OSError as error:
                errors.append(repr(error))
                continue
            if status == 200:
                answered[name].append(marks)
            else:
                errors.append(f"{status} {body[:200]!r}")

    threads = [threading.Thread(target=rater, args=(name, n)) for n, name in enumerate(answered)]
    started = time.time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.time() - started
    lines = open(os.path.join(visit, "scores.jsonl"), "rb").read().split(b"\n")
    records = [json.loads(line) for line in lines if line.strip()]
    check("raters: every save answered 200", not errors, str(errors[:3]))
    for name, sheets in answered.items():
        written = [{m["item"]: m["value"] for m in r["marks"]} for r in records if r["rater"] == name]
        check(f"raters: {name}'s {len(sheets)} saves all in the file, in order", written == sheets,
              f"{len(written)} written")
        status, body = server.request("GET", f"/api/scoring?token={server.token}&path={clock}&rater={name}")
        sheet = [s for s in json.loads(body)["sheets"] if s["rater"] == name]
        check(f"raters: {name} sees their last save", status == 200 and sheet and sheet[0]["marks"] == sheets[-1])
    check("raters: the file holds whole lines only", all(line == b"" or line.startswith(b"{") for line in lines)
          and lines[-1] == b"")
    print(f"FIGURE raters: 2 raters x {rounds} saves at once: {len(records)} records written, "
          f"{sum(map(len, answered.values()))} answered 200, in {elapsed:.1f} s")
    return 2 * rounds


def kill_during_writes(styluskit, work, repo, key, kills):
    """kill -9 of the server at a random moment while two raters save: nothing acknowledged is lost, a cut
    line at most is passed over, and the next server takes saves again."""
    lost = 0
    cut_lines = 0
    restarted = 0
    acknowledged_total = 0
    for trial in range(kills):
        trial_work = os.path.join(work, f"kill-{trial}")
        os.makedirs(trial_work)
        site, visit = make_site(trial_work, repo)
        clock = "0/P007/visit-20261126T101500Z/clock.csk"
        server = Server(styluskit, site, key)
        acknowledged = []
        stop = threading.Event()

        def rater(name, seed):
            generator = random.Random(seed)
            while not stop.is_set():
                marks = random_marks(generator)
                try:
                    status, _ = server.post_marks(clock, name, marks, timeout=5)
                except OSError:
                    return
                if status == 200:
                    acknowledged.append((name, marks))

        threads = [threading.Thread(target=rater, args=(f"r{n}", trial * 10 + n)) for n in range(2)]
        for thread in threads:
            thread.start()
        time.sleep(random.Random(trial).uniform(0.05, 1.5))
        snapshot = list(acknowledged)
        server.stop(kill=True)
        stop.set()
        for thread in threads:
            thread.join()
        acknowledged_total += len(snapshot)
        data = open(os.path.join(visit, "scores.jsonl"), "rb").read() if os.path.exists(
            os.path.join(visit, "scores.jsonl")) else b""
        lines = data.split(b"\n")
        whole = []
        for line in lines[:-1]:
            try:
                record = json.loads(line)
                whole.append((record["rater"], {m["item"]: m["value"] for m in record["marks"]}))
            except ValueError:
                pass
        if lines[-1] != b"":
            cut_lines += 1
        lost += sum(1 for save in snapshot if save not in whole)
        again = Server(styluskit, site, key)
        # r0 is one of the two raters (a third would be refused by the double-scoring rules).
        last = {CLOCK_ITEMS[0]: "2", CLOCK_ITEMS[1]: "4"}
        status, _ = again.post_marks(clock, "r0", last)
        status2, body = again.request("GET", f"/api/scoring?token={again.token}&path={clock}&rater=r0")
        sheets = [s for s in json.loads(body).get("sheets", []) if s["rater"] == "r0"] if status2 == 200 else []
        # A save merges its marks into the rater's sheet, so the sheet holds these two beside earlier ones.
        if status == 200 and sheets and all(sheets[0]["marks"].get(item) == value for item, value in last.items()):
            restarted += 1
        again.stop()
        shutil.rmtree(trial_work)
    check(f"kill -9: no acknowledged save lost over {kills} kills", lost == 0, f"{lost} lost")
    check(f"kill -9: the next server took a save after every kill", restarted == kills, f"{restarted} of {kills}")
    print(f"FIGURE kill-9: {kills} kills during saves; {acknowledged_total} saves acknowledged before the kills, "
          f"{lost} lost; {cut_lines} scores files ended in a cut line (passed over by readers); "
          f"{restarted} of {kills} restarts took a save")
    return kills


def load_run(server, clock, seconds):
    wrk = shutil.which("wrk")
    if wrk is None:
        print("SKIP  load: wrk is missing (scripts/setup.sh installs it)")
        return 0
    results = {}
    for name, path in (("list", "/api/list"), ("ink", f"/api/ink?path={clock}")):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wrk-report.lua")
        output = subprocess.run(
            [wrk, "-t2", "-c16", f"-d{seconds}s", "--latency", "-s", script,
             "-H", f"X-StylusKit-Token: {server.token}", f"http://127.0.0.1:{server.port}{path}"],
            capture_output=True, text=True, timeout=seconds + 60).stdout
        figures = dict(re.findall(r"^WRK (\w+) (\S+)$", output, re.M))
        results[name] = figures
        errors = int(figures.get("errors", "-1"))
        check(f"load: {name} for {seconds} s, zero errors and zero non-2xx", errors == 0, output[-600:])
        print(f"FIGURE load {name}: {figures.get('requests_per_second')} requests/s, "
              f"p50 {figures.get('p50_ms')} ms, p99 {figures.get('p99_ms')} ms, max {figures.get('max_ms')} ms, "
              f"{figures.get('requests')} requests, {errors} errors (wrk -t2 -c16 -d{seconds}s)")
    return 2


def main():
    styluskit, work = sys.argv[1], sys.argv[2]
    kills = int(sys.argv[sys.argv.index("--kills") + 1]) if "--kills" in sys.argv else 30
    seconds = int(sys.argv[sys.argv.index("--wrk") + 1]) if "--wrk" in sys.argv else 30
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    key = os.path.join(work, "none.key")
    site, visit = make_site(work, repo)
    clock = "0/P007/visit-20261126T101500Z/clock.csk"
    server = Server(styluskit, site, key)
    trials = {}
    try:
        trials["token"] = token_checks(server, clock)
        trials["cross-site"] = cross_site_checks(server, clock, visit)
        trials["traversal"] = traversal_checks(server, visit)
        trials["bodies"] = body_checks(server, clock, visit)
        trials["slow clients"] = slow_client_checks(server, clock)
        trials["trickle"] = trickle_check(server, clock)
        trials["raters"] = concurrent_raters(server, clock, visit)
        trials["load"] = load_run(server, clock, seconds)
        check("the server survived every attack", server.alive())
    finally:
        server.stop()
    trials["flood"] = connection_flood(styluskit, site, key)
    trials["kill -9"] = kill_during_writes(styluskit, work, repo, key, kills)
    print("FIGURE trials: " + ", ".join(f"{name} {count}" for name, count in trials.items()))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
