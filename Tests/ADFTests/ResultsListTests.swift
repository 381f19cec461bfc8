import Foundation
import Testing

@testable import ADF

/// `styluskit results`: the listing of a directory of generated results files, pinned.
///
/// The dates were computed with `date -u -d @SECONDS +%Y-%m-%dT%H:%M:%SZ` from the documents'
/// first step starts (1673535657692.3, 1673989890000.25, 1674000000000.5, 1673535664000 ms);
/// the durations are last end minus first start of the ADF timestamps (clock: …666692 -
/// …657692 = 9000 ms; maze: …905000 - …890000; symbol digit: …190000 - …000000;
/// the spec-example maze: …665000 - …664000); the strokes are counted in the models.
@Suite("Results listing")
struct ResultsListTests {
    /// A directory with three variants, a second clock file of the same date, a file that is
    /// not XML, a hidden results file, a text file, and a subdirectory with one more file.
    private func resultsDirectory() throws -> ScratchDirectory {
        let directory = try ScratchDirectory()
        try sampleClockDocument().write(to: directory.file("clock.csk"))
        try sampleClockDocument().write(to: directory.file("a-clock.csk"))
        try smallMazeDocument().write(to: directory.file("maze.msk"))
        try smallSymbolDigitDocument().write(to: directory.file("symbol-digit.ssk"))
        try sampleClockDocument().write(to: directory.file(".hidden.csk"))
        try "this is not XML\n".write(toFile: directory.file("broken.csk"), atomically: false, encoding: .utf8)
        try "notes\n".write(toFile: directory.file("notes.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory.file("archive"), withIntermediateDirectories: false)
        try specExampleMaze().write(to: directory.file("archive/old.msk"))
        return directory
    }

    /// The maze document of WriterTests.specExample: one step, one stroke of two points.
    private func specExampleMaze() -> ADFDocument {
        ADFDocument(
            variant: .maze, environment: ClockSketchData(),
            steps: [
                ADFDocument.Step(
                    identifier: "maze-1", start: StepMark(unixMilliseconds: 1_673_535_664_000),
                    end: StepMark(unixMilliseconds: 1_673_535_665_000),
                    strokes: [
                        ADFDocument.Stroke(
                            beginUnixMilliseconds: 1_673_535_664_834.0,
                            endUnixMilliseconds: 1_673_535_664_940, points: specExamplePoints)
                    ])
            ])
    }

    @Test("The text listing: sorted by date then name, broken files last, subdirectories skipped")
    func text() throws {
        let directory = try resultsDirectory()
        defer { directory.remove() }
        // The validator's count for the broken file, which the status reports.
        #expect(ADFValidator().validate(path: directory.file("broken.csk")).count == 1)
        let list = try ADFResultsList(directory: directory.path)
        // Columns: as wide as their widest cell, two spaces apart; DURATION and STROKES
        // right-aligned; the FILE column last and unpadded.
        let expected = """
            DATE                  TEST          DURATION  STROKES  STATUS     FILE
            2023-01-12T15:00:57Z  clock          9.000 s        3  valid      a-clock.csk
            2023-01-12T15:00:57Z  clock          9.000 s        3  valid      clock.csk
            2023-01-17T21:11:30Z  maze          15.000 s        3  valid      maze.msk
            2023-01-18T00:00:00Z  symbolDigit  190.000 s        3  valid      symbol-digit.ssk
            -                     clock                -        -  1 problem  broken.csk
            """
        #expect(list.text == expected)
    }

    @Test("--recursive adds the files of subdirectories, by their relative path")
    func recursive() throws {
        let directory = try resultsDirectory()
        defer { directory.remove() }
        let list = try ADFResultsList(directory: directory.path + "/", recursive: true)
        #expect(
            list.entries.map(\.file) == [
                "a-clock.csk", "clock.csk", "archive/old.msk", "maze.msk", "symbol-digit.ssk", "broken.csk",
            ])
        let old = try #require(list.entries.first { $0.file == "archive/old.msk" })
        #expect(old.date == "2023-01-12T15:01:04Z")
        #expect(old.durationMilliseconds == 1000)
        #expect(old.strokes == 1)
        #expect(old.status == "valid")
    }

    @Test("The JSON listing is one line per file, with null for what an unreadable file cannot tell")
    func json() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try sampleClockDocument().write(to: directory.file("clock.csk"))
        try "this is not XML\n".write(toFile: directory.file("broken.csk"), atomically: false, encoding: .utf8)
        let expected = #"""
            {"date":"2023-01-12T15:00:57Z","durationMilliseconds":9000,"file":"clock.csk","incomplete":null,"problems":0,"recover":null,"status":"valid","strokes":3,"test":"clock"}
            {"date":null,"durationMilliseconds":null,"file":"broken.csk","incomplete":null,"problems":1,"recover":null,"status":"1 problem","strokes":null,"test":"clock"}
            """#
        #expect(try ADFResultsList(directory: directory.path).json() == expected)
    }

    @Test("An empty directory says so; a missing one is an error that says what to give")
    func emptyAndMissing() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let list = try ADFResultsList(directory: directory.path)
        #expect(list.entries.isEmpty)
        #expect(list.text == "No results files (.csk, .msk, .ssk, .tsk) in \(directory.path).")
        #expect(try list.json() == "", "JSON Lines of no file: no line")
        let missing = directory.file("nowhere")
        #expect(throws: ADFResultsListError.notADirectory(path: missing)) {
            try ADFResultsList(directory: missing)
        }
        #expect(
            ADFResultsListError.notADirectory(path: "/x").description
                == "Cannot list /x: it is not a directory or is not readable. "
                + "Give the directory that holds the results files (.csk, .msk, .ssk, .tsk).")
    }

    @Test(
        "UTC ISO 8601 dates, checked against date -u",
        arguments: [
            (Int64(1_673_535_657_692), "2023-01-12T15:00:57Z"),
            (Int64(0), "1970-01-01T00:00:00Z"),
            (Int64(-1), "1969-12-31T23:59:59Z"),
            (Int64(951_782_400_000), "2000-02-29T00:00:00Z"),
            (Int64(253_402_300_799_999), "9999-12-31T23:59:59Z"),
        ])
    func iso8601(_ milliseconds: Int64, _ expected: String) {
        #expect(ADFResultsList.iso8601(unixMilliseconds: milliseconds) == expected)
    }
}
