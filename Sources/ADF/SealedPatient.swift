/// A patient's two encrypted fields, as ADF's ClockSketchData carries them (base64, no spaces).
public struct SealedPatient: Hashable, Sendable {
    /// `LocalPatientEncodedID`: under the clinician key.
    public var local: String
    /// `PatientEncodedID`: for the receiving server, when a server key was given.
    public var external: String?

    public func fill(_ environment: inout ClockSketchData) {
        environment.localPatientEncodedID = local
        environment.patientEncodedID = external
    }

    public init(local: String, external: String?) {
        (self.local, self.external) = (local, external)
    }
}
