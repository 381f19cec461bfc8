import ArgumentParser
import Calibration
import Foundation
import Reports
import StylusInput
import SystemErrors

/// `styluskit calibrate pressure`: the pressure range a pen actually used, per tool, its histogram,
/// and the profile settings it proposes, written into the tablet profile once confirmed.
struct CalibratePressure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pressure",
        abstract:
            "Reports each pen's observed pressure range, from a recording or live: lowest while touching, highest, and a worn nib's resting offset.",
        discussion: """
            Record strokes pressing lightly and firmly (or draw them live with --device NODE, and \
            press Ctrl-C to end and report). The worn-nib offset is the resting pressure \
            the frame assembler detects for a pen whose nib reports pressure while hovering. A \
            histogram shows the pressures touching (#) and hovering (~), with the proposed \
            pressure.minimum (the highest pressure hovering) and tip_threshold (half the way from \
            it to the light touches) marked; once you confirm (or with --yes), they are written \
            into the tablet profile (--out, else the user's profile of the tablet, on top of the \
            profile that applies), a replaced profile kept in the history/ folder beside it.
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var recording: TapRecordingOptions
    @OptionGroup var profile: ProfileOptions

    @Option(
        help:
            "The tablet profile to write the proposal into (default: ~/.config/styluskit/calibration/tablets/VENDOR-PRODUCT-form.yaml).",
        completion: .file())
    var out: String?

    @Flag(help: "Write the proposal into the profile without asking (for scripts).")
    var yes = false

    @OptionGroup var output: JSONOutput

    func validate() throws {
        try refuseProfileOnStandardOutput(out, example: "tablet.yaml")
    }

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
        let histogram = pressure.histogram
        var report = PressureReport(
            device: "\(device.name) (\(device.id.busVendorProduct))", axisMinimum: pressure.axis.minimum,
            axisMaximum: pressure.axis.maximum,
            tools: pressure.tools.map(PressureReport.Tool.init),
            histogram: histogram.bins.map {
                PressureReport.Bin(from: $0.from, to: $0.to, touching: $0.touching, hovering: $0.hovering)
            },
            proposal: histogram.proposal.map {
                PressureReport.Proposal(minimum: $0.minimum, tipThreshold: $0.tipThreshold)
            })
        if !output.json { print(report.text) }
        if let proposal = histogram.proposal {
            let path = PressureProfile.path(out: out, device: device)
            let settings = "pressure.minimum \(proposal.minimum) and tip_threshold \(proposal.tipThreshold)"
            if yes || Self.confirmed("Write \(settings) into \(path)? [y/N] ") {
                report.replacedProfile = try PressureProfile.write(
                    proposal, device: device, match: try profile.profile(for: device), to: path, source: input.name)
                report.profile = path
                if !output.json { print(report.writtenLines.joined(separator: "\n")) }
            } else {
                printError("Nothing written. Give --yes to write \(settings) into \(path) without asking.")
            }
        }
        if output.json { print(report.json) }
    }

    /// Asks `question` on standard error and reads the answer from standard input: yes only for `y` or
    /// `yes`; no answer (end of input) is no.
    static func confirmed(_ question: String) -> Bool {
        FileHandle.standardError.write(Data(question.utf8))
        guard let answer = readLine() else {
            FileHandle.standardError.write(Data("\n".utf8))
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
