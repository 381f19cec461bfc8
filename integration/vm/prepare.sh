# Sourced by integration/vm/run.sh and integration/powercut/run.sh (with the checkout as the working
# directory): fetches the stock Debian kernel and builds the busybox initramfs, cached in .build-vm/.
# Sets `kernel` (the vmlinuz), `initramfs` and `release`.
#
# The initramfs loads virtio, 9p, evdev and uinput, and virtio-blk and ext4 for a results disk the
# power-cut test attaches; its init mounts the host's root read-only over 9p and chroots into it to run
# the guest script the kernel command line names (`styluskit.guest=PATH`, relative to the checkout;
# integration/vm/guest.sh by default), so the styluskit built on the host runs unchanged in the guest.
# The checkout is a second 9p share, mounted at a path of its own (/run/styluskit-checkout): the guest
# puts fresh tmpfs over /tmp and /run, which would hide a checkout that lives under either on the host.
vm=$(pwd)/.build-vm
mkdir -p "$vm/cache"
for tool in qemu-system-x86_64 dpkg-deb; do
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
kernel=$vm/kernel/boot/vmlinuz-$release
modules=$vm/kernel/lib/modules/$release/kernel

# The initramfs: busybox, the modules in dependency order, and an init that chroots into the host root.
initramfs=$vm/initramfs-$release.cpio.gz
if [[ ! -f $initramfs || integration/vm/prepare.sh -nt $initramfs ]]; then
    root=$(mktemp -d)
    mkdir -p "$root"/{bin,proc,sys,dev,mnt,modules}
    cp /bin/busybox "$root/bin/busybox"
    ln -s busybox "$root/bin/sh"
    for module in drivers/virtio/virtio_ring drivers/virtio/virtio drivers/virtio/virtio_pci_legacy_dev \
        drivers/virtio/virtio_pci_modern_dev drivers/virtio/virtio_pci fs/netfs/netfs fs/fscache/fscache \
        net/9p/9pnet net/9p/9pnet_virtio fs/9p/9p drivers/input/evdev drivers/input/misc/uinput \
        drivers/block/virtio_blk lib/crc16 crypto/crc32c_generic fs/mbcache fs/jbd2/jbd2 fs/ext4/ext4; do
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
guest=integration/vm/guest.sh
for word in $(/bin/busybox cat /mnt/proc/cmdline); do
    case $word in styluskit.guest=*) guest=${word#styluskit.guest=} ;; esac
done
/bin/busybox chroot /mnt /bin/bash "$checkout/$guest" "$checkout"
echo o > /mnt/proc/sysrq-trigger
/bin/busybox sleep 30
INIT
    chmod +x "$root/init"
    (cd "$root" && find . | /bin/busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$initramfs"
    rm -rf "$root"
fi

accel=tcg
if [[ -w /dev/kvm ]] && grep -qE 'vmx|svm' /proc/cpuinfo; then accel=kvm; fi
