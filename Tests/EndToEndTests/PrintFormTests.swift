import Foundation
import Testing

@Suite("calibrate print-form")
struct PrintFormTests {
    /// Six pages: test, copy and delayed recall, for each of the two rounds (enable repeat is on by default).
    @Test("Writes one page per step, A4 landscape, and refuses to overwrite without --force")
    func writesEveryStep() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdf = directory.appendingPathComponent("sdt.pdf").path
        let result = try styluskit(["calibrate", "print-form", "--test", "sdt", "--out", pdf])
        try #require(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("page 6: symbolDigitStep-delayedRecall-2"))
        let info = try run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf])
        #expect(info.standardOutput.contains("Pages:           6"))
        // A4 landscape: 29.7 x 21 cm = 841.89 x 595.28 PDF points.
        #expect(info.standardOutput.contains("Page size:       841.89 x 595.276 pts"))
        let again = try styluskit(["calibrate", "print-form", "--test", "sdt", "--display-mode", "--out", pdf])
        #expect(again.status != 0)
        #expect(again.standardError.contains("already exists. Pass --force to replace it"))
        let forced = try styluskit([
            "calibrate", "print-form", "--test", "sdt", "--display-mode", "--out", pdf, "--force",
        ])
        #expect(forced.status == 0)
        #expect(forced.standardOutput.contains("(display mode)"))
    }
}
