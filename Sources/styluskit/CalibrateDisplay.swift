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
            density as pixels / (mm / 25.4). A ruler is more exact: draw a line of a known number of \
            pixels on the display, measure it on the glass in cm, and pass --ruler-pixels and \
            --measured-cm; the ruler's density is then used. Prints the symbol-digit form's element \
            sizes in pixels and points at the resulting density.
            """ + "\n\n" + ExitStatus.help)

    @Option(
        help: "The display's connector (as in /sys/class/drm/card0-DP-1: DP-1).", completion: ShellCompletions.monitors)
    var output: String?

    @Option(help: "Read the EDID from this file instead of /sys/class/drm.", completion: .file())
    var edid: String?

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
        try refuseStandardOutput(
            out, option: "--out", why: "a profile is a file StylusKit reads back from where it is written",
            example: "display.yaml")
        do {
            try DisplayCalibration.check(rulerPixels: rulerPixels, measuredCentimetres: measuredCm, scale: scale)
        } catch {
            throw ValidationError(error.description)
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
        let ruler = rulerPixels.flatMap { pixels in measuredCm.map { (pixels: pixels, centimetres: $0) } }
        let calibration = try DisplayCalibration(
            edid: edid, output: output, ruler: ruler, scale: scale, out: out, force: force)
        DisplayReport(
            profile: calibration.profile, source: calibration.source, profilePath: calibration.profile.source,
            notes: calibration.notes
        )
        .print(json: report.json)
    }
}
