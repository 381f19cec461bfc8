import Foundation
import TestSupport
import Testing

extension RealRecordingFacts {
    /// The recording (and its description) as `replay` and `info` take them.
    var arguments: [String] { [path] + (descPath.map { ["--desc", $0] } ?? []) }
}

/// The binary on every real recording: what it writes and prints. The strokes and steps a replay
/// keeps, the facts established without StylusKit and the first points worked out by hand are
/// tested in-process (SessionsTests' RealRecordingSessionTests).
@Suite("Replay of every real recording")
struct ReplayRealRecordingsTests {
    @Test("The fixture list covers every bundled recording")
    func coversEveryRecording() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Paths.realRecordings.path)
            .filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") }
        #expect(Set(names) == Set(RealRecordingFacts.all.map(\.file)))
    }

    @Test(
        "The bundled recordings are the project's shared ones, byte for byte",
        .enabled(
            if: FileManager.default.fileExists(atPath: Paths.sharedRecordings.path), "no shared/ beside this clone"))
    func bundledEqualShared() throws {
        let shared = try FileManager.default.contentsOfDirectory(atPath: Paths.sharedRecordings.path)
        #expect(Set(shared) == Set(try FileManager.default.contentsOfDirectory(atPath: Paths.realRecordings.path)))
        for name in shared {
            let bundled = try Data(contentsOf: Paths.realRecordings.appendingPathComponent(name))
            #expect(bundled == (try Data(contentsOf: Paths.sharedRecordings.appendingPathComponent(name))), "\(name)")
        }
    }

    @Test("replay writes a .csk that xmllint reads, with the recording's strokes", arguments: RealRecordingFacts.all)
    func replay(_ recording: RealRecordingFacts) throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // A recording whose pen never touches is refused unless --allow-empty (then the summary warns).
        let empty = recording.strokes == 0
        if empty {
            let refused = try styluskit(["replay"] + recording.arguments + ["--test", "clock", "--out", out.path])
            #expect(refused.status != 0)
            #expect(refused.standardError.contains("The pen never touched the tablet in "), "\(refused.standardError)")
            #expect(refused.standardError.contains("pass --allow-empty to write the empty results file."))
        }
        let result = try styluskit(
            ["replay"] + recording.arguments + ["--test", "clock", "--out", out.path] + (empty ? ["--allow-empty"] : [])
        )
        try #require(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("warning: the pen never touched the tablet in the recording") == empty)
        let stem = (recording.file as NSString).deletingPathExtension
        let csk = out.appendingPathComponent("\(stem).csk")
        #expect(result.standardOutput.contains("results   \(csk.path)"))

        let lint = try run(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", csk.path])
        #expect(lint.status == 0, "\(lint.standardError)")
        let validation = try styluskit(["adf", "validate", csk.path])
        #expect(validation.status == 0)
        #expect(validation.standardOutput == "\(csk.path): valid\n")
        #expect(try xpath("name(/*)", in: csk) == "ClockSketchXMLFile")
        #expect(try xpath("count(//stroke)", in: csk) == "\(recording.strokes)")
        // Strokes are numbered 1... across both steps.
        if recording.strokes > 0 {
            #expect(try xpath("string((//stroke)[last()]/@index)", in: csk) == "\(recording.strokes)")
        }
    }

    @Test("info reports the frames and the physical size", arguments: RealRecordingFacts.all)
    func info(_ recording: RealRecordingFacts) throws {
        let result = try styluskit(["info"] + recording.arguments + ["--json"])
        try #require(result.status == 0, "\(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["frames"] as? Int == recording.synReports)
        #expect(report["strokes"] as? Int == recording.strokes)
        let area = try #require(report["activeAreaMillimetres"] as? [Double])
        // JSON carries the two decimals the text shows (docs/json/info.md): within half of the last one.
        #expect(abs(area[0] - recording.widthMillimetres) <= 0.005 + 1e-9)
        #expect(abs(area[1] - recording.heightMillimetres) <= 0.005 + 1e-9)
    }
}
