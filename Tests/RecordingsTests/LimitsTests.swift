import Foundation
import Recordings
import StylusInput
import Testing

/// Nine header lines: pen with X, Y and pressure; events start on line 10.
private let header =
    [
        "# EVEMU 1.3", "N: Test Pen", "I: 0003 056a 0001 0100", "P: 00 00 00 00 00 00 00 00",
        "B: 00 0b 00 00 00 00 00 00 00", "B: 03 03 00 00 01 00 00 00 00", "A: 00 0 1000 0 0 10",
        "A: 01 0 1000 0 0 10", "A: 18 0 2047 0 0 0",
    ].joined(separator: "\n") + "\n"

/// One frame: lines 10 and 11 when right after the header.
private let frame = "E: 0.000001 0003 0000 0010\nE: 0.000001 0000 0000 0000\n"

private let limit = 1 << 20

private func refusal(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}

private func tooLong(_ file: String, line: Int) -> String {
    "\(file):\(line): the line is longer than 1048576 bytes, the most StylusKit reads as one line of a recording;"
        + " no recording has lines that long, so the file is damaged or not a recording: cut the file before this"
        + " line (--allow-truncated uses the complete frames before it)"
}

/// A file in a fresh temporary directory, removed by `remove()`.
private struct TemporaryFile {
    let directory: String
    let path: String

    init(name: String, bytes: [UInt8]) throws {
        directory = NSTemporaryDirectory() + "limits-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

@Suite("Limits: overlong lines and oversized YAML are refused")
struct LimitsTests {
    @Test("The line limit is 1 MiB")
    func lineLimit() {
        #expect(RecordingReader.maximumLineBytes == limit)
    }

    @Test("A comment line of exactly the limit is read past; one byte more is refused, from a file and from memory")
    func commentLine() throws {
        let fits = header + frame + "#" + String(repeating: "c", count: limit - 1) + "\n" + frame
        #expect(try RecordingReader(bytes: Array(fits.utf8), name: "x.evemu").readAll().count == 4)
        let file = try TemporaryFile(name: "fits.evemu", bytes: Array(fits.utf8))
        defer { file.remove() }
        #expect(try RecordingReader(path: file.path).readAll().count == 4)

        let over = header + frame + "#" + String(repeating: "c", count: limit) + "\n" + frame
        #expect(
            refusal { _ = try RecordingReader(bytes: Array(over.utf8), name: "x.evemu").readAll() }
                == tooLong("x.evemu", line: 12))
        let overFile = try TemporaryFile(name: "over.evemu", bytes: Array(over.utf8))
        defer { overFile.remove() }
        #expect(refusal { _ = try RecordingReader(path: overFile.path).readAll() } == tooLong(overFile.path, line: 12))
    }

    @Test("An overlong event line, and one with no newline up to the end of the file, are refused")
    func eventLine() throws {
        let long = "E: 0.000001 0003 0000 " + String(repeating: "1", count: limit)
        for text in [header + frame + long + "\n" + frame, header + frame + long] {
            let file = try TemporaryFile(name: "event.evemu", bytes: Array(text.utf8))
            defer { file.remove() }
            #expect(refusal { _ = try RecordingReader(path: file.path).readAll() } == tooLong(file.path, line: 12))
        }
    }

    @Test("An overlong line in the header is refused with its line")
    func headerLine() throws {
        let text = "# EVEMU 1.3\nN: " + String(repeating: "n", count: limit) + "\n" + frame
        #expect(
            refusal { _ = try RecordingReader(bytes: Array(text.utf8), name: "h.evemu") } == tooLong("h.evemu", line: 2)
        )
    }

    @Test("With allowTruncated the frames before an overlong line are kept and the rest is counted as dropped")
    func truncated() throws {
        let long = "# " + String(repeating: "x", count: limit)
        let text = header + frame + frame + long + "\n" + frame
        let file = try TemporaryFile(name: "t.evemu", bytes: Array(text.utf8))
        defer { file.remove() }
        let reader = try RecordingReader(path: file.path, options: RecordingReadOptions(allowTruncated: true))
        let events = try reader.readAll()
        #expect(events.count == 4)
        let truncation = try #require(reader.truncation)
        // The long line and the frame's two lines after it, newlines included.
        #expect(truncation.droppedLines == 3)
        #expect(truncation.droppedBytes == long.utf8.count + 1 + frame.utf8.count)
        #expect(truncation.droppedEvents == 0)
        #expect(truncation.stoppedAt.map { "\($0)" } == tooLong(file.path, line: 14))
    }

    @Test("A libinput-record file over the YAML limit is refused before it is parsed")
    func yamlTooLarge() throws {
        #expect(RecordingReader.maximumYAMLBytes == 64 << 20)
        let expected = { (file: String, bytes: Int) in
            "\(file): the libinput-record file is larger than 67108864 bytes (\(bytes) bytes), the most StylusKit reads"
                + " (YAML is parsed whole in memory); split the recording into shorter ones, or record in evemu format"
                + " (evemu-record, styluskit record), which is read in flat memory however long"
        }
        let size = RecordingReader.maximumYAMLBytes + 1
        #expect(
            refusal { _ = try RecordingReader(bytes: [UInt8](repeating: 0x20, count: size), name: "big.yml") }
                == expected("big.yml", size))
        // On disk, refused by its size: a sparse file, so the test writes nothing.
        let file = try TemporaryFile(name: "big.yaml", bytes: [])
        defer { file.remove() }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file.path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        #expect(refusal { _ = try RecordingReader(path: file.path) } == expected(file.path, size))
    }

    @Test("An overlong line in a libinput-record file is refused like one in evemu")
    func yamlLongLine() throws {
        let text = "# " + String(repeating: "y", count: limit) + "\nversion: 1\n"
        let file = try TemporaryFile(name: "long.yml", bytes: Array(text.utf8))
        defer { file.remove() }
        #expect(refusal { _ = try RecordingReader(path: file.path) } == tooLong(file.path, line: 1))
    }
}
