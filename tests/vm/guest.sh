#!/bin/bash
# Runs inside the VM (chrooted into the host's read-only root; /tmp and /run are tmpfs).
# Prints PASS/FAIL/INFO lines that tests/vm/run.sh counts, then VM-DONE.
repo=$1
styluskit=$repo/.build/debug/styluskit
recording=$repo/Fixtures/recordings/real/dell_canvas_pen.evemu
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp
work=/tmp/vm
mkdir -p $work

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }

# Waits up to $2 seconds for the command $1 to succeed.
wait_for() { local i; for ((i = 0; i < $2 * 10; i++)); do eval "$1" && return 0; sleep 0.1; done; return 1; }

/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
udevadm trigger --action=add >/dev/null 2>&1
udevadm settle --timeout=20

# A uinput tablet with the real recording's description.
evemu-device "$recording" > $work/device.txt 2>&1 &
device_pid=$!
if ! wait_for "grep -q /dev/input/event $work/device.txt" 20; then
    fail "uinput tablet created"; cat $work/device.txt; echo VM-DONE; exit 0
fi
node=$(grep -o '/dev/input/event[0-9]*' $work/device.txt | head -n 1)
udevadm settle --timeout=20
pass "uinput tablet created at $node"
echo "INFO udev: $(udevadm info --query=property --name=$node | grep -E '^ID_INPUT' | tr '\n' ' ')"

# 1. devices finds it, through udev, with the recording's ranges.
timeout 30 $styluskit devices --json > $work/devices.json 2>$work/devices.err
check "devices: source udev" grep -q '"source" : "udev"' $work/devices.json
check "devices: the node is a pen" grep -A0 -q "\"node\" : \"$node\"" $work/devices.json
check "devices: name and ids" grep -q '"id" : "0003:056a:4200"' $work/devices.json
check "devices: ABS_X 0..59674 resolution 100" \
    bash -c "tr -d ' \n' < $work/devices.json | grep -q '\"axis\":\"ABS_X\",\"maximum\":59674,\"minimum\":0,\"physicalSizeMillimetres\":596.74,\"resolution\":100'"
check "devices: pressure 0..4095" bash -c "tr -d ' \n' < $work/devices.json | grep -q '\"pressureRange\":\[0,4095\]'"
check "devices: readable" bash -c "tr -d ' \n' < $work/devices.json | grep -q '\"readable\":true'"

# Reads "points N" / "strokes N" from a summary.
field() { awk -v key="$1" '$1 == key {print $2; exit}' "$2"; }

# 2. record while the recording plays into the tablet; the results equal a replay of the same events.
# Started directly (not under timeout(1), which would take the SIGINTs itself), with a watchdog.
$styluskit record --test clock --device "$node" --out $work/live > $work/record.out 2> $work/record.err &
record_pid=$!
(sleep 120; kill -9 $record_pid 2>/dev/null) &
wait_for "ls $work/live/*.evemu >/dev/null 2>&1" 30
timeout 60 evemu-play "$node" < "$recording"
sleep 1
kill -INT $record_pid; sleep 0.5; kill -INT $record_pid
wait $record_pid; record_status=$?
check "record: exit status 0" test $record_status -eq 0
journal=$(ls $work/live/*.evemu | head -n 1)
echo "INFO record: $(tr '\n' ' ' < $work/record.out) $(tr '\n' ' ' < $work/record.err)"
check "journal: mode 0600" test "$(stat -c %a "$journal")" = 600
check "journal: control lines anchor, begin, 2 continues" \
    test "$(grep -cE '^# StylusKit control: (anchor|begin|continue) ' "$journal")" -eq 4
timeout 60 $styluskit replay "$journal" --test clock --step-split none --out $work/replay > $work/replay.out 2>&1
check "record = replay of the journal: points" test "$(field points $work/record.out)" = "$(field points $work/replay.out)"
check "record = replay of the journal: strokes" test "$(field strokes $work/record.out)" = "$(field strokes $work/replay.out)"
timeout 60 $styluskit replay "$recording" --test clock --step-split none --out $work/original > $work/original.out 2>&1
check "record: as many strokes as the original recording" \
    test "$(field strokes $work/record.out)" = "$(field strokes $work/original.out)"
echo "INFO points live $(field points $work/record.out), original recording $(field points $work/original.out)"
timeout 60 $styluskit recover "$journal" --out $work/recovered > $work/recover.out 2>&1
check "recover of the journal = the live results file, byte for byte" \
    cmp -s "$(ls $work/live/*.csk)" "$(ls $work/recovered/*.csk)"

# 3. kill -9 during capture: recover loses nothing the journal got.
$styluskit record --test clock --device "$node" --out $work/killed > /dev/null 2>&1 &
record_pid=$!
wait_for "ls $work/killed/*.evemu >/dev/null 2>&1" 30
timeout 60 evemu-play "$node" < "$recording"
sleep 0.5
kill -9 $record_pid; wait $record_pid 2>/dev/null
journal=$(ls $work/killed/*.evemu | head -n 1)
timeout 60 $styluskit recover "$journal" --out $work/killed-recovered > $work/killed.out 2>&1
check "kill -9: recover succeeds" test -s "$(ls $work/killed-recovered/*.csk 2>/dev/null | head -n 1)"
timeout 60 $styluskit replay "$journal" --test clock --step-split none --allow-truncated --out $work/killed-replay > $work/killed-replay.out 2>&1
check "kill -9: recover keeps every point of the journal" \
    test "$(field points $work/killed.out)" = "$(field points $work/killed-replay.out)"
check "kill -9: as many strokes as the original recording" \
    test "$(field strokes $work/killed.out)" = "$(field strokes $work/original.out)"

kill $device_pid 2>/dev/null
echo VM-DONE
