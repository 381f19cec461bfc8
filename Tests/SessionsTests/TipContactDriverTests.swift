import Proctoring
import Recordings
import StylusGeometry
import StylusInput
import Testing

@testable import Sessions

/// A tablet profile's `tip_threshold` reaches every test's frame assembly (issue 33): the drivers
/// `record`, `recover` and `replay` set up (`SessionDriverSetup`) decide tip contact by it.
@Suite("Tip threshold in the sessions' drivers")
struct TipContactDriverTests {
    func assemblerRule(_ test: JournaledTest, tipThreshold: Int32?) throws -> TipContactThreshold? {
        let device = try RecordingReader(path: Fixture.path(Fixture.cintiq), descriptionPath: nil).header.device
        let sources = try SessionMaterials.live(
            test: test, device: device, settingsFile: nil, profileFile: nil, displayProfile: nil,
            lookup: Fixture.lookup, facts: Fixture.facts, note: { _ in })
        var profile =
            sources.tabletProfile?.profile ?? TabletProfile(source: "t.yaml", match: DeviceMatch(vendor: 0x056a))
        profile.pressure.minimum = 10
        profile.pressure.tipThreshold = tipThreshold
        let setup = try SessionDriverSetup(
            test: test, device: device, profile: ProfileMatch(profile: profile), results: sources.results,
            settings: sources.settings, mazes: sources.mazes)
        let driver = try setup.driver(
            device: device, anchor: WallClockAnchor(offsetMicroseconds: 0),
            recorder: ResultsInMemory(variant: test.variant, label: "tip"))
        return try #require(driver as? any PlannedDriver).assembler.tipContact
    }

    @Test(arguments: ["clock", "maze", "sdt"])
    func theProfilesThresholdDecidesContact(_ name: String) throws {
        let test: JournaledTest =
            switch name {
            case "clock": .clock
            case "maze": .maze(mazeFile: Fixture.path("Fixtures/mazes/no-choice.maze"))
            default: .sdt
            }
        #expect(try assemblerRule(test, tipThreshold: 40) == TipContactThreshold(units: 40, restingPressure: 10))
        // A profile without the key keeps libinput's 5 % / 1 %.
        #expect(try assemblerRule(test, tipThreshold: nil) == nil)
    }
}
