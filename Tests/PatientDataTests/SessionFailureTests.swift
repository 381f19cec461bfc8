import Foundation
import PatientData
import Testing

/// A live session whose patient fields cannot be sealed (a wrong password, no key file) fails
/// before its first event and leaves no journal: it would hold nothing to recover.
@Suite("A session that fails at the patient key leaves no journal")
struct SessionFailureTests {
    /// `administer --feed` (the live path with a recording for a tablet) on SDL's offscreen driver.
    static func administer(
        _ box: CommandTests.Sandbox, keyFile: String, input: String, offscreen: Bool = true
    ) throws -> ProcessResult {
        let patientFile = box.inputs.appendingPathComponent("patient.txt")
        try (try CommandTests.patient.encodedLine() + "\n").write(to: patientFile, atomically: true, encoding: .utf8)
        let environment = box.environment.merging(
            ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "SDL_AUDIODRIVER": "dummy"]) { _, sdl in
                sdl
            }
        return try run(
            Paths.styluskit,
            [
                "administer", "--test", "clock", "--feed", CommandTests.otherRecording.path, "--out", box.out.path,
                "--patient",
                patientFile.path, "--key-file", keyFile,
            ] + (offscreen ? ["--offscreen"] : []),
            input: input, environment: environment, in: Paths.packageRoot)
    }

    /// Every file in the session's output directory, hidden ones too.
    static func written(_ box: CommandTests.Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: box.out.path)
    }

    @Test("A wrong password: refused, and the output directory holds no journal (nor anything else)")
    func wrongPassword() throws {
        let box = try CommandTests.Sandbox()
        defer { box.remove() }
        try box.makeKeyFile()
        let result = try Self.administer(box, keyFile: box.keyFile, input: "not the password\n")
        #expect(result.status != 0)
        #expect(result.standardError.contains("password"), "\(result.standardError)")
        #expect(try Self.written(box) == [])
    }

    @Test("No key file: refused with what to do, and no journal")
    func missingKeyFile() throws {
        let box = try CommandTests.Sandbox()
        defer { box.remove() }
        let missing = box.config.appendingPathComponent("nowhere.key").path
        let result = try Self.administer(box, keyFile: missing, input: "")
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "There is no clinician key file at \(missing). Create one with 'styluskit keys init', or pass --key-file."
            ),
            "\(result.standardError)")
        #expect(try Self.written(box) == [])
    }

    @Test(
        "No display: administer on SDL's offscreen driver without --offscreen is refused before any journal or prompt")
    func noDisplay() throws {
        let box = try CommandTests.Sandbox()
        defer { box.remove() }
        try box.makeKeyFile()
        let result = try Self.administer(box, keyFile: box.keyFile, input: "", offscreen: false)
        #expect(result.status != 0)
        #expect(
            result.standardError.hasPrefix(
                "Error: No display: SDL found no X11 or Wayland display (is DISPLAY or WAYLAND_DISPLAY set?) and would run "
                    + "the window offscreen, where the patient sees nothing."),
            "\(result.standardError)")
        #expect(!result.standardError.contains("assword"), "no password was asked for")
        #expect(try Self.written(box) == [])
    }
}
