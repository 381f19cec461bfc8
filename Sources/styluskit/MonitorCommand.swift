import Administering
import ArgumentParser
import Calibration
import FileLocations
import Foundation
import LinuxInput
import LiveRuntime
import PatientWindow
import Reports
import Sessions
import StylusGeometry
import StylusInput
import SystemErrors

/// `styluskit monitor [NODE]`: the live pen, frame by frame, as the kernel sends it and as StylusKit reads it.
struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Shows the pen live: position in mm, pressure and force, tilt, tool, buttons, proximity, frame rate, drops.",
        discussion: """
            Reads a pen node (the one pen tablet connected unless NODE is given) through the same frame \
            assembly and normalisation a session uses, so what it shows is what a session would record: \
            the position on the active area in millimetres (with the tablet profile that applies), raw \
            pressure and normalised force (1.0 an average touch), tilt in degrees and as altitude and \
            azimuth, the tool, barrel buttons, proximity and contact, the pen frames of the last second \
            and the SYN_DROPPEDs so far. On a terminal the line is rewritten in place; otherwise (or with \
            --json, JSON Lines) there is one line per frame. Ctrl-C ends it. --recording FILE shows a \
            recording's frames the same way, without waiting. --window also draws the pen full screen \
            on the pen display, where the digitiser says it is: a red cross at the point, a blue ring \
            (2 mm, 3 mm touching) and a tilt line (10 mm for a flat pen) at the display profile's \
            density, so an offset or parallax shows at a glance; Escape closes it \
            (\(DocumentationPages.path("bench.md"))).
            """ + "\n\n" + ExitStatus.help)

    @Argument(
        help: "The pen node to read (e.g. /dev/input/event5); default: the one pen tablet connected.",
        completion: ShellCompletions.penNodes)
    var node: String?

    @Option(
        help: "Show a recording's frames (evemu or libinput-record YAML) instead of a live tablet.",
        completion: .file())
    var recording: String?

    @Option(
        name: .customLong("desc"), help: "The evemu description (.desc) of an events-only --recording.",
        completion: .file())
    var descriptionFile: String?

    @OptionGroup var profile: ProfileOptions

    @Flag(help: "Also draw the pen's point and tilt full screen on the pen display, at physical size.")
    var window = false

    @Option(
        help: ArgumentHelp(
            "The monitor of --window: SDL's name, the connector (DP-1) or the EDID's monitor name.",
            discussion: "Default: the connected display the display profile's 'match' names, else the first monitor."),
        completion: ShellCompletions.monitors)
    var outputDisplay: String?

    @OptionGroup var display: DisplayOptions

    @OptionGroup var output: JSONOutput

    func validate() throws {
        if node != nil, recording != nil {
            throw ValidationError("Give a pen NODE or --recording FILE, not both.")
        }
        if !window, outputDisplay != nil || display.displayProfile != nil {
            throw ValidationError(
                "--output-display and --display-profile belong to --window; add --window or leave them out.")
        }
        if descriptionFile != nil, recording == nil {
            throw ValidationError("--desc belongs to an events-only --recording; leave it out for a live tablet.")
        }
    }

    func run() throws {
        let input: PenInput
        if let recording {
            input = try PenInput.open(recording: recording, descriptionFile: descriptionFile, device: nil)
        } else {
            let node = try self.node ?? TabletDiscovery.scan().onlyPenNode()
            input = try PenInput.open(recording: nil, descriptionFile: nil, device: node)
        }
        let device = input.device
        let match = try profile.profile(for: device)
        var monitor = try PenMonitor(device: device, profile: match?.profile)
        let inPlace = !output.json && input.isLive && isatty(STDOUT_FILENO) == 1
        let screen = try window ? openWindow(device: device, match: match) : nil
        let out = FileHandle.standardOutput
        if !output.json {
            let normalizer = monitor.normalizer
            out.write(
                Data(
                    (MonitorHeading(
                        device: "\(device.name) (\(device.id.busVendorProduct))", source: input.name,
                        widthMillimetres: normalizer.tabletSize.widthMillimetres,
                        heightMillimetres: normalizer.tabletSize.heightMillimetres,
                        resolution: (normalizer.resolution.x, normalizer.resolution.y), profile: match?.source
                    ).text + "\n").utf8))
        }
        if input.isLive { printError("Move the pen over \(input.name); Ctrl-C ends.") }
        var drawn: PenReading?
        try input.forEachEvent(note: printError) { event in
            guard let reading = monitor.process(event) else { return true }
            let line = MonitorLine(reading)
            let text = output.json ? line.json : VisibleText.shown(line.text)
            // A live reader sees each frame as it comes: written unbuffered, not at exit.
            out.write(Data(((inPlace ? "\r" : "") + text + (inPlace ? "\u{1B}[K" : "\n")).utf8))
            guard let screen else { return true }
            // A present waits for the display's refresh: a frame every 15 ms at most (and every change
            // of proximity or contact) keeps up with a 266 Hz pen.
            let changed = drawn.map { $0.inProximity != reading.inProximity || $0.tipDown != reading.tipDown } ?? true
            guard changed || reading.seconds - (drawn?.seconds ?? 0) >= 0.015 else { return true }
            drawn = reading
            screen.show(Self.mark(reading, normalizer: monitor.normalizer, screen: screen))
            return !screen.endAsked()
        }
        if inPlace { out.write(Data("\n".utf8)) }
        if let screen, !input.isLive {
            // A recording's last frame stays on the screen until Escape or Ctrl-C: to look at, or to capture.
            let signals = SignalPipe.install()
            defer { signals.close() }
            while !screen.endAsked(), !signals.sleep(for: .milliseconds(50)) {}
        }
    }

    /// The window of --window on the pen display, at its display profile's density.
    private func openWindow(device: DeviceDescription, match: ProfileMatch?) throws -> PenMonitorWindow {
        let environment = try ResultsEnvironment(
            device: device, tabletProfile: match, displayProfile: display.displayProfile, lookup: CalibrationLookup(),
            facts: LibwacomDatabase.installedFacts, note: printError)
        let index = try WindowedLiveSession.monitor(
            named: outputDisplay, profile: environment.displayProfile, note: printError)
        let screen = try PenMonitorWindow(
            monitorIndex: index, pixelsPerInch: environment.displayProfile?.pixelsPerInch)
        // SDL's offscreen driver draws where no one looks.
        if screen.videoDriver == "offscreen" { throw MonitorWindowError.noDisplay }
        return screen
    }

    /// Where the window draws `reading`: nothing out of proximity.
    static func mark(_ reading: PenReading, normalizer: Normalizer, screen: PenMonitorWindow) -> PenMark? {
        guard reading.inProximity else { return nil }
        let (width, height) = screen.size
        return PenMark(
            position: reading.position, tablet: normalizer.tabletSize, width: width, height: height,
            pixelsPerMillimetre: screen.pixelsPerMillimetre,
            altitude: reading.altitudeDegrees.map { $0 * .pi / 180 },
            azimuth: reading.azimuthDegrees.map { $0 * .pi / 180 }, touching: reading.tipDown)
    }
}

/// Why `monitor --window` has no window.
struct MonitorWindowError: Error, CustomStringConvertible, ExitStatusCarrying {
    static let noDisplay = MonitorWindowError()

    var description: String {
        "monitor --window needs a display: SDL found none (no DISPLAY or WAYLAND_DISPLAY). Run it in the pen "
            + "display's session, or leave out --window."
    }

    var exitStatus: ExitStatus { .unavailable }
}

extension MonitorLine {
    /// The line of `reading`.
    init(_ reading: PenReading) {
        var buttons: [String] = []
        if reading.buttons.contains(.stylus) { buttons.append("stylus") }
        if reading.buttons.contains(.stylus2) { buttons.append("stylus2") }
        if reading.buttons.contains(.stylus3) { buttons.append("stylus3") }
        self.init(
            seconds: reading.seconds, tool: reading.tool.rawValue, inProximity: reading.inProximity,
            tipDown: reading.tipDown, buttons: buttons, rawX: Int(reading.rawX), rawY: Int(reading.rawY),
            xMillimetres: reading.position.xMillimetres, yMillimetres: reading.position.yMillimetres,
            pressure: reading.pressure.map(Int.init), force: reading.force, distance: reading.distance.map(Int.init),
            tiltXDegrees: reading.tilt?.x, tiltYDegrees: reading.tilt?.y, altitudeDegrees: reading.altitudeDegrees,
            azimuthDegrees: reading.azimuthDegrees, framesPerSecond: reading.framesPerSecond, frames: reading.frames,
            drops: reading.drops, droppedEvents: reading.droppedEvents)
    }
}
