#!/usr/bin/env bash
# Builds StylusKit's Debian package (make deb): `make install PREFIX=/usr` into a staging root (it copies
# the release binary, man pages and completions `make` built; nothing is compiled again here), plus
# what Debian asks of a binary package (a control file whose Depends dpkg-shlibdeps computes from the
# binary, md5sums, copyright, changelog, compressed man pages, a stripped binary), then dpkg-deb and,
# when it is installed, lintian. Usage: scripts/deb.sh [OUT_DIR]   (default .build/deb)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=${1:-.build/deb}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/styluskit-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
stage=$work/root

make --no-print-directory install PREFIX=/usr DESTDIR="$stage" ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions

binary=$stage/usr/bin/styluskit
# --version says "0.1.0 (commit C, built DATE)"; the package's version is the release, and the
# changelog names the commit.
version=$("$binary" --version | cut -d' ' -f1)
arch=$(dpkg --print-architecture)
# Reproducible: every date in the package is the last commit's.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
maintainer="StylusKit authors <styluskit@users.noreply.github.com>"

# Debian strips binaries (the Swift metadata sections are allocated sections and survive).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"
gzip -9n "$stage"/usr/share/man/man1/*.1

doc=$stage/usr/share/doc/styluskit
install -d "$doc"
cat >"$doc/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: StylusKit
Comment: Built from the StylusKit source tree by `make deb`. The StylusKit sources carry no licence
 statement yet; until they do, all rights are the StylusKit authors'.

Files: *
Copyright: the StylusKit authors
License: none-stated
 The StylusKit sources carry no licence statement yet.

Files: usr/share/styluskit/Fixtures/recordings/real/*
Copyright: 2012-2013 Red Hat, Inc.
License: Expat
 Permission is hereby granted, free of charge, to any person obtaining a
 copy of this software and associated documentation files (the "Software"),
 to deal in the Software without restriction, including without limitation
 the rights to use, copy, modify, merge, publish, distribute, sublicense,
 and/or sell copies of the Software, and to permit persons to whom the
 Software is furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice (including the next
 paragraph) shall be included in all copies or substantial portions of the
 Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL
 THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 DEALINGS IN THE SOFTWARE.
EOF
{
    echo "styluskit ($version) unstable; urgency=medium"
    echo
    echo "  * Built from the StylusKit source tree (commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown))."
    echo
    echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$doc/changelog.gz"

# Depends: what the binary links, as dpkg-shlibdeps names it (libevdev2, libudev1, libxml2, libwacom9,
# libcairo2, libsdl2-2.0-0, libespeak-ng1, libc6, ...), with the versions the symbols need. The postinst's
# groupadd (the udev rule's group styluskit) is passwd's, a package of priority required: no Depends for it.
mkdir -p "$work/shlibs/debian"
printf 'Source: styluskit\n\nPackage: styluskit\nArchitecture: any\n' >"$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$binary" 2>"$work/shlibdeps.err" | sed -n 's/^shlibs:Depends=//p') || {
    cat "$work/shlibdeps.err" >&2
    exit 1
}
for library in libevdev2 libudev1 libxml2 libwacom9 libcairo2 libsdl2-2.0-0 libespeak-ng1; do
    [[ ", $depends" == *", $library "* || ", $depends," == *", $library,"* ]] || {
        echo "deb: the binary does not link $library (Depends: $depends)" >&2
        exit 1
    }
done

install -d "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<EOF
Package: styluskit
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Depends: $depends
Section: science
Priority: optional
Description: pen tablets as instruments for pen-based cognitive assessments
 StylusKit turns a USB drawing tablet or pen display into an instrument for
 the Clock Drawing Test, the Maze Test and the Symbol Digit Test. It reads
 Wacom-style pens through evdev (live, or from evemu and libinput-record
 recordings), turns every sample into physical units, runs the test's
 administrator and writes the results as Assessment Data Files (ADF XML).
 .
 The package ships the styluskit command, its tablet and display profiles,
 a udev rule giving the seat user access to pen tablets (and nothing else),
 man pages, the documentation the help texts point to (in
 /usr/share/doc/styluskit), bash, zsh and fish completions, and a demo
 recording.
EOF
# Let udev apply the tablet rule at once on a running system; a chroot or a container has no udev.
for script in postinst postrm; do
    case $script in
    postinst) when=configure ;;
    postrm) when=remove ;;
    esac
    # The group the udev rule lets read pen tablets, made before udev reads the rule (which names it).
    group=""
    [ "$script" = postinst ] && group='if [ "$1" = configure ] && ! getent group styluskit >/dev/null; then
    groupadd --system styluskit
fi
'
    cat >"$stage/DEBIAN/$script" <<EOF
#!/bin/sh
set -e
${group}if [ "\$1" = "$when" ] && [ -d /run/udev ] && command -v udevadm >/dev/null 2>&1; then
    udevadm control --reload-rules || true
    udevadm trigger --subsystem-match=input --action=change || true
fi
EOF
    chmod 0755 "$stage/DEBIAN/$script"
done
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
find "$stage" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +

rm -f "$out"/styluskit_*.deb
deb=$out/styluskit_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "deb: $deb ($(du -h "$deb" | cut -f1))"
echo "deb: Depends: $depends"

if command -v lintian >/dev/null 2>&1; then
    # Errors fail the build; the warnings and notes left are printed.
    lintian --suppress-tags-from-file "$repo/scripts/deb-lintian-accepted.txt" --display-info "$deb" | tee "$work/lintian.txt" || true
    if grep -q '^E: ' "$work/lintian.txt"; then
        echo "deb: lintian reports errors (above)" >&2
        exit 1
    fi
else
    echo "deb: lintian is not installed; the package was not checked"
fi
