"""Cuts the power of a running VM at chosen moments without stopping it for good (integration/powercut/run.sh).

At each moment the VM is paused through QEMU's monitor (`stop`: the vCPU halts and the disk requests already
issued complete), the results disk image is copied as it is, which is what the disk would hold had the power
gone then, and the VM goes on (`cont`). Each copy is then booted by a second VM, whose kernel recovers it as
after a power cut. Usage: snapshots.py MONITOR CONSOLE DISK OUT_PREFIX SEED COUNT FROM_MS TO_MS; prints one
line per copy: `CUT K record OFFSET_MS LAST_TICK TICK_GAP_MS`.
"""

import random
import re
import shutil
import socket
import subprocess
import sys
import time

monitor, console, disk, prefix = sys.argv[1:5]
seed, count, first, last = (int(word) for word in sys.argv[5:9])


def command(text):
    """Sends one monitor command and waits for the next prompt."""
    connection = socket.socket(socket.AF_UNIX)
    connection.connect(monitor)
    connection.settimeout(60)
    received = b""
    while not received.endswith(b"(qemu) "):
        received += connection.recv(4096)
    connection.sendall(text.encode() + b"\n")
    received = b""
    while b"(qemu) " not in received:
        chunk = connection.recv(4096)
        if not chunk:
            break
        received += chunk
    connection.close()


def ticks():
    with open(console, "rb") as log:
        text = log.read().decode("latin-1").replace("\r", "")
    return [float(t) for t in re.findall(r"^TICK (\d+\.\d+)(?: \d+)?$", text, re.M)]


while b"CUT-WINDOW-OPEN" not in open(console, "rb").read():
    time.sleep(0.2)
opened = time.monotonic()
generator = random.Random(seed)
moments = sorted(generator.randrange(first, last) for _ in range(count))
for index, moment in enumerate(moments, start=1):
    time.sleep(max(0, opened + moment / 1000 - time.monotonic()))
    command("stop")
    seen = ticks()
    last_tick = seen[-1] if seen else 0
    recent = [t for t in seen if t >= last_tick - 1]
    gap = max((b - a for a, b in zip(recent, recent[1:])), default=0)
    # A sparse copy: the image is mostly holes.
    subprocess.run(["cp", "--sparse=always", disk, f"{prefix}{index}.img"], check=True)
    command("cont")
    print(f"CUT {index} record {moment} {last_tick:.6f} {gap * 1000:.0f}", flush=True)
command("quit")
