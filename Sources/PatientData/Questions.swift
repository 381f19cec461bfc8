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
