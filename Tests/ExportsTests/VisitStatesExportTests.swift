import Exports
import Foundation
import Testing
import Visits

/// A test stopped early is `stopped` in both exports, with REDCap's choices for it (issue 28, item 5).
@Suite("Visit states in the exports")
struct VisitStatesExportTests {
    /// The complete standard visit, its manifest rewritten as schema 1 wrote a visit whose maze test
    /// a signal stopped: the maze `done` with the outcome `stopped`, the visit `complete`.
    static func stoppedSchema1Visit(_ scene: VisitScene) throws -> VisitFolder {
        let folder = scene.complete
        var json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("visit.json"))))
            as! [String: Any]
        var tests = json["tests"] as! [[String: Any]]
        tests[1]["outcome"] = "stopped"
        json["tests"] = tests
        json["schema"] = 1
        let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .prettyPrinted])
        // Outside the scene's root, which the other export tests read whole.
        let root = NSTemporaryDirectory() + "styluskit-stopped-\(UUID().uuidString)"
        let copy = root + "/P-0042/" + (folder.path as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: root + "/P-0042", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.path, toPath: copy)
        try data.write(to: URL(fileURLWithPath: copy + "/visit.json"))
        return try VisitFolder(existing: copy)
    }

    @Test("A stopped test is not `done` in REDCap's status field nor in the plain CSV, and its outcome is coded")
    func stoppedIsStopped() throws {
        let scene = try ExportsTests.scene.get()
        let folder = try Self.stoppedSchema1Visit(scene)
        let records = try VisitRecord.readAll([folder.path])
        let fields = VisitFields(for: records)
        func field(_ name: String) throws -> VisitField { try #require(fields.fields.first { $0.name == name }) }
        let coded = fields.value(try field("maze_status"), of: records[0], recordID: "r", coded: true)
        let words = fields.value(try field("maze_status"), of: records[0], recordID: "r", coded: false)
        #expect(words == "stopped")
        #expect(try field("maze_status").choices.first { $0.code == coded }?.label == "stopped")
        // The symbol-digit test was skipped after the maze: the stop did not end the visit, which is complete.
        #expect(fields.value(try field("visit_status"), of: records[0], recordID: "r", coded: false) == "complete")
        let outcome = try field("maze_outcome")
        #expect(outcome.type == "dropdown")
        #expect(outcome.choices.map(\.label) == ["finished", "moved-on", "stopped", "recovered"])
        #expect(fields.value(outcome, of: records[0], recordID: "r", coded: true) == "3")
        #expect(fields.value(outcome, of: records[0], recordID: "r", coded: false) == "stopped")
    }

    @Test("REDCap's codes never change meaning: the statuses of the first release keep theirs, new ones come after")
    func codes() {
        #expect(VisitField.visitStatuses.map(\.rawValue) == ["in-progress", "complete", "aborted", "stopped"])
        #expect(
            VisitField.testStatuses.map(\.rawValue) == [
                "done", "incomplete", "skipped", "aborted", "pending", "running", "stopped",
            ])
        #expect(Set(VisitField.visitStatuses) == Set(VisitManifest.Status.allCases))
        #expect(Set(VisitField.testStatuses) == Set(VisitManifest.Test.Status.allCases))
    }
}
