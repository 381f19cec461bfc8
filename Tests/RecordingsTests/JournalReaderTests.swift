import Foundation
import StylusInput
import Testing

@testable import Recordings

/// The journal as a file format: every control line's text, the files a journal keeps, and
/// `JournalReader`'s one pass (the opening up front, controls handed over ahead of the events
/// read after them).
@Suite("Journal format and reader")
struct JournalReaderTests {
    static let header = RecordingHeader(
        format: .evemu(.current), kernel: "6.1.0", deviceNode: "/dev/input/event7",
        device: DeviceDescription(
            name: "Test Pen", id: InputID(bustype: 3, vendor: 0x56a, product: 0x4200, version: 1), properties: [],
            codes: [.synchronization: [], .key: [330], .absolute: [0, 1]],
            absInfo: [
                0: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                1: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            ]))

    static func time(_ microseconds: Int64) -> EventTime { EventTime(microseconds: microseconds) }

    @Test(
        "Every control's text, pinned, parses back to the same control",
        arguments: [
            (
                JournalControl.anchor(realtimeMicroseconds: 1_763_740_000_000_000, monotonicMicroseconds: 12_000_000),
                "anchor realtime-us=1763740000000000 monotonic-us=12000000"
            ),
            (.begin(time(1)), "begin 0.000001"),
            (.continue(time(3_000_001)), "continue 3.000001"),
            (.end(time(-500_000)), "end -1.500000"),
            (.gap(droppedAt: time(4_000_000), resyncEvents: 3), "gap dropped-at=4.000000 resync-events=3"),
            (.removed(time(1_500_000)), "removed 1.500000"),
            (.reconnected(time(2_000_000)), "reconnected 2.000000"),
            (.patient(local: "QUJD+/==", external: nil), "patient local=QUJD+/=="),
            (.patient(local: "QUJD", external: "REVG"), "patient local=QUJD external=REVG"),
            (.test(.clock), "test clock"),
            (.test(.sdt), "test sdt"),
            (.test(.maze(mazeFile: "/srv/my mazes/choice.maze")), "test maze maze=/srv/my mazes/choice.maze"),
            (.test(.battery(file: "/srv/standard.battery")), "test maze battery=/srv/standard.battery"),
            (.none(.settings), "none settings"),
            (.none(.tabletProfile), "none tablet-profile"),
            (.none(.displayProfile), "none display-profile"),
            (
                .file(JournaledFile(role: .settings, path: "/a b/s.yaml", content: Array("foobar".utf8))),
                "file settings bytes=6 base64=Zm9vYmFy path=/a b/s.yaml"
            ),
            (
                .file(JournaledFile(role: .tabletProfile, path: "t.yaml", content: Array("fooba".utf8))),
                "file tablet-profile bytes=5 base64=Zm9vYmE= path=t.yaml"
            ),
            (
                .file(JournaledFile(role: .displayProfile, path: "d.yaml", content: Array("foob".utf8))),
                "file display-profile bytes=4 base64=Zm9vYg== path=d.yaml"
            ),
            (.file(JournaledFile(role: .maze, path: "m", content: [])), "file maze bytes=0 base64= path=m"),
            (
                .file(JournaledFile(role: .battery, path: "b", content: [0xff, 0x00, 0x3e])),
                "file battery bytes=3 base64=/wA+ path=b"
            ),
            (.tap(button: "continue", time: time(7_000_250)), "tap continue 7.000250"),
        ])
    func roundTrip(control: JournalControl, text: String) {
        #expect(control.text == text)
        #expect(JournalControl(text: text) == control)
    }

    @Test(
        "Malformed lines are not controls (as a later version's would not be)",
        arguments: [
            "file settings bytes=7 base64=Zm9vYmFy path=s.yaml",  // the count does not match
            "file settings bytes=6 base64=Zm9vYmFy",  // no path
            "file settings bytes=6 base64=Zm9vYmFy path=",  // an empty path
            "file colours bytes=6 base64=Zm9vYmFy path=s",  // no such role
            "file settings bytes=5 base64=Zm9vYmF= path=s",  // non-canonical: the padding's bits are not zero
            "file settings bytes=6 base64=Zm9v YmFy path=s",
            "file settings bytes=3 base64=Zm9v*m== path=s",
            "file settings bytes=524289 base64= path=s",  // over the limit
            "none maze-colour", "none", "none settings extra",
            "end", "end 1.5", "end -0.500000", "end +1.500000", "end 1.000000 more",
            "begin 99999999999999999.000000",  // overflows
            "anchor realtime-us=1", "patient local=", "patient external=abc",
            "test maze maze=", "test puzzle",
        ])
    func malformed(text: String) {
        #expect(JournalControl(text: text) == nil)
    }

    @Test("A kept file's content comes back byte for byte, every length mod 3 and every byte value")
    func fileContent() {
        for length in [0, 1, 2, 3, 255, 256, 257] {
            let content = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let control = JournalControl.file(JournaledFile(role: .maze, path: "/x", content: content))
            #expect(JournalControl(text: control.text) == control, "length \(length)")
        }
        let largest = JournaledFile(
            role: .settings, path: "/s", content: Array(repeating: 0xa5, count: JournaledFile.maximumBytes))
        let text = JournalControl.file(largest).text
        // The line, with its prefix and newline, stays under the readers' line limit.
        #expect(JournalControl.linePrefix.utf8.count + text.utf8.count + 1 < RecordingReader.maximumLineBytes)
        #expect(JournalControl(text: text) == .file(largest))
    }

    /// A journal as the writer makes it, to `path`: the opening, then `body` (events and controls in file order).
    static func write(_ path: String, opening: [JournalControl], body: [JournalItem]) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        let journal = try Journal(path: path, fileDescriptor: fd, header: header, now: time(0))
        for control in opening { try journal.control(control, now: time(0)) }
        for item in body {
            switch item {
            case .event(let event): try journal.append([event], now: event.time)
            case .control(let control): try journal.control(control, now: time(0))
            }
        }
    }

    /// `count` events (even): frames of one ABS_X event and its SYN_REPORT, a millisecond apart.
    static func events(_ count: Int) -> [InputEvent] {
        (0..<count).map { index in
            let frame = Int64(index / 2)
            return index % 2 == 0
                ? InputEvent(time: time(frame * 1000 + 1), type: .absolute, code: 0, value: Int32(frame % 1000))
                : InputEvent(time: time(frame * 1000 + 1), type: .synchronization, code: 0, value: 0)
        }
    }

    static func scratch() -> String { NSTemporaryDirectory() + "journal-reader-\(UUID().uuidString).evemu" }

    @Test(
        "The opening is read up front; begin and the rest come as the stream, the controls ahead of the events read after them"
    )
    func streamOrder() throws {
        let path = Self.scratch()
        defer { unlink(path) }
        let events = Self.events(10)
        let settings = JournaledFile(role: .settings, path: "/etc/s.yaml", content: Array("clock:\n".utf8))
        try Self.write(
            path,
            opening: [
                .anchor(realtimeMicroseconds: 5_000_000, monotonicMicroseconds: 1_000_000), .test(.sdt),
                .file(settings),
                .none(.tabletProfile), .patient(local: "QUJD", external: nil), .begin(Self.time(1)),
            ],
            body: events.prefix(4).map { .event($0) } + [.control(.gap(droppedAt: Self.time(2_001), resyncEvents: 3))]
                + events.dropFirst(4).map { .event($0) } + [.control(.end(Self.time(9_001)))])
        // A later version's line and a malformed one are passed over, and listed.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "# StylusKit control: colour blue\n# StylusKit control: end soon\n").write(
            toFile: path, atomically: false, encoding: .utf8)

        let reader = try JournalReader(path: path)
        #expect(reader.header.device.name == "Test Pen")
        let opening = reader.opening
        #expect(opening.isJournal)
        #expect(opening.anchor == JournalAnchor(realtimeMicroseconds: 5_000_000, monotonicMicroseconds: 1_000_000))
        #expect(opening.anchor?.offsetMicroseconds == 4_000_000)
        #expect(opening.begin == Self.time(1))
        #expect(opening.test == .sdt)
        #expect(opening.file(.settings) == settings)
        #expect(opening.file(.settings, path: "/etc/s.yaml") == settings)
        #expect(opening.file(.settings, path: "/elsewhere.yaml") == nil)
        #expect(opening.records(.settings) && opening.records(.tabletProfile) && !opening.records(.displayProfile))
        #expect(opening.patient == JournaledPatient(local: "QUJD", external: nil))
        var items: [JournalItem] = []
        while let item = try reader.next() { items.append(item) }
        // The ten events fit in the read-ahead: every control comes before them.
        #expect(
            items
                == [
                    .control(.begin(Self.time(1))), .control(.gap(droppedAt: Self.time(2_001), resyncEvents: 3)),
                    .control(.end(Self.time(9_001))),
                ] + events.map { .event($0) })
        #expect(reader.unknownControlLines == ["colour blue", "end soon"])
    }

    @Test(
        "A control more than the read-ahead after the events is handed over that many events before its place in the file"
    )
    func lookaheadBound() throws {
        let path = Self.scratch()
        defer { unlink(path) }
        let lookahead = JournalReader.lookahead
        let events = Self.events(lookahead + 3_000)
        let place = lookahead + 2_000
        try Self.write(
            path, opening: [.anchor(realtimeMicroseconds: 0, monotonicMicroseconds: 0), .begin(Self.time(1))],
            body: events.prefix(place).map { .event($0) } + [.control(.continue(Self.time(5)))]
                + events.dropFirst(place).map { .event($0) })
        let reader = try JournalReader(path: path)
        var before = 0
        var seen: [InputEvent] = []
        while let item = try reader.next() {
            switch item {
            case .event(let event): seen.append(event)
            case .control(.continue): before = seen.count
            case .control: break
            }
        }
        #expect(seen == events)
        // Read once the event after the line is read, i.e. with `lookahead` events still buffered.
        #expect(
            before >= place - lookahead - 1 && before <= place - lookahead + 1, "handed over after \(before) events")
    }

    @Test("A journal is read once: through a pipe (which can be read only once) it gives what the file gives")
    func onePassThroughAPipe() throws {
        let directory = NSTemporaryDirectory() + "journal-fifo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/j.evemu"
        try Self.write(
            file,
            opening: [.anchor(realtimeMicroseconds: 0, monotonicMicroseconds: 0), .test(.clock), .begin(Self.time(1))],
            body: Self.events(500).map { .event($0) } + [.control(.continue(Self.time(300_000)))])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        func drain(_ reader: JournalReader) throws -> [JournalItem] {
            var items: [JournalItem] = []
            while let item = try reader.next() { items.append(item) }
            return items
        }
        let expected = try drain(JournalReader(path: file))
        let fifo = directory + "/fifo.evemu"
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(bytes)
                try? handle.close()
            }
        }
        writer.start()
        let reader = try JournalReader(path: fifo)
        #expect(reader.opening.test == .clock)
        #expect(try drain(reader) == expected)
        #expect(expected.count == 502)
    }

    @Test("A journal cut mid-line (a killed session) loses only its last, incomplete frame")
    func cutMidLine() throws {
        let journal = try Array(
            Data(
                contentsOf: packageRoot.appendingPathComponent(
                    "Fixtures/fuzz-corpus/journal/seed-sdt-killed-mid-line.evemu")))
        let reader = try JournalReader(bytes: journal, name: "killed.evemu")
        #expect(reader.opening.test == .sdt && reader.opening.isJournal)
        var events = 0
        while let item = try reader.next() { if case .event = item { events += 1 } }
        #expect(events > 60 && events < 80)
        #expect(reader.truncation != nil)
    }
}
