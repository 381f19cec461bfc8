import Foundation
import LinuxInput
import Proctoring
import Recordings
import StylusInput

/// A live tablet that may be unplugged mid-session and plugged back: the one place `record` and
/// `administer` handle an unplug. On `removed` it journals the removal and interrupts the driver;
/// while the tablet is away it rescans (TabletDiscovery, TabletIdentity) until the same tablet is
/// back, at whatever node, reopens it (grabbed again if it was), journals `reconnected` and
/// interrupts the driver again, so the session goes on from the same journal.
final class ReconnectingTablet: PenEventSource {
    /// The connection read now (replaced when the tablet comes back).
    private(set) var tablet: TabletConnection
    /// Whether each connection is read on a thread of its own (`ReadAheadTablet`).
    let readsAhead: Bool
    /// The tablet to wait for after an unplug, at whatever node it comes back.
    let identity: TabletIdentity
    /// The pen node read now (it changes when the tablet comes back as another `eventN`).
    private(set) var node: String
    /// False from the unplug until the tablet is back.
    private(set) var isPresent = true
    /// The first connection's description: the journal's header and the session's device.
    let description: DeviceDescription
    /// The first connection's clock anchor (event times stay CLOCK_MONOTONIC across connections).
    let anchor: ClockAnchor
    /// The `SYN_DROPPED`s of the connections before this one.
    private var earlierDrops: [DroppedEvents] = []
    private var lastScan: EventTime?

    /// How often an absent tablet is looked for: often enough that a replug is noticed at once,
    /// rarely enough that the udev scan costs nothing next to the session.
    static let rescanInterval = EventDuration.milliseconds(250)

    /// Opens the tablet at `node`; its identity is discovery's view of the node (with its udev
    /// serial), else the name and ids the open node gives.
    ///
    /// With `readAhead`, each connection is read on a thread of its own, so a loop that is slow to
    /// draw (administer's window) does not make the kernel drop events.
    init(node: String, grab: Bool, readAhead: Bool = false) throws {
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
        return TabletIdentity(name: tablet.description.name, bustype: id.bustype, vendor: id.vendor, product: id.product)
    }

    var fileDescriptor: Int32 { isPresent ? tablet.fileDescriptor : -1 }
    var nextDue: EventTime? { nil }
    var isExhausted: Bool { false }
    /// Every `SYN_DROPPED` of the session, over every connection.
    var drops: [DroppedEvents] { earlierDrops + tablet.drops }
    var grabbed: Bool { tablet.grabbed }

    /// Reads what the tablet has; nothing while it is away. `.removed` is returned once, at the unplug.
    func read(into events: inout [InputEvent], limit: Int) throws -> LiveReadStatus {
        guard isPresent else { return .drained }
        let status = try tablet.read(into: &events, limit: limit)
        if status == .removed { isPresent = false }
        return status
    }

    /// What changed in the tablet's connection.
    enum Change: Equatable {
        case unplugged
        /// Back, at `node`; `moved` when that is not the node it left from.
        case back(node: String, moved: Bool)
    }

    /// Follows the connection after a read that returned `status`: journals and tells the driver of
    /// an unplug, or, while the tablet is away, looks for it (at most every `rescanInterval`) and
    /// journals and tells the driver of its return.
    func follow(_ status: LiveReadStatus, now: EventTime, journal: Journal, driver: SessionDriver) throws -> Change? {
        if status == .removed {
            try journal.control(.removed(now), now: now)
            try driver.interrupt(SessionInterruption(kind: .deviceRemoved, time: now))
            return .unplugged
        }
        guard !isPresent else { return nil }
        if let lastScan, now.duration(since: lastScan) < Self.rescanInterval { return nil }
        lastScan = now
        guard let found = TabletDiscovery.scan().penNode(of: identity),
            let back = try? Self.connect(node: found.node, grab: tablet.grabbed, readAhead: readsAhead),
            identity.accepts(TabletIdentity(
                name: back.description.name, bustype: back.description.id.bustype,
                vendor: back.description.id.vendor, product: back.description.id.product, serial: identity.serial))
        else { return nil }
        let moved = found.node != node
        earlierDrops += tablet.drops
        tablet = back
        node = found.node
        isPresent = true
        lastScan = nil
        try journal.control(.reconnected(now), now: now)
        try driver.interrupt(SessionInterruption(kind: .deviceReconnected, time: now))
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

extension PenEventSource {
    /// Journals the `SYN_DROPPED`s read since the first `journaled` and interrupts the driver at
    /// each; returns them, for the loop to warn of.
    func journalNewDrops(after journaled: inout Int, now: EventTime, journal: Journal, driver: SessionDriver) throws -> [DroppedEvents] {
        let new = Array(drops.dropFirst(journaled))
        for drop in new {
            try journal.control(.gap(droppedAt: drop.droppedAt, resyncEvents: drop.resyncEvents), now: now)
            try driver.interrupt(SessionInterruption(kind: .eventsDropped, time: drop.droppedAt))
        }
        journaled += new.count
        return new
    }
}
