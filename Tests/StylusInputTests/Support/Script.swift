import StylusInput

/// Parses evemu `E:` lines (`E: <sec>.<usec> <type hex> <code hex> <value>`), as copied
/// from a recording; anything after a tab or `#` is ignored.
func evemuEvents(_ text: String) -> [InputEvent] {
    text.split(separator: "\n").compactMap { line in
        let content = line.split(separator: "#", maxSplits: 1).first ?? ""
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.first == "E:", fields.count >= 5 else { return nil }
        let time = fields[1].split(separator: ".")
        return InputEvent(
            time: EventTime(seconds: Int64(time[0])!, microseconds: Int64(time[1])!),
            type: EventType(rawValue: UInt16(fields[2], radix: 16)!),
            code: UInt16(fields[3], radix: 16)!,
            value: Int32(fields[4])!)
    }
}

/// One event of a scripted frame, without its time (litest's templates, in short).
struct Scripted {
    var type: EventType
    var code: UInt16
    var value: Int32

    static func abs(_ code: UInt16, _ value: Int32) -> Scripted { Scripted(type: .absolute, code: code, value: value) }
    static func key(_ code: UInt16, _ value: Int32) -> Scripted { Scripted(type: .key, code: code, value: value) }
    static func serial(_ value: Int32) -> Scripted {
        Scripted(type: .miscellaneous, code: MiscellaneousCode.serial, value: value)
    }
    static let dropped = Scripted(type: .synchronization, code: SynchronizationCode.dropped, value: 0)
}

/// The events of one frame at `milliseconds`, ended by `SYN_REPORT`.
func frame(at milliseconds: Int64, _ events: Scripted...) -> [InputEvent] {
    frame(atMicroseconds: milliseconds * 1000, events)
}

func frame(atMicroseconds time: Int64, _ events: [Scripted]) -> [InputEvent] {
    let t = EventTime(microseconds: time)
    return events.map { InputEvent(time: t, type: $0.type, code: $0.code, value: $0.value) }
        + [InputEvent(time: t, type: .synchronization, code: SynchronizationCode.report, value: 0)]
}

func ms(_ value: Int64) -> EventTime { EventTime(microseconds: value * 1000) }

extension FrameAssembler {
    /// Feeds `events` and returns every output, in order.
    mutating func feed(_ events: [InputEvent]) -> [AssembledFrame] {
        events.compactMap { process($0) }
    }

    /// Feeds `events` and returns the pen frames among the outputs.
    mutating func penFrames(_ events: [InputEvent]) -> [PenFrame] {
        feed(events).compactMap {
            if case .pen(let frame) = $0 { return frame }
            return nil
        }
    }
}

extension AssembledFrame {
    var pen: PenFrame? {
        if case .pen(let frame) = self { return frame }
        return nil
    }

    var pad: PadFrame? {
        if case .pad(let frame) = self { return frame }
        return nil
    }
}
