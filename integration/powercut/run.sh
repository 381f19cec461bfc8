#!/usr/bin/env bash
# Power-cut test (issue 34, item 7): the real-kernel VM of integration/vm/ (QEMU, TCG) with a results
# disk of its own, a raw ext4 image attached as virtio-blk with cache=writethrough, so a write the guest
# was told is done is in the image file and nothing else is. What a cut leaves is the image as it is at
# that instant: the guest's page cache and every process are gone, no sync, no unmount, no signal (see
# ROBUSTNESS.md, "Power cuts", for what this models and what it does not).
#
# Record cuts (POWERCUT_RECORD_CUTS, 30): one boot runs `record` of a uinput pen that evemu-play feeds at
# 100 Hz; at each seeded moment the host pauses the VM through QEMU's monitor, copies the image and lets it
# go on (integration/powercut/snapshots.py), so one debug binary's start (minutes under TCG on a loaded
# host) serves every cut. Each copy is then booted by a second VM, ten to a boot, whose kernel mounts it
# (ext4's recovery) and reads the journal; the host recovers each journal and validates its results file.
# Visit cuts (POWERCUT_VISIT_CUTS, 10): `record --visit` of a clock and a symbol-digit test; the host stops
# QEMU (`quit`) at a seeded moment, and the next boot, on the same image, checks visit.json and every file it
# names, resumes the visit with the same command and drives it to its end, then starts the next visit.
#
# Prints one line per cut and a summary; the console of each boot is kept in .build-powercut/.
# Not in .ci/run: it takes about an hour under TCG on a loaded 2-core host. Environment: POWERCUT_SEED (34),
# POWERCUT_RECORD_CUTS, POWERCUT_VISIT_CUTS, POWERCUT_WORK (.build-powercut), POWERCUT_BOOT_TIMEOUT (s per
# boot, 2400: a visit's boot resumes one visit and starts the next, two starts of a debug binary that take
# minutes each under TCG on a loaded host).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
record_cuts=${POWERCUT_RECORD_CUTS:-30}
visit_cuts=${POWERCUT_VISIT_CUTS:-10}
seed=${POWERCUT_SEED:-34}
boot_timeout=${POWERCUT_BOOT_TIMEOUT:-2400}
binary=$repo/.build/debug/styluskit
[[ -x $binary ]] || { echo "integration/powercut: $binary is missing; run 'swift build --product styluskit' first" >&2; exit 1; }
for tool in evemu-device evemu-play mkfs.ext4 python3; do
    command -v "$tool" >/dev/null || { echo "integration/powercut: $tool is missing; run scripts/setup.sh" >&2; exit 1; }
done
# The kernel and the initramfs (cached in .build-vm/): sets kernel, initramfs, release and accel.
source integration/vm/prepare.sh

# Two campaigns may run at once, each in a folder of its own (POWERCUT_WORK, under the checkout, which the
# guest sees).
work=$repo/${POWERCUT_WORK:-.build-powercut}
rm -rf "$work"
mkdir -p "$work"
# A copy the guest runs, so a rebuild on the host during the hour of cuts cannot change it midway.
cp "$binary" "$work/styluskit"
"$work/styluskit" --version > /dev/null || { echo "integration/powercut: $binary does not run" >&2; exit 1; }

# The pen: the real Dell recording's description with a drawing of our own at 100 Hz: a circle of
# 50 mm radius drawn over 2 s, the tip down for 3 s and up (hovering, still moving) for 0.5 s. Every
# frame moves the pen, so the kernel passes each one. pen.evemu lasts 90 s
# (the record cuts), pen-short.evemu 4 s (one step of a visit).
bash integration/vm/circle-pen.sh 90 100 > "$work/pen.evemu"
bash integration/vm/circle-pen.sh 4 100 > "$work/pen-short.evemu"

disk=$work/results.img
truncate -s 128M "$disk"
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$disk"

RANDOM=$seed
total=$((record_cuts + visit_cuts))

# Boots the VM with the kernel command line $1 and the disk images after it; logs to $log, monitor at $socket.
# A boot that dies before its work began (a kernel panic under load) changed nothing on the disk: it is tried
# again, up to three times. $2 is a function run while the VM runs (the cut), or "wait".
boot_vm() {
    local append=$1 during=$2 drives=() image attempt
    shift 2
    for image in "$@"; do drives+=(-drive "file=$image,format=raw,if=virtio,cache=writethrough"); done
    for attempt in 1 2 3; do
        rm -f "$socket"
        timeout --kill-after=10 "$boot_timeout" qemu-system-x86_64 -accel "$accel" -m 1536 -smp 1 -nographic \
            -no-reboot -nic none -kernel "$kernel" -initrd "$initramfs" -append "$append" \
            -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
            -virtfs local,path="$repo",mount_tag=checkout,security_model=none,readonly=on,multidevs=remap \
            "${drives[@]}" -monitor unix:"$socket",server=on,wait=off \
            </dev/null >"$log" 2>&1 &
        qemu=$!
        [[ $during == wait ]] || $during
        wait $qemu || true
        # Not grep -q: it stops at the first match, tr then dies of SIGPIPE writing the rest of a long console, and
        # under pipefail a boot that did its work was taken for a failed one and booted again on the same disk
        # (seen in cut 5 of seed 36: cut 4 checked twice, cut 5's visit cut, resumed unchecked and cut again).
        tr -d '\r' < "$log" | grep -aE '(^CUT-WINDOW-OPEN|^VM-DONE|CUTRESULT )' > /dev/null && return 0
        echo "  a boot died before its work began; last lines: $(tail -n 3 "$log" | tr -d '\r' | tr '\n' ' ')"
        cp "$log" "$log.failed-$attempt"
    done
}
# no_timer_check: under TCG on a loaded host the kernel's early check of the timer interrupt can find it
# too slow and panic ("IO-APIC + timer doesn't work!"), seen here at load 30.
base="console=ttyS0 quiet panic=-1 no_timer_check styluskit.guest=integration/powercut/guest.sh"
base+=" powercut.work=${work#"$repo"/}"
socket=$work/monitor.sock
: > "$work/cuts.txt"
echo "integration/powercut: $record_cuts record cuts, $visit_cuts visit cuts, seed $seed, $release ($accel)"

if ((record_cuts > 0)); then
    # The cuts 2 to 80 s into the playing (the pen draws without a pause longer than a frame for 90 s of its
    # time, more under TCG), in one boot.
    log=$work/console-record.log
    take_snapshots() {
        python3 integration/powercut/snapshots.py "$socket" "$log" "$disk" "$work/snap-" "$seed" "$record_cuts" \
            2000 80000 | tee -a "$work/cuts.txt"
    }
    started=$(date +%s)
    boot_vm "$base powercut.run=1 powercut.phase=record" take_snapshots "$disk"
    echo "record: $record_cuts cuts in one boot of $(($(date +%s) - started)) s"
    tr -d '\r' < "$log" | grep -E '^INFO' | sed 's/^/  /' || true
    for ((first = 1; first <= record_cuts; first += 10)); do
        batch=() images=()
        for ((cut = first; cut < first + 10 && cut <= record_cuts; cut++)); do
            batch+=("$cut") images+=("$work/snap-$cut.img")
        done
        log=$work/console-check-$first.log
        started=$(date +%s)
        boot_vm "$base powercut.snapshots=$(IFS=,; echo "${batch[*]}")" wait "${images[@]}"
        echo "record: cuts ${batch[0]} to ${batch[-1]} checked in a boot of $(($(date +%s) - started)) s"
        # -o: the console's first line after the firmware's escape sequences may run into the first result.
        tr -d '\r' < "$log" | grep -aoE 'CUTRESULT .*' | tee -a "$work/cuts.txt" | sed 's/^/  /' || true
    done
fi

# Stops QEMU through its monitor socket: the power cut.
power_cut() {
    python3 - "$1" <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.settimeout(30)
s.recv(4096)  # the monitor's banner: a command sent before it may be dropped
s.sendall(b"quit\n")
while s.recv(4096):  # QEMU closes the socket as it quits
    pass
PY
}
# Waits for the guest's workload, then cuts the power delay_ms later.
cut_when_open() {
    while kill -0 $qemu 2>/dev/null && ! grep -q '^CUT-WINDOW-OPEN' "$log"; do sleep 0.2; done
    kill -0 $qemu 2>/dev/null || return 0
    sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
    power_cut "$socket" || echo "  the monitor did not answer (QEMU gone?)"
}

((visit_cuts > 0)) && echo "visit: $visit_cuts cuts, a boot each, and a boot to check the last"
for ((boot = record_cuts + 1; visit_cuts > 0 && boot <= total + 1; boot++)); do
    check=$((boot - 1))
    append=$base
    ((check > record_cuts)) && append+=" powercut.check=$check powercut.check-phase=visit"
    during=wait
    if ((boot <= total)); then
        append+=" powercut.run=$boot powercut.phase=visit"
        # 0 to 60 s after the visit's first journal opened (tests, the manifest written between them, the
        # results files; under TCG a visit of a clock and a symbol-digit test lasts about a minute).
        delay_ms=$(((RANDOM * 32768 + RANDOM) % 60000))
        during=cut_when_open
    fi
    log=$work/console-$boot.log
    started=$(date +%s)
    boot_vm "$append" $during "$disk"
    tr -d '\r' < "$log" | grep -aoE 'CUTRESULT .*' >> "$work/cuts.txt" || true
    # The last boot only checks: it has no ticker, and grep finding nothing must not end the script (pipefail).
    last_tick=$(tr -d '\r' < "$log" | grep -aoE '^TICK [0-9]+\.[0-9]+$' | tail -n 1 | cut -d' ' -f2 || true)
    echo "boot $boot: $(($(date +%s) - started)) s$( ((boot <= total)) && echo "; cut $boot (visit) ${delay_ms} ms after its first journal opened")"
    ((boot <= total)) && echo "CUT $boot visit $delay_ms ${last_tick:-none} 0" >> "$work/cuts.txt"
    tr -d '\r' < "$log" | grep -E '^(CUTRESULT|INFO)' | sed 's/^/  /' || true
done

# The check boots unmounted each copy cleanly: its files are read here as the guest left them (debugfs, no
# mount). Each record cut's journal is recovered and its results file validated by the host's binary.
for ((cut = 1; cut <= record_cuts; cut++)); do
    mkdir -p "$work/disk/cut-$cut"
    debugfs -R "rdump /cut-1 $work/disk/cut-$cut" "$work/snap-$cut.img" > /dev/null 2>&1 || true
    journal=$(ls "$work/disk/cut-$cut/cut-1"/*.evemu 2>/dev/null | head -n 1)
    [[ -n $journal ]] || { echo "HOSTCHECK $cut recover=none" >> "$work/cuts.txt"; continue; }
    set +e
    "$work/styluskit" recover "$journal" --out "$work/disk/cut-$cut/recovered" > "$work/recover-$cut.out" 2>&1
    recovered=$?
    results=$(ls "$work/disk/cut-$cut/recovered"/*.csk 2>/dev/null | head -n 1)
    validated=none
    [[ -n $results ]] && { "$work/styluskit" adf validate "$results" > /dev/null 2>&1; validated=$?; }
    set -e
    echo "HOSTCHECK $cut recover=$recovered validate=$validated points=$(awk '$1 == "points" {print $2}' "$work/recover-$cut.out")" \
        "status=$(awk '$1 == "status" {print $2}' "$work/recover-$cut.out")" >> "$work/cuts.txt"
done

# The figures: for each record cut, how old the newest frame on the disk was when the power went (the
# last tick before the cut, in the guest's clock, less the frame's time): every older frame survived, since
# the journal on the disk is a prefix of what was played.
python3 - "$work/cuts.txt" "$work/console-record.log" <<'PY'
import os
import re
import statistics
import sys

# The record boot's ticks: (guest time, bytes record had written to the journal by then).
written = []
if os.path.exists(sys.argv[2]):
    text = open(sys.argv[2], "rb").read().decode("latin-1").replace("\r", "")
    written = [(float(t), int(b)) for t, b in re.findall(r"^TICK (\d+\.\d+) (\d+)$", text, re.M)]

cuts, results, host = {}, {}, {}
for line in open(sys.argv[1]).read().split("\n"):
    words = line.split()
    if words and words[0] == "CUT":
        cuts[int(words[1])] = (words[2], None if words[4] == "none" else float(words[4]) * 1e6, words[5])
    elif words and words[0] == "CUTRESULT":
        results[int(words[1])] = line
    elif words and words[0] == "HOSTCHECK":
        host[int(words[1])] = line
ages, written_ages, after_end, failures = [], [], 0, []
for cut in sorted(cuts):
    phase, tick, gap = cuts[cut]
    line = results.get(cut, "(no check)") + " " + host.get(cut, "")
    fields = dict(w.split("=", 1) for w in line.split() if "=" in w)
    if phase == "record":
        ok = (fields.get("journal") == "present" and fields.get("prefix") == "yes" and fields.get("nul") == "0"
              and fields.get("recover") == "0" and fields.get("validate") == "0")
        age = (tick - int(fields["last-frame-us"])) / 1000 if tick and "last-frame-us" in fields else None
        if fields.get("complete") == "yes":
            after_end += 1
            note = "the whole playing was on the disk (cut after the pen stopped)"
        elif age is not None:
            ages.append(age)
            note = f"newest frame on the disk {age:.0f} ms old at the cut (ticker's longest interval {gap} ms)"
            # The oldest byte record had written that the disk lacks: written at the first tick that saw the
            # journal longer than the disk's copy.
            on_disk = int(fields.get("bytes", 0))
            later = [t for t, b in written if b > on_disk and t <= tick / 1e6]
            if written:
                written_age = (tick / 1e6 - later[0]) * 1000 if later else 0
                written_ages.append(written_age)
                note += f"; written but lost for at most {written_age:.0f} ms"
        else:
            note = "no age"
        print(f"cut {cut} record: {'ok' if ok else 'FAILED'}; {note}; {line}")
    else:
        before = line.split("before:")[1].split("|")[0] if "before:" in line else ""
        after = line.split("after:")[1] if "after:" in line else ""
        ok = ("corrupt" not in line and "mount=failed" not in line and "before:" in line
              and ("absent" in before or ("missing=0" in before and "wrong-sha=0" in before))
              and (not after.strip() or ("missing=0" in after and "wrong-sha=0" in after and "status=complete" in after))
              and fields.get("resume") in ("0", "64", "skipped") and fields.get("folders", "1") in ("0", "1"))
        print(f"cut {cut} visit: {'ok' if ok else 'FAILED'}: {line}")
    if not ok:
        failures.append(cut)
if ages:
    ages.sort()
    print(f"record cuts in the playing: {len(ages)} ({after_end} after it ended); age of the newest frame on the disk "
          f"at the cut: median {statistics.median(ages):.0f} ms, p90 {ages[max(0, int(len(ages) * 0.9) - 1)]:.0f} ms, "
          f"max {ages[-1]:.0f} ms")
if written_ages:
    written_ages.sort()
    print(f"bytes record had written but the disk lacked at the cut, how long since they were written: median "
          f"{statistics.median(written_ages):.0f} ms, max {written_ages[-1]:.0f} ms (ticks every 20 ms or more)")
print(f"{len(cuts) - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures or not cuts else 0)
PY
