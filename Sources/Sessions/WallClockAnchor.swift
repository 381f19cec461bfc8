public import ADF
public import StylusGeometry
public import StylusInput

/// Maps the recording's clock to Unix time for ADF's millisecond timestamps.
///
/// A recording stamped with Unix-epoch times keeps them. One with relative times (evemu 1.3,
/// libinput-record) has its time zero placed at `startTime`, or at the epoch itself when the
/// user gave none: inventing a date would be worse than an obviously unset one. A live session
/// (and its journal) uses the tablet's realtime/monotonic pair: this type is the one home of
/// that mapping.
public struct WallClockAnchor: Sendable {
    /// Microseconds added to an event time to get Unix time in microseconds.
    public let offsetMicroseconds: Int64
    /// True when the recording's own times were already Unix times.
    public let recordingHasUnixTimes: Bool

    /// Event times from 2001-09-09 (10^9 s) on are taken as Unix times: relative recordings
    /// are never that long, and no tablet recording predates it.
    public static let earliestUnixTime = EventTime(seconds: 1_000_000_000, microseconds: 0)

    /// A live session's anchor: its realtime/monotonic pair's offset.
    public init(offsetMicroseconds: Int64) {
        self.offsetMicroseconds = offsetMicroseconds
        recordingHasUnixTimes = false
    }

    public init(firstEventTime: EventTime, startTimeMilliseconds: Int64?) {
        if firstEventTime >= Self.earliestUnixTime {
            offsetMicroseconds = 0
            recordingHasUnixTimes = true
        } else {
            offsetMicroseconds = (startTimeMilliseconds ?? 0) * 1_000
            recordingHasUnixTimes = false
        }
    }

    public func unixMilliseconds(_ time: EventTime) -> Double {
        Double(time.microseconds + offsetMicroseconds) / 1_000
    }

    /// A step's start or end mark at `time`.
    public func mark(_ time: EventTime) -> StepMark {
        StepMark(unixMilliseconds: unixMilliseconds(time))
    }

    /// The one sample → ADF point step: canvas points, altitude and azimuth, force, Unix ms.
    public func penPoint(_ sample: PenSample) -> PenPoint {
        PenPoint(
            x: sample.canvasPosition.xPoints, y: sample.canvasPosition.yPoints, altitude: sample.altitude,
            azimuth: sample.azimuth, force: sample.force, unixMilliseconds: unixMilliseconds(sample.time),
            absent: AbsentPointValues(sample.absentAxes))
    }
}

extension AbsentPointValues {
    /// The point values a sample's absent axes leave unmeasured: tilt is altitude and azimuth.
    init(_ axes: AbsentAxes) {
        self = []
        if axes.contains(.tilt) { formUnion(.tilt) }
        if axes.contains(.pressure) { insert(.pressure) }
    }
}
