import Recordings
import StylusInput
import Testing

/// A live session's journal keeps its step changes as `# StylusKit control: ...` comments; the reader hands them back.
@Suite("Journal control lines")
struct ControlLinesTests {
    static let text = """
        # EVEMU 1.3
        N: Pen
        I: 0003 056a 0001 0001
        P: 00 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 03 03 00 00 00 00 00 00 00
        A: 00 0 100 0 0 10
        A: 01 0 100 0 0 10
        # StylusKit control: begin 1.000000
        E: 1.000100 0003 0000 5
        E: 1.000100 0000 0000 0
        # StylusKit control: continue 2.000000
        # a plain comment
        E: 3.000000 0003 0001 7
        E: 3.000000 0000 0000 0
        # StylusKit control: continue 4.000000

        """

    @Test("Control lines before and between events come back in order, without the prefix; other comments do not")
    func inOrder() throws {
        for truncated in [false, true] {
            let reader = try RecordingReader(
                bytes: Array(Self.text.utf8), name: "journal.evemu",
                options: RecordingReadOptions(allowTruncated: truncated))
            #expect(reader.controlLines == ["begin 1.000000"])
            let events = try reader.readAll()
            #expect(events.count == 4)
            #expect(reader.controlLines == ["begin 1.000000", "continue 2.000000", "continue 4.000000"])
        }
    }

    @Test("Control lines in the header do not disturb the description")
    func plainEvemu() throws {
        let recording = try RecordingReader(bytes: Array(Self.text.utf8), name: "journal.evemu")
        #expect(recording.header.device.name == "Pen")
    }
}
