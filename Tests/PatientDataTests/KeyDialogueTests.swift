import Foundation
import PatientData
import Testing

/// The key commands' dialogues refuse a wrong key file before they ask anything (these checks
/// run with no terminal and nothing on standard input: a question would fail the test instead).
@Suite("The key dialogues check the key file before asking")
struct KeyDialogueTests {
    @Test(
        "create refuses an existing file or a directory; unlock and change-password a missing file; too few iterations")
    func refusals() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("clinician.key").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: existing))
        #expect(throws: PatientDataError.keyFileExists(path: existing)) {
            try ClinicianKeyFile.create(at: existing, terminal: Terminal(), iterations: KDFParameters.minimumIterations)
        }
        #expect(throws: PatientDataError.keyFileIsDirectory(path: directory.path)) {
            try ClinicianKeyFile.create(
                at: directory.path, terminal: Terminal(), iterations: KDFParameters.minimumIterations)
        }
        let missing = directory.appendingPathComponent("none.key").path
        #expect(throws: PatientDataError.keyFileMissing(path: missing)) {
            try ClinicianKeyFile.unlock(at: missing, terminal: Terminal())
        }
        #expect(throws: PatientDataError.keyFileMissing(path: missing)) {
            try ClinicianKeyFile.changePassword(at: missing, terminal: Terminal(), iterations: nil)
        }
        #expect(throws: PatientDataError.iterationsTooFew(given: 5, minimum: KDFParameters.minimumIterations)) {
            try KDFParameters.check(iterations: 5)
        }
        try KDFParameters.check(iterations: KDFParameters.minimumIterations)
    }
}
