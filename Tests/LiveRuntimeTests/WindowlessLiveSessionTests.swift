import Foundation
import LiveRuntime
import Recordings
import TestMaterials
import Testing

/// What a windowless live session tells the operator, and the test it journals.
@Suite("Live recording")
struct WindowlessLiveSessionTests {
    @Test("What record says of an unplug and of the tablet's return, at the same node or another")
    func happenings() {
        #expect(
            LiveSessionInput.Happening.unplugged.recordMessage
                == "The tablet was unplugged; plug it in again to continue (Ctrl-C ends the step).")
        #expect(
            LiveSessionInput.Happening.back(node: "/dev/input/event7", moved: false).recordMessage
                == "The tablet is back; the session continues.")
        #expect(
            LiveSessionInput.Happening.back(node: "/dev/input/event9", moved: true).recordMessage
                == "The tablet is back, at /dev/input/event9; the session continues.")
    }

    @Test(
        "The journaled test: the maze test's file by kind, made absolute from the current directory; absolute paths kept"
    )
    func journaledTest() {
        #expect(JournaledTest(.clock, maze: nil, battery: nil) == .clock)
        #expect(JournaledTest(.sdt, maze: nil, battery: nil) == .sdt)
        #expect(JournaledTest(.maze, maze: "a.maze", battery: nil) == .maze(mazeFile: "a.maze"))
        #expect(JournaledTest(.maze, maze: nil, battery: "b.battery") == .battery(file: "b.battery"))
        let here = FileManager.default.currentDirectoryPath
        #expect(
            JournaledTest(.maze, maze: "mazes/a.maze", battery: nil).absolute == .maze(mazeFile: here + "/mazes/a.maze")
        )
        #expect(JournaledTest(.maze, maze: nil, battery: "b.battery").absolute == .battery(file: here + "/b.battery"))
        #expect(JournaledTest(.maze, maze: "/srv/a.maze", battery: nil).absolute == .maze(mazeFile: "/srv/a.maze"))
        #expect(JournaledTest.clock.absolute == .clock)
    }
}
