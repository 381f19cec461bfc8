/// One thing wrong with an ADF file: where, and what.
public struct ADFProblem: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    /// 1-based; 0 when the problem concerns the whole file.
    public var line: Int
    public var message: String

    public var description: String {
        line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)"
    }
}

/// Checks ADF results files against adf.md, streaming: memory does not grow with the number
/// of points (only with one drawing's points, which RawData must repeat: up to
/// `maximumDrawingPoints` are kept and compared; a bigger drawing's RawData is neither kept nor
/// compared, which is reported as a problem).
///
/// Checked: the root element for the file's extension; the root's children, each once and in
/// order; the required elements and attributes; value ranges (altitude 0...π/2, azimuth
/// [0, 2π), pressure ≥ 0, brightness, volume and battery 0...1); timestamps in whole
/// milliseconds, non-decreasing within a stroke, step ends not before their starts; time order
/// (each step starts no earlier than the step before it ends, each stroke begins no earlier than
/// the stroke before it ends, a stroke's points and a step's interruptions lie within its step's
/// start and end); stroke numbering from 1 across the whole test; RawData consistent with the strokes (stroke and
/// sample counts, StrokeIDs, x/y, times, pressure); a `Start`'s reading-time attributes all three
/// or none, in whole milliseconds, the speech's end and the first touch not before the
/// instructions were shown; a `Start`'s clock time (`clockTime`) a time on a clock face, in a clock
/// file only; an `End`'s outcome (`outcome`) one of `StepOutcome`'s words other than `finished`;
/// in a trail making file (`.tsk`), each step's `Trail` (docs/adf-trails.md: its words,
/// circles numbered in order, arrivals in order, errors and prompts naming the layout's circles,
/// times within the step, counts agreeing with the outcome), and no `Trail` in the other three.
/// Unknown attributes are not problems.
public struct ADFValidator: Sendable {
    public var limits: ADFReadLimits

    public init(limits: ADFReadLimits = .standard) {
        self.limits = limits
    }

    /// Every problem of the file at `path` (empty when it is valid). A file that cannot be
    /// read (not XML, hostile, over a limit) gives the problems found before that point and
    /// then the reason it was refused.
    public func validate(path: String) -> [ADFProblem] {
        // The general path, element by element, so each problem quotes the attribute as written.
        let state = ValidationState(path: path)
        do {
            try ADFReader.scan(path: path, limits: limits) { state.take($0) }
            state.finish()
        } catch let error as ADFReadError {
            state.problems.append(ADFProblem(path: path, line: error.line, message: error.reason.description))
        } catch {
            state.problems.append(ADFProblem(path: path, line: 0, message: "\(error)"))
        }
        return state.problems
    }
}

/// The walk through one file: `take` each node (or each item of `XMLStreamReader.nextItem`,
/// as `ADFReader.readValidated` does while it reads), then `finish`.
final class ValidationState {
    /// A point as the RawData check needs it.
    private struct PointFacts {
        var x: Double
        var y: Double
        var timestamp: Int64
        var pressure: Int64
    }

    /// The most points of one drawing kept for the RawData check (32 bytes each, and the
    /// RawData text and its parse again: about 100 MB at this size).
    static let maximumDrawingPoints = 500_000

    let path: String
    var problems: [ADFProblem] = []
    private var variant: ADFVariant?
    private var names: [String] = []
    private var lines: [Int] = []
    private var rootChildren: [String] = []
    private var factIndex = -1
    private var sawOrigin = false
    private var stepCount = 0
    private var stepLine = 0
    private var stepChildren: Set<String> = []
    private var stepStart: Int64?
    private var stepEnd: Int64?
    private var drawingCount = 0
    private var drawingChildren: [String] = []
    private var displayChildren: Set<String> = []
    private var displayValues: [String: Double] = [:]
    private var strokeNumber = 0
    private var drawingStrokes: [[PointFacts]] = []
    private var drawingPoints = 0
    private var drawingTooBig = false
    private var lastTimestamp: Int64?
    /// Each step's start and end, in order, for the time-order checks of the drawings after them.
    private var stepTimes: [(start: Int64?, end: Int64?)] = []
    /// The previous stroke of the test that had points: its number and last timestamp.
    private var previousStroke: (number: Int, end: Int64)?
    /// Whether this stroke has a point before or after its step (said once a stroke).
    private var strokeOutsideStep = false
    private var rawText = ""
    /// Each RawData's stroke start times as its check parsed them, in order: `readValidated`
    /// gives them to the reader of a valid file, which would otherwise parse RawData again.
    private(set) var rawStartTimes: [[Double?]] = []
    private var inRawData = false
    private var rawLine = 0
    /// The open `Trail` element of a trail making step.
    private var trail: TrailCheck?

    /// What the checks of a `Trail`'s children need of the ones before them.
    private struct TrailCheck {
        var line: Int
        var connected: Int?
        var outcome: TrailRecord.Outcome?
        var circles = 0
        var arrivals = 0
        var lastArrival: Int64?
        /// Where the children are in their order: circles, arrivals, errors, prompts.
        var phase = 0
    }

    /// The children of `Trail`, in the order they come.
    private static let trailChildren = ["Circle", "Arrival", "Error", "Prompt"]

    private static let sections = ["ClockSketchData", "TaskData", "DisplayData", "PenData", "MotionData"]
    private static let facts = [
        "DeviceSystemName", "DeviceSystemVersion", "DeviceID", "DeviceModel",
        "DeviceModelIdentifier", "DeviceName", "PencilID", "BatteryLevel", "CanvasWidth",
        "CanvasHeight", "Doctor", "OriginalOrigin", "PatientEncodedID", "LocalPatientEncodedID",
    ]
    private static let pointAttributes = ["absent", "altitude", "azimuth", "pressure", "timestamp", "x", "y"]
    /// π/2 and 2π as written with 4 decimals: a value in range may print as these.
    private static let largestAltitude = 1.5708
    private static let largestAzimuth = 6.2832

    init(path: String) {
        self.path = path
    }

    private func problem(_ line: Int, _ message: String) {
        problems.append(ADFProblem(path: path, line: line, message: message))
    }

    // MARK: Values

    private func decimal(_ e: ADFElement, _ name: String, required: Bool = true) -> Double? {
        guard let text = e[name] else {
            if required { problem(e.line, "<\(e.name)> has no \(name) attribute") }
            return nil
        }
        guard let value = ADFNumberText.decimal(text) else {
            problem(e.line, "<\(e.name)> \(name)=\"\(text)\" is not a decimal number")
            return nil
        }
        // Over 308 digits a decimal reads as infinity: a radius or position no drawing can use.
        guard value.isFinite else {
            problem(e.line, "<\(e.name)> \(name) has more digits than any number a drawing can use")
            return nil
        }
        return value
    }

    private func integer(_ e: ADFElement, _ name: String, what: String = "a whole number") -> Int64? {
        guard let text = e[name] else {
            problem(e.line, "<\(e.name)> has no \(name) attribute")
            return nil
        }
        guard let value = ADFNumberText.integer(text) else {
            problem(e.line, "<\(e.name)> \(name)=\"\(text)\" is not \(what)")
            return nil
        }
        return value
    }

    /// The clock time of a `Start` (`clockTime="2:45"`): only in a clock file, a time on a clock face.
    private func clockTime(_ e: ADFElement) {
        guard let text = e["clockTime"] else { return }
        if let variant, variant != .clock {
            problem(e.line, "<Start> has clockTime=\"\(text)\", which only a clock drawing (.csk) records")
        } else if ClockFaceTime(attribute: text) == nil {
            problem(e.line, "<Start> clockTime=\"\(text)\" is not \(ClockFaceTime.expectation)")
        }
    }

    /// The reading-time attributes of a `Start`: all three or none, whole milliseconds, in order;
    /// instructions shown but not spoken give `instructionsNotSpoken` (why) in place of `instructionsSpoken`.
    private func instructionTimes(_ e: ADFElement) {
        let silent = e["instructionsNotSpoken"] != nil
        if silent && e["instructionsSpoken"] != nil {
            problem(
                e.line,
                "<Start> has both instructionsSpoken and instructionsNotSpoken: instructions are spoken or not, not both"
            )
            return
        }
        let names = ["instructionsShown", silent ? "instructionsNotSpoken" : "instructionsSpoken", "firstTouch"]
        let present = names.filter { e[$0] != nil }
        guard !present.isEmpty else { return }
        guard present.count == names.count else {
            let missing = names.filter { e[$0] == nil }.joined(separator: ", ")
            problem(
                e.line,
                "<Start> has \(present.joined(separator: ", ")) but not \(missing): the reading time needs all three")
            return
        }
        let what = "Unix time in whole milliseconds"
        guard let shown = integer(e, "instructionsShown", what: what), let touch = integer(e, "firstTouch", what: what)
        else { return }
        if silent {
            if e["instructionsNotSpoken"]?.isEmpty == true {
                problem(e.line, "<Start> instructionsNotSpoken is empty: it says why the instructions were not spoken")
            }
        } else if let spoken = integer(e, "instructionsSpoken", what: what), spoken < shown {
            problem(e.line, "<Start> instructionsSpoken (\(spoken)) is before instructionsShown (\(shown))")
        }
        if touch < shown { problem(e.line, "<Start> firstTouch (\(touch)) is before instructionsShown (\(shown))") }
    }

    /// The `timestamp` of `e`, or nil (with a problem) when it is missing, not a whole number or
    /// beyond the ±2^53 ms the reader accepts (`ADFNumbers.timestampLimit`).
    private func timestamp(_ e: ADFElement) -> Int64? {
        guard let value = integer(e, "timestamp", what: "Unix time in whole milliseconds") else { return nil }
        guard value.magnitude <= UInt64(ADFNumbers.timestampLimit) else {
            problem(e.line, "<\(e.name)> timestamp=\"\(value)\" is not \(ADFNumbers.timestampExpectation)")
            return nil
        }
        return value
    }

    private func fraction(_ e: ADFElement, _ name: String, required: Bool) {
        if let value = decimal(e, name, required: required), !(0...1).contains(value) {
            problem(e.line, "<\(e.name)> \(name)=\"\(e[name]!)\" is outside 0...1")
        }
    }

    // MARK: Walk

    func take(_ node: ADFNode) {
        switch node {
        case .start(let element):
            start(element)
            names.append(element.name)
            lines.append(element.line)
        case .end(let name, _, let line):
            names.removeLast()
            let startLine = lines.removeLast()
            end(name, startLine: startLine, endLine: line)
        case .text(let text, let line):
            if inRawData {
                // Lines are counted from the start tag's line: the text follows it directly.
                // A drawing too big to compare is not kept a second time (it can be hundreds of MB).
                if !drawingTooBig { rawText += text }
            } else if names.last != "RawData" {
                problem(line, "<\(names.last ?? "?")> has text, which ADF never puts there")
            }
        }
    }

    /// Takes an item of `XMLStreamReader.nextItem`: a point of the fast path is checked from
    /// its numbers, a text from its bytes.
    func take(_ item: XMLStreamReader.Item) {
        switch item {
        case .node(let node):
            take(node)
        case .point(let attributes, let depth, let line):
            if names.count == 5 && names[1] == "PenData" {
                point(attributes, line: line)
            } else {
                // Out of place: the general path's problems for an element named point.
                take(.start(ADFElement(name: "point", attributes: [], line: line, depth: depth)))
                take(.end(name: "point", depth: depth, line: line))
            }
        case .text(let bytes, let line):
            take(.text(String(decoding: bytes, as: UTF8.self), line: line))
        }
    }

    private func start(_ e: ADFElement) {
        let parent = names.last
        switch names.count {
        case 0:
            variant = ADFReader.variant(rootElement: e.name)
            let expected = ADFReader.variant(path: path)
            if variant == nil {
                problem(e.line, "the root element <\(e.name)> is not an ADF root")
            } else if expected == nil {
                let extensions = ADFVariant.allCases.map { ".\($0.fileExtension)" }
                problem(
                    0,
                    "the file name does not end in \(extensions.dropLast().joined(separator: ", ")) or \(extensions.last!), "
                        + "so its test is unknown")
            } else if let expected, expected != variant {
                problem(
                    e.line,
                    "the root element is <\(e.name)> but a .\(expected.fileExtension) file has <\(expected.rootElementName)>"
                )
            }
            return
        case 1:
            guard let index = Self.sections.firstIndex(of: e.name) else {
                problem(
                    e.line, "<\(e.name)> is not one of the root's children (\(Self.sections.joined(separator: ", ")))")
                return
            }
            if rootChildren.contains(e.name) {
                problem(e.line, "a second <\(e.name)>; the root has one")
            } else if let last = rootChildren.last.flatMap({ Self.sections.firstIndex(of: $0) }), last > index {
                problem(
                    e.line,
                    "<\(e.name)> comes after <\(Self.sections[last])>; the order is \(Self.sections.joined(separator: ", "))"
                )
            }
            rootChildren.append(e.name)
            return
        default:
            break
        }
        switch (names[1], names.count, e.name) {
        case ("ClockSketchData", 2, _):
            fact(e)
        case ("TaskData", 2, "Step"):
            stepCount += 1
            stepLine = e.line
            stepChildren = []
            stepStart = nil
            stepEnd = nil
            stepTimes.append((nil, nil))
            if e["identifier"] == nil { problem(e.line, "<Step> has no identifier attribute") }
        case ("TaskData", 2, _):
            problem(e.line, "<\(e.name)> in <TaskData>, which holds only <Step> elements")
        case ("TaskData", 3, "Start"), ("TaskData", 3, "End"):
            if stepChildren.contains(e.name) { problem(e.line, "a second <\(e.name)> in this step") }
            if e.name == "End" && !stepChildren.contains("Start") {
                problem(e.line, "<End> comes before <Start>")
            }
            stepChildren.insert(e.name)
            let time = timestamp(e)
            if e.name == "Start" { stepStart = time } else { stepEnd = time }
            // Only under a <Step> (a <Start> in a stray element of <TaskData> has no step's times).
            if names.last == "Step", !stepTimes.isEmpty {
                if e.name == "Start" {
                    stepTimes[stepTimes.count - 1].start = time
                } else {
                    stepTimes[stepTimes.count - 1].end = time
                }
            }
            if e.name == "Start", let time, stepTimes.count > 1, let previous = stepTimes[stepTimes.count - 2].end,
                time < previous
            {
                problem(
                    e.line,
                    "step \(stepTimes.count) starts (\(time)) before step \(stepTimes.count - 1) ends (\(previous)): steps are in time order"
                )
            }
            fraction(e, "brightness", required: false)
            fraction(e, "volume", required: false)
            if e.name == "Start" {
                instructionTimes(e)
                clockTime(e)
            }
            if e.name == "End", let text = e["outcome"], StepOutcome(rawValue: text).map({ $0 == .finished }) ?? true {
                problem(
                    e.line,
                    "<End> outcome=\"\(text)\" is not \(StepOutcome.expectation) (a step the participant finished has none)"
                )
            }
            if e.name == "End", let start = stepStart, let end = time, end < start {
                problem(e.line, "the step ends (\(end)) before it starts (\(start))")
            }
        case ("TaskData", 3, "Motion"):
            _ = timestamp(e)
        case ("TaskData", 4, "Attitude"):
            for name in ["pitch", "roll", "yaw"] { _ = decimal(e, name) }
        case ("TaskData", 4, "Acceleration"):
            for name in ["x", "y", "z"] { _ = decimal(e, name) }
        case ("TaskData", 3, "Interruptions"):
            stepChildren.insert(e.name)
        case ("TaskData", 4, "Pause") where parent == "Interruptions":
            if let time = timestamp(e), let step = stepTimes.last {
                if let start = step.start, time < start {
                    problem(e.line, "the \(e["type"] ?? "") pause (\(time)) is before its step starts (\(start))")
                } else if let end = step.end, time > end {
                    problem(e.line, "the \(e["type"] ?? "") pause (\(time)) is after its step ends (\(end))")
                }
            }
            if (e["type"] ?? "").isEmpty { problem(e.line, "<Pause> has no type") }
        case ("TaskData", 3, "Trail") where parent == "Step":
            trailStart(e)
        case ("TaskData", 4, _) where parent == "Trail" && Self.trailChildren.contains(e.name):
            trailChild(e)
        case ("TaskData", _, _):
            problem(e.line, "<\(e.name)> is not an element of <\(parent ?? "")>")
        case ("DisplayData", 2, _):
            displayChildren.insert(e.name)
            if e.name != "SymbolDigit", let value = decimal(e, "value") {
                displayValues[e.name] = value
                if value <= 0 { problem(e.line, "<\(e.name)> value=\"\(e["value"]!)\" is not positive") }
            }
        case ("DisplayData", 3, _):
            if let value = decimal(e, "value"), value < 0 {
                problem(e.line, "<\(e.name)> value=\"\(e["value"]!)\" is negative")
            }
        case ("PenData", 2, "drawing"):
            drawingCount += 1
            drawingChildren = []
            drawingStrokes = []
            drawingPoints = 0
            drawingTooBig = false
        case ("PenData", 2, _):
            problem(e.line, "<\(e.name)> in <PenData>, which holds only <drawing> elements")
        case ("PenData", 3, _):
            drawingChild(e)
        case ("PenData", 4, "stroke"):
            strokeNumber += 1
            lastTimestamp = nil
            strokeOutsideStep = false
            drawingStrokes.append([])
            let index = integer(e, "index")
            let label = integer(e, "label")
            if let index, index != strokeNumber {
                problem(
                    e.line,
                    "stroke index \(index) should be \(strokeNumber): strokes are numbered from 1 across the whole test"
                )
            }
            if let index, let label, index != label {
                problem(e.line, "stroke label \(label) differs from its index \(index)")
            }
        case ("PenData", 5, "point"):
            point(e)
        case ("PenData", _, _):
            problem(e.line, "<\(e.name)> is not an element of <\(parent ?? "")>")
        default:
            break
        }
    }

    // MARK: Trail

    /// A `Trail`: once a step, in a trail making file only, with its four attributes.
    private func trailStart(_ e: ADFElement) {
        if variant != nil && variant != .trails {
            problem(
                e.line, "<Trail> in a .\(variant!.fileExtension) file: only a trail making file (.tsk) records trails")
        }
        if stepChildren.contains("Trail") { problem(e.line, "a second <Trail> in this step") }
        stepChildren.insert("Trail")
        var check = TrailCheck(line: e.line)
        if (e["layout"] ?? "").isEmpty {
            problem(e.line, "<Trail> has no layout (the name of the form the step was drawn on)")
        }
        if let radius = decimal(e, "circleRadius"), radius <= 0 {
            problem(e.line, "<Trail> circleRadius=\"\(e["circleRadius"]!)\" is not positive")
        }
        if let connected = integer(e, "circlesConnected") {
            if connected < 0 { problem(e.line, "<Trail> circlesConnected=\"\(connected)\" is negative") }
            check.connected = Int(clamping: connected)
        }
        check.outcome = word(e, "outcome", TrailRecord.Outcome.self)
        trail = check
    }

    /// One of a set of words (`outcome`, `kind`, `class`), or nil with a problem.
    private func word<Word: RawRepresentable & CaseIterable>(_ e: ADFElement, _ name: String, _: Word.Type) -> Word?
    where Word.RawValue == String {
        guard let text = e[name] else {
            problem(e.line, "<\(e.name)> has no \(name) attribute")
            return nil
        }
        guard let word = Word(rawValue: text) else {
            let words = Word.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            problem(e.line, "<\(e.name)> \(name)=\"\(text)\" is not one of \(words)")
            return nil
        }
        return word
    }

    /// A circle's order named by an arrival, error or prompt: one of the layout's circles.
    private func circleReference(_ e: ADFElement, _ name: String, circles: Int) -> Int64? {
        guard let order = integer(e, name) else { return nil }
        if order < 1 || order > Int64(circles) {
            problem(e.line, "<\(e.name)> \(name)=\"\(order)\" is not a circle of the layout (1 to \(circles))")
            return nil
        }
        return order
    }

    /// A time of a `Trail` child (`timestamp`, `corrected`) inside its step.
    private func withinStep(_ e: ADFElement, _ name: String, _ time: Int64) {
        guard let step = stepTimes.last else { return }
        if let start = step.start, time < start {
            problem(e.line, "<\(e.name)> \(name) (\(time)) is before its step starts (\(start))")
        } else if let end = step.end, time > end {
            problem(e.line, "<\(e.name)> \(name) (\(time)) is after its step ends (\(end))")
        }
    }

    private func trailChild(_ e: ADFElement) {
        guard var check = trail else { return }
        defer { trail = check }
        let phase = Self.trailChildren.firstIndex(of: e.name)!
        if phase < check.phase {
            problem(
                e.line,
                "<\(e.name)> comes after <\(Self.trailChildren[check.phase])>; a <Trail> holds its "
                    + Self.trailChildren.map { "<\($0)>" }.joined(separator: ", ") + " elements in that order")
        }
        check.phase = max(check.phase, phase)
        switch e.name {
        case "Circle":
            check.circles += 1
            if let order = integer(e, "order"), order != Int64(check.circles) {
                problem(
                    e.line,
                    "<Circle> order=\"\(order)\" should be \(check.circles): circles are listed in their order from 1")
            }
            if (e["label"] ?? "").isEmpty { problem(e.line, "<Circle> has no label") }
            _ = word(e, "kind", TrailRecord.Kind.self)
            _ = decimal(e, "x")
            _ = decimal(e, "y")
        case "Arrival":
            check.arrivals += 1
            if let circle = circleReference(e, "circle", circles: check.circles), circle != Int64(check.arrivals) {
                problem(
                    e.line,
                    "<Arrival> circle=\"\(circle)\" should be \(check.arrivals): the circles are reached in their order, each once"
                )
            }
            if let time = timestamp(e) {
                withinStep(e, "timestamp", time)
                if let last = check.lastArrival, time < last {
                    problem(
                        e.line,
                        "<Arrival> at \(time) is before the arrival before it (\(last)): arrivals are in time order")
                }
                check.lastArrival = time
            }
        case "Error":
            let wrong = circleReference(e, "wrong", circles: check.circles)
            let expected = circleReference(e, "expected", circles: check.circles)
            if let wrong, let expected, wrong == expected {
                problem(e.line, "<Error> names circle \(wrong) as both the wrong and the expected circle")
            }
            _ = word(e, "class", TrailRecord.ErrorClass.self)
            let time = timestamp(e)
            if let time { withinStep(e, "timestamp", time) }
            if e["corrected"] != nil, let corrected = integer(e, "corrected", what: "Unix time in whole milliseconds") {
                withinStep(e, "corrected", corrected)
                if let time, corrected < time {
                    problem(e.line, "<Error> corrected (\(corrected)) is before the error (\(time))")
                }
            }
        default:  // Prompt
            _ = circleReference(e, "circle", circles: check.circles)
            if let time = timestamp(e) { withinStep(e, "timestamp", time) }
        }
    }

    /// The end of a `Trail`: its counts agree with its outcome.
    private func trailEnd() {
        guard let check = trail else { return }
        trail = nil
        if check.circles == 0 { problem(check.line, "<Trail> has no <Circle>: it lists the layout's circles") }
        if let connected = check.connected, connected != check.arrivals {
            problem(
                check.line, "<Trail> circlesConnected=\"\(connected)\" but it has \(check.arrivals) <Arrival> elements")
        }
        if check.outcome == .finished && check.arrivals != check.circles {
            problem(
                check.line,
                "<Trail> outcome=\"finished\" but \(check.arrivals) of \(check.circles) circles were reached: a finished part reaches End"
            )
        }
    }

    private func fact(_ e: ADFElement) {
        guard let index = Self.facts.firstIndex(of: e.name) else {
            problem(e.line, "<\(e.name)> is not a ClockSketchData fact")
            return
        }
        if index <= factIndex {
            problem(e.line, "<\(e.name)> comes after <\(Self.facts[factIndex])>; the facts go in the order of adf.md")
        }
        factIndex = max(factIndex, index)
        switch e.name {
        case "Doctor":
            if e["firstlast"] == nil { problem(e.line, "<Doctor> has no firstlast attribute") }
        case "OriginalOrigin":
            sawOrigin = true
            _ = decimal(e, "x")
            _ = decimal(e, "y")
        case "BatteryLevel":
            fraction(e, "value", required: true)
        case "CanvasWidth", "CanvasHeight":
            if let value = decimal(e, "value"), value <= 0 {
                problem(e.line, "<\(e.name)> value=\"\(e["value"]!)\" is not positive")
            }
        default:
            if e["value"] == nil { problem(e.line, "<\(e.name)> has no value attribute") }
        }
    }

    private func drawingChild(_ e: ADFElement) {
        let order = ["container", "RawData", "MazeFeatures"]
        let container = variant == .clock ? "symbol" : "strokes"
        var role = e.name
        if e.name == "symbol" || e.name == "strokes" {
            role = "container"
            if e.name != container {
                problem(
                    e.line,
                    "<\(e.name)> in a .\(variant?.fileExtension ?? "?") file, whose strokes are in <\(container)>")
            }
            if e.name == "symbol" && (e["label"] != "" || e["type"] != "UNCLASSIFIED") {
                problem(e.line, "<symbol> should have label=\"\" type=\"UNCLASSIFIED\"")
            }
        }
        guard let index = order.firstIndex(of: role) else {
            problem(e.line, "<\(e.name)> is not an element of <drawing>")
            return
        }
        if drawingChildren.contains(role) {
            problem(e.line, "a second <\(e.name)> in this drawing")
        } else if let last = drawingChildren.last.flatMap({ order.firstIndex(of: $0) }), last > index {
            problem(
                e.line,
                "<\(e.name)> comes after <\(drawingChildren.last == "container" ? container : drawingChildren.last!)>")
        }
        drawingChildren.append(role)
        if e.name == "RawData" {
            inRawData = true
            rawText = ""
            rawLine = e.line
        }
    }

    private func point(_ e: ADFElement) {
        let names = e.attributes.map(\.name)
        let known = names.filter { Self.pointAttributes.contains($0) }
        if known != known.sorted() {
            problem(e.line, "the point's attributes are not in alphabetical order")
        }
        if let text = e["absent"], AbsentPointValues(attributeText: text) == nil {
            problem(
                e.line,
                "absent=\"\(text)\" names a value a point does not have; it lists the values the pen did not measure: "
                    + "altitude, azimuth, pressure")
        }
        check(
            point: (
                altitude: decimal(e, "altitude"), azimuth: decimal(e, "azimuth"), pressure: integer(e, "pressure"),
                timestamp: timestamp(e), x: decimal(e, "x"), y: decimal(e, "y")
            ), line: e.line, text: { e[$0] ?? "" })
    }

    /// A point of `XMLStreamReader.nextItem`'s fast path, as `point(_:)` checks an element; its
    /// values are quoted as numbers, not as written.
    private func point(_ a: XMLStreamReader.PointAttributes, line: Int) {
        if !a.alphabetical { problem(line, "the point's attributes are not in alphabetical order") }
        func present(_ value: Double?, _ name: String) -> Double? {
            if value == nil { problem(line, "<point> has no \(name) attribute") }
            return value
        }
        func whole(_ value: Double?, _ name: String, isWhole: Bool, what: String) -> Int64? {
            guard let value = present(value, name) else { return nil }
            guard isWhole, let whole = Int64(exactly: value) else {
                problem(line, "<point> \(name)=\"\(value)\" is not \(what)")
                return nil
            }
            return whole
        }
        let altitude = present(a.altitude, "altitude")
        let azimuth = present(a.azimuth, "azimuth")
        let pressure = whole(a.pressure, "pressure", isWhole: a.wholePressure, what: "a whole number")
        var timestamp = whole(
            a.timestamp, "timestamp", isWhole: a.wholeTimestamp, what: "Unix time in whole milliseconds")
        if let value = timestamp, value.magnitude > UInt64(ADFNumbers.timestampLimit) {
            problem(line, "<point> timestamp=\"\(value)\" is not \(ADFNumbers.timestampExpectation)")
            timestamp = nil
        }
        let values: [String: Double?] = [
            "altitude": a.altitude, "azimuth": a.azimuth, "pressure": a.pressure, "x": a.x, "y": a.y,
        ]
        check(
            point: (altitude, azimuth, pressure, timestamp, present(a.x, "x"), present(a.y, "y")), line: line,
            text: { values[$0].flatMap { $0 }.map { "\($0)" } ?? "" })
    }

    /// The checks of one point's values (nil where missing or malformed, already said);
    /// `text` gives an attribute's value for a message.
    private func check(
        point: (altitude: Double?, azimuth: Double?, pressure: Int64?, timestamp: Int64?, x: Double?, y: Double?),
        line: Int,
        text: (String) -> String
    ) {
        if let value = point.altitude, !(0...Self.largestAltitude).contains(value) {
            problem(line, "altitude \(text("altitude")) is outside 0...π/2 (0...1.5708)")
        }
        if let value = point.azimuth, !(0...Self.largestAzimuth).contains(value) {
            problem(line, "azimuth \(text("azimuth")) is outside [0, 2π) (0...6.2832 with 4 decimals)")
        }
        if let pressure = point.pressure, pressure < 0 { problem(line, "pressure \(pressure) is negative") }
        if let timestamp = point.timestamp {
            if let last = lastTimestamp, timestamp < last {
                problem(line, "timestamp \(timestamp) is earlier than the previous point's \(last) in the same stroke")
            } else if lastTimestamp == nil, let previous = previousStroke, timestamp < previous.end {
                problem(
                    line,
                    "stroke \(strokeNumber) begins (\(timestamp)) before stroke \(previous.number) ends (\(previous.end)): strokes are in time order"
                )
            }
            if !strokeOutsideStep, drawingCount >= 1, drawingCount <= stepTimes.count {
                let step = stepTimes[drawingCount - 1]
                if let start = step.start, timestamp < start {
                    strokeOutsideStep = true
                    problem(line, "stroke \(strokeNumber) has a point (\(timestamp)) before its step starts (\(start))")
                } else if let end = step.end, timestamp > end {
                    strokeOutsideStep = true
                    problem(line, "stroke \(strokeNumber) has a point (\(timestamp)) after its step ends (\(end))")
                }
            }
            lastTimestamp = timestamp
        }
        drawingPoints += 1
        if drawingPoints > Self.maximumDrawingPoints {
            drawingTooBig = true
        } else if let x = point.x, let y = point.y, let timestamp = point.timestamp, !drawingStrokes.isEmpty {
            drawingStrokes[drawingStrokes.count - 1].append(
                PointFacts(x: x, y: y, timestamp: timestamp, pressure: point.pressure ?? 0))
        }
    }

    private func end(_ name: String, startLine: Int, endLine: Int) {
        switch (names.count, name) {
        case (0, _):
            for section in Self.sections where !rootChildren.contains(section) {
                problem(startLine, "the root has no <\(section)>")
            }
        case (1, "ClockSketchData"):
            if !sawOrigin {
                problem(startLine, "<ClockSketchData> has no <OriginalOrigin>, which existing parsers require")
            }
        case (1, "DisplayData"):
            for required in ["PixelsPerInch", "ScreenScalingFactor", "PointsPerInch"]
            where !displayChildren.contains(required) {
                problem(startLine, "<DisplayData> has no <\(required)>")
            }
            if variant == .symbolDigit && !displayChildren.contains("SymbolDigit") {
                problem(startLine, "<DisplayData> of a .ssk file has no <SymbolDigit>")
            }
            if let ppi = displayValues["PixelsPerInch"], let scale = displayValues["ScreenScalingFactor"],
                let points = displayValues["PointsPerInch"], scale > 0, abs(ppi / scale - points) > 0.0002
            {
                problem(
                    startLine, "PointsPerInch \(points) is not PixelsPerInch / ScreenScalingFactor (\(ppi / scale))")
            }
        case (1, "PenData"):
            if drawingCount != stepCount {
                problem(
                    startLine,
                    "<PenData> has \(drawingCount) drawings for \(stepCount) steps in <TaskData>; there is one per step"
                )
            }
        case (2, "Step"):
            for required in ["Start", "End"] where !stepChildren.contains(required) {
                problem(startLine, "<Step> has no <\(required)>")
            }
            if variant != .clock && variant != nil && !stepChildren.contains("Interruptions") {
                problem(
                    startLine,
                    "<Step> has no <Interruptions> (maze, symbol-digit and trail making steps always have one)")
            }
            if variant == .trails && !stepChildren.contains("Trail") {
                problem(startLine, "<Step> of a .tsk file has no <Trail> (every trail making step records its circles)")
            }
        case (3, "Trail") where names.last == "Step":
            trailEnd()
        case (2, "drawing"):
            let container = variant == .clock ? "symbol" : "strokes"
            for (role, element) in [("container", container), ("RawData", "RawData"), ("MazeFeatures", "MazeFeatures")]
            where !drawingChildren.contains(role) {
                problem(startLine, "<drawing> has no <\(element)>")
            }
        case (4, "stroke"):
            // The stroke's last timestamp is where the next one may begin.
            if let last = lastTimestamp { previousStroke = (strokeNumber, last) }
        case (3, "RawData"):
            inRawData = false
            checkRawData(line: rawLine)
            rawText = ""
        default:
            break
        }
    }

    // MARK: RawData

    private func checkRawData(line: Int) {
        if drawingTooBig {
            problem(
                line,
                "RawData not compared with the points: the drawing has more than \(Self.maximumDrawingPoints) points")
            return
        }
        let raw = RawDataText(rawText)
        rawStartTimes.append(raw.strokes.map(\.startTime))
        for problem in raw.problems { self.problem(line + problem.lineOffset, "RawData: \(problem.message)") }
        if let declared = raw.declaredStrokes, declared != raw.strokes.count {
            problem(line, "RawData says \"Number of strokes: \(declared)\" but lists \(raw.strokes.count)")
        }
        if raw.strokes.count != drawingStrokes.count {
            problem(line, "RawData has \(raw.strokes.count) strokes, the drawing \(drawingStrokes.count)")
        }
        for (index, (stroke, points)) in zip(raw.strokes, drawingStrokes).enumerated() {
            let at = line + stroke.lineOffset
            if let id = stroke.strokeID, id != index {
                problem(at, "RawData StrokeID \(id) should be \(index) (counted from 0 in each drawing)")
            }
            if let declared = stroke.declaredSamples, declared != stroke.samples.count {
                problem(
                    at,
                    "RawData stroke \(index) says \"Number of samples: \(declared)\" but lists \(stroke.samples.count)")
            }
            if stroke.declaredSamples == nil {
                problem(at, "RawData stroke \(index) has no \"Number of samples\" line")
            }
            if stroke.color == nil { problem(at, "RawData stroke \(index) has no \"Color\" line") }
            guard let startTime = stroke.startTime else {
                problem(at, "RawData stroke \(index) has no \"StartTime\" line")
                continue
            }
            if stroke.samples.count != points.count {
                problem(
                    at, "RawData stroke \(index) has \(stroke.samples.count) samples, the stroke \(points.count) points"
                )
                continue
            }
            // StartTime is the first sample's unrounded time (one decimal), the ADF timestamp
            // the same time rounded down.
            if let first = points.first,
                !(Double(first.timestamp) - 0.05...Double(first.timestamp) + 1.05).contains(startTime)
            {
                problem(
                    at,
                    "RawData stroke \(index) StartTime \(startTime) does not match its first point's timestamp \(first.timestamp)"
                )
            }
            for (sampleIndex, (sample, point)) in zip(stroke.samples, points).enumerated() {
                let sampleLine = line + sample.lineOffset
                if sample.x != point.x || sample.y != point.y {
                    problem(
                        sampleLine,
                        "RawData sample \(sampleIndex) of stroke \(index) is at \(sample.x) \(sample.y), its point at \(point.x) \(point.y)"
                    )
                }
                // dt is rounded from unrounded times, the timestamps rounded down: they agree
                // to within a millisecond.
                let expected = sampleIndex == 0 ? 0 : point.timestamp - points[sampleIndex - 1].timestamp
                // expected is within ±2^54 (timestamps are within ±2^53); dt is any Int64 the
                // file wrote, so it is compared, not subtracted.
                if sampleIndex == 0
                    ? sample.milliseconds != 0
                    : sample.milliseconds < expected - 1 || sample.milliseconds > expected + 1
                {
                    problem(
                        sampleLine,
                        "RawData sample \(sampleIndex) of stroke \(index) has dt \(sample.milliseconds), the timestamps say \(expected)"
                    )
                }
                if abs(sample.pressure - Double(point.pressure)) > 0.5001 {
                    problem(
                        sampleLine,
                        "RawData sample \(sampleIndex) of stroke \(index) has pressure \(sample.pressure), its point \(point.pressure)"
                    )
                }
            }
        }
    }

    func finish() {}
}
