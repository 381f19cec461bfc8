#!/usr/bin/env bash
# The installed StylusKit, as a site gets it: installs the Debian package (make deb) into a fresh
# Debian root made by debootstrap, and runs it there from the installed paths only: --version,
# `help replay` (against the pinned help text), the man pages (man -l and man NAME), the shell
# completions, and the README's demo replay, whose results file must equal the one the build tree's
# binary writes (which proves the installed binary found its tablet profile in /usr/share/styluskit).
# Then `make install`/`make uninstall` into a DESTDIR, and dpkg's removal, leave nothing behind.
#
# Usage: integration/install/run.sh [PACKAGE.deb]   (default: .build/deb/styluskit_*.deb)
# Needs root (debootstrap, chroot); skipped otherwise. The base root (debootstrap minbase of the
# host's release, with apt's lists) is cached as a tarball, and the packages apt downloads are kept,
# under .build-install/ (git-ignored by .build*/, as the VM test's .build-vm/; STYLUSKIT_INSTALL_CACHE
# moves it), so a warm run needs no network.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
export PATH="/opt/swift/usr/bin:$PATH"

if [[ $(id -u) -ne 0 ]]; then
    echo "install: SKIPPED: needs root for debootstrap and chroot (run as root, or sudo make test-install)"
    exit 0
fi
for tool in debootstrap dpkg-deb zstd; do
    command -v "$tool" >/dev/null || {
        echo "install: SKIPPED: $tool is missing (scripts/setup.sh installs it)"
        exit 0
    }
done

deb=${1:-$(ls .build/deb/styluskit_*.deb 2>/dev/null | head -n 1)}
[[ -f $deb ]] || {
    echo "install: no package; build it with make deb" >&2
    exit 1
}
deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")

. /etc/os-release
suite=${VERSION_CODENAME:?the host has no VERSION_CODENAME in /etc/os-release}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${STYLUSKIT_INSTALL_CACHE:-$repo/.build-install}
base=$cache/$suite-minbase.tar.zst
archives=$cache/apt-archives
mkdir -p "$cache" "$archives/partial"

work=$(mktemp -d "${TMPDIR:-/tmp}/styluskit-install.XXXXXX")
root=$work/root
mounted=()
cleanup() {
    local status=$?
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
    rm -rf "$work"
    exit $status
}
trap cleanup EXIT

passed=0
failed=0
check() {
    local name=$1
    shift
    if "$@" >"$work/check.out" 2>&1; then
        passed=$((passed + 1))
        echo "ok   $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name"
        sed 's/^/     /' "$work/check.out" | head -n 40
    fi
}
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 /bin/sh -c "$1"; }

# 1. The base root: debootstrap once, then unpack the cached tarball.
started=$(date +%s)
if [[ ! -f $base ]]; then
    echo "install: making the $suite base root with debootstrap from $mirror (cached in $base)"
    mkdir -p "$root"
    debootstrap --variant=minbase --cache-dir="$archives" "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
        tail -n 30 "$work/debootstrap.log" >&2
        exit 1
    }
    sed -i "s|^deb .*|deb $mirror $suite main|" "$root/etc/apt/sources.list"
    chroot "$root" apt-get update -qq
    rm -f "$root"/var/cache/apt/archives/*.deb
    tar -C "$root" --zstd -cf "$base.part" . && mv "$base.part" "$base"
else
    mkdir -p "$root"
    tar -C "$root" --zstd -xf "$base"
fi
echo "install: base root ready in $(($(date +%s) - started)) s"

mount --bind "$archives" "$root/var/cache/apt/archives" && mounted+=("$root/var/cache/apt/archives")
mount -t proc proc "$root/proc" && mounted+=("$root/proc")
cp "$deb" "$root/tmp/"
package=/tmp/$(basename "$deb")

# 2. The package and man-db (to read its pages), with the Depends it declares and nothing else.
started=$(date +%s)
install_package() {
    in_root "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $package man-db" >"$work/apt.log" 2>&1
}
if ! install_package; then
    # The cached lists are older than the mirror: refresh them once and retry.
    in_root "apt-get update -qq" >/dev/null 2>&1 || true
    install_package || {
        tail -n 30 "$work/apt.log" >&2
        exit 1
    }
fi
echo "install: package installed in $(($(date +%s) - started)) s"

# 3. The installed command, from the installed paths only.
check "styluskit is on PATH in /usr/bin" in_root 'test "$(command -v styluskit)" = /usr/bin/styluskit'
check "styluskit --version" in_root "styluskit --version | grep -qx '$(.build/release/styluskit --version)'"
in_root "styluskit help replay" >"$work/help-replay.txt" 2>&1 || true
check "styluskit help replay is the pinned help text" cmp "$work/help-replay.txt" Fixtures/golden/help/replay.txt
check "man -l on the installed replay page" in_root \
    "MANWIDTH=100 man -l /usr/share/man/man1/styluskit.replay.1.gz | grep -q -- '--step-split'"
check "man styluskit.replay finds the page" in_root "MANWIDTH=100 man styluskit.replay | grep -q -- '--step-split'"
check "man styluskit lists the commands" in_root "MANWIDTH=100 man styluskit | grep -q 'styluskit.replay'"
check "bash completion is where bash-completion looks, and loads" in_root \
    "bash -c '. /usr/share/bash-completion/completions/styluskit && complete -p styluskit'"
check "zsh completion is in Debian's vendor-completions" in_root "grep -q '^#compdef styluskit' /usr/share/zsh/vendor-completions/_styluskit"
check "fish completion is in vendor_completions.d" in_root "grep -q \"^complete -c 'styluskit'\" /usr/share/fish/vendor_completions.d/styluskit.fish"
check "the udev rule is where udev reads rules" in_root "grep -q uaccess /usr/lib/udev/rules.d/70-styluskit-tablets.rules"

# The README's demo, run from the installed data: the 22HDT's recording has no resolution, so the
# replay needs the tablet profile the package put in /usr/share/styluskit/Calibration.
demo=Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events
recording=/usr/share/styluskit/$demo
in_root "cd / && styluskit replay $recording --test clock --out /tmp/out" >"$work/replay.txt" 2>&1 || true
check "the demo replay uses the installed tablet profile" \
    grep -q '/usr/share/styluskit/Calibration/tablets/wacom-cintiq-22hdt.yaml' "$work/replay.txt"
built=$work/built
mkdir -p "$built"
.build/release/styluskit replay Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events --test clock --out "$built" >/dev/null
check "the installed demo replay writes the same results file as the build tree" \
    cmp "$root/tmp/out/Wacom-Cintiq-22HDT-Pen.csk" "$built/Wacom-Cintiq-22HDT-Pen.csk"

# 4. Removal leaves nothing of ours.
in_root "dpkg -r styluskit" >/dev/null 2>&1 || true
check "dpkg -r removes every file" in_root \
    "test ! -e /usr/bin/styluskit && test ! -e /usr/share/styluskit && test ! -e /usr/lib/udev/rules.d/70-styluskit-tablets.rules && ! ls /usr/share/man/man1/styluskit* 2>/dev/null"

# 5. make install / make uninstall into a DESTDIR with the default prefix.
destdir=$work/destdir
make --no-print-directory install DESTDIR="$destdir" >"$work/make-install.log" 2>&1 || {
    tail -n 30 "$work/make-install.log" >&2
    exit 1
}
check "make install puts the binary, data, rule, pages and completions under /usr/local" test -x "$destdir/usr/local/bin/styluskit" \
    -a -f "$destdir/usr/local/share/styluskit/Calibration/tablets/wacom-cintiq-22hdt.yaml" \
    -a -f "$destdir/usr/local/lib/udev/rules.d/70-styluskit-tablets.rules" \
    -a -f "$destdir/usr/local/share/man/man1/styluskit.replay.1" \
    -a -f "$destdir/usr/local/share/bash-completion/completions/styluskit" \
    -a -f "$destdir/usr/local/share/zsh/site-functions/_styluskit" \
    -a -f "$destdir/usr/local/share/fish/vendor_completions.d/styluskit.fish"
check "the DESTDIR binary finds its data under PREFIX/share/styluskit" sh -c \
    "'$destdir/usr/local/bin/styluskit' info '$destdir/usr/local/share/styluskit/$demo' 2>&1 | grep -q '$destdir/usr/local/share/styluskit/Calibration/tablets/wacom-cintiq-22hdt.yaml'"
make --no-print-directory uninstall DESTDIR="$destdir" >/dev/null
check "make uninstall leaves only empty folders" test -z "$(find "$destdir" -not -type d)"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
