import FileLocations
import Foundation
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import Testing

/// The engine asks the tablet database it is given, never libwacom itself (issue 29, split stage 3):
/// whether a recording without `INPUT_PROP_DIRECT` is a pen display is the given facts' answer.
@Suite("Device facts given to the engine")
struct DeviceFactsTests {
    /// A stand-in database that knows every model as built into a display.
    struct EveryModelADisplay: DeviceFacts {
        func isIntegratedInDisplay(_ id: InputID) -> Bool { true }
    }

    /// The Cintiq 13HD's description without its `P:` line, as evemu 1.0 wrote recordings.
    static func cintiqWithoutProperties() throws -> DeviceDescription {
        var device = try RecordingReader(path: Fixture.path(Fixture.cintiq)).header.device
        device.properties = []
        return device
    }

    @Test("Without INPUT_PROP_DIRECT, a pen display is the facts' answer: its screen, or the reference canvas")
    func penDisplayFromTheFactsGiven() throws {
        let device = try Self.cintiqWithoutProperties()
        #expect(!ResultsEnvironment.isPenDisplay(device, facts: NoDeviceFacts()))
        #expect(ResultsEnvironment.isPenDisplay(device, facts: EveryModelADisplay()))
        let profile = try Fixture.lookup.tabletProfile(for: device, file: nil)
        var notes: [String] = []
        let known = try ResultsEnvironment(
            device: device, tabletProfile: profile, displayProfile: nil, lookup: Fixture.lookup,
            facts: EveryModelADisplay(), note: { notes.append($0) })
        #expect(known.displayProfile?.name == "wacom-cintiq-13hd")
        #expect(known.displaySource == .tabletProfile)
        let unknown = try ResultsEnvironment(
            device: device, tabletProfile: profile, displayProfile: nil, lookup: Fixture.lookup,
            facts: NoDeviceFacts(), note: { notes.append($0) })
        #expect(unknown.displayProfile == nil)
        #expect(unknown.displaySource == .reference)
        #expect(notes.isEmpty)
    }

    @Test("A device that says INPUT_PROP_DIRECT is a pen display whatever the facts")
    func directIsAPenDisplay() throws {
        let device = try RecordingReader(path: Fixture.path(Fixture.cintiq)).header.device
        #expect(ResultsEnvironment.isPenDisplay(device, facts: NoDeviceFacts()))
    }
}
