import StylusGeometry
import StylusInput
import Testing

@testable import Proctoring

/// Drives a symbol-digit proctor with scripted strokes on a virtual clock, as a replay driver
/// does: before each input, the armed timer fires at its deadline if it is due.
struct SymbolDigitScript {
    var proctor: SymbolDigitProctor
    private(set) var armed: EventTime?
    private(set) var log: [SymbolDigitAction] = []
    private(set) var now = EventTime(microseconds: 0)

    init(_ settings: SymbolDigitSettings = SymbolDigitSettings(), origin: FormPosition = form(1, 1)) {
        proctor = SymbolDigitProctor(settings: settings, origin: origin)
    }

    mutating func advance(to time: EventTime) {
        precondition(time >= now, "the virtual clock runs forwards")
        if let deadline = armed, deadline <= time {
            armed = nil
            record(proctor.timerFired(at: deadline))
        }
        now = time
    }

    @discardableResult
    mutating func record(_ actions: [SymbolDigitAction]) -> [SymbolDigitAction] {
        for action in actions {
            switch action {
            case .armTimer(_, let deadline): armed = deadline
            case .cancelTimer: armed = nil
            default: break
            }
        }
        log += actions
        return actions
    }

    @discardableResult
    mutating func begin(at time: EventTime) -> [SymbolDigitAction] {
        advance(to: time)
        return record(proctor.begin(at: time))
    }

    @discardableResult
    mutating func pressContinue(at time: EventTime) -> [SymbolDigitAction] {
        advance(to: time)
        return record(proctor.continuePressed(at: time))
    }

    /// Draws a stroke through `points`, a sample every 10 ms from `start`; returns the actions of
    /// every input, in order.
    @discardableResult
    mutating func stroke(_ points: [FormPosition], start: EventTime) -> [SymbolDigitAction] {
        var actions: [SymbolDigitAction] = []
        advance(to: start)
        actions += record(proctor.penDown(points[0], at: start))
        for (step, point) in points.enumerated().dropFirst() {
            let time = start.advanced(by: .milliseconds(Int64(step) * 10))
            advance(to: time)
            actions += record(proctor.penMoved(point, at: time))
        }
        let end = start.advanced(by: .milliseconds(Int64(points.count - 1) * 10))
        actions += record(proctor.penUp(points[points.count - 1], at: end))
        return actions
    }

    /// Writes a "1" (a vertical bar with a flag) in the answer cell of `box`, starting at `start`.
    @discardableResult
    mutating func write(in box: Int, at start: EventTime) -> [SymbolDigitAction] {
        let cell = proctor.form!.boxes[box].answerCell
        let x = cell.centre.xCentimetres
        return stroke(
            [
                form(x - 0.2, cell.minY + 0.3), form(x, cell.minY + 0.15), form(x, cell.minY + 0.5),
                form(x, cell.maxY - 0.15),
            ], start: start)
    }

    var interruptions: [SymbolDigitInterruption] { proctor.interruptions }
}

@Suite("Symbol-digit proctor")
struct SymbolDigitProctorTests {
    @Test("Writing box after box, samples first, interrupts nothing")
    func inOrder() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        for box in 0..<12 {
            let actions = script.write(in: box, at: instant(1_000 + Int64(box) * 800))
            #expect(actions.first == .acceptStroke)
            guard case .strokeEnded(let stroke) = actions.last else {
                Issue.record("no strokeEnded for box \(box): \(actions)")
                continue
            }
            #expect(stroke.box == box)
        }
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.frontier == 11)
        #expect(script.proctor.state == .inProgress)
        #expect(script.proctor.strokes.count == 12)
    }

    @Test("Writing two boxes ahead interrupts once, pointing at the box that comes next; the patient continues there")
    func skipTwoAhead() throws {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.write(in: 0, at: instant(1_000))
        script.write(in: 1, at: instant(2_000))
        // Box 2 comes next; box 3 skips it.
        let actions = script.write(in: 3, at: instant(3_000))
        let interruption = SymbolDigitInterruption(
            kind: .skip, time: instant(3_030), step: SymbolDigitStep(round: 1, part: .test), writtenIn: 3, continueIn: 2
        )
        #expect(actions.last == .interrupt(interruption))
        #expect(script.interruptions == [interruption])
        #expect(script.proctor.state == .obscured)
        #expect(script.proctor.continueIn == 2)
        // Box 3 is answered, out of order.
        #expect(script.proctor.answeredBoxes == [0, 1, 3])
        #expect(script.proctor.nextBox == 2)
        #expect(script.proctor.frontier == 3)
        #expect(SymbolDigitInterruptionKind.skip.rawValue == "skip")

        // Another stroke beyond, while obscured: kept and answered, no second interruption.
        script.write(in: 5, at: instant(4_000))
        #expect(script.interruptions.count == 1)
        #expect(script.proctor.state == .obscured)
        #expect(script.proctor.continueIn == 2)

        // The patient continues in box 2: the form is shown again; boxes 3 and 5 hold answers,
        // so box 4 comes next.
        let resumed = script.write(in: 2, at: instant(5_000))
        #expect(resumed.last == .revealForm(at: instant(5_030)))
        #expect(script.proctor.state == .inProgress)
        #expect(script.proctor.nextBox == 4)
        script.write(in: 3, at: instant(6_000))
        script.write(in: 4, at: instant(7_000))
        #expect(script.interruptions.count == 1)
        #expect(script.proctor.nextBox == 6)
        #expect(script.proctor.frontier == 5)
    }

    @Test("Boxes 1, 2, 4, 3, 5 (counted from 1): one skip, at box 4; box 5 after box 3 is in order")
    func outOfOrderThenOn() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        // Boxes counted from 0 here: 0, 1, 3, 2, 4.
        script.write(in: 0, at: instant(1_000))
        script.write(in: 1, at: instant(2_000))
        script.write(in: 3, at: instant(3_000))
        #expect(script.interruptions.map(\.continueIn) == [2])
        let back = script.write(in: 2, at: instant(4_000))
        #expect(back.last == .revealForm(at: instant(4_030)))
        let on = script.write(in: 4, at: instant(5_000))
        #expect(!on.contains { if case .interrupt = $0 { true } else { false } })
        #expect(script.interruptions.count == 1)
        #expect(script.proctor.state == .inProgress)
        #expect(script.proctor.continueIn == nil)
        for box in 5..<9 { script.write(in: box, at: instant(6_000 + Int64(box) * 500)) }
        #expect(script.interruptions.count == 1)
        #expect(script.proctor.strokes.map(\.box) == [0, 1, 3, 2, 4, 5, 6, 7, 8])
    }

    @Test("A second skip points at the first empty box, never at a box answered out of order")
    func secondSkipPointsAtEmptyBox() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.write(in: 0, at: instant(1_000))
        script.write(in: 1, at: instant(2_000))
        script.write(in: 3, at: instant(3_000))  // skip: the arrow at box 2
        script.write(in: 4, at: instant(4_000))  // while obscured: answered, no interruption
        script.write(in: 2, at: instant(5_000))  // shows the form again
        // Boxes 0-4 hold answers; box 6 leaves box 5 empty.
        let actions = script.write(in: 6, at: instant(6_000))
        let second = SymbolDigitInterruption(
            kind: .skip, time: instant(6_030), step: SymbolDigitStep(round: 1, part: .test), writtenIn: 6, continueIn: 5
        )
        #expect(actions.last == .interrupt(second))
        #expect(script.interruptions.map(\.continueIn) == [2, 5])
        #expect(script.proctor.continueIn == 5)
    }

    @Test("Writing again in a box answered out of order is a correction, obscured or not")
    func correctingAnOutOfOrderAnswer() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.write(in: 0, at: instant(1_000))
        script.write(in: 3, at: instant(2_000))  // skip: the arrow at box 1
        // Box 3 again (a second stroke of the digit, or a correction) while obscured: no second
        // interruption, and the form stays obscured: box 3 is beyond the box pointed at.
        let again = script.write(in: 3, at: instant(3_000))
        #expect(!again.contains { if case .interrupt = $0 { true } else { false } })
        #expect(!again.contains(.revealForm(at: instant(3_030))))
        #expect(script.proctor.continueIn == 1)
        script.write(in: 1, at: instant(4_000))  // shows the form again; box 2 comes next
        let correction = script.write(in: 3, at: instant(5_000))
        #expect(!correction.contains { if case .interrupt = $0 { true } else { false } })
        #expect(script.interruptions.count == 1)
        #expect(script.proctor.nextBox == 2)
    }

    @Test("A correction shows the form again, but a box left empty is still the one that comes next")
    func gapLeftEmpty() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.write(in: 0, at: instant(1_000))
        script.write(in: 1, at: instant(2_000))
        script.write(in: 3, at: instant(3_000))  // skip: the arrow at box 2
        // The patient corrects box 0 instead: the form shows again; box 2 is still empty.
        let correction = script.write(in: 0, at: instant(4_000))
        #expect(correction.last == .revealForm(at: instant(4_030)))
        let onwards = script.write(in: 4, at: instant(5_000))
        guard case .interrupt(let second) = onwards.last else {
            Issue.record("no second skip: \(onwards)")
            return
        }
        #expect(second.writtenIn == 4 && second.continueIn == 2)
    }

    @Test("Writing the box after next at the very start is a skip of the first sample")
    func skipAtStart() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.write(in: 1, at: instant(500))
        #expect(script.interruptions.map(\.continueIn) == [0])
        #expect(script.interruptions.map(\.writtenIn) == [1])
    }

    @Test("Writing back in an earlier box is a correction: no interruption, the frontier stays")
    func correction() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        for box in 0..<5 { script.write(in: box, at: instant(1_000 + Int64(box) * 500)) }
        let actions = script.write(in: 1, at: instant(4_000))
        #expect(actions.allSatisfy { if case .interrupt = $0 { false } else { true } })
        #expect(script.proctor.frontier == 4)
        script.write(in: 5, at: instant(5_000))
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.frontier == 5)
    }

    @Test("A stroke's box is where its bounding box is centred, wherever it starts")
    func boxByCentre() throws {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.write(in: 0, at: instant(100))
        // A 7 whose top bar starts in box 1's prompt cell (0.1 cm above the answer cell) but whose
        // extent is centred in box 1's answer cell.
        let cell = try #require(script.proctor.form?.boxes[1].answerCell)
        let actions = script.stroke(
            [
                form(cell.minX + 0.3, cell.minY - 0.1), form(cell.maxX - 0.3, cell.minY - 0.1),
                form(cell.minX + 0.5, cell.maxY - 0.05),
            ], start: instant(1_000))
        guard case .strokeEnded(let stroke) = actions.last else {
            Issue.record("no strokeEnded: \(actions)")
            return
        }
        #expect(stroke.box == 1)
        #expect(stroke.start == instant(1_000) && stroke.end == instant(1_020))
        #expect(abs(stroke.bounds.minY - (cell.minY - 0.1)) < 1e-12)
        #expect(abs(stroke.bounds.maxY - (cell.maxY - 0.05)) < 1e-12)
        #expect(script.interruptions.isEmpty)
    }

    @Test("A stroke outside every box is kept but counts for none")
    func outsideAnyBox() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.write(in: 0, at: instant(100))
        // Right of the stop sign, and in the legend above the first row.
        let actions = script.stroke([form(23, 14), form(23.5, 14.5)], start: instant(1_000))
        #expect(actions.first == .acceptStroke)
        #expect(actions.last.map { if case .strokeEnded(let s) = $0 { s.box == nil } else { false } } == true)
        script.stroke([form(5, 1 + 2.5), form(5.2, 1 + 2.6)], start: instant(2_000))
        #expect(script.proctor.strokes.map(\.box) == [0, nil, nil])
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.frontier == 0)
    }

    @Test("With skip detection disabled, skipping ahead interrupts nothing")
    func skipDetectionDisabled() {
        var script = SymbolDigitScript(SymbolDigitSettings(enableSkipDetection: false))
        script.begin(at: instant(0))
        script.write(in: 0, at: instant(100))
        script.write(in: 6, at: instant(1_000))
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.frontier == 6)
        // The skipped boxes are still the ones that come next.
        #expect(script.proctor.nextBox == 1)
    }

    @Test("Continue advances test, copy, delayed recall, twice with the repeat, then finishes")
    func partsAdvance() {
        var script = SymbolDigitScript()
        #expect(script.begin(at: instant(0)) == [.stepStarted(SymbolDigitStep(round: 1, part: .test), at: instant(0))])
        var started: [String] = ["symbolDigitStep-test"]
        for second in 1...5 {
            let actions = script.pressContinue(at: instant(Int64(second) * 100_000))
            for case .stepStarted(let step, _) in actions { started.append(step.identifier) }
        }
        #expect(
            started == [
                "symbolDigitStep-test", "symbolDigitStep-copy", "symbolDigitStep-delayedRecall",
                "symbolDigitStep-test-2", "symbolDigitStep-copy-2", "symbolDigitStep-delayedRecall-2",
            ])
        // Before the warning is due: continuing disarms it.
        let last = script.pressContinue(at: instant(510_000))
        #expect(
            last == [
                .cancelTimer(.delayedRecallWarning),
                .stepEnded(SymbolDigitStep(round: 2, part: .delayedRecall), at: instant(510_000)),
                .finished(at: instant(510_000)),
            ])
        #expect(script.proctor.state == .finished)
        #expect(script.proctor.form == nil)
        #expect(script.pressContinue(at: instant(700_000)) == [])

        // Without the repeat: three steps.
        #expect(SymbolDigitSettings(enableRepeat: false).steps.map(\.identifier) == Array(started.prefix(3)))
    }

    @Test("Continue during a stroke ends it in its step; its remaining samples are ignored; the frontier restarts")
    func continueEndsStroke() throws {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.write(in: 0, at: instant(100))
        script.write(in: 1, at: instant(500))
        let cell = try #require(script.proctor.form?.boxes[2].answerCell)
        _ = script.record(script.proctor.penDown(cell.centre, at: instant(1_000)))
        let actions = script.pressContinue(at: instant(1_050))
        let copy = SymbolDigitStep(round: 1, part: .copy)
        #expect(actions.count == 3)
        #expect(actions.last == .stepStarted(copy, at: instant(1_050)))
        guard case .strokeEnded(let stroke) = actions.first else {
            Issue.record("no strokeEnded first: \(actions)")
            return
        }
        #expect(stroke.step == SymbolDigitStep(round: 1, part: .test) && stroke.box == 2)
        #expect(script.proctor.penMoved(cell.centre, at: instant(1_060)) == [])
        #expect(script.proctor.penUp(cell.centre, at: instant(1_070)) == [])
        #expect(script.proctor.strokes.count == 3)
        // The copy part starts from the first box again.
        #expect(script.proctor.frontier == -1)
        script.write(in: 0, at: instant(2_000))
        #expect(script.proctor.strokes.last?.step == copy)
        #expect(script.interruptions.isEmpty)
    }

    @Test("The delayed-recall warning fires 20 s after the part starts if nothing is written")
    func warningFires() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.pressContinue(at: instant(60_000))
        // Neither the test nor the copy part arms it.
        #expect(script.armed == nil)
        let actions = script.pressContinue(at: instant(120_000))
        #expect(actions.last == .armTimer(.delayedRecallWarning, deadline: instant(140_000)))
        script.advance(to: instant(139_999))
        #expect(!script.log.contains(.remindDelayedRecall(at: instant(140_000))))
        script.advance(to: instant(140_000))
        #expect(script.log.last == .remindDelayedRecall(at: instant(140_000)))
        // It reminds once per idle period.
        #expect(script.proctor.timerFired(at: instant(200_000)) == [])
    }

    @Test("Drawing cancels the delayed-recall warning; lifting rearms it")
    func warningCancelledByDrawing() {
        var script = SymbolDigitScript()
        script.begin(at: instant(0))
        script.pressContinue(at: instant(1_000))
        script.pressContinue(at: instant(2_000))  // delayed recall: warning due at 22 s
        let actions = script.write(in: 0, at: instant(7_000))
        #expect(actions.first == .cancelTimer(.delayedRecallWarning))
        #expect(actions.last == .armTimer(.delayedRecallWarning, deadline: instant(27_030)))
        script.advance(to: instant(22_000))
        #expect(!script.log.contains { if case .remindDelayedRecall = $0 { true } else { false } })
        // The proctor itself ignores the cancelled deadline too.
        var proctor = script.proctor
        #expect(proctor.timerFired(at: instant(22_000)) == [])
        script.advance(to: instant(27_030))
        #expect(script.log.last == .remindDelayedRecall(at: instant(27_030)))
    }

    @Test("A custom delayed-recall warning delay is used")
    func warningDelaySetting() {
        var proctor = SymbolDigitProctor(
            settings: SymbolDigitSettings(enableRepeat: false, delayedRecallWarning: .milliseconds(5_000)),
            origin: form(0, 0))
        _ = proctor.begin(at: instant(0))
        _ = proctor.continuePressed(at: instant(10))
        #expect(
            proctor.continuePressed(at: instant(20)).last == .armTimer(.delayedRecallWarning, deadline: instant(5_020)))
        #expect(proctor.nextDeadline == instant(5_020))
    }

    @Test("An operator's pause postpones the delayed-recall reminder by its length")
    func postponedWarning() {
        var proctor = SymbolDigitProctor(
            settings: SymbolDigitSettings(enableRepeat: false, delayedRecallWarning: .milliseconds(5_000)),
            origin: form(0, 0))
        _ = proctor.begin(at: instant(0))
        _ = proctor.continuePressed(at: instant(10))
        _ = proctor.continuePressed(at: instant(20))
        proctor.postponeTimers(by: .milliseconds(3_000))
        #expect(proctor.nextDeadline == instant(8_020))
        #expect(proctor.timerFired(at: instant(5_020)).isEmpty)
        #expect(proctor.timerFired(at: instant(8_020)).contains(.remindDelayedRecall(at: instant(8_020))))
    }

    @Test("Default settings are the spec's")
    func defaults() {
        let settings = SymbolDigitSettings()
        #expect(settings.enableSkipDetection && settings.enableInstructions && settings.enableRepeat)
        #expect(!settings.displayMode)
        #expect(settings.delayedRecallWarning == .seconds(20))
    }
}
