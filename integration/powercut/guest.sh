#!/bin/bash
# Runs inside the VM of integration/powercut/run.sh, once per boot (chrooted into the host's read-only
# root; /tmp and /run are tmpfs; the results disk is /dev/vda, ext4). The kernel command line says what
# this boot does: `powercut.check=K` checks what the cut of the previous boot (cut K) left on the disk
# (a record cut's journal read as text; a visit's manifest and files, then its resume) and prints a
# CUTRESULT line; `powercut.run=K` then starts cut K's workload
# (`record` or `record --visit` on a uinput pen played by evemu-play), prints CUT-WINDOW-OPEN and waits
# for the host to stop the VM (the power cut); `powercut.phase=record|visit` is the workload of the cut
# being checked or run. A clock ticker prints `TICK <Unix time in us> [bytes record has written to its
# journal]` to the console every 20 ms so the host knows, in the guest's clock, when the power went and what
# had been written by then.
repo=$1
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp
journal_fd='' check='' run='' phase='' check_phase='' snapshots='' work=$repo/.build-powercut
for word in $(cat /proc/cmdline); do
    case $word in
        powercut.work=*) work=$repo/${word#powercut.work=} ;;
        powercut.snapshots=*) snapshots=${word#powercut.snapshots=} ;;
        powercut.check=*) check=${word#powercut.check=} ;;
        powercut.run=*) run=${word#powercut.run=} ;;
        powercut.phase=*) phase=${word#powercut.phase=} ;;
        powercut.check-phase=*) check_phase=${word#powercut.check-phase=} ;;
    esac
done
styluskit=$work/styluskit
results=/run/results
mkdir -p $results /tmp/pc
# Waits up to $2 seconds for the command $1 to succeed.
wait_for() { local i; for ((i = 0; i < $2 * 10; i++)); do eval "$1" && return 0; sleep 0.1; done; return 1; }

# Reads what a record cut left in the folder $2 (cut $1): whether the journal is there, its frames, the time
# of its last whole frame in Unix microseconds (through the anchor line's clock pair), whether its events are
# the played recording's first ones, NUL bytes; prints a CUTRESULT line.
check_record() {
    local check=$1 dir=$2 journal whole frames last anchor realtime monotonic last_us n prefix nul complete
    journal=$(ls $dir/*.evemu 2>/dev/null | head -n 1)
    if [[ -z $journal ]]; then
        echo "CUTRESULT $check record journal=absent files=$(ls -A $dir 2>/dev/null | tr '\n' ',')"
    else
        # The last whole frame (a SYN_REPORT line ended by its newline) and the anchor's clock pair.
        whole=$(wc -l < "$journal")
        frames=$(head -n "$whole" "$journal" | grep -c '^E: [0-9.]* 0000 0000 0000')
        last=$(head -n "$whole" "$journal" | grep '^E: [0-9.]* 0000 0000 0000' | tail -n 1 | awk '{print $2}')
        anchor=$(grep -m 1 '^# StylusKit control: anchor' "$journal")
        realtime=$(sed -E 's/.*realtime-us=([0-9]+).*/\1/' <<< "$anchor")
        monotonic=$(sed -E 's/.*monotonic-us=([0-9]+).*/\1/' <<< "$anchor")
        last_us=$(awk -v t="$last" -v r="$realtime" -v m="$monotonic" 'BEGIN { split(t, p, "."); printf "%.0f", p[1] * 1000000 + p[2] + r - m }')
        # Every event on the disk is the played recording's, in order (type, code, value): no hole, no
        # zeros, no stale block. The played file starts at the journal's first event.
        awk '$1 == "E:" && $3 != "0000" {print $3, $4, $5 + 0}' $work/pen.evemu > /tmp/pc/played.txt
        head -n "$whole" "$journal" | awk '$1 == "E:" && $3 != "0000" {print $3, $4, $5 + 0}' > /tmp/pc/journaled.txt
        n=$(wc -l < /tmp/pc/journaled.txt)
        if head -n "$n" /tmp/pc/played.txt | cmp -s - /tmp/pc/journaled.txt; then prefix=yes; else prefix=no; fi
        # The whole playing on the disk: the cut came after the pen stopped, so it says nothing of the bound.
        if [[ $n -eq $(wc -l < /tmp/pc/played.txt) ]]; then complete=yes; else complete=no; fi
        nul=$(tr -d -c '\000' < "$journal" | wc -c)
        # recover and adf validate run on the host over a copy of the disk after the last boot (run.sh):
        # the bytes are these, and a debug binary starts in a second there against a minute here under TCG.
        echo "CUTRESULT $check record journal=present frames=$frames last-frame-us=$last_us prefix=$prefix nul=$nul complete=$complete" \
            "bytes=$(wc -c < "$journal") lines=$whole"
    fi
}

# Copies of the disk taken at the moments of record cuts (run.sh, snapshots.py), one per virtio disk in order:
# each is mounted (its recovery), checked and unmounted.
if [[ -n $snapshots ]]; then
    letters=(a b c d e f g h i j k l m n o p q r s t)
    index=0
    for check in ${snapshots//,/ }; do
        device=/dev/vd${letters[index]}
        index=$((index + 1))
        if mount -t ext4 $device $results 2> /tmp/pc/mount.err; then
            check_record $check $results/cut-1
            umount $results
        else
            echo "CUTRESULT $check record mount=failed $(tr '\n' ' ' < /tmp/pc/mount.err)"
        fi
    done
    echo VM-DONE
    exit 0
fi

# Mounting replays ext4's own journal: the file system's recovery after the cut.
if ! mount -t ext4 /dev/vda $results 2> /tmp/pc/mount.err; then
    echo "CUTRESULT $check mount=failed $(tr '\n' ' ' < /tmp/pc/mount.err)"; echo VM-DONE; exit 0
fi
echo "INFO mounted: $(dmesg | grep -iE 'EXT4-fs \(vda\)' | tail -n 2 | tr '\n' ' ')"

/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
udevadm trigger --action=add >/dev/null 2>&1
udevadm settle --timeout=20

# A uinput pen with the recording's description; sets node.
make_pen() {
    evemu-device $work/pen.evemu > /tmp/pc/device.txt 2>&1 &
    wait_for "grep -q /dev/input/event /tmp/pc/device.txt" 30 || { echo "INFO no uinput pen"; return 1; }
    node=$(grep -o '/dev/input/event[0-9]*' /tmp/pc/device.txt | head -n 1)
    udevadm settle --timeout=20
}

# The kind of the last control line of the newest journal under $1 ("" when there is none).
last_control() {
    local journal
    journal=$(ls -t "$1"/*.evemu 2>/dev/null | head -n 1)
    [[ -n $journal ]] && grep -q '^# StylusKit control: begin' "$journal" || return 0
    grep '^# StylusKit control: ' "$journal" | tail -n 1 | awk '{print $4}'
}

# Drives `record --visit` (pid $1, visits of participant $2) to its end: for each step, once a test is
# running (its newest journal has begun and not ended), a short playing, then Ctrl-C (the operator
# moving on). Returns the exit status.
drive_visit() {
    local pid=$1 participant=$2 i
    for ((i = 0; i < 20; i++)); do
        wait_for "! kill -0 $pid 2>/dev/null || { kind=\$(last_control \$(ls -d $results/visits/$participant/*/ 2>/dev/null | tail -n 1)); [[ -n \$kind && \$kind != end ]]; }" 90
        kill -0 $pid 2>/dev/null || break
        timeout 60 evemu-play "$node" < $work/pen-short.evemu
        sleep 0.3
        kill -INT $pid 2>/dev/null
        sleep 1
    done
    wait $pid
}

protocol=/tmp/pc/visit.yaml
printf 'schema: 1\nname: powercut\ntests:\n  - test: clock\n  - test: sdt\n' > $protocol
start_visit() {
    $styluskit record --visit --protocol $protocol --participant "$1" --device "$node" --out $results/visits --json \
        < /dev/null > /tmp/pc/visit-$1.out 2> /tmp/pc/visit-$1.err &
    visit_pid=$!
}

make_pen || { echo VM-DONE; exit 0; }
echo "INFO pen at $node, $(cut -d' ' -f1 /proc/uptime) s after boot"

# --- The check of the previous boot's cut.
if [[ -n $check && $check_phase == record ]]; then
    check_record $check $results/cut-$check
elif [[ -n $check && $check_phase == visit ]]; then
    participant=PC-$check
    folder=$(ls -d $results/visits/$participant/*/ 2>/dev/null | head -n 1)
    # A visit's state on the disk: the manifest parses, each file it names is there, each results file has
    # the SHA-256 it records; temporary files left over are counted.
    inspect() {
        local folder=$1 manifest=$1/visit.json
        [[ -n $folder && -e $manifest ]] || { echo "manifest=absent"; return; }
        jq -e . "$manifest" > /dev/null 2>&1 || { echo "manifest=corrupt($(wc -c < "$manifest")B)"; return; }
        local missing=0 wrong=0 name sum
        # The journals named, and the results files of the tests that ended (a running test's is named ahead).
        for name in $(jq -r '.protocol.file, (.tests[] | .journal, (select(.status != "running" and .status != "pending") | .results)) | select(. != null)' "$manifest"); do
            [[ -f $folder/$name ]] || missing=$((missing + 1))
        done
        # Through a file: the guest has no /dev/fd for <(...).
        jq -r '.tests[] | select(.results != null and .sha256 != null and .sha256.results != null) | "\(.results) \(.sha256.results)"' \
            "$manifest" > /tmp/pc/sums.txt
        while read -r name sum; do
            [[ -f $folder/$name ]] || continue
            [[ $(sha256sum "$folder/$name" | cut -d' ' -f1) == "$sum" ]] || wrong=$((wrong + 1))
        done < /tmp/pc/sums.txt
        # Files visit.json does not name: hidden temporary files (any writer's: .styluskit-partial-*, .NAME.PURPOSE-*)
        # and any other file left over (a journal of a start cut before the manifest named it).
        jq -r '"visit.json", .protocol.file, (.tests[] | .journal, .results) | select(. != null)' "$manifest" \
            | sort -u > /tmp/pc/named.txt
        ls -A "$folder" | sort > /tmp/pc/present.txt
        echo "manifest=valid status=$(jq -r .status "$manifest") tests=$(jq -r '[.tests[].status] | join(",")' "$manifest")" \
            "missing=$missing wrong-sha=$wrong of $(wc -l < /tmp/pc/sums.txt) temporary=$(grep -c '^\.' /tmp/pc/present.txt)" \
            "unnamed=$(comm -23 /tmp/pc/present.txt /tmp/pc/named.txt | grep -vc '^\.')" \
            "files=$(tr '\n' ',' < /tmp/pc/present.txt)"
    }
    before=$(inspect "$folder")
    # Resume: the same command; a test left running is recovered first.
    resume=skipped after=''
    if [[ -n $folder || -d $results/visits/$participant ]]; then
        start_visit $participant
        drive_visit $visit_pid $participant; resume=$?
        folder=$(ls -d $results/visits/$participant/*/ 2>/dev/null | head -n 1)
        after=$(inspect "$folder")
        echo "INFO resume $check: $(tr '\n' ' ' < /tmp/pc/visit-$participant.err | tail -c 600)"
    fi
    # Two folders for one visit would be a resume that started a new visit instead.
    echo "CUTRESULT $check visit before: $before | resume=$resume | after: $after" \
        "folders=$(ls -d $results/visits/$participant/*/ 2>/dev/null | wc -l)"
fi
sync

if [[ -z $run ]]; then
    umount $results && echo "INFO unmounted"
    echo VM-DONE
    exit 0
fi

# --- Cut `run`'s workload; the host cuts the power at a moment of its choosing.
mkfifo /tmp/pc/tick
exec 7<> /tmp/pc/tick
if [[ $phase == record ]]; then
    dir=$results/cut-$run
    mkdir -p $dir
    $styluskit record --test clock --device "$node" --out $dir > /tmp/pc/record.out 2>&1 &
    record_pid=$!
    wait_for "ls $dir/*.evemu >/dev/null 2>&1" 300 || echo "INFO record made no journal: $(tr '\n' ' ' < /tmp/pc/record.out)"
    # The journal's descriptor in record: its offset (O_APPEND) is how many bytes record has written, in the
    # page cache or on the disk; each tick prints it, so the host knows what was written when.
    journal_fd=$(ls -l /proc/$record_pid/fd 2>/dev/null | awk '$NF ~ /\.evemu$/ {print $9; exit}')
    evemu-play "$node" < $work/pen.evemu &
    echo "INFO record's journal opened $(cut -d' ' -f1 /proc/uptime) s after boot"
    echo CUT-WINDOW-OPEN
else
    start_visit PC-$run
    drive_visit $visit_pid PC-$run &
    wait_for "ls $results/visits/PC-$run/*/*.evemu >/dev/null 2>&1" 300
    echo "INFO the visit's first journal opened $(cut -d' ' -f1 /proc/uptime) s after boot"
    echo CUT-WINDOW-OPEN
fi
while :; do
    written=''
    [[ -n $journal_fd ]] && read -r _ written < /proc/$record_pid/fdinfo/$journal_fd 2>/dev/null
    echo "TICK $EPOCHREALTIME${written:+ $written}"
    read -r -t 0.02 -u 7
done
