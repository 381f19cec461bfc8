public import Foundation
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
            tests: `protocol`.tests.enumerated().map { Test(index: $0.offset + 1, test: $0.element.test.rawValue) })
    }
}
