import ADF
import Foundation
import PatientData

/// The clinician keys unlocked in browser sessions, in this process's memory only.
///
/// A page that unlocks the key (its password in one POST) gets a random session id it keeps in the
/// browser's session storage, so closing the tab locks it again; the password itself is used once
/// and dropped, and neither the key nor any patient detail is ever written to disk. Restarting
/// `serve` locks every session.
actor ClinicianSessions {
    let keyFile: String
    private var keys: [String: ClinicianKey] = [:]

    init(keyFile: String) { self.keyFile = keyFile }

    /// Unlocks the key file with `password`; the new session's id.
    func unlock(password: String) throws -> String {
        let key = try ClinicianKeyFile.unlock(at: keyFile, password: password)
        let id = ResultsServer.newToken()
        keys[id] = key
        return id
    }

    func lock(_ id: String) { keys[id] = nil }

    func key(_ id: String) -> ClinicianKey? { keys[id] }

    /// The patient details sealed in the results file at `path`, as a JSON object; `{}` when it has none.
    static func detailsJSON(resultsFile path: String, key: ClinicianKey) throws -> String {
        let (environment, binding) = try PatientFields.read(resultsFile: path)
        guard let record = environment.localPatientEncodedID else { return "{}" }
        let details = try key.open(record, in: binding)
        let pairs = zip(PatientDetails.fieldNames, details.values).map { InkJSON.quoted($0) + ":" + InkJSON.quoted($1) }
        return "{" + pairs.joined(separator: ",") + "}"
    }
}
