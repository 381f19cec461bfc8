import Foundation
import PatientData
import TestSupport
import Testing

/// Issue 34: a key file whole or absent on a full disk, and patient fields capped.
@Suite struct PatientLimitsTests {
    @Test(
        "keys init on a full disk: an error and no key file (not an empty one that the next keys init refuses to replace)",
        .enabled(if: FullDisk.mountable))
    func keyFileOnAFullDisk() throws {
        let disk = try FullDisk(kilobytes: 64)
        disk.fill()
        let path = disk.path + "/clinician.key"
        #expect(throws: PatientDataError.self) {
            try ClinicianKeyFile.create(at: path, password: "correct horse battery", iterations: fastIterations)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(disk.names().isEmpty)
    }

    @Test("A patient field over 4 KB is refused before it is sealed, naming the field and never quoting it")
    func fieldTooLong() throws {
        let details = PatientDetails(
            lastName: String(repeating: "x", count: 100_000), firstName: "Ada", medicalRecord: "123",
            birthday: "1941-03-07", testingSite: "site", testIdentifier: "t")
        #expect(throws: PatientDataError.fieldTooLong(field: "lastName", bytes: 100_000, limit: 4096)) {
            try details.encodedLine()
        }
        #expect(
            PatientDataError.fieldTooLong(field: "lastName", bytes: 100_000, limit: 4096).description
                == "The patient's lastName is 100000 bytes long, over the 4096 a field may hold; "
                + "give the field as the clinic records it (a name, a record number), not a document.")
        var fits = details
        fits.lastName = String(repeating: "é", count: 2048)
        #expect(throws: Never.self) { try fits.encodedLine() }
    }
}
