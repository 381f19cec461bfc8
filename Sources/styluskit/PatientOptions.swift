import ADF
import ArgumentParser
import PatientData
import Sessions

/// The patient of a session, for the commands that write results files (`replay`).
///
/// The details are read from a file and stored only encrypted: the local copy under the
/// clinician key (the password is asked for), the external copy for --server-key when given.
struct PatientOptions: ParsableArguments {
    @Option(
        help: "A file with the patient details (the spec's one line of six quoted fields); stored only encrypted.",
        completion: .file())
    var patient: String?

    @Option(
        help: "The receiving server's RSA public key (PEM, at least 2048 bits), for PatientEncodedID.",
        completion: .file())
    var serverKey: String?

    @OptionGroup var key: KeyFileOptions

    func validate() throws {
        if patient == nil && serverKey != nil {
            throw ValidationError("--server-key encrypts the patient details of --patient; give --patient FILE too.")
        }
    }

    /// Fills the two encrypted fields of `environment` for the results file `resultsFile` whose first
    /// step starts at `startUnixMilliseconds`; leaves them nil without --patient.
    func fill(_ environment: inout ClockSketchData, resultsFile: String, startUnixMilliseconds: Double) throws {
        guard let sealed = try seal(resultsFile: resultsFile, startUnixMilliseconds: startUnixMilliseconds) else {
            return
        }
        sealed.fill(&environment)
    }

    /// Reads the patient's details and unlocks the clinician key once, now, and returns each results
    /// file's sealing (nil fields without --patient); a visit seals each of its tests with it. Only
    /// ciphertext leaves it, so a live session can keep it in its journal for `recover`.
    func sealer() throws -> (_ resultsFile: String, _ startUnixMilliseconds: Double) throws -> SealedPatient? {
        guard let patient else { return { _, _ in nil } }
        let sealer = try PatientFields.Sealer(from: patient, serverKey: serverKey, unlock: key.unlock)
        return { try sealer.seal(for: ResultsFileBinding(resultsPath: $0, startUnixMilliseconds: $1)) }
    }

    /// The encrypted fields of one results file (see `sealer()`).
    func seal(resultsFile: String, startUnixMilliseconds: Double) throws -> SealedPatient? {
        try sealer()(resultsFile, startUnixMilliseconds)
    }
}
