import Foundation
import PatientData
import Testing

@Suite("Clinician key file and the local copy")
struct LocalCopyTests {
    let binding = ResultsFileBinding(fileName: "session-12.csk", startTimestamp: 1_673_535_657_692)

    /// A key file in a fresh directory, with few iterations.
    func keyFile(_ password: String = "correct horse battery") throws -> (
        directory: URL, path: String, key: ClinicianKey
    ) {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("clinician.key").path
        let key = try ClinicianKeyFile.create(at: path, password: password, iterations: fastIterations)
        return (directory, path, key)
    }

    @Test("A record opens with the key of the password, in its own results file")
    func roundTrip() throws {
        let (directory, path, key) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = try key.seal(awkwardPatient, for: binding)
        let unlocked = try ClinicianKeyFile.unlock(at: path, password: "correct horse battery")
        #expect(try unlocked.open(record, in: binding) == awkwardPatient)
        #expect(
            !record.contains("Brien")
                && !String(decoding: Data(base64Encoded: record)!, as: UTF8.self).contains("Brien"))
    }

    @Test("Each record has a fresh nonce, and carries the format version, the KDF and its parameters")
    func recordParts() throws {
        let (directory, _, key) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try recordJSON(try key.seal(awkwardPatient, for: binding))
        let second = try recordJSON(try key.seal(awkwardPatient, for: binding))
        #expect(first["nonce"] as? String != second["nonce"] as? String)
        #expect(first["ciphertext"] as? String != second["ciphertext"] as? String)
        #expect(Data(base64Encoded: first["nonce"] as? String ?? "")?.count == 12)
        #expect(Data(base64Encoded: first["tag"] as? String ?? "")?.count == 16)
        #expect(first["v"] as? Int == 1)
        #expect(first["kind"] as? String == "local")
        let kdf = try #require(first["kdf"] as? [String: Any])
        #expect(kdf["name"] as? String == "PBKDF2-HMAC-SHA256")
        #expect(kdf["iterations"] as? Int == fastIterations)
        #expect(Data(base64Encoded: kdf["salt"] as? String ?? "")?.count == 16)
    }

    @Test("The key file is created 0600, holds a 128-bit salt and a verifier, and is never replaced")
    func keyFileCreation() throws {
        let (directory, path, _) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(json["format"] as? String == "styluskit-clinician-key")
        #expect(json["version"] as? Int == 1)
        #expect(Data(base64Encoded: json["verifier"] as? String ?? "")?.count == 32)
        let kdf = try #require(json["kdf"] as? [String: Any])
        #expect(Data(base64Encoded: kdf["salt"] as? String ?? "")?.count == 16)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: PatientDataError.keyFileExists(path: path)) {
            try ClinicianKeyFile.create(at: path, password: "another password", iterations: fastIterations)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("A wrong password is refused by name, with nothing decrypted")
    func wrongPassword() throws {
        let (directory, path, _) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = #expect(throws: PatientDataError.self) {
            try ClinicianKeyFile.unlock(at: path, password: "correct horse battery staple")
        }
        #expect(error == .wrongPassword(path: path))
        #expect(error?.description == "Wrong password for the clinician key \(path). Nothing was decrypted.")
    }

    @Test("A key file others can read is refused with the chmod to run", arguments: [0o644, 0o640, 0o604, 0o660])
    func loosePermissions(mode: Int) throws {
        let (directory, path, _) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        let error = #expect(throws: PatientDataError.self) {
            try ClinicianKeyFile.unlock(at: path, password: "correct horse battery")
        }
        #expect(
            error?.description
                == "The clinician key file \(path) can be read or changed by other users (mode \(String(mode, radix: 8))). Run: chmod 600 \(path)"
        )
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        _ = try ClinicianKeyFile.unlock(at: path, password: "correct horse battery")
    }

    @Test("After a password change, records sealed before still open; the old password no longer works")
    func changePassword() throws {
        let (directory, path, key) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = try key.seal(awkwardPatient, for: binding)
        let saltBefore = try ClinicianKeyFile.check(at: path).salt
        try ClinicianKeyFile.changePassword(
            at: path, oldPassword: "correct horse battery", newPassword: "new long password",
            iterations: fastIterations * 2)
        let kdf = try ClinicianKeyFile.check(at: path)
        #expect(kdf.salt != saltBefore && kdf.iterations == fastIterations * 2)
        #expect(
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let renewed = try ClinicianKeyFile.unlock(at: path, password: "new long password")
        #expect(try renewed.open(record, in: binding) == awkwardPatient)
        #expect(throws: PatientDataError.wrongPassword(path: path)) {
            try ClinicianKeyFile.unlock(at: path, password: "correct horse battery")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["clinician.key"])
    }

    static let integrityMessage =
        "The LocalPatientEncodedID fails its integrity check: it was changed or damaged after it was written, or copied"
        + " from another results file. Nothing is shown."

    @Test(
        "A changed nonce, tag or ciphertext is refused, never shown as garbage",
        arguments: ["nonce", "tag", "ciphertext"])
    func tampering(part: String) throws {
        let (directory, _, key) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = try key.seal(awkwardPatient, for: binding)
        for byte in [0, 5] {
            let tampered = try alteredRecord(record) { $0[part] = try flippingBit(ofByte: byte, in: $0[part]) }
            let error = #expect(throws: PatientDataError.self) { try key.open(tampered, in: binding) }
            #expect(error?.description == Self.integrityMessage)
        }
    }

    @Test("Lowering the recorded iterations is noticed: the parameters are authenticated")
    func tamperedParameters() throws {
        let (directory, _, key) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = try key.seal(awkwardPatient, for: binding)
        let tampered = try alteredRecord(record) {
            var kdf = $0["kdf"] as! [String: Any]
            kdf["iterations"] = 1
            $0["kdf"] = kdf
        }
        #expect(throws: PatientDataError.failedIntegrityCheck(field: "LocalPatientEncodedID")) {
            try key.open(tampered, in: binding)
        }
    }

    @Test("A record from another results file is refused, even with its file name edited to match")
    func otherFile() throws {
        let (directory, _, key) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = ResultsFileBinding(fileName: "session-13.csk", startTimestamp: 1_673_535_657_692)
        let later = ResultsFileBinding(fileName: "session-12.csk", startTimestamp: 1_673_535_657_693)
        let record = try key.seal(awkwardPatient, for: other)
        let error = #expect(throws: PatientDataError.self) { try key.open(record, in: binding) }
        #expect(
            error?.description
                == "The LocalPatientEncodedID belongs to another results file (session-13.csk, started at 1673535657692),"
                + " not to session-12.csk, started at 1673535657692: it was copied from there. Nothing is shown; read it in its own results file."
        )
        #expect(throws: PatientDataError.self) { try key.open(try key.seal(awkwardPatient, for: later), in: binding) }
        let forged = try alteredRecord(record) {
            $0["file"] = ["fileName": "session-12.csk", "startTimestamp": 1_673_535_657_692]
        }
        #expect(throws: PatientDataError.failedIntegrityCheck(field: "LocalPatientEncodedID")) {
            try key.open(forged, in: binding)
        }
    }

    @Test("A record of another clinician key is named as such")
    func otherKey() throws {
        let (directory, _, key) = try keyFile()
        let (otherDirectory, _, otherKey) = try keyFile()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: otherDirectory)
        }
        let record = try otherKey.seal(awkwardPatient, for: binding)
        #expect(throws: PatientDataError.otherClinicianKey(recordKey: otherKey.keyID, keyFileKey: key.keyID)) {
            try key.open(record, in: binding)
        }
    }

    @Test("Values that are not records are refused as such")
    func notRecords() throws {
        let (directory, _, key) = try keyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: PatientDataError.malformedRecord(field: "LocalPatientEncodedID", reason: "it is not base64")) {
            try key.open("Doe, Jane", in: binding)
        }
        #expect(
            PatientDataError.malformedRecord(field: "LocalPatientEncodedID", reason: "it is not base64").description
                == "The LocalPatientEncodedID is not a StylusKit patient record (it is not base64). It was damaged or written by another program; nothing is shown."
        )
        let future = try alteredRecord(try key.seal(awkwardPatient, for: binding)) { $0["v"] = 2 }
        #expect(throws: PatientDataError.unsupportedRecordVersion(field: "LocalPatientEncodedID", version: 2)) {
            try key.open(future, in: binding)
        }
    }
}
