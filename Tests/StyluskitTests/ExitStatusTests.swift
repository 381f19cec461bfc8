import Administering
import Calibration
import Exports
import Features
import FileLocations
import FormPrinting
import Foundation
import LinuxInput
import LiveRuntime
import PatientData
import PatientWindow
import Proctoring
import Recordings
import Rendering
import Sessions
import StylusGeometry
import StylusInput
import Synthesis
import TestMaterials
import Testing
import VisitReport
import Visiting
import Visits

@testable import ADF
@testable import SystemErrors
@testable import styluskit

/// The command line's exit status (Testing has an `ExitStatus` of its own).
typealias Status = SystemErrors.ExitStatus

/// The exit status of every library's errors, as README's "Exit status" table gives them: each case
/// of each error type the command line can end with, pinned (issue 29, item 3: the statuses must not
/// move when each error comes to carry its own).
@Suite("Exit statuses")
struct ExitStatusTests {
    /// An error no library declares.
    struct Unknown: Error {}

    static let denied = String(cString: strerror(EACCES))
    static let rejection = PenDeviceRejection.notAPen(device: "Pad", kind: .pad)
    static let id = InputID(bustype: 3, vendor: 0x056a, product: 0x0304, version: 0x0110)

    /// `--step-split`'s error for a value that is no rule.
    static var stepSplitError: any Error {
        do {
            _ = try StepSplitRule(parsing: "x")
            return Unknown()
        } catch {
            return error
        }
    }

    /// Every representative error with the status it must end with.
    static let cases: [(any Error, Status)] = [
        // Recordings
        (RecordingError.cannotOpen(file: "a", reason: denied), .noPermission),
        (RecordingError.cannotOpen(file: "a", reason: "No such file or directory"), .noInput),
        (RecordingError.cannotOpenDescription(file: "a", reason: denied), .noPermission),
        (RecordingError.cannotOpenDescription(file: "a", reason: "No such file or directory"), .noInput),
        (RecordingError.descriptionFileMissing(file: "a"), .noInput),
        (RecordingError.readFailed(file: "a", reason: "r"), .ioError),
        (RecordingError.writeFailed(file: "a", reason: "r"), .ioError),
        (RecordingError.outputExists(file: "a"), .cannotCreate),
        (RecordingError.outputIsDirectory(file: "a"), .cannotCreate),
        (RecordingError.noSuchDevice(file: "a", index: 2, count: 1), .usage),
        (RecordingError.malformedLine(file: "a", line: 1, expected: "e", found: "f"), .dataError),
        (RecordingError.cutOffLine(file: "a", line: 1, expected: "e", found: "f"), .dataError),
        (RecordingError.incompleteLastFrame(file: "a", line: 1, events: 2), .dataError),
        (RecordingError.outOfRange(file: "a", line: 1, column: 2, problem: "p"), .dataError),
        (RecordingError.missingDescription(file: "a", firstEventLine: 1), .dataError),
        (
            RecordingError.twoDescriptions(recording: "a", device: "d", descriptionFile: "b", descriptionDevice: "e"),
            .dataError
        ),
        (RecordingError.unsupportedVersion(file: "a", found: "9"), .dataError),
        (RecordingError.invalidYAML(file: "a", line: nil, problem: "p"), .dataError),
        (RecordingError.lineTooLong(file: "a", line: 1, limit: 2), .dataError),
        (RecordingError.yamlTooLarge(file: "a", bytes: nil, limit: 2), .dataError),
        (JournalError.cannotCreate(path: "a", reason: "r"), .cannotCreate),
        (JournalError.writeFailed(path: "a", errno: ENOSPC, reason: "r"), .ioError),
        // ADF
        (ADFError.destinationExists(path: "a"), .cannotCreate),
        (ADFError.fileSystem(operation: "open", path: "a", errno: ENOENT, reason: "r"), .noInput),
        (ADFError.fileSystem(operation: "create", path: "a", errno: ENOENT, reason: "r"), .cannotCreate),
        (ADFError.fileSystem(operation: "write", path: "a", errno: EACCES, reason: "r"), .cannotCreate),
        (ADFError.fileSystem(operation: "write", path: "a", errno: EROFS, reason: "r"), .cannotCreate),
        (ADFError.fileSystem(operation: "write", path: "a", errno: EEXIST, reason: "r"), .cannotCreate),
        (ADFError.fileSystem(operation: "open", path: "a", errno: EISDIR, reason: "r"), .cannotCreate),
        (ADFError.fileSystem(operation: "write", path: "a", errno: ENOSPC, reason: "r"), .ioError),
        (ADFError.fileSystem(operation: "write", path: "a", errno: EIO, reason: "r"), .ioError),
        (ADFError.xmlWriter("x"), .ioError),
        (ADFError.outOfOrder("x"), .dataError),
        (ADFError.invalidValue("x"), .dataError),
        (ADFResultsListError.notADirectory(path: "a"), .noInput),
        // LinuxInput
        (LiveInputError.permissionDenied(node: "n"), .noPermission),
        (LiveInputError.cannotOpen(node: "n", reason: "r"), .noInput),
        (LiveInputError.notAnEventNode(node: "n"), .dataError),
        (LiveInputError.notAPenTablet(node: "n", rejection: rejection), .dataError),
        (LiveInputError.cannotGrab(node: "n", reason: "r"), .unavailable),
        (LiveInputError.noTablet, .unavailable),
        (LiveInputError.severalTablets(nodes: ["a", "b"]), .unavailable),
        (LiveInputError.readFailed(node: "n", reason: "r"), .ioError),
        // StylusInput, StylusGeometry, Proctoring, Synthesis
        (rejection, .dataError),
        (PenDeviceRejection.missingTabletCapabilities(device: "d", missing: []), .dataError),
        (TransformFitError.countMismatch(taps: 1, targets: 2), .failure),
        (EDIDError.badHeader, .dataError),
        (ProfileError.unsupportedSchema(source: "s", found: "9"), .dataError),
        (NormalizationError.invalidPointsPerInch(0), .dataError),
        (MazeFileError.missingContent(source: "s", expected: "e"), .dataError),
        (SettingsError.missingSchema(source: "s"), .dataError),
        (ScenarioError.drawing(source: "s", problem: "p"), .dataError),
        // PatientData
        (PatientDataError.malformedLine("x"), .dataError),
        (PatientDataError.controlCharacter(field: "f"), .dataError),
        (PatientDataError.keyFileTooOpen(path: "a", mode: 0o644), .noPermission),
        (PatientDataError.keyFileMissing(path: "a"), .noInput),
        (PatientDataError.keyFileExists(path: "a"), .cannotCreate),
        (PatientDataError.keyFileIsDirectory(path: "a"), .usage),
        (PatientDataError.keyFileMalformed(path: "a", reason: "r"), .dataError),
        (PatientDataError.unsupportedKeyFileVersion(path: "a", version: 9), .dataError),
        (PatientDataError.wrongPassword(path: "a"), .failure),
        (PatientDataError.passwordTooShort(minimum: 8), .failure),
        (PatientDataError.passwordsDiffer, .failure),
        (PatientDataError.inputEnded(what: "w"), .noInput),
        (PatientDataError.iterationsTooFew(given: 1, minimum: 2), .failure),
        (PatientDataError.malformedRecord(field: "f", reason: "r"), .dataError),
        (PatientDataError.unsupportedRecordVersion(field: "f", version: 9), .dataError),
        (PatientDataError.otherClinicianKey(recordKey: "a", keyFileKey: "b"), .dataError),
        (PatientDataError.otherServerKey(recordKey: "a", privateKey: "b"), .dataError),
        (PatientDataError.otherResultsFile(field: "f", recordedFor: "a", file: "b"), .dataError),
        (PatientDataError.failedIntegrityCheck(field: "f"), .dataError),
        (PatientDataError.serverKeyTooSmall(path: "a", bits: 1024, minimum: 2048), .dataError),
        (PatientDataError.unreadableServerKey(path: "a", kind: "k"), .dataError),
        (PatientDataError.fileSystem(operation: "o", path: "a", reason: "r"), .ioError),
        (PatientDataError.noPatientField(file: "a", field: "f"), .failure),
        (PatientDataError.noStepsToBind(file: "a"), .failure),
        // FormPrinting, Rendering
        (PrintError.cannotWrite(path: "a", reason: "r"), .cannotCreate),
        (PrintError.cannotRead(path: "a", reason: "r"), .dataError),
        (PrintError.noPages, .dataError),
        (RenderError.unknownOutputFormat("x"), .usage),
        (RenderError.nothingToWrite, .usage),
        (RenderError.stepOutOfRange(step: 3, steps: 2), .usage),
        (RenderError.needsTest(file: "a"), .usage),
        (RenderError.noSteps(file: "a"), .dataError),
        (RenderError.outputExists(path: "a"), .cannotCreate),
        (RenderError.cannotCreate(path: "a", reason: "r"), .cannotCreate),
        // Sessions
        (TextFileError.cannotRead(file: "a", purpose: "p"), .noInput),
        (TextFileError.isDirectory(file: "a", purpose: "p"), .usage),
        (TextFileError.wrongKind(file: "a", purpose: "p", what: "w"), .dataError),
        (TextFileError.tooLarge(file: "a", purpose: "p", bytes: 2, limit: 1), .dataError),
        (OutputDirectoryError.notADirectory("a"), .cannotCreate),
        (OutputDirectoryError.cannotCreate("a", reason: "r"), .cannotCreate),
        (LiveSessionError.resultsNotWritten(.xmlWriter("x"), journal: "j"), .cannotCreate),
        (RecordingReplayError.mazeSource, .usage),
        (RecordingReplayError.mazeOptions(test: .clock), .usage),
        (RecordingReplayError.startTimeOutOfRange(-1), .usage),
        (RecordingReplayError.empty(file: "a", .noContact(penFrames: 3)), .dataError),
        (DisplayChoiceError.noSuchProfile(name: "n", known: []), .unavailable),
        (RecordingScanError.noEvents(file: "a"), .dataError),
        (RecoverError.notAJournal("a"), .dataError),
        (WrongInputError.notARecording(path: "a"), .dataError),
        (CalibrationLookupError.profileDoesNotMatch(file: "a", device: "d", id: id), .dataError),
        (SessionMaterialsError.changedWhileRead(file: "a", purpose: "p"), .dataError),
        // Calibration
        (CalibrationError.wouldOverwrite(file: "a"), .cannotCreate),
        (CalibrationError.cannotWrite(file: "a", reason: "r"), .cannotCreate),
        (CalibrationError.noDensitySource(edidNote: "n"), .unavailable),
        (CalibrationError.cannotReadEDID(file: "a", reason: "r"), .noInput),
        (CalibrationError.severalDisplays(outputs: ["a", "b"]), .usage),
        (CalibrationError.noSuchOutput(output: "a", found: []), .usage),
        (CalibrationError.unknownPaper("x"), .usage),
        (CalibrationError.sheetDoesNotFit(columns: 9, rows: 9, spacing: 9, paper: "A4"), .usage),
        (CalibrationError.noTaps(file: "a"), .dataError),
        (CalibrationError.noPressureAxis(device: "d"), .dataError),
        (CalibrationError.noContact(file: "a"), .dataError),
        (CalibrationError.pressureNeverSent(file: "a", touchingFrames: 3), .dataError),
        (CalibrationError.tooFewTargets(columns: 1, rows: 1, minimum: 4), .usage),
        (CalibrationError.notASpacing(0), .usage),
        (CalibrationError.rulerHalf, .usage),
        (CalibrationError.notARulerLength(pixels: 0), .usage),
        (CalibrationError.notAMeasuredLength(centimetres: 0), .usage),
        (CalibrationError.notAScale(0), .usage),
        // Visits, VisitReport, Exports, Visiting
        (VisitError.invalidParticipant("x"), .usage),
        (VisitError.notAManifest(file: "a", detail: "d"), .dataError),
        (VisitError.newerManifest(file: "a", schema: 9), .dataError),
        (VisitError.protocolChanged(folder: "a"), .usage),
        (VisitError.visitOver(folder: "a", status: "complete"), .usage),
        (VisitError.fileSystem(path: "a", reason: "r"), .ioError),
        (VisitError.noVisitFolder("a"), .noInput),
        (VisitProtocolError.missingKey(source: "s", line: nil, key: "k"), .dataError),
        (ReportError.missingResults(folder: "a", index: 0, test: "t", file: "f"), .noInput),
        (ReportError.noResultsNamed(folder: "a", index: 0, test: "t"), .dataError),
        (ReportError.unreadableResults(file: "a", index: 0, test: "t", reason: "r"), .dataError),
        (ReportError.cannotReadRanges(file: "a", reason: "r"), .noInput),
        (ReportError.badRanges(file: "a", line: 1, detail: "d"), .dataError),
        (ReportError.outputExists(path: "a"), .cannotCreate),
        (ExportError.noVisits(path: "a"), .noInput),
        (ExportError.unreadableVisit(path: "a", reason: "r"), .dataError),
        (ExportError.missingResults(visit: "v", test: 0, kind: "k", file: "f"), .noInput),
        (ExportError.changedResults(visit: "v", test: 0, kind: "k", file: "f"), .dataError),
        (ExportError.unmeasurable(visit: "v", test: 0, kind: "k", file: "f", reason: "r"), .dataError),
        (ExportError.invalidName(option: "o", value: "v"), .usage),
        (ExportError.duplicateRecord(record: "r", first: "a", second: "b"), .usage),
        (ExportError.outputExists(file: "a"), .cannotCreate),
        (ExportError.cannotWrite(file: "a", reason: "r"), .cannotCreate),
        (VisitRunError.protocolUnreadable(file: "a", reason: "r"), .noInput),
        (VisitRunError.testNeverOpened(position: 0), .failure),
        // The patient window and administer: a display the command needs is not there.
        (PatientWindowError.videoUnavailable(reason: "r"), .unavailable),
        (PatientWindowError.noSuchDisplay(name: "n", known: []), .unavailable),
        (PatientWindowError.cannotCreate(what: "w", reason: "r"), .unavailable),
        (MonitorChoiceError.noSuchMonitor(name: "n", monitors: "m"), .unavailable),
        (AdministerError.noDisplay, .unavailable),
        // Foundation's missing file, and an error no library declares.
        (CocoaError(.fileReadNoSuchFile), .noInput),
        (CocoaError(.fileReadNoPermission), .noPermission),
        (CocoaError(.fileWriteFileExists), .cannotCreate),
        (CocoaError(.fileWriteOutOfSpace), .ioError),
        (CocoaError(.fileReadCorruptFile), .dataError),
        (CocoaError(.featureUnsupported), .failure),
        (Unknown(), .failure),
        // Issue 33, item 5: errors that ended their command with 1 whatever their kind.
        (FeaturesError.missing(file: "a"), .noInput),
        (FeaturesError.recordingWithoutTest(file: "a"), .usage),
        (FeaturesError.notAnInput(file: "a", kind: nil), .dataError),
        (FeaturesError.outputExists(file: "a"), .cannotCreate),
        (FeaturesError.cannotWrite(file: "a", why: "r"), .cannotCreate),
        (ADFReadError(path: "a", line: 0, reason: .unreadable(String(cString: strerror(ENOENT)))), .noInput),
        (ADFReadError(path: "a", line: 0, reason: .unreadable(denied)), .noPermission),
        (ADFReadError(path: "a", line: 1, reason: .malformed("m")), .dataError),
        (ADFReadError(path: "a", line: 0, reason: .notADF("n")), .dataError),
        (ADFInvalidFile(path: "a", problems: []), .dataError),
        (WholeFileError(path: "a", reason: denied), .cannotCreate),
        (WholeFileError(path: "a", reason: String(cString: strerror(ENOSPC))), .ioError),
        (PictureChoiceError.unknownFormat("x"), .usage),
        (PictureChoiceError.nothingToWrite, .dataError),
        (stepSplitError, .usage),
        (SpeechError.noAudioOutput, .unavailable),
        // A journal given to replay is a file of the wrong kind, as a results file is (it was 64, a usage error).
        (RecordingReplayError.journal(path: "a", out: nil), .dataError),
    ]

    @Test("Each library's error ends the command with the status README's table gives it")
    func statuses() {
        for (error, status) in Self.cases {
            #expect(StylusKit.exitStatus(of: error) == status, "\(type(of: error)): \(error)")
        }
    }

    /// Errors that never end a command themselves, each with what carries it to the command line instead.
    static let carriedByOthers: [String: String] = [
        "ScoringRefusal": "ScoresFileError.refused",
        "BatchInputError": "the command line's ValidationError (a usage error)",
        "XMLWriterError": "ADFError.xmlWriter",
        "OpenFailure": "LiveInputError",
        "ErrorNumber": "JournalError and RecordingError",
        "LineProblem": "ScoresFileError",
        "ServedPathError": "the results browser's HTTP answers",
        "ScoringPageError": "the results browser's HTTP answers",
        "ParseFailure": "the command line's usage error",
        "CommandSuggestion": "the command line's usage error (a mistyped command)",
    ]

    /// The error types declared under Sources/ (a type adopting `Error` where it is declared) and the
    /// types that adopt `ExitStatusCarrying`, by their last name.
    static func declaredErrors() throws -> (errors: Set<String>, carrying: Set<String>) {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let declaration = try Regex(#"(?:enum|struct|class) (\w+)[^{=\n]*?:[^{=\n]*?\bError\b"#)
        let adoption = try Regex(#"extension ([\w.]+)\s*:[^{]*\bExitStatusCarrying\b"#)
        let carryingDeclaration = try Regex(#"(?:enum|struct|class) (\w+)[^{=\n]*?:[^{=\n]*?\bExitStatusCarrying\b"#)
        var errors = Set<String>()
        var carrying = Set<String>()
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { errors.insert(String(name)) }
            }
            for regex in [adoption, carryingDeclaration] {
                for match in text.matches(of: regex) {
                    if let name = match.output[1].substring {
                        carrying.insert(String(name.split(separator: ".").last!))
                    }
                }
            }
        }
        return (errors, carrying)
    }

    @Test("Every error a library declares carries its exit status, or is carried to the command line by one that does")
    func everyErrorCarriesItsStatus() throws {
        // FeaturesError, ADFReadError, WholeFileError and others carried none: their commands ended with 1 whatever
        // went wrong (features with an existing table, README's 73; adf show of a missing file, 66).
        let (errors, carrying) = try Self.declaredErrors()
        #expect(errors.count > 40, "the scan found the library's errors: \(errors.sorted())")
        let uncarried = errors.subtracting(carrying).subtracting(Self.carriedByOthers.keys)
        #expect(uncarried.isEmpty, "errors without an exit status: \(uncarried.sorted())")
        let stale = Set(Self.carriedByOthers.keys).subtracting(errors.subtracting(carrying))
        #expect(stale.isEmpty, "listed as carried by others but no longer declared, or now carrying: \(stale.sorted())")
    }
}
