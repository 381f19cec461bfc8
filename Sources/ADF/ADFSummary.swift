import Foundation

/// What `styluskit adf show` reports about a results file: test, steps, strokes, points,
/// duration, interruptions and device, read in flat memory.
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
    }

    public var file: String
    /// "clock", "maze" or "symbolDigit".
    public var test: String
    public var formatVersion: String?
    public var steps: [Step]
    public var strokes: Int
    public var points: Int
    /// From the first step's start to the last step's end, in milliseconds.
    public var durationMilliseconds: Int64
    /// The ClockSketchData facts as written (name -> value).
    public var device: [String: Fact]
    /// True when the session stopped before its last step ended, as its journal tells (ADF has
    /// no field for it: the caller sets it); nil when unknown.
    public var incomplete: Bool?

    /// Reads `path` point by point and summarises it.
    public init(path: String, limits: ADFReadLimits = .standard) throws {
        let file = try ADFReader.forEachPoint(path: path, limits: limits) { _ in }
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
                instructionsNotSpoken: step.start.instructions?.notSpoken)
        }
        strokes = file.strokeCount
        points = file.pointCount
        durationMilliseconds = (steps.last?.end ?? 0) - (steps.first?.start ?? 0)
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
            "duration: \(DecimalFormat.string(Double(durationMilliseconds) / 1000, decimals: 3)) s, "
                + "\(counted(steps.count, "step")), \(counted(strokes, "stroke")), \(counted(points, "point"))",
        ]
        for step in steps {
            lines.append(
                "step \(step.identifier): \(step.start) - \(step.end) "
                    + "(\(DecimalFormat.string(Double(step.end - step.start) / 1000, decimals: 3)) s), "
                    + "\(counted(step.strokes, "stroke")), \(counted(step.points, "point"))"
                    + (step.interruptions.isEmpty
                        ? "" : ", interruptions: " + step.interruptions.map { "\($0.type) at \($0.time)" }.joined(separator: ", "))
                    + (step.readingMilliseconds.map {
                        ", instructions read in \(DecimalFormat.string(Double($0) / 1000, decimals: 3)) s"
                    } ?? "")
                    + (step.instructionsNotSpoken.map { " (shown, not spoken: \($0))" } ?? ""))
        }
        for (name, value) in device.sorted(by: { $0.key < $1.key }) {
            lines.append("device \(name): \(value)")
        }
        if incomplete == true {
            lines.append("session: incomplete: it stopped before its last step ended (its journal has no 'end' line)")
        }
        return lines.joined(separator: "\n")
    }

    /// The summary as JSON with sorted keys.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
