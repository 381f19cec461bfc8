import FileLocations
import Foundation
import LinuxInput
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import Synthesis
import Testing

@testable import Reports

/// `record`'s status line, written into a string instead of a terminal.
@Suite("record's live status line")
struct LiveStatusLineTests {
    final class Screen {
        var writes: [String] = []
    }

    @Test(
        "Drawn in place at most four times a second with the last decision, cleared once, and nothing when not a terminal"
    )
    func redrawsAndClears() {
        let screen = Screen()
        let status = LiveStatusLine(enabled: true) { screen.writes.append($0) }
        let start = EventTime(microseconds: 1_000_000)
        status.refresh(now: start)
        #expect(screen.writes == ["\r\u{1B}[K    0 samples/s  pressure 0.00  out of range  last: -"])
        status.decision("stroke 1 recorded")
        status.refresh(now: start.advanced(by: .milliseconds(100)))
        #expect(screen.writes.count == 1)
        status.refresh(now: start.advanced(by: .milliseconds(250)))
        #expect(screen.writes.last?.hasSuffix("last: stroke 1 recorded") == true)
        status.clear()
        status.clear()
        #expect(
            screen.writes.suffix(2) == [
                "\r\u{1B}[K    0 samples/s  pressure 0.00  out of range  last: stroke 1 recorded", "\r\u{1B}[K",
            ])
        let silent = Screen()
        let off = LiveStatusLine(enabled: false) { silent.writes.append($0) }
        off.refresh(now: start)
        off.clear()
        #expect(silent.writes.isEmpty)
    }

    @Test(
        "Following a driver: a maze's decisions are said, a clock's strokes are not, and the line is cleared before each"
    )
    func followsADriver() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        func fixture(_ relative: String) -> String { root.appendingPathComponent(relative).path }
        let header = try RecordingReader(
            path: fixture("Fixtures/recordings/real/Wacom-Cintiq-13HD-touch-Pen.events"), descriptionPath: nil
        )
        .header
        let lookup = CalibrationLookup(projectDirectory: root.path, environment: ["HOME": "/nonexistent"])
        let cases: [(JournaledTest, String, saysStrokes: Bool)] = [
            (.clock, "clock.scenario", false),
            (.maze(mazeFile: fixture("Fixtures/synth/detour.maze")), "wall-cross-0.6s.scenario", true),
        ]
        for (test, scenario, saysStrokes) in cases {
            let sources = try SessionMaterials.live(
                test: test, device: header.device, settingsFile: nil, profileFile: nil, displayProfile: nil,
                lookup: lookup, facts: LibwacomDatabase.installedFacts, note: { _ in })
            let setup = try SessionDriverSetup(
                test: test, device: header.device, profile: sources.tabletProfile, results: sources.results,
                settings: sources.settings,
                mazes: sources.mazes)
            let events = try ScenarioSynthesis(path: fixture("Fixtures/synth/" + scenario)).events(
                device: header.device, profile: sources.tabletProfile?.profile, seed: 1)
            let (first, last) = (try #require(events.first?.time), try #require(events.last?.time))
            let driver = try setup.driver(
                device: header.device, anchor: WallClockAnchor(firstEventTime: first, startTimeMilliseconds: 0),
                recorder: ResultsInMemory(variant: test.variant, label: scenario))

            let screen = Screen()
            let status = LiveStatusLine(enabled: true) { screen.writes.append($0) }
            var said: [String] = []
            var clearedFirst = true
            status.follow(
                driver,
                say: { words in
                    clearedFirst = clearedFirst && screen.writes.last == "\r\u{1B}[K"
                    said.append(words)
                    // Shown again, so the next decision must clear it again.
                    status.refresh(now: EventTime(microseconds: Int64(said.count) * 1_000_000))
                })
            status.refresh(now: first)
            var remaining = events.makeIterator()
            _ = try driver.run(
                from: first, events: { remaining.next() }, end: last,
                environment: setup.environment(header: header, penID: nil),
                display: setup.display)
            #expect(!said.isEmpty, "\(scenario): no decision was said")
            #expect(said.contains { $0.hasPrefix("stroke ") } == saysStrokes, "\(scenario): \(said)")
            #expect(clearedFirst, "\(scenario): a decision was said over the status line")
            #expect(screen.writes.contains { $0.contains("samples/s") })
        }
    }
}
