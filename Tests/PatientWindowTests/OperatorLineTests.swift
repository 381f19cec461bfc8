import PatientWindow
import StylusInput
import Testing

@Suite("Operator line")
struct OperatorLineTests {
    @Test("The test, the part, the time and the keys")
    func words() {
        let line = OperatorLine(
            test: "clock", part: "copy", elapsed: .milliseconds(65_400), tabletAway: false, endAsked: false)
        #expect(
            line.text
                == "clock, part copy, 1:05 | N next part, R repeat instructions, P pause, Escape twice ends, Ctrl+Q twice aborts"
        )
    }

    @Test("An unplugged tablet and a first Escape are said")
    func states() {
        let line = OperatorLine(
            test: "sdt", part: nil, elapsed: .milliseconds(600_000), tabletAway: true, endAsked: true)
        #expect(line.text == "sdt, part -, 10:00, tablet unplugged | Escape again ends the test")
    }

    @Test("A paused test says so and offers P to resume; N and R are not offered")
    func paused() {
        let line = OperatorLine(
            test: "maze", part: "maze-1", elapsed: .milliseconds(5_000), tabletAway: false, endAsked: false,
            paused: true)
        #expect(line.text == "maze, part maze-1, 0:05, PAUSED | P resumes, Escape twice ends, Ctrl+Q twice aborts")
    }
}

@Suite("Escape and Ctrl+Q each need a second press")
struct OperatorConfirmationTests {
    static let t0 = EventTime(microseconds: 1_000_000)

    @Test("One Ctrl+Q only asks; a second within 5 s aborts, as Escape's second ends the test")
    func twice() {
        for key in [OperatorConfirmation.Key.abort, .end] {
            var keys = OperatorConfirmation()
            #expect(keys.press(key, at: Self.t0) == .ask(key))
            #expect(keys.waiting(at: Self.t0.advanced(by: .milliseconds(4_000))) == key)
            #expect(keys.press(key, at: Self.t0.advanced(by: .milliseconds(4_000))) == .confirmed(key))
            #expect(keys.waiting(at: Self.t0.advanced(by: .milliseconds(4_100))) == nil)
        }
    }

    @Test("A second press too late, another key between, or the other key asks again")
    func notConfirmed() {
        var keys = OperatorConfirmation()
        #expect(keys.press(.abort, at: Self.t0) == .ask(.abort))
        #expect(keys.press(.abort, at: Self.t0.advanced(by: .milliseconds(5_001))) == .ask(.abort))
        keys.otherKey()
        #expect(keys.press(.abort, at: Self.t0.advanced(by: .milliseconds(5_500))) == .ask(.abort))
        #expect(keys.press(.end, at: Self.t0.advanced(by: .milliseconds(5_600))) == .ask(.end))
        #expect(keys.press(.abort, at: Self.t0.advanced(by: .milliseconds(5_700))) == .ask(.abort))
    }

    @Test("The operator's line says a first Ctrl+Q waits for its second")
    func line() {
        var line = OperatorLine(
            test: "clock", part: "copy", elapsed: .milliseconds(1_000), tabletAway: false, endAsked: false)
        line.abortAsked = true
        #expect(line.text == "clock, part copy, 0:01 | Ctrl+Q again aborts (the journal is kept)")
    }
}

@Suite("The operator's monitor")
struct OperatorMonitorTests {
    @Test("The first monitor that is not the patient's; none when the patient's is the only one")
    func choice() {
        #expect(OperatorMonitor.choose(patient: 0, monitors: 2) == 1)
        #expect(OperatorMonitor.choose(patient: 1, monitors: 2) == 0)
        #expect(OperatorMonitor.choose(patient: 1, monitors: 3) == 0)
        #expect(OperatorMonitor.choose(patient: 0, monitors: 1) == nil)
        #expect(OperatorMonitor.choose(patient: 0, monitors: 0) == nil)
    }
}
