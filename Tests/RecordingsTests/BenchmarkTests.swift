import Foundation
import Recordings
import StylusInput
import Testing

/// Runs only when STYLUSKIT_BENCHMARK is set (use a release build: `swift test -c release`).
@Suite("Benchmark", .enabled(if: ProcessInfo.processInfo.environment["STYLUSKIT_BENCHMARK"] != nil))
struct BenchmarkTests {
    @Test("our evemu event parser is faster than libevemu's evemu_read_event")
    func fasterThanLibevemu() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/big.events"
        // The 22HDT recording's events, repeated to about a million events.
        let lines = try textLines(realDirectory + "/Wacom-Cintiq-22HDT-Pen.events").filter { $0.hasPrefix("E:") }
        let block = lines.joined(separator: "\n") + "\n"
        let repeats = 35
        try String(repeating: block, count: repeats).write(toFile: path, atomically: false, encoding: .utf8)
        let description = realDirectory + "/Wacom-Cintiq-22HDT-Pen.events"

        let reference = Libevemu.timeEventReading(path: path)
        let start = ContinuousClock.now
        let reader = try RecordingReader(path: path, descriptionPath: description)
        var count = 0
        while try reader.next() != nil { count += 1 }
        let ours = ContinuousClock.now - start
        let oursSeconds = Double(ours.components.seconds) + Double(ours.components.attoseconds) / 1e18
        print("events: \(count); libevemu \(reference.seconds) s, ours \(oursSeconds) s")
        #expect(count == 28518 * repeats)
        #expect(reference.events == count)
        #expect(oursSeconds < reference.seconds)
    }
}
