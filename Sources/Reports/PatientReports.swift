import Foundation
public import PatientData

/// What `keys init` and `keys change-password` print: the key file and how its password is stretched.
public struct KeyFileReport: CommandReport {
    /// What the command did to the key file.
    public enum Action: String, Encodable, Sendable {
        case created
        case passwordChanged
    }

    public var action: Action
    public var keyFile: String
    /// The public fingerprint of the data key (unchanged by a new password).
    public var keyID: String
    /// The key derivation function's name.
    public var kdf: String
    public var iterations: Int

    public init(action: Action, keyFile: String, key: ClinicianKey) {
        self.action = action
        self.keyFile = keyFile
        keyID = key.keyID
        kdf = key.kdf.name
        iterations = key.kdf.iterations
    }

    public var text: String {
        switch action {
        case .created:
            "Created the clinician key \(keyFile) (key id \(keyID), \(kdf), \(iterations) iterations).\n"
                + "Keep a backup of it: without it and its password the local patient copies cannot be read."
        case .passwordChanged:
            "Changed the password of the clinician key \(keyFile) (key id \(keyID), \(iterations) iterations)."
        }
    }
}

/// What `patient encode` prints: the two encrypted fields for a results file.
public struct PatientFieldsReport: CommandReport {
    /// For the receiving server's key; nil without --server-key.
    public var patientEncodedID: String?
    /// For the clinician's key.
    public var localPatientEncodedID: String

    public init(patientEncodedID: String?, localPatientEncodedID: String) {
        self.patientEncodedID = patientEncodedID
        self.localPatientEncodedID = localPatientEncodedID
    }

    public var text: String {
        ((patientEncodedID.map { ["PatientEncodedID \($0)"] } ?? []) + [
            "LocalPatientEncodedID \(localPatientEncodedID)"
        ])
        .joined(separator: "\n")
    }
}

/// What `patient show` and `patient decrypt` print: the six patient fields of a results file.
public struct PatientDetailsReport: CommandReport {
    public var file: String
    public var details: PatientDetails

    public init(file: String, details: PatientDetails) {
        self.file = file
        self.details = details
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The file and the six fields by their spec names (`lastName` ... `testIdentifier`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(file, forKey: Key(stringValue: "file"))
        for (name, value) in zip(PatientDetails.fieldNames, details.values) {
            try container.encode(value, forKey: Key(stringValue: name))
        }
    }

    /// The six fields, one per line, labelled.
    public var text: String {
        let width = PatientDetails.fieldNames.map(\.count).reduce(0, max) + 2
        return zip(PatientDetails.fieldNames, details.values).map { name, value in
            name.padding(toLength: width, withPad: " ", startingAt: 0) + value
        }.joined(separator: "\n")
    }
}
