import Foundation
import Sessions
import Testing
import Visits

@Suite struct VisitManifestTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func manifest() throws -> VisitManifest {
        let visit = VisitProtocol(
            name: "standard",
            tests: [ProtocolTest(test: .clock), ProtocolTest(test: .maze, mazes: .battery("b")), ProtocolTest(test: .sdt)])
        return VisitManifest.begin(
            participant: "P-0042", protocol: visit,
            facts: .init(name: "standard", title: "standard", schema: 1, file: "protocol.yaml", source: "p.yaml", sha256: "ab"),
            software: .init(version: "0.1.0"), calibration: .init(), at: start)
    }

    @Test func aVisitGoesFromTestToTestUntilComplete() throws {
        var manifest = try Self.manifest()
        #expect(manifest.next == 0)
        manifest.start(0, at: Self.start, journal: "clock-1.evemu", results: "clock-1.csk")
        #expect(manifest.next == 1)
        #expect(manifest.interrupted == 0)
        manifest.finish(0, at: Self.start + 60, outcome: "finished", checksums: .init(journal: "j", results: "r"))
        #expect(manifest.interrupted == nil)
        manifest.skip(1, at: Self.start + 70, reason: "tremor")
        #expect(manifest.status == .inProgress)
        #expect(manifest.next == 2)
        manifest.start(2, at: Self.start + 80, journal: "sdt-1.evemu", results: "sdt-1.ssk")
        manifest.finish(2, at: Self.start + 200, outcome: "finished", checksums: .init(journal: "j", results: "r"))
        #expect(manifest.status == .complete)
        #expect(manifest.finished == "2026-11-18T11:10:00Z")
        #expect(manifest.next == nil)
        #expect(manifest.counts == (2, 1, 3))
        #expect(manifest.tests[1].skipReason == "tremor")
    }

    @Test func anAbortedVisitHasNoNextTest() throws {
        var manifest = try Self.manifest()
        manifest.start(0, at: Self.start, journal: "j", results: "r")
        manifest.abort(during: 0, at: Self.start + 5)
        #expect(manifest.status == .aborted)
        #expect(manifest.tests[0].status == .aborted)
        #expect(manifest.next == nil)
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

    @Test func aNewerOrForeignManifestIsRefused() throws {
        var manifest = try Self.manifest()
        manifest.schema = 2
        #expect(throws: VisitError.newerManifest(file: "v.json", schema: 2)) {
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
        #expect(try VisitFolder.latestInProgress(root: root, participant: "P-0042")?.0 == folder)
        #expect(try VisitFolder.latestInProgress(root: root, participant: "P-0043") == nil)
        manifest.abort(during: nil, at: Self.start)
        try folder.write(manifest)
        #expect(try VisitFolder.latestInProgress(root: root, participant: "P-0042") == nil)
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
        #expect(VisitFolder.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

@Suite struct VisitMazesTests {
    /// Without a journal, a maze test's mazes are the protocol copy's, its paths taken from where the protocol was given.
    @Test func aMazeTestsMazesComeFromTheProtocolWhereItWasGiven() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("visit-mazes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let protocols = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/protocols")
            .standardized.path
        let given = protocols + "/short.yaml"
        let written = try VisitProtocol(yaml: String(contentsOfFile: given, encoding: .utf8), source: given)
        let folder = try VisitFolder.create(root: root, participant: "P-1", started: Date(timeIntervalSince1970: 0))
        let sha = try folder.copyProtocol(bytes: Data(contentsOf: URL(fileURLWithPath: given)))
        var manifest = VisitManifest.begin(
            participant: "P-1", protocol: written,
            facts: .init(name: written.name, title: written.title, schema: 1, file: "protocol.yaml", source: given, sha256: sha),
            software: .init(version: "0"), calibration: .init(), at: Date(timeIntervalSince1970: 0))
        #expect(folder.mazes(ofTestAt: 0, in: manifest) == nil)  // the clock has no mazes
        #expect(folder.mazes(ofTestAt: 1, in: manifest)?.count == 1)
        manifest.protocol.source = root + "/elsewhere/short.yaml"
        #expect(folder.mazes(ofTestAt: 1, in: manifest) == nil)
    }
}
