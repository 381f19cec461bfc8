#!/bin/bash
# Runs inside the VM of integration/soak/run.sh (chrooted into the host's read-only root; /tmp and /run
# are tmpfs): a live `record` of a uinput pen that evemu-play feeds at 200 Hz for the minutes the kernel
# command line gives (`soak.minutes=N`). Each minute it prints `SOAK minute=M at=S rss-kib=R frames=F dropped=G
# decisions=D p50-us=A p99-us=B max-us=C max-of=INPUT:ACTION`, then two `LATENCY` lines (the longest decision's JSON
# line and the one before it): the guest's seconds since the play began, record's resident memory at the minute's
# end, the frames its journal gained, the kernel's SYN_DROPPED gaps so far, the percentiles of the delay from each frame's
# kernel time to the proctor's decision about it (record --events), over the decisions of that minute, and the
# input and action of the longest (a timer's line carries its deadline as its time).
repo=$1
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp
minutes=15 work=$repo/.build-soak
for word in $(cat /proc/cmdline); do
    case $word in soak.minutes=*) minutes=${word#soak.minutes=} ;; esac
done
styluskit=$work/styluskit
mkdir -p /tmp/soak
wait_for() { local i; for ((i = 0; i < $2 * 10; i++)); do eval "$1" && return 0; sleep 0.1; done; return 1; }

/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
udevadm trigger --action=add >/dev/null 2>&1
udevadm settle --timeout=20
evemu-device $work/pen.evemu > /tmp/soak/device.txt 2>&1 &
wait_for "grep -q /dev/input/event /tmp/soak/device.txt" 30 || { echo "FAIL no uinput pen"; echo VM-DONE; exit 0; }
node=$(grep -o '/dev/input/event[0-9]*' /tmp/soak/device.txt | head -n 1)
udevadm settle --timeout=20

# The decisions go to a file in tmpfs, read each minute from where the last reading stopped: a reader in the same
# starved vCPU must never hold record back (a first version piped them into awk, and record stopped reading the
# tablet after four minutes).
$styluskit record --test clock --device "$node" --out /tmp/soak/out --events > /tmp/soak/events.jsonl 2> /tmp/soak/record.err &
record_pid=$!
# The bytes of file $1 after byte $2 up to byte $3: what it gained since the last reading.
gained() { tail -c +$(($2 + 1)) "$1" | head -c $(($3 - $2)); }
# Where the last whole line of file $1 between byte $2 and byte $3 ends: record may be half-way through writing a
# line when the file's size is read, and that half line is left for the next reading. (`$(...)` of a newline is
# empty, so an empty last byte means the part read ends with a whole line.)
whole_lines_to() {
    if (($3 == $2)) || [[ -z $(tail -c +$3 "$1" | head -c 1) ]]; then
        echo $3
    else
        echo $(($3 - $(gained "$1" $2 $3 | tail -n 1 | wc -c)))
    fi
}
# Percentiles of the decision delays in the lines of /tmp/soak/events.jsonl from byte $1 to byte $2 (whole lines:
# see whole_lines_to), in 10 us buckets up to 10 s; a longer delay counts in the last, so a percentile of 10000001
# means 10 s or more. Before both, a line cut at the file's size had no sessionMicroseconds, so its "delay" was the
# guest's uptime (the long run's line 2, 134 s), and a bucket for every 10 us up to it grew awk past a gigabyte, which
# the guest's OOM killer took (the long run's 20 lines that said latency=unread).
latency() {
    gained /tmp/soak/events.jsonl $1 $2 | awk '
        /"decidedAtMicroseconds"/ && /"sessionMicroseconds"/ {
            match($0, /"decidedAtMicroseconds":[0-9]+/); decided = substr($0, RSTART + 24, RLENGTH - 24) + 0
            match($0, /"sessionMicroseconds":[0-9]+/); kernel = substr($0, RSTART + 22, RLENGTH - 22) + 0
            delay = decided - kernel; if (delay < 0) delay = 0
            if (delay > longest || !count) {
                longest = delay
                match($0, /"input":"[^"]*"/); worst = substr($0, RSTART + 9, RLENGTH - 10)
                match($0, /"action":"[^"]*"/); worst = worst ":" substr($0, RSTART + 10, RLENGTH - 11)
                worstLine = $0; beforeWorst = previous
            }
            previous = $0
            bucket = int(delay / 10); if (bucket > 1000000) bucket = 1000000
            count++; histogram[bucket]++; if (bucket > top) top = bucket
        }
        END {
            for (b = 0; b <= top; b++) {
                if (!(b in histogram)) continue
                seen += histogram[b]
                if (!p50 && seen * 2 >= count) p50 = b * 10 + 1
                if (!p99 && seen * 100 >= count * 99) p99 = b * 10 + 1
            }
            printf "decisions=%d p50-us=%d p99-us=%d max-us=%d max-of=%s\n", count, p50, p99, longest, worst
            if (count) printf "LATENCY the longest: %s\nLATENCY the decision before it: %s\n", worstLine, beforeWorst
        }'
}
wait_for "ls /tmp/soak/out/*.evemu >/dev/null 2>&1" 300 || { echo "FAIL record made no journal: $(cat /tmp/soak/record.err)"; echo VM-DONE; exit 0; }
journal=$(ls /tmp/soak/out/*.evemu | head -n 1)
echo "INFO record reading $node; journal $journal; playing for $minutes min at 200 Hz"
# evemu-play plays the one-minute file again and again until the time is up.
(end=$((SECONDS + minutes * 60)); while ((SECONDS < end)); do evemu-play "$node" < $work/pen.evemu; done) &
player=$!
# Each minute reads only what the journal and the decisions gained since the last (a grep of the whole journal
# took longer each minute under TCG, and the minutes drifted: 95 s each after half an hour); `at` is the guest's
# seconds since the play began, so a minute's length can be checked.
dropped=0 read_to=0 journal_read_to=0 began=$SECONDS
for ((minute = 1; minute <= minutes; minute++)); do
    sleep $((began + minute * 60 - SECONDS > 0 ? began + minute * 60 - SECONDS : 0))
    journal_size=$(whole_lines_to "$journal" $journal_read_to $(stat -c %s "$journal"))
    size=$(whole_lines_to /tmp/soak/events.jsonl $read_to $(stat -c %s /tmp/soak/events.jsonl))
    counts=$(gained "$journal" $journal_read_to $journal_size |
        awk '/ 0000 0000 0000/ { f++ } /^# StylusKit control: gap/ { g++ } END { printf "%d %d", f, g }')
    dropped=$((dropped + ${counts#* }))
    # An awk that printed nothing (a starved guest's, or killed) leaves the line saying so.
    delays=$(latency $read_to $size)
    summary=${delays%%$'\n'*}
    echo "SOAK minute=$minute at=$((SECONDS - began)) rss-kib=$(awk '/^VmRSS/ {print $2}' /proc/$record_pid/status)" \
        "frames=${counts% *} dropped=$dropped ${summary:-latency=unread}"
    # The longest delay's line and the one before it, so a reader can tell a late frame from a late timer.
    [[ $delays != *$'\n'* ]] || echo "${delays#*$'\n'}"
    journal_read_to=$journal_size read_to=$size
done
kill $player 2>/dev/null; wait $player 2>/dev/null
kill -INT $record_pid; sleep 1; kill -INT $record_pid
wait $record_pid; status=$?
echo "INFO record exit status $status: $(tr '\n' ' ' < /tmp/soak/record.err | tail -c 400)"
echo VM-DONE
