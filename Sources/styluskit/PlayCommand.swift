import ArgumentParser
import FileLocations
import Foundation
import LinuxInput
import LiveRuntime
import Recordings
import Reports
import StylusInput
import SystemErrors

/// `styluskit play RECORDING`: a recording put back through the kernel, as `evemu-play` does.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plays a recording into the kernel: a virtual tablet (uinput) with its description, at its timing.",
        discussion: """
            Makes a kernel input device through /dev/uinput with the recording's description (name, ids, \
            axes and ranges; fuzz 0, since the recorded values were filtered once already), says its node \
            on standard error, waits --wait seconds for readers (record, administer, monitor, libinput, \
            X) to open it, then writes each frame when it is due: at the recorded pace, or --speed times \
            it. The device stays --hold seconds after the last frame (so readers drain their queues \
            before it goes), or with --keep until Ctrl-C. Needs write access to /dev/uinput (root, or a \
            rule of a test machine's own). See \(DocumentationPages.path("bench.md")).
            """ + "\n\n" + ExitStatus.help)

    @Argument(
        help: "The recording: evemu (.evemu, .events, ...) or libinput-record YAML (.yml, .yaml).", completion: .file())
    var recording: String

    @OptionGroup var reading: RecordingReadingOptions

    @Option(help: "How many times faster than recorded to play (0.5: half as fast).")
    var speed = 1.0

    @Option(help: "Seconds between making the device and its first frame, for readers to open it.")
    var wait = 1.0

    @Option(help: "Seconds the device stays after the last frame.")
    var hold = 1.0

    @Flag(help: "Keep the device after the last frame until Ctrl-C (or SIGTERM).")
    var keep = false

    @Option(help: "The uinput node to make the device through.", completion: .file())
    var uinput = VirtualTablet.defaultUinput

    @OptionGroup var output: JSONOutput

    func validate() throws {
        guard speed > 0, speed.isFinite, speed <= 1000 else {
            throw ValidationError(
                "--speed \(speed): give a speed above 0 and at most 1000 (1 plays at the recorded pace).")
        }
        for (name, value) in [("--wait", wait), ("--hold", hold)] where !(value >= 0 && value <= 3600) {
            throw ValidationError("\(name) \(value): give seconds from 0 to 3600.")
        }
    }

    func run() throws {
        let reader = try reading.openReader(recording)
        let device = reader.header.device
        let tablet = try VirtualTablet(description: device, uinput: uinput)
        let signals = SignalPipe.install()
        defer { signals.close() }
        let node = tablet.node
        printError(
            "Playing \(recording) on \(node ?? "a new device") (\"\(device.name)\", \(device.id.busVendorProduct)) "
                + "in \(wait) s; Ctrl-C stops.")
        var interrupted = signals.sleep(for: .seconds(wait))
        var summary = PlaybackSummary()
        if !interrupted {
            summary = try RecordingPlayback.play(
                reader, speed: speed, now: monotonicClockNow, sleep: { signals.sleep(for: $0) },
                write: { frame in try tablet.write(frame) })
            interrupted = summary.interrupted
        }
        let report = PlayReport(
            recording: recording, device: device.name, node: node, frames: summary.frames, events: summary.events,
            speed: speed, scheduledSeconds: summary.scheduled.seconds,
            mostBehindMilliseconds: Double(summary.mostBehind.microseconds) / 1000,
            droppedMarkersLeftOut: summary.droppedMarkersLeftOut, interrupted: interrupted)
        // Unbuffered: a script waits for the report while the device is still held.
        let text = output.json ? report.json : VisibleText.shown(report.text)
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
        guard !interrupted else { return }
        if keep {
            while !signals.sleep(for: .seconds(3600)) {}
        } else {
            _ = signals.sleep(for: .seconds(hold))
        }
    }
}
