import Foundation
import Testing

/// `kill -9` of a visit at the moments its manifest is written (issue 34 item 8; integration/kill9 runs the
/// seeded campaign): the SIGKILL lands just before a chosen rename(2), by strace's fault injection, and the
/// same command run again must leave one visit folder holding visit.json and the files it names, nothing else.
@Suite("kill -9 of a visit at its manifest writes")
struct VisitKillTests {
    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let recording = Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path
    static let participant = "P-0042"

    /// A one-test protocol (the clock) in `directory`: three renames, the protocol's copy, the manifest naming
    /// the running test, the manifest with the test done.
    static func protocolFile(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("clock.yaml").path
        let settings = Paths.fixtures.appendingPathComponent("settings/default.yaml").path
        try "schema: 1\nname: clock\nsettings: \(settings)\ntests:\n  - test: clock\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// `styluskit visit` of `protocolFile` into `out`, fed the recording in SDL's offscreen window; under strace
    /// killed just before its `rename`th rename when `rename` is given.
    static func visit(_ protocolFile: String, out: URL, killedBeforeRename rename: Int? = nil) throws
        -> ProcessResult
    {
        let calls = "rename,renameat,renameat2"
        let tracing =
            rename.map {
                [
                    Self.strace ?? "strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(calls)",
                    "-e", "inject=\(calls):signal=KILL:when=\($0)",
                ]
            } ?? []
        return try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["SDL_VIDEODRIVER=offscreen", "SDL_RENDER_DRIVER=software", "SDL_AUDIODRIVER=dummy"] + tracing + [
                Paths.styluskit.path, "visit", "--protocol", protocolFile, "--participant", participant, "--out",
                out.path, "--offscreen", "--feed", recording, "--feed-speed", "8",
            ], in: Paths.packageRoot)
    }

    @Test(
        "Killed just before each rename of a one-test visit (the protocol's copy, the manifest naming the test, the manifest of the test done), the rerun completes the visit in one folder holding only visit.json and the files it names",
        .enabled(if: strace != nil, "strace is not installed"), arguments: [1, 2, 3])
    func killedBeforeARename(rename: Int) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let protocolFile = try Self.protocolFile(in: directory)
        let out = directory.appendingPathComponent("visits")
        let killed = try Self.visit(protocolFile, out: out, killedBeforeRename: rename)
        #expect(killed.status == 137 || killed.status == 9, "not killed: \(killed.status) \(killed.standardError)")
        let rerun = try Self.visit(protocolFile, out: out)
        #expect(rerun.status == 0, "\(rerun.standardError)")
        let participant = out.appendingPathComponent(Self.participant)
        let folders = try FileManager.default.contentsOfDirectory(atPath: participant.path)
        try #require(folders.count == 1, "one visit, one folder: \(folders.sorted())")
        let folder = participant.appendingPathComponent(folders[0])
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("visit.json")))
                as? [String: Any])
        #expect(manifest["status"] as? String == "complete")
        let tests = try #require(manifest["tests"] as? [[String: Any]])
        let named = Set(
            ["visit.json", "protocol.yaml"]
                + tests.flatMap { [$0["journal"], $0["results"]] }
                .compactMap { $0 as? String })
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(present == named, "left in the folder: \(present.subtracting(named).sorted())")
    }
}
