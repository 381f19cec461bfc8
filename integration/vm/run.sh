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
vm=$repo/.build-vm
mkdir -p "$vm/cache"
# Generous: under TCG on a loaded 2-core machine a full run has taken 421 s (about 180 s idle).
timeout_seconds=${VM_TIMEOUT:-1200}

binary=$repo/.build/debug/styluskit
[[ -x $binary ]] || { echo "integration/vm: $binary is missing; run 'swift build --product styluskit' first" >&2; exit 1; }
for tool in qemu-system-x86_64 dpkg-deb evemu-device evemu-play; do
    command -v "$tool" >/dev/null || { echo "integration/vm: $tool is missing; run scripts/setup.sh" >&2; exit 1; }
done
[[ -x /bin/busybox ]] || { echo "integration/vm: /bin/busybox (busybox-static) is missing; run scripts/setup.sh" >&2; exit 1; }

# The generic kernel: the cloud kernel lacks uinput and 9p.
package=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
[[ -n $package ]] || { echo "integration/vm: apt-cache does not know linux-image-amd64; run apt-get update" >&2; exit 1; }
release=${package#linux-image-}
if ! ls "$vm/cache/${package}"_*.deb >/dev/null 2>&1; then
    (cd "$vm/cache" && timeout 300 apt-get download "$package")
fi
if [[ ! -f $vm/kernel/boot/vmlinuz-$release ]]; then
    rm -rf "$vm/kernel"
    dpkg-deb -x "$(ls "$vm/cache/${package}"_*.deb | head -n 1)" "$vm/kernel"
fi
modules=$vm/kernel/lib/modules/$release/kernel

# The initramfs: busybox, the modules in dependency order, and an init that chroots into the host root.
initramfs=$vm/initramfs-$release.cpio.gz
if [[ ! -f $initramfs || integration/vm/run.sh -nt $initramfs ]]; then
    root=$(mktemp -d)
    mkdir -p "$root"/{bin,proc,sys,dev,mnt,modules}
    cp /bin/busybox "$root/bin/busybox"
    ln -s busybox "$root/bin/sh"
    for module in drivers/virtio/virtio_ring drivers/virtio/virtio drivers/virtio/virtio_pci_legacy_dev \
        drivers/virtio/virtio_pci_modern_dev drivers/virtio/virtio_pci fs/netfs/netfs fs/fscache/fscache \
        net/9p/9pnet net/9p/9pnet_virtio fs/9p/9p drivers/input/evdev drivers/input/misc/uinput; do
        cp "$modules/$module.ko" "$root/modules/$(printf '%02d' "$(ls "$root/modules" | wc -l)")-$(basename "$module").ko"
    done
    cat > "$root/init" <<'INIT'
#!/bin/sh
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sys /sys
/bin/busybox mount -t devtmpfs dev /dev
for m in /modules/*.ko; do /bin/busybox insmod "$m" || echo "init: insmod $m failed"; done
/bin/busybox mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose hostroot /mnt || echo "init: 9p mount failed"
for d in proc sys dev; do /bin/busybox mount --move /$d /mnt/$d; done
/bin/busybox mount -t tmpfs tmp /mnt/tmp
/bin/busybox mount -t tmpfs run /mnt/run
checkout=/run/styluskit-checkout
/bin/busybox mkdir -p /mnt$checkout
/bin/busybox mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose checkout /mnt$checkout || echo "init: checkout mount failed"
/bin/busybox chroot /mnt /bin/bash "$checkout/integration/vm/guest.sh" "$checkout"
echo o > /mnt/proc/sysrq-trigger
/bin/busybox sleep 30
INIT
    chmod +x "$root/init"
    (cd "$root" && find . | /bin/busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$initramfs"
    rm -rf "$root"
fi

accel=tcg
if [[ -w /dev/kvm ]] && grep -qE 'vmx|svm' /proc/cpuinfo; then accel=kvm; fi
log=$vm/console.log
echo "integration/vm: booting $release ($accel); console in $log"
start=$(date +%s)
set +e
timeout --kill-after=10 "$timeout_seconds" qemu-system-x86_64 -accel "$accel" -m 1536 -smp 1 -nographic -no-reboot \
    -kernel "$vm/kernel/boot/vmlinuz-$release" -initrd "$initramfs" \
    -append "console=ttyS0 quiet panic=-1" \
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
