#!/usr/bin/env bash
# circle-pen.sh SECONDS RATE: an evemu recording of a pen circling on the Dell Canvas' description at RATE Hz for
# SECONDS, down 3 s and up 0.5 s; fuzz 0 on every axis, as `styluskit play` does, so the kernel passes every value
# unchanged, and only the axes that moved are written, as the kernel passes nothing else. Shared by the power-cut
# and soak runs (run from the repository's root).
set -euo pipefail
grep -v '^E:' Fixtures/recordings/real/dell_canvas_pen.evemu | awk '$1 == "A:" { $5 = 0 } { print }'
awk -v seconds="$1" -v rate="$2" 'BEGIN {
    down = 0; step = 1 / rate
    printf "E: 0.000001 0001 0140 0001\nE: 0.000001 0000 0000 0000\n"
    for (i = 1; i <= seconds * rate; i++) {
        t = i / rate; phase = t - int(t / 3.5) * 3.5
        x = int(30000 + 5000 * cos(t * 3.14159265)); y = int(17000 + 5000 * sin(t * 3.14159265))
        if (x != lastx) printf "E: %.6f 0003 0000 %d\n", t, x
        if (y != lasty) printf "E: %.6f 0003 0001 %d\n", t, y
        lastx = x; lasty = y
        if (phase < 3 && !down) { printf "E: %.6f 0003 0018 1500\nE: %.6f 0001 014a 0001\n", t, t; down = 1 }
        if (phase >= 3 && down) { printf "E: %.6f 0003 0018 0\nE: %.6f 0001 014a 0000\n", t, t; down = 0 }
        printf "E: %.6f 0000 0000 0000\n", t
    }
    t += step
    if (down) printf "E: %.6f 0003 0018 0\nE: %.6f 0001 014a 0000\nE: %.6f 0000 0000 0000\n", t, t, t
    printf "E: %.6f 0001 0140 0000\nE: %.6f 0000 0000 0000\n", t + step, t + step
}'
