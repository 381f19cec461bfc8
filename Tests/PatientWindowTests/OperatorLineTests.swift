import PatientWindow
import StylusInput
import Testing

@Suite("Operator line")
struct OperatorLineTests {
    @Test("The test, the part, the time and the keys")
    func words() {
        let line = OperatorLine(test: "clock", part: "copy", elapsed: .milliseconds(65_400), tabletAway: false, endAsked: false)
        #expect(line.text == "clock, part copy, 1:05 | N next part, R repeat instructions, P pause, Escape twice ends, Ctrl+Q aborts")
    }

    @Test("An unplugged tablet and a first Escape are said")
    func states() {
        let line = OperatorLine(test: "sdt", part: nil, elapsed: .milliseconds(600_000), tabletAway: true, endAsked: true)
        #expect(line.text == "sdt, part -, 10:00, tablet unplugged | Escape again ends the test")
    }

    @Test("A paused test says so and offers P to resume; N and R are not offered")
    func paused() {
        let line = OperatorLine(
            test: "maze", part: "maze-1", elapsed: .milliseconds(5_000), tabletAway: false, endAsked: false, paused: true)
        #expect(line.text == "maze, part maze-1, 0:05, PAUSED | P resumes, Escape twice ends, Ctrl+Q aborts")
    }
}
