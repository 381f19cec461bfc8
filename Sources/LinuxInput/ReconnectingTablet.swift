import Foundation
public import StylusInput

/// Where a session's pen events come from: a live tablet (read on the loop's thread or ahead of
/// it, followed through unplugs), or a recording fed at its own pace. All hand out events with
/// CLOCK_MONOTONIC-style times on the session's clock, so the frame assembler, the drivers and the
/// journal cannot tell them apart.
public protocol PenEventSource: AnyObject {
    var description: DeviceDescription { get }
    /// The wall-clock anchor of the event times.
    var anchor: ClockAnchor { get }
    /// The descriptor to poll for input; -1 when there is none (a feed is due by time, an unplugged tablet is away).
    var fileDescriptor: Int32 { get }
    /// When the next event is due without any descriptor becoming readable (a feed); nil for a live tablet.
    var nextDue: EventTime? { get }
    /// True once a feed has handed out its last event; never for a live tablet.
    var isExhausted: Bool { get }
    /// Every `SYN_DROPPED` so far, oldest first.
    var drops: [DroppedEvents] { get }
    func read(into events: inout [InputEvent], limit: Int) throws -> LiveReadStatus
}

extension PenEventSource {
    /// The `SYN_DROPPED`s read since the first `seen`, which it moves past them: for the loop to
    /// journal, interrupt the session at and warn of, once each.
    public func newDrops(after seen: inout Int) -> [DroppedEvents] {
        let new = Array(drops.dropFirst(seen))
        seen += new.count
        return new
    }
}

extension LiveTablet: PenEventSource {
    public var nextDue: EventTime? { nil }
    public var isExhausted: Bool { false }
}

/// A live tablet that may be unplugged mid-session and plugged back: the one place `record` and
/// `administer` handle an unplug. On `removed` it says so once; while the tablet is away it
/// rescans (TabletDiscovery, TabletIdentity) until the same tablet is back, at whatever node, and
/// reopens it (grabbed again if it was). It journals nothing and knows no session: `follow`
/// returns what changed, and the session loop journals it and interrupts the test, so the
/// session goes on from the same journal.
public final class ReconnectingTablet: PenEventSource {
    /// The connection read now (replaced when the tablet comes back).
    private var tablet: TabletConnection
    /// Whether each connection is read on a thread of its own (`ReadAheadTablet`).
    public let readsAhead: Bool
    /// The tablet to wait for after an unplug, at whatever node it comes back.
    public let identity: TabletIdentity
    /// The pen node read now (it changes when the tablet comes back as another `eventN`).
    public private(set) var node: String
    /// False from the unplug until the tablet is back.
    public private(set) var isPresent = true
    /// The first connection's description: the journal's header and the session's device.
    public let description: DeviceDescription
    /// The first connection's clock anchor (event times stay CLOCK_MONOTONIC across connections).
    public let anchor: ClockAnchor
    /// The `SYN_DROPPED`s of the connections before this one.
    private var earlierDrops: [DroppedEvents] = []
    private var lastScan: EventTime?

    /// How often an absent tablet is looked for: often enough that a replug is noticed at once,
    /// rarely enough that the udev scan costs nothing next to the session.
    public static let rescanInterval = EventDuration.milliseconds(250)

    /// Opens the tablet at `node`; its identity is discovery's view of the node (with its udev
    /// serial), else the name and ids the open node gives.
    ///
    /// With `readAhead`, each connection is read on a thread of its own, so a loop that is slow to
    /// draw (administer's window) does not make the kernel drop events.
    public init(node: String, grab: Bool, readAhead: Bool = false) throws {
        readsAhead = readAhead
        tablet = try Self.connect(node: node, grab: grab, readAhead: readAhead)
        self.node = node
        description = tablet.description
        anchor = tablet.anchor
        identity = Self.identity(of: tablet, at: node)
    }

    private static func connect(node: String, grab: Bool, readAhead: Bool) throws -> TabletConnection {
        let tablet = try LiveTablet(node: node, grab: grab)
        return readAhead ? try ReadAheadTablet(tablet: tablet) : tablet
    }

    static func identity(of tablet: TabletConnection, at node: String) -> TabletIdentity {
        let path = URL(fileURLWithPath: node).resolvingSymlinksInPath().path
        if let found = TabletDiscovery.scan().penNodes.first(where: { $0.node == path || $0.node == node }) {
            return TabletIdentity.reading(found)
        }
        let id = tablet.description.id
        return TabletIdentity(
            name: tablet.description.name, bustype: id.bustype, vendor: id.vendor, product: id.product)
    }

    public var fileDescriptor: Int32 { isPresent ? tablet.fileDescriptor : -1 }
    public var nextDue: EventTime? { nil }
    public var isExhausted: Bool { false }
    /// Every `SYN_DROPPED` of the session, over every connection.
    public var drops: [DroppedEvents] { earlierDrops + tablet.drops }
    public var grabbed: Bool { tablet.grabbed }

    /// Reads what the tablet has; nothing while it is away. `.removed` is returned once, at the unplug.
    public func read(into events: inout [InputEvent], limit: Int) throws -> LiveReadStatus {
        guard isPresent else { return .drained }
        let status = try tablet.read(into: &events, limit: limit)
        if status == .removed { isPresent = false }
        return status
    }

    /// What changed in the tablet's connection.
    public enum Change: Equatable, Sendable {
        case unplugged
        /// Back, at `node`; `moved` when that is not the node it left from.
        case back(node: String, moved: Bool)
    }

    /// Follows the connection after a read that returned `status`: an unplug, or, while the
    /// tablet is away, its return (looked for at most every `rescanInterval`).
    public func follow(_ status: LiveReadStatus, now: EventTime) -> Change? {
        if status == .removed { return .unplugged }
        guard !isPresent else { return nil }
        if let lastScan, now.duration(since: lastScan) < Self.rescanInterval { return nil }
        lastScan = now
        guard let found = TabletDiscovery.scan().penNode(of: identity),
            let back = try? Self.connect(node: found.node, grab: tablet.grabbed, readAhead: readsAhead),
            identity.accepts(
                TabletIdentity(
                    name: back.description.name, bustype: back.description.id.bustype,
                    vendor: back.description.id.vendor, product: back.description.id.product, serial: identity.serial))
        else { return nil }
        let moved = found.node != node
        earlierDrops += tablet.drops
        tablet = back
        node = found.node
        isPresent = true
        lastScan = nil
        return .back(node: found.node, moved: moved)
    }
}

/// One connection to the tablet: read on the loop's thread (`LiveTablet`) or ahead of it (`ReadAheadTablet`).
protocol TabletConnection: AnyObject {
    var description: DeviceDescription { get }
    var anchor: ClockAnchor { get }
    var grabbed: Bool { get }
    var fileDescriptor: Int32 { get }
    var drops: [DroppedEvents] { get }
    func read(into events: inout [InputEvent], limit: Int) throws(LiveInputError) -> LiveReadStatus
}

extension LiveTablet: TabletConnection {}
extension ReadAheadTablet: TabletConnection {}
