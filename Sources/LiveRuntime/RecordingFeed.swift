import Foundation
public import LinuxInput
public import Recordings
public import StylusInput

/// A recording fed as if a tablet sent it: each event is handed out when the session clock reaches
/// its time since the recording's first event (divided by `speed`), stamped with that session time.
public final class RecordingFeed: PenEventSource {
    public let description: DeviceDescription
    public let header: RecordingHeader
    public let anchor: ClockAnchor
    public let fileDescriptor: Int32 = -1
    public let drops: [DroppedEvents] = []
    private var events: [InputEvent]
    private var next = 0
    private var start: EventTime
    private let speed: Double
    private let now: () -> EventTime

    /// Reads the whole recording; the feed's first event is due at `start` on the clock `now`.
    public init(path: String, speed: Double, start: EventTime, now: @escaping () -> EventTime) throws {
        let reader = try RecordingReader(
            path: path, descriptionPath: nil, options: RecordingReadOptions(allowTruncated: true))
        header = reader.header
        description = reader.header.device
        var events: [InputEvent] = []
        while let event = try reader.next() { events.append(event) }
        let first = events.first?.time ?? EventTime(microseconds: 0)
        self.events = events.map { event in
            var moved = event
            let offset = Double(event.time.microseconds - first.microseconds) / speed
            moved.time = EventTime(microseconds: start.microseconds + Int64(offset.rounded()))
            return moved
        }
        self.start = start
        self.speed = speed
        self.now = now
        anchor = ClockAnchor.now()
    }

    /// Moves the whole feed so that its first event is due at `time` (once the window is up).
    public func begin(at time: EventTime) {
        let shift = time.microseconds - start.microseconds
        for index in events.indices {
            events[index].time = EventTime(microseconds: events[index].time.microseconds + shift)
        }
        start = time
    }

    public var nextDue: EventTime? { next < events.count ? events[next].time : nil }
    public var isExhausted: Bool { next >= events.count }

    public func read(into batch: inout [InputEvent], limit: Int) throws -> LiveReadStatus {
        let time = now()
        var taken = 0
        // Whole frames only, as the kernel delivers them.
        while next < events.count, events[next].time <= time, taken < limit {
            batch.append(events[next])
            next += 1
            taken += 1
        }
        return .drained
    }
}
