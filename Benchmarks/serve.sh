#!/usr/bin/env bash
# The results browser's benchmark (issue 31; run by bench.sh, or alone: Benchmarks/serve.sh STYLUSKIT):
# the visit list over VISITS visit folders (default 10,000), and a test page's ink (its first paint
# waits for it), each timed through `styluskit serve` against the same bytes served as a static file
# (python3's http.server on 127.0.0.1). Prints two lines
#   serve-bench: list VISITS ours_ms static_ms BYTES first_ms
#   serve-bench: ink POINTS ours_ms static_ms BYTES
# with the median of RUNS (default 11) requests each; first_ms is the list's first request, which reads
# every visit.json (later ones reuse the visits whose visit.json is unchanged: docs/serve.md).
set -euo pipefail
styluskit=$1
root="$(cd "$(dirname "$0")/.." && pwd)"
visits=${VISITS:-10000}
runs=${RUNS:-11}
work="$(mktemp -d /tmp/styluskit-serve-bench.XXXXXX)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/site" "$work/static"
manifest='{"format":"styluskit-visit","schema":2,"participant":"PXXXXX","started":"2026-11-26T10:15:00Z",'
manifest+='"status":"complete","software":{"name":"styluskit","version":"bench"},"protocol":{"name":"p",'
manifest+='"title":"Pilot","schema":1,"file":"protocol.yaml","source":"p.yaml","sha256":""},"calibration":{},'
manifest+='"tests":[{"index":1,"test":"clock","status":"done","results":"clock.csk","outcome":"finished"}]}'
for ((i = 0; i < visits; i++)); do
    folder="$work/site/$(printf 'P%05d' "$i")"
    mkdir "$folder"
    printf '%s' "${manifest/PXXXXX/$(printf 'P%05d' "$i")}" >"$folder/visit.json"
done
"$styluskit" replay "$root/Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events" --test clock \
    --out "$work/replayed" >/dev/null
cp "$(ls "$work"/replayed/*.csk | head -n 1)" "$work/site/loose.csk"

"$styluskit" serve "$work/site" --key-file "$work/none.key" >"$work/serve.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 600); do grep -q 'token=' "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
address="$(grep -o 'http://127.0.0.1:[0-9]*/?token=[0-9a-f]*' "$work/serve.out")"
base=${address%%/\?*}
token=${address##*token=}
first=$(curl -sf "$base/api/list?token=$token" -o "$work/static/list.json" -w '%{time_total}')
curl -sf "$base/api/ink?token=$token&path=0/loose.csk" -o "$work/static/ink.json"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/static" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/list.json" -o /dev/null && break; sleep 0.1; done

# median_ms URL: the median over RUNS of curl's total time for URL, in milliseconds.
median_ms() {
    for ((i = 0; i < runs; i++)); do curl -sf -o /dev/null -w '%{time_total}\n' "$1"; done \
        | sort -g | awk '{ v[NR] = $1 } END { printf "%.1f", 1000 * v[int((NR + 1) / 2)] }'
}
points=$(grep -o ',' "$work/static/ink.json" | wc -l)
echo "serve-bench: list $visits $(median_ms "$base/api/list?token=$token") $(median_ms "http://127.0.0.1:$port/list.json") $(stat -c %s "$work/static/list.json") $(awk -v s="$first" 'BEGIN { printf "%.1f", 1000 * s }')"
echo "serve-bench: ink $((points / 4)) $(median_ms "$base/api/ink?token=$token&path=0/loose.csk") $(median_ms "http://127.0.0.1:$port/ink.json") $(stat -c %s "$work/static/ink.json")"
