import Foundation

/// What the patient and key commands ask at the terminal, with the checks that belong to the answers.
extension Terminal {
    /// The shortest password `keys init` and `keys change-password` accept.
    public static let minimumPasswordLength = 10

    /// A new password, asked twice: refused when shorter than `minimumPasswordLength` or when the
    /// two differ.
    public func newPassword() throws -> String {
        let password = try self.password(prompt: "New clinician password: ")
        guard password.count >= Self.minimumPasswordLength else {
            throw PatientDataError.passwordTooShort(minimum: Self.minimumPasswordLength)
        }
        guard try self.password(prompt: "Repeat the new password: ") == password else {
            throw PatientDataError.passwordsDiffer
        }
        return password
    }

    /// The patient details: field by field at a terminal, or one line in the spec's form when
    /// standard input is piped in (as in a patient file).
    public func patientDetails() throws -> PatientDetails {
        guard isInteractive else { return try PatientDetails(encodedLine: try text(prompt: "")) }
        var values: [String] = []
        for name in PatientDetails.fieldNames { values.append(try text(prompt: "\(name): ")) }
        return PatientDetails(
            lastName: values[0], firstName: values[1], medicalRecord: values[2], birthday: values[3],
            testingSite: values[4], testIdentifier: values[5])
    }
}

/// The key commands' dialogues: each file check comes before the question, so a missing, open or
/// existing key file costs no typing.
extension ClinicianKeyFile {
    /// Unlocks the key file at `path` with a password asked for at `terminal`.
    public static func unlock(at path: String, terminal: Terminal) throws -> ClinicianKey {
        try check(at: path)
        return try unlock(at: path, password: try terminal.password(prompt: "Clinician password: "))
    }

    /// Creates the key file at `path` under a new password asked for at `terminal`; refuses a
    /// path that exists (a file or a directory).
    public static func create(at path: String, terminal: Terminal, iterations: Int) throws -> ClinicianKey {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            throw isDirectory.boolValue
                ? PatientDataError.keyFileIsDirectory(path: path) : PatientDataError.keyFileExists(path: path)
        }
        return try create(at: path, password: try terminal.newPassword(), iterations: iterations)
    }

    /// Re-wraps the key file at `path` under a new password, the current and the new one asked
    /// for at `terminal`, with `iterations` (default: the key file's, at least the minimum).
    public static func changePassword(at path: String, terminal: Terminal, iterations: Int?) throws -> ClinicianKey {
        try check(at: path)
        let old = try unlock(at: path, password: try terminal.password(prompt: "Current clinician password: "))
        let password = try terminal.newPassword()
        let rounds = iterations ?? max(old.kdf.iterations, KDFParameters.minimumIterations)
        return try rewrap(old, at: path, newPassword: password, iterations: rounds)
    }
}

extension KDFParameters {
    /// Refuses fewer PBKDF2 iterations than `minimumIterations` for a key file made for use.
    public static func check(iterations: Int) throws(PatientDataError) {
        guard iterations >= minimumIterations else {
            throw .iterationsTooFew(given: iterations, minimum: minimumIterations)
        }
    }
}
