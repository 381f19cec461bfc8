import ArgumentParser
import Calibration
import Reports
import StylusInput
import SystemErrors

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
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var recording: TapRecordingOptions

    @OptionGroup var output: JSONOutput

    func run() throws {
        let input = try recording.open()
        let device = input.device
        let pressure = try PressureCalibration(
            input: input,
            reading: {
                if input.isLive {
                    printError(
                        "Draw a few strokes on \(input.name), pressing lightly and firmly; Ctrl-C ends and reports.")
                }
            }, note: printError)
        PressureReport(
            device: "\(device.name) (\(device.id.busVendorProduct))", axisMinimum: pressure.axis.minimum,
            axisMaximum: pressure.axis.maximum,
            tools: pressure.tools.map(PressureReport.Tool.init)
        ).print(json: output.json)
    }
}
