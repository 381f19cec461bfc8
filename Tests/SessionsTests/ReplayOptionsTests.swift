import Sessions
import TestMaterials
import Testing

/// The checks of a replay's options before any recording is read, which `replay` and `features`
/// print as usage errors and `record` and `administer` share for the maze options.
@Suite("A replay's options")
struct ReplayOptionsTests {
    /// The message `checkOptions` refuses with, or nil when it accepts the options.
    func refusal(
        test: TestKind?, stepSplit: String = "longest-pause", startTime: Int64? = nil, maze: String? = nil,
        battery: String? = nil
    )
        -> String?
    {
        do {
            try RecordingReplay.checkOptions(
                test: test, stepSplit: stepSplit, startTime: startTime, maze: maze, battery: battery)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("Accepted: each test's own step split, a start time, the maze test with one maze source")
    func accepted() {
        #expect(refusal(test: .clock, stepSplit: "12.5", startTime: 1_700_000_000_000) == nil)
        #expect(refusal(test: .sdt, stepSplit: "60,120") == nil)
        #expect(refusal(test: .maze, maze: "m.maze") == nil)
        #expect(refusal(test: nil, stepSplit: "bogus", maze: "m.maze") == nil)
    }

    @Test("Refused in words that say what to give instead")
    func refused() {
        #expect(
            refusal(test: .clock, stepSplit: "bogus")
                == "'bogus' is not a step-split rule. Use 'longest-pause', 'none', or a number of seconds after the first event (e.g. 12.5)."
        )
        #expect(
            refusal(test: .clock, startTime: -5)
                == "--start-time -5 is not a Unix time in milliseconds between 0 and 253402300799999 (year 9999); "
                + "give the time the recording started, e.g. 1700000000000.")
        #expect(
            refusal(test: .maze, maze: "a", battery: "b")
                == "--test maze needs exactly one of --maze FILE or --battery FILE.")
        #expect(refusal(test: .maze) == "--test maze needs exactly one of --maze FILE or --battery FILE.")
        #expect(
            refusal(test: nil, maze: "a", battery: "b")
                == "--test maze needs exactly one of --maze FILE or --battery FILE.")
        #expect(
            refusal(test: .sdt, battery: "b")
                == "--maze and --battery belong to --test maze; leave them out for --test sdt.")
    }
}
