import ArgumentParser
import Foundation
import LinuxInput
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput

/// `styluskit calibrate ...`: display density, tablet-to-form mapping, pressure range, printable pages.
struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Calibrates a site's hardware: display density, tablet-to-form mapping, pen pressure, printed forms.",
        subcommands: [
            CalibrateDisplay.self, CalibrateTablet.self, CalibratePressure.self, PrintSheet.self, PrintMazes.self, PrintForm.self,
        ])
}

/// Errors of the calibrate commands.
enum CalibrateError: Error, CustomStringConvertible {
    case wouldOverwrite(file: String)
    case cannotWrite(file: String, reason: String)
    case noDensitySource(edidNote: String)
    case severalDisplays(outputs: [String])
    case noSuchOutput(output: String, found: [String])
    case unknownPaper(String)
    case sheetDoesNotFit(columns: Int, rows: Int, spacing: Double, paper: String)
    case noTaps(file: String)
    case noPressureAxis(device: String)
    case noContact(file: String)

    var description: String {
        switch self {
        case let .wouldOverwrite(file):
            "\(file) already exists. Pass --force to replace it, or choose another file with --out."
        case let .cannotWrite(file, reason):
            "Cannot write \(file): \(reason). Check that its directory exists and is writable."
        case let .noDensitySource(edidNote):
            "\(edidNote) Measure the display instead: draw a line of a known number of pixels on it (an image "
                + "editor's line tool at 100 % zoom), measure it with a ruler and pass --ruler-pixels N --measured-cm X."
        case let .severalDisplays(outputs):
            "Several displays have an EDID (\(outputs.joined(separator: ", "))); choose one with --output."
        case let .noSuchOutput(output, found):
            "No EDID for output \(output) under /sys/class/drm"
                + (found.isEmpty ? " (no display reports one on this machine)" : " (outputs with one: \(found.joined(separator: ", ")))")
                + ". Check the name with `ls /sys/class/drm`, pass --edid FILE, or measure with --ruler-pixels and --measured-cm."
        case let .unknownPaper(name):
            "'\(name)' is not a paper size StylusKit prints on. Use 'a4' (29.7 x 21 cm) or 'letter' (27.94 x 21.59 cm), both landscape."
        case let .sheetDoesNotFit(columns, rows, spacing, paper):
            "\(columns) x \(rows) targets \(spacing) cm apart do not fit on \(paper) paper with their crosshairs; "
                + "use a smaller --spacing or fewer --columns/--rows."
        case let .noTaps(file):
            "\(file) holds no taps (no stroke touched the tablet). Record the pen tapping each target of the calibration sheet once, in numbered order."
        case let .noPressureAxis(device):
            "\(device) has no pressure axis (ABS_PRESSURE), so there is no pressure range to report."
        case let .noContact(file):
            "The pen never touched the tablet in \(file), so there is no pressure to report. Record a few strokes pressing lightly and firmly."
        }
    }
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
        guard columns >= 1, rows >= 1, columns * rows >= TransformModel.affine.minimumTargets else {
            throw ValidationError(
                "A calibration sheet needs at least \(TransformModel.affine.minimumTargets) targets; "
                    + "--columns \(columns) --rows \(rows) give \(max(0, columns * rows)).")
        }
        guard spacing > 0, spacing.isFinite else {
            throw ValidationError("--spacing \(spacing) is not a distance; give the centimetres between targets, e.g. 4.")
        }
    }

    /// The page size of `paper`.
    func page() throws -> FormSize {
        switch paper.lowercased() {
        case "a4": CalibrationSheet.a4Landscape
        case "letter": CalibrationSheet.letterLandscape
        default: throw CalibrateError.unknownPaper(paper)
        }
    }

    /// The sheet these options describe.
    func sheet() throws -> CalibrationSheet {
        let sheet = CalibrationSheet.grid(page: try page(), columns: columns, rows: rows, spacingCentimetres: spacing)
        guard sheet.fitsOnPage else {
            throw CalibrateError.sheetDoesNotFit(columns: columns, rows: rows, spacing: spacing, paper: paper)
        }
        return sheet
    }
}

/// Calibration files: where new profiles go, and writing them (reading them is `CalibrationLookup`'s).
enum CalibrationFiles {
    /// The user's calibration folder `folder` (tablets or displays), where new profiles go by default.
    static func userFolder(_ folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let directories = CalibrationSearchPath.directories(projectDirectory: nil, environment: environment)
        let user = directories.count > 1 ? directories[directories.count - 1] : FileManager.default.currentDirectoryPath
        return (user as NSString).appendingPathComponent(folder)
    }

    /// Writes `text` to `path`, creating its directory; refuses to replace a file unless `force`.
    static func writeNew(_ text: String, to path: String, force: Bool) throws {
        if !force, FileManager.default.fileExists(atPath: path) { throw CalibrateError.wouldOverwrite(file: path) }
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CalibrateError.cannotWrite(file: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Refuses early (before any work) to replace an existing file without `force`.
    static func checkWritable(_ path: String, force: Bool) throws {
        if !force, FileManager.default.fileExists(atPath: path) { throw CalibrateError.wouldOverwrite(file: path) }
    }
}

/// Where the calibrate commands that read the pen read it from: a recording (`--recording`), or a
/// live tablet (`--device NODE`) until the command has what it needs or Ctrl-C.
struct TapRecordingOptions: ParsableArguments {
    @Option(help: "The recording of the pen (evemu or libinput-record YAML).")
    var recording: String?

    @Option(name: .customLong("desc"), help: "The evemu description (.desc) of an events-only recording.")
    var descriptionFile: String?

    @Option(help: "Read the pen live from this tablet node (e.g. /dev/input/event5) instead of a recording.")
    var device: String?

    func validate() throws {
        guard (recording == nil) != (device == nil) else {
            throw ValidationError("Give exactly one of --recording FILE (a recording of the pen) or --device NODE (a live tablet).")
        }
        if device != nil, descriptionFile != nil {
            throw ValidationError("--desc belongs to an events-only --recording; leave it out with --device.")
        }
    }

    /// Opens the recording or the live tablet.
    func open() throws -> PenInput {
        if let device { return .live(try LiveTablet(node: device)) }
        // validate() guarantees one of the two.
        let path = recording ?? ""
        return .recording(try RecordingReader(path: path, descriptionPath: descriptionFile), path: path)
    }
}

/// The pen's events for a calibrate command: a recording read to its end, or a live tablet read
/// until the command has enough or the user presses Ctrl-C.
enum PenInput {
    case recording(RecordingReader, path: String)
    case live(LiveTablet)

    var device: DeviceDescription {
        switch self {
        case .recording(let reader, _): reader.header.device
        case .live(let tablet): tablet.description
        }
    }

    /// The recording's path or the tablet's node, for messages.
    var name: String {
        switch self {
        case .recording(_, let path): path
        case .live(let tablet): tablet.node
        }
    }

    var isLive: Bool {
        if case .live = self { return true }
        return false
    }

    /// Hands each event to `body` in order, until the recording ends; live, until `body` returns
    /// false, Ctrl-C (or SIGTERM) arrives, or the tablet is unplugged.
    func forEachEvent(_ body: (InputEvent) throws -> Bool) throws {
        switch self {
        case .recording(let reader, _):
            while let event = try reader.next() {
                guard try body(event) else { return }
            }
        case .live(let tablet):
            let signals = SignalPipe.install()
            var batch: [InputEvent] = []
            while true {
                var fds = [
                    pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: tablet.fileDescriptor, events: Int16(POLLIN), revents: 0),
                ]
                if poll(&fds, nfds_t(fds.count), -1) < 0 {
                    if errno == EINTR { continue }
                    throw LiveInputError.readFailed(node: tablet.node, reason: String(cString: strerror(errno)))
                }
                if fds[0].revents & Int16(POLLIN) != 0 { return }
                batch.removeAll(keepingCapacity: true)
                let status = try tablet.read(into: &batch)
                for event in batch {
                    guard try body(event) else { return }
                }
                if status == .removed {
                    printError("The tablet \(tablet.node) was unplugged; using what was read before.")
                    return
                }
            }
        }
    }
}

/// Formats a number with a fixed number of decimals.
func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}
