/// What went wrong protecting or reading patient data, and what to do about it.
///
/// No case carries a patient value: these messages are printed and may be logged.
public enum PatientDataError: Error, CustomStringConvertible, Equatable {
    /// The plaintext line (from a patient file or a decrypted record) is not six quoted fields.
    case malformedLine(String)
    /// A value holds a line break or another control character.
    case controlCharacter(field: String)
    /// A patient field longer than `PatientDetails.maximumFieldBytes`.
    case fieldTooLong(field: String, bytes: Int, limit: Int)
    /// The key file's mode lets other users read or change it.
    case keyFileTooOpen(path: String, mode: UInt32)
    case keyFileMissing(path: String)
    case keyFileExists(path: String)
    case keyFileIsDirectory(path: String)
    case keyFileMalformed(path: String, reason: String)
    case unsupportedKeyFileVersion(path: String, version: Int)
    case wrongPassword(path: String)
    case passwordTooShort(minimum: Int)
    case passwordsDiffer
    case inputEnded(what: String)
    case iterationsTooFew(given: Int, minimum: Int)
    /// A record (a `LocalPatientEncodedID` or `PatientEncodedID` value) that is not one of ours.
    case malformedRecord(field: String, reason: String)
    case unsupportedRecordVersion(field: String, version: Int)
    /// The record was sealed with another clinician key than the key file holds.
    case otherClinicianKey(recordKey: String, keyFileKey: String)
    /// The record was sealed for another server key than the private key given.
    case otherServerKey(recordKey: String, privateKey: String)
    /// The record names another results file than the one it is in: it was copied.
    case otherResultsFile(field: String, recordedFor: String, file: String)
    /// Authentication failed: nonce, tag, ciphertext or the file binding were changed.
    case failedIntegrityCheck(field: String)
    case serverKeyTooSmall(path: String, bits: Int?, minimum: Int)
    case unreadableServerKey(path: String, kind: String)
    case fileSystem(operation: String, path: String, reason: String)
    /// The results file has no such patient field: no patient details were stored with it.
    case noPatientField(file: String, field: String)
    /// The results file has no steps, so no start time to bind its patient fields to.
    case noStepsToBind(file: String)

    public var description: String {
        switch self {
        case .malformedLine(let reason):
            "The patient details are not the six quoted, comma-separated fields"
                + " \"lastName\",\"firstName\",\"medicalRecord\",\"birthday\",\"testingSite\",\"testIdentifier\": \(reason)."
        case .controlCharacter(let field):
            "The patient's \(field) holds a line break or another control character; the patient details must be one line."
        case .fieldTooLong(let field, let bytes, let limit):
            "The patient's \(field) is \(bytes) bytes long, over the \(limit) a field may hold; "
                + "give the field as the clinic records it (a name, a record number), not a document."
        case .keyFileTooOpen(let path, let mode):
            "The clinician key file \(path) can be read or changed by other users (mode \(String(mode & 0o777, radix: 8)))."
                + " Run: chmod 600 \(path)"
        case .keyFileMissing(let path):
            "There is no clinician key file at \(path). Create one with 'styluskit keys init', or pass --key-file."
        case .keyFileExists(let path):
            "A clinician key file already exists at \(path); it was left unchanged. Use 'styluskit keys change-password'"
                + " to change its password, or --key-file to create another."
        case .keyFileIsDirectory(let path):
            "\(path) is a directory; give --key-file the path of the key file itself, e.g. \(path.hasSuffix("/") ? path : path + "/")clinician.key."
        case .keyFileMalformed(let path, let reason):
            "The clinician key file \(path) is damaged (\(reason)). Restore it from a backup; without it the local patient copies cannot be read."
        case .unsupportedKeyFileVersion(let path, let version):
            "The clinician key file \(path) has format version \(version), which this styluskit does not know. Use a newer styluskit."
        case .wrongPassword(let path):
            "Wrong password for the clinician key \(path). Nothing was decrypted."
        case .passwordTooShort(let minimum):
            "The password is too short: use at least \(minimum) characters."
        case .passwordsDiffer:
            "The two passwords differ. Nothing was changed; run the command again."
        case .inputEnded(let what):
            "Standard input ended before the \(what) was read. Nothing was done."
        case .iterationsTooFew(let given, let minimum):
            "--iterations \(given) is too few for PBKDF2-HMAC-SHA256: use at least \(minimum)."
        case .malformedRecord(let field, let reason):
            "The \(field) is not a StylusKit patient record (\(reason)). It was damaged or written by another program; nothing is shown."
        case .unsupportedRecordVersion(let field, let version):
            "The \(field) has record format version \(version), which this styluskit does not know. Use a newer styluskit."
        case .otherClinicianKey(let recordKey, let keyFileKey):
            "The LocalPatientEncodedID was encrypted with another clinician key (key id \(recordKey)); the key file holds"
                + " key id \(keyFileKey). Use the key file it was written with (--key-file)."
        case .otherServerKey(let recordKey, let privateKey):
            "The PatientEncodedID was encrypted for another server key (key id \(recordKey)); the private key given has"
                + " key id \(privateKey). Use the private key it was encrypted for."
        case .otherResultsFile(let field, let recordedFor, let file):
            "The \(field) belongs to another results file (\(recordedFor)), not to \(file): it was copied from there."
                + " Nothing is shown; read it in its own results file."
        case .failedIntegrityCheck(let field):
            "The \(field) fails its integrity check: it was changed or damaged after it was written, or copied from"
                + " another results file. Nothing is shown."
        case .serverKeyTooSmall(let path, let bits, let minimum):
            "The server key \(path) is "
                + (bits.map { "a \($0)-bit RSA key" } ?? "an RSA key of fewer than 1024 bits")
                + "; at least \(minimum) bits are required."
                + " Ask the receiving server for a larger key."
        case .unreadableServerKey(let path, let kind):
            "\(path) is not an RSA \(kind) key in PEM form (-----BEGIN \(kind == "public" ? "PUBLIC KEY" : "PRIVATE KEY")-----)."
        case .fileSystem(let operation, let path, let reason):
            "Cannot \(operation) \(path): \(reason)."
        case .noPatientField(let file, let field):
            "\(file) has no \(field): no patient details were stored with this test."
        case .noStepsToBind(let file):
            "\(file) has no steps, so no start time to check its patient data against; it is not a complete results file."
        }
    }
}
