import Testing

@testable import VisitReport

/// The report says which steps' instructions were shown but not spoken, and why.
@Suite struct UnspokenNotesTests {
    @Test func oneNotePerReasonNamingTheSteps() {
        #expect(
            VisitReportContent.unspokenNotes([
                nil, "no audio output device", "no audio output device", "the pen touched before the speech was ready",
            ])
                == [
                    "Instructions shown, not spoken (no audio output device): steps 2, 3.",
                    "Instructions shown, not spoken (the pen touched before the speech was ready): step 4.",
                ])
        #expect(VisitReportContent.unspokenNotes([nil, nil]).isEmpty)
    }
}
