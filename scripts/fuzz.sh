#!/usr/bin/env bash
# Fuzzes one parser for N minutes with libFuzzer and AddressSanitizer (ROBUSTNESS.md).
#   scripts/fuzz.sh TARGET MINUTES [libFuzzer options...]
# The binary is fuzz-any (every target in one, chosen by STYLUSKIT_FUZZ_TARGET, which this script sets).
# Environment: FUZZ_BUILD_ONLY=1 (build and check the binary, do not run), FUZZ_WORK, FUZZ_SCRATCH (default .build-fuzz), FUZZ_CONFIGURATION (release, the default, or
# debug: compiles in a fraction of the time on a loaded machine, runs slower), FUZZ_NO_BUILD=1, SWIFT.
# TARGET is one of: evemu evemu-desc libinput adf maze trail-layout battery tablet-profile display-profile
# settings edid journal journal-recovery protocol ranges manifest scores web-request. New inputs go to $FUZZ_WORK/TARGET (default .fuzz/TARGET, not checked in),
# crashers to $FUZZ_WORK/TARGET-artifacts/; the seeds come from Fixtures/fuzz-corpus/TARGET.
# Runs at nice 19 (FUZZ_NICE to change it): the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/.."

targets="evemu evemu-desc libinput adf maze trail-layout battery tablet-profile display-profile settings edid journal journal-recovery protocol ranges manifest scores web-request"
if [ $# -lt 2 ] || ! [[ " $targets " == *" $1 "* ]] || ! [[ "$2" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
    echo "usage: scripts/fuzz.sh TARGET MINUTES [libFuzzer options...]" >&2
    echo "TARGET is one of: $targets" >&2
    exit 2
fi
target=$1
seconds=$(awk -v m="$2" 'BEGIN { s = int(m * 60); print (s < 1 ? 1 : s) }')
shift 2
SWIFT=${SWIFT:-swift}
scratch=${FUZZ_SCRATCH:-.build-fuzz}
configuration=${FUZZ_CONFIGURATION:-release}
case "$configuration" in release | debug) ;; *) echo "fuzz.sh: FUZZ_CONFIGURATION is release or debug" >&2; exit 2 ;; esac
product=fuzz-any
export STYLUSKIT_FUZZ_TARGET=$target
work=${FUZZ_WORK:-.fuzz}

# Only the fuzz product is built: the other executables have a main of their own, which
# the fuzzer build (-parse-as-library, libFuzzer's main) cannot link.
# FUZZ_NO_BUILD=1 skips the build (when a loop has built every target already).
# The trailing -Xswiftc -sanitize=fuzzer matters: SwiftPM passes its --sanitize list to swiftc in
# a random order (a Set's), and swiftc 6.3 at -O drops the coverage instrumentation when
# -sanitize=address comes after -sanitize=fuzzer; about half the builds were blind that way
# (3,935 counters instead of 42,963). Ending the list with -sanitize=fuzzer instruments every time.
[ "${FUZZ_NO_BUILD:-0}" = 1 ] || nice -n 19 "$SWIFT" build -c "$configuration" --sanitize=fuzzer --sanitize=address \
    -Xswiftc -sanitize=fuzzer --product "$product" --scratch-path "$scratch"
binary="$scratch/$configuration/$product"

# A fuzzer without coverage is blind: refuse to run such a binary rather than report a blind run
# as fuzzing (see the build's comment above and ROBUSTNESS.md).
counters=$("$binary" -runs=0 2>&1 | sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' | head -n 1)
if [ "${counters:-0}" -lt 10000 ]; then
    echo "fuzz.sh: $binary has ${counters:-no} coverage counters: the Swift modules were built" >&2
    echo "without coverage instrumentation, so libFuzzer would mutate blindly (see ROBUSTNESS.md)" >&2
    exit 1
fi

[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

mkdir -p "$work/$target" "$work/$target-artifacts"
# libFuzzer reports a trap itself; Swift's backtracer would only slow each crash down.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
# Limits: an input may take 10 s and 2 GB; a single allocation over 512 MB is a finding
# (parsers must refuse absurd sizes with an error, not try them).
exec nice -n "${FUZZ_NICE:-19}" "$binary" "$work/$target" "Fixtures/fuzz-corpus/$target" \
    -max_total_time="$seconds" -print_final_stats=1 \
    -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=65536 \
    -artifact_prefix="$work/$target-artifacts/" "$@"
