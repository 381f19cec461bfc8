import ArgumentParser
import Calibration
import Reports
import StylusGeometry
import SystemErrors

/// `styluskit calibrate tablet`: fits the tablet-to-form transform from taps on the calibration sheet's targets.
struct CalibrateTablet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tablet",
        abstract:
            "Fits where the form lies on the tablet from taps on the calibration sheet's targets, and writes it into a tablet profile.",
        discussion: """
            Print the sheet with `styluskit calibrate print-sheet` (same --paper, --columns, --rows \
            and --spacing), lay it on the tablet where the test forms will lie, record the pen \
            tapping each crosshair once in numbered order, then pass the recording with \
            --recording; or tap live with --device NODE, which reads until every target is tapped \
            (Ctrl-C stops early). Each tap is one stroke; its position is the mean of the stroke's points. \
            The fit is refused, and nothing written, when its error exceeds --max-rms or \
            --max-residual; the probably bad tap is named. Beside an accepted profile goes a picture of \
            the fit (NAME-residuals.png): each target with an arrow to its tap, magnified, and its residual in mm.
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var recording: TapRecordingOptions
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var sheet: SheetOptions

    @Flag(help: "Fit a homography (8 numbers, at least 5 targets) instead of an affine map (6 numbers).")
    var homography = false

    @Option(help: "The largest RMS error accepted, in mm on the form.")
    var maxRms = FitLimits.standard.maximumRMSMillimetres

    @Option(help: "The largest error of any one target accepted, in mm on the form.")
    var maxResidual = FitLimits.standard.maximumResidualMillimetres

    @Option(
        help:
            "The tablet profile to write (default: ~/.config/styluskit/calibration/tablets/VENDOR-PRODUCT-form.yaml).",
        completion: .file())
    var out: String?

    @Flag(help: "Replace an existing profile.")
    var force = false

    @OptionGroup var output: JSONOutput

    func validate() throws {
        try refuseProfileOnStandardOutput(out, example: "tablet.yaml")
        guard maxRms > 0, maxResidual > 0 else {
            throw ValidationError("--max-rms and --max-residual are distances in mm and must be greater than 0.")
        }
    }

    func run() throws {
        let sheet = try sheet.sheet()
        let input = try recording.open()
        if input.isLive {
            printError(
                "Tap each of the \(sheet.targets.count) targets of the sheet once, in numbered order (Ctrl-C stops early)."
            )
        }
        let calibration = try TabletCalibration(
            input: input, sheet: sheet, match: try profile.profile(for: input.device),
            model: homography ? .homography : .affine,
            limits: FitLimits(maximumRMSMillimetres: maxRms, maximumResidualMillimetres: maxResidual), out: out,
            force: force,
            tapped: { number, tap in
                printError(
                    "tap \(number) of \(sheet.targets.count) at (\(fixed(tap.xMillimetres, 2)), \(fixed(tap.yMillimetres, 2))) mm"
                )
            }, note: printError)
        TabletFitReport(
            fit: calibration.fit, device: input.device, refusal: calibration.refusal, profile: calibration.profile,
            picture: calibration.picture
        )
        .print(json: output.json)
        if let refusal = calibration.refusal { throw refusal }
    }
}
