import Foundation
import PatientData
import Testing

@Suite("The external copy for the receiving server")
struct ExternalCopyTests {
    let binding = ResultsFileBinding(fileName: "session-12.csk", startTimestamp: 1_673_535_657_692)

    func keys() throws -> (ServerPublicKey, ServerPrivateKey) {
        let pair = try OpenSSLKeyPair.rsa2048()
        return (
            try ServerPublicKey(pem: pair.publicPEM, path: "server.pub"),
            try ServerPrivateKey(pem: pair.privatePEM, path: "server.key")
        )
    }

    @Test("The server's private key opens what its public key sealed")
    func roundTrip() throws {
        let (publicKey, privateKey) = try keys()
        #expect(publicKey.bits == 2048)
        #expect(publicKey.keyID == privateKey.keyID)
        let record = try publicKey.seal(awkwardPatient, for: binding)
        #expect(try privateKey.open(record, in: binding) == awkwardPatient)
        let json = try recordJSON(record)
        #expect(json["alg"] as? String == "RSA-OAEP-SHA256+AES-256-GCM")
        #expect(json["v"] as? Int == 1)
        // RSA-2048 ciphertext: 256 bytes, whatever the fields' length.
        #expect(Data(base64Encoded: json["wrappedKey"] as? String ?? "")?.count == 256)
    }

    @Test("Long fields fit: only the AES key goes through RSA")
    func longFields() throws {
        let (publicKey, privateKey) = try keys()
        var details = awkwardPatient
        details.testingSite = String(repeating: "Site, \"wing\" ", count: 100)
        #expect(try privateKey.open(try publicKey.seal(details, for: binding), in: binding) == details)
    }

    @Test(
        "A changed wrapped key, nonce, tag or ciphertext is refused",
        arguments: ["wrappedKey", "nonce", "tag", "ciphertext"])
    func tampering(part: String) throws {
        let (publicKey, privateKey) = try keys()
        let record = try publicKey.seal(awkwardPatient, for: binding)
        let tampered = try alteredRecord(record) { $0[part] = try flippingBit(ofByte: 3, in: $0[part]) }
        let error = #expect(throws: PatientDataError.self) { try privateKey.open(tampered, in: binding) }
        #expect(
            error?.description
                == "The PatientEncodedID fails its integrity check: it was changed or damaged after it was written, or copied"
                + " from another results file. Nothing is shown.")
    }

    @Test("A record from another results file is refused")
    func otherFile() throws {
        let (publicKey, privateKey) = try keys()
        let record = try publicKey.seal(
            awkwardPatient, for: ResultsFileBinding(fileName: "other.csk", startTimestamp: 5))
        #expect(
            throws: PatientDataError.otherResultsFile(
                field: "PatientEncodedID", recordedFor: "other.csk, started at 5", file: binding.description)
        ) { try privateKey.open(record, in: binding) }
        let forged = try alteredRecord(record) {
            $0["file"] = ["fileName": "session-12.csk", "startTimestamp": 1_673_535_657_692]
        }
        #expect(throws: PatientDataError.failedIntegrityCheck(field: "PatientEncodedID")) {
            try privateKey.open(forged, in: binding)
        }
    }

    @Test("An RSA key under 2048 bits is refused with its size", arguments: [1024, 1536])
    func smallKey(bits: Int) throws {
        let pair = try OpenSSLKeyPair(bits: bits)
        let error = #expect(throws: PatientDataError.self) {
            try ServerPublicKey(pem: pair.publicPEM, path: "small.pub")
        }
        #expect(
            error?.description
                == "The server key small.pub is a \(bits)-bit RSA key; at least 2048 bits are required. Ask the receiving server for a larger key."
        )
    }

    @Test("A 512-bit key, too small even to parse leniently, is still refused as too small")
    func tinyKey() throws {
        let pair = try OpenSSLKeyPair(bits: 512)
        #expect(throws: PatientDataError.serverKeyTooSmall(path: "tiny.pub", bits: nil, minimum: 2048)) {
            try ServerPublicKey(pem: pair.publicPEM, path: "tiny.pub")
        }
    }

    @Test("A file that is not a PEM public key is named")
    func notAKey() throws {
        let error = #expect(throws: PatientDataError.self) { try ServerPublicKey(pem: "hello", path: "notes.txt") }
        #expect(error?.description == "notes.txt is not an RSA public key in PEM form (-----BEGIN PUBLIC KEY-----).")
    }
}
