import Foundation
import Testing

/// The command line's refusals of oversized inputs (ROBUSTNESS.md (Limits)), at a small scale.
@Suite("Limits: oversized inputs are refused with what is too big and what to do")
struct LimitsEndToEndTests {
    @Test("A maze file over 16 MiB is refused by its size, before it is read")
    func mazeFileTooLarge() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let maze = directory.appendingPathComponent("big.maze")
        // A sparse file: nothing is written, its size is all that matters.
        try Data().write(to: maze)
        let handle = try FileHandle(forWritingTo: maze)
        try handle.truncate(atOffset: UInt64((16 << 20) + 1))
        try handle.close()
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.events").path
        let result = try styluskit([
            "replay", recording, "--test", "maze", "--maze", maze.path, "--out", directory.path,
        ])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "Error: The maze file \(maze.path) has 16777217 bytes, more than the 16777216 a maze file may have."
                + " Check that it is the right file.\n")
    }

    @Test("info refuses a recording with an overlong line, naming the line and the limit")
    func overlongLine() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events")
        let text = try String(contentsOf: source, encoding: .utf8)
        // Independently of the reader: the line after the first frame's SYN_REPORT, counted here.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstReport = try #require(lines.firstIndex { $0.hasPrefix("E:") && $0.contains(" 0000 0000 0000") })
        var damaged = lines
        damaged.insert("# " + String(repeating: "z", count: 1 << 20), at: firstReport + 1)
        let recording = directory.appendingPathComponent("long-line.events")
        try damaged.joined(separator: "\n").write(to: recording, atomically: true, encoding: .utf8)
        let message =
            "\(recording.path):\(firstReport + 2): the line is longer than 1048576 bytes, the most StylusKit reads as one"
            + " line of a recording; no recording has lines that long, so the file is damaged or not a recording: cut the"
            + " file before this line (--allow-truncated uses the complete frames before it)"
        let result = try styluskit(["info", recording.path])
        #expect(result.status == 65)
        #expect(result.standardError == "Error: \(message)\n")
        // With --allow-truncated the first frame is described, and the rest reported as dropped.
        let truncated = try styluskit(["info", recording.path, "--allow-truncated"])
        #expect(truncated.status == 0)
        #expect(truncated.standardOutput.contains("  frames     1 "))
        #expect(truncated.standardOutput.contains("reading stopped at \(message)"))
    }
}
