public import ADF
public import Proctoring
public import Recordings
public import StylusGeometry
public import StylusInput
public import TestMaterials

/// Everything a live or recovered session needs from its test and device: the normaliser, the
/// display, the ADF environment and a driver. The same for `record` and `recover`, and built as
/// `replay` builds them, so the three write the same file from the same events.
public struct SessionDriverSetup: Sendable {
    public let test: JournaledTest
    public let normalizer: Normalizer
    public let display: DisplayData
    /// The blank page the test is laid out on (`TabletPage`).
    public let form: FormSize
    /// The display and environment the session is recorded with (the active profiles).
    public let results: ResultsEnvironment
    private let mazes: [AdministeredMaze]
    /// The trail making test's layouts (nil for the other tests).
    public let trailsForm: TrailsForm?
    /// The tests' options the driver runs with (a battery's own lines are in its mazes already).
    public let settings: ProctoringSettings

    /// The setup from what the session was given: its tablet profile, its display and the
    /// profiles' environment (`results`), its settings and its mazes (`SessionMaterials`).
    public init(
        test: JournaledTest, device: DeviceDescription, profile: ProfileMatch?, results: ResultsEnvironment,
        settings: ProctoringSettings, mazes: [AdministeredMaze], trailsForm: TrailsForm? = nil
    ) throws {
        self.test = test
        self.mazes = mazes
        self.trailsForm = trailsForm
        self.settings = settings
        // As `replay`: every test on the active area at physical size (the clock drawn on it, the
        // maze placed on it, the symbol-digit form centred on it), the display from the active profiles.
        form = try TabletPage.size(of: device, profile: profile?.profile)
        self.results = results
        display = results.display
        normalizer = try Normalizer(
            device: device, profile: profile?.profile, formSize: form, pointsPerInch: display.pointsPerInch)
    }

    public func environment(header: RecordingHeader, penID: String?) -> ClockSketchData {
        let canvas = normalizer.formToCanvas.canvasSize(of: form)
        return results.clockSketchData(kernel: header.kernel, device: header.device, penID: penID, canvas: canvas)
    }

    /// The test's driver. A live session's plan is empty (it presses continue itself), `recover`
    /// adds the journal's controls as it reads them, a replay's comes from its split rule.
    /// `events` logs the proctors' decisions (`--events`); `unrecordedInk`
    /// collects the ink their proctors kept out of the results file.
    public func driver(
        device: DeviceDescription, anchor: WallClockAnchor, recorder: any SessionRecording,
        plan: SessionPlan = SessionPlan(),
        events: ProctorEventLog? = nil, unrecordedInk: (any UnrecordedInkSink)? = nil
    ) throws -> any SessionDriver {
        switch test {
        case .clock:
            return try ClockDriver(
                device: device, normalizer: normalizer, anchor: anchor, recorder: recorder, events: events, plan: plan,
                settings: settings.clock)
        case .maze, .battery:
            let driver = try MazeDriver(
                device: device, normalizer: normalizer, anchor: anchor, recorder: recorder, mazes: mazes,
                events: events, plan: plan)
            driver.unrecordedInk = unrecordedInk
            return driver
        case .sdt:
            let driver = try SymbolDigitDriver(
                device: device, normalizer: normalizer, anchor: anchor, recorder: recorder,
                settings: settings.symbolDigit,
                origin: SymbolDigitForm.origin(centredOn: form), events: events, plan: plan)
            driver.unrecordedInk = unrecordedInk
            return driver
        case .trails:
            guard let trailsForm else { throw SessionDriverSetupError.notAdministeredYet(test: test.name) }
            let driver = try TrailsDriver(
                device: device, normalizer: normalizer, anchor: anchor, recorder: recorder, form: trailsForm,
                settings: settings.trails, events: events, plan: plan)
            driver.unrecordedInk = unrecordedInk
            return driver
        }
    }
}

/// Why a session cannot be set up for its test.
public enum SessionDriverSetupError: Error, CustomStringConvertible {
    /// The test's materials were not given (a trails test without its layouts): a caller's mistake.
    case notAdministeredYet(test: String)

    public var description: String {
        switch self {
        case .notAdministeredYet(let test):
            "The \(test) test was set up without its materials (its form's layouts); this is a bug in StylusKit: "
                + "please report it with the command that gave it."
        }
    }
}
