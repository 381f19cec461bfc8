import Foundation
import StylusInput
import Testing

@testable import Recordings

/// A name made or moved into a folder reaches the disk only when the folder is synced (fsync(2) of the file
/// flushes its bytes, not the entry that names it): without it a power cut can bring back an old visit.json or
/// lose a new journal's name (issue 34, item 7; integration/powercut/run.sh cuts the power for real).
@Suite("Folders synced after a rename or a creation")
struct FolderSyncTests {
    /// The paths each fsync was given, in order, read back from the descriptor.
    final class SyncedPaths: @unchecked Sendable {
        var paths: [String] = []

        var calls: SystemCalls {
            SystemCalls(
                write: SystemCalls.system.write,
                fsync: { fd in
                    self.paths.append(
                        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? "?")
                    return fsync(fd)
                })
        }
    }

    @Test("AtomicFileOutput: the file is synced, renamed over the old one, then its folder is synced")
    func atomicOutputSyncsFolder() throws {
        let directory = try TemporaryDirectory()
        let folder = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path
        let path = folder + "/visit.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let synced = SyncedPaths()
        let output = try AtomicFileOutput(path: path, overwrite: true, calls: synced.calls)
        try output.write("new")
        try output.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(synced.paths.count == 2)
        #expect(synced.paths.first?.hasPrefix(folder + "/.visit.json.tmp-") == true)
        #expect(synced.paths.last == folder, "the folder was not synced after the rename: \(synced.paths)")
    }

    @Test("Journal: created, its header synced, then its folder synced")
    func journalSyncsFolder() throws {
        let directory = try TemporaryDirectory()
        let folder = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path
        let synced = SyncedPaths()
        let header = RecordingHeader(
            format: .evemu(.current), kernel: "6.1.0", deviceNode: "/dev/input/event7",
            device: DeviceDescription(
                name: "Test Pen", id: InputID(bustype: 3, vendor: 0x56a, product: 0x4200, version: 1), properties: [],
                codes: [.synchronization: [], .key: [330], .absolute: [0, 1]],
                absInfo: [
                    0: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                    1: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                ]))
        let journal = try Journal(
            directory: folder, name: "clock-20261127T120000Z", header: header, now: EventTime(microseconds: 0),
            calls: synced.calls)
        #expect(journal.path == folder + "/clock-20261127T120000Z.evemu")
        #expect(synced.paths == [journal.path, folder], "the journal's folder was not synced: \(synced.paths)")
    }
}
