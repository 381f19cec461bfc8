/// An ADF results file read back: the document, and what the model has no place for.
public struct ADFFile: Sendable, Hashable {
    /// What a `drawing` element held besides its strokes.
    public struct Drawing: Sendable, Hashable {
        /// Its attributes as found (older files and `.ssk` files have some).
        public var attributes: [ADFAttribute]
        /// The strokes container: "symbol" (clock), "strokes" (others), nil if absent.
        public var container: String?
        /// Each stroke's `index` as written (nil where absent or not a number).
        public var strokeNumbers: [Int?]
        /// Each stroke's number of points (also when the points were not kept).
        public var pointCounts: [Int]
        /// The RawData text; nil if absent, and when reading point by point.
        public var rawData: String?
        public var line: Int
    }

    public var path: String
    /// The document; the steps' strokes have no points when read point by point.
    public var document: ADFDocument
    /// The root's attributes, e.g. `version="2.0"` in files of the older generation.
    public var rootAttributes: [ADFAttribute]
    /// `ClockSketchData` children the model does not know, as found.
    public var otherEnvironmentFacts: [ADFElement]
    /// Whether the file has `DisplayData` (when it has not, `document.display` is
    /// `DisplayData.formatDefault`).
    public var hasDisplayData: Bool
    /// One per `drawing`, in order (the document has one step per drawing or Step,
    /// whichever there are more of).
    public var drawings: [Drawing]
    /// Number of `TaskData/Step` elements.
    public var taskStepCount: Int

    /// The root's `version` attribute (files of the older generation have "2.0").
    public var formatVersion: String? { rootAttributes.first { $0.name == "version" }?.value }

    public var pointCount: Int { drawings.reduce(0) { $0 + $1.pointCounts.reduce(0, +) } }
    public var strokeCount: Int { drawings.reduce(0) { $0 + $1.pointCounts.count } }
}

/// A results file read and checked in one pass (`ADFReader.readValidated`).
public struct ADFValidatedFile: Sendable {
    public var file: ADFFile
    /// What `adf validate` finds wrong with it; empty when it is valid.
    public var problems: [ADFProblem]

    public var isValid: Bool { problems.isEmpty }

    /// The file's document, or `ADFInvalidFile` when it is not valid and `allowsInvalid` is false.
    public func document(allowsInvalid: Bool) throws(ADFInvalidFile) -> ADFDocument {
        guard isValid || allowsInvalid else { throw ADFInvalidFile(path: file.path, problems: problems) }
        return file.document
    }
}

/// A results file that `adf validate` rejects, refused by what would measure or report it: a
/// missing value read as 0, or times running backwards, would give measures that are not true.
public struct ADFInvalidFile: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    /// At least one.
    public var problems: [ADFProblem]

    public init(path: String, problems: [ADFProblem]) {
        self.path = path
        self.problems = problems
    }

    /// The first problem and how many more, in a few words for a row or a note.
    public var summary: String {
        guard let first = problems.first else { return "" }
        let place = first.line > 0 ? "line \(first.line): " : ""
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return place + first.message + more
    }

    public var description: String {
        "\(path) is not valid ADF: \(summary). Its measures would not be true. See every problem with "
            + "`styluskit adf validate \(path)`, and restore the file or rebuild it from its journal with `styluskit recover`; "
            + "or give --allow-invalid to measure it anyway, marked as invalid."
    }
}

/// One point as the streaming reader hands it over.
public struct ADFPointRecord: Sendable, Hashable {
    /// The step (drawing) it belongs to, from 0.
    public var step: Int
    /// Its stroke's position in the drawing, from 0.
    public var strokeInDrawing: Int
    /// Its stroke's `index` attribute (the number across the test, from 1), if any.
    public var strokeNumber: Int?
    public var point: PenPoint
    public var line: Int
}

/// Reads ADF results files (`.csk`, `.msk`, `.ssk`, `.tsk`, and the older generation's files)
/// safely and in a streaming way.
///
/// Everything goes through libxml2's xmlTextReader with the protections of `XMLStreamReader`:
/// no DOCTYPE, no entities, no network, no decompression, the limits of `ADFReadLimits`.
/// Attributes the reader does not know are ignored (the root's and the drawings' are kept in
/// `ADFFile`); missing point values that files of the older generation lack (altitude,
/// azimuth, pressure) read as 0.
public enum ADFReader {
    /// Every element start, end and text of `path`, in order, in flat memory.
    public static func scan(
        path: String, limits: ADFReadLimits = .standard, _ body: (ADFNode) throws -> Void
    ) throws {
        let reader = try XMLStreamReader(path: path, limits: limits)
        while let node = try reader.next() { try body(node) }
    }

    /// Reads the whole file into the model.
    public static func read(path: String, limits: ADFReadLimits = .standard) throws -> ADFFile {
        let builder = DocumentBuilder(path: path, keepsPoints: true, onPoint: nil)
        let reader = try XMLStreamReader(path: path, limits: limits)
        while let item = try reader.nextItem() { try builder.take(item) }
        return try builder.finish()
    }

    /// Reads the whole file into the model and checks it as `ADFValidator.validate` does, in
    /// the same pass: the problems are those `styluskit adf validate` prints (empty when the
    /// file is valid), so whatever measures or reports a file can refuse the ones it rejects.
    ///
    /// - Throws: `ADFReadError` (or the reader's error) for a file that cannot be read at all,
    ///   as `read` does.
    public static func readValidated(path: String, limits: ADFReadLimits = .standard) throws -> ADFValidatedFile {
        let builder = DocumentBuilder(path: path, keepsPoints: true, onPoint: nil)
        let validation = ValidationState(path: path)
        let reader = try XMLStreamReader(path: path, limits: limits)
        while let item = try reader.nextItem() {
            // A text is made a String once, for both.
            if case .text(let bytes, let line) = item {
                let text = ADFNode.text(String(decoding: bytes, as: UTF8.self), line: line)
                validation.take(text)
                try builder.take(text)
            } else {
                validation.take(item)
                try builder.take(item)
            }
        }
        validation.finish()
        if validation.problems.isEmpty {
            // A valid file has one RawData a drawing, each parsed already by its check.
            builder.useRawStartTimes(validation.rawStartTimes)
            return ADFValidatedFile(file: try builder.finish(), problems: [])
        }
        let file = try builder.finish()
        // An invalid file is checked again element by element, for the problems in adf
        // validate's own words (the fast path quotes numbers, not the text as written).
        let worded = ADFValidator(limits: limits).validate(path: path)
        return ADFValidatedFile(file: file, problems: worded.isEmpty ? validation.problems : worded)
    }

    /// Hands every point to `body` as it is read, keeping none: memory stays flat however
    /// many points the file has. Returns the file without points and RawData texts.
    @discardableResult
    public static func forEachPoint(
        path: String, limits: ADFReadLimits = .standard,
        _ body: @escaping (ADFPointRecord) throws -> Void
    ) throws -> ADFFile {
        let builder = DocumentBuilder(path: path, keepsPoints: false, onPoint: body)
        let reader = try XMLStreamReader(path: path, limits: limits)
        while let item = try reader.nextItem() { try builder.take(item) }
        return try builder.finish()
    }

    /// The variant whose root element is `name`.
    public static func variant(rootElement name: String) -> ADFVariant? {
        ADFVariant.allCases.first { $0.rootElementName == name }
    }

    /// The variant whose extension `path` has (`.csk`, `.msk`, `.ssk`, `.tsk`).
    public static func variant(path: String) -> ADFVariant? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        return ADFVariant.allCases.first { $0.fileExtension == ext }
    }
}

/// Builds an `ADFFile` from the reader's nodes.
private final class DocumentBuilder {
    private struct StepRecord {
        var identifier = ""
        var start: StepMark?
        var end: StepMark?
        var motion: [MotionSample] = []
        var interruptions: [Interruption] = []
        var trail: TrailRecord?
    }

    private struct StrokeRecord {
        var points: [PenPoint] = []
        var count = 0
        var firstTime: Double?
        var lastTime: Double?
    }

    private struct DrawingRecord {
        var info: ADFFile.Drawing
        var strokes: [StrokeRecord] = []
        /// When reading point by point: the StartTimes of its RawData, scanned as it came.
        var rawStartTimes: [Double?]?
    }

    let path: String
    let keepsPoints: Bool
    let onPoint: ((ADFPointRecord) throws -> Void)?

    private var variant: ADFVariant?
    private var rootAttributes: [ADFAttribute] = []
    private var names: [String] = []
    private var environment = ClockSketchData()
    private var otherFacts: [ADFElement] = []
    private var hasDisplay = false
    private var pixelsPerInch: Double?
    private var scaling: Double?
    private var symbolDigit: [String: Double] = [:]
    private var sawSymbolDigit = false
    private var steps: [StepRecord] = []
    private var motion: MotionSample?
    private var drawings: [DrawingRecord] = []
    private var rawText = ""
    private var inRawData = false
    /// Point by point, RawData is not kept: only its StartTimes are picked out of it.
    private var startTimes = RawDataStartTimes()

    init(path: String, keepsPoints: Bool, onPoint: ((ADFPointRecord) throws -> Void)?) {
        self.path = path
        self.keepsPoints = keepsPoints
        self.onPoint = onPoint
    }

    private func invalid(_ element: ADFElement, _ attribute: String, _ expected: String) -> ADFReadError {
        ADFReadError(
            path: path, line: element.line,
            reason: .invalidValue(
                element: element.name, attribute: attribute, value: element[attribute] ?? "",
                expected: expected))
    }

    private func number(_ element: ADFElement, _ attribute: String) throws -> Double? {
        guard let text = element[attribute] else { return nil }
        guard let value = ADFNumberText.decimal(text) else {
            throw invalid(element, attribute, "a decimal number")
        }
        return value
    }

    private func required(_ element: ADFElement, _ attribute: String) throws -> Double {
        guard let value = try number(element, attribute) else {
            throw ADFReadError(
                path: path, line: element.line,
                reason: .notADF("<\(element.name)> has no \(attribute) attribute"))
        }
        return value
    }

    /// The `timestamp` of `element`, refused beyond `ADFNumbers.timestampLimit`.
    private func timestamp(_ element: ADFElement) throws -> Double {
        let value = try required(element, "timestamp")
        guard abs(value) <= ADFNumbers.timestampLimit else {
            throw invalid(element, "timestamp", ADFNumbers.timestampExpectation)
        }
        return value
    }

    private func mark(_ element: ADFElement) throws -> StepMark {
        StepMark(
            unixMilliseconds: try timestamp(element),
            brightness: try number(element, "brightness"), volume: try number(element, "volume"))
    }

    /// Takes an item of `XMLStreamReader.nextItem`: points and texts without strings.
    func take(_ item: XMLStreamReader.Item) throws {
        switch item {
        case .node(let node):
            try take(node)
        case .point(let attributes, _, let line):
            // As `start` for <point>, and the `.end` that would follow it changes nothing.
            guard names.count == 5, names[1] == "PenData", names[2] == "drawing", names.last == "stroke" else { return }
            func required(_ value: Double?, _ attribute: String) throws -> Double {
                guard let value else {
                    throw ADFReadError(
                        path: path, line: line, reason: .notADF("<point> has no \(attribute) attribute"))
                }
                return value
            }
            let time = try required(attributes.timestamp, "timestamp")
            guard abs(time) <= ADFNumbers.timestampLimit else {
                throw ADFReadError(
                    path: path, line: line,
                    reason: .invalidValue(
                        element: "point", attribute: "timestamp", value: "\(time)",
                        expected: ADFNumbers.timestampExpectation))
            }
            let point = PenPoint(
                x: try required(attributes.x, "x"), y: try required(attributes.y, "y"),
                altitude: attributes.altitude ?? 0, azimuth: attributes.azimuth ?? 0,
                force: (attributes.pressure ?? 0) / 1000, unixMilliseconds: time, absent: attributes.absent)
            try add(point, line: line)
        case .text(let bytes, let line):
            guard inRawData else { return }
            if keepsPoints {
                try take(.text(String(decoding: bytes, as: UTF8.self), line: line))
            } else {
                startTimes.scan(bytes)
            }
        }
    }

    func take(_ node: ADFNode) throws {
        switch node {
        case .start(let element):
            try start(element)
            names.append(element.name)
        case .end(let name, _, _):
            names.removeLast()
            try end(name)
        case .text(let text, _):
            if inRawData { rawText += text }
        }
    }

    private func start(_ element: ADFElement) throws {
        let parent = names.last
        switch names.count {
        case 0:
            guard let variant = ADFReader.variant(rootElement: element.name) else {
                throw ADFReadError(
                    path: path, line: element.line,
                    reason: .notADF(
                        "the root element is <\(element.name)>, not one of "
                            + ADFVariant.allCases.map { "<\($0.rootElementName)>" }.joined(separator: ", ")))
            }
            self.variant = variant
            rootAttributes = element.attributes
            return
        case 1:
            if element.name == "DisplayData" { hasDisplay = true }
            return
        default:
            break
        }
        let section = names[1]
        switch (section, names.count, element.name) {
        case ("ClockSketchData", 2, _):
            try fact(element)
        case ("TaskData", 2, "Step"):
            steps.append(StepRecord(identifier: element["identifier"] ?? ""))
        case ("TaskData", 3, "Start") where parent == "Step":
            var start = try mark(element)
            // All three or none (the speech's end, or why there was none): a partial measure is no reading time.
            if let shown = try number(element, "instructionsShown"), let touch = try number(element, "firstTouch") {
                if let spoken = try number(element, "instructionsSpoken") {
                    start.instructions = InstructionTimes(
                        shownUnixMilliseconds: shown, spokenUnixMilliseconds: spoken, firstTouchUnixMilliseconds: touch)
                } else if let why = element["instructionsNotSpoken"] {
                    start.instructions = InstructionTimes(
                        shownUnixMilliseconds: shown, spokenUnixMilliseconds: nil, firstTouchUnixMilliseconds: touch,
                        notSpoken: why)
                }
            }
            if let text = element["clockTime"] {
                // A clock drawn at a time the file does not say would not be the one the patient was given.
                guard let time = ClockFaceTime(attribute: text) else {
                    throw invalid(element, "clockTime", ClockFaceTime.expectation)
                }
                start.clockTime = time
            }
            steps[steps.count - 1].start = start
        case ("TaskData", 3, "End") where parent == "Step":
            var end = try mark(element)
            end.journalEnded = element["journalEnded"] == "true"
            if let text = element["outcome"] {
                // "finished" is never written: the attribute is there only for someone else's ending.
                guard let outcome = StepOutcome(rawValue: text), outcome != .finished else {
                    throw invalid(element, "outcome", StepOutcome.expectation)
                }
                end.outcome = outcome
            }
            steps[steps.count - 1].end = end
        case ("TaskData", 3, "Motion") where parent == "Step":
            motion = MotionSample(
                unixMilliseconds: try timestamp(element), pitch: 0, roll: 0, yaw: 0,
                accelerationX: 0, accelerationY: 0, accelerationZ: 0)
        case ("TaskData", 4, "Attitude") where parent == "Motion":
            motion?.pitch = try number(element, "pitch") ?? 0
            motion?.roll = try number(element, "roll") ?? 0
            motion?.yaw = try number(element, "yaw") ?? 0
        case ("TaskData", 4, "Acceleration") where parent == "Motion":
            motion?.accelerationX = try number(element, "x") ?? 0
            motion?.accelerationY = try number(element, "y") ?? 0
            motion?.accelerationZ = try number(element, "z") ?? 0
        case ("TaskData", 4, "Pause") where parent == "Interruptions" && names[2] == "Step":
            steps[steps.count - 1].interruptions.append(
                Interruption(
                    type: element["type"] ?? "", unixMilliseconds: try timestamp(element)))
        case ("TaskData", 3, "Trail") where parent == "Step":
            steps[steps.count - 1].trail = try trail(element)
        case ("TaskData", 4, _) where parent == "Trail" && names[2] == "Step":
            try trailChild(element, into: &steps[steps.count - 1].trail)
        case ("DisplayData", 2, "PixelsPerInch"):
            pixelsPerInch = try number(element, "value")
        case ("DisplayData", 2, "ScreenScalingFactor"):
            scaling = try number(element, "value")
        case ("DisplayData", 2, "SymbolDigit"):
            sawSymbolDigit = true
        case ("DisplayData", 3, _) where parent == "SymbolDigit":
            if let value = try number(element, "value") { symbolDigit[element.name] = value }
        case ("PenData", 2, "drawing"):
            drawings.append(
                DrawingRecord(
                    info: ADFFile.Drawing(
                        attributes: element.attributes, container: nil, strokeNumbers: [],
                        pointCounts: [], rawData: nil, line: element.line)))
        case ("PenData", 3, "RawData") where parent == "drawing":
            inRawData = true
            rawText = ""
            startTimes = RawDataStartTimes()
        case ("PenData", 3, "symbol"), ("PenData", 3, "strokes"):
            if parent == "drawing" { drawings[drawings.count - 1].info.container = element.name }
        // Only inside a <drawing>, which its start appended: a stray <stroke> or <point>
        // elsewhere under PenData would otherwise index an empty list (a fuzzer found it).
        case ("PenData", 4, "stroke") where names[2] == "drawing":
            let last = drawings.count - 1
            drawings[last].info.strokeNumbers.append(element["index"].flatMap { Int($0) })
            drawings[last].strokes.append(StrokeRecord())
        case ("PenData", 5, "point") where parent == "stroke" && names[2] == "drawing":
            try point(element)
        default:
            break
        }
    }

    /// A whole number attribute, required.
    private func whole(_ element: ADFElement, _ attribute: String) throws -> Int {
        guard let text = element[attribute] else {
            throw ADFReadError(
                path: path, line: element.line, reason: .notADF("<\(element.name)> has no \(attribute) attribute"))
        }
        guard let value = ADFNumberText.integer(text), let whole = Int(exactly: value) else {
            throw invalid(element, attribute, "a whole number")
        }
        return whole
    }

    /// One of a set of words, required.
    private func word<Word: RawRepresentable & CaseIterable>(_ element: ADFElement, _ attribute: String, as: Word.Type)
        throws -> Word where Word.RawValue == String
    {
        guard let word = element[attribute].flatMap(Word.init(rawValue:)) else {
            throw invalid(
                element, attribute, "one of " + Word.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
        }
        return word
    }

    /// A trail making step's `Trail` element, its children still to come.
    private func trail(_ element: ADFElement) throws -> TrailRecord {
        TrailRecord(
            layout: element["layout"] ?? "", circleRadius: try required(element, "circleRadius"),
            outcome: try word(element, "outcome", as: TrailRecord.Outcome.self), circles: [])
    }

    /// A child of `Trail`: a circle, an arrival, an error or a prompt.
    private func trailChild(_ element: ADFElement, into trail: inout TrailRecord?) throws {
        switch element.name {
        case "Circle":
            trail?.circles.append(
                TrailRecord.Circle(
                    order: try whole(element, "order"), label: element["label"] ?? "",
                    kind: try word(element, "kind", as: TrailRecord.Kind.self), x: try required(element, "x"),
                    y: try required(element, "y")))
        case "Arrival":
            trail?.arrivals.append(
                TrailRecord.Arrival(circle: try whole(element, "circle"), unixMilliseconds: try timestamp(element)))
        case "Error":
            var corrected: Double?
            if let value = try number(element, "corrected") {
                guard abs(value) <= ADFNumbers.timestampLimit else {
                    throw invalid(element, "corrected", ADFNumbers.timestampExpectation)
                }
                corrected = value
            }
            trail?.errors.append(
                TrailRecord.Error(
                    unixMilliseconds: try timestamp(element), wrongCircle: try whole(element, "wrong"),
                    expectedCircle: try whole(element, "expected"),
                    errorClass: try word(element, "class", as: TrailRecord.ErrorClass.self),
                    correctedUnixMilliseconds: corrected))
        case "Prompt":
            trail?.prompts.append(
                TrailRecord.Prompt(unixMilliseconds: try timestamp(element), fromCircle: try whole(element, "circle")))
        default:
            break
        }
    }

    private func point(_ element: ADFElement) throws {
        let point = PenPoint(
            x: try required(element, "x"), y: try required(element, "y"),
            altitude: try number(element, "altitude") ?? 0,
            azimuth: try number(element, "azimuth") ?? 0,
            force: (try number(element, "pressure") ?? 0) / 1000,
            unixMilliseconds: try timestamp(element), absent: try absent(element))
        try add(point, line: element.line)
    }

    /// A point's `absent` attribute (`AbsentPointValues`): empty when it has none.
    private func absent(_ element: ADFElement) throws -> AbsentPointValues {
        guard let text = element["absent"] else { return [] }
        guard let values = AbsentPointValues(attributeText: text) else {
            throw invalid(
                element, "absent", "the names of the values the pen did not measure: altitude, azimuth, pressure")
        }
        return values
    }

    private func add(_ point: PenPoint, line: Int) throws {
        let d = drawings.count - 1
        let s = drawings[d].strokes.count - 1
        if keepsPoints { drawings[d].strokes[s].points.append(point) }
        drawings[d].strokes[s].count += 1
        if drawings[d].strokes[s].firstTime == nil { drawings[d].strokes[s].firstTime = point.unixMilliseconds }
        drawings[d].strokes[s].lastTime = point.unixMilliseconds
        try onPoint?(
            ADFPointRecord(
                step: d, strokeInDrawing: s, strokeNumber: drawings[d].info.strokeNumbers[s],
                point: point, line: line))
    }

    private func fact(_ element: ADFElement) throws {
        let value = element["value"]
        switch element.name {
        case "DeviceSystemName": environment.deviceSystemName = value
        case "DeviceSystemVersion": environment.deviceSystemVersion = value
        case "DeviceID": environment.deviceID = value
        case "DeviceModel": environment.deviceModel = value
        case "DeviceModelIdentifier": environment.deviceModelIdentifier = value
        case "DeviceName": environment.deviceName = value
        case "PencilID": environment.pencilID = value
        case "BatteryLevel": environment.batteryLevel = try number(element, "value")
        case "CanvasWidth": environment.canvasWidth = try number(element, "value")
        case "CanvasHeight": environment.canvasHeight = try number(element, "value")
        case "Doctor": environment.doctor = element["firstlast"]
        case "OriginalOrigin":
            environment.originalOrigin = .init(
                x: try number(element, "x") ?? 0, y: try number(element, "y") ?? 0)
        case "PatientEncodedID": environment.patientEncodedID = value
        case "LocalPatientEncodedID": environment.localPatientEncodedID = value
        default: otherFacts.append(element)
        }
    }

    private func end(_ name: String) throws {
        switch (names.count, name) {
        // Each under the section whose start handler made its record (a fuzzer found a RawData
        // closed under a <drawing> in the wrong section, with no drawing record to close).
        case (3, "Motion") where names.last == "Step" && names[1] == "TaskData":
            if let motion { steps[steps.count - 1].motion.append(motion) }
            motion = nil
        case (3, "RawData") where names.last == "drawing" && names[1] == "PenData":
            inRawData = false
            let last = drawings.count - 1
            if keepsPoints {
                drawings[last].info.rawData = rawText
            } else {
                drawings[last].rawStartTimes = startTimes.finish()
            }
            rawText = ""
        case (2, "drawing") where names.last == "PenData":
            let last = drawings.count - 1
            drawings[last].info.pointCounts = drawings[last].strokes.map(\.count)
            if !keepsPoints {
                // Times are taken from RawData below; the text itself is not kept.
                defer { drawings[last].info.rawData = nil }
                applyRawData(&drawings[last])
            }
        default:
            break
        }
    }

    /// Stroke start times: RawData's `StartTime` (one decimal) when it is there, else the
    /// first point's timestamp (ADF records no stroke end: the last point's time stands in).
    private var strokeBegins: [[Double?]] = []

    private func applyRawData(_ drawing: inout DrawingRecord) {
        var begins: [Double?] = Array(repeating: nil, count: drawing.strokes.count)
        if let times = drawing.rawStartTimes {
            for (index, time) in times.enumerated() where index < begins.count { begins[index] = time }
        } else if let text = drawing.info.rawData {
            let raw = RawDataText(text)
            for (index, stroke) in raw.strokes.enumerated() where index < begins.count {
                begins[index] = stroke.startTime
            }
        }
        strokeBegins.append(begins)
    }

    /// The stroke start times of each drawing's RawData, parsed already (one list a drawing, in
    /// order): `finish` then takes them instead of parsing the kept RawData texts again.
    func useRawStartTimes(_ times: [[Double?]]) {
        guard keepsPoints, times.count == drawings.count else { return }
        for index in drawings.indices { drawings[index].rawStartTimes = times[index] }
    }

    func finish() throws -> ADFFile {
        guard let variant else {
            throw ADFReadError(path: path, line: 0, reason: .notADF("the file has no root element"))
        }
        if keepsPoints {
            for index in drawings.indices { applyRawData(&drawings[index]) }
        }
        var display = DisplayData.formatDefault
        if hasDisplay {
            display = DisplayData(
                pixelsPerInch: pixelsPerInch ?? display.pixelsPerInch,
                screenScalingFactor: scaling ?? display.screenScalingFactor)
            if sawSymbolDigit {
                let s = symbolDigit
                display.symbolDigit = SymbolDigitSizes(
                    borderWidth: s["BorderWidth"] ?? 0, innerCellHeight: s["InnerCellHeight"] ?? 0,
                    innerCellWidth: s["InnerCellWidth"] ?? 0,
                    rowVerticalMargin: s["RowVerticalMargin"] ?? 0,
                    sampleBorderWidth: s["SampleBorderWidth"] ?? 0,
                    sampleLabelRightMargin: s["SampleLabelRightMargin"] ?? 0,
                    stopSignHeight: s["StopSignHeight"] ?? 0)
            } else {
                display.symbolDigit = nil
            }
        }
        var documentSteps: [ADFDocument.Step] = []
        for index in 0..<max(steps.count, drawings.count) {
            let record = index < steps.count ? steps[index] : StepRecord()
            var strokes: [ADFDocument.Stroke] = []
            var tags: SymbolDigitDrawingTags?
            if index < drawings.count {
                let drawing = drawings[index]
                let begins = index < strokeBegins.count ? strokeBegins[index] : []
                for (s, stroke) in drawing.strokes.enumerated() {
                    let begin = (s < begins.count ? begins[s] : nil) ?? stroke.firstTime ?? 0
                    strokes.append(
                        ADFDocument.Stroke(
                            beginUnixMilliseconds: begin,
                            endUnixMilliseconds: stroke.lastTime ?? begin, points: stroke.points))
                }
                let attributes = drawing.info.attributes
                if let setID = attributes.first(where: { $0.name == "setID" })?.value,
                    let structure = attributes.first(where: { $0.name == "structureID" })?.value
                {
                    tags = SymbolDigitDrawingTags(setID: setID, structureID: structure)
                }
            }
            let first = strokes.first?.beginUnixMilliseconds ?? 0
            let start = record.start ?? StepMark(unixMilliseconds: first)
            let end = record.end ?? StepMark(unixMilliseconds: strokes.last?.endUnixMilliseconds ?? first)
            documentSteps.append(
                ADFDocument.Step(
                    identifier: record.identifier, start: start, end: end, strokes: strokes,
                    motion: record.motion, interruptions: record.interruptions, drawingTags: tags,
                    trail: record.trail))
        }
        return ADFFile(
            path: path,
            document: ADFDocument(
                variant: variant, environment: environment, steps: documentSteps, display: display),
            rootAttributes: rootAttributes, otherEnvironmentFacts: otherFacts,
            hasDisplayData: hasDisplay, drawings: drawings.map(\.info), taskStepCount: steps.count)
    }
}
