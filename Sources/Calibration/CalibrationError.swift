/// Why a calibration could not be made or written, and what to do.
public enum CalibrationError: Error, CustomStringConvertible {
    case wouldOverwrite(file: String)
    case cannotWrite(file: String, reason: String)
    case noDensitySource(edidNote: String)
    case cannotReadEDID(file: String, reason: String)
    case severalDisplays(outputs: [String])
    case noSuchOutput(output: String, found: [String])
    case unknownPaper(String)
    case sheetDoesNotFit(columns: Int, rows: Int, spacing: Double, paper: String)
    case noTaps(file: String)
    case noPressureAxis(device: String)
    case noContact(file: String)
    /// The pen touched (`BTN_TOUCH`) but the device, though it lists ABS_PRESSURE, never sent a value.
    case pressureNeverSent(file: String, touchingFrames: Int)
    case tooFewTargets(columns: Int, rows: Int, minimum: Int)
    case notASpacing(Double)
    case rulerHalf
    case notARulerLength(pixels: Int)
    case notAMeasuredLength(centimetres: Double)
    case notAScale(Double)

    public var description: String {
        switch self {
        case .wouldOverwrite(let file):
            "\(file) already exists. Pass --force to replace it, or choose another file with --out."
        case .cannotWrite(let file, let reason):
            "Cannot write \(file): \(reason). Check that its directory exists and is writable."
        case .cannotReadEDID(let file, let reason):
            "Cannot read the EDID file \(file): \(reason). Check the path (an EDID is /sys/class/drm/CONNECTOR/edid, or a copy of it)."
        case .noDensitySource(let edidNote):
            "\(edidNote) Measure the display instead: --ruler draws a line on it to measure with a ruler (or "
                + "draw a line of a known number of pixels yourself and pass --ruler-pixels N --measured-cm X)."
        case .severalDisplays(let outputs):
            "Several displays have an EDID (\(outputs.joined(separator: ", "))); choose one with --output."
        case .noSuchOutput(let output, let found):
            "No EDID for output \(output) under /sys/class/drm"
                + (found.isEmpty
                    ? " (no display reports one on this machine)"
                    : " (outputs with one: \(found.joined(separator: ", ")))")
                + ". Check the name with `ls /sys/class/drm`, pass --edid FILE, or measure with --ruler-pixels and --measured-cm."
        case .unknownPaper(let name):
            "'\(name)' is not a paper size StylusKit prints on. Use 'a4' (29.7 x 21 cm) or 'letter' (27.94 x 21.59 cm), both landscape."
        case .sheetDoesNotFit(let columns, let rows, let spacing, let paper):
            "\(columns) x \(rows) targets \(spacing) cm apart do not fit on \(paper) paper with their crosshairs; "
                + "use a smaller --spacing or fewer --columns/--rows."
        case .noTaps(let file):
            "\(file) holds no taps (no stroke touched the tablet). Record the pen tapping each target of the calibration sheet once, in numbered order."
        case .noPressureAxis(let device):
            "\(device) has no pressure axis (ABS_PRESSURE), so there is no pressure range to report."
        case .noContact(let file):
            "The pen never touched the tablet in \(file), so there is no pressure to report. Record a few strokes pressing lightly and firmly."
        case .pressureNeverSent(let file, let frames):
            "The pen touched the tablet in \(file) (\(frames) frames with the tip down), but the device never sent a pressure value, "
                + "though it lists ABS_PRESSURE: there is no pressure range to report. Its sessions record pressure as absent "
                + "(docs/adf-absent-axes.md), so a tablet profile for it needs no pressure range; if the tablet should report "
                + "pressure, check its driver (`styluskit devices`)."
        case .tooFewTargets(let columns, let rows, let minimum):
            "A calibration sheet needs at least \(minimum) targets; --columns \(columns) --rows \(rows) give \(max(0, columns * rows))."
        case .notASpacing(let spacing):
            "--spacing \(spacing) is not a distance; give the centimetres between targets, e.g. 4."
        case .rulerHalf:
            "--ruler-pixels and --measured-cm go together: the line's length in pixels and in centimetres."
        case .notARulerLength(let pixels):
            "--ruler-pixels \(pixels) is not a length; give the line's length in pixels, e.g. 1000."
        case .notAMeasuredLength(let centimetres):
            "--measured-cm \(centimetres) is not a length; give the measured length in centimetres, e.g. 15.3."
        case .notAScale(let scale):
            "--scale \(scale) is not a scaling factor; give the physical pixels per point, e.g. 1 or 2."
        }
    }
}
