import Foundation
import StylusInput
import Testing

@testable import Recordings

/// A small evemu 1.3 header: pen with X, Y and pressure.
private let smallHeader = """
    # EVEMU 1.3
    N: Test Pen
    I: 0003 056a 0001 0100
    P: 00 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 03 03 00 00 01 00 00 00 00
    A: 00 0 1000 0 0 10
    A: 01 0 1000 0 0 10
    A: 18 0 2047 0 0 0

    """

private func message(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite("Errors and truncation")
struct ErrorTests {
    @Test("a malformed event line names the file, the line and the expected form")
    func malformedLine() {
        let text =
            smallHeader + """
                E: 0.000001 0003 0000 0010
                E: 0.000001 0000 0000 0000
                E: 12.5 0003
                E: 0.000002 0000 0000 0000

                """
        let error = message {
            _ = try RecordingReader(bytes: Array(text.utf8), name: "Wacom.events").readAll()
        }
        #expect(
            error
                == "Wacom.events:12: expected 'E: <seconds>.<microseconds> <type> <code> <value>', found 'E: 12.5 0003';"
                + " fix or remove the line (--allow-truncated uses the complete frames before a damaged event line)")
    }

    @Test(
        "each field of an event line takes digits up to its limit and no more, and at least one",
        arguments: [
            ("E: 000000000000000001.000001 0003 0000 1", true),
            ("E: 0000000000000000001.000001 0003 0000 1", false),
            ("E: .000001 0003 0000 1", false),
            ("E: 1.000001 0003 0000 1", true),
            ("E: 1.0000001 0003 0000 1", false),
            ("E: 1. 0003 0000 1", false),
            ("E: 1.5 00000003 0000 1", true),
            ("E: 1.5 000000003 0000 1", false),
            ("E: 1.5 0003 00000000 1", true),
            ("E: 1.5 0003 000000000 1", false),
            ("E: 1.5 0003 0000 -000000000000000001", true),
            ("E: 1.5 0003 0000 -0000000000000000001", false),
            ("E: 1.5 0003 0000 -", false),
        ])
    func fieldDigits(line: String, isEvent: Bool) {
        var timestamp = RepeatedTimestamp()
        let result = Array(line.utf8).withUnsafeBufferPointer { parseEventLine($0, 0, $0.count, &timestamp) }
        switch result {
        case .event: #expect(isEvent, "\(line) was read")
        case .malformed: #expect(!isEvent, "\(line) was refused")
        case .outOfRange(_, let problem): Issue.record("\(line): \(problem)")
        }
    }

    @Test(
        "numbers out of range are refused with line and column",
        arguments: [
            (
                "E: 0.000001 0003 0000 4294967296",
                "x.evemu:11:23: event value 4294967296 is outside the 32-bit range of an evdev value (-2147483648...2147483647)"
            ),
            (
                "E: 0.000001 0003 0040 1",
                "x.evemu:11:18: event code 0x40 is above the highest code of EV_ABS (0x3f)"
            ),
            ("E: 0.000001 0020 0000 1", "x.evemu:11:13: event type 0x20 is above EV_MAX (0x1f)"),
        ])
    func outOfRange(line: String, expected: String) {
        let text = smallHeader + "E: 0.000001 0000 0000 0000\n" + line + "\n"
        let error = message { _ = try RecordingReader(bytes: Array(text.utf8), name: "x.evemu").readAll() }
        #expect(
            error == expected
                + "; fix the line (--allow-truncated uses the complete frames before a damaged event line)")
    }

    @Test("a recording cut in the middle of a line")
    func cutOff() throws {
        let lines = try textLines(realDirectory + "/dell_canvas_pen.evemu")
        // Line 813 is "E: 1.201887 0003 0001 15468\t# ...": keep 14 of its bytes.
        #expect(lines[812].hasPrefix("E: 1.201887 0003 0001 15468"))
        let cut = lines[0..<812].joined(separator: "\n") + "\n" + lines[812].prefix(14)
        let error = message { _ = try RecordingReader(bytes: Array(cut.utf8), name: "dell_canvas_pen.evemu").readAll() }
        #expect(
            error
                == "dell_canvas_pen.evemu:813: expected 'E: <seconds>.<microseconds> <type> <code> <value>',"
                + " found 'E: 1.201887 00' at the end of the file without a newline: the recording was cut off;"
                + " read it with allowTruncated (--allow-truncated) to keep the events before it")

        // allowTruncated keeps the complete frames before the cut and reports the rest.
        let reader = try RecordingReader(
            bytes: Array(cut.utf8), name: "dell_canvas_pen.evemu", options: RecordingReadOptions(allowTruncated: true))
        let kept = try reader.readAll()
        let eventLines = lines[0..<812].filter { $0.hasPrefix("E:") }
        let lastFrameEnd = try #require(
            eventLines.lastIndex { $0.hasPrefix("E: ") && $0.dropFirst(12).hasPrefix("0000 0000") })
        #expect(eventLines.count == 711)  // awk 'NR<=812 && $1=="E:"' | wc -l
        #expect(kept.count == lastFrameEnd + 1)
        let full = try Recording.read(path: realDirectory + "/dell_canvas_pen.evemu")
        #expect(kept == Array(full.events.prefix(kept.count)))
        #expect(kept.last?.isFrameEnd == true)
        let report = try #require(reader.truncation)
        #expect(report.droppedLines == 1)
        #expect(report.droppedBytes == 14)
        #expect(report.droppedEvents == eventLines.count - (lastFrameEnd + 1))
        #expect(report.stoppedAt != nil)
    }

    @Test("allowTruncated stops at a bad line in the middle and counts the rest of the file")
    func badLineInTheMiddle() throws {
        let tail = "E: 0.000003 0003 0000 0011\nE: 0.000003 0000 0000 0000\n"
        let text =
            smallHeader + """
                E: 0.000001 0003 0000 0010
                E: 0.000001 0000 0000 0000
                E: 0.000002 0003 0000 0012
                garbage here

                """ + tail
        let reader = try RecordingReader(
            bytes: Array(text.utf8), name: "bad.evemu", options: RecordingReadOptions(allowTruncated: true))
        let kept = try reader.readAll()
        #expect(kept.count == 2)
        let report = try #require(reader.truncation)
        #expect(report.droppedLines == 3)
        #expect(report.droppedBytes == "garbage here\n".utf8.count + tail.utf8.count)
        #expect(report.droppedEvents == 1)
        #expect(
            report.stoppedAt?.description
                == "bad.evemu:13: expected 'E: <seconds>.<microseconds> <type> <code> <value>', found 'garbage here';"
                + " fix or remove the line (--allow-truncated uses the complete frames before a damaged event line)")
    }

    @Test("allowTruncated drops an unfinished last frame of an otherwise clean file")
    func unfinishedFrame() throws {
        let text = smallHeader + "E: 0.000001 0003 0000 0010\nE: 0.000001 0000 0000 0000\nE: 0.000002 0003 0000 0012\n"
        let error = message { _ = try RecordingReader(bytes: Array(text.utf8), name: "x.evemu").readAll() }
        #expect(
            error
                == "x.evemu:\(text.split(separator: "\n").count): the recording ends inside a frame (1 event after the last"
                + " SYN_REPORT): it was cut off; pass --allow-truncated to use the complete frames before it")
        let lenient = try RecordingReader(
            bytes: Array(text.utf8), name: "x.evemu", options: RecordingReadOptions(allowTruncated: true))
        #expect(try lenient.readAll().count == 2)
        #expect(
            lenient.truncation == TruncationReport(stoppedAt: nil, droppedLines: 0, droppedBytes: 0, droppedEvents: 1))
    }

    @Test("an events-only file without its description")
    func missingDescription() {
        let error = message {
            _ = try RecordingReader(path: realDirectory + "/Wacom-Intuos4-6x9.stylus-tap.events")
        }
        #expect(
            error
                == realDirectory + "/Wacom-Intuos4-6x9.stylus-tap.events:1: no device description before the events:"
                + " expected 'N:' and 'I:' lines or evtest-style '# Input device name:' comments;"
                + " for an events-only recording pass its .desc file (--desc)")
    }

    @Test("an A: line without resolution in an EVEMU 1.3 file")
    func shortAbsLine() {
        let text = smallHeader.replacingOccurrences(of: "A: 18 0 2047 0 0 0", with: "A: 18 0 2047 0 0")
        let error = message { _ = try RecordingReader(bytes: Array(text.utf8), name: "x.evemu") }
        #expect(
            error
                == "x.evemu:9: expected 'A: <code> <min> <max> <fuzz> <flat> <resolution>' (EVEMU 1.3 has a resolution field),"
                + " found 'A: 18 0 2047 0 0';"
                + " fix or remove the line (--allow-truncated uses the complete frames before a damaged event line)")
    }

    @Test("P: bits above INPUT_PROP_MAX are ignored, however many P: lines (crash-* in the evemu fuzz corpus)")
    func propertiesAboveTheMaximum() throws {
        // Byte 3 of the first P: line is properties 24...31: 0x81 sets 24 and 31. The second
        // line's 0x01 would be property 32, the 1025th line's property 65536.
        var text =
            "# EVEMU 1.3\nN: Test Pen\nI: 0003 056a 0001 0100\nP: 00 00 00 81 00 00 00 00\nP: 01 00 00 00 00 00 00 00\n"
        for _ in 0..<1022 { text += "P: 00 00 00 00 00 00 00 00\n" }
        text += "P: 01 00 00 00 00 00 00 00\n"
        let reader = try RecordingReader(bytes: Array(text.utf8), name: "x.evemu")
        #expect(reader.header.device.properties == [24, 31])
    }

    @Test(
        "a libinput-record time offset of Int64.min seconds is ignored, not a trap (crash-* in the libinput fuzz corpus)"
    )
    func yamlOffsetAtInt64Minimum() throws {
        let text = """
            # StylusKit time-offset: -9223372036854775808.000000
            version: 1
            ndevices: 1
            devices:
            - evdev:
                name: "Pen"
                id: [3, 1386, 1, 256]
              events:
              - evdev:
                - [  0,      5,   0,   0,       0]

            """
        let events = try RecordingReader(bytes: Array(text.utf8), name: "x.yml").readAll()
        #expect(events.map(\.time.microseconds) == [5])
    }

    @Test("libinput-record versions other than 1 are refused")
    func yamlVersion() {
        let text = "version: 2\nndevices: 1\ndevices: []\n"
        let error = message { _ = try RecordingReader(bytes: Array(text.utf8), name: "x.yml") }
        #expect(error == "x.yml: libinput-record version 2 is not supported; only version 1 can be read")
    }

    @Test("an existing output is not overwritten without asking")
    func noOverwrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.evemu"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path))
        let error = message { _ = try AtomicFileOutput(path: path, overwrite: false) }
        #expect(error == path + ": the output file exists; choose another name or pass --force to overwrite it")
        let output = try AtomicFileOutput(path: path, overwrite: true)
        try output.write("new")
        try output.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.evemu"])
    }
}
