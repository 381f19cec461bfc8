import Foundation
import TestSupport
import Testing
import Visits

/// A visit folder as `styluskit visit` leaves it (that command is built elsewhere): the standard
/// protocol's copy, the clock and the maze battery replayed from real recordings by `styluskit
/// replay` into the folder, symbol-digit skipped with a reason holding a comma and a quote, and the
/// manifest written through the Visits API after each test.
enum VisitFixture {
    static let skipReason = #"tremor, "shaky" hand"#

    /// Makes the visit under `root` (`root/P-0042/20261118T110640Z`); returns its folder.
    static func make(root: String) throws -> VisitFolder {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let source = Paths.fixtures.appendingPathComponent("protocols/standard.yaml").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let parsed = try VisitProtocol(yaml: String(decoding: bytes, as: UTF8.self), source: source)
        let folder = try VisitFolder.create(root: root, participant: "P-0042", started: start)
        var manifest = VisitManifest.begin(
            participant: "P-0042", protocol: parsed,
            facts: .init(
                name: parsed.name, title: parsed.title, schema: 1, file: VisitFolder.protocolName, source: source,
                sha256: try folder.copyProtocol(bytes: bytes)),
            software: .init(version: "0.1.0-test"), calibration: .init(), at: start)
        let battery = Paths.fixtures.appendingPathComponent("mazes/standard.battery").path
        for (position, (kind, recording, extra)) in [
            ("clock", "Wacom-Cintiq-13HD-touch-Pen.events", [String]()),
            ("maze", "Wacom-Cintiq-22HDT-Pen.events", ["--battery", battery]),
        ].enumerated() {
            let at = start + Double(position) * 300
            let stem = "\(kind)-\(VisitFolder.stamp(at))"
            let results = stem + (kind == "clock" ? ".csk" : ".msk")
            manifest.start(position, at: at, journal: stem + ".evemu", results: results)
            try folder.write(manifest)
            // replay names the file after the recording; the visit's name is given by moving it.
            let scratch = folder.file(".replay")
            let replayed = try styluskit(
                [
                    "replay", Paths.realRecordings.appendingPathComponent(recording).path, "--test", kind, "--out",
                    scratch,
                ] + extra)
            try #require(replayed.status == 0, "\(replayed.standardError)")
            let made = try FileManager.default.contentsOfDirectory(atPath: scratch)
            try FileManager.default.moveItem(atPath: scratch + "/" + made[0], toPath: folder.file(results))
            try FileManager.default.removeItem(atPath: scratch)
            manifest.finish(
                position, at: at + 120, outcome: "finished",
                checksums: .init(journal: nil, results: try VisitFolder.sha256(file: folder.file(results))))
            try folder.write(manifest)
        }
        manifest.skip(2, at: start + 600, reason: skipReason)
        try folder.write(manifest)
        return folder
    }
}

@Suite("export redcap, export csv and results with visits, through the command line")
struct ExportCommandTests {
    @Test("export redcap writes the four files; export csv prints the rows; Python's csv reads both back")
    func export() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try VisitFixture.make(root: directory.appendingPathComponent("visits").path)
        let out = directory.appendingPathComponent("redcap").path
        let result = try styluskit([
            "export", "redcap", directory.appendingPathComponent("visits").path, "--out", out, "--event",
            "baseline_arm_1",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.hasSuffix(
                "1 visit, 111 fields; upload the 2 results files listed in files.csv with REDCap's API file import.\n"))
        for name in ["data-dictionary.csv", "import.csv", "files.csv", "README.txt"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + name), "\(name)")
        }
        let again = try styluskit(["export", "redcap", folder.path, "--out", out])
        #expect(again.status == 73)
        #expect(
            again.standardError
                == "Error: \(out)/data-dictionary.csv exists. Give --force to overwrite it, or another --out.\n")

        let csv = try styluskit(["export", "csv", folder.path, "--out", "-"])
        #expect(csv.status == 0, "\(csv.standardError)")
        let plain = directory.appendingPathComponent("plain.csv").path
        try csv.standardOutput.write(toFile: plain, atomically: true, encoding: .utf8)
        let python = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c",
                """
                import csv, sys
                dictionary = list(csv.reader(open(sys.argv[1], newline="")))
                records = list(csv.DictReader(open(sys.argv[2], newline="")))
                plain = list(csv.DictReader(open(sys.argv[3], newline="")))
                assert len(dictionary[0]) == 18 and dictionary[1][0] == "record_id", dictionary[0]
                fields = [row[0] for row in dictionary[1:] if row[3] != "file"]
                assert list(records[0].keys()) == [fields[0], "redcap_event_name"] + fields[1:], list(records[0].keys())
                assert records[0]["redcap_event_name"] == "baseline_arm_1"
                assert records[0]["sdt_skip_reason"] == plain[0]["sdt_skip_reason"] == sys.argv[4], records[0]["sdt_skip_reason"]
                assert records[0]["sdt_status"] == "3" and plain[0]["sdt_status"] == "skipped"
                assert records[0]["clock_total_time_s"] == plain[0]["clock_total_time_s"] != ""
                print(len(records), len(plain))
                """,
                out + "/data-dictionary.csv", out + "/import.csv", plain, VisitFixture.skipReason,
            ])
        #expect(python.status == 0, "\(python.standardError)")
        #expect(python.standardOutput == "1 1\n")

        let none = try styluskit(["export", "csv", directory.appendingPathComponent("redcap").path, "--out", "-"])
        #expect(none.status == 66)
        #expect(none.standardError.hasPrefix("Error: No visit under \(out): no visit.json was found."))
    }

    @Test("results lists the visits after the results files; a directory without visits lists as before")
    func results() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try VisitFixture.make(root: directory.path)
        let text = try styluskit(["results", directory.path])
        #expect(text.status == 0)
        #expect(
            text.standardOutput == """
                No results files (.csk, .msk, .ssk) in \(directory.path).

                Visits (1):
                PARTICIPANT  DATE                  PROTOCOL  DONE  SKIPPED  TESTS  STATUS    FOLDER
                P-0042       2026-11-18T11:06:40Z  standard     2        1      3  complete  P-0042/20261118T110640Z

                """)
        let json = try styluskit(["results", directory.path, "--json"])
        #expect(
            json.standardOutput
                == #"{"date":"2026-11-18T11:06:40Z","done":2,"folder":"P-0042/20261118T110640Z","kind":"visit","participant":"P-0042","#
                + #""protocol":"standard","skipped":1,"status":"complete","stopped":0,"total":3}"# + "\n")
        let empty = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(
            try styluskit(["results", empty.path]).standardOutput
                == "No results files (.csk, .msk, .ssk) in \(empty.path).\n")
        #expect(try styluskit(["results", empty.path, "--json"]).standardOutput == "")
    }
}
