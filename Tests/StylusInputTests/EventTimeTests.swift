import Testing

@testable import StylusInput

@Suite("Event time")
struct EventTimeTests {
    @Test("Formats as evemu's seconds.microseconds")
    func evemuFormat() {
        #expect(EventTime(seconds: 1_369_413_636, microseconds: 405_673).description == "1369413636.405673")
        #expect(EventTime(microseconds: 1).description == "0.000001")
        #expect(EventTime(microseconds: -1).description == "-1.999999")
    }

    @Test("Seconds and microseconds split like a timeval")
    func timeval() {
        let t = EventTime(microseconds: -1_500_000)
        #expect(t.seconds == -2)
        #expect(t.microsecondsOfSecond == 500_000)
    }

    @Test("Code names come from libevdev")
    func names() {
        #expect(eventCodeName(type: .absolute, code: AbsoluteAxis.misc) == "ABS_MISC")
        #expect(eventCodeName(type: .key, code: KeyCode.toolRubber) == "BTN_TOOL_RUBBER")
        #expect(EventType.absolute.name == "EV_ABS")
        #expect(inputPropertyName(InputProperty.direct) == "INPUT_PROP_DIRECT")
    }
}
