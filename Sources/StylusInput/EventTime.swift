/// An instant on the clock that stamped an input event, in microseconds.
///
/// Live capture uses the kernel's CLOCK_MONOTONIC; a recording carries either
/// Unix-epoch times or times relative to its first event. `EventTime` does not
/// know which: the session that consumes it anchors it to wall-clock time once.
/// Intervals between instants are `EventDuration`, never `EventTime`.
public struct EventTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the clock's origin.
    public var microseconds: Int64

    /// Creates an instant from microseconds since the clock's origin.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Creates an instant from the kernel's `timeval` pair.
    public init(seconds: Int64, microseconds: Int64) {
        self.microseconds = seconds * 1_000_000 + microseconds
    }

    /// Whole seconds, rounded toward minus infinity, as in a `timeval`.
    public var seconds: Int64 {
        microseconds >= 0 ? microseconds / 1_000_000 : -((-microseconds + 999_999) / 1_000_000)
    }

    /// The microseconds after `seconds`, always in 0..<1_000_000.
    public var microsecondsOfSecond: Int64 {
        microseconds - seconds * 1_000_000
    }

    public static func < (lhs: EventTime, rhs: EventTime) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// The interval from `earlier` to this instant.
    public func duration(since earlier: EventTime) -> EventDuration {
        EventDuration(microseconds: microseconds - earlier.microseconds)
    }

    /// The instant `duration` after this one.
    public func advanced(by duration: EventDuration) -> EventTime {
        EventTime(microseconds: microseconds + duration.microseconds)
    }

    /// `seconds.microseconds` with six digits, as evemu writes it.
    public var description: String {
        let fraction = String(microsecondsOfSecond)
        return "\(seconds).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}

/// An interval between two `EventTime`s, in microseconds.
public struct EventDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length of the interval in microseconds; negative when time ran backwards.
    public var microseconds: Int64

    /// Creates an interval from microseconds.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// An interval of whole milliseconds.
    public static func milliseconds(_ value: Int64) -> EventDuration {
        EventDuration(microseconds: value * 1_000)
    }

    /// An interval of seconds, rounded to the nearest microsecond.
    public static func seconds(_ value: Double) -> EventDuration {
        EventDuration(microseconds: Int64((value * 1_000_000).rounded()))
    }

    /// The zero interval.
    public static let zero = EventDuration(microseconds: 0)

    /// The interval in seconds.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    public static func < (lhs: EventDuration, rhs: EventDuration) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    public static func + (lhs: EventDuration, rhs: EventDuration) -> EventDuration {
        EventDuration(microseconds: lhs.microseconds + rhs.microseconds)
    }

    public var description: String {
        "\(seconds) s"
    }
}
