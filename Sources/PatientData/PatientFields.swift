public import ADF
import TestMaterials

/// The two encrypted patient fields of a results file: sealed from the patient's details for the
/// results file they belong to, and read back with the binding they were sealed for.
public enum PatientFields {
    /// The patient fields of the results file `path` and the binding they were sealed for.
    public static func read(resultsFile path: String) throws -> (
        environment: ClockSketchData, binding: ResultsFileBinding
    ) {
        let file = try ADFReader.forEachPoint(path: path) { _ in }
        guard let start = file.document.steps.first?.start.unixMilliseconds else {
            throw PatientDataError.noStepsToBind(file: path)
        }
        return (file.document.environment, ResultsFileBinding(resultsPath: path, startUnixMilliseconds: start))
    }

    /// One of the two fields, by its name in the results file.
    public enum Field: String, Sendable {
        /// The copy under the clinician key.
        case local = "LocalPatientEncodedID"
        /// The copy for the receiving server.
        case external = "PatientEncodedID"
    }

    /// The sealed record in `field` of the results file `path` and the binding it opens in; a file
    /// without one is refused (`PatientDataError.noPatientField`).
    public static func record(_ field: Field, ofResultsFile path: String) throws -> (
        record: String, binding: ResultsFileBinding
    ) {
        let (environment, binding) = try read(resultsFile: path)
        let record =
            switch field {
            case .local: environment.localPatientEncodedID
            case .external: environment.patientEncodedID
            }
        guard let record else { throw PatientDataError.noPatientField(file: path, field: field.rawValue) }
        return (record, binding)
    }

    /// The patient details: from a file in the spec's one-line form, or asked for at the terminal.
    public static func details(from file: String?, terminal: Terminal) throws -> PatientDetails {
        guard let file else { return try terminal.patientDetails() }
        return try PatientDetails(encodedLine: try readText(file, purpose: "patient details file"))
    }

    /// The patient details (of `file`, or asked for at the terminal) sealed for `binding`: under the
    /// clinician key `unlock` opens (its password asked for at the terminal, after the details) and,
    /// with `serverKey`, for the receiving server.
    public static func seal(
        from file: String?, serverKey: String?, unlock: (Terminal) throws -> ClinicianKey,
        for binding: ResultsFileBinding
    ) throws -> SealedPatient {
        try Sealer(from: file, serverKey: serverKey, unlock: unlock).seal(for: binding)
    }

    /// One patient's details sealed for several results files (a visit's tests): the details read
    /// and the password asked for once, before the first test, not once per file.
    public struct Sealer {
        private let details: PatientDetails
        private let clinician: ClinicianKey
        private let server: ServerPublicKey?

        /// Reads the details (of `file`, or asked for at the terminal), then unlocks the clinician key.
        public init(from file: String?, serverKey: String?, unlock: (Terminal) throws -> ClinicianKey) throws {
            let terminal = Terminal()
            server = try serverKey.map {
                try ServerPublicKey(pem: try readText($0, purpose: "server public key"), path: $0)
            }
            details = try PatientFields.details(from: file, terminal: terminal)
            clinician = try unlock(terminal)
        }

        /// The two fields for the results file of `binding`.
        public func seal(for binding: ResultsFileBinding) throws -> SealedPatient {
            SealedPatient(
                local: try clinician.seal(details, for: binding), external: try server?.seal(details, for: binding))
        }
    }
}
