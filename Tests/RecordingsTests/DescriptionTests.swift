import Foundation
import StylusInput
import TestSupport
import Testing

@testable import Recordings

/// A separate description (`--desc`) only for an events-only file, and the resolution an evemu
/// 1.0/1.1 file's header comments state.
@Suite("Descriptions")
struct DescriptionTests {
    static let intuos4Desc = realDirectory + "/Wacom-Intuos4-6x9.desc"

    @Test("a recording with its own description and a separate one is refused, naming both")
    func twoDescriptions() {
        let recording = realDirectory + "/Wacom-Cintiq-13HD-touch-Pen.events"
        #expect {
            try RecordingReader(path: recording, descriptionPath: Self.intuos4Desc)
        } throws: { error in
            (error as? RecordingError)
                == .twoDescriptions(
                    recording: recording, device: "Wacom Cintiq 13HD touch Pen", descriptionFile: Self.intuos4Desc,
                    descriptionDevice: "Wacom Intuos4 6x9")
                && "\(error)"
                    == "\(recording) has its own device description (\"Wacom Cintiq 13HD touch Pen\") and"
                    + " \(Self.intuos4Desc) gives another (\"Wacom Intuos4 6x9\"): the events were recorded with the"
                    + " recording's own, so another would change what they mean. Leave out --desc: it is only for an"
                    + " events-only recording"
        }
    }

    @Test("a description given only as evtest comments counts as the recording's own")
    func commentsOnlyDescriptionIsOwn() {
        let recording = fixturesDirectory + "/UC-LOGIC-Tablet-WP5540U-Pen.comments-only.events"
        #expect(throws: RecordingError.self) { try RecordingReader(path: recording, descriptionPath: Self.intuos4Desc) }
    }

    @Test("a libinput recording always has its own description, so a separate one is refused")
    func libinputWithDescription() throws {
        let original = try Recording.read(path: realDirectory + "/Wacom-Cintiq-13HD-touch-Pen.events")
        let yaml = Array(LibinputRecord.encode(original).utf8)
        let desc = Array(try String(contentsOfFile: Self.intuos4Desc, encoding: .utf8).utf8)
        #expect(
            throws: RecordingError.twoDescriptions(
                recording: "x.yml", device: "Wacom Cintiq 13HD touch Pen", descriptionFile: "i4.desc",
                descriptionDevice: "Wacom Intuos4 6x9")
        ) {
            try RecordingReader(bytes: yaml, name: "x.yml", descriptionBytes: desc, descriptionName: "i4.desc")
        }
    }

    @Test("an events-only recording still takes its description file")
    func eventsOnlyTakesTheDescription() throws {
        let reader = try RecordingReader(
            path: realDirectory + "/Wacom-Intuos4-6x9.stylus-tap.events", descriptionPath: Self.intuos4Desc)
        #expect(reader.header.device.name == "Wacom Intuos4 6x9")
    }

    @Test("a missing description file is named as the description file, not taken for the recording")
    func missingDescriptionFile() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path + "/nope.desc"
        #expect {
            try RecordingReader(path: realDirectory + "/Wacom-Intuos4-6x9.stylus-tap.events", descriptionPath: missing)
        } throws: { error in
            "\(error)"
                == "the description file \(missing) does not exist; check the --desc path (it is needed only for an"
                + " events-only recording, whose description is in a separate .desc file)"
        }
    }

    @Test("an EVEMU 1.1 file's A: lines carry no resolution; its header comments' value is used and marked as theirs")
    func headerCommentResolution() throws {
        let path = realDirectory + "/Wacom-DTH2242-Pen.events"
        // Read independently of the reader: lines 32 and 39 of the file state ABS_X's and ABS_Y's resolution.
        let lines = try textLines(path)
        #expect(lines[31].trimmingCharacters(in: .whitespaces) == "#       Resolution 200")
        #expect(lines[38].trimmingCharacters(in: .whitespaces) == "#       Resolution 200")
        let device = try RecordingReader(path: path).header.device
        #expect(device.absInfo[AbsoluteAxis.x]?.resolution == nil)
        #expect(device.extras.headerCommentResolutions == [AbsoluteAxis.x: 200, AbsoluteAxis.y: 200])
        #expect(device.resolution(of: AbsoluteAxis.x) == AxisResolution(value: 200, source: .headerComment))
        #expect(device.resolution(of: AbsoluteAxis.y) == AxisResolution(value: 200, source: .headerComment))
        // The comments' "Resolution 0" for the other axes states nothing.
        #expect(device.resolution(of: AbsoluteAxis.pressure) == nil)
        // A file whose A: lines carry a resolution takes the device's, whatever the comments say.
        let dell = try RecordingReader(path: realDirectory + "/dell_canvas_pen.evemu").header.device
        #expect(dell.extras.headerCommentResolutions.isEmpty)
        #expect(dell.resolution(of: AbsoluteAxis.x) == AxisResolution(value: 100, source: .device))
    }

    @Test("the header comments' resolution survives evemu -> libinput-record -> evemu")
    func headerCommentResolutionRoundTrips() throws {
        let original = try Recording.read(path: realDirectory + "/Wacom-Cintiq-22HDT-Pen.events")
        #expect(original.header.device.extras.headerCommentResolutions == [AbsoluteAxis.x: 200, AbsoluteAxis.y: 200])
        let viaYAML = try LibinputRecord.decode(LibinputRecord.encode(original), name: "r.yml")
        #expect(viaYAML.header.device == original.header.device)
        let back = try RecordingReader(bytes: EvemuWriter.encode(viaYAML), name: "r.evemu").header.device
        #expect(back == original.header.device)
    }
}

/// The header parser splits ASCII lines byte by byte (issue 32, item 5): the words must be those of
/// splitting by Characters, which it did before, for every line.
@Suite("Header words")
struct HeaderWordsTests {
    @Test("byte-by-byte words are the Character-split words, for ASCII and other lines")
    func sameWords() {
        var random = SplitMix64(state: 32)
        let alphabet: [String] = [" ", "\t", "\r", "a", "B", "0", "x", "#", ":", "é", "\u{301}", "\"", "-"]
        var lines: [String] = [
            "", " ", "\t\t", "   Event code 0 (ABS_X)", "\tValue\t  1\t", "a\rb", "\r", " \u{301}a", "\t\u{301} b",
            "Min        0", "e\u{301} x",
        ]
        for _ in 0..<2000 {
            let length = Int(random.next() % 12)
            lines.append((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined())
        }
        for line in lines {
            let text = Substring(line)
            #expect(
                blankSeparatedWords(text) == text.split(whereSeparator: { $0 == " " || $0 == "\t" }),
                "\(Array(line.utf8))")
        }
    }
}
