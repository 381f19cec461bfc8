import ArgumentParser
import Foundation
import Recordings
import Sessions
import TestMaterials
import Testing

@testable import styluskit

/// `record` and `administer` take a live session's options from one group, so they read alike.
@Suite("Live session options")
struct LiveSessionOptionsTests {
    static let shared = [
        "--test", "maze", "--battery", "/b/battery.txt", "--device", "/dev/input/event7", "--out", "/o", "--grab",
        "--display-profile", "wacom-cintiq-13hd",
    ]

    @Test("record and administer parse the same session options to the same session")
    func sameOptions() throws {
        let record = try Record.parse(Self.shared + ["--events"])
        let administer = try Administer.parse(Self.shared + ["--output-display", "DP-1"])
        for session in [record.session, administer.session] {
            #expect(session.test == .maze)
            #expect(session.journaledTest() == .battery(file: "/b/battery.txt"))
            #expect(session.device == "/dev/input/event7")
            #expect(session.out == "/o")
            #expect(session.grab)
            #expect(session.display.displayProfile == "wacom-cintiq-13hd")
        }
        #expect(record.events)
        #expect(administer.outputDisplay == "DP-1")
    }

    @Test("Both refuse a maze test without exactly one maze source, in the same words")
    func mazeSource() {
        for parse in [{ _ = try Record.parse($0) }, { _ = try Administer.parse($0) }] as [([String]) throws -> Void] {
            #expect(throws: (any Error).self) { try parse(["--test", "maze"]) }
            #expect(throws: (any Error).self) { try parse(["--test", "clock", "--maze", "m.maze"]) }
        }
        #expect(
            Record.message(for: catchError { _ = try Record.parse(["--test", "maze"]) })
                == "--test maze needs exactly one of --maze FILE or --battery FILE.")
        #expect(
            Administer.message(for: catchError { _ = try Administer.parse(["--test", "sdt", "--battery", "b"]) })
                == "--maze and --battery belong to --test maze; leave them out for --test sdt.")
    }

    @Test("administer's scripted captures are SECONDS:FILE")
    func screenshots() throws {
        #expect(
            Administer.message(
                for: catchError { _ = try Administer.parse(["--test", "clock", "--screenshot", "soon:x.xwd"]) })
                == "--screenshot takes SECONDS:FILE, e.g. 2.5:shot.xwd; got 'soon:x.xwd'.")
        #expect(
            Administer.message(for: catchError { _ = try Administer.parse(["--test", "clock", "--screenshot", "2:"]) })
                == "--screenshot takes SECONDS:FILE, e.g. 2.5:shot.xwd; got '2:'.")
        #expect(
            try Administer.parse(["--test", "clock", "--screenshot", "3:b.xwd", "--screenshot", "0.5:a.xwd"]).screenshot
                .count == 2)
    }

    @Test("A relative maze file is journaled as an absolute path")
    func absolute() throws {
        let record = try Record.parse(["--test", "maze", "--maze", "mazes/detour.maze"])
        let expected = (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(
            "mazes/detour.maze")
        #expect(record.session.journaledTest() == .maze(mazeFile: expected))
    }

    private func catchError(_ body: () throws -> Void) -> any Error {
        do { try body() } catch { return error }
        return CancellationError()
    }
}
