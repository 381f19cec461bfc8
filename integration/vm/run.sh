#!/usr/bin/env bash
# Real-kernel tests: boots a stock Debian kernel in QEMU (TCG; KVM only when the CPU offers it),
# with a busybox initramfs that loads virtio, 9p, evdev and uinput and mounts the host's root
# read-only over 9p, so the styluskit built on the host runs unchanged in the guest
# (integration/vm/guest.sh holds the tests). The checkout is a second 9p share, mounted at a path of its
# own (/run/styluskit-checkout): the guest puts fresh tmpfs over /tmp and /run, which would hide a
# checkout that lives under either on the host. Prints "N passed, N failed"; exits non-zero on failure.
#
# Cache: .build-vm/ (gitignored by .build*/): the kernel .deb (apt-get download), its unpacked
# tree and the initramfs.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
# Generous: under TCG on a loaded 2-core machine a full run has taken 421 s (about 180 s idle).
timeout_seconds=${VM_TIMEOUT:-1200}

binary=$repo/.build/debug/styluskit
[[ -x $binary ]] || { echo "integration/vm: $binary is missing; run 'swift build --product styluskit' first" >&2; exit 1; }
for tool in evemu-device evemu-play; do
    command -v "$tool" >/dev/null || { echo "integration/vm: $tool is missing; run scripts/setup.sh" >&2; exit 1; }
done
# The kernel and the initramfs (cached in .build-vm/): sets kernel, initramfs, release and accel.
source integration/vm/prepare.sh

log=$vm/console.log
echo "integration/vm: booting $release ($accel); console in $log"
start=$(date +%s)
set +e
timeout --kill-after=10 "$timeout_seconds" qemu-system-x86_64 -accel "$accel" -m 1536 -smp 1 -nographic -no-reboot \
    -kernel "$kernel" -initrd "$initramfs" \
    -append "console=ttyS0 quiet panic=-1 no_timer_check" \
    -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
    -virtfs local,path="$repo",mount_tag=checkout,security_model=none,readonly=on,multidevs=remap \
    </dev/null >"$log" 2>&1
status=$?
set -e
echo "integration/vm: the VM ran $(($(date +%s) - start)) s (qemu status $status)"
grep -E '^(PASS|FAIL|INFO)' "$log" | tr -d '\r' || true
# The latency figures (kernel event time to proctor decision; measured, not asserted).
grep '^LATENCY' "$log" | tr -d '\r' > "$vm/latency.txt" || true
[[ -s $vm/latency.txt ]] && cat "$vm/latency.txt" && echo "integration/vm: latency written to $vm/latency.txt"
passed=$(grep -c '^PASS' "$log" || true)
failed=$(grep -c '^FAIL' "$log" || true)
if ! grep -q '^VM-DONE' "$log"; then
    echo "integration/vm: the guest did not finish (timeout or crash); last console lines:"
    tail -n 20 "$log" | tr -d '\r'
    failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
