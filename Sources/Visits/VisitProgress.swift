public import Foundation
import Recordings
import TestMaterials

/// A new visit's manifest; its state changes from then on are `VisitLifeCycle`'s alone.
extension VisitManifest {
    /// A new visit's manifest: every test of `protocol` pending. `started` is a placeholder until
    /// the first test opens its journal (`VisitLifeCycle`).
    public static func begin(
        participant: String, protocol: VisitProtocol, facts: ProtocolFacts, software: Software,
        calibration: Calibration,
        at started: Date
    ) -> VisitManifest {
        VisitManifest(
            participant: participant, started: VisitFolder.isoTime(started), software: software, protocol: facts,
            calibration: calibration,
            tests: `protocol`.tests.enumerated().map { position, test in
                var entry = Test(index: position + 1, test: test.test.rawValue)
                // A trail making test's form by name; the layout files' hashes are the runner's (it reads them).
                if test.test == .trails { entry.form = test.trailsForm ?? JournaledTest.standardTrailsForm }
                return entry
            })
    }
}
