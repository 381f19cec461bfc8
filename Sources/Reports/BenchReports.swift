import Foundation

/// One line of `styluskit monitor`: one frame of the pen as the kernel sent it and as StylusKit reads it.
public struct MonitorLine: CommandReport {
    /// Seconds since the first frame shown.
    public var seconds: Double
    /// `pen` or `eraser` (`PenTool`'s raw value).
    public var tool: String
    /// True while the tool is in proximity (false in the frame it leaves).
    public var inProximity: Bool
    /// True while the tip touches.
    public var tipDown: Bool
    /// The barrel buttons held: `stylus`, `stylus2`, `stylus3`.
    public var buttons: [String]
    /// The raw position in device units.
    public var rawX: Int
    /// The raw `ABS_Y`.
    public var rawY: Int
    /// The position on the active area in millimetres (from its top left corner).
    public var xMillimetres: Double
    /// The position down the active area, in millimetres.
    public var yMillimetres: Double
    /// The raw pressure and the normalised force (1.0 an average touch); null without a pressure axis.
    public var pressure: Int?
    /// The normalised force of `pressure`.
    public var force: Double?
    /// The raw hover distance; null when the device reports none.
    public var distance: Int?
    /// Tilt in degrees, and as altitude (90 upright) and azimuth (0 toward +x, clockwise); null without tilt.
    public var tiltXDegrees: Double?
    /// `ABS_TILT_Y` in degrees.
    public var tiltYDegrees: Double?
    /// The altitude in degrees, 90 upright.
    public var altitudeDegrees: Double?
    /// The azimuth in degrees, 0 toward +x, clockwise.
    public var azimuthDegrees: Double?
    /// Pen frames in the second up to this one.
    public var framesPerSecond: Int
    /// Pen frames so far.
    public var frames: Int
    /// `SYN_DROPPED`s so far, and the events they lost.
    public var drops: Int
    /// The events those `SYN_DROPPED`s lost.
    public var droppedEvents: Int

    /// The line of one frame (values rounded as the text shows them, so the JSON carries no binary noise).
    public init(
        seconds: Double, tool: String, inProximity: Bool, tipDown: Bool, buttons: [String], rawX: Int, rawY: Int,
        xMillimetres: Double, yMillimetres: Double, pressure: Int?, force: Double?, distance: Int?,
        tiltXDegrees: Double?, tiltYDegrees: Double?, altitudeDegrees: Double?, azimuthDegrees: Double?,
        framesPerSecond: Int, frames: Int, drops: Int, droppedEvents: Int
    ) {
        self.seconds = rounded(seconds, 6)
        self.tool = tool
        self.inProximity = inProximity
        self.tipDown = tipDown
        self.buttons = buttons
        self.rawX = rawX
        self.rawY = rawY
        self.xMillimetres = rounded(xMillimetres, 2)
        self.yMillimetres = rounded(yMillimetres, 2)
        self.pressure = pressure
        self.force = force.map { rounded($0, 3) }
        self.distance = distance
        self.tiltXDegrees = tiltXDegrees.map { rounded($0, 1) }
        self.tiltYDegrees = tiltYDegrees.map { rounded($0, 1) }
        self.altitudeDegrees = altitudeDegrees.map { rounded($0, 1) }
        self.azimuthDegrees = azimuthDegrees.map { rounded($0, 1) }
        self.framesPerSecond = framesPerSecond
        self.frames = frames
        self.drops = drops
        self.droppedEvents = droppedEvents
    }

    /// The frame in fixed columns, so a terminal that rewrites it in place shows numbers that stay put.
    public var text: String {
        let state = (inProximity ? (tipDown ? "down " : "hover") : "out  ")
        var parts = [
            fixed(seconds, 3).leftPadded(9) + " s", tool.padding(toLength: 6, withPad: " ", startingAt: 0) + state,
            "x " + fixed(xMillimetres, 2).leftPadded(7) + " y " + fixed(yMillimetres, 2).leftPadded(7) + " mm",
        ]
        if let pressure, let force {
            parts.append("pressure " + "\(pressure)".leftPadded(5) + " force " + fixed(force, 3))
        } else {
            parts.append("pressure -")
        }
        if let distance { parts.append("distance " + "\(distance)".leftPadded(4)) }
        if let tiltXDegrees, let tiltYDegrees, let altitudeDegrees, let azimuthDegrees {
            parts.append(
                "tilt " + fixed(tiltXDegrees, 1).leftPadded(5) + "/" + fixed(tiltYDegrees, 1).leftPadded(5)
                    + "° altitude " + fixed(altitudeDegrees, 1).leftPadded(4) + "° azimuth "
                    + fixed(azimuthDegrees, 1).leftPadded(5) + "°")
        } else {
            parts.append("tilt -")
        }
        parts.append("buttons " + (buttons.isEmpty ? "-" : buttons.joined(separator: ",")))
        parts.append("\(framesPerSecond)".leftPadded(4) + " frames/s")
        parts.append("dropped \(drops)" + (droppedEvents > 0 ? " (\(droppedEvents) events)" : ""))
        return parts.joined(separator: "  ")
    }
}

/// The lines `styluskit monitor` prints before the frames: which device, how big, which profile.
public struct MonitorHeading {
    /// The tablet's name and ids (`bus:vendor:product`).
    public var device: String
    /// The node read, or the recording's path.
    public var source: String
    /// The active area in millimetres and the resolution used, in units per millimetre.
    public var widthMillimetres: Double
    /// The active area's height in millimetres.
    public var heightMillimetres: Double
    /// The resolution used, in units per millimetre.
    public var resolution: (x: Double, y: Double)
    /// The tablet profile that applies, or nil.
    public var profile: String?

    /// The heading of one monitored device.
    public init(
        device: String, source: String, widthMillimetres: Double, heightMillimetres: Double,
        resolution: (x: Double, y: Double), profile: String?
    ) {
        (self.device, self.source, self.widthMillimetres, self.heightMillimetres) =
            (device, source, widthMillimetres, heightMillimetres)
        (self.resolution, self.profile) = (resolution, profile)
    }

    /// Three lines: the device and where it is read, its area, the profile.
    public var text: String {
        [
            "device   \(device) at \(source)",
            "area     \(fixed(widthMillimetres, 2)) × \(fixed(heightMillimetres, 2)) mm "
                + "(\(fixed(resolution.x, 0)) × \(fixed(resolution.y, 0)) units/mm)",
            "profile  " + (profile ?? "none (the device's own ranges)"),
        ].joined(separator: "\n")
    }
}

/// What `styluskit play` prints when the recording has been played.
public struct PlayReport: CommandReport {
    /// The recording played.
    public var recording: String
    /// The virtual tablet's name and its event node (null when sysfs never showed it).
    public var device: String
    /// The virtual tablet's event node, nil when sysfs never showed it.
    public var node: String?
    /// Frames and events written, and the speed they were played at.
    public var frames: Int
    /// Events written, the `SYN_REPORT`s included.
    public var events: Int
    /// The speed played at (1: the recorded pace).
    public var speed: Double
    /// The recording's span at that speed, and how far the latest frame fell behind it.
    public var scheduledSeconds: Double
    /// How far behind its due time the latest frame was written.
    public var mostBehindMilliseconds: Double
    /// The recording's `SYN_DROPPED` markers, not played (the kernel makes its own).
    public var droppedMarkersLeftOut: Int
    /// True when Ctrl-C (or SIGTERM) ended the playing early.
    public var interrupted: Bool

    /// The report of one playing.
    public init(
        recording: String, device: String, node: String?, frames: Int, events: Int, speed: Double,
        scheduledSeconds: Double, mostBehindMilliseconds: Double, droppedMarkersLeftOut: Int, interrupted: Bool
    ) {
        (self.recording, self.device, self.node, self.frames, self.events) = (recording, device, node, frames, events)
        self.speed = speed
        self.scheduledSeconds = rounded(scheduledSeconds, 3)
        self.mostBehindMilliseconds = rounded(mostBehindMilliseconds, 1)
        (self.droppedMarkersLeftOut, self.interrupted) = (droppedMarkersLeftOut, interrupted)
    }

    /// What was played, how long it took, and what was left out.
    public var text: String {
        var lines = [
            "played     \(recording)\(interrupted ? " (interrupted)" : "")",
            "device     \(device) at \(node ?? "an unknown node")",
            "frames     \(frames) (\(events) events) over \(fixed(scheduledSeconds, 3)) s at speed \(speed)",
            "behind     \(fixed(mostBehindMilliseconds, 1)) ms at most",
        ]
        if droppedMarkersLeftOut > 0 {
            lines.append("left out   \(droppedMarkersLeftOut) SYN_DROPPED markers (the kernel makes its own)")
        }
        return lines.joined(separator: "\n")
    }
}
