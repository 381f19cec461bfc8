#!/usr/bin/env bash
# Installs what StylusKit needs on a Debian machine: the C libraries it links against, the
# reference tools its tests compare with, and checks for the Swift toolchain.
# Runs apt-get when root; otherwise prints the exact command to run and fails.
set -euo pipefail

# libevdev, libudev, libxml2: linked by StylusKit.
# libevemu-dev: the reference evemu parser the differential tests compare against.
# libxml2-utils: xmllint, the independent XML parser the tests read our results files with.
# python3: the second independent XML parser of the tests.
# libcairo2-dev: cairo, which FormPrinting draws the printable PDF pages with.
# poppler-utils: pdftoppm, which the tests rasterise those pages with to measure them.
# openssl: makes the RSA server keys of the patient-data tests, independently of swift-crypto.
# qemu-system-x86, busybox-static: the real-kernel VM tests (integration/vm/run.sh) boot a stock kernel with a busybox initramfs.
# evemu-tools: evemu-device/evemu-play create and drive the uinput tablets in that VM.
# time: /usr/bin/time -f %M, the peak memory figure of the benchmarks (Benchmarks/bench.sh).
# libsdl2-dev: SDL2, the full-screen patient window of `styluskit administer` (PatientWindow).
# libespeak-ng-dev: espeak-ng, which speaks administer's instructions offline (voice data comes with it).
# xvfb, x11-apps: the administer screenshot tests (integration/xvfb/run.sh) run the window on a virtual X
#   server and capture what it shows with xwd; xdotool presses the operator's keys in that window.
# xserver-xorg-video-dummy, x11-xserver-utils: the same tests' two monitors (the operator's line on the
#   monitor that is not the patient's): Xorg's dummy driver has RandR outputs that xrandr lays side by
#   side, which SDL sees as two monitors (Xvfb's screens and xrandr --setmonitor's monitors it does not).
# udev: systemd-udevd and udevadm give the VM's input nodes their real ID_INPUT_* properties.
# libwacom-dev: libwacom and its tablet database, which LinuxInput asks for a model's name, physical
#   size, display integration and styli (`styluskit devices`, `info`); its tests read the database.
# dpkg-dev, lintian: make deb computes the package's Depends with dpkg-shlibdeps and checks it with lintian.
# debootstrap, zstd: the install test (integration/install/run.sh) makes a fresh Debian root, cached
#   as a zstd tarball, and installs the package there.
# graphviz: dot draws docs/architecture.svg, the module graph `make lint` checks is up to date.
# libinput-tools, python3-libevdev: `libinput analyze recording` reads the libinput-record YAML that
#   `styluskit convert` writes, in the tests (libinput's own reader, in python3 with libevdev).
# openjdk-17-jre-headless, python3-venv: the Java that Spark runs on in `make test-spark`, and the venv
#   PySpark is installed into there (integrations/spark); iproute2 and procps: ss and pgrep, with
#   which that test checks that every process it starts listens on 127.0.0.1 only.
# tesseract-ocr, tesseract-ocr-eng: the truth check (integration/truth/run.sh) reads the words the
#   patient window showed from its captures (the English data ships in the package).
# chromium, chromium-driver, python3-selenium: the results browser's real-browser test
#   (integration/browser/run.sh) drives `styluskit serve` in headless Chromium.
# wrk: the load run of the results browser's attack test (integration/attack/run.sh).
# strace: the kill -9 campaign (integration/kill9/run.sh) kills a visit just before its Nth rename, fsync or
#   write with strace's fault injection; FeaturesStreamingTests checks that `features` opens no libwacom
#   tablet file for results files.
packages=(pkg-config libevdev-dev libudev-dev libxml2-dev libevemu-dev libxml2-utils python3
    libcairo2-dev poppler-utils openssl qemu-system-x86 busybox-static evemu-tools udev time graphviz
    libsdl2-dev libespeak-ng-dev xvfb x11-apps xdotool xserver-xorg-video-dummy x11-xserver-utils libwacom-dev dpkg-dev
    lintian debootstrap zstd
    libinput-tools python3-libevdev openjdk-17-jre-headless python3-venv iproute2 procps
    tesseract-ocr tesseract-ocr-eng chromium chromium-driver python3-selenium wrk strace)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if ((${#missing[@]})); then
    if [[ $(id -u) -eq 0 ]]; then
        echo "setup: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "setup: these Debian packages are missing: ${missing[*]}" >&2
        echo "setup: install them with:" >&2
        echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        echo "setup: then run this command again." >&2
        exit 1
    fi
fi

if ! command -v swift >/dev/null 2>&1; then
    if [[ -x /opt/swift/usr/bin/swift ]]; then
        echo "setup: swift is in /opt/swift/usr/bin but not on PATH; add it with:" >&2
        echo "    export PATH=/opt/swift/usr/bin:\$PATH" >&2
    else
        echo "setup: no Swift toolchain found. StylusKit needs Swift 6.0 or newer;" >&2
        echo "setup: install it from swift.org (Debian does not package it), then run this command again." >&2
    fi
    exit 1
fi
echo "setup: ready ($(swift --version 2>/dev/null | head -n 1))"
