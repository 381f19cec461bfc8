import Foundation
import Testing

@testable import VisitReport

@Suite("the report's words: times, step labels")
struct ReportWordsTests {
    @Test("A manifest's UTC time in the site's zone, the zone said; UTC as UTC; a time that does not parse as written")
    func localTime() throws {
        let iso = "2026-11-18T11:06:40Z"
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(VisitReportContent.localTime(iso, zone: berlin) == "2026-11-18 12:06:40 UTC+01:00 (Europe/Berlin)")
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(VisitReportContent.localTime(iso, zone: newYork) == "2026-11-18 06:06:40 UTC-05:00 (America/New_York)")
        // Summer time: the offset of the date, not of today.
        #expect(
            VisitReportContent.localTime("2026-07-01T12:00:00Z", zone: berlin)
                == "2026-07-01 14:00:00 UTC+02:00 (Europe/Berlin)")
        #expect(
            VisitReportContent.localTime(iso, zone: try #require(TimeZone(identifier: "UTC")))
                == "2026-11-18 11:06:40 UTC")
        #expect(VisitReportContent.localTime("yesterday", zone: berlin) == "yesterday")
    }

    @Test("A step's label: its number and its identifier after its kind")
    func stepLabels() {
        #expect(VisitReportLayout.stepLabel(number: 1, identifier: "clockStep-command") == "Step 1: command")
        #expect(
            VisitReportLayout.stepLabel(number: 3, identifier: "symbolDigitStep-delayedRecall-2")
                == "Step 3: delayed recall (round 2)")
        #expect(VisitReportLayout.stepLabel(number: 2, identifier: "mazeStep-detour") == "Step 2: detour")
        #expect(VisitReportLayout.stepLabel(number: 1, identifier: "mazeStep-no-choice-2") == "Step 1: no-choice-2")
        #expect(VisitReportLayout.stepLabel(number: 2, identifier: "symbolDigitStep-copy") == "Step 2: copy")
        #expect(VisitReportLayout.stepLabel(number: 1, identifier: "custom") == "Step 1: custom")
        #expect(VisitReportLayout.stepLabel(number: 1, identifier: "trailsStep-sampleA") == "Step 1: sample A")
        #expect(VisitReportLayout.stepLabel(number: 4, identifier: "trailsStep-B") == "Step 4: part B")
    }

    @Test("A trail making test's block shows the part times, B − A and B / A")
    func trailsMeasures() {
        let columns = VisitReportContent.columns(test: "trails").map { "\($0.label) (\($0.column))" }
        #expect(
            Array(columns.suffix(4)) == [
                "Part A time (trails_time_a_s)", "Part B time (trails_time_b_s)", "B − A (trails_b_minus_a_s)",
                "B / A (trails_b_over_a)",
            ])
        #expect(VisitReportContent.name(of: "trails") == "Trail making")
        #expect(
            ReportedInterruption(type: "trails-error", seconds: 1, step: 2).meaning
                == "went to a wrong circle, sent back")
    }
}
