import ArgumentParser
import Testing

@testable import styluskit

/// Rules several commands share are written once (`checkJobs`, `refuseProfileOnStandardOutput`); their
/// words are pinned here.
@Suite("Option rules several commands share")
struct SharedOptionRulesTests {
    @Test("--jobs below 1 is refused in one wording; none or 1 or more pass")
    func jobs() throws {
        try checkJobs(nil)
        try checkJobs(1)
        #expect(
            ADFValidateCommand.message(for: catchError { try checkJobs(0) })
                == "--jobs 0 is not a number of jobs; give 1 or more.")
        #expect(
            ADFValidateCommand.message(for: catchError { _ = try ADFValidateCommand.parse(["a.csk", "--jobs", "0"]) })
                == "--jobs 0 is not a number of jobs; give 1 or more.")
    }

    @Test("A calibration profile cannot go to standard output")
    func profileOut() throws {
        try refuseProfileOnStandardOutput(nil, example: "tablet.yaml")
        try refuseProfileOnStandardOutput("tablet.yaml", example: "tablet.yaml")
        #expect(
            CalibrateTablet.message(for: catchError { try refuseProfileOnStandardOutput("-", example: "display.yaml") })
                == "--out - (standard output) cannot be taken here: a profile is a file StylusKit reads back from "
                + "where it is written. Give a file name such as display.yaml.")
    }

    /// The error `body` throws; a CancellationError (whose message no test expects) when it throws none.
    private func catchError(_ body: () throws -> Void) -> any Error {
        do { try body() } catch { return error }
        return CancellationError()
    }
}
