import ArgumentParser
import Foundation
import Recordings
import StylusGeometry
import StylusInput

/// `styluskit calibrate pressure`: the pressure range a pen actually used, per tool.
struct CalibratePressure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pressure",
        abstract: "Reports each pen's observed pressure range in a recording: lowest while touching, highest, and a worn nib's resting offset.",
        discussion: """
            Record strokes pressing lightly and firmly. The worn-nib offset is the resting pressure \
            the frame assembler detects for a pen whose nib reports pressure while hovering; a \
            profile's pressure.minimum and tip_threshold can be set from these numbers.
            """)

    @OptionGroup var recording: TapRecordingOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let reader = try recording.openReader()
        let device = reader.header.device
        guard let axis = device.absInfo[AbsoluteAxis.pressure] else { throw CalibrateError.noPressureAxis(device: device.name) }
        var assembler = try FrameAssembler(device: device)
        struct Key: Hashable {
            var tool: PenTool
            var serial: Int32?
        }
        var order: [Key] = []
        var observed: [Key: PressureReport.Tool] = [:]
        while let event = try reader.next() {
            guard case .pen(let frame)? = assembler.process(event), frame.inProximity, let pressure = frame.axes.pressure else { continue }
            let key = Key(tool: frame.tool, serial: frame.serial)
            if observed[key] == nil {
                order.append(key)
                observed[key] = PressureReport.Tool(tool: frame.tool.rawValue, serial: frame.serial)
            }
            observed[key]!.add(pressure: pressure, touching: frame.isInContact)
        }
        var tools: [PressureReport.Tool] = []
        for key in order {
            var tool = observed[key]!
            tool.wornNibOffset = assembler.pressureOffset(tool: key.tool, serial: key.serial)
            tools.append(tool)
        }
        guard tools.contains(where: { $0.touchingFrames > 0 }) else { throw CalibrateError.noContact(file: recording.recording) }
        let report = PressureReport(
            device: "\(device.name) (\(device.id.busVendorProduct))", axisMinimum: axis.minimum, axisMaximum: axis.maximum, tools: tools)
        print(json ? report.json : report.text)
    }
}

/// What `calibrate pressure` prints.
struct PressureReport: CommandReport {
    struct Tool: Codable {
        var tool: String
        var serial: Int32?
        var touchingFrames = 0
        var hoveringFrames = 0
        /// The lowest raw pressure of a frame with the tip down.
        var minimumTouching: Int32?
        /// The highest raw pressure of any frame.
        var maximum: Int32?
        /// The highest raw pressure while hovering: non-zero for a worn nib.
        var maximumHovering: Int32?
        var wornNibOffset: Int32?

        init(tool: String, serial: Int32?) {
            self.tool = tool
            self.serial = serial
        }

        mutating func add(pressure: Int32, touching: Bool) {
            maximum = Swift.max(maximum ?? pressure, pressure)
            if touching {
                touchingFrames += 1
                minimumTouching = Swift.min(minimumTouching ?? pressure, pressure)
            } else {
                hoveringFrames += 1
                maximumHovering = Swift.max(maximumHovering ?? pressure, pressure)
            }
        }
    }

    var device: String
    var axisMinimum: Int32
    var axisMaximum: Int32
    var tools: [Tool]

    var text: String {
        var lines = ["device     \(device)", "axis       ABS_PRESSURE \(axisMinimum)..\(axisMaximum)"]
        for tool in tools {
            let name = tool.tool + (tool.serial.map { $0 != 0 && $0 != -1 ? " (serial \($0))" : "" } ?? "")
            lines.append("\(name):")
            lines.append("  frames             \(tool.touchingFrames) touching, \(tool.hoveringFrames) hovering")
            if let low = tool.minimumTouching, let high = tool.maximum {
                let span = Double(axisMaximum - axisMinimum)
                let used = span > 0 ? Double(high - low) / span * 100 : 0
                lines.append("  touching           \(low)..\(high) (\(fixed(used, 1)) % of the axis)")
            } else {
                lines.append("  touching           never")
            }
            lines.append("  hovering at most   \(tool.maximumHovering.map(String.init) ?? "-")")
            lines.append("  worn-nib offset    \(tool.wornNibOffset.map(String.init) ?? "none detected")")
        }
        return lines.joined(separator: "\n")
    }
}
