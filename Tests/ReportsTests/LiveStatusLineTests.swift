import Sessions
import StylusInput
import Testing

@testable import Reports

/// `record`'s status line, written into a string instead of a terminal.
@Suite("record's live status line")
struct LiveStatusLineTests {
    final class Screen {
        var writes: [String] = []
    }

    @Test("Drawn in place at most four times a second with the last decision, cleared once, and nothing when not a terminal")
    func redrawsAndClears() {
        let screen = Screen()
        let status = LiveStatusLine(enabled: true) { screen.writes.append($0) }
        let start = EventTime(microseconds: 1_000_000)
        status.refresh(now: start)
        #expect(screen.writes == ["\r\u{1B}[K    0 samples/s  pressure 0.00  out of range  last: -"])
        status.decision("stroke 1 recorded")
        status.refresh(now: start.advanced(by: .milliseconds(100)))
        #expect(screen.writes.count == 1)
        status.refresh(now: start.advanced(by: .milliseconds(250)))
        #expect(screen.writes.last?.hasSuffix("last: stroke 1 recorded") == true)
        status.clear()
        status.clear()
        #expect(
            screen.writes.suffix(2) == ["\r\u{1B}[K    0 samples/s  pressure 0.00  out of range  last: stroke 1 recorded", "\r\u{1B}[K"])
        let silent = Screen()
        let off = LiveStatusLine(enabled: false) { silent.writes.append($0) }
        off.refresh(now: start)
        off.clear()
        #expect(silent.writes.isEmpty)
    }

    @Test("What record says of an unplug and of the tablet's return, at the same node or another")
    func happenings() {
        #expect(
            LiveInput.Happening.unplugged.recordMessage == "The tablet was unplugged; plug it in again to continue (Ctrl-C ends the step).")
        #expect(
            LiveInput.Happening.back(node: "/dev/input/event7", moved: false).recordMessage == "The tablet is back; the session continues.")
        #expect(
            LiveInput.Happening.back(node: "/dev/input/event9", moved: true).recordMessage
                == "The tablet is back, at /dev/input/event9; the session continues.")
    }
}
