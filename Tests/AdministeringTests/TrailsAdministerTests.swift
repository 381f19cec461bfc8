import ADF
import Administering
import FileLocations
import Foundation
import LinuxInput
import Recordings
import Sessions
import StylusGeometry
import Synthesis
import Testing

extension OffscreenWindow {
    /// `administer --test trails --feed` in-process (docs/trails-proctoring.md, "In the sessions"):
    /// each part's instructions shown and spoken, its time started at their end ("Ready, go") and
    /// journaled so `recover` starts it at the same instant; and a feed that ends with a part
    /// under way ends the session as `replay` of that recording ends.
    @Suite("administer --test trails")
    struct TrailsAdministerTests {
        /// Time limits short enough that a session waiting for them would show it within seconds.
        static let shortLimits = """
            schema: 3
            trails:
              discontinue-after-a: 4 s
              discontinue-after-b: 4 s
              discontinue-after-sample: 4 s
            """

        /// The scenario `lines` of the standard form synthesized on the Cintiq 13HD, as an evemu feed in `directory`.
        static func feed(_ lines: [String], in directory: String) throws -> String {
            let path = directory + "/feed.scenario"
            try (["trails: standard", "speed: 8 cm/s"] + lines).joined(separator: "\n").appending("\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
            let header = try RecordingReader(path: Fixture.path(Fixture.cintiq), descriptionPath: nil).header
            let profile = try Fixture.lookup.tabletProfile(for: header.device, file: nil)?.profile
            let synthesis = try ScenarioSynthesis(path: path)
            let events = try synthesis.events(device: header.device, profile: profile, seed: 1)
            let feed = directory + "/feed.evemu"
            try synthesis.writeRecording(events, device: header.device, seed: 1, to: feed, force: true)
            return feed
        }

        static func administer(feed: String, settings: String?, into directory: String) throws
            -> WindowedLiveSessionOutcome
        {
            OffscreenWindow.useOffscreenDriver()
            var request = AdministerRequest(
                test: .trails(form: "standard", layouts: []), pen: .feed(path: feed, speed: 1), directory: directory)
            request.offscreen = true
            if let settings {
                let file = directory + "/settings.yaml"
                try settings.write(toFile: file, atomically: true, encoding: .utf8)
                request.settingsFile = file
            }
            return try WindowedLiveSession.run(request, note: { _ in })
        }

        static func lines(_ kind: String, in journal: String) throws -> [String] {
            try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("# StylusKit control: \(kind)") }
        }

        static func trails(_ session: WindowedLiveSessionOutcome) throws -> TrailsResult {
            guard case .trails(let result) = session.result else { throw CocoaError(.featureUnsupported) }
            return result
        }

        @Test(
            "Each part waits for its instructions' end: journaled (waits-for-ready, a ready line), and recover rebuilds the file byte for byte"
        )
        func readyJournaledAndRecovered() throws {
            let scratch = try Scratch()
            // Sample A drawn 3 s after its page came up (its instructions are over by then: not
            // spoken here, SDL's dummy audio plays to no one), then part A's page; the feed ends there.
            let feed = try Self.feed(
                ["pause: 3 s", "down: sampleA:1"] + (2...8).map { "move: sampleA:\($0)" } + ["up", "pause: 1.5 s"],
                in: scratch.path)
            let session = try Self.administer(feed: feed, settings: nil, into: scratch.path)
            #expect(try Self.lines("waits-for-ready", in: session.journal).count == 1)
            let readies = try Self.lines("ready ", in: session.journal)
            #expect(readies.first?.hasSuffix(" step=trailsStep-sampleA") == true, "\(readies)")
            let sampleA = try Self.trails(session).steps[0]
            #expect(sampleA.outcome == "finished")
            #expect(sampleA.circlesConnected == 8)
            #expect(sampleA.refusedStrokes == 0)
            // Its time ran from the ready line's instant, not from the step's start (3 s earlier at least).
            let document = try ADFReader.read(path: session.results).document
            let trail = try #require(document.steps[0].trail)
            let completion = try #require(sampleA.completionSeconds)
            let fromStepStart =
                try #require(trail.arrivals.last?.unixMilliseconds)
                - document.steps[0].start
                .unixMilliseconds
            #expect(completion < fromStepStart / 1000)

            let recovered = try JournalRecovery(
                path: session.journal, lookup: Fixture.lookup, facts: LibwacomDatabase.installedFacts
            )
            .rebuild(directory: scratch.path + "/recovered", force: false)
            let live = try #require(FileManager.default.contents(atPath: session.results))
            #expect(FileManager.default.contents(atPath: recovered.result.output) == live)
        }

        @Test(
            "A feed that ends mid-part ends the session as replay does: the part skipped with its circles, not discontinued at its time limit"
        )
        func feedEndingMidPart() throws {
            let scratch = try Scratch()
            let feed = try Self.feed(
                ["pause: 3 s", "down: sampleA:1", "move: sampleA:2", "move: sampleA:3", "up", "pause: 0.2 s"],
                in: scratch.path)
            let began = Date()
            let session = try Self.administer(feed: feed, settings: Self.shortLimits, into: scratch.path)
            let steps = try Self.trails(session).steps
            #expect(steps.map(\.outcome) == ["skipped", "skipped", "skipped", "skipped"])
            #expect(steps[0].circlesConnected == 3)
            let document = try ADFReader.read(path: session.results).document
            #expect(document.steps[0].end.outcome != .timeLimit)
            // Ended about the feed's linger after its last event, not after the four 4 s limits.
            #expect(Date().timeIntervalSince(began) < 12)
            let recovered = try JournalRecovery(
                path: session.journal, lookup: Fixture.lookup, facts: LibwacomDatabase.installedFacts
            )
            .rebuild(directory: scratch.path + "/recovered", force: false)
            let live = try #require(FileManager.default.contents(atPath: session.results))
            #expect(FileManager.default.contents(atPath: recovered.result.output) == live)
        }
    }
}
