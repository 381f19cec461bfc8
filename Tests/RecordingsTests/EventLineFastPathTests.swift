import Foundation
import StylusInput
import TestSupport
import Testing

@testable import Recordings

/// The fast path for `E:` lines (`parseEvemuLayoutEventLine`) against the careful byte loop
/// (`parseEventLine`) it stands in front of: every line the fast path accepts must give the
/// careful parser's event, and a whole recording read with the fast path must give the same
/// events, errors and truncation as one read with the careful parser alone.
@Suite("E: line fast path")
struct EventLineFastPathTests {
    /// Every evemu file of the fixtures: our recordings, the real ones and the fuzz corpora's.
    static let recordingFiles: [String] = {
        let roots = [
            "Fixtures/recordings", "Fixtures/fuzz-corpus/evemu", "Fixtures/fuzz-corpus/journal",
            "Fixtures/fuzz-corpus/journal-recovery",
        ]
        var files: [String] = []
        for root in roots {
            let directory = packageRoot.appendingPathComponent(root).path
            guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
            for case let path as String in walker where path.hasSuffix(".events") || path.hasSuffix(".evemu") {
                files.append(directory + "/" + path)
            }
        }
        return files.sorted()
    }()

    /// What the careful parser and the fast path make of the line `line`, with bytes after it
    /// that a fast path reading past the line's end must not take for part of it. `recent` is
    /// the fast path's memory of the timestamp before.
    private static func outcomes(
        of line: [UInt8], after: [UInt8] = Array("\n99999999999999999999 # 0000 0000 \t\r\n".utf8),
        recent: inout EvemuLayoutTimestamp
    ) -> (careful: EventLineResult, fast: InputEvent?) {
        let padding = [UInt8](repeating: 0x37, count: EventLineWindow.size)
        let buffer = line + after + padding
        return buffer.withUnsafeBufferPointer { p in
            var timestamp = RepeatedTimestamp()
            return (
                parseEventLine(p, 0, line.count, &timestamp),
                parseEvemuLayoutEventLine(p, 0, line.count, EventCodeLimits(), &recent)
            )
        }
    }

    /// The fast path's outcome for `line` on its own.
    private static func fastOutcome(_ line: String) -> InputEvent? {
        var recent = EvemuLayoutTimestamp()
        return outcomes(of: Array(line.utf8), recent: &recent).fast
    }

    /// A description of any difference between the fast path and the careful parser on `line`.
    private static func disagreement(_ line: [UInt8], after: [UInt8], recent: inout EvemuLayoutTimestamp) -> String? {
        let (careful, fast) = outcomes(of: line, after: after, recent: &recent)
        guard let fast else { return nil }
        if case .event(let event) = careful, event == fast { return nil }
        return "\(String(decoding: line, as: UTF8.self).debugDescription): careful \(careful), fast \(fast)"
    }

    @Test(
        "every E: line of every recording: the fast path gives the careful parser's event, and takes the lines evemu writes"
    )
    func recordingLines() throws {
        #expect(Self.recordingFiles.count >= 20)
        var taken = 0
        var eventLines = 0
        for file in Self.recordingFiles {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            var lo = 0
            // Each line in place, so the bytes after it are the file's own.
            bytes.withUnsafeBufferPointer { p in
                var carefulTimestamp = RepeatedTimestamp()
                var recent = EvemuLayoutTimestamp()
                while lo < p.count {
                    var hi = lo
                    while hi < p.count && p[hi] != 0x0a { hi += 1 }
                    if classifyLine(p, lo, hi) == .event {
                        eventLines += 1
                        let careful = parseEventLine(p, lo, hi, &carefulTimestamp)
                        if let fast = parseEvemuLayoutEventLine(p, lo, hi, EventCodeLimits(), &recent) {
                            taken += 1
                            guard case .event(let event) = careful, event == fast else {
                                Issue.record("\(file) at byte \(lo): careful \(careful), fast \(fast)")
                                return
                            }
                        }
                    }
                    lo = hi + 1
                }
            }
        }
        // The fixtures are evemu's own output: all but the lines near a file's end (fewer
        // than the window's 64 bytes after them) and the deliberately damaged ones go fast.
        #expect(eventLines > 40_000)
        #expect(Double(taken) > 0.99 * Double(eventLines), "fast path took \(taken) of \(eventLines) E: lines")
    }

    /// Reads `file` to the end through `EvemuEventStream`, with or without the fast path.
    private static func read(_ file: String, fastPath: Bool, allowTruncated: Bool) -> EvemuStreamReading? {
        guard let source = try? LineSource(path: file) else { return nil }
        return EvemuStreamReading(source: source, fastPath: fastPath, allowTruncated: allowTruncated)
    }

    @Test("every recording read whole: the same events, errors and truncation with and without the fast path")
    func recordingsWhole() {
        for file in Self.recordingFiles {
            for allowTruncated in [false, true] {
                let fast = Self.read(file, fastPath: true, allowTruncated: allowTruncated)
                let careful = Self.read(file, fastPath: false, allowTruncated: allowTruncated)
                #expect(fast?.events == careful?.events, "\(file), allowTruncated \(allowTruncated)")
                #expect(fast?.error == careful?.error, "\(file), allowTruncated \(allowTruncated)")
                #expect(fast?.truncation == careful?.truncation, "\(file), allowTruncated \(allowTruncated)")
            }
        }
    }

    @Test(
        "RecordingReader hands out the fast path's batches: every recording gives the careful parser's events and error"
    )
    func readerBatches() {
        var compared = 0
        for file in Self.recordingFiles {
            guard let careful = Self.read(file, fastPath: false, allowTruncated: false),
                let reader = try? RecordingReader(path: file)
            else { continue }
            var events: [InputEvent] = []
            var error: RecordingError?
            do {
                while let event = try reader.next() { events.append(event) }
            } catch let stop {
                error = stop
            }
            #expect(events == careful.events, "\(file)")
            #expect(error == careful.error, "\(file)")
            // Past the end (or the error) the reader says the same again.
            #expect((try? reader.next()) == nil, "\(file)")
            compared += 1
        }
        #expect(compared >= 20)
    }

    @Test("a damaged recording read whole: the same error, line and truncation with and without the fast path")
    func damagedWhole() throws {
        let real = realDirectory + "/Wacom-Cintiq-22HDT-Pen.events"
        let lines = try String(contentsOfFile: real, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let firstEvent = try #require(lines.firstIndex { $0.hasPrefix("E:") })
        /// The line `line` damaged in the way numbered `index`.
        func damage(_ index: Int, _ line: String) -> String {
            switch index {
            case 0: line.replacingOccurrences(of: " 0003 ", with: " 0020 ")  // type above EV_MAX
            case 1: line.replacingOccurrences(of: " 0003 0000 ", with: " 0003 0040 ")  // code above ABS_MAX
            case 2: line + "x"  // after the comment: still a good line
            case 3: String(line.prefix(30))  // no value
            case 4: line.replacingOccurrences(of: ".", with: ",")
            default: "E: 99999999999999.000000 0000 0000 0"  // beyond the largest time kept
            }
        }
        // An ABS_X line well inside the recording, after a few frames the fast path read.
        let target = try #require(lines.indices.first { $0 > firstEvent + 40 && lines[$0].contains(" 0003 0000 ") })
        let directory = try TemporaryDirectory()
        for index in 0..<6 {
            var damaged = lines
            damaged[target] = Substring(damage(index, String(damaged[target])))
            let path = directory.path + "/damaged-\(index).events"
            try damaged.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
            for allowTruncated in [false, true] {
                let fast = try #require(Self.read(path, fastPath: true, allowTruncated: allowTruncated))
                let careful = try #require(Self.read(path, fastPath: false, allowTruncated: allowTruncated))
                #expect(fast.events == careful.events)
                #expect(fast.error == careful.error, "damage \(index)")
                #expect(fast.truncation == careful.truncation, "damage \(index)")
                #expect(fast.error != nil || fast.truncation != nil || index == 2, "damage \(index) went unnoticed")
            }
        }
    }

    /// Lines built from every width and spelling of each field the careful parser accepts or
    /// refuses, around evemu's own layout.
    static let generatedLines: [String] = {
        let seconds = [
            "0", "7", "00", "1369413636", "0001369413636", "12345678", "123456789", "1234567890123",
            "9223372036853", "9223372036854", "9223372036855", "99999999999999", "123456789012345",
            "1234567890123456", "12345678901234567", "123456789012345678", "1234567890123456789", "",
        ]
        let fractions = [
            "", "1", "12", "123", "1234", "12345", "123456", "000000", "999999", "000001", "1234567", "12a456",
        ]
        let hexes = [
            "0000", "0003", "0001", "014a", "014A", "001F", "001f", "0020", "00ff", "3", "03", "0003a", "000g", "ffff",
            "FFFF", "-003",
        ]
        let values = [
            "0", "-0", "+0", "1", "-1", "+7", "0518", "00000000", "64040", "1234567", "12345678", "-12345678",
            "123456789",
            "-123456789", "2147483647", "2147483648", "-2147483648", "-2147483649", "99999999999999999", "", "-", "+",
            "--1", "1-",
            "0x10", "1.5",
        ]
        let blanks = [" ", "\t", "  ", " \t"]
        let endings = [
            "", " ", "\t", "\t# EV_ABS / ABS_X", " #", "#", "  # x", "\r", "\t# c\r", "\r\r", " x", " \r", "\t#\r",
            "\u{0}",
        ]
        let starts = ["E: ", "E:\t", "E:  ", "E:", "e: ", "E ", " E: "]
        var lines: [String] = []
        // Each field varied alone on evemu's layout, then blanks and endings around a few values.
        for s in seconds { lines.append("E: \(s).405673 0003 0000 71789\t# x") }
        for f in fractions { lines.append("E: 1369413636.\(f) 0003 0000 71789\t# x") }
        for s in seconds { for f in fractions { lines.append("E: \(s).\(f) 0001 014a 1") } }
        for t in hexes { for c in hexes { lines.append("E: 1.000001 \(t) \(c) 5") } }
        for v in values { for e in endings { lines.append("E: 1369413636.405673 0003 0018 \(v)\(e)") } }
        for start in starts { for b in blanks { lines.append("\(start)12.500000\(b)0003\(b)0001\(b)-27\(b)# y") } }
        for b1 in blanks {
            for b2 in blanks { for b3 in blanks { lines.append("E: 12.500000\(b1)0003\(b2)0001\(b3)13") } }
        }
        return lines
    }()

    @Test("generated lines: widths of each field, signs, big values, leading zeros, blanks, CR, what follows the line")
    func generated() {
        #expect(Self.generatedLines.count > 900)
        var taken = 0
        // Each line read alone, and after the line before it, whose timestamp the fast path remembers.
        var running = EvemuLayoutTimestamp()
        for line in Self.generatedLines {
            for after in ["\n", "\r\n", "", "9", "\t# 1", " 5"] {
                var fresh = EvemuLayoutTimestamp()
                if let problem = Self.disagreement(Array(line.utf8), after: Array(after.utf8), recent: &fresh) {
                    Issue.record("\(problem)")
                }
                if let problem = Self.disagreement(Array(line.utf8), after: Array(after.utf8), recent: &running) {
                    Issue.record("after the line before: \(problem)")
                }
            }
            if Self.fastOutcome(line) != nil { taken += 1 }
        }
        // Some of each kind are taken; every other is the careful parser's to judge.
        #expect(taken > 100)
    }

    @Test("a timestamp after another that differs from it in one digit anywhere, or in length, reads its own value")
    func timestampAfterTimestamp() {
        let times = [
            "1699999999.999987", "1699999999.999988", "1699999999.989987", "1699999998.999987", "0699999999.999987",
            "16999999999.999988", "169999999.999988", "1.500000", "1.500001", "11.500001", "1234567890123.000001",
            "1234567890123.000002", "1234567890124.000001", "9223372036853.999999",
        ]
        for first in times {
            for second in times {
                var parser = EvemuLayoutTimestamp()
                _ = Self.disagreement(Array("E: \(first) 0003 0000 5\t# x".utf8), after: [0x0a], recent: &parser)
                let line = Array("E: \(second) 0003 0001 6\t# y".utf8)
                if let problem = Self.disagreement(line, after: [0x0a], recent: &parser) {
                    Issue.record("after \(first): \(problem)")
                }
                #expect(Self.outcomes(of: line, recent: &parser).fast != nil, "\(second) was not read by the fast path")
            }
        }
    }

    @Test("lines cut at every position: the fast path never accepts what the careful parser refuses")
    func cutLines() {
        let lines =
            Self.generatedLines.filter { Self.fastOutcome($0) != nil }
            + [
                "E: 1369413636.405673 0003 0000 71789\t# EV_ABS / ABS_X                71789",
                "E: 0.000000 0000 0000 0",
            ]
        for line in lines {
            let bytes = Array(line.utf8)
            // The whole line first, so that the fast path remembers its timestamp.
            var running = EvemuLayoutTimestamp()
            _ = Self.disagreement(bytes, after: [0x0a], recent: &running)
            for cut in 0...bytes.count {
                // Followed by digits: a fast path reading past the cut would take them for the value.
                for after in ["", "1234", "\n"] {
                    var fresh = EvemuLayoutTimestamp()
                    if let problem = Self.disagreement(Array(bytes[..<cut]), after: Array(after.utf8), recent: &fresh) {
                        Issue.record("\(problem)")
                    }
                    if let problem = Self.disagreement(Array(bytes[..<cut]), after: Array(after.utf8), recent: &running)
                    {
                        Issue.record("after the whole line: \(problem)")
                    }
                }
            }
        }
    }

    @Test("a line at the very end of the buffer, where the window does not fit, is left to the careful parser")
    func endOfBuffer() {
        let line = Array("E: 1369413636.405673 0003 0000 71789".utf8)
        var recent = EvemuLayoutTimestamp()
        line.withUnsafeBufferPointer { p in
            #expect(parseEvemuLayoutEventLine(p, 0, p.count, EventCodeLimits(), &recent) == nil)
        }
        let padded = line + [UInt8](repeating: 0x0a, count: EventLineWindow.size)
        padded.withUnsafeBufferPointer { p in
            let event = parseEvemuLayoutEventLine(p, 0, line.count, EventCodeLimits(), &recent)
            #expect(
                event
                    == InputEvent(
                        time: EventTime(microseconds: 1_369_413_636_405_673), type: .absolute, code: 0, value: 71789))
        }
    }

    @Test("the SWAR helpers against byte-wise arithmetic")
    func helpers() {
        // Every pair of bytes: its value as two hex digits (either case), or marked as none.
        let limits = EventCodeLimits()
        var pairs = 0
        for first in UInt8.min...UInt8.max {
            for second in UInt8.min...UInt8.max {
                let text = String(decoding: [first, second], as: UTF8.self)
                let digits = first < 0x80 && second < 0x80 && text.allSatisfy(\.isHexDigit)
                let value = limits.hexPairs[Int(first) | Int(second) << 8]
                if digits { pairs += 1 }
                if value != (digits ? UInt16(text, radix: 16) ?? 0x200 : 0x100) {
                    Issue.record("bytes \(first) \(second): \(value)")
                }
            }
        }
        #expect(pairs == 22 * 22)
        for text in ["0000 0000", "0003 0000", "0001 014a", "0001 014A", "0003 003f", "0004 0005", "0005 0001"] {
            let (type, code) = (text.prefix(4), text.suffix(4))
            let word = { (s: Substring) in Array(s.utf8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            let found = limits.typeAndCode(word(type) | 0x2000_0000_0000, word(code) | 0x3700_0000_0000)
            #expect(found?.type == UInt32(type, radix: 16) && found?.code == UInt32(code, radix: 16), "\(text)")
        }
        // Not hex digits, a type above EventType.max or unknown, a code above its type's highest.
        for bad in [
            "000g 0000", "00:0 0000", "0003 00/0", "0003 00@0", "0001 00`0", "0003 00G0", "0003 00 0",
            "\u{7f}000 0000", "0100 0000", "0020 0000", "0006 0000", "0003 0040", "0000 0010", "0001 0300", "ffff ffff",
        ] {
            let (type, code) = (bad.prefix(4), bad.suffix(4))
            let word = { (s: Substring) in Array(s.utf8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            #expect(limits.typeAndCode(word(type), word(code)) == nil, "\(bad)")
        }
        // The table of highest codes is `EventType.maximumCode`'s, for every type a byte can write.
        for type in 0...255 {
            let highest = EventType(rawValue: UInt16(type)).maximumCode.map { Int32($0) } ?? -1
            #expect(limits.highestCode[type] == highest, "type \(type)")
        }
        for byte in UInt8.min...UInt8.max {
            // The byte first, then digits, then the byte again with its top bit set: no carry may cross.
            let word = UInt64(byte) | 0x0032_3334_3536_3700 | UInt64(byte | 0x80) << 56
            let isDigit = (0x30...0x39).contains(byte)
            #expect(nonDigitBytes(word) == (isDigit ? 0 : 0x80) | UInt64(0x80) << 56, "byte \(byte)")
            #expect(leadingDigits(word) == (isDigit ? 7 : 0), "byte \(byte)")
        }
        for digits in 1...8 {
            let text = String("98765432".prefix(digits))
            let word = Array((text + "........").utf8.prefix(8)).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            #expect(decimalValue(word, digits: digits) == UInt64(text))
        }
    }
}
