import ADF
import ArgumentParser
import PatientData
import Reports
import Sessions
import SystemErrors
import TestMaterials

/// `styluskit patient`: the encrypted patient identifiers of results files.
struct Patient: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Encrypts patient details for a results file, and shows or decrypts them.",
        discussion: """
            Results files identify patients only through two encrypted fields: LocalPatientEncodedID, \
            for the clinician's password (AES-256-GCM under the key of 'styluskit keys init'), and \
            PatientEncodedID, for the receiving server's RSA key (RSA-OAEP-SHA256 and AES-256-GCM). \
            Both are bound to their results file (its name and start time): copied into another file \
            they do not decrypt.
            """ + "\n\n" + ExitStatus.help,
        subcommands: [PatientEncode.self, PatientShow.self, PatientDecrypt.self])
}

/// `styluskit patient encode`
struct PatientEncode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encrypts patient details into the two fields of a results file.",
        discussion: """
            The details come from --from FILE (one line: "lastName","firstName","medicalRecord",\
            "birthday","testingSite","testIdentifier", a double quote inside a value written twice) or \
            are asked for at the terminal; never from the command line, which other users can see. \
            The fields are bound to the results file named by --results-name and --start-time.
            """ + "\n\n" + ExitStatus.help)

    @Option(
        help: "A file with the patient details in the spec's one-line form (default: ask at the terminal).",
        completion: .file())
    var from: String?

    @Option(help: "The name of the results file the fields are for, e.g. session-12.csk.")
    var resultsName: String

    @Option(help: "The Unix time in milliseconds its first step starts at (its first Start timestamp).")
    var startTime: Int64

    @Option(
        help: "The receiving server's RSA public key (PEM, at least 2048 bits), for PatientEncodedID.",
        completion: .file())
    var serverKey: String?

    @OptionGroup var key: KeyFileOptions

    @OptionGroup var output: JSONOutput

    func run() throws {
        let binding = ResultsFileBinding(fileName: resultsName, startTimestamp: startTime)
        let sealed = try PatientFields.seal(from: from, serverKey: serverKey, unlock: key.unlock, for: binding)
        PatientFieldsReport(patientEncodedID: sealed.external, localPatientEncodedID: sealed.local).print(
            json: output.json)
    }
}

/// `styluskit patient show FILE`
struct PatientShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Asks for the clinician password and shows the patient details of a results file.",
        discussion: ExitStatus.help)

    @Argument(help: "The results file (.csk, .msk, .ssk, .tsk).", completion: .file())
    var file: String

    @OptionGroup var key: KeyFileOptions

    @OptionGroup var output: JSONOutput

    func run() throws {
        let (record, binding) = try PatientFields.record(.local, ofResultsFile: file)
        let clinician = try key.unlock()
        PatientDetailsReport(file: file, details: try clinician.open(record, in: binding)).print(json: output.json)
    }
}

/// `styluskit patient decrypt --private-key FILE RESULTS`: the receiving server's side.
struct PatientDecrypt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Decrypts the PatientEncodedID of a results file with the receiving server's private key.",
        discussion: ExitStatus.help)

    @Option(help: "The server's RSA private key (PEM).", completion: .file())
    var privateKey: String

    @Argument(help: "The results file (.csk, .msk, .ssk, .tsk).", completion: .file())
    var results: String

    @OptionGroup var output: JSONOutput

    func run() throws {
        let key = try ServerPrivateKey(pem: try readText(privateKey, purpose: "server private key"), path: privateKey)
        let (record, binding) = try PatientFields.record(.external, ofResultsFile: results)
        PatientDetailsReport(file: results, details: try key.open(record, in: binding)).print(json: output.json)
    }
}
