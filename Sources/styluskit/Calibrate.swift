import ArgumentParser
import Calibration
import Reports
import StylusGeometry
import SystemErrors

/// `styluskit calibrate ...`: display density, tablet-to-form mapping, pressure range, printable pages.
struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Calibrates a site's hardware: display density, tablet-to-form mapping, pen pressure, printed forms.",
        discussion: ExitStatus.help,
        subcommands: [
            CalibrateDisplay.self, CalibrateTablet.self, CalibratePressure.self, PrintSheet.self, PrintMazes.self,
            PrintForm.self,
            PrintTrails.self,
        ])
}

/// Where the printed calibration sheet's targets are: shared by `print-sheet` and `tablet`, which
/// must agree (the same options on both give the same sheet).
struct SheetOptions: ParsableArguments {
    @Option(help: "The paper: a4 or letter (landscape). The page is the form: its top-left corner is form (0, 0).")
    var paper = "a4"

    @Option(help: "Targets across.")
    var columns = 3

    @Option(help: "Targets down.")
    var rows = 3

    @Option(help: "Centimetres between neighbouring targets.")
    var spacing = 4.0

    func validate() throws {
        do { try CalibrationSheet.checkGrid(columns: columns, rows: rows, spacingCentimetres: spacing) } catch {
            throw ValidationError(error.description)
        }
    }

    /// The sheet these options describe.
    func sheet() throws -> CalibrationSheet {
        try CalibrationSheet.grid(paper: paper, columns: columns, rows: rows, spacingCentimetres: spacing)
    }
}

/// Where the calibrate commands that read the pen read it from: a recording (`--recording`), or a
/// live tablet (`--device NODE`) until the command has what it needs or Ctrl-C.
struct TapRecordingOptions: ParsableArguments {
    @Option(help: "The recording of the pen (evemu or libinput-record YAML).", completion: .file())
    var recording: String?

    @Option(
        name: .customLong("desc"), help: "The evemu description (.desc) of an events-only recording.",
        completion: .file())
    var descriptionFile: String?

    @Option(
        help: "Read the pen live from this tablet node (e.g. /dev/input/event5) instead of a recording.",
        completion: ShellCompletions.penNodes)
    var device: String?

    func validate() throws {
        guard (recording == nil) != (device == nil) else {
            throw ValidationError(
                "Give exactly one of --recording FILE (a recording of the pen) or --device NODE (a live tablet).")
        }
        if device != nil, descriptionFile != nil {
            throw ValidationError("--desc belongs to an events-only --recording; leave it out with --device.")
        }
    }

    /// Opens the recording or the live tablet.
    func open() throws -> PenInput {
        try PenInput.open(recording: recording, descriptionFile: descriptionFile, device: device)
    }
}
