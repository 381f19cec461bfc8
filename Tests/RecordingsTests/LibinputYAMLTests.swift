import Foundation
import Recordings
import StylusInput
import Testing

/// The libinput-record YAML our writer produces, its texts escaped by Yams' emitter (libyaml):
/// what libinput's own tools and our reader make of it.
@Suite("libinput-record YAML written through Yams")
struct LibinputYAMLTests {
    @Test("evemu -> libinput-record -> evemu gives the evemu writer's bytes back", arguments: realRecordings)
    func evemuBytesSurvive(recording: RealRecording) throws {
        let original = try recording.read()
        let viaYAML = try LibinputRecord.decode(LibinputRecord.encode(original), name: "roundtrip.yml")
        #expect(EvemuWriter.encode(viaYAML) == EvemuWriter.encode(original))
    }

    @Test(
        "names and properties with quotes, backslashes, control characters and UTF-8 read back the same, each on one line"
    )
    func awkwardTexts() throws {
        var recording = try #require(realRecordings.first { $0.file == "UC-LOGIC-Tablet-WP5540U-Pen.events" }).read()
        let name = "Pen \"Pro\" C:\\tablets\ttab \u{1b}esc \u{7f}del é 中文 \u{2028}ls  # not a comment: "
        recording.header.device.name = name
        recording.header.device.extras.udevProperties = ["ID_MODEL=a\nb", "ID_PATH= leading and trailing ", "EMPTY="]
        recording.header.deviceNode = "/dev/input/event7"
        let yaml = LibinputRecord.encode(recording)
        let back = try LibinputRecord.decode(yaml, name: "awkward.yml")
        #expect(back.header.device.name == name)
        #expect(back.header.device.extras.udevProperties == recording.header.device.extras.udevProperties)
        // libyaml's escapes: \" \\ \t \e \x7F and \L (the line separator); UTF-8 letters stay as they are.
        let nameLine = try #require(yaml.split(separator: "\n").first { $0.hasPrefix("    name: ") })
        #expect(
            nameLine
                == "    name: \"Pen \\\"Pro\\\" C:\\\\tablets\\ttab \\eesc \\x7Fdel é 中文 \\Lls  # not a comment: \"")
        #expect(yaml.contains("    - \"ID_MODEL=a\\nb\"\n"))
    }

    /// libinput's analyzer is python3 with python3-libevdev; /usr/bin/python3 is Debian's, which has it
    /// (a python3 earlier on PATH, such as pyenv's, may not).
    static let analyzer = "/usr/libexec/libinput/libinput-analyze-recording"
    static let analyzerRuns =
        FileManager.default.isExecutableFile(atPath: analyzer)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/libevdev/__init__.py")

    @Test(
        "libinput analyze recording reads what we write, with the recording's first X",
        .enabled(
            if: analyzerRuns, "libinput-tools or python3-libevdev is not installed (scripts/setup.sh installs them)"),
        arguments: realRecordings.filter { $0.events > 0 })
    func libinputReadsIt(recording: RealRecording) throws {
        let original = try recording.read()
        let directory = try TemporaryDirectory()
        let path = directory.path + "/converted.yml"
        try Data(LibinputRecord.encode(original).utf8).write(to: URL(fileURLWithPath: path))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.analyzer, path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text.prefix(2000))")

        // One row per frame that changes something (the analyzer drops repeated rows): TIME | X | ...
        let rows = text.split(separator: "\n").filter {
            $0.range(of: #"^ *[0-9]+\.[0-9]+ \|"#, options: .regularExpression) != nil
        }
        let frames = original.events.filter(\.isFrameEnd).count
        #expect(!rows.isEmpty && rows.count <= frames, "\(rows.count) rows for \(frames) frames")
        let header = try #require(text.split(separator: "\n").first { $0.hasPrefix("Time") })
        let columns = header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        if let xColumn = columns.firstIndex(of: "X"),
            let firstX = original.events.first(where: { $0.type == .absolute && $0.code == AbsoluteAxis.x })
        {
            let cells = rows[0].split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(cells[xColumn] == String(firstX.value))
        }
    }
}
