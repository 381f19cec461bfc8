import Foundation
import Sessions
import TestMaterials
import Testing

@testable import Visits

@Suite struct VisitManifestTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func manifest() throws -> VisitManifest {
        let visit = VisitProtocol(
            name: "standard",
            tests: [
                ProtocolTest(test: .clock), ProtocolTest(test: .maze, mazes: .battery("b")), ProtocolTest(test: .sdt),
            ])
        return VisitManifest.begin(
            participant: "P-0042", protocol: visit,
            facts: .init(
                name: "standard", title: "standard", schema: 1, file: "protocol.yaml", source: "p.yaml", sha256: "ab"),
            software: .init(version: "0.1.0"), calibration: .init(), at: start)
    }

    @Test func aVisitGoesFromTestToTestUntilComplete() throws {
        var visit = VisitLifeCycle(new: try Self.manifest())
        #expect(visit.step == .administer(0))
        #expect(
            try visit.apply(.open(0, journal: "clock-1.evemu", results: "clock-1.csk"), at: Self.start + 30) == .write)
        #expect(visit.step == .recover(0))
        // The visit starts with its first test, not with the command.
        #expect(visit.manifest.started == "2026-11-18T11:07:10Z")
        _ = try visit.apply(
            .end(0, endedBy: .finished, checksums: .init(journal: "j", results: "r")), at: Self.start + 60)
        _ = try visit.apply(.skip(1, reason: "tremor"), at: Self.start + 70)
        #expect(visit.state == .inProgress)
        #expect(visit.step == .administer(2))
        _ = try visit.apply(.open(2, journal: "sdt-1.evemu", results: "sdt-1.ssk"), at: Self.start + 80)
        _ = try visit.apply(
            .end(2, endedBy: .movedOn, checksums: .init(journal: "j", results: "r")), at: Self.start + 200)
        #expect(visit.state == .complete && visit.manifest.status == .complete)
        #expect(visit.manifest.finished == "2026-11-18T11:10:00Z")
        #expect(visit.step == .over)
        #expect(visit.manifest.counts == (2, 1, 3))
        #expect(visit.manifest.tests[1].skipReason == "tremor")
        #expect(visit.manifest.tests[2].outcome == "moved-on")
    }

    @Test func anAbortedVisitHasNoNextTestUntilResumed() throws {
        var visit = VisitLifeCycle(new: try Self.manifest())
        _ = try visit.apply(.open(0, journal: "j", results: "r"), at: Self.start)
        _ = try visit.apply(.abortDuring(0), at: Self.start + 5)
        #expect(visit.manifest.status == .aborted)
        #expect(visit.manifest.tests[0].status == .aborted)
        #expect(visit.step == .over)
        #expect(VisitLifeCycle.rerun(visit.manifest) == .resume)
        _ = try visit.apply(.resume, at: Self.start + 60)
        #expect(visit.step == .administer(1) && visit.manifest.finished == nil)
    }

    /// A schema-1 manifest is read in schema 2's words: a test `done` with the outcome `stopped` was stopped.
    @Test func aSchema1ManifestIsReadWithItsStoppedTestsStopped() throws {
        var visit = VisitLifeCycle(new: try Self.manifest())
        for position in 0..<3 {
            _ = try visit.apply(
                .open(position, journal: "j\(position)", results: "r\(position)"), at: Self.start + Double(position))
            _ = try visit.apply(
                .end(position, endedBy: .finished, checksums: .init(journal: nil, results: nil)),
                at: Self.start + Double(position) + 0.5)
        }
        var old = visit.manifest
        old.schema = 1
        old.tests[2].outcome = "stopped"
        let read = try VisitManifest(data: try old.jsonData(), source: "v.json")
        #expect(read.schema == 2)
        #expect(read.tests.map(\.status) == [.done, .done, .stopped])
        #expect(read.status == .stopped)
        old.tests[2].outcome = "finished"
        #expect(try VisitManifest(data: try old.jsonData(), source: "v.json").status == .complete)
    }

    @Test func everyKeyIsWrittenAndReadBack() throws {
        let manifest = try Self.manifest()
        let text = String(decoding: try manifest.jsonData(), as: UTF8.self)
        for key in [
            "\"finished\" : null", "\"device\" : null", "\"skipReason\" : null", "\"tabletProfile\" : null",
            "\"format\" : \"styluskit-visit\"",
        ] {
            #expect(text.contains(key), "\(key)")
        }
        #expect(text.hasSuffix("}\n"))
        #expect(try VisitManifest(data: Data(text.utf8), source: "v") == manifest)
    }

    @Test("A tablet libwacom does not know: its model is written as null and read back as nil (NullWhenNil)")
    func anUnknownModelIsWrittenAsNull() throws {
        var manifest = try Self.manifest()
        manifest.device = .init(
            node: "/dev/input/event7", name: "Pen", vendor: "0x056a", product: "0x00b9", model: nil, penDisplay: false)
        let text = String(decoding: try manifest.jsonData(), as: UTF8.self)
        #expect(
            text.contains(
                "\"device\" : {\n    \"model\" : null,\n    \"name\" : \"Pen\",\n    \"node\" : \"/dev/input/event7\",\n"
                    + "    \"penDisplay\" : false,\n    \"product\" : \"0x00b9\",\n    \"vendor\" : \"0x056a\"\n  },"))
        #expect(try VisitManifest(data: Data(text.utf8), source: "v") == manifest)
        let withoutModel = text.replacingOccurrences(of: "\"model\" : null,", with: "")
        #expect(try VisitManifest(data: Data(withoutModel.utf8), source: "v").device?.model == nil)
    }

    @Test("The fuzz corpus's complete manifest is read and written back byte for byte (every key, nulls kept)")
    func aCompleteManifestIsWrittenBackAsRead() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Fixtures/fuzz-corpus/manifest/seed-complete.json"
        ).standardized.path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let manifest = try VisitManifest(data: bytes, source: path)
        #expect(String(decoding: try manifest.jsonData(), as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    }

    @Test func aNewerOrForeignManifestIsRefused() throws {
        var manifest = try Self.manifest()
        manifest.schema = 3
        #expect(throws: VisitError.newerManifest(file: "v.json", schema: 3)) {
            try VisitManifest(data: try manifest.jsonData(), source: "v.json")
        }
        #expect(throws: VisitError.notAManifest(file: "v.json", detail: "the key 'participant' is missing")) {
            try VisitManifest(data: Data(#"{"format":"styluskit-visit","schema":1}"#.utf8), source: "v.json")
        }
    }

    @Test func aFolderIsWrittenDurablyAndFoundToResume() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("visits-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = try VisitFolder.create(root: root, participant: "P-0042", started: Self.start)
        #expect(folder.path.hasSuffix("/P-0042/20261118T110640Z"))
        var manifest = try Self.manifest()
        try folder.write(manifest)
        #expect(try VisitFolder.latest(root: root, participant: "P-0042")?.0 == folder)
        #expect(try VisitFolder.latest(root: root, participant: "P-0043") == nil)
        manifest.status = .aborted
        try folder.write(manifest)
        #expect(try VisitFolder.latest(root: root, participant: "P-0042")?.1.status == .aborted)
        #expect(VisitFolder.all(under: root) == [folder])
        // Written through a temporary file that is renamed: nothing else is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["visit.json"])
        let again = try VisitFolder.create(root: root, participant: "P-0042", started: Self.start)
        #expect(again.path == folder.path + "-2")
    }

    @Test(arguments: ["", ".hidden", "Jane Doe", "a/b", String(repeating: "x", count: 65), "Zoë"])
    func participantIdsThatAreNotPseudonymsAreRefused(id: String) {
        #expect(throws: VisitError.invalidParticipant(id)) { try VisitFolder.check(participant: id) }
    }

    @Test func sha256IsTheStandardDigest() {
        #expect(
            VisitFolder.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

@Suite struct VisitMazesTests {
    /// Without a journal, a maze test's mazes are the protocol copy's, its paths taken from where the protocol was
    /// given.
    @Test func aMazeTestsMazesComeFromTheProtocolWhereItWasGiven() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("visit-mazes-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let protocols = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Fixtures/protocols"
        )
        .standardized.path
        let given = protocols + "/short.yaml"
        let written = try VisitProtocol(yaml: String(contentsOfFile: given, encoding: .utf8), source: given)
        let folder = try VisitFolder.create(root: root, participant: "P-1", started: Date(timeIntervalSince1970: 0))
        let sha = try folder.copyProtocol(bytes: Data(contentsOf: URL(fileURLWithPath: given)))
        var manifest = VisitManifest.begin(
            participant: "P-1", protocol: written,
            facts: .init(
                name: written.name, title: written.title, schema: 1, file: "protocol.yaml", source: given, sha256: sha),
            software: .init(version: "0"), calibration: .init(), at: Date(timeIntervalSince1970: 0))
        #expect(folder.mazes(ofTestAt: 0, in: manifest) == nil)  // the clock has no mazes
        #expect(folder.mazes(ofTestAt: 1, in: manifest)?.count == 1)
        manifest.protocol.source = root + "/elsewhere/short.yaml"
        #expect(folder.mazes(ofTestAt: 1, in: manifest) == nil)
    }
}
