import Testing

@testable import VisitReport

@Suite("normative ranges file")
struct NormativeRangesTests {
    @Test("A file's ranges: header, comments and blank lines skipped, open ends, labels, a test's own line before *")
    func reads() throws {
        let ranges = try NormativeRanges(
            csv:
                "# norms\ntest,measure,low,high,label\n\nclock,total_time_s,20,120,XYZ 65-80\n*,total_time_s,,60\nmaze,wall_crosses,,2\n",
            source: "r.csv")
        #expect(ranges.ranges.count == 3)
        let clock = try #require(ranges.range(test: "clock", measure: "total_time_s"))
        #expect(clock.low == 20 && clock.high == 120 && clock.label == "XYZ 65-80")
        #expect(ranges.range(test: "sdt", measure: "total_time_s")?.high == 60)
        #expect(ranges.range(test: "sdt", measure: "strokes") == nil)
        #expect(
            clock.place(19.99) == .below && clock.place(20) == .within && clock.place(120) == .within
                && clock.place(120.01) == .above)
        #expect(ranges.range(test: "maze", measure: "wall_crosses")?.place(-5) == .within)
        #expect(RangePlace.above.words == "ABOVE RANGE" && RangePlace.below.words == "BELOW RANGE")
    }

    /// Issue 28: a file from Excel (CRLF) or an old Mac (CR) was one header line, read as no ranges at all.
    @Test("Lines end in LF, CRLF or CR alike", arguments: ["\n", "\r\n", "\r"])
    func lineEnds(_ end: String) throws {
        let text = [
            "# norms", "test,measure,low,high,label", "", "clock,total_time_s,20,120,XYZ", "maze,wall_crosses,,2", "",
        ]
        .joined(separator: end)
        let ranges = try NormativeRanges(csv: text, source: "r.csv")
        #expect(ranges.ranges.count == 2)
        #expect(ranges.range(test: "clock", measure: "total_time_s")?.label == "XYZ")
        #expect(ranges.range(test: "maze", measure: "wall_crosses")?.high == 2)
        // Line numbers count each line end once.
        #expect {
            _ = try NormativeRanges(
                csv: ["test,measure,low,high", "clock,strokes,x,2"].joined(separator: end), source: "r.csv")
        } throws: { "\($0)".hasPrefix("r.csv line 2: its low end is not a number") }
    }

    /// Issue 28: a file with no range line gave "no range" for every measure and exit 0.
    @Test(
        "A file with no range line is refused",
        arguments: ["", "test,measure,low,high,label\n", "# only a comment\n\n"])
    func noRangeLine(_ text: String) {
        #expect {
            _ = try NormativeRanges(csv: text, source: "r.csv")
        } throws: { error in
            "\(error)".hasPrefix("r.csv holds no range: no line is test,measure,low,high[,label]")
                && error as? ReportError == .noRanges(file: "r.csv")
        }
    }

    @Test(
        "A bad line is refused with its number and what is wrong",
        arguments: [
            (
                "clock,total_time_s,1",
                "r.csv line 1: it has 3 fields; write test,measure,low,high or test,measure,low,high,label"
            ),
            ("pen,total_time_s,1,2", "r.csv line 1: its test (the first field) is not clock, maze, sdt, trails or *"),
            ("clock,,1,2", "r.csv line 1: the measure is empty"),
            ("clock,speed,1,2", "r.csv line 1: its measure is not a column of `styluskit features --level test`"),
            ("clock,strokes,a,2", "r.csv line 1: its low end is not a number"),
            ("clock,strokes,,", "r.csv line 1: both ends are empty"),
            ("# c\nclock,strokes,5,2", "r.csv line 2: its low end is above its high end"),
        ])
    func refuses(_ text: String, _ message: String) {
        #expect {
            _ = try NormativeRanges(csv: text, source: "r.csv")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}

@Suite struct ReportedInterruptionTests {
    /// Every interruption a session writes is worded for a clinician, not left as its type.
    @Test(arguments: [
        "wall-cross", "no-drawing", "start-far", "not-entered", "resume-far", "skip", "device-removed",
        "device-reconnected",
        "events-dropped", "operator-paused", "operator-resumed",
    ])
    func everyTypeASessionWritesHasWords(type: String) {
        let interruption = ReportedInterruption(type: type, seconds: 1, step: 1)
        #expect(interruption.meaning != type)
        #expect(interruption.meaning.contains(" "))
    }
}

/// Issue 34, item 5's leftovers: a ranges file had no bounds and its errors quoted the fields they refused,
/// so a patients' list given as `--ranges` was printed. Both seen failing on main's code.
@Suite struct RangesLimitsTests {
    @Test("A patients' list given as a ranges file is refused without quoting a field")
    func fieldsNotQuoted() {
        for line in [
            "Doe,Jane,1941-03-07,MRN123", "clock,Jane Doe,1,2", "clock,strokes,Jane,2", "clock,strokes,1941,1900",
        ] {
            do {
                _ = try NormativeRanges(csv: line + "\n", source: "r.csv")
                Issue.record("accepted: \(line)")
            } catch {
                for word in ["Doe", "Jane", "1941", "MRN123", "1900"] {
                    #expect(!"\(error)".contains(word), "\(error)")
                }
                #expect("\(error)".hasPrefix("r.csv line 1: "), "\(error)")
            }
        }
    }

    @Test("A ranges file of more ranges or bytes than a study's is refused with the numbers")
    func bounds() throws {
        let line = "clock,strokes,1,2\n"
        #expect(
            try NormativeRanges(csv: String(repeating: line, count: 10_000), source: "r.csv").ranges.count == 10_000)
        #expect {
            _ = try NormativeRanges(csv: String(repeating: line, count: 10_001), source: "r.csv")
        } throws: { "\($0)".hasPrefix("r.csv line 10001: it is range 10001; a ranges file gives at most 10000") }
        let large = "# " + String(repeating: "x", count: 1 << 20) + "\n" + line
        #expect {
            _ = try NormativeRanges(csv: large, source: "r.csv")
        } throws: {
            "\($0)".hasPrefix("r.csv line 1: the file is \(large.utf8.count) bytes; a ranges file is at most 1048576")
        }
    }
}
