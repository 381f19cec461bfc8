/// The kinds of ADF results file, one per assessment.
public enum ADFVariant: String, Sendable, Hashable, CaseIterable {
    /// Digital Clock Drawing Test: `.csk`, root `ClockSketchXMLFile`.
    case clock
    /// Digital Maze Test: `.msk`, root `MazeSketchXMLFile`.
    case maze
    /// Digital Symbol Digit Test: `.ssk`, root `SymbolDigitSketchXMLFile`.
    case symbolDigit
    /// Digital Trail Making Test: `.tsk`, root `TrailsSketchXMLFile` (docs/adf-trails.md).
    case trails

    /// The file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .clock: "csk"
        case .maze: "msk"
        case .symbolDigit: "ssk"
        case .trails: "tsk"
        }
    }

    /// The name of the document's root element.
    public var rootElementName: String {
        switch self {
        case .clock: "ClockSketchXMLFile"
        case .maze: "MazeSketchXMLFile"
        case .symbolDigit: "SymbolDigitSketchXMLFile"
        case .trails: "TrailsSketchXMLFile"
        }
    }
}

/// The environment and patient facts of a test (`ClockSketchData`).
///
/// Each non-nil fact becomes one child element, in the order of the spec; nil facts are
/// omitted rather than invented. Strings are filtered to XML 1.0 characters when written.
public struct ClockSketchData: Sendable, Hashable {
    /// Where the drawing's origin was on the original canvas (`OriginalOrigin x= y=`), in points.
    public struct Origin: Sendable, Hashable {
        public var x: Double
        public var y: Double

        public static let zero = Origin(x: 0, y: 0)
    }

    /// Operating system name (on Linux, e.g. "Linux").
    public var deviceSystemName: String?
    /// Operating system version (on Linux, the kernel release).
    public var deviceSystemVersion: String?
    /// A per-install identifier.
    public var deviceID: String?
    /// The tablet's model (its name as the kernel reports it).
    public var deviceModel: String?
    /// The tablet's model identifier (`bus:vendor:product`).
    public var deviceModelIdentifier: String?
    /// A user-set name of the machine or tablet.
    public var deviceName: String?
    /// The unique id of the stylus (tool serial or tool id).
    public var pencilID: String?
    /// Battery level 0...1 at the end of the test, where the machine can tell.
    public var batteryLevel: Double?
    /// Width of the drawing area in points.
    public var canvasWidth: Double?
    /// Height of the drawing area in points.
    public var canvasHeight: Double?
    /// The clinician's name (`Doctor firstlast=`).
    public var doctor: String?
    /// Always written: existing parsers require `OriginalOrigin`.
    public var originalOrigin: Origin
    /// Patient data encrypted for the receiving server.
    public var patientEncodedID: String?
    /// Patient data encrypted with the clinician's key.
    public var localPatientEncodedID: String?

    public init(
        deviceSystemName: String? = nil, deviceSystemVersion: String? = nil,
        deviceID: String? = nil, deviceModel: String? = nil,
        deviceModelIdentifier: String? = nil, deviceName: String? = nil,
        pencilID: String? = nil, batteryLevel: Double? = nil,
        canvasWidth: Double? = nil, canvasHeight: Double? = nil, doctor: String? = nil,
        originalOrigin: Origin = .zero, patientEncodedID: String? = nil,
        localPatientEncodedID: String? = nil
    ) {
        self.deviceSystemName = deviceSystemName
        self.deviceSystemVersion = deviceSystemVersion
        self.deviceID = deviceID
        self.deviceModel = deviceModel
        self.deviceModelIdentifier = deviceModelIdentifier
        self.deviceName = deviceName
        self.pencilID = pencilID
        self.batteryLevel = batteryLevel
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.doctor = doctor
        self.originalOrigin = originalOrigin
        self.patientEncodedID = patientEncodedID
        self.localPatientEncodedID = localPatientEncodedID
    }
}

/// The start or end of a step (`Start` / `End`): when, and the screen and audio state then.
public struct StepMark: Sendable, Hashable {
    /// Unix time in milliseconds, unrounded.
    public var unixMilliseconds: Double
    /// Screen brightness 0...1, where the machine can tell.
    public var brightness: Double?
    /// Audio volume 0...1, where the machine can tell.
    public var volume: Double?
    /// When the step's instructions were shown and read; written on `Start` only.
    public var instructions: InstructionTimes?
    /// The time a clock step told the patient to set (command) or showed them to copy (copy);
    /// written on `Start` only, and only where it is not the spec's default (nil reads as 10 past 11).
    public var clockTime: ClockFaceTime?
    /// True on the `End` of a step that ended because its journal ended (a session cut short by a
    /// crash, rebuilt by `recover`): written on `End` only, as the extra attribute
    /// `journalEnded="true"`, which consumers of the older format ignore.
    public var journalEnded: Bool
    /// Who or what ended the step: written on `End` only, as the extra attribute `outcome`, and
    /// only where it is not the participant's own finish (`StepOutcome.finished`, the default).
    public var outcome: StepOutcome

    public init(
        unixMilliseconds: Double, brightness: Double? = nil, volume: Double? = nil,
        instructions: InstructionTimes? = nil, clockTime: ClockFaceTime? = nil, journalEnded: Bool = false,
        outcome: StepOutcome = .finished
    ) {
        self.unixMilliseconds = unixMilliseconds
        self.brightness = brightness
        self.volume = volume
        self.instructions = instructions
        self.clockTime = clockTime
        self.journalEnded = journalEnded
        self.outcome = outcome
    }
}

/// Who or what ended a step: the `End` attribute `outcome="moved-on"`, an extra attribute that
/// consumers of the older format ignore. A step without it ended by itself: the participant
/// finished it (or, in a file from before the attribute, nobody can tell).
public enum StepOutcome: String, Sendable, Hashable, CaseIterable {
    /// The participant finished the step (the clock's continue button, a maze's finish; a
    /// recording's or a fed session's end counts so). Never written: it is the default.
    case finished
    /// The operator moved on from the step while it was on screen (N, Escape twice; `record`: Ctrl-C).
    case movedOn = "moved-on"
    /// The step's time limit ran out. No proctor ends a step on time yet; the trail making test's
    /// discontinuation will.
    case timeLimit = "time-limit"
    /// A signal (SIGINT, SIGTERM) stopped the session while the step was on screen.
    case stopped
    /// The step was never shown: the operator or a signal ended the test before it (its `Start`
    /// and `End` are one instant).
    case skipped

    /// What the word means, for `adf show`, the report and the summaries.
    public var meaning: String {
        switch self {
        case .finished: "the participant finished it"
        case .movedOn: "the operator moved on"
        case .timeLimit: "its time limit ran out"
        case .stopped: "a signal stopped the session"
        case .skipped: "never shown: the test ended before it"
        }
    }

    /// What the attribute holds, for error messages.
    static let expectation =
        "one of " + allCases.filter { $0 != .finished }.map { "'\($0.rawValue)'" }.joined(separator: ", ")
}

/// The time on a clock face a clock step gave the patient: the `Start` attribute
/// `clockTime="H:MM"` (`clockTime="2:45"`), an extra attribute that consumers of the older format
/// ignore. A clock step without it gave the spec's default time, 10 past 11.
public struct ClockFaceTime: Sendable, Hashable {
    /// 1-12.
    public var hours: Int
    /// 0-59.
    public var minutes: Int

    public init(hours: Int, minutes: Int) {
        self.hours = hours
        self.minutes = minutes
    }

    /// Reads the attribute's text: `H:MM` or `HH:MM`, hours 1-12, minutes two digits 00-59; nil otherwise.
    public init?(attribute text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (1...12).contains(hours), (0...59).contains(minutes)
        else { return nil }
        self.init(hours: hours, minutes: minutes)
    }

    /// The attribute's text, `H:MM`.
    public var attribute: String { "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)" }

    /// What the attribute holds, for error messages.
    static let expectation = "a time on a clock face, H:MM with hours 1-12 and minutes 00-59 (such as '2:45')"
}

/// How long a patient took over a step's instructions, measured without their knowing
/// (assessments.md): the `Start` attributes `instructionsShown`, `instructionsSpoken` and
/// `firstTouch`, extra attributes that consumers of the older format ignore. Instructions shown but
/// not spoken (no audio played) have `instructionsNotSpoken` (why, in words) in place of `instructionsSpoken`.
public struct InstructionTimes: Sendable, Hashable {
    /// Unix milliseconds, unrounded: the instructions appeared and began to be spoken.
    public var shownUnixMilliseconds: Double
    /// Unix milliseconds, unrounded: the speech ended; nil when it was not played (`notSpoken` says why).
    public var spokenUnixMilliseconds: Double?
    /// Unix milliseconds, unrounded: the pen's first touch in the step after the instructions.
    public var firstTouchUnixMilliseconds: Double
    /// Why the instructions were shown but not spoken, in words (`instructionsNotSpoken`, e.g. "no
    /// audio output device"); nil when their speech was played.
    public var notSpoken: String?

    public init(
        shownUnixMilliseconds: Double, spokenUnixMilliseconds: Double?, firstTouchUnixMilliseconds: Double,
        notSpoken: String? = nil
    ) {
        self.shownUnixMilliseconds = shownUnixMilliseconds
        self.spokenUnixMilliseconds = spokenUnixMilliseconds
        self.firstTouchUnixMilliseconds = firstTouchUnixMilliseconds
        self.notSpoken = notSpoken
    }

    /// The reading time as the file gives it: `firstTouch - instructionsShown`, in milliseconds.
    public var readingMilliseconds: Int64 {
        ADFNumbers.timestamp(firstTouchUnixMilliseconds) - ADFNumbers.timestamp(shownUnixMilliseconds)
    }

    /// The one rule for which step these times belong to, whenever they come (also after the
    /// step ended): the latest step named `identifier` that started no later than the first touch
    /// (a maze battery may show the same maze twice), else the latest step of that name; nil when
    /// no step has it. `identifierOf` and `startOf` read a step's identifier and start (Unix ms).
    public func step<Step>(
        named identifier: String, in steps: [Step], identifierOf: (Step) -> String, startOf: (Step) -> Double
    ) -> Int? {
        var latest: Int?
        for index in steps.indices.reversed() where identifierOf(steps[index]) == identifier {
            if startOf(steps[index]) <= firstTouchUnixMilliseconds { return index }
            if latest == nil { latest = index }
        }
        return latest
    }

    /// Attaches these times to the start of the step `step(named:in:…)` chooses, replacing any
    /// given before: the one rule both kinds of recording follow. `identifier` and `start` reach a
    /// step's identifier and start mark.
    ///
    /// - Returns: false when no step has that identifier (nothing is attached).
    public func attach<Step>(
        toStep identifier: String, in steps: inout [Step], identifier identifierOf: KeyPath<Step, String>,
        start: WritableKeyPath<Step, StepMark>
    ) -> Bool {
        guard
            let index = step(
                named: identifier, in: steps, identifierOf: { $0[keyPath: identifierOf] },
                startOf: { $0[keyPath: start].unixMilliseconds })
        else { return false }
        steps[index][keyPath: start].instructions = self
        return true
    }
}

/// One motion-sensor sample of a step (`Motion`), for machines that have a sensor.
public struct MotionSample: Sendable, Hashable, BitwiseCopyable {
    /// Unix time in milliseconds, unrounded.
    public var unixMilliseconds: Double
    /// Attitude relative to the start of the test, in radians.
    public var pitch: Double
    public var roll: Double
    public var yaw: Double
    /// Acceleration in g.
    public var accelerationX: Double
    public var accelerationY: Double
    public var accelerationZ: Double
}

/// An interruption of the patient by the proctor (`Pause timestamp= type=`).
public struct Interruption: Sendable, Hashable {
    /// The interruption type as the proctor names it, e.g. "wall-cross", "no-drawing".
    public var type: String
    /// Unix time in milliseconds, unrounded.
    public var unixMilliseconds: Double

    public init(type: String, unixMilliseconds: Double) {
        self.type = type
        self.unixMilliseconds = unixMilliseconds
    }
}

/// The point values a pen did not measure: written as the `absent` attribute of a `point`
/// (`absent="altitude azimuth"`), whose own attributes then hold placeholders.
///
/// A device without tilt or pressure, one that declares an axis and never sends it, or an axis
/// that has not reported yet (a recording cut mid-stroke) gives no value; the point still carries
/// every attribute, so readers that do not know `absent` read what they always read: altitude
/// π/2 (1.5708), azimuth 0, pressure 1000 (an average touch). Readers that know it leave those
/// placeholders out of every measure (docs/adf-absent-axes.md).
public struct AbsentPointValues: OptionSet, Sendable, Hashable, BitwiseCopyable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let altitude = AbsentPointValues(rawValue: 1 << 0)
    public static let azimuth = AbsentPointValues(rawValue: 1 << 1)
    public static let pressure = AbsentPointValues(rawValue: 1 << 2)
    /// Altitude and azimuth: both come from the two tilt axes.
    public static let tilt: AbsentPointValues = [.altitude, .azimuth]

    /// The attribute names, in the alphabetical order the attribute lists them.
    public static let names: [(AbsentPointValues, String)] = [
        (.altitude, "altitude"), (.azimuth, "azimuth"), (.pressure, "pressure"),
    ]

    /// The `absent` attribute's text: the names of the absent values, separated by one space.
    public var attributeText: String {
        Self.names.filter { contains($0.0) }.map(\.1).joined(separator: " ")
    }

    /// Reads an `absent` attribute's text; nil when a word is not one of `altitude`, `azimuth`, `pressure`.
    public init?(attributeText: some StringProtocol) {
        var values: AbsentPointValues = []
        for word in attributeText.split(separator: " ", omittingEmptySubsequences: true) {
            guard let value = Self.names.first(where: { $0.1 == word })?.0 else { return nil }
            values.insert(value)
        }
        self = values
    }
}

/// One pen sample on the canvas, as the ADF `point` and the RawData line record it.
public struct PenPoint: Sendable, Hashable, BitwiseCopyable {
    /// Canvas position in points, y down.
    public var x: Double
    public var y: Double
    /// Radians; π/2 is the pen perpendicular to the surface.
    public var altitude: Double
    /// Radians in [0, 2π); 0 is the pen top toward +x, increasing clockwise (y down).
    public var azimuth: Double
    /// Normalised force; 1.0 is an average touch. ADF writes it ×1000 as an integer.
    public var force: Double
    /// Unix time in milliseconds, unrounded.
    public var unixMilliseconds: Double
    /// The values the pen did not measure: `altitude`, `azimuth` and `force` then hold
    /// placeholders (`AbsentPointValues`) that no measure may read.
    public var absent: AbsentPointValues

    public init(
        x: Double, y: Double, altitude: Double, azimuth: Double, force: Double,
        unixMilliseconds: Double, absent: AbsentPointValues = []
    ) {
        self.x = x
        self.y = y
        self.altitude = altitude
        self.azimuth = azimuth
        self.force = force
        self.unixMilliseconds = unixMilliseconds
        self.absent = absent
    }

    /// The altitude, nil when the pen did not measure it.
    public var measuredAltitude: Double? { absent.contains(.altitude) ? nil : altitude }
    /// The azimuth, nil when the pen did not measure it.
    public var measuredAzimuth: Double? { absent.contains(.azimuth) ? nil : azimuth }
    /// The force, nil when the pen did not measure pressure.
    public var measuredForce: Double? { absent.contains(.pressure) ? nil : force }
}

/// The attributes older symbol-digit analysis code finds the two parts of a `.ssk` file by:
/// `<drawing type="SYMBOLDIGIT" setID="..." structureID="...">`.
public struct SymbolDigitDrawingTags: Sendable, Hashable {
    /// The form's set identifier.
    public var setID: String
    /// "symbol-digit" for the part with the legend, "digit-digit" for the copy part.
    public var structureID: String

    public init(setID: String, structureID: String) {
        self.setID = setID
        self.structureID = structureID
    }

    /// The part with the legend.
    public static func symbolDigit(setID: String) -> Self {
        Self(setID: setID, structureID: "symbol-digit")
    }

    /// The copy part.
    public static func digitDigit(setID: String) -> Self {
        Self(setID: setID, structureID: "digit-digit")
    }
}

/// How ADF turns unrounded times and forces into its integer attributes.
///
/// The spec's example fixes the rules: the first point has RawData `StartTime 1673535664834.0`
/// and ADF timestamp ...834; the second has ADF timestamp ...936 and RawData dt 103. With t1
/// in [...833.95, ...834.05) (StartTime, one decimal) a truncated dt of 103 needs t2 ≥ ...936.95,
/// whose ADF timestamp would be 937 whether rounded or truncated: so dt is rounded to nearest.
/// A rounded dt of 103 then needs t2 - t1 ≥ 102.5; rounded ADF timestamps would leave only
/// t1 in [...833.95, ...834.0) with t2 in [...936.45, ...936.5), while truncated ones allow the
/// whole t1 in [...834.0, ...834.05), t2 in [...936.5, ...937.0). The writer therefore
/// truncates ADF timestamps (toward minus infinity, like the original app's integer
/// conversion of a positive time) and rounds dt to nearest (ties to even, as printf's "%.0f").
enum ADFNumbers {
    /// The largest ADF timestamp magnitude read back, 2^53 ms (some 285,000 years from 1970):
    /// beyond it a Double no longer holds every whole millisecond, and the Int64 timestamps
    /// and durations worked out from such times could overflow.
    static let timestampLimit: Double = 9_007_199_254_740_992

    /// What a timestamp must be, for error messages.
    static let timestampExpectation =
        "a Unix time in whole milliseconds between -9007199254740992 and 9007199254740992"

    /// The ADF `timestamp` attribute: Unix milliseconds rounded down.
    static func timestamp(_ unixMilliseconds: Double) -> Int64 {
        Int64(unixMilliseconds.rounded(.down))
    }

    /// The RawData dt: milliseconds between two unrounded times, rounded to nearest, ties even.
    static func millisecondsBetween(_ earlier: Double, _ later: Double) -> Int64 {
        Int64((later - earlier).rounded(.toNearestOrEven))
    }

    /// The ADF `pressure` attribute: force × 1000 rounded to nearest, ties away from zero.
    static func pressure(_ force: Double) -> Int64 {
        Int64((force * 1000).rounded(.toNearestOrAwayFromZero))
    }

    /// The RawData pressure: force × 1000, written with 4 decimals.
    static func rawPressure(_ force: Double) -> Double {
        force * 1000
    }
}
