import Exports
import Foundation
import TestSupport
import Testing
import VisitReport
import Visits

/// The visit folder as a trust boundary, a lock on it, and the REDCap set as one unit (issue 34, items 1 and 3).
@Suite("Visit folders as a trust boundary", .serialized)
struct TrustBoundaryTests {
    /// A scene of its own: the copies made here (some deliberately broken) must never be seen by
    /// ExportsTests' exports of their shared scene, which run at the same time.
    static let scene = Result { try VisitScene() }

    func scene() throws -> VisitScene { try Self.scene.get() }

    /// A copy of the complete visit whose manifest `change` edits; removed by the caller.
    func copy(_ change: (inout VisitManifest, VisitFolder) throws -> Void) throws -> VisitFolder {
        let scene = try scene()
        let path = scene.root + "/P-0042/copy-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: scene.complete.path, toPath: path)
        let folder = try VisitFolder(existing: path)
        var manifest = try folder.readManifest()
        try change(&manifest, folder)
        try folder.write(manifest)
        return folder
    }

    @Test("A results name leading out of the folder ('..', a path) is refused by every reader, never read")
    func pathsOutOfTheFolder() throws {
        let scene = try scene()
        let other = try VisitFolder(existing: scene.aborted.path).readManifest().tests[0].results!
        for name in ["../" + (scene.aborted.path as NSString).lastPathComponent + "/" + other, "/etc/passwd", ".."] {
            let folder = try copy { manifest, _ in manifest.tests[0].results = name }
            defer { try? FileManager.default.removeItem(atPath: folder.path) }
            let refusal = VisitError.fileOutsideFolder(folder: folder.path, name: name)
            #expect(throws: refusal) { try folder.readManifest() }
            #expect(throws: ExportError.unreadableVisit(path: folder.path, reason: refusal.description)) {
                try VisitRecord.readAll([folder.path])
            }
            #expect(throws: refusal) {
                try VisitReportContent.read(folder: folder.path, ranges: nil, clinician: nil)
            }
        }
    }

    @Test("A results file swapped for a symbolic link (to another participant's file) is refused")
    func symbolicLinks() throws {
        let scene = try scene()
        let folder = try copy { _, _ in }
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let name = try folder.readManifest().tests[0].results!
        let target = try scene.aborted.file(VisitFolder(existing: scene.aborted.path).readManifest().tests[0].results!)
        try FileManager.default.removeItem(atPath: folder.file(name))
        try FileManager.default.createSymbolicLink(atPath: folder.file(name), withDestinationPath: target)
        #expect(throws: VisitError.fileOutsideFolder(folder: folder.path, name: name)) {
            try VisitReportContent.read(folder: folder.path, ranges: nil, clinician: nil)
        }
    }

    @Test(
        "The report checks each results file's SHA-256, as the export does: a changed file is refused"
    )
    func checksums() throws {
        let changed = try copy { manifest, folder in
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file(manifest.tests[0].results!)))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\n".utf8))
            try handle.close()
        }
        defer { try? FileManager.default.removeItem(atPath: changed.path) }
        let name = try changed.readManifest().tests[0].results!
        #expect(throws: VisitError.changedFile(folder: changed.path, name: name)) {
            try VisitReportContent.read(folder: changed.path, ranges: nil, clinician: nil)
        }
    }

    @Test("Two visits begun in the same second get two folders; a locked visit folder refuses a second run")
    func locks() throws {
        let root = try scene().root + "/locks-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let (first, firstLock) = try VisitFolder.makeNew(root: root, participant: "P-7", started: start)
        let (second, secondLock) = try VisitFolder.makeNew(root: root, participant: "P-7", started: start)
        #expect(first.path != second.path)
        #expect(throws: VisitError.visitInUse(folder: first.path)) { try first.lock() }
        _ = (firstLock, secondLock)
    }

    @Test(
        "export redcap --force on a disk that fills after the first file: an error, and the old set whole (not a mix)",
        .enabled(if: FullDisk.mountable))
    func redcapSetOnAFullDisk() throws {
        let records = try VisitRecord.readAll([try scene().root])
        let old = try REDCapExport(records: records)
        let disk = try FullDisk(kilobytes: 512)
        let paths = try old.write(to: disk.path, force: false)
        let before = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let new = try REDCapExport(records: records, instrument: "styluskit_other", event: "baseline_arm_1")
        // Room for the new dictionary (the first file written) and no more.
        let dictionary = Data(new.dictionary.utf8).count
        disk.fill(leaving: (dictionary + 4095) / 4096 * 4096)
        #expect(new.dictionary != old.dictionary && new.importRecords != old.importRecords)
        #expect(throws: ExportError.self) { try new.write(to: disk.path, force: true) }
        #expect(try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        #expect(disk.names() == paths.map { ($0 as NSString).lastPathComponent }.sorted())
    }
}
