import Foundation
import Testing

@testable import ADF

/// The clock's time on the clock steps' TaskData `<Start>` (`clockTime="2:45"`): ADF has no place
/// for it, so it is an extra attribute consumers of the older format ignore (docs/settings.md).
@Suite("ADF clock time")
struct ClockTimeTests {
    /// The sample clock document with `time` on both steps' Start.
    func document(_ time: ClockFaceTime?) -> ADFDocument {
        var document = sampleClockDocument()
        for index in document.steps.indices { document.steps[index].start.clockTime = time }
        return document
    }

    func written(_ document: ADFDocument, name: String = "r.csk") throws -> (
        path: String, text: String, directory: ScratchDirectory
    ) {
        let directory = try ScratchDirectory()
        let path = directory.file(name)
        try document.write(to: path)
        return (path, try String(contentsOfFile: path, encoding: .utf8), directory)
    }

    @Test("Written on both steps' Start after the usual attributes, read back, and valid")
    func roundTrip() throws {
        let (path, text, directory) = try written(document(ClockFaceTime(hours: 2, minutes: 45)))
        defer { directory.remove() }
        #expect(text.contains(#"<Start timestamp="1673535657692" clockTime="2:45"/>"#))
        #expect(
            text.contains(#"<Start brightness="0.3927" timestamp="1673535664692" volume="0.6505" clockTime="2:45"/>"#))
        #expect(text.components(separatedBy: "clockTime=").count == 3)
        #expect(!text.contains(#"<End timestamp="1673535664177" clockTime"#))
        #expect(ADFValidator().validate(path: path) == [])
        let read = try ADFReader.read(path: path).document
        #expect(
            read.steps.map(\.start.clockTime) == [
                ClockFaceTime(hours: 2, minutes: 45), ClockFaceTime(hours: 2, minutes: 45),
            ])
        #expect(
            document(ClockFaceTime(hours: 2, minutes: 45)).asStored.steps.map(\.start.clockTime)
                == read.steps.map(\.start.clockTime))
    }

    @Test("Absent when not given: the file is byte for byte the one written before the attribute existed")
    func absent() throws {
        let (path, text, directory) = try written(document(nil))
        defer { directory.remove() }
        #expect(!text.contains("clockTime"))
        #expect(try ADFReader.read(path: path).document.steps.allSatisfy { $0.start.clockTime == nil })
        let (_, plain, other) = try written(sampleClockDocument())
        defer { other.remove() }
        #expect(text == plain)
    }

    @Test(
        "The attribute's text: H:MM, hours 1-12, minutes 00-59", arguments: ["2:45", "11:10", "12:00", "1:05", "03:30"])
    func attributeAccepted(_ text: String) throws {
        let time = try #require(ClockFaceTime(attribute: text))
        #expect(ClockFaceTime(attribute: time.attribute) == time)
    }

    @Test(
        "Not a time on a clock face",
        arguments: ["", "2", "2:5", "0:10", "13:00", "2:60", "2:45:00", "-1:10", "2 :45", "+2:45", "a:bc"])
    func attributeRefused(_ text: String) {
        #expect(ClockFaceTime(attribute: text) == nil)
    }

    /// The written sample with its first Start's clockTime replaced by `value`.
    func edited(_ value: String, name: String = "r.csk") throws -> (path: String, directory: ScratchDirectory) {
        let (path, text, directory) = try written(document(ClockFaceTime(hours: 2, minutes: 45)), name: name)
        let changed = text.replacingOccurrences(of: #"clockTime="2:45""#, with: #"clockTime="\#(value)""#)
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, directory)
    }

    @Test("A clockTime that is no time is a problem for adf validate, and the reader refuses the file naming it")
    func invalid() throws {
        let (path, directory) = try edited("25:99")
        defer { directory.remove() }
        let problems = ADFValidator().validate(path: path).map(\.message)
        #expect(
            problems
                == [
                    #"<Start> clockTime="25:99" is not a time on a clock face, H:MM with hours 1-12 and minutes 00-59 (such as '2:45')"#,
                    #"<Start> clockTime="25:99" is not a time on a clock face, H:MM with hours 1-12 and minutes 00-59 (such as '2:45')"#,
                ])
        #expect(throws: ADFReadError.self) { try ADFReader.read(path: path) }
    }

    @Test("A clockTime in a maze file is a problem: only a clock drawing records one")
    func notAClockFile() throws {
        var maze = document(ClockFaceTime(hours: 2, minutes: 45))
        maze.variant = .maze
        maze.steps = [maze.steps[0]]
        maze.steps[0].identifier = "mazeStep-a"
        let (path, _, directory) = try written(maze, name: "r.msk")
        defer { directory.remove() }
        #expect(
            ADFValidator().validate(path: path).map(\.message).contains(
                #"<Start> has clockTime="2:45", which only a clock drawing (.csk) records"#))
    }
}
