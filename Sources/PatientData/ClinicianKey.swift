import Crypto
public import Foundation
import _CryptoExtras

/// How a key is derived from the clinician's password: PBKDF2-HMAC-SHA256 with a salt and an
/// iteration count, stored in the key file and with every local record so they can be raised later.
public struct KDFParameters: Sendable, Hashable, Codable {
    /// The only KDF of format version 1.
    public static let pbkdf2SHA256 = "PBKDF2-HMAC-SHA256"
    /// OWASP's 2023 floor for PBKDF2-HMAC-SHA256; `keys init` and `keys change-password` refuse fewer.
    public static let minimumIterations = 600_000
    /// 128 bits, as the spec asks.
    public static let saltByteCount = 16

    public var name: String = KDFParameters.pbkdf2SHA256
    public var iterations: Int
    public var salt: Data

    /// Fresh parameters with a random salt.
    public static func random(iterations: Int) -> Self {
        Self(iterations: iterations, salt: randomBytes(saltByteCount))
    }

    /// The key-encryption key and the password verifier key, both from one PBKDF2 run.
    func deriveKeys(password: String) throws -> (wrapping: SymmetricKey, verifier: SymmetricKey) {
        let master = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32,
            unsafeUncheckedRounds: iterations)
        // Two independent keys from one expensive derivation, so the verifier reveals nothing
        // about the key that wraps the data key.
        let wrapping = HKDF<SHA256>.expand(
            pseudoRandomKey: master, info: Data("styluskit clinician key wrapping v1".utf8), outputByteCount: 32)
        let verifier = HKDF<SHA256>.expand(
            pseudoRandomKey: master, info: Data("styluskit clinician password verifier v1".utf8), outputByteCount: 32)
        return (wrapping, verifier)
    }
}

/// The clinician's data key, unlocked with the password: seals and opens the local patient copies.
///
/// Records are encrypted with a random 256-bit data key, which the key file keeps wrapped under a
/// key derived from the password. Changing the password re-wraps the same data key, so every
/// results file written before stays readable.
public struct ClinicianKey: Sendable {
    /// A short public fingerprint of the data key, stored with each record so a record sealed with
    /// another key file is told apart from a damaged one.
    public let keyID: String
    /// The KDF parameters of the key file when it was unlocked.
    public let kdf: KDFParameters
    let dataKey: SymmetricKey

    init(dataKey: SymmetricKey, kdf: KDFParameters) {
        self.dataKey = dataKey
        self.kdf = kdf
        self.keyID = Self.keyID(of: dataKey)
    }

    static func keyID(of dataKey: SymmetricKey) -> String {
        var hash = SHA256()
        hash.update(data: Data("styluskit clinician key id v1".utf8))
        dataKey.withUnsafeBytes { hash.update(bufferPointer: $0) }
        return hexPrefix(hash.finalize())
    }

    /// The `LocalPatientEncodedID` value for `details` in the results file `binding` names.
    public func seal(_ details: PatientDetails, for binding: ResultsFileBinding) throws -> String {
        let plaintext = Data(try details.encodedLine().utf8)
        var record = LocalRecord(
            v: RecordFormat.version, kind: LocalRecord.kind, kdf: kdf, key: keyID, file: binding,
            nonce: Data(), ciphertext: Data(), tag: Data())
        // A fresh random nonce per record: with random 96-bit nonces one key can seal billions of records safely.
        let box = try AES.GCM.seal(
            plaintext, using: dataKey, nonce: AES.GCM.Nonce(), authenticating: record.authenticatedData(for: binding))
        record.nonce = Data(box.nonce)
        record.ciphertext = box.ciphertext
        record.tag = box.tag
        return try RecordFormat.encode(record)
    }

    /// The patient details of a `LocalPatientEncodedID` value found in the results file `binding` names.
    ///
    /// - Throws: `PatientDataError` when the record is not ours, was sealed with another key, belongs
    ///   to another results file, or fails authentication (tampered nonce, tag or ciphertext).
    public func open(_ value: String, in binding: ResultsFileBinding) throws -> PatientDetails {
        let field = LocalRecord.field
        let record: LocalRecord = try RecordFormat.decode(value, field: field, kind: LocalRecord.kind)
        guard record.key == keyID else {
            throw PatientDataError.otherClinicianKey(recordKey: record.key, keyFileKey: keyID)
        }
        return try RecordFormat.open(record, field: field, in: binding) { dataKey }
    }
}

/// A local copy as stored (JSON, then base64, in the XML).
struct LocalRecord: SealedRecord {
    static let kind = "local"
    static let field = "LocalPatientEncodedID"

    /// Record format version.
    var v: Int
    var kind: String
    /// The KDF and its parameters of the key file that sealed the record.
    var kdf: KDFParameters
    /// The data key's id.
    var key: String
    /// The results file the record was sealed for, in the clear so a copied record is named as such;
    /// the authenticated data binds the record to the file it is read in, whatever this says.
    var file: ResultsFileBinding
    var nonce: Data
    var ciphertext: Data
    var tag: Data

    func authenticatedData(for binding: ResultsFileBinding) -> Data {
        RecordFormat.authenticatedData([
            "styluskit patient record", String(v), kind, kdf.name, String(kdf.iterations),
            kdf.salt.base64EncodedString(), key, binding.fileName, String(binding.startTimestamp),
        ])
    }
}

/// The envelope shared by both copies: versioned JSON, base64 in the XML.
enum RecordFormat {
    static let version = 1

    private struct Header: Decodable {
        var v: Int
        var kind: String
    }

    static func encode(_ record: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(record).base64EncodedString()
    }

    static func decode<Record: Decodable>(_ value: String, field: String, kind: String) throws -> Record {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let json = Data(base64Encoded: trimmed) else {
            throw PatientDataError.malformedRecord(field: field, reason: "it is not base64")
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: json) else {
            throw PatientDataError.malformedRecord(field: field, reason: "it has no version and kind")
        }
        guard header.v == version else {
            throw PatientDataError.unsupportedRecordVersion(field: field, version: header.v)
        }
        guard header.kind == kind else {
            throw PatientDataError.malformedRecord(
                field: field, reason: "it is a \(header.kind) record, not a \(kind) one")
        }
        do {
            return try JSONDecoder().decode(Record.self, from: json)
        } catch {
            throw PatientDataError.malformedRecord(field: field, reason: "a part is missing or not base64")
        }
    }

    /// The patient details `record` seals, once it is known to be for the results file `binding`
    /// names and to pass AES-GCM's check under the key `key` gives (each copy finds its key its
    /// own way: the clinician's is derived, the server's unwrapped with RSA).
    ///
    /// - Throws: `PatientDataError.otherResultsFile` for a record sealed for another file;
    ///   `.failedIntegrityCheck` when the key cannot be had or the record was changed.
    static func open(
        _ record: some SealedRecord, field: String, in binding: ResultsFileBinding,
        key: () throws -> SymmetricKey
    ) throws -> PatientDetails {
        guard record.file == binding else {
            throw PatientDataError.otherResultsFile(
                field: field, recordedFor: record.file.description, file: binding.description)
        }
        let plaintext: Data
        do {
            let symmetricKey = try key()
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: record.nonce), ciphertext: record.ciphertext, tag: record.tag)
            plaintext = try AES.GCM.open(
                box, using: symmetricKey, authenticating: record.authenticatedData(for: binding))
        } catch {
            throw PatientDataError.failedIntegrityCheck(field: field)
        }
        return try details(from: plaintext, field: field)
    }

    /// Length-prefixed parts, so no choice of file name can make two different bindings collide.
    static func authenticatedData(_ parts: [String]) -> Data {
        var data = Data()
        for part in parts {
            let bytes = Data(part.utf8)
            data.append(contentsOf: "\(bytes.count):".utf8)
            data.append(bytes)
        }
        return data
    }

    static func details(from plaintext: Data, field: String) throws -> PatientDetails {
        guard let line = String(data: plaintext, encoding: .utf8), let details = try? PatientDetails(encodedLine: line)
        else {
            // Authenticated, so written by a StylusKit: only a bug could get here.
            throw PatientDataError.malformedRecord(
                field: field, reason: "its decrypted content is not six quoted fields")
        }
        return details
    }
}

/// A copy of the patient details sealed with AES-256-GCM for one results file: what both copies,
/// local and external, hold and how their authenticated data binds them to the file.
protocol SealedRecord: Codable {
    /// The results file the record was sealed for, as the record says it.
    var file: ResultsFileBinding { get }
    var nonce: Data { get }
    var ciphertext: Data { get }
    var tag: Data { get }
    /// What AES-GCM authenticates besides the ciphertext: the record's header and `binding`.
    func authenticatedData(for binding: ResultsFileBinding) -> Data
}

func randomBytes(_ count: Int) -> Data {
    var generator = SystemRandomNumberGenerator()
    return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
}

func hexPrefix(_ digest: SHA256.Digest) -> String {
    digest.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
