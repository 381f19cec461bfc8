import Recordings
import StylusInput
import Testing

/// The journal's `instructions` control line: written and read back the same, the step's name
/// (a maze's, which may hold spaces) running to the end of the line.
@Suite("Journal instructions lines")
struct JournalControlTests {
    @Test("The text of an instructions line, and the same control parsed back from it")
    func roundTrip() throws {
        let control = JournalControl.instructions(
            step: "mazeStep-no choice", shown: EventTime(microseconds: 2_000_001),
            spoken: EventTime(microseconds: 3_500_000),
            firstTouch: EventTime(microseconds: 12_345_678))
        #expect(
            control.text == "instructions shown=2.000001 spoken=3.500000 first-touch=12.345678 step=mazeStep-no choice")
        #expect(JournalControl(text: control.text) == control)
    }

    @Test("Instructions shown, not spoken: the line says why (a code) in place of the speech's end")
    func notSpoken() throws {
        let control = JournalControl.instructionsNotSpoken(
            step: "clockStep-command", shown: EventTime(microseconds: 2_000_001), reason: "no-audio-output",
            firstTouch: EventTime(microseconds: 12_345_678))
        #expect(
            control.text
                == "instructions shown=2.000001 not-spoken=no-audio-output first-touch=12.345678 step=clockStep-command"
        )
        #expect(JournalControl(text: control.text) == control)
        #expect(JournalControl(text: "instructions shown=2.000001 not-spoken= first-touch=12.345678 step=a") == nil)
    }

    @Test(
        "A malformed instructions line is not a control (as a later version's line would not be)",
        arguments: [
            "instructions shown=2.000001 spoken=3.500000 first-touch=12.345678",
            "instructions shown=2.000001 spoken=3.5 first-touch=12.345678 step=a",
            "instructions spoken=3.500000 shown=2.000001 first-touch=12.345678 step=a",
            "instructions shown=2.000001 first-touch=12.345678 step=a",
        ])
    func malformed(text: String) {
        #expect(JournalControl(text: text) == nil)
    }

    @Test(
        "A tap line names the button and the touch-down's time, and parses back",
        arguments: [
            ("continue", "tap continue 7.000250"), ("repeat-instructions", "tap repeat-instructions 7.000250"),
        ])
    func tap(button: String, text: String) {
        let control = JournalControl.tap(button: button, time: EventTime(microseconds: 7_000_250))
        #expect(control.text == text)
        #expect(JournalControl(text: text) == control)
    }

    @Test(
        "A malformed tap line is not a control",
        arguments: [
            "tap continue", "tap 7.000250", "tap Pause 7.000250", "tap continue 7.25", "tap continue 7.000250 extra",
        ])
    func malformedTap(text: String) {
        #expect(JournalControl(text: text) == nil)
    }

    @Test(
        "Pause and resume lines carry their time and parse back",
        arguments: [("pause 12.000250", true), ("resume 15.500000", false)])
    func pauseLines(text: String, pauses: Bool) {
        let time = EventTime(microseconds: pauses ? 12_000_250 : 15_500_000)
        let control = pauses ? JournalControl.pause(time) : .resume(time)
        #expect(control.text == text)
        #expect(JournalControl(text: text) == control)
        #expect(!control.describesSession)
    }

    @Test(
        "A malformed pause or resume line is not a control",
        arguments: ["pause", "pause 12.25", "resume 1.000000 2.000000"])
    func malformedPause(text: String) {
        #expect(JournalControl(text: text) == nil)
    }

    @Test(
        "A trails test line names its form and its layout files (paths with spaces) and reads back the same",
        arguments: [
            (JournaledTest.trails(form: "standard", layouts: []), "test trails form=standard"),
            (
                .trails(form: "alternate-2", layouts: ["/srv/my forms/a.yaml", "/srv/b.yaml"]),
                "test trails form=alternate-2 layout=/srv/my forms/a.yaml layout=/srv/b.yaml"
            ),
        ])
    func trailsTest(test: JournaledTest, text: String) {
        let control = JournalControl.test(test)
        #expect(control.text == text)
        #expect(JournalControl(text: text) == control)
        #expect(test.name == "trails")
    }

    @Test(
        "A malformed trails test line is not a control",
        arguments: ["test trails", "test trails form=", "test trails form=a b", "test trails form=x layout="])
    func malformedTrails(text: String) {
        #expect(JournalControl(text: text) == nil)
    }
}

/// The trail making test's "Ready, go" lines (docs/trails-proctoring.md, "In the sessions"): the
/// opening's `waits-for-ready` and each part's `ready` line, its step running to the end of the line.
@Suite("Journal ready lines")
struct JournalReadyLineTests {
    @Test("A ready line's text, parsed back the same; waits-for-ready describes the session")
    func roundTrip() throws {
        let ready = JournalControl.ready(step: "trailsStep-sampleA", time: EventTime(microseconds: 7_250_001))
        #expect(ready.text == "ready 7.250001 step=trailsStep-sampleA")
        #expect(JournalControl(text: ready.text) == ready)
        #expect(!ready.describesSession)
        #expect(JournalControl.waitsForReady.text == "waits-for-ready")
        #expect(JournalControl(text: "waits-for-ready") == .waitsForReady)
        #expect(JournalControl.waitsForReady.describesSession)
        #expect(JournalOpening([.waitsForReady]).waitsForReady)
        #expect(!JournalOpening([]).waitsForReady)
    }

    @Test(
        "A malformed ready line is not a control",
        arguments: [
            "ready 7.250001", "ready 7.25 step=a", "ready step=a", "ready 7.250001 x step=a", "waits-for-ready now",
        ])
    func malformed(text: String) {
        #expect(JournalControl(text: text) == nil)
    }
}
