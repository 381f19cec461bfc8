import ADF
import Features
import FileLocations
import Foundation
import LinuxInput
import Measures
import Recordings
import Sessions
import StylusGeometry
import Synthesis
import TestMaterials
import Testing

/// `features`' trail making columns of one replayed fixture (Fixtures/synth/trails-b-errors: part A
/// with a pen-down halt and a lift between circles, part B with a sequence and a shift error)
/// against the same measures worked out here by hand from the results file, by the definitions of
/// docs/measures.md ("Trail making"), not by the Measures code.
@Suite("Trail making columns against a hand computation")
struct TrailColumnsByHandTests {
    /// One part's measures by hand, in the columns' units (s, mm, counts).
    struct Hand {
        var completion: Double?
        var circles: Int
        var sequenceErrors: Int
        var shiftErrors: Int
        var prompts: Int
        var inside = 0.0
        var between = 0.0
        var betweenLength = 0.0
        var pathLength = 0.0
        var lifts: Int
        var penUp = 0.0
        var pauses = 0
        var pauseTime = 0.0
        var straight = 0.0

        /// From a step of a `.tsk` document whose points per inch are `pointsPerInch`.
        init(_ step: ADFDocument.Step, pointsPerInch: Double) throws {
            let trail = try #require(step.trail)
            let mm = 25.4 / pointsPerInch
            let centres = trail.circles.map { (x: $0.x * mm, y: $0.y * mm) }
            // Inside a circle: within its 5 mm radius.
            func isInside(_ x: Double, _ y: Double) -> Bool { centres.contains { hypot(x - $0.x, y - $0.y) <= 5 } }
            // "Ready, go" is the step's start (no instructions spoken in a replay).
            completion =
                trail.outcome == .finished
                ? (trail.arrivals.last!.unixMilliseconds - step.start.unixMilliseconds) / 1_000 : nil
            circles = trail.arrivals.count
            shiftErrors = trail.errors.filter { $0.errorClass == .shift }.count
            sequenceErrors = trail.errors.filter { $0.errorClass == .sequence }.count
            prompts = trail.prompts.count
            let strokes = step.strokes.map {
                $0.points.map { (x: $0.x * mm, y: $0.y * mm, t: $0.unixMilliseconds / 1_000) }
            }
            .filter { !$0.isEmpty }
            for points in strokes {
                for index in points.indices.dropFirst() {
                    let (a, b) = (points[index - 1], points[index])
                    let length = hypot(b.x - a.x, b.y - a.y)
                    pathLength += length
                    // A sample interval is inside when its midpoint is.
                    if isInside((a.x + b.x) / 2, (a.y + b.y) / 2) {
                        inside += b.t - a.t
                    } else {
                        between += b.t - a.t
                        betweenLength += length
                    }
                }
                // Pen down and still: maximal runs of samples within 1 mm of the run's first, outside
                // every circle, longer than 1 s from the first sample to the run's last.
                var first = 0
                while first < points.count {
                    var last = first
                    while last + 1 < points.count,
                        hypot(points[last + 1].x - points[first].x, points[last + 1].y - points[first].y) <= 1
                    {
                        last += 1
                    }
                    let held = points[last].t - points[first].t
                    if held > 1, !isInside(points[first].x, points[first].y) {
                        pauses += 1
                        pauseTime += held
                    }
                    first = last + 1
                }
            }
            lifts = max(0, strokes.count - 1)
            for (before, after) in zip(strokes, strokes.dropFirst()) {
                let gap = after[0].t - before.last!.t
                penUp += gap
                // A lift over 1 s whose last sample is between circles is a pause.
                if gap > 1, !isInside(before.last!.x, before.last!.y) {
                    pauses += 1
                    pauseTime += gap
                }
            }
            for (a, b) in zip(centres.prefix(circles), centres.prefix(circles).dropFirst()) {
                straight += hypot(b.x - a.x, b.y - a.y)
            }
        }
    }

    /// True when `text` (a column, six significant digits) is `value`.
    static func matches(_ text: String?, _ value: Double?) -> Bool {
        guard let value else { return text == nil }
        guard let text, let number = Double(text) else { return false }
        return abs(number - value) <= 1e-5 * abs(value) + 1e-9
    }

    @Test("Each part's trail columns and the test's B − A, B / A and errors agree with a hand computation")
    func columnsByHand() throws {
        let scratch = try Scratch()
        let cintiq = Fixture.path("Fixtures/recordings/real/Wacom-Cintiq-13HD-touch-Pen.events")
        let header = try RecordingReader(path: cintiq, descriptionPath: nil).header
        let profile = try Fixture.lookup.tabletProfile(for: header.device, file: nil)?.profile
        let synthesis = try ScenarioSynthesis(path: Fixture.path("Fixtures/synth/trails-b-errors.scenario"))
        let recording = scratch.path + "/trails-b-errors.evemu"
        try synthesis.writeRecording(
            try synthesis.events(device: header.device, profile: profile, seed: 1), device: header.device, seed: 1,
            to: recording, force: true)
        var replay = RecordingReplay(recording: recording, test: .trails, facts: LibwacomDatabase.installedFacts)
        replay.lookup = Fixture.lookup
        replay.directory = scratch.path
        replay.startTime = 1_700_000_000_000
        let document = try ADFReader.read(path: try replay.run().result.output).document
        let rows = MeasureLevel.step.rows(of: FeaturesInk.test(of: document))
        try #require(rows.count == 4)
        var hands: [String: Hand] = [:]
        for (step, row) in zip(document.steps, rows) {
            let hand = try Hand(step, pointsPerInch: document.display.pointsPerInch)
            hands[step.identifier] = hand
            let label = step.identifier
            #expect(row["step"]?.text == label)
            #expect(Self.matches(row["trail_completion_time_s"]?.text, hand.completion), "\(label)")
            #expect(row["trail_circles_connected"]?.text == "\(hand.circles)", "\(label)")
            #expect(row["trail_sequence_errors"]?.text == "\(hand.sequenceErrors)", "\(label)")
            #expect(row["trail_shift_errors"]?.text == "\(hand.shiftErrors)", "\(label)")
            #expect(row["trail_prompts"]?.text == "\(hand.prompts)", "\(label)")
            #expect(Self.matches(row["trail_time_inside_circles_s"]?.text, hand.inside), "\(label)")
            #expect(Self.matches(row["trail_time_between_circles_s"]?.text, hand.between), "\(label)")
            #expect(row["trail_pen_lifts"]?.text == "\(hand.lifts)", "\(label)")
            #expect(Self.matches(row["trail_pen_up_time_s"]?.text, hand.penUp), "\(label)")
            #expect(row["trail_pauses_over_1_s"]?.text == "\(hand.pauses)", "\(label)")
            #expect(Self.matches(row["trail_pause_time_s"]?.text, hand.pauseTime), "\(label)")
            #expect(
                Self.matches(row["trail_mean_speed_between_circles_mm_s"]?.text, hand.betweenLength / hand.between),
                "\(label)")
            #expect(Self.matches(row["trail_straight_path_mm"]?.text, hand.straight), "\(label)")
            #expect(Self.matches(row["path_length_mm"]?.text, hand.pathLength), "\(label)")
            #expect(Self.matches(row["trail_path_ratio"]?.text, hand.pathLength / hand.straight), "\(label)")
        }
        // The fixture has what the columns measure: part A's halt and lift between circles, B's errors.
        let (a, b) = (try #require(hands["trailsStep-A"]), try #require(hands["trailsStep-B"]))
        #expect(a.lifts == 1 && a.pauses == 2 && a.penUp > 1)
        #expect(b.sequenceErrors == 1 && b.shiftErrors == 1)
        let (timeA, timeB) = (try #require(a.completion), try #require(b.completion))
        let test = MeasureLevel.test.rows(of: FeaturesInk.test(of: document))[0]
        #expect(Self.matches(test["trails_time_a_s"]?.text, timeA))
        #expect(Self.matches(test["trails_time_b_s"]?.text, timeB))
        #expect(Self.matches(test["trails_b_minus_a_s"]?.text, timeB - timeA))
        #expect(Self.matches(test["trails_b_over_a"]?.text, timeB / timeA))
        #expect(test["trails_errors_a"]?.text == "0")
        #expect(test["trails_errors_b"]?.text == "2")
        #expect(test["trails_shift_errors_b"]?.text == "1")
        #expect(test["trails_sequence_errors_b"]?.text == "1")
        #expect(test["trails_circles_connected_a"]?.text == "25")
        #expect(test["trails_circles_connected_b"]?.text == "25")
    }
}
