import Reports
import Testing

/// `adf validate`'s summary line, which scripts and people read on standard error.
@Suite("adf validate's summary line")
struct ADFValidationReportTests {
    @Test("Files counted with their noun, valid and not, seconds to one decimal")
    func summaryLine() {
        #expect(
            ADFValidationReport.summaryLine(files: 3, invalid: 1, seconds: 0.26)
                == "styluskit adf validate: 3 files, 2 valid, 1 not, 0.3 s")
        #expect(
            ADFValidationReport.summaryLine(files: 1, invalid: 0, seconds: 2)
                == "styluskit adf validate: 1 file, 1 valid, 0 not, 2.0 s")
    }
}
