public import StylusInput

#if canImport(Glibc)
    import Glibc
#endif

/// Why a live tablet could not be opened or read.
public enum LiveInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The user may not read the node.
    case permissionDenied(node: String)
    case cannotOpen(node: String, reason: String)
    /// The node opened but is not an evdev device (`/dev/null`, a tty, a hidraw node).
    case notAnEventNode(node: String)
    /// The node is not a pen; `pen` is the same tablet's pen node, when discovery found one.
    case notAPenTablet(node: String, rejection: PenDeviceRejection, pen: TabletNode? = nil)
    case cannotGrab(node: String, reason: String)
    case readFailed(node: String, reason: String)
    /// No pen node was found and none was given.
    case noTablet
    /// Several pen nodes were found; the user must choose.
    case severalTablets(nodes: [String])

    /// The rule file that grants the group styluskit read access to pen tablets.
    public static let udevRule = "udev-rules/70-styluskit-tablets.rules"

    public var description: String {
        switch self {
        case .permissionDenied(let node):
            "Cannot open \(node): permission denied. Install the udev rule that lets the group styluskit read "
                + "pen tablets (and nothing else): `sudo make install-udev-rules` copies \(Self.udevRule) to "
                + "/etc/udev/rules.d, makes the group and reloads udev; join the group (`sudo adduser $USER styluskit`), "
                + "log in again, and unplug and replug the tablet."
        case .cannotOpen(let node, let reason):
            "Cannot open \(node): \(reason). Give a tablet's pen node, e.g. /dev/input/event5 (`styluskit devices` lists them)."
        case .notAnEventNode(let node):
            "\(node) is not an input event node (libevdev cannot read it); give a tablet's pen node, e.g. /dev/input/event5 "
                + "(`styluskit devices` lists them)."
        case .notAPenTablet(let node, let rejection, let pen):
            "\(node): \(rejection)"
                + (pen.map {
                    " The pen of this tablet is \($0.node) (\"\($0.name)\"): record with --device \($0.node)."
                } ?? "")
        case .cannotGrab(let node, let reason):
            "Cannot grab \(node) exclusively: \(reason). Another program (a second styluskit, or a test tool) holds it; "
                + "close it, or record without --grab."
        case .readFailed(let node, let reason):
            "Reading \(node) failed: \(reason). The journal keeps everything read so far; run `styluskit recover` on it."
        case .noTablet:
            "No pen tablet found: no input node has ID_INPUT_TABLET=1 (or, without udev, pen capabilities). "
                + "Plug the tablet in and run `styluskit devices`."
        case .severalTablets(let nodes):
            "Several pen tablets are connected (\(nodes.joined(separator: ", "))); choose one with --device NODE."
        }
    }
}

/// A realtime/monotonic pair read back to back when the device was opened: event times are
/// CLOCK_MONOTONIC, ADF wants Unix time, and the pair maps one to the other for the whole session
/// (a later change of the wall clock does not bend the recording).
public struct ClockAnchor: Hashable, Sendable {
    public var realtimeMicroseconds: Int64
    public var monotonicMicroseconds: Int64

    /// Microseconds to add to a monotonic event time to get Unix time.
    public var offsetMicroseconds: Int64 { realtimeMicroseconds - monotonicMicroseconds }

    /// Reads both clocks now.
    public static func now() -> ClockAnchor {
        let pair = readClockPair()
        return ClockAnchor(
            realtimeMicroseconds: pair.realtimeMicroseconds, monotonicMicroseconds: pair.monotonicMicroseconds)
    }
}

/// CLOCK_MONOTONIC now: the clock live events carry, for timers that must fire without events.
public func monotonicClockNow() -> EventTime { monotonicNow() }

/// A `SYN_DROPPED` the live source handled: the kernel's buffer overflowed.
public struct DroppedEvents: Hashable, Sendable {
    /// The time of the `SYN_DROPPED`.
    public var droppedAt: EventTime
    /// Events of libevdev's resync delta (the state that changed while events were lost).
    public var resyncEvents: Int
}

/// What a `read` ended with.
public enum LiveReadStatus: Hashable, Sendable {
    /// Everything available was read (or the batch limit was reached; poll again).
    case drained
    /// The device was unplugged (ENODEV); the events before it were delivered.
    case removed
}

/// A pen tablet read live through libevdev.
///
/// Opened non-blocking with CLOCK_MONOTONIC timestamps; its capabilities are checked once at open.
/// `read` hands out events exactly as the journal must keep them, with a `SYN_DROPPED` turned into
/// the stream `FrameAssembler` expects: the `SYN_DROPPED`, a `SYN_REPORT` ending the lost frame,
/// then libevdev's resync delta as one frame ending in its own `SYN_REPORT`.
public final class LiveTablet {
    public let node: String
    /// What the device reports, from libevdev: complete enough for a journal header.
    public let description: DeviceDescription
    public let capabilities: PenCapabilities
    /// The realtime/monotonic pair read right after the clock was switched to CLOCK_MONOTONIC.
    public let anchor: ClockAnchor
    /// Whether the device is grabbed exclusively.
    public let grabbed: Bool
    /// Every `SYN_DROPPED` seen so far.
    public private(set) var drops: [DroppedEvents] = []

    private let device: EvdevDevice

    /// The descriptor to poll for input.
    public var fileDescriptor: Int32 { device.fd }

    /// Opens `node`, checks it is a pen tablet and optionally grabs it.
    public init(node: String, grab: Bool = false) throws(LiveInputError) {
        let device: EvdevDevice
        switch EvdevDevice.open(node: node) {
        case .success(let opened): device = opened
        case .failure(let failure):
            if failure.errno == EACCES || failure.errno == EPERM { throw .permissionDenied(node: node) }
            if failure.errno == ENOTTY || failure.errno == EINVAL { throw .notAnEventNode(node: node) }
            throw .cannotOpen(node: node, reason: failure.text)
        }
        self.device = device
        self.anchor = ClockAnchor.now()
        self.node = node
        self.description = device.description()
        do {
            self.capabilities = try PenCapabilities(checking: description)
        } catch {
            let pen = if case .notAPen = error { TabletDiscovery.scan().penSibling(of: node) } else { TabletNode?.none }
            throw .notAPenTablet(node: node, rejection: error, pen: pen)
        }
        if grab, let failure = device.grab(true) { throw .cannotGrab(node: node, reason: failure) }
        self.grabbed = grab
    }

    /// The description of the device at `node`, read through libevdev without keeping it open.
    public static func describe(node: String) throws(LiveInputError) -> DeviceDescription {
        switch EvdevDevice.open(node: node) {
        case .success(let device): return device.description()
        case .failure(let failure):
            if failure.errno == EACCES || failure.errno == EPERM { throw .permissionDenied(node: node) }
            if failure.errno == ENOTTY || failure.errno == EINVAL { throw .notAnEventNode(node: node) }
            throw .cannotOpen(node: node, reason: failure.text)
        }
    }

    /// Appends every event available now (at most `limit`) to `events`.
    public func read(into events: inout [InputEvent], limit: Int = 4096) throws(LiveInputError) -> LiveReadStatus {
        var count = 0
        while count < limit {
            switch device.next(syncMode: false) {
            case .event(let event), .syncEvent(let event):
                events.append(event)
                count += 1
            case .dropped(let drop):
                events.append(drop)
                // libevdev discarded the kernel's incomplete frame: this SYN_REPORT ends it for the assembler.
                events.append(
                    InputEvent(time: drop.time, type: .synchronization, code: SynchronizationCode.report, value: 0))
                var delta: [InputEvent] = []
                resync: while true {
                    switch device.next(syncMode: true) {
                    case .syncEvent(let event), .event(let event): delta.append(event)
                    case .again, .dropped: break resync
                    case .removed:
                        events += delta
                        return .removed
                    case .failed(let reason): throw .readFailed(node: node, reason: reason)
                    }
                }
                if let last = delta.last, !last.isFrameEnd {
                    delta.append(
                        InputEvent(time: last.time, type: .synchronization, code: SynchronizationCode.report, value: 0))
                }
                drops.append(
                    DroppedEvents(
                        droppedAt: drop.time, resyncEvents: delta.filter { $0.type != .synchronization }.count))
                events += delta
                count += 2 + delta.count
            case .again:
                return .drained
            case .removed:
                return .removed
            case .failed(let reason):
                throw .readFailed(node: node, reason: reason)
            }
        }
        return .drained
    }
}

/// Tests and checks that need libevdev's view of a description without a kernel device.
public enum DescriptionThroughLibevdev {
    /// Builds a libevdev context from `description` with `libevdev_new`/`libevdev_set_*` (no kernel
    /// device, no file descriptor) and reads it back, as `LiveTablet` reads a real node.
    public static func roundTrip(_ description: DeviceDescription) -> DeviceDescription? {
        EvdevDevice.describing(description)?.description()
    }
}

/// Whether the current user may open a node for reading (ACLs included).
public func mayRead(node: String) -> Bool {
    access(node, R_OK) == 0
}
