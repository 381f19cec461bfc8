import Proctoring
import StylusGeometry
import StylusInput
import Testing

@testable import PatientWindow

private func at(_ milliseconds: Int64) -> EventTime { EventTime(microseconds: milliseconds * 1_000) }

@Suite("Symbol-digit instruction script")
struct InstructionScriptTests {
    let origin = FormPosition(xCentimetres: 1, yCentimetres: 2)

    @Test("The test part: the legend, then the five sample boxes, then the rest of the first row")
    func testPartRegions() throws {
        let form = SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .test), origin: origin)
        let segments = InstructionScript.symbolDigit(form)
        try #require(segments.count == 3)
        #expect(
            segments.map(\.words) == [
                PatientWords.symbolDigitLegend, PatientWords.symbolDigitSamples, PatientWords.symbolDigitFirstRow,
            ])
        // The legend: all nine pairs inside, no box.
        for pair in form.legend {
            #expect(
                segments[0].region.contains(pair.symbolCell.centre)
                    && segments[0].region.contains(pair.digitCell.centre))
        }
        #expect(form.boxes.allSatisfy { !segments[0].region.contains($0.answerCell.centre) })
        // Samples: boxes 0-4 (the samples, per the form's layout of 5 samples), not box 5 or row 2.
        for box in form.boxes {
            let inSamples = segments[1].region.contains(box.answerCell.centre)
            let inRow = segments[2].region.contains(box.answerCell.centre)
            #expect(inSamples == (box.index < 5), "box \(box.index) in the samples' region: \(inSamples)")
            #expect(inRow == (box.index >= 5 && box.index < 15), "box \(box.index) in the first row's region: \(inRow)")
        }
    }

    @Test("The copy part starts with the printed digits; delayed recall with where the legend was")
    func otherParts() throws {
        let copy = SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .copy), origin: origin)
        let copying = InstructionScript.symbolDigit(copy)
        #expect(
            copying.map(\.words) == [
                PatientWords.symbolDigitCopyDigits, PatientWords.symbolDigitCopySamples,
                PatientWords.symbolDigitFirstRow,
            ])
        for box in copy.boxes {
            #expect(copying[0].region.contains(box.promptCell.centre) == (box.row == 0))
            #expect(!copying[0].region.contains(box.answerCell.centre))
        }
        let recall = SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .delayedRecall), origin: origin)
        #expect(recall.legend.isEmpty)
        let recalling = InstructionScript.symbolDigit(recall)
        #expect(recalling[0].words == PatientWords.symbolDigitRecallLegend)
        let test = SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .test), origin: origin)
        #expect(test.legend.allSatisfy { recalling[0].region.contains($0.symbolCell.centre) })
        #expect(recall.boxes.allSatisfy { !recalling[0].region.contains($0.promptCell.centre) })
    }

    @Test("Each segment lasts as long as its speech, or its estimate until then")
    func timing() {
        let region = FormRectangle(x: 0, y: 0, width: 1, height: 1)
        // Three words: 0.5 s + 3 x 0.4 s = 1.7 s; one word: at least 1.5 s.
        let segments = [
            InstructionSegment(region: region, words: "one two three"),
            InstructionSegment(region: FormRectangle(x: 2, y: 0, width: 1, height: 1), words: "four five six"),
            InstructionSegment(region: region, words: "seven"),
        ]
        #expect(InstructionScript.readingEstimate(of: "one two three") == .milliseconds(1_700))
        #expect(InstructionScript.readingEstimate(of: "seven") == .milliseconds(1_500))
        var script = InstructionScript(segments: segments, start: at(10_000))
        #expect(script.segment(at: at(9_999)) == nil)
        #expect(script.segment(at: at(10_000)) == 0)
        #expect(script.segment(at: at(11_699)) == 0)
        #expect(script.segment(at: at(11_700)) == 1)
        // Segment 0's speech, made 0.3 s in, lasts 2 s from then: segment 1 now starts at 12.3 s.
        script.spoken(0, lasting: .milliseconds(2_000), at: at(10_300))
        #expect(script.segment(at: at(12_299)) == 0)
        #expect(script.segment(at: at(12_300)) == 1)
        // Segment 1's, made before it began, lasts its own 1 s.
        script.spoken(1, lasting: .milliseconds(1_000), at: at(10_400))
        #expect(script.start(of: 2) == at(13_300))
        #expect(!script.isSettled)
        script.unspoken(2)
        #expect(script.isSettled)
        #expect(script.end == at(14_800))
        #expect(script.segment(at: at(14_799)) == 2)
        #expect(script.segment(at: at(14_800)) == nil)
        #expect(
            script.view(at: at(12_500)) == PatientView(cover: .highlight(segments[1].region), message: "four five six"))
        #expect(script.view(at: at(14_800)) == nil)
    }

    @Test("Speech made after its segment ended on the estimate does not move the script")
    func lateSpeech() {
        let region = FormRectangle(x: 0, y: 0, width: 1, height: 1)
        var script = InstructionScript(
            segments: [
                InstructionSegment(region: region, words: "one two three"),
                InstructionSegment(region: region, words: "four"),
            ],
            start: at(0))
        // Segment 0 ended at 1.7 s on its estimate; its 3 s speech comes at 2 s.
        #expect(script.wantsSpeech(0, at: at(1_699)))
        #expect(!script.wantsSpeech(0, at: at(2_000)))
        script.spoken(0, lasting: .milliseconds(3_000), at: at(2_000))
        #expect(script.duration(of: 0) == .milliseconds(1_700))
        #expect(script.segment(at: at(2_000)) == 1)
    }

    @Test("The highlight leaves only its region visible")
    func highlightCover() {
        let view = PatientView(cover: .highlight(FormRectangle(x: 0.2, y: 0.3, width: 0.4, height: 0.2)))
        #expect(!view.isObscured(FormPosition(xCentimetres: 0.3, yCentimetres: 0.4)))
        #expect(view.isObscured(FormPosition(xCentimetres: 0.7, yCentimetres: 0.4)))
        #expect(view.isObscured(FormPosition(xCentimetres: 0.3, yCentimetres: 0.6)))
        // 1 x 1 cm on 100 x 100 pixels: row 40 (centre 40.5) shows pixel centres 20.5 ... 59.5, columns 20 to 59.
        let layout = ScreenLayout(
            form: FormSize(widthCentimetres: 1, heightCentimetres: 1), screenWidth: 100, screenHeight: 100,
            pixelsPerInch: 254)
        #expect(view.visibleColumns(row: 40, on: layout) == 20..<60)
        #expect(view.visibleColumns(row: 29, on: layout) == nil)
        #expect(view.visibleColumns(row: 50, on: layout) == nil)
    }

    @Test("The script's words are pinned")
    func words() {
        #expect(PatientWords.symbolDigitLegend == "This is the key: each symbol has its own digit under it.")
        #expect(PatientWords.symbolDigitCopyDigits == "This time each box has a digit printed above it.")
        #expect(PatientWords.symbolDigitRecallLegend == "The key is gone now. Write the digits from memory.")
        #expect(
            PatientWords.symbolDigitSamples
                == "Start with these sample boxes: write the digit that goes with each symbol.")
        #expect(
            PatientWords.symbolDigitCopySamples
                == "Start with these sample boxes: copy each digit into the box below it.")
        #expect(PatientWords.symbolDigitFirstRow == "Then go on box after box, row after row, as quickly as you can.")
        #expect(PatientWords.wellDone == "Well done")
    }
}

@Suite("Finish animations")
struct FinishAnimationTests {
    @Test("After a maze: the card appears in 0.15 s, the check grows in 0.4 s (eased out), both gone after 1 s")
    func mazeCard() {
        var animation = FinishAnimation()
        #expect(animation.frame(at: at(5_000)) == .none)
        #expect(!animation.isRunning(at: at(5_000)))
        animation.mazeFinished(at: at(5_000))
        #expect(animation.frame(at: at(4_999)) == .none)
        #expect(animation.frame(at: at(5_000)) == .init(checkDrawn: 0, cardOpacity: 0))
        // 0.1 s: the check is a quarter in, eased 1 - 0.75^2 = 0.4375 (14/32); the card two thirds, eased 8/9 -> 28/32.
        #expect(animation.frame(at: at(5_100)) == .init(checkDrawn: 0.4375, cardOpacity: 0.875))
        // 0.2 s: the check half-way in, eased 0.75; the card whole.
        #expect(animation.frame(at: at(5_200)) == .init(checkDrawn: 0.75, cardOpacity: 1))
        #expect(animation.frame(at: at(5_400)) == .init(checkDrawn: 1, cardOpacity: 1))
        #expect(animation.frame(at: at(5_999)) == .init(checkDrawn: 1, cardOpacity: 1))
        #expect(animation.isRunning(at: at(5_999)))
        #expect(animation.frame(at: at(6_000)) == .none)
        #expect(!animation.isRunning(at: at(6_000)))
    }

    @Test("At the test's end the closing page fades in over 0.8 s, after a maze's card")
    func closing() {
        var animation = FinishAnimation()
        animation.testFinished(at: at(2_000))
        #expect(animation.frame(at: at(2_000)) == .init(closingOpacity: 0))
        #expect(animation.frame(at: at(2_400)) == .init(closingOpacity: 0.75))
        #expect(animation.frame(at: at(2_800)) == .init(closingOpacity: 1))
        #expect(!animation.isRunning(at: at(2_800)))
        // The closing page stays.
        #expect(animation.frame(at: at(60_000)) == .init(closingOpacity: 1))

        var battery = FinishAnimation()
        battery.mazeFinished(at: at(5_000))
        battery.testFinished(at: at(5_000))
        battery.testFinished(at: at(9_000))  // a second end changes nothing
        #expect(battery.closingStarts == at(6_000))
        #expect(battery.frame(at: at(5_500)) == .init(checkDrawn: 1, cardOpacity: 1))
        #expect(battery.frame(at: at(6_400)) == .init(closingOpacity: 0.75))
        #expect(battery.isRunning(at: at(6_700)))
    }
}
