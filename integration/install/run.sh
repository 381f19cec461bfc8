#!/usr/bin/env bash
# The installed StylusKit, as a site gets it: installs the Debian package (make deb) into a fresh
# Debian root made by debootstrap, and runs it there from the installed paths only: --version (the
# commit and build date make stamped), `help replay` (against the pinned help text), the man pages
# (man -l and man NAME), the documentation under /usr/share/doc/styluskit and the help texts that
# point there, the shell completions (bash and fish run in the root: filename completion for path
# arguments, display profile names; zsh's file read), and the README's demo replay, whose results
# file must equal the one the build tree's binary writes (which proves the installed binary found its
# tablet profile in /usr/share/styluskit). Then `make install` under sudo copies without building,
# `make install`/`make uninstall` into a DESTDIR and dpkg's removal leave nothing behind.
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

# 2. The package, man-db (to read its pages), bash-completion and fish (to run the completions), with
# the Depends it declares and nothing else.
started=$(date +%s)
install_package() {
    in_root "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $package man-db bash-completion fish" \
        >"$work/apt.log" 2>&1
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
built_binary=.build/install/bin/styluskit
check "styluskit --version is the built binary's" in_root "styluskit --version | grep -qxF '$("$built_binary" --version)'"
check "styluskit --version names the commit and the build date" in_root \
    "styluskit --version | grep -qxE '[0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-f]{7,}(-dirty)?, built [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}Z\)'"
in_root "styluskit help replay" >"$work/help-replay.txt" 2>&1 || true
check "styluskit help replay is the pinned help text" cmp "$work/help-replay.txt" Fixtures/golden/help/replay.txt
check "man -l on the installed replay page" in_root \
    "MANWIDTH=100 man -l /usr/share/man/man1/styluskit.replay.1.gz | grep -q -- '--step-split'"
check "man styluskit.replay finds the page" in_root "MANWIDTH=100 man styluskit.replay | grep -q -- '--step-split'"
check "man styluskit lists the commands" in_root "MANWIDTH=100 man styluskit | grep -q 'styluskit.replay'"
# The documentation the help texts point to, and the help texts pointing there (not to docs/).
check "the visit, report, measures, trails and JSON pages are in /usr/share/doc/styluskit" in_root \
    "cd /usr/share/doc/styluskit && test -f visit.md -a -f report.md -a -f measures.md -a -f trails-layouts.md -a -f json/features.md"
for command in visit record-visit report features results "trails generate"; do
    check "styluskit $command --help names pages that are installed" in_root \
        "styluskit $command --help >/tmp/help.txt && ! grep -q 'docs/' /tmp/help.txt && pages=\$(grep -o '/usr/share/doc/styluskit/[a-z/.-]*[a-z]' /tmp/help.txt) && test -n \"\$pages\" && for page in \$pages; do test -f \$page || exit 1; done"
done

# The completions. bash: bash-completion loads the script on demand, registered with -o default (so
# where the script offers nothing, readline completes file names); a path option completes files
# itself; --display-profile calls the installed binary back for the shipped profiles' names.
complete_bash() { # WORDS...: the command line up to the cursor; prints the candidates, one a line
    in_root "cd /usr/share/styluskit && bash -c '. /usr/share/bash-completion/completions/styluskit; COMP_WORDS=($*); COMP_CWORD=$(($# - 1)); COMP_LINE=\"$*\"; COMP_POINT=\${#COMP_LINE}; _styluskit styluskit \"\${COMP_WORDS[COMP_CWORD]}\" \"\${COMP_WORDS[COMP_CWORD-1]}\"; printf \"%s\\n\" \"\${COMPREPLY[@]}\"'"
}
bash_offers() { # PATTERN WORDS...: whether bash's candidates for WORDS include a line matching PATTERN
    local pattern=$1
    shift
    # grep reads to the end (no -q): a grep that left at its first match made tee die of SIGPIPE writing the
    # next candidate, and pipefail failed the check although the candidate was there (seen once, two profiles).
    complete_bash "$@" | tee /dev/stderr | grep -- "$pattern" > /dev/null
}
check "bash completion is where bash-completion looks, and registers with -o default" in_root \
    "bash -c '. /usr/share/bash-completion/completions/styluskit && complete -p styluskit' | grep -q -- '-o default'"
check "bash completes a path option's files (replay --maze)" bash_offers '^Fixtures/mazes/.' styluskit replay --maze Fixtures/mazes/
check "bash completes a recording argument's files (info)" \
    bash_offers '^Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events$' styluskit info Fixtures/recordings/real/Wacom-Cintiq-22
check "bash completes display profile names (replay --display-profile)" \
    bash_offers '^wacom-cintiq-13hd$' styluskit replay --display-profile wacom-cintiq-1
check "fish completes a path option's files (replay --maze)" in_root \
    "cd /usr/share/styluskit && fish -c 'complete -C \"styluskit replay --maze Fixtures/mazes/\"' | grep -q '^Fixtures/mazes/.'"
# fish's callback reads the command line (commandline -o), which only an interactive fish has, so
# here the script is checked to call the installed binary back for the names bash got above.
check "fish calls styluskit back for display profile names" in_root \
    "grep -q \"l 'display-profile'.*---completion replay -- --display-profile\" /usr/share/fish/vendor_completions.d/styluskit.fish"
check "zsh completes a path option's files (_files for replay --maze)" in_root \
    "grep -q -- \"--maze\\[.*\\]:maze:_files\" /usr/share/zsh/vendor-completions/_styluskit"
check "zsh completion is in Debian's vendor-completions" in_root "grep -q '^#compdef styluskit' /usr/share/zsh/vendor-completions/_styluskit"
check "fish completion is in vendor_completions.d" in_root "grep -q \"^complete -c 'styluskit'\" /usr/share/fish/vendor_completions.d/styluskit.fish"
check "the udev rule is where udev reads rules" in_root "test -f /usr/lib/udev/rules.d/70-styluskit-tablets.rules"
# Issue 34, item 6: read for the group styluskit, never the seat's read-write uaccess ACL; keyboards and
# touchscreens skipped. The rule's effect on real nodes is the VM test's (integration/vm/guest.sh).
check "the udev rule grants the group styluskit read only (0640), no uaccess" in_root \
    "grep -q 'GROUP=\"styluskit\", MODE=\"0640\"' /usr/lib/udev/rules.d/70-styluskit-tablets.rules && ! grep -q '^[^#].*uaccess' /usr/lib/udev/rules.d/70-styluskit-tablets.rules"
check "the udev rule skips keyboards and touchscreens" in_root \
    "grep -q 'ENV{ID_INPUT_KEYBOARD}!=\"1\", ENV{ID_INPUT_TOUCHSCREEN}!=\"1\"' /usr/lib/udev/rules.d/70-styluskit-tablets.rules"
check "the package made the group styluskit" in_root "getent group styluskit >/dev/null"

# The README's demo, run from the installed data: the 22HDT's recording has no resolution, so the
# replay needs the tablet profile the package put in /usr/share/styluskit/Calibration.
demo=Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events
recording=/usr/share/styluskit/$demo
in_root "cd / && styluskit replay $recording --test clock --out /tmp/out" >"$work/replay.txt" 2>&1 || true
check "the demo replay uses the installed tablet profile" \
    grep -q '/usr/share/styluskit/Calibration/tablets/wacom-cintiq-22hdt.yaml' "$work/replay.txt"
built=$work/built
mkdir -p "$built"
"$built_binary" replay Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events --test clock --out "$built" >/dev/null
check "the installed demo replay writes the same results file as the build tree" \
    cmp "$root/tmp/out/Wacom-Cintiq-22HDT-Pen.csk" "$built/Wacom-Cintiq-22HDT-Pen.csk"

# 4. Removal leaves nothing of ours.
in_root "dpkg -r styluskit" >/dev/null 2>&1 || true
check "dpkg -r removes every file" in_root \
    "test ! -e /usr/bin/styluskit && test ! -e /usr/share/styluskit && test ! -e /usr/lib/udev/rules.d/70-styluskit-tablets.rules && ! ls /usr/share/man/man1/styluskit* 2>/dev/null"

# 5. make install only copies: with everything built, make has nothing to do, and under sudo (SUDO_USER
# set) it installs with no compiler at all (SWIFT=false); a missing build there is refused, not made.
check "make is up to date after make deb (one release build serves both)" make --no-print-directory -q all
destdir=$work/destdir
check "sudo make install copies without compiling" env SUDO_USER=nobody \
    make --no-print-directory install SWIFT=false DESTDIR="$work/sudo-destdir"
SUDO_USER=nobody make --no-print-directory install SWIFT=false GENERATED="$work/nothing-built" DESTDIR="$work/sudo-destdir" \
    >"$work/sudo-refused.txt" 2>&1 && echo "make install under sudo built or installed without a build" >>"$work/sudo-refused.txt"
check "sudo make install with nothing built refuses, saying to run make first" \
    grep -q 'run make as nobody first, then sudo make install (which only copies)' "$work/sudo-refused.txt"
rm -rf "$work/sudo-destdir"

# 6. make install / make uninstall into a DESTDIR with the default prefix.
make --no-print-directory install DESTDIR="$destdir" >"$work/make-install.log" 2>&1 || {
    tail -n 30 "$work/make-install.log" >&2
    exit 1
}
check "make install puts the binary, data, rule, pages and completions under /usr/local" test -x "$destdir/usr/local/bin/styluskit" \
    -a -f "$destdir/usr/local/share/styluskit/Calibration/tablets/wacom-cintiq-22hdt.yaml" \
    -a -f "$destdir/usr/local/lib/udev/rules.d/70-styluskit-tablets.rules" \
    -a -f "$destdir/usr/local/share/man/man1/styluskit.replay.1" \
    -a -f "$destdir/usr/local/share/doc/styluskit/visit.md" \
    -a -f "$destdir/usr/local/share/bash-completion/completions/styluskit" \
    -a -f "$destdir/usr/local/share/zsh/site-functions/_styluskit" \
    -a -f "$destdir/usr/local/share/fish/vendor_completions.d/styluskit.fish"
check "the DESTDIR binary finds its data under PREFIX/share/styluskit" sh -c \
    "'$destdir/usr/local/bin/styluskit' info '$destdir/usr/local/share/styluskit/$demo' 2>&1 | grep -q '$destdir/usr/local/share/styluskit/Calibration/tablets/wacom-cintiq-22hdt.yaml'"
make --no-print-directory uninstall DESTDIR="$destdir" >/dev/null
check "make uninstall leaves only empty folders" test -z "$(find "$destdir" -not -type d)"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
