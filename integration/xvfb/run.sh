#!/usr/bin/env bash
# The administer screenshot tests: a virtual X server (Xvfb, 1920 x 1080 like the Cintiq 13HD the
# synthesised recordings imitate), styluskit administer fed those recordings through its live input
# path, the screen captured with xwd, the pixels checked by check.py. Prints 'N passed, N failed'.
# DOCS=DIR also writes the screenshots shown in the README there as PNG.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
source integration/xvfb-server.sh
require_tools "xvfb tests" Xvfb xwd python3
# STYLUSKIT names a binary built already (.ci/run passes make test's, so this suite need not wait for SwiftPM's
# lock while the release build holds it).
if [[ -n ${STYLUSKIT:-} ]]; then
    styluskit=$STYLUSKIT
else
    swift build --product styluskit >/dev/null
    styluskit="$(swift build --show-bin-path)/styluskit"
fi

start_xvfb "xvfb tests"
# Two monitors, for the operator's line on the monitor that is not the patient's: SDL 2 sees one
# monitor per RandR output. Xvfb has one output per X screen, and SDL puts every window on the first
# screen (and reads no xrandr --setmonitor monitors), so that check runs on Xorg's dummy driver, whose
# virtual outputs xrandr lays side by side. Without Xorg or the driver (or the rights to start Xorg)
# the check is skipped, not passed.
if command -v Xorg >/dev/null && command -v xrandr >/dev/null && [[ -e /usr/lib/xorg/modules/drivers/dummy_drv.so ]]; then
    cat >"$work/xorg.conf" <<'CONF'
Section "ServerFlags"
    Option "AutoAddDevices" "false"
    Option "AutoEnableDevices" "false"
    Option "DontVTSwitch" "true"
EndSection
Section "Device"
    Identifier "dummy"
    Driver "dummy"
    VideoRam 256000
EndSection
Section "Monitor"
    Identifier "monitor"
    HorizSync 5.0 - 1000.0
    VertRefresh 5.0 - 200.0
EndSection
Section "Screen"
    Identifier "screen"
    Device "dummy"
    Monitor "monitor"
    DefaultDepth 24
    SubSection "Display"
        Depth 24
        Virtual 3840 1080
    EndSubSection
EndSection
CONF
    Xorg -noreset -nolisten tcp -config "$work/xorg.conf" -logfile "$work/xorg.log" -displayfd 4 4>"$work/xorg-display" \
        >"$work/xorg.out" 2>&1 &
    xorg=$!
    trap 'kill "$xvfb" "$xorg" 2>/dev/null || true; wait "$xvfb" "$xorg" 2>/dev/null || true; rm -rf "$work"' EXIT
    for _ in $(seq 100); do [[ -s $work/xorg-display ]] && break; kill -0 "$xorg" 2>/dev/null || break; sleep 0.1; done
    two=$(head -n 1 "$work/xorg-display" 2>/dev/null || true)
    if [[ -n $two ]] && DISPLAY=":$two" xrandr --output DUMMY0 --mode 1920x1080 --pos 0x0 \
        && DISPLAY=":$two" xrandr --addmode DUMMY1 1920x1080 && DISPLAY=":$two" xrandr --output DUMMY1 --mode 1920x1080 --pos 1920x0 \
        && DISPLAY=":$two" xrandr >/dev/null; then
        # That last query probes the outputs again: SDL reads the server's current (cached) resources.
        export TWO_MONITORS=":$two"
    else
        export TWO_MONITORS_MISSING="Xorg with the dummy driver did not start: $(tail -n 2 "$work/xorg.out" 2>/dev/null | tr '\n' ' ')"
    fi
else
    export TWO_MONITORS_MISSING="Xorg, xrandr or the dummy video driver is missing; run scripts/setup.sh"
fi
# No sound card here: espeak writes nowhere, SDL has no audio to open (its dummy driver plays to no
# one, so the results record the instructions as shown, not spoken: no audio output device).
export DISPLAY=":$number" SDL_AUDIODRIVER=dummy
python3 integration/xvfb/check.py "$styluskit" "$work" ${DOCS:+"$DOCS"}
