import ADF
import FileLocations
import Foundation
import LinuxInput
import Recordings
public import Sessions
public import StylusGeometry
import StylusInput

/// What `info` prints, as text or JSON.
public struct InfoReport: CommandReport {
    /// One absolute axis of the device as the recording describes it.
    public struct Axis: Encodable {
        /// The axis's kernel name (`ABS_X`, `ABS_PRESSURE`, ...).
        public var code: String
        /// The axis's lowest value.
        public var minimum: Int32
        /// The axis's highest value.
        public var maximum: Int32
        /// The kernel's noise filter width (evdev's fuzz).
        public var fuzz: Int32
        /// The kernel's dead zone (evdev's flat).
        public var flat: Int32
        /// Units per mm (position) or per radian (tilt); nil when the recording does not say.
        public var resolution: Int32?
        /// Where `resolution` came from: `device` or the profile's path.
        public var resolutionSource: String?
        /// For ABS_X and ABS_Y: (maximum - minimum) / resolution.
        @Decimals<2, Double?> public var sizeMillimetres: Double? = nil
    }

    /// How often the pen was sampled: intervals between consecutive pen frames in proximity.
    public struct Sampling: Encodable {
        /// The median interval, in ms.
        @Decimals<3, Double> public var medianMilliseconds: Double
        /// The rate the median interval gives, in Hz.
        @Decimals<1, Double> public var rateHertz: Double
        /// The 5th percentile interval, in ms.
        @Decimals<3, Double> public var p5Milliseconds: Double
        /// The 95th percentile interval, in ms.
        @Decimals<3, Double> public var p95Milliseconds: Double
        /// The 99th percentile interval, in ms.
        @Decimals<3, Double> public var p99Milliseconds: Double
    }

    /// Events the kernel dropped (a `SYN_DROPPED`).
    public struct Gap: Encodable {
        /// When the gap began, in seconds from the first event.
        @Decimals<3, Double> public var startSeconds: Double
        /// How long the gap lasted, in ms.
        @Decimals<3, Double> public var durationMilliseconds: Double
        /// How many events were discarded with it.
        public var discardedEvents: Int
    }

    /// The recording's path as given.
    public var recording: String
    /// The recording's format and version (`EVEMU 1.3`, `libinput-record 1`, ...).
    public var format: String
    /// The device's name.
    public var device: String
    /// The device's `bus:vendor:product`.
    public var id: String
    /// The Linux version the recording was made on, when it says.
    public var kernel: String?
    /// The tablet profile that matched the device, by its path; nil when none did.
    public var profile: String?
    /// The display a session on this device measures its results on, without --display-profile.
    public var display: String
    /// The device's absolute axes, by code.
    public var axes: [Axis]
    /// The active area, `[width, height]` in mm; nil when a resolution is unknown.
    @Decimals<2, [Double]?> public var activeAreaMillimetres: [Double]? = nil
    /// From the first event to the last, in seconds.
    @Decimals<3, Double> public var durationSeconds: Double
    /// How many events the recording holds.
    public var events: Int
    /// How many frames (events up to a SYN_REPORT) it holds.
    public var frames: Int
    /// The frames of the pen.
    public var penFrames: Int
    /// The frames of the pad (its buttons and rings).
    public var padFrames: Int
    /// How many times the tip touched down.
    public var strokes: Int
    /// The pen's sampling intervals; nil when no two consecutive pen frames were in proximity.
    public var sampling: Sampling?
    /// Each `SYN_DROPPED`, in order.
    public var gaps: [Gap]
    /// What the reader noticed and went on past (a skipped device, an axis without a range), one line each.
    public var notices: [String]
    /// How the recording ends early (a cut last line); nil when it ends whole.
    public var truncation: String?
    /// What libwacom's database says about the recorded tablet's model, when it knows it.
    public var model: DevicesReport.Model?
    /// The axes the pen did not measure while it drew (empty when it measured every one).
    public var absentAxes: [AxisAbsence]
    /// Times the eraser end touched, and its frames in contact: not ink, left out of the results.
    public var eraserContacts: Int
    /// The eraser end's frames in contact.
    public var eraserContactFrames: Int

    enum CodingKeys: CodingKey {
        case recording, format, device, id, kernel, profile, axes, activeAreaMillimetres, durationSeconds, events,
            frames, penFrames
        case padFrames, strokes, sampling, gaps, notices, truncation, model, display
        case absentAxes, eraserContacts, eraserContactFrames
    }

    private var eraserSentence: String?

    /// The `resolutionSource` of an axis whose resolution an evemu 1.0/1.1 file's header comment states.
    public static let headerComment = "header comment"

    /// The report of a recording's `scan`, with the tablet profile that matched it.
    public init(scan: RecordingScan, recording: String, profile: ProfileMatch?) {
        let device = scan.header.device
        self.recording = recording
        format = scan.header.format.description
        self.device = device.name
        id = device.id.busVendorProduct
        kernel = scan.header.kernel
        self.profile = profile?.source
        display = ResultsEnvironment.activeDisplay(
            device: device, tabletProfile: profile, lookup: CalibrationLookup(), facts: LibwacomDatabase.installedFacts)
        let overrides: [UInt16: Double] =
            profile?.profile.resolution.map { [AbsoluteAxis.x: $0.x, AbsoluteAxis.y: $0.y] } ?? [:]
        axes = device.absInfo.sorted { $0.key < $1.key }.map { code, info in
            var axis = Axis(
                code: eventCodeName(type: .absolute, code: code) ?? "ABS_\(code)", minimum: info.minimum,
                maximum: info.maximum, fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
            let known = device.resolution(of: code)
            var resolution = known.map { Double($0.value) }
            if let override = overrides[code] {
                resolution = override
                axis.resolutionSource = profile?.source
            } else if let known {
                axis.resolutionSource = known.source == .device ? "device" : Self.headerComment
            }
            if code == AbsoluteAxis.x || code == AbsoluteAxis.y, let resolution {
                axis.sizeMillimetres = Double(info.maximum - info.minimum) / resolution
            }
            return axis
        }
        let position = axes.filter { $0.code == "ABS_X" || $0.code == "ABS_Y" }.compactMap(\.sizeMillimetres)
        activeAreaMillimetres = position.count == 2 ? position : nil
        durationSeconds = scan.duration.seconds
        events = scan.events
        frames = scan.frames
        penFrames = scan.penFrames
        padFrames = scan.padFrames
        strokes = scan.strokes.count
        absentAxes = scan.absentAxes
        (eraserContacts, eraserContactFrames) = (scan.eraserContacts, scan.eraserContactFrames)
        self.eraserSentence = scan.eraserSentence
        if let median = scan.intervals.median, let p5 = scan.intervals.percentile(0.05),
            let p95 = scan.intervals.percentile(0.95), let p99 = scan.intervals.percentile(0.99)
        {
            sampling = Sampling(
                medianMilliseconds: median.seconds * 1_000, rateHertz: median.microseconds > 0 ? 1 / median.seconds : 0,
                p5Milliseconds: p5.seconds * 1_000, p95Milliseconds: p95.seconds * 1_000,
                p99Milliseconds: p99.seconds * 1_000)
        }
        let start = scan.firstEventTime ?? EventTime(microseconds: 0)
        gaps = scan.gaps.map {
            Gap(
                startSeconds: $0.start.duration(since: start).seconds,
                durationMilliseconds: $0.duration.seconds * 1_000,
                discardedEvents: $0.discardedEvents)
        }
        notices = [scan.header.skippedDevicesNote(file: recording)].compactMap { $0 } + scan.notices.map(\.description)
        truncation = scan.truncation?.description
        // The model as libwacom knows it, by the recording's USB ids (no node to ask udev about).
        model = LibwacomDatabase.shared?.tablet(for: device.id).map(DevicesReport.Model.init)
    }

    /// The lines `info` prints.
    public var text: String {
        var lines = [
            "\(recording): \(format) recording",
            "  device     \(device) (\(id))" + (kernel.map { ", recorded on Linux \($0)" } ?? ""),
        ]
        if let model {
            var line = "  model      \(model.name)" + (model.modelName.map { " (\($0))" } ?? "") + ", \(model.surface)"
            if let width = model.widthMillimetres, let height = model.heightMillimetres {
                line += String(format: ", %.1f x %.1f mm", width, height)
            }
            lines.append(line + " (from \(model.source))")
        }
        if let profile { lines.append("  profile    \(profile)") }
        lines.append("  display    \(display)")
        lines.append("  axes")
        let width = axes.map(\.code.count).max() ?? 0
        for axis in axes {
            var line =
                "    " + axis.code.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  \(axis.minimum)..\(axis.maximum)"
            switch (axis.resolution, axis.resolutionSource) {
            case (_, Self.headerComment?):
                let value = axis.sizeMillimetres.map { Double(axis.maximum - axis.minimum) / $0 } ?? 0
                line += "  resolution \(format(value, 0)) (from the recording's header comment; its A: line has none)"
            case (_, let source?) where source != "device":
                let value = axis.sizeMillimetres.map { Double(axis.maximum - axis.minimum) / $0 } ?? 0
                line += "  resolution \(format(value, 0)) (from profile)"
            case (let resolution?, _) where resolution > 0:
                line += "  resolution \(resolution)"
            case (nil, _):
                line += "  resolution not recorded"
            default:
                line += "  resolution 0 (unknown)"
            }
            if let size = axis.sizeMillimetres { line += "  \(format(size, 2)) mm" }
            lines.append(line)
        }
        if let area = activeAreaMillimetres {
            lines.append("  area       \(format(area[0], 2)) x \(format(area[1], 2)) mm")
        } else {
            lines.append(
                "  area       unknown: no resolution for ABS_X/ABS_Y; add a tablet profile (see Calibration/README.md)")
        }
        lines.append("  duration   \(format(durationSeconds, 3)) s")
        lines.append("  events     \(events)")
        lines.append("  frames     \(frames) (pen \(penFrames), pad \(padFrames))")
        lines.append("  strokes    \(strokes)")
        // Said only when the pen lacked something or something was left out, so a full pen's account is as it was.
        for absence in absentAxes { lines.append("  absent     \(absence.sentence)") }
        if let eraserSentence { lines.append("  eraser     \(eraserSentence)") }
        if let sampling {
            lines.append(
                "  sampling   median \(format(sampling.medianMilliseconds, 3)) ms (\(format(sampling.rateHertz, 1)) Hz);"
                    + " p5 \(format(sampling.p5Milliseconds, 3)) ms, p95 \(format(sampling.p95Milliseconds, 3)) ms,"
                    + " p99 \(format(sampling.p99Milliseconds, 3)) ms")
        } else {
            lines.append("  sampling   no two consecutive pen frames in proximity")
        }
        if gaps.isEmpty {
            lines.append("  gaps       none")
        } else {
            lines.append("  gaps       \(gaps.count) (SYN_DROPPED)")
            for gap in gaps {
                lines.append(
                    "    at \(format(gap.startSeconds, 3)) s: \(format(gap.durationMilliseconds, 3)) ms, \(counted(gap.discardedEvents, "event")) discarded"
                )
            }
        }
        for notice in notices { lines.append("note: \(notice)") }
        if let truncation { lines.append("warning: \(truncation)") }
        return lines.joined(separator: "\n")
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
