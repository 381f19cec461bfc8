import Foundation
import PatientData
import Testing

/// The `keys` and `patient` commands and `replay --patient`, run as a user would.
@Suite("Patient data on the command line")
struct CommandTests {
    /// A home of its own for each test: config, temporary files and output all inside, so every
    /// file a command writes can be found and searched.
    struct Sandbox {
        let root: URL
        var config: URL { root.appendingPathComponent("config") }
        var temporary: URL { root.appendingPathComponent("tmp") }
        var out: URL { root.appendingPathComponent("out") }
        /// Where the test keeps its own inputs (the patient file holds plaintext by design).
        var inputs: URL { root.appendingPathComponent("inputs") }
        var keyFile: String { config.appendingPathComponent("styluskit/clinician.key").path }

        init() throws {
            root = try temporaryDirectory()
            for directory in [
                root.appendingPathComponent("config"), root.appendingPathComponent("tmp"),
                root.appendingPathComponent("out"), root.appendingPathComponent("inputs"),
            ] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
        }

        var environment: [String: String] {
            // The sanitizers' options (make test-asan's leak suppressions) reach the command too.
            let sanitizerOptions = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
            return [
                "HOME": root.path, "XDG_CONFIG_HOME": config.path, "TMPDIR": temporary.path, "PATH": "/usr/bin:/bin",
            ]
            .merging(sanitizerOptions) { ours, _ in ours }
        }

        func styluskit(_ arguments: [String], input: String = "") throws -> ProcessResult {
            try run(Paths.styluskit, arguments, input: input, environment: environment, in: Paths.packageRoot)
        }

        /// A key file made through the library with few iterations, so the commands run fast.
        func makeKeyFile(password: String = "correct horse battery") throws {
            try ClinicianKeyFile.create(at: keyFile, password: password, iterations: fastIterations)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let recording = Paths.packageRoot.appendingPathComponent(
        "Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events")
    static let otherRecording = Paths.packageRoot.appendingPathComponent(
        "Fixtures/recordings/real/dell_canvas_pen.evemu")

    /// A patient whose name and birthday appear nowhere else in the package.
    static let patient = PatientDetails(
        lastName: "Quennell-Marsh", firstName: "Ottoline", medicalRecord: "MRN-58213", birthday: "1937-11-23",
        testingSite: "Fenwick Memory Clinic, \"B\"", testIdentifier: "T-0042")
    static let secrets = ["Quennell", "Ottoline", "1937-11-23", "MRN-58213", "Fenwick"]

    static let shownPatient = """
        lastName        Quennell-Marsh
        firstName       Ottoline
        medicalRecord   MRN-58213
        birthday        1937-11-23
        testingSite     Fenwick Memory Clinic, "B"
        testIdentifier  T-0042

        """

    /// Every regular file under `directory`, hidden ones included.
    func files(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    @Test("A whole replay with --patient writes the name and birthday nowhere in plaintext, yet both copies decrypt")
    func noPlaintextAtRest() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.makeKeyFile()
        let pair = try OpenSSLKeyPair.rsa2048()
        let serverPublic = box.inputs.appendingPathComponent("server.pub")
        let serverPrivate = box.inputs.appendingPathComponent("server.key")
        try pair.publicPEM.write(to: serverPublic, atomically: true, encoding: .utf8)
        try pair.privatePEM.write(to: serverPrivate, atomically: true, encoding: .utf8)
        let patientFile = box.inputs.appendingPathComponent("patient.txt")
        try (try Self.patient.encodedLine() + "\n").write(to: patientFile, atomically: true, encoding: .utf8)

        let replay = try box.styluskit(
            [
                "replay", Self.recording.path, "--test", "clock", "--out", box.out.path, "--patient", patientFile.path,
                "--server-key", serverPublic.path, "--key-file", box.keyFile,
            ],
            input: "correct horse battery\n")
        #expect(replay.status == 0, "\(replay.standardError)")
        let results = box.out.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.csk")
        let xml = try String(contentsOf: results, encoding: .utf8)
        #expect(xml.contains("<LocalPatientEncodedID value=\"") && xml.contains("<PatientEncodedID value=\""))

        // Everything the session wrote: results, output and temporary directories, config, home, and what it printed.
        let written =
            files(under: box.out) + files(under: box.temporary) + files(under: box.config)
            + files(under: box.root).filter { !$0.path.hasPrefix(box.inputs.path) }
        #expect(written.contains { $0.lastPathComponent == "Wacom-Cintiq-22HDT-Pen.csk" })
        for file in written {
            let contents = try Data(contentsOf: file)
            for secret in Self.secrets {
                #expect(contents.range(of: Data(secret.utf8)) == nil, "\(secret) in plaintext in \(file.path)")
                #expect(!file.path.contains(secret), "\(secret) in the file name \(file.path)")
            }
        }
        for secret in Self.secrets {
            #expect(!replay.standardOutput.contains(secret) && !replay.standardError.contains(secret))
        }

        // The same fields, read back: the search above was not vacuous.
        let shown = try box.styluskit(
            ["patient", "show", results.path, "--key-file", box.keyFile], input: "correct horse battery\n")
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput == Self.shownPatient)
        let decrypted = try box.styluskit(["patient", "decrypt", "--private-key", serverPrivate.path, results.path])
        #expect(decrypted.status == 0, "\(decrypted.standardError)")
        #expect(decrypted.standardOutput == Self.shownPatient)
    }

    @Test("patient show refuses a wrong password, and a field pasted in from another results file")
    func showRefusals() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.makeKeyFile()
        let patientFile = box.inputs.appendingPathComponent("patient.txt")
        try (try Self.patient.encodedLine()).write(to: patientFile, atomically: true, encoding: .utf8)
        for recording in [Self.recording, Self.otherRecording] {
            let replay = try box.styluskit(
                ["replay", recording.path, "--test", "clock", "--out", box.out.path, "--patient", patientFile.path],
                input: "correct horse battery\n")
            try #require(replay.status == 0, "\(replay.standardError)")
        }
        let wacom = box.out.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.csk")
        let dell = box.out.appendingPathComponent("dell_canvas_pen.csk")

        let wrong = try box.styluskit(["patient", "show", wacom.path], input: "correct horse\n")
        #expect(wrong.status == 1)
        #expect(wrong.standardOutput == "")
        #expect(
            wrong.standardError
                == "Error: Wrong password for the clinician key \(box.keyFile). Nothing was decrypted.\n")

        // Dell's field, pasted into the Wacom file in place of its own.
        let wacomXML = try String(contentsOf: wacom, encoding: .utf8)
        let dellXML = try String(contentsOf: dell, encoding: .utf8)
        func field(_ xml: String) throws -> String {
            let start = try #require(xml.range(of: "<LocalPatientEncodedID value=\""))
            return String(xml[start.upperBound...].prefix { $0 != "\"" })
        }
        try wacomXML.replacingOccurrences(of: try field(wacomXML), with: try field(dellXML))
            .write(to: wacom, atomically: true, encoding: .utf8)
        let pasted = try box.styluskit(["patient", "show", wacom.path], input: "correct horse battery\n")
        #expect(pasted.status == 65)
        #expect(pasted.standardOutput == "")
        let dellStart = try #require(dellXML.range(of: #"<Start timestamp=""#)).upperBound
        let wacomStart = try #require(wacomXML.range(of: #"<Start timestamp=""#)).upperBound
        let dellTime = dellXML[dellStart...].prefix { $0.isNumber }
        let wacomTime = wacomXML[wacomStart...].prefix { $0.isNumber }
        #expect(
            pasted.standardError
                == "Error: The LocalPatientEncodedID belongs to another results file (dell_canvas_pen.csk, started at \(dellTime)),"
                + " not to \(wacom.path.split(separator: "/").last!), started at \(wacomTime): it was copied from there."
                + " Nothing is shown; read it in its own results file.\n")
    }

    @Test("A key file others can read is refused with the exact chmod to run")
    func keyFileMode() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.makeKeyFile()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: box.keyFile)
        let patientFile = box.inputs.appendingPathComponent("patient.txt")
        try (try Self.patient.encodedLine()).write(to: patientFile, atomically: true, encoding: .utf8)
        let result = try box.styluskit(
            ["patient", "encode", "--from", patientFile.path, "--results-name", "a.csk", "--start-time", "1"],
            input: "correct horse battery\n")
        #expect(result.status == 77)
        #expect(
            result.standardError
                == "Error: The clinician key file \(box.keyFile) can be read or changed by other users (mode 644). Run: chmod 600 \(box.keyFile)\n"
        )
    }

    @Test("patient encode prints both fields; they open for the results file they name")
    func encode() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.makeKeyFile()
        let pair = try OpenSSLKeyPair.rsa2048()
        let serverPublic = box.inputs.appendingPathComponent("server.pub")
        try pair.publicPEM.write(to: serverPublic, atomically: true, encoding: .utf8)
        // Piped in: the details line, then the password.
        let result = try box.styluskit(
            [
                "patient", "encode", "--results-name", "s.csk", "--start-time", "1700000000000", "--server-key",
                serverPublic.path,
            ],
            input: try Self.patient.encodedLine() + "\ncorrect horse battery\n")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("PatientEncodedID ") && lines[1].hasPrefix("LocalPatientEncodedID "))
        let binding = ResultsFileBinding(fileName: "s.csk", startTimestamp: 1_700_000_000_000)
        let key = try ClinicianKeyFile.unlock(at: box.keyFile, password: "correct horse battery")
        #expect(try key.open(String(lines[1].dropFirst("LocalPatientEncodedID ".count)), in: binding) == Self.patient)
        let server = try ServerPrivateKey(pem: pair.privatePEM, path: "server.key")
        #expect(try server.open(String(lines[0].dropFirst("PatientEncodedID ".count)), in: binding) == Self.patient)
    }

    @Test("keys init refuses a short password and differing ones, and never replaces a key file")
    func initRefusals() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let short = try box.styluskit(["keys", "init"], input: "short\nshort\n")
        #expect(short.status == 1)
        #expect(short.standardError == "Error: The password is too short: use at least 10 characters.\n")
        let differ = try box.styluskit(["keys", "init"], input: "correct horse battery\ncorrect horse batterY\n")
        #expect(
            differ.standardError == "Error: The two passwords differ. Nothing was changed; run the command again.\n")
        #expect(!FileManager.default.fileExists(atPath: box.keyFile))
        let few = try box.styluskit(["keys", "init", "--iterations", "1000"])
        #expect(few.status == 64)
        #expect(
            few.standardError.hasPrefix(
                "Error: --iterations 1000 is too few for PBKDF2-HMAC-SHA256: use at least 600000.\n"))
        try box.makeKeyFile()
        let again = try box.styluskit(["keys", "init"], input: "another password\nanother password\n")
        #expect(
            again.standardError
                == "Error: A clinician key file already exists at \(box.keyFile); it was left unchanged."
                + " Use 'styluskit keys change-password' to change its password, or --key-file to create another.\n")
    }

    /// The one test at the real PBKDF2 minimum: `keys init` and `change-password` refuse fewer iterations.
    @Test("keys init at 600,000 iterations, then change-password: older results stay readable under the new password")
    func initAndChangePassword() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let created = try box.styluskit(["keys", "init"], input: "correct horse battery\ncorrect horse battery\n")
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.hasPrefix("Created the clinician key \(box.keyFile) (key id "))
        #expect(
            created.standardOutput.hasSuffix(
                ", PBKDF2-HMAC-SHA256, 600000 iterations).\nKeep a backup of it: without it and its password the local patient copies cannot be read.\n"
            ))
        #expect(
            (try FileManager.default.attributesOfItem(atPath: box.keyFile)[.posixPermissions] as? NSNumber)?.intValue
                == 0o600)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: box.keyFile)))
                as? [String: Any])
        let kdf = try #require(json["kdf"] as? [String: Any])
        #expect(kdf["name"] as? String == "PBKDF2-HMAC-SHA256")
        #expect(kdf["iterations"] as? Int == 600_000)
        #expect(Data(base64Encoded: kdf["salt"] as? String ?? "")?.count == 16)

        let patientFile = box.inputs.appendingPathComponent("patient.txt")
        try (try Self.patient.encodedLine()).write(to: patientFile, atomically: true, encoding: .utf8)
        let replay = try box.styluskit(
            ["replay", Self.recording.path, "--test", "clock", "--out", box.out.path, "--patient", patientFile.path],
            input: "correct horse battery\n")
        try #require(replay.status == 0, "\(replay.standardError)")
        let changed = try box.styluskit(
            ["keys", "change-password"], input: "correct horse battery\na new password\na new password\n")
        #expect(changed.status == 0, "\(changed.standardError)")
        #expect(changed.standardOutput.hasPrefix("Changed the password of the clinician key \(box.keyFile) (key id "))
        #expect(changed.standardOutput.hasSuffix(", 600000 iterations).\n"))
        let results = box.out.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.csk")
        let shown = try box.styluskit(["patient", "show", results.path], input: "a new password\n")
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput == Self.shownPatient)
        let old = try box.styluskit(["patient", "show", results.path], input: "correct horse battery\n")
        #expect(
            old.standardError == "Error: Wrong password for the clinician key \(box.keyFile). Nothing was decrypted.\n")
    }
}
