import Crypto
import Foundation
import _CryptoExtras

/// The receiving server's RSA public key: seals the external copy (`PatientEncodedID`).
///
/// Hybrid encryption: the fields are sealed with AES-256-GCM under a fresh random key, and that key
/// is encrypted with RSA-OAEP-SHA256, because six fields can exceed the 190 bytes RSA-OAEP-SHA256
/// carries with a 2048-bit key.
public struct ServerPublicKey {
    /// Keys below this many bits are refused.
    public static let minimumBits = 2048

    let key: _RSA.Encryption.PublicKey
    /// SHA-256 of the key's SubjectPublicKeyInfo, first 8 bytes in hex: tells the server which key to use.
    public let keyID: String
    public var bits: Int { key.keySizeInBits }

    /// Parses a PEM public key (`-----BEGIN PUBLIC KEY-----` or `-----BEGIN RSA PUBLIC KEY-----`).
    ///
    /// - Parameter path: names the key in errors.
    /// - Throws: `PatientDataError.serverKeyTooSmall` for keys under 2048 bits.
    public init(pem: String, path: String) throws {
        let parsed: _RSA.Encryption.PublicKey
        do {
            // The unsafe parser accepts 1024-bit keys, so a small key gets a message naming its size.
            parsed = try _RSA.Encryption.PublicKey(unsafePEMRepresentation: pem)
        } catch {
            if (try? _RSA.Signing.PublicKey(unsafePEMRepresentation: pem)) == nil, pem.contains("PUBLIC KEY-----") {
                // A PEM public key that even the lenient parser refuses is smaller than 1024 bits (or damaged).
                throw PatientDataError.serverKeyTooSmall(path: path, bits: nil, minimum: Self.minimumBits)
            }
            throw PatientDataError.unreadableServerKey(path: path, kind: "public")
        }
        guard parsed.keySizeInBits >= Self.minimumBits else {
            throw PatientDataError.serverKeyTooSmall(path: path, bits: parsed.keySizeInBits, minimum: Self.minimumBits)
        }
        key = parsed
        keyID = hexPrefix(SHA256.hash(data: parsed.derRepresentation))
    }

    /// The `PatientEncodedID` value for `details` in the results file `binding` names.
    public func seal(_ details: PatientDetails, for binding: ResultsFileBinding) throws -> String {
        let plaintext = Data(try details.encodedLine().utf8)
        let contentKey = SymmetricKey(size: .bits256)
        let wrappedKey = try contentKey.withUnsafeBytes { try key.encrypt(Data($0), padding: .PKCS1_OAEP_SHA256) }
        var record = ExternalRecord(
            v: RecordFormat.version, kind: ExternalRecord.kind, alg: ExternalRecord.algorithm, key: keyID,
            file: binding,
            wrappedKey: wrappedKey, nonce: Data(), ciphertext: Data(), tag: Data())
        let box = try AES.GCM.seal(
            plaintext, using: contentKey, nonce: AES.GCM.Nonce(), authenticating: record.authenticatedData(for: binding)
        )
        record.nonce = Data(box.nonce)
        record.ciphertext = box.ciphertext
        record.tag = box.tag
        return try RecordFormat.encode(record)
    }
}

/// The receiving server's RSA private key: opens the external copy (`styluskit patient decrypt`).
public struct ServerPrivateKey {
    let key: _RSA.Encryption.PrivateKey
    public let keyID: String

    /// Parses a PEM private key (PKCS#8 `BEGIN PRIVATE KEY` or PKCS#1 `BEGIN RSA PRIVATE KEY`) of at least 2048 bits.
    public init(pem: String, path: String) throws {
        do {
            key = try _RSA.Encryption.PrivateKey(pemRepresentation: pem)
        } catch {
            throw PatientDataError.unreadableServerKey(path: path, kind: "private")
        }
        keyID = hexPrefix(SHA256.hash(data: key.publicKey.derRepresentation))
    }

    /// The patient details of a `PatientEncodedID` value found in the results file `binding` names.
    public func open(_ value: String, in binding: ResultsFileBinding) throws -> PatientDetails {
        let field = ExternalRecord.field
        let record: ExternalRecord = try RecordFormat.decode(value, field: field, kind: ExternalRecord.kind)
        guard record.alg == ExternalRecord.algorithm else {
            throw PatientDataError.malformedRecord(field: field, reason: "its algorithm \(record.alg) is unknown")
        }
        guard record.key == keyID else {
            throw PatientDataError.otherServerKey(recordKey: record.key, privateKey: keyID)
        }
        return try RecordFormat.open(record, field: field, in: binding) {
            let contentKey = try key.decrypt(record.wrappedKey, padding: .PKCS1_OAEP_SHA256)
            guard contentKey.count == 32 else { throw PatientDataError.failedIntegrityCheck(field: field) }
            return SymmetricKey(data: contentKey)
        }
    }
}

/// An external copy as stored (JSON, then base64, in the XML).
struct ExternalRecord: SealedRecord {
    static let kind = "external"
    static let field = "PatientEncodedID"
    static let algorithm = "RSA-OAEP-SHA256+AES-256-GCM"

    var v: Int
    var kind: String
    var alg: String
    /// The server public key's id.
    var key: String
    var file: ResultsFileBinding
    /// The AES key, RSA-OAEP-SHA256 encrypted; a changed one fails OAEP's check or yields a key the tag refuses.
    var wrappedKey: Data
    var nonce: Data
    var ciphertext: Data
    var tag: Data

    func authenticatedData(for binding: ResultsFileBinding) -> Data {
        RecordFormat.authenticatedData([
            "styluskit patient record", String(v), kind, alg, key, binding.fileName, String(binding.startTimestamp),
        ])
    }
}
