import ArgumentParser
import Recordings
import Reports
import Sessions
import SystemErrors
import TestMaterials

/// `styluskit info RECORDING`: what a recording holds, before replaying it.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Describes a recording: device, axes, physical size, duration, frames, strokes, sampling rate and gaps.",
        discussion: ExitStatus.help)

    @OptionGroup var recording: RecordingOptions
    @OptionGroup var profile: ProfileOptions

    @OptionGroup var output: JSONOutput

    func run() throws {
        try WrongInputError.checkRecording(recording.recording)
        let scan = try RecordingScan(reading: recording.openReader(), file: recording.recording)
        let device = scan.header.device
        let match = try profile.profile(for: device)
        InfoReport(scan: scan, recording: recording.recording, profile: match).print(json: output.json)
    }
}
