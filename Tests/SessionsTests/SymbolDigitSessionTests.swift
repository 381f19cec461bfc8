import ADF
import Foundation
import Sessions
import TestMaterials
import Testing

/// Symbol-digit sessions of synthesized recordings, replayed in-process as `replay --test sdt`
/// replays them (the split rules included): what the proctor decides, and what the results hold.
@Suite("Symbol-digit sessions of synthesized recordings")
struct SymbolDigitSessionTests {
    @Test("Every scenario gives one tagged step per part: test, copy, delayed recall, and the repeat's three")
    func stepsAndTags() throws {
        let scratch = try Scratch()
        for scenario in ["sdt-in-order", "sdt-skip", "sdt-parts"] {
            let session = try SynthesizedReplay(scenario, test: .sdt, into: scratch.path + "/" + scenario)
            let steps = session.document.steps
            // Test, copy, delayed recall, and the repeat's three (assessments.md's defaults).
            try #require(steps.count == 6, "\(scenario)")
            #expect(steps.allSatisfy { $0.drawingTags != nil }, "\(scenario)")
            #expect(steps[0].drawingTags?.structureID == "symbol-digit")
            #expect(steps[1].drawingTags?.structureID == "digit-digit")
            #expect(steps[0].drawingTags?.setID == "styluskit-1")
            #expect(steps[3].drawingTags?.setID == "styluskit-2")
            #expect(steps[0].identifier == "symbolDigitStep-test")
            #expect(steps[5].identifier == "symbolDigitStep-delayedRecall-2")
        }
    }

    @Test("Ten boxes in order: no interruption, every stroke in the test part")
    func inOrder() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay("sdt-in-order", test: .sdt, into: scratch.path)
        let facts = RecordingFacts(session.recording.events)
        // Digits 4 and 5 take two strokes each: 12 touch-downs for 10 digits.
        #expect(facts.touchDowns.count == 12)
        #expect(session.interruptions.isEmpty)
        #expect(session.document.steps.first?.strokes.count == 12)
        #expect(session.strokes.count == 12)
    }

    @Test("Writing two boxes ahead: one skip, at the lift of the stroke in box 4, pointing at box 3")
    func skip() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay("sdt-skip", test: .sdt, into: scratch.path)
        let facts = RecordingFacts(session.recording.events)
        // Strokes: the 4 in box 1 (two), the 7 in box 2, the 5 in box 4 (bowl, then bar), the 2 in box 3.
        try #require(facts.touchDowns.count == 6)
        // Box 4 lies two column pitches (B + D = 1.27 + 0.026 cm) right of box 2.
        #expect(abs(facts.meanCentimetres(3) - facts.meanCentimetres(2) - 2 * 1.296) < 0.3)
        let interruptions = session.interruptions
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "skip")
        #expect(abs(interruptions[0].unixMilliseconds - facts.lifts[3]) <= 1)
        // Recorded in the test part; every stroke is kept.
        #expect(session.document.steps.first?.interruptions.count == 1)
        #expect(session.strokes.count == 6)

        let interrupts = session.events.filter { $0.contains("\"action\":\"interrupt\"") }
        try #require(interrupts.count == 1)
        #expect(interrupts[0].contains("\"box\":4"))
        #expect(interrupts[0].contains("\"continueIn\":3"))
        #expect(interrupts[0].contains("\"after\":\"obscured\""))
        // Going back to box 3 shows the form again.
        #expect(session.events.contains { $0.contains("\"action\":\"reveal-form\"") })
    }

    @Test("Boxes 1, 2, 4, 3, 5, 6: one skip at box 4 pointing at box 3; box 5 after box 3 is in order")
    func outOfOrder() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay("sdt-out-of-order", test: .sdt, into: scratch.path)
        let facts = RecordingFacts(session.recording.events)
        // Six single-stroke digits.
        try #require(facts.touchDowns.count == 6)
        let interruptions = session.interruptions
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "skip")
        #expect(abs(interruptions[0].unixMilliseconds - facts.lifts[2]) <= 1)
        #expect(session.strokes.count == 6)
        let interrupts = session.events.filter { $0.contains("\"action\":\"interrupt\"") }
        try #require(interrupts.count == 1)
        #expect(interrupts[0].contains("\"box\":4") && interrupts[0].contains("\"continueIn\":3"))
        #expect(session.events.contains { $0.contains("\"action\":\"reveal-form\"") })
    }

    @Test("A 6 s pause splits the test and copy parts; each part starts at box 1 again, no interruption")
    func parts() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay("sdt-parts", test: .sdt, into: scratch.path)
        let facts = RecordingFacts(session.recording.events)
        try #require(facts.touchDowns.count == 6)
        #expect(session.interruptions.isEmpty)
        let steps = session.document.steps
        try #require(steps.count >= 2)
        #expect(steps[0].strokes.count == 3)
        #expect(steps[1].strokes.count == 3)
        // The boundary is the midpoint of the long pause: from the last frame in contact to the touch-down.
        #expect(abs(steps[0].end.unixMilliseconds - (facts.lastContact(2) + facts.touchDowns[3]) / 2) <= 1)
        #expect(facts.touchDowns[3] - facts.lifts[2] > 5_000)
    }

    @Test("Step split none keeps every stroke in the test part; a list of seconds splits there")
    func stepSplitRules() throws {
        let scratch = try Scratch()
        let none = try SynthesizedReplay("sdt-parts", test: .sdt, stepSplit: "none", into: scratch.path + "/none")
        #expect(none.document.steps.first?.strokes.count == 6)
        // Box 1 again after box 3 is a correction, not a skip.
        #expect(none.interruptions.isEmpty)

        let listed = try SynthesizedReplay("sdt-parts", test: .sdt, stepSplit: "0,1000", into: scratch.path + "/listed")
        // The first part ends at the first event, before any stroke (the pen approaches 0.2 s
        // before its first touch-down): empty. The recording is over long before 1000 s: all in part 2.
        try #require(listed.document.steps.count >= 2)
        #expect(listed.document.steps[0].strokes.count == 0)
        #expect(listed.document.steps[1].strokes.count == 6)
    }

    @Test("Settings: skip detection off gives no interruption; without the repeat, three parts")
    func settingsFile() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay(
            "sdt-skip", test: .sdt,
            settings: "schema: 2\nsymbol-digit:\n  enable-skip-detection: false\n  enable-repeat: false\n",
            into: scratch.path)
        #expect(session.interruptions.isEmpty)
        #expect(session.document.steps.count == 3)
    }
}
