import Foundation

/// What `styluskit adf show` reports about a results file: test, steps, strokes, points,
/// wall time, paused time and time drawing, interruptions and device, read in flat memory.
public struct ADFSummary: Sendable, Hashable, Codable {
    /// An interruption of a step: its type and its ADF timestamp (Unix ms).
    public struct Interruption: Sendable, Hashable, Codable {
        public var type: String
        public var time: Int64
    }

    /// A ClockSketchData fact: text, or a number at ADF's four decimals.
    public enum Fact: Sendable, Hashable, Codable, CustomStringConvertible {
        case text(String)
        case number(Double)

        public var description: String {
            switch self {
            case .text(let text): text
            case .number(let value): DecimalFormat.string(value, decimals: 4)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            // Rounded as the text is, so JSON carries 13.646 rather than 13.645999999999999.
            case .number(let value): try container.encode((value * 10_000).rounded() / 10_000)
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    /// What a trail making step decided (a `.tsk` file's `Trail`, docs/adf-trails.md), times as ADF timestamps.
    public struct Trail: Sendable, Hashable, Codable {
        /// An error the proctor stopped: when, the wrong and the expected circle (orders), its class,
        /// and when its correction ended (nil when the step ended first).
        public struct Error: Sendable, Hashable, Codable {
            public var time: Int64
            public var wrong: Int
            public var expected: Int
            public var `class`: String
            public var corrected: Int64?
        }

        /// A prompt: when, and the last correct circle it named.
        public struct Prompt: Sendable, Hashable, Codable {
            public var time: Int64
            public var circle: Int
        }

        public var layout: String
        public var outcome: String
        public var circles: Int
        public var circlesConnected: Int
        /// The part's time: from its instructions' end ("Ready, go"; the step's start when they were
        /// not timed) to the End circle's arrival, in milliseconds; nil for a part not finished.
        public var completionMilliseconds: Int64?
        public var errors: [Error]
        public var prompts: [Prompt]

        init(_ record: TrailRecord, start: StepMark) {
            layout = record.layout
            outcome = record.outcome.rawValue
            circles = record.circles.count
            circlesConnected = record.circlesConnected
            let ready = ADFNumbers.timestamp(start.instructions?.spokenUnixMilliseconds ?? start.unixMilliseconds)
            completionMilliseconds =
                record.outcome == .finished && record.arrivals.count == record.circles.count
                ? record.arrivals.last.map { ADFNumbers.timestamp($0.unixMilliseconds) - ready } : nil
            errors = record.errors.map {
                Error(
                    time: ADFNumbers.timestamp($0.unixMilliseconds), wrong: $0.wrongCircle,
                    expected: $0.expectedCircle, class: $0.errorClass.rawValue,
                    corrected: $0.correctedUnixMilliseconds.map { ADFNumbers.timestamp($0) })
            }
            prompts = record.prompts.map {
                Prompt(time: ADFNumbers.timestamp($0.unixMilliseconds), circle: $0.fromCircle)
            }
        }

        /// The step's line of `adf show`: `trail standard-A: finished, 25 of 25 circles, time 48.200 s;
        /// errors: shift at T (circle 5 for 4, corrected at T2); prompts: from 3 at T`.
        var text: String {
            var text = "trail \(layout): \(outcome), \(circlesConnected) of \(circles) circles"
            if let completionMilliseconds {
                text += ", time \(DecimalFormat.string(Double(completionMilliseconds) / 1000, decimals: 3)) s"
            }
            text +=
                "; errors: "
                + (errors.isEmpty
                    ? "none"
                    : errors.map { error in
                        "\(error.class) at \(error.time) (circle \(error.wrong) for \(error.expected), "
                            + (error.corrected.map { "corrected at \($0)" } ?? "not corrected") + ")"
                    }.joined(separator: ", "))
            text +=
                "; prompts: "
                + (prompts.isEmpty ? "none" : prompts.map { "from \($0.circle) at \($0.time)" }.joined(separator: ", "))
            return text
        }
    }

    public struct Step: Sendable, Hashable, Codable {
        public var identifier: String
        /// ADF timestamps (Unix ms).
        public var start: Int64
        public var end: Int64
        public var strokes: Int
        public var points: Int
        public var interruptions: [Interruption]
        /// Milliseconds from the instructions to the first touch (`firstTouch - instructionsShown`),
        /// where the file records them.
        public var readingMilliseconds: Int64?
        /// Why the step's instructions were shown but not spoken, where the file says so (`instructionsNotSpoken`).
        public var instructionsNotSpoken: String?
        /// Milliseconds the operator paused the step: from each `operator-paused` to the next
        /// `operator-resumed`, or to the step's end (as `features` gives `paused_time_s`).
        public var pausedMilliseconds: Int64
        /// Who or what ended the step (`End`'s `outcome`; `finished` when the file has none).
        public var outcome: String = StepOutcome.finished.rawValue
        /// A trail making step's circles, errors and prompts; nil (and no key in JSON) for other tests.
        public var trail: Trail?
    }

    /// How many points lack each value the pen did not measure (`point absent="..."`), by value:
    /// `altitude`, `azimuth`, `pressure`; a value every point has is left out.
    public var absentPoints: [String: Int] = [:]

    public var file: String
    /// "clock", "maze", "symbolDigit" or "trails".
    public var test: String
    public var formatVersion: String?
    public var steps: [Step]
    public var strokes: Int
    public var points: Int
    /// The wall time: from the first step's start to the last step's end, pauses included, in
    /// milliseconds (the key keeps its first name; the text says "wall time").
    public var durationMilliseconds: Int64
    /// The paused time: the steps' paused milliseconds summed.
    public var pausedMilliseconds: Int64
    /// The ClockSketchData facts as written (name -> value).
    public var device: [String: Fact]
    /// True when the session stopped before its last step ended, as its journal tells (ADF has
    /// no field for it: the caller sets it); nil when unknown.
    public var incomplete: Bool?

    /// Reads `path` point by point and summarises it.
    public init(path: String, limits: ADFReadLimits = .standard) throws {
        var absent: [String: Int] = [:]
        let file = try ADFReader.forEachPoint(path: path, limits: limits) { record in
            guard !record.point.absent.isEmpty else { return }
            for (value, name) in AbsentPointValues.names where record.point.absent.contains(value) {
                absent[name, default: 0] += 1
            }
        }
        absentPoints = absent
        let document = file.document
        self.file = path
        test = document.variant.rawValue
        formatVersion = file.formatVersion
        steps = document.steps.enumerated().map { index, step in
            Step(
                identifier: step.identifier, start: ADFNumbers.timestamp(step.start.unixMilliseconds),
                end: ADFNumbers.timestamp(step.end.unixMilliseconds), strokes: step.strokes.count,
                points: index < file.drawings.count ? file.drawings[index].pointCounts.reduce(0, +) : 0,
                interruptions: step.interruptions.map {
                    Interruption(type: $0.type, time: ADFNumbers.timestamp($0.unixMilliseconds))
                }, readingMilliseconds: step.start.instructions?.readingMilliseconds,
                instructionsNotSpoken: step.start.instructions?.notSpoken,
                pausedMilliseconds: Self.paused(
                    step.interruptions.map { (type: $0.type, time: ADFNumbers.timestamp($0.unixMilliseconds)) },
                    end: ADFNumbers.timestamp(step.end.unixMilliseconds)),
                outcome: step.end.outcome.rawValue, trail: step.trail.map { Trail($0, start: step.start) })
        }
        strokes = file.strokeCount
        points = file.pointCount
        durationMilliseconds = (steps.last?.end ?? 0) - (steps.first?.start ?? 0)
        pausedMilliseconds = steps.reduce(0) { $0 + $1.pausedMilliseconds }
        let e = document.environment
        var device: [String: Fact] = [:]
        func put(_ name: String, _ value: String?) { if let value { device[name] = .text(value) } }
        func put(_ name: String, _ value: Double?) { if let value { device[name] = .number(value) } }
        put("DeviceSystemName", e.deviceSystemName)
        put("DeviceSystemVersion", e.deviceSystemVersion)
        put("DeviceID", e.deviceID)
        put("DeviceModel", e.deviceModel)
        put("DeviceModelIdentifier", e.deviceModelIdentifier)
        put("DeviceName", e.deviceName)
        put("PencilID", e.pencilID)
        put("BatteryLevel", e.batteryLevel)
        put("CanvasWidth", e.canvasWidth)
        put("CanvasHeight", e.canvasHeight)
        put("Doctor", e.doctor)
        for fact in file.otherEnvironmentFacts {
            device[fact.name] = .text(fact.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: " "))
        }
        self.device = device
    }

    /// The summary as lines of text.
    public var text: String {
        var lines = [
            "\(file): \(test) test\(formatVersion.map { " (format version \($0))" } ?? "")",
            "wall time: \(seconds(durationMilliseconds)) s, paused time: \(seconds(pausedMilliseconds)) s, "
                + "time drawing: \(seconds(drawingMilliseconds)) s, "
                + "\(counted(steps.count, "step")), \(counted(strokes, "stroke")), \(counted(points, "point"))",
        ]
        for step in steps {
            lines.append(
                "step \(step.identifier): \(step.start) - \(step.end) "
                    + "(wall time \(seconds(step.end - step.start)) s"
                    + (step.pausedMilliseconds > 0 ? ", paused time \(seconds(step.pausedMilliseconds)) s" : "") + "), "
                    + "\(counted(step.strokes, "stroke")), \(counted(step.points, "point"))"
                    + (step.interruptions.isEmpty
                        ? ""
                        : ", interruptions: "
                            + step.interruptions.map { "\($0.type) at \($0.time)" }.joined(separator: ", "))
                    + (step.readingMilliseconds.map {
                        ", instructions read in \(DecimalFormat.string(Double($0) / 1000, decimals: 3)) s"
                    } ?? "")
                    + (step.instructionsNotSpoken.map { " (shown, not spoken: \($0))" } ?? "")
                    + Self.endedBy(step.outcome))
            if let trail = step.trail { lines.append("  " + trail.text) }
        }
        if !absentPoints.isEmpty {
            // What the pen did not measure is no value: said per value, as `info` says it per axis.
            lines.append(
                "absent (not measured by the pen): "
                    + AbsentPointValues.names.compactMap { _, name in
                        absentPoints[name].map { "\(name) on \(counted($0, "point"))" }
                    }.joined(separator: ", "))
        }
        for (name, value) in device.sorted(by: { $0.key < $1.key }) {
            lines.append("device \(name): \(value)")
        }
        if incomplete == true {
            lines.append("session: incomplete: it stopped before its last step ended (its journal has no 'end' line)")
        }
        return lines.joined(separator: "\n")
    }

    /// `, ended: moved-on (the operator moved on)` for a step someone else than the participant ended; nothing for
    /// theirs.
    private static func endedBy(_ outcome: String) -> String {
        guard let known = StepOutcome(rawValue: outcome), known != .finished else { return "" }
        return ", ended: \(known.rawValue) (\(known.meaning))"
    }

    /// The time drawing: each step's wall time less its paused time, summed (`features`' `total_time_s`).
    public var drawingMilliseconds: Int64 { steps.reduce(0) { $0 + ($1.end - $1.start) - $1.pausedMilliseconds } }

    private func seconds(_ milliseconds: Int64) -> String {
        DecimalFormat.string(Double(milliseconds) / 1000, decimals: 3)
    }

    /// The milliseconds the operator paused `step` (the paused time of `adf show`, `features`, the
    /// report and render's legend).
    public static func pausedMilliseconds(of step: ADFDocument.Step) -> Int64 {
        paused(
            step.interruptions.map { (type: $0.type, time: ADFNumbers.timestamp($0.unixMilliseconds)) },
            end: ADFNumbers.timestamp(step.end.unixMilliseconds))
    }

    /// The milliseconds a step of `interruptions` ending at `end` was paused by the operator.
    static func paused(_ interruptions: [(type: String, time: Int64)], end: Int64) -> Int64 {
        var total: Int64 = 0
        var since: Int64?
        for interruption in interruptions.sorted(by: { $0.time < $1.time }) {
            switch interruption.type {
            case "operator-paused" where since == nil: since = interruption.time
            case "operator-resumed":
                if let start = since { total += max(0, interruption.time - start) }
                since = nil
            default: break
            }
        }
        if let since { total += max(0, end - since) }
        return total
    }

    /// The summary as JSON with sorted keys.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
