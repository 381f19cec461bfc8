import Foundation
import Testing

/// The directory a command writes into, refused with what is wrong and what to do.
@Suite("Output directories")
struct OutputDirectoryTests {
    @Test("An --out that cannot be a directory is named with the system's reason, never a raw Foundation error")
    func unusableOut() throws {
        let scratch = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path
        let proc = try styluskit(["replay", recording, "--test", "clock", "--out", "/proc/styluskit-nope"])
        #expect(proc.status == 73)
        #expect(
            proc.standardError
                == "Error: Cannot create the output directory /proc/styluskit-nope: No such file or directory. "
                + "Give --out a directory you can write to.\n")
        let file = scratch.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let existing = try styluskit(["replay", recording, "--test", "clock", "--out", file.path])
        #expect(existing.status == 73)
        #expect(
            existing.standardError
                == "Error: \(file.path) is a file, not a directory: --out takes the directory to write into (the results "
                + "file is named after the recording or session). Give a directory, or a new path to create one.\n")
        #expect(!existing.standardError.contains("NSCocoaErrorDomain"))
    }
}
