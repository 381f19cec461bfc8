import Administering
import ArgumentParser
import Calibration
import PatientWindow
import Reports
import StylusGeometry
import SystemErrors

/// `styluskit calibrate display`: a display's density from its EDID and/or a measured ruler, into a display profile.
struct CalibrateDisplay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "display",
        abstract: "Measures a display's density (from its EDID and/or a measured ruler) and writes a display profile.",
        discussion: """
            The EDID is read from /sys/class/drm/*/edid (or --edid FILE); its physical size gives the \
            density as pixels / (mm / 25.4). A ruler is more exact: --ruler draws a line full screen \
            on the display (--output's, else the first), which the arrow keys lengthen and shorten to \
            suit your ruler; measure it on the glass from the outer edge of one end tick to the other, \
            press Enter and type the length in cm. Or draw a line of a known number of pixels yourself \
            and pass --ruler-pixels and --measured-cm. The ruler's density is then used. Prints the \
            symbol-digit form's element sizes in pixels and points at the resulting density. With \
            --force, the profile replaced is kept in the history/ folder beside it, named by the time.
            """ + "\n\n" + ExitStatus.help)

    @Option(
        help: "The display's connector (as in /sys/class/drm/card0-DP-1: DP-1).", completion: ShellCompletions.monitors)
    var output: String?

    @Option(help: "Read the EDID from this file instead of /sys/class/drm.", completion: .file())
    var edid: String?

    @Flag(help: "Draw a line full screen on the display to measure with a ruler, then type its length.")
    var ruler = false

    @Option(help: "The length in pixels of a line drawn on the display.")
    var rulerPixels: Int?

    @Option(help: "That line's length measured on the display, in centimetres.")
    var measuredCm: Double?

    @Option(help: "The desktop's scaling factor: physical pixels per point.")
    var scale = 1.0

    @Option(
        help: "The profile to write (default: ~/.config/styluskit/calibration/displays/NAME.yaml).", completion: .file()
    )
    var out: String?

    @Flag(help: "Replace an existing profile.")
    var force = false

    @OptionGroup var report: JSONOutput

    func validate() throws {
        try refuseProfileOnStandardOutput(out, example: "display.yaml")
        do {
            try DisplayCalibration.check(rulerPixels: rulerPixels, measuredCentimetres: measuredCm, scale: scale)
        } catch {
            throw ValidationError(error.description)
        }
        if ruler, rulerPixels != nil || measuredCm != nil {
            throw ValidationError(
                "--ruler measures the line it draws; leave out --ruler-pixels and --measured-cm, or --ruler.")
        }
    }

    func run() throws {
        let edid: DisplayCalibration.EDIDSource
        if let file = self.edid {
            edid = try .reading(file)
        } else {
            edid = .connectors(
                DRMConnector.scan(root: "/sys/class/drm").filter { !$0.edidBytes.isEmpty }.map {
                    ($0.name, $0.edidPath, $0.edidBytes)
                })
        }
        // Refused before the user measures, not after.
        if self.ruler, let out { try CalibrationFiles.checkWritable(out, force: force) }
        let ruler =
            try self.ruler
            ? Self.measureOnScreen(output: output)
            : rulerPixels.flatMap { pixels in measuredCm.map { (pixels: pixels, centimetres: $0) } }
        let calibration = try DisplayCalibration(
            edid: edid, output: output, ruler: ruler, scale: scale, out: out, force: force)
        DisplayReport(
            profile: calibration.profile, source: calibration.source, profilePath: calibration.profile.source,
            notes: calibration.notes
        )
        .print(json: report.json)
    }

    /// The ruler drawn full screen on the monitor of `output` (a connector, or SDL's or the EDID's name; nil:
    /// the first), sized and measured by the user.
    static func measureOnScreen(output: String?) throws -> (pixels: Int, centimetres: Double) {
        let index = try WindowedLiveSession.monitor(named: output, profile: nil, note: printError)
        let window = try RulerWindow(monitorIndex: index)
        // SDL's offscreen driver draws where no one can measure.
        if window.videoDriver == "offscreen" { throw RulerWindowError.noDisplay }
        printError(
            "A line is drawn full screen: size it with the arrow keys, measure it on the glass and press Enter "
                + "to type its length (Escape leaves).")
        let ruler = window.measure()
        guard case .measured(let pixels, let centimetres) = ruler.phase else { throw RulerWindowError.left }
        return (pixels, centimetres)
    }
}

/// Why `calibrate display --ruler` has no measurement.
enum RulerWindowError: Error, CustomStringConvertible, ExitStatusCarrying {
    /// No display to draw the line on.
    case noDisplay
    /// The user left the ruler (Escape, or the window closed) before typing a length.
    case left

    var description: String {
        switch self {
        case .noDisplay:
            "calibrate display --ruler needs a display: SDL found none (no DISPLAY or WAYLAND_DISPLAY). Run it in "
                + "the display's session, or pass --ruler-pixels and --measured-cm."
        case .left:
            "The ruler was left before a length was typed; nothing was written. Run calibrate display --ruler "
                + "again, or pass --ruler-pixels and --measured-cm."
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .noDisplay: .unavailable
        case .left: .failure
        }
    }
}
