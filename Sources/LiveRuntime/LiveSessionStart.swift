public import FileLocations
public import LinuxInput
public import Recordings
public import Sessions
public import StylusInput
import TestMaterials

/// What a live session on a tablet starts from, the same for `record`, `administer` and a visit's tests: the
/// journal's header as written and as read back (the session runs on the one read back, so
/// `recover` sees exactly what it saw), what the session is given (`SessionMaterials.live`) and
/// its setup. The display is chosen with this machine's tablet database (libwacom's, `facts`) unless
/// a caller gives another.
public struct LiveSessionStart {
    public let written: RecordingHeader
    public let header: RecordingHeader
    public let sources: SessionMaterials
    public let setup: SessionDriverSetup

    public init(
        test: JournaledTest, node: String, device: DeviceDescription, settingsFile: String?, profileFile: String?,
        displayProfile: String?, lookup: CalibrationLookup = CalibrationLookup(),
        facts: any DeviceFacts = LibwacomDatabase.installedFacts, note: (String) -> Void
    ) throws {
        (written, header) = try LiveSessionFiles.journalHeader(node: node, device: device)
        sources = try SessionMaterials.live(
            test: test, device: header.device, settingsFile: settingsFile, profileFile: profileFile,
            displayProfile: displayProfile,
            lookup: lookup, facts: facts, note: note)
        setup = try SessionDriverSetup(
            test: test, device: header.device, profile: sources.tabletProfile, results: sources.results,
            settings: sources.settings,
            mazes: sources.mazes, trailsForm: sources.trailsForm)
    }
}
