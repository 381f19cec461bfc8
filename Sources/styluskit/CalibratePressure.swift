import ArgumentParser
import Foundation
import Recordings
import StylusGeometry
import StylusInput

/// `styluskit calibrate pressure`: the pressure range a pen actually used, per tool.
struct CalibratePressure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pressure",
        abstract:
            "Reports each pen's observed pressure range, from a recording or live: lowest while touching, highest, and a worn nib's resting offset.",
        discussion: """
            Record strokes pressing lightly and firmly (or draw them live with --device NODE, and \
            press Ctrl-C to end and report). The worn-nib offset is the resting pressure \
            the frame assembler detects for a pen whose nib reports pressure while hovering; a \
            profile's pressure.minimum and tip_threshold can be set from these numbers.
            """)

    @OptionGroup var recording: TapRecordingOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let input = try recording.open()
        let device = input.device
        guard let axis = device.absInfo[AbsoluteAxis.pressure] else { throw CalibrateError.noPressureAxis(device: device.name) }
        var observer = try PressureObserver(device: device)
        if input.isLive {
            printError("Draw a few strokes on \(input.name), pressing lightly and firmly; Ctrl-C ends and reports.")
        }
        try input.forEachEvent { event in
            observer.process(event)
            return true
        }
        let tools = observer.tools.map(PressureReport.Tool.init)
        guard tools.contains(where: { $0.touchingFrames > 0 }) else { throw CalibrateError.noContact(file: input.name) }
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

        init(_ observed: PressureObserver.Tool) {
            tool = observed.tool.rawValue
            serial = observed.serial
            touchingFrames = observed.touchingFrames
            hoveringFrames = observed.hoveringFrames
            minimumTouching = observed.minimumTouching
            maximum = observed.maximum
            maximumHovering = observed.maximumHovering
            wornNibOffset = observed.wornNibOffset
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
